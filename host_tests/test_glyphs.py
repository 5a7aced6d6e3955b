"""The letters beyond ASCII: glyphs.bin against the Terminus font, and drawn on both layouts.

glyphs.bin (lib/sixtysix_ui/glyphs.py has the format) must hold every letter of the five
languages, each the font's own 6x12 glyph; Renderer.set_letters draws a language's letters
from that file (the device's path, on the host too: the host's full font must not draw a
letter the board could not), and a character it lacks draws blank and is noted.
"""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_tools import glyphs as G  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402

ALL = "".join(chr(c) for c in G.CODES)
LINE = "Zażółć gęślą jaźń ŽLUŤOUČKÝ kůň Äöüß õ"
ASCII_TILES = 95


def _file():
    with open(G.OUT, "rb") as f:
        return f.read()


def _rows_of(font, code):
    """The glyph of `code` in a displayio font (Blinka's BDF loader), as row ints."""
    glyph = font.get_glyph(code)
    w, h = font.get_bounding_box()[:2]
    sx = glyph.tile_index * glyph.width
    return tuple(sum(1 << (w - 1 - x) for x in range(glyph.width) if glyph.bitmap[sx + x, y])
                 for y in range(h))


def test_every_letter_of_the_languages_is_in_the_file():
    glyphs = G.decode(_file())
    for code, text in G.LETTERS.items():
        for ch in text:
            assert ord(ch) in glyphs, "%s needs %s" % (code, ch)
            assert ch.lower() in text and ch.upper() in text or ch == "ß"
    assert sorted(glyphs) == list(G.CODES) and len(glyphs) == 55


def test_the_file_is_what_the_font_gives():
    assert _file() == G.build()          # `glyphs --check` passes


def test_each_glyph_is_the_fonts_own_non_blank_and_within_its_cell():
    import terminalio                    # Blinka's full font: another reader of the BDF
    assert terminalio.FONT.get_bounding_box()[:2] == (G.WIDTH, G.HEIGHT)
    glyphs = G.decode(_file())
    for code, rows in glyphs.items():
        assert len(rows) == G.HEIGHT
        assert any(rows), chr(code)
        assert all(0 <= r < 1 << G.WIDTH for r in rows), chr(code)
        assert rows == _rows_of(terminalio.FONT, code), chr(code)
    # and the reader places an ASCII glyph where the font's loader does
    ascii_rows = G.read_bdf(G.bdf_path(), (ord("g"), ord("A")))
    assert ascii_rows[ord("g")] == _rows_of(terminalio.FONT, ord("g"))
    assert ascii_rows[ord("A")] == _rows_of(terminalio.FONT, ord("A"))


def test_the_catalogs_letters_are_all_drawn():
    """Every letter a language's catalog declares (`!letters`) is in glyphs.bin."""
    glyphs = G.decode(_file())
    folder = os.path.join(os.path.dirname(G.OUT), "lang")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".txt"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                letters = [ln[len("!letters"):].strip() for ln in f
                           if ln.startswith("!letters")]
            for ch in "".join(letters):
                assert ord(ch) in glyphs, "%s declares %s, which glyphs.bin lacks" % (name, ch)


def _codes(text):
    """Renderer.letters of these letters: their code points, 2 bytes each."""
    return b"".join(bytes((ord(c) >> 8, ord(c) & 0xFF)) for c in text)


def test_find_reads_the_letters_the_file_holds(tmp_path, monkeypatch):
    from sixtysix_ui import glyphs as device
    assert device.find("aąéąx€ž") == _codes("ąéž")      # ASCII, doubles and € left out
    assert device.find(ALL) == _codes(ALL) and device.find("") == b""
    monkeypatch.setattr(device, "__file__", str(tmp_path / "glyphs.py"))
    assert device.find("ąé") == b""                     # no file
    good = _file()
    for bad in (b"", b"66gl", b"66gl\x02" + good[5:], good[:8 + 2 * 55],
                b"66GL" + good[4:], good[:5] + b"\x07" + good[6:], good[:-1], good + b"\0"):
        (tmp_path / "glyphs.bin").write_bytes(bad)
        assert device.find("ąé") == b"", bad[:8]


def test_draw_puts_each_glyph_in_its_tile():
    import displayio
    from sixtysix_ui import glyphs as device
    glyphs = G.decode(_file())
    sheet = displayio.Bitmap(6 * 4, 12, 2)
    device.draw(sheet, 1, _codes("żŮß"), 6, 12)
    for t, ch in enumerate(" żŮß"):
        for y in range(12):
            row = sum(sheet[6 * t + x, y] << (5 - x) for x in range(6))
            assert row == (glyphs[ord(ch)][y] if t else 0), (ch, y)


