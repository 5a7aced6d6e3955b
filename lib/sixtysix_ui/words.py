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
first text; `tx(id)` reads the text (at most 127 bytes) from the open file into a buffer
allocated once, up to its line's end, and returns a new str (cold path: when a screen
changes).
English is the fallback: a catalog that does not open or is damaged leaves the English
one loaded and says so in `note`.  Nothing is read at import: the device's start loads
the language it starts in (start.set_lang).
"""
import array
import sys

from micropython import const

import sixtysix_ui

LANGS = ("en", "pl", "cs", "de", "et")
_MAX = const(448)               # texts in a catalog (en.txt has 359); words_load.py
_SECTIONS = const(16)           # reads the sizes from the arrays
_DIR = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."

# the texts this module uses itself (defined before use: a const() must be)
_W_common__CARD = const(0)
_W_common__RANK0 = const(1)     # then RANK1 .. RANK5, as SUIT0 .. SUIT3, SUITCAP0 ..
_W_common__SUIT0 = const(7)
_W_common__SUITCAP0 = const(11)
_off = array.array("H", bytes(2 * _MAX))
_first = array.array("H", bytes(2 * _SECTIONS))
_buf = bytearray(128)
_file = None
lang = ""                       # the code of the catalog loaded
name = ""                       # its own name ("Polski")
letters = ""                    # its letters beyond ASCII
note = ""                       # "" or why a catalog was not loaded


def load(code):
    """Make the catalog of language `code` current (English if it cannot be read);
    True if `code` is now loaded.  The reading of the index is words_load.py's, loaded
    for it and dropped."""
    global _file, lang, name, letters, note
    if code == lang:
        return True
    if code not in LANGS:
        code = "en"
    from sixtysix_ui import words_load
    try:
        f, name, letters = words_load.index(_DIR + "/lang/" + code + ".txt", _off, _first)
    except (OSError, ValueError, UnicodeError, IndexError):
        f = None
    finally:
        del sys.modules["sixtysix_ui.words_load"]
        del sixtysix_ui.words_load
    if f is None:                       # the index may be half rewritten: read again
        lang = ""
        if code != "en":
            load("en")
            note = "Language file damaged"
            return False
        note = "Language file damaged"
        lang = "en"                     # no catalog at all: the app runs without words
        if _file is not None:
            _file.close()
        _file = None
        return False
    if _file is not None:
        _file.close()
    _file = f
    lang = code
    note = ""
    return True


def tx(i):
    """The text of id i in the current language (English when none was loaded yet: a
    laptop tool or test; the device's start loads its language first)."""
    f = _file
    if f is None:
        if lang:                        # no catalog could be read: no words
            return ""
        load("en")
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


def rank(r):
    """A rank's word (cards.py: 0 nine .. 5 ace; "9", "J", ... in English)."""
    return tx(_W_common__RANK0 + r)


def suit(s, cap=False):
    """A suit's word ("hearts"; cap: as a row's heading, "Hearts")."""
    return tx((_W_common__SUITCAP0 if cap else _W_common__SUIT0) + s)


def played(mask, chars, wrap):
    """The cards of `mask` by suit, a line a suit, high to low ("Hearts: A 10 Q"; "-"
    for none), each split by wrap (render.wrap) at `chars`: the "Cards played"
    message of both tables."""
    out = []
    for s in range(4):
        ranks = []
        for r in range(5, -1, -1):
            if mask >> (s * 6 + r) & 1:
                ranks.append(rank(r))
        wrap(suit(s, True) + ": " + (" ".join(ranks) if ranks else "-"), chars, out)
    return out


def card_words(c):
    """'10 hearts' for the ten of hearts (cards.py encoding), by the catalog's pattern
    CARD ('1 2': rank then suit)."""
    out = ""
    for ch in tx(_W_common__CARD):
        out += rank(c % 6) if ch == "1" else suit(c // 6) if ch == "2" else ch
    return out
