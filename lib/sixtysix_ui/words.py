"""The texts a player reads, in one language at a time, read from a catalog on the drive.

A catalog is `lang/<code>.txt` beside this module (en, pl, cs, de, et), UTF-8, one text
a line, `KEY text`: the key (with `/width` in English, the characters its place holds)
is for people and the host's checks, the device skips it.  `[name]` starts a section,
`#` starts a comment, and two header lines give `!name` (the language's own name) and
`!letters` (the letters beyond ASCII its texts use, which render.py draws).  `\\n` in a
text is a line break where the screen splits the text into lines.

A text's id is `section << 7 | index` (index from 0 within its section), so one section
growing moves no other section's ids.  The modules keep their ids as private `const()`s
(no interned name on the device), and host_tests/test_words.py checks each against the
English catalog's keys, so an id always names the text its constant's name says.

Only an index is resident: per text its offset in the file (2 bytes), per section its
first text; `tx(id)` reads the text (at most 255 bytes) from the open file into a buffer
allocated once, up to its line's end, and returns a new str (cold path: when a screen
changes).
English is built in as the fallback: a catalog that does not open or is damaged leaves
the English one loaded and says so in `note`.
"""
import array

from micropython import const

LANGS = ("en", "pl", "cs", "de", "et")
_MAX = const(448)               # texts in a catalog (en.txt has 353)
_SECTIONS = const(16)
_DIR = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."

_off = array.array("H", bytes(2 * _MAX))
_first = array.array("H", bytes(2 * _SECTIONS))
_buf = bytearray(256)
_file = None
lang = ""                       # the code of the catalog loaded
name = ""                       # its own name ("Polski")
letters = ""                    # its letters beyond ASCII
note = ""                       # "" or why a catalog was not loaded


def load(code):
    """Make the catalog of language `code` current (English if it cannot be read);
    True if `code` is now loaded."""
    global _file, lang, name, letters, note
    if code == lang:
        return True
    if code not in LANGS:
        code = "en"
    try:
        f = open(_DIR + "/lang/" + code + ".txt", "rb")
        head = _index(f)
    except (OSError, ValueError, UnicodeError, IndexError):
        note = "Language file damaged"
        if code != "en":
            return load("en")
        lang = "en"                     # no catalog at all: the app runs without words
        return False
    if _file is not None:
        _file.close()
    _file = f
    lang = code
    name, letters = head
    note = ""
    return True


def _index(f):
    """Read the offsets and lengths of f's texts; (name, letters) of its header."""
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
            _first[sec] = n
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
            if sec < 0 or n >= _MAX or end - cut > 255:
                raise ValueError
            _off[n] = pos + cut
            n += 1
        pos += size
    if sec < 0:
        raise ValueError
    while sec < _SECTIONS - 1:
        sec += 1
        _first[sec] = n
    return head


def tx(i):
    """The text of id i in the current language."""
    f = _file
    if f is None:
        return ""
    f.seek(_off[_first[i >> 7] + (i & 127)])
    n = f.readinto(_buf)
    end = _buf.find(b"\n", 0, n)
    if end < 0:
        end = n
    if end and _buf[end - 1] == 13:                     # "\r\n"
        end -= 1
    return str(memoryview(_buf)[:end], "utf-8")


def card(rank_word, suit_word):
    """A card in words by the catalog's pattern CARD ('1 2': rank then suit)."""
    out = ""
    for ch in tx(_W_common__CARD):
        out += rank_word if ch == "1" else suit_word if ch == "2" else ch
    return out


def refusal(k, legal, card_words):
    """'Not now: ...': why a card is refused, the rule in words: (k, legal) is
    sixtysix_core.explain.card_reason's answer (the reason, the cards that may be played)."""
    text = tx(_W_explain__OVER + k)
    if "%s" in text:
        names = [card_words(i) for i in range(23, -1, -1) if legal >> i & 1]
        while len(names) > 2:
            names[-3:-1] = [names[-3] + ", " + names[-2]]
        text = text % (tx(_W_explain__OR) % tuple(names) if len(names) == 2 else "".join(names))
    return tx(_W_table__NOT_NOW) % text


_W_common__CARD = const(0)  # [common] CARD
_W_table__NOT_NOW = const(154)  # [table] NOT_NOW
_W_explain__OVER = const(1408)  # [explain] OVER, then one text per reason, NOT_NOW last
_W_explain__OR = const(1416)  # [explain] OR


load("en")
