"""The index of a text catalog (words.py's format), read when a language is loaded.

Imported by words.load for it and dropped again, so that only the index stays resident.
index(path, off, first) opens the catalog and fills off (the file offset of each text,
array "H") and first (each section's first text, array "H"; the sections after the
last one get the count of texts); it returns (the open file, its !name, its
!letters) and raises ValueError on a catalog that does not fit them or has no section.
refusal(tx, k, legal, card_words): a refused card's sentence (the tables import this
module for it too, and drop it).
"""
from micropython import const

_W_explain__OVER = const(1408)  # then one text per reason, NOT_NOW last
_W_explain__OR = const(1416)
_W_table__NOT_NOW = const(154)


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
            if sec < 0 or n >= len(off) or end - cut > 127:
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


def refusal(tx, k, legal, card_words):
    """'Not now: ...': why a card is refused, the rule in words (tx: words.tx): (k,
    legal) is sixtysix_core.explain.card_reason's answer (the reason, the cards that
    may be played)."""
    text = tx(_W_explain__OVER + k)
    if "%s" in text:
        names = [card_words(i) for i in range(23, -1, -1) if legal >> i & 1]
        while len(names) > 2:
            names[-3:-1] = [names[-3] + ", " + names[-2]]
        text = text % (tx(_W_explain__OR) % tuple(names) if len(names) == 2 else "".join(names))
    return tx(_W_table__NOT_NOW) % text
