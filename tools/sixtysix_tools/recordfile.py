"""One hand record out of a file as the device, `sim` and `term` leave it, read in place.

`replay`, `review` and `bot` take what the others print, as it is:

* the device's console and `sim` print each finished hand between a line
  `BEGIN SIXTYSIX RECORD` and a line `END SIXTYSIX RECORD`, among other lines: when a
  file has such a line, its records are the blocks between them (a block the file cuts
  off runs to its end) and every line outside them is ignored;
* `term --records FILE` appends one record after another: without BEGIN lines, a new
  record starts at each `format` line after the first.

open_record(path, hand) finds the hand's record with one pass over the file, a line at
a time (lines are read at most notation.LINE_LIMIT + 1 bytes at a time, as
notation.replay reads them), and returns a seekable, read-only view of just those bytes
that notation.replay reads as it reads a file: memory stays bounded whatever the file's
size.  Standard input ("-") is first copied to a temporary file.
"""
import shutil
import sys
import tempfile

from sixtysix_core import notation

BEGIN = b"BEGIN SIXTYSIX RECORD"
END = b"END SIXTYSIX RECORD"
_CHUNK = 1 << 16


class RecordView:
    """Bytes start..end of a seekable binary file, as a read-only binary file."""

    def __init__(self, f, start, end):
        self._f = f
        self._start = start
        self._end = end
        self._pos = 0

    def close(self):
        self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _left(self, n):
        left = self._end - self._start - self._pos
        return left if n is None or n < 0 else min(n, left)

    def _take(self, read, n):
        """read(n) (the file's read or readline) at the view's position, kept to its end."""
        n = self._left(n)
        self._f.seek(self._start + self._pos)
        data = read(n) if n > 0 else b""
        self._pos += len(data)
        return data

    def read(self, n=-1):
        return self._take(self._f.read, n)

    def readline(self, limit=-1):
        return self._take(self._f.readline, limit)

    def seek(self, pos, whence=0):
        base = (0, self._pos, self._end - self._start)[whence]
        self._pos = max(0, min(base + pos, self._end - self._start))
        return self._pos

    def tell(self):
        return self._pos

    def seekable(self):
        return True

    def readable(self):
        return True


def find(f, hand=1):
    """(start, end, count): the byte range of the hand-th record (1 = the first) of the
    binary file `f` and how many records it holds (one pass; None for start and end
    when there is no such hand).  Only the chosen range is kept, whatever the count."""
    chosen = [None, None]
    blocks = plain = 0              # records found between BEGIN/END lines; without
    begun = inside = seen_format = False
    start = pos = 0
    plain_start = 0

    def take(n, a, b):
        if n == hand:
            chosen[0], chosen[1] = a, b
    while True:
        line = f.readline(notation.LINE_LIMIT + 1)
        if not line:
            break
        if len(line) > notation.LINE_LIMIT and not line.endswith(b"\n"):
            while True:                         # the rest of an over-long line: no marker
                rest = f.readline(_CHUNK)
                if not rest or rest.endswith(b"\n"):
                    break
            pos = f.tell()
            continue
        marker = line.strip()
        if marker == BEGIN:
            if not begun:
                chosen = [None, None]           # the blocks are the records, not the rest
            begun = inside = True
            start = f.tell()
        elif marker == END and inside:
            blocks += 1
            take(blocks, start, pos)
            inside = False
        elif not begun and line.split(b"#", 1)[0].split()[:1] == [b"format"]:
            if seen_format:
                plain += 1
                take(plain, plain_start, pos)
                plain_start = pos
            seen_format = True
        pos = f.tell()
    if inside:
        blocks += 1
        take(blocks, start, pos)
    if begun:
        return chosen[0], chosen[1], blocks
    plain += 1
    take(plain, plain_start, pos)
    return chosen[0], chosen[1], plain


def open_record(path, hand=1):
    """(view, how many records the file holds) for the hand-th record (1 = the first)
    of the file at `path`, or of standard input for "-"; view.close() closes the file.
    Raises OSError for a file that cannot be read and ValueError with a sentence when
    there is no such hand."""
    if path == "-":
        f = tempfile.TemporaryFile()
        shutil.copyfileobj(sys.stdin.buffer, f)
        f.seek(0)
    else:
        f = open(path, "rb")
    try:
        start, end, count = find(f, hand)
    except BaseException:
        f.close()
        raise
    if start is None:
        f.close()
        raise ValueError("there is no hand %d: the file holds %d hand record%s"
                         % (hand, count, "" if count == 1 else "s"))
    return RecordView(f, start, end), count


def note_others(path, count, hand, command):
    """One line on standard error when the file holds more than one record."""
    if count > 1:
        sys.stderr.write("%s: %s holds %d hand records; this is hand %d (--hand N picks "
                         "another)\n" % (command, "standard input" if path == "-" else path,
                                         count, hand))
