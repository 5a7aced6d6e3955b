"""`glyphs`: the letters beyond ASCII that the app's languages need, written from the
Terminus 6x12 font into lib/sixtysix_ui/glyphs.bin (format: lib/sixtysix_ui/glyphs.py).

    python3 tools/sixtysix.py glyphs              write lib/sixtysix_ui/glyphs.bin
    python3 tools/sixtysix.py glyphs --check      exit 1 unless the file is what the font gives
    python3 tools/sixtysix.py glyphs --show [TEXT]  print the glyphs (of TEXT) as text art

The font is the ter-u12n.bdf that Blinka's displayio ships (found through the installed
`displayio` package, never a fixed path), the font the board's terminalio.FONT is made
from, so the letters match the ASCII ones.  Every glyph must be in the font, one cell of
6x12; a missing or larger one stops the command with a sentence and writes nothing.
The font's licence (SIL OFL 1.1) goes with the data: lib/sixtysix_ui/glyphs.bin.license.
"""
import importlib.util
import os
import sys

from sixtysix_tools.cli import BadInput, Parser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "lib", "sixtysix_ui", "glyphs.bin")
MAGIC = b"66gl"
VERSION = 1
WIDTH = 6
HEIGHT = 12
# The letters of Polish, Czech, German and Estonian beyond ASCII, lower and upper case.
LETTERS = {
    "pl": "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ",
    "cs": "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ",
    "de": "äöüßÄÖÜ",
    "et": "äõöüšžÄÕÖÜŠŽ",
}
CODES = tuple(sorted({ord(c) for text in LETTERS.values() for c in text}))


def bdf_path():
    """ter-u12n.bdf of the installed Blinka displayio (BadInput if there is none)."""
    spec = importlib.util.find_spec("displayio")
    if spec is None or not spec.submodule_search_locations:
        raise BadInput("the displayio package (adafruit-blinka-displayio) is not installed")
    path = os.path.join(list(spec.submodule_search_locations)[0], "resources", "ter-u12n.bdf")
    if not os.path.isfile(path):
        raise BadInput("displayio has no resources/ter-u12n.bdf (looked at %s)" % path)
    return path


def read_bdf(path, codes):
    """{code: (row, ...)} of the glyphs `codes` in the BDF font at path, each row an int
    of WIDTH bits (bit WIDTH-1 the leftmost pixel) in a WIDTH x HEIGHT cell.  ValueError
    with a sentence if a glyph is missing or does not fit the cell."""
    wanted = set(codes)
    out = {}
    box = None
    code = bbx = rows = dwidth = None
    with open(path, encoding="latin-1") as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            key = words[0]
            if key == "FONTBOUNDINGBOX":
                box = tuple(int(v) for v in words[1:5])
                if box[:2] != (WIDTH, HEIGHT):
                    raise ValueError("%s is a %dx%d font, not %dx%d"
                                     % (path, box[0], box[1], WIDTH, HEIGHT))
            elif key == "ENCODING":
                code = int(words[1])
            elif key == "DWIDTH":
                dwidth = int(words[1])
            elif key == "BBX":
                bbx = tuple(int(v) for v in words[1:5])
            elif key == "BITMAP":
                rows = [] if code in wanted else None
            elif key == "ENDCHAR":
                if rows is not None:
                    out[code] = _place(code, box, bbx, dwidth, rows)
                code = bbx = rows = dwidth = None
            elif rows is not None:
                rows.append(int(key, 16))
    missing = [c for c in codes if c not in out]
    if missing:
        raise ValueError("%s has no glyph for %s" % (
            path, ", ".join("%s (U+%04X)" % (chr(c), c) for c in missing)))
    return out


