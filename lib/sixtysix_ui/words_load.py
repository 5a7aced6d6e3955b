"""The index of a text catalog (words.py's format), read when a language is loaded.

Imported by words.load for it and dropped again, so that only the index stays resident.
index(path, off, first) opens the catalog and fills off (the file offset of each text,
array "H") and first (each section's first text, array "H"; the sections after the
last one get the count of texts); it returns (the open file, its !name, its
!letters) and raises ValueError on a catalog that does not fit them or has no section.
"""


def index(path, off, first):
    f = open(path, "rb")
    try:
        head = _read(f, off, first)
    except BaseException:
        f.close()
        raise
    return f, head[0], head[1]


def _read(f, off, first):
    pos = 0
    n = 0
    sec = -1
    head = ["", ""]
    while True:
        line = f.readline()
        if not line:
            break
        size = len(line)
        end = size
        while end and line[end - 1] in b"\r\n":
            end -= 1
        c = line[0] if end else 35
        if c == 91:                                     # "[": a section
            sec += 1
            first[sec] = n
        elif c == 33:                                   # "!": a header line
            cut = line.find(b" ")
            if cut > 0:
                head[line[1:cut] == b"letters"] = str(line[cut + 1:end], "utf-8")
        elif c != 35:                                   # not "#": a text
            cut = line.find(b" ")
            if cut < 0:
                cut = end
            else:
                cut += 1
            if sec < 0 or n >= len(off) or end - cut > 255:
                raise ValueError
            off[n] = pos + cut
            n += 1
        pos += size
    if sec < 0:
        raise ValueError
    while sec < len(first) - 1:
        sec += 1
        first[sec] = n
    return head
