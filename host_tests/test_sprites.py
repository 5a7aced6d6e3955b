"""The card faces' rank letters: the current language's (sprites.py, Renderer.set_letters).

Each catalog's [common] RANK0..RANK5 name the ranks 9 J Q K 10 A; the card sheet draws
the glyph of that text (Polish W D, German B D, Estonian S E and Ä), the English one for
a text without art, and is drawn again when the title's Language entry switches.
"""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import sprites  # noqa: E402
from sixtysix_ui import title as TITLE  # noqa: E402
from sixtysix_ui import words  # noqa: E402

LANG_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib",
                        "sixtysix_ui", "lang")
# the rank letters of 9 J Q K 10 A, as a player of each language reads them
FACES = {"en": "9 J Q K 10 A", "pl": "9 W D K 10 A", "cs": "9 J Q K 10 A",
         "de": "9 B D K 10 A", "et": "9 S E K 10 Ä"}


def _glyph(text):
    return sprites._RANKS[sprites._NAMES.index(text.encode())]


def _catalog_ranks(code):
    """RANK0..RANK5 of lang/<code>.txt, read as the file says."""
    out = {}
    with open(os.path.join(LANG_DIR, code + ".txt"), encoding="utf-8") as f:
        for line in f:
            key, _, text = line.rstrip("\n").partition(" ")
            key = key.split("/")[0]
            if key.startswith("RANK") and key[4:].isdigit():
                out[int(key[4:])] = text
    return [out[r] for r in range(6)]


def _sheet_rank(sheet, card):
    """The 7x7 rank cell of `card`'s tile as row ints (bit 6 the leftmost), and the
    colour indexes its ink takes."""
    x0 = card * sprites.CARD_W + 2
    rows = []
    inks = set()
    for y in range(2, 2 + sprites.GLYPH):
        bits = 0
        for x in range(sprites.GLYPH):
            v = sheet[x0 + x, y]
            bits = bits << 1 | (v != 1)
            if v != 1:
                inks.add(v)
        rows.append(bits)
    return tuple(rows), inks


def _blank_nvm():
    return bytearray(b"\xff" * 8192)


def test_every_catalogs_rank_text_has_art():
    assert words.LANGS == tuple(FACES)
    for code in words.LANGS:
        ranks = _catalog_ranks(code)
        assert ranks == FACES[code].split(), code
        for text in ranks:
            assert text.encode() in sprites._NAMES, (code, text)


def test_the_glyphs_are_7x7_and_tell_the_letters_apart():
    assert len(sprites._RANKS) == len(sprites._NAMES) == len(set(sprites._NAMES))
    for g in sprites._RANKS:
        assert len(g) == sprites.GLYPH and all(0 <= row < 1 << sprites.GLYPH for row in g)
        assert g[0] or g[1]                         # from the cell's top, as the others
    assert len(set(sprites._RANKS)) == len(sprites._RANKS)
    # the Ä: the A's shape under two dots, a blank row between them
    a_umlaut = _glyph("Ä")
    assert a_umlaut[1] == 0 and bin(a_umlaut[0]).count("1") == 2
    assert a_umlaut[2:] == (0b0111000, 0b1000100, 0b1111100, 0b1000100, 0b1000100)


@pytest.mark.parametrize("board", ("pygamer", "oled"))
@pytest.mark.parametrize("lang", sorted(FACES))
def test_the_card_sheet_shows_the_languages_rank_letters(board, lang):
    d = Driver(board, seed=1, nvm=_blank_nvm(), lang=lang)
    assert words.lang == lang
    sheet = d.app.render._sheet
    assert (sheet.width, sheet.height) == (sprites.CARD_W * 25, sprites.CARD_H)
    letters = FACES[lang].split()
    for card in range(24):
        got, inks = _sheet_rank(sheet, card)
        assert got == _glyph(letters[card % 6]), (lang, card)
        assert inks == {3 if card >= 12 else 2}             # red ink for hearts, diamonds
    queen, _ = _sheet_rank(sheet, 2)
    assert queen == _glyph({"pl": "D", "de": "D", "et": "E"}.get(lang, "Q"))


def test_a_rank_text_without_art_keeps_the_english_letter(monkeypatch):
    monkeypatch.setattr(words, "rank", lambda r: ("9", "W", "X", "", "10", "Ä")[r])
    assert sprites.ranks() == bytes((0, sprites._NAMES.index(b"W"), 2, 3, 4,
                                     sprites._NAMES.index(b"\xc3\x84")))


def _hand_ranks(d):
    """The rank letters the frame shows on the hand's cards: per card shown, its card int
    and the 7x7 cell read from the screen (ink = not the face's colour)."""
    r = d.app.render
    t = d.app.table
    scale = d.app.layout.CARD_SCALE
    rows = d.rows()
    out = []
    for i in range(t.nslots):
        grid = r._hand[i]
        assert not grid.hidden
        x0 = grid.x * scale
        y0 = grid.y * scale
        face = rows[y0 + scale * 1][3 * (x0 + scale * 1):3 * (x0 + scale * 1) + 3]
        cell = []
        for y in range(2, 2 + sprites.GLYPH):
            bits = 0
            for x in range(2, 2 + sprites.GLYPH):
                px, py = x0 + x * scale, y0 + y * scale
                if py >= len(rows):                 # below the screen: not read
                    bits <<= 1
                    continue
                bits = bits << 1 | (rows[py][3 * px:3 * px + 3] != face)
            cell.append(bits)
        out.append((t.slots[i], tuple(cell)))
    return out


@pytest.mark.parametrize("board", ("pygamer", "oled"))
def test_the_titles_language_switch_redraws_the_hands_cards(board):
    d = Driver(board, seed=1, nvm=_blank_nvm())
    d.run("a settle")
    for code in words.LANGS[1:] + words.LANGS[:1]:          # pl cs de et, back to en
        d.run("start")                                      # the title
        menu = d.app.title.menu
        d.run("down*%d a" % menu.index(TITLE._T_LANG))
        assert words.lang == code
        d.run("up*%d a settle" % menu.index(TITLE._T_LANG))    # Continue
        assert menu[0] == TITLE._T_CONTINUE and d.app.screen == A.S_PLAY
        letters = FACES[code].split()
        shown = _hand_ranks(d)
        assert len(shown) == 6
        for card, cell in shown:
            assert cell == _glyph(letters[card % 6]), (code, card)