def test_encode_refuses_what_the_format_cannot_hold():
    with pytest.raises(ValueError):
        G.encode({0x41: (0,) * 12})
    with pytest.raises(ValueError):
        G.encode({c: (1,) * 12 for c in range(200, 500)})
    with pytest.raises(ValueError):
        G.decode(b"66gl\x01\x06\x0c\x01")


def _driver(board, letters, font=None):
    d = Driver(board, seed=5, nvm=bytearray(b"\xff" * 8192), font=font)
    d.app.render.set_letters(letters)
    return d


def _ink(d, x, y):
    return d.rows()[y][3 * x:3 * x + 3]


@pytest.mark.parametrize("board", ("pygamer", "oled"))
def test_letters_draw_on_both_layouts(board):
    d = _driver(board, ALL)
    r = d.app.render
    L = r.L
    assert r.letters == _codes(ALL)
    assert r.glyphs.width == 6 * (ASCII_TILES + len(ALL))
    header = " " + LINE[:L.WIDTH // 6 - 1]
    r.page(header, [LINE[i:i + 19] for i in range(0, len(LINE), 19)], -1, LINE[:21])
    r.refresh()
    assert not r.overflow and not d.font.misses
    grid = r._page_header.grid
    for i, ch in enumerate(header):
        want = ord(ch) - 32 if ord(ch) < 127 else ASCII_TILES + ALL.index(ch)
        assert grid[i] == want, ch
    # the pixels of the header are the glyphs' own
    glyphs = G.decode(_file())
    x0, y0 = L.PAGE_HEADER
    bg = _ink(d, x0, y0)                 # the leading space
    for i, ch in enumerate(header):
        if ord(ch) < 127:
            continue
        rows = glyphs[ord(ch)]
        for y in range(12 if board == "pygamer" else 11):    # the OLED's next row is at 11
            for x in range(6):
                lit = _ink(d, x0 + 6 * i + x, y0 + y) != bg
                assert lit == bool(rows[y] >> (5 - x) & 1), (ch, x, y)


@pytest.mark.parametrize("board", ("pygamer", "oled"))
def test_a_match_plays_with_letters_set_on_the_title(board):
    d = _driver(board, G.LETTERS["pl"])
    d.run("a settle")                    # the table scene is built with the new sheet
    r = d.app.render
    assert r._message.grid.bitmap is r.glyphs
    text = "Wygrana lewa: żółw ąę"
    r._message.set(text)
    for ch in "żółąę":
        assert r._message.grid[text.index(ch)] == ASCII_TILES + G.LETTERS["pl"].index(ch)
    d.run("b")                            # the popup too
    assert r._popup.lines[0].grid.bitmap is r.glyphs
    assert not r.overflow and not d.font.misses


def test_english_keeps_the_ascii_sheet():
    d = Driver("oled", seed=5, nvm=bytearray(b"\xff" * 8192))
    r = d.app.render
    assert r.letters == b"" and r.glyphs.width == 6 * ASCII_TILES
    sheet = r.glyphs
    r.set_letters("")
    assert r.glyphs is sheet             # nothing rebuilt
    r.set_letters(G.LETTERS["de"])
    assert r.glyphs.width == 6 * (ASCII_TILES + 7)
    sheet = r.glyphs
    r.set_letters(G.LETTERS["de"])
    assert r.glyphs is sheet
    r.set_letters("")
    assert r.letters == b"" and r.glyphs.width == 6 * ASCII_TILES


def test_a_letter_not_set_draws_blank_and_is_noted():
    d = _driver("pygamer", "ą€")         # € is in no language: the file lacks it
    r = d.app.render
    assert r.letters == _codes("ą")
    r.page("ąéx€", [], -1, "")
    grid = r._page_header.grid
    assert [grid[i] for i in range(4)] == [ASCII_TILES, 0, ord("x") - 32, 0]
    assert d.font.misses == {ord("é"), ord("€")}
    r.page("€\U0001F600xą", [], -1, "")       # 3- and 4-byte characters, then more
    assert [grid[i] for i in range(5)] == [0, 0, ord("x") - 32, ASCII_TILES, 0]
    assert 0x1F600 in d.font.misses


def test_the_full_host_font_does_not_draw_a_letter_the_board_lacks():
    """With Blinka's whole BDF as the font (not the ASCII stand-in), a letter still comes
    from glyphs.bin only: not set, it draws blank as on the board."""
    import terminalio
    d = Driver("pygamer", seed=5, nvm=bytearray(b"\xff" * 8192), font=terminalio.FONT)
    r = d.app.render
    r.page("ąż", [], -1, "")
    assert r._page_header.grid[0] == 0 and r._page_header.grid[1] == 0
    r.set_letters("ż")
    r.page("ąż", [], -1, "")
    assert r._page_header.grid[0] == 0 and r._page_header.grid[1] == ASCII_TILES