def _place(code, box, bbx, dwidth, bits):
    """A glyph's BDF rows placed in the font's cell: a tuple of HEIGHT row ints."""
    if box is None or bbx is None:
        raise ValueError("U+%04X comes before the font's bounding box or has no BBX" % code)
    w, h, xoff, yoff = bbx
    col = xoff - box[2]
    top = (box[3] + box[1]) - (yoff + h)
    if (dwidth != WIDTH or col < 0 or top < 0 or col + w > WIDTH or top + h > HEIGHT
            or len(bits) != h):
        raise ValueError("U+%04X (%s) is not one %dx%d cell (BBX %d %d %d %d, DWIDTH %s)"
                         % (code, chr(code), WIDTH, HEIGHT, w, h, xoff, yoff, dwidth))
    nbytes = (w + 7) // 8
    rows = [0] * HEIGHT
    for y, value in enumerate(bits):
        for x in range(w):
            if value >> (8 * nbytes - 1 - x) & 1:
                rows[top + y] |= 1 << (WIDTH - 1 - (col + x))
    return tuple(rows)


def encode(glyphs):
    """The bytes of glyphs.bin for {code: rows}."""
    codes = sorted(glyphs)
    if len(codes) > 255 or any(c < 127 or c > 0xFFFF for c in codes):
        raise ValueError("glyphs.bin holds up to 255 code points from U+007F to U+FFFF")
    out = bytearray(MAGIC + bytes((VERSION, WIDTH, HEIGHT, len(codes))))
    for c in codes:
        out += bytes((c & 0xFF, c >> 8))
    for c in codes:
        out += bytes(glyphs[c])
    return bytes(out)


def decode(data):
    """{code: rows} of the bytes of a glyphs.bin; ValueError if it is not one."""
    if len(data) < 8 or data[:4] != MAGIC or data[4] != VERSION:
        raise ValueError("not a glyphs.bin of format %d" % VERSION)
    w, h, n = data[5], data[6], data[7]
    if (w, h) != (WIDTH, HEIGHT) or len(data) != 8 + n * (2 + h):
        raise ValueError("a glyphs.bin of the wrong cell or length")
    codes = [data[8 + 2 * k] | data[9 + 2 * k] << 8 for k in range(n)]
    base = 8 + 2 * n
    return {c: tuple(data[base + k * h:base + (k + 1) * h]) for k, c in enumerate(codes)}


def build():
    """The bytes glyphs.bin should hold (from the installed font)."""
    path = bdf_path()
    try:
        return encode(read_bdf(path, CODES))
    except ValueError as e:
        raise BadInput(str(e)) from None


def art(rows):
    return ["".join("#" if r >> (WIDTH - 1 - x) & 1 else "." for x in range(WIDTH))
            for r in rows]


def main(command, args):
    p = Parser(prog="sixtysix.py glyphs", description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true",
                   help="exit 1 unless %s is what the font gives" % os.path.relpath(OUT, ROOT))
    p.add_argument("--show", nargs="?", const="", metavar="TEXT",
                   help="print the glyphs (those of TEXT only) as text art")
    p.add_argument("--out", default=OUT, help="where to write (default: %(default)s)")
    a = p.parse_args(args)
    data = build()
    if a.show is not None:
        glyphs = decode(data)
        want = ([c for c in dict.fromkeys(map(ord, a.show)) if c in glyphs] if a.show
                else sorted(glyphs))
        for k in range(0, len(want), 12):
            part = want[k:k + 12]
            sys.stdout.write("  ".join("%-6s" % chr(c) for c in part).rstrip() + "\n")
            grids = [art(glyphs[c]) for c in part]
            for y in range(HEIGHT):
                sys.stdout.write("  ".join(g[y] for g in grids) + "\n")
        unknown = "".join(c for c in a.show if ord(c) > 126 and ord(c) not in glyphs)
        if unknown:
            sys.stdout.write("not in the set: %s\n" % unknown)
        return 0
    rel = os.path.relpath(a.out, ROOT) if a.out == OUT else a.out
    if a.check:
        try:
            with open(a.out, "rb") as f:
                same = f.read() == data
        except OSError:
            same = False
        sys.stdout.write("%s %s\n" % (rel, "is up to date" if same else
                                      "differs from the font's glyphs: run `python3 "
                                      "tools/sixtysix.py glyphs`"))
        return 0 if same else 1
    from sixtysix_tools.cli import writable
    writable(a.out, "--out")
    with open(a.out, "wb") as f:
        f.write(data)
    sys.stdout.write("wrote %s: %d glyphs of %dx%d from %s, %d bytes\n" % (
        rel, len(CODES), WIDTH, HEIGHT, bdf_path(), len(data)))
    return 0
