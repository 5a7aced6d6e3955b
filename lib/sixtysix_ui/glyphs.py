"""The renderer's glyph sheet: the font's ASCII and a language's letters from glyphs.bin.

The device font (terminalio.FONT) holds printable ASCII only, so the letters of the other
languages come from `glyphs.bin` beside this module: Terminus 6x12 (ter-u12n) glyphs, the
font terminalio.FONT is made from, written by `python3 tools/sixtysix.py glyphs` (SIL Open
Font License 1.1: glyphs.bin.license).  render.py imports this module to build the sheet
(Renderer() and Renderer.set_letters) and unloads it at once.  Strings are read as UTF-8
bytes, never a character at a time, so that no letter becomes an interned string.

The sheet: one Bitmap of cells of the font's size (6x12), pixel 1 = ink: tile = code - 32
for " " to "~", then tile 95 + k for the k-th letter of Renderer.letters (the code
points drawn, 2 bytes each, big-endian).

glyphs.bin, all numbers unsigned bytes unless said:
    0..3   b"66gl"
    4      format version, 1
    5      glyph width W (6)
    6      glyph height H (12)
    7      the number of glyphs N
    8      N code points, 2 bytes each, little-endian, ascending
    8+2N   N bitmaps of H bytes each, in the code points' order: one byte a row from the
           top, bit W-1 (bit 5) the leftmost pixel down to bit 0 the rightmost, 1 = ink
Each glyph fills the whole W x H cell (baseline 2 rows above the bottom), as the font's
ASCII glyphs do.
"""
import displayio
from micropython import const

_HEAD = const(8)
_W = const(6)
_H = const(12)
_FIRST = const(32)          # render.py's: printable ASCII, " " (tile 0) to "~"
_LAST = const(126)


def sheet(font, codes):
    """The glyph sheet of a fixed-cell font's printable ASCII glyphs, copied, and of the
    letters `codes` (from find()) read from glyphs.bin."""
    w, h = font.get_bounding_box()[:2]
    out = displayio.Bitmap(w * (_LAST - _FIRST + 1 + len(codes) // 2), h, 2)
    for code in range(_FIRST, _LAST + 1):
        glyph = font.get_glyph(code)
        if glyph is None:
            continue
        x0 = (code - _FIRST) * w
        src = glyph.bitmap
        sx = glyph.tile_index * glyph.width
        for y in range(min(glyph.height, h)):
            for x in range(min(glyph.width, w)):
                if src[sx + x, y]:
                    out[x0 + x, y] = 1
    if codes:
        draw(out, _LAST - _FIRST + 1, codes, w, h)
    return out


def use(r, letters, scene):
    """Renderer r draws the letters of the str `letters` from now on (render.py
    Renderer.set_letters): unless they are the ones it has, its scenes (`scene`: the
    table's names) are dropped, the sheet is made again and the scenes it had are
    built again on it (nothing shown until the next draw)."""
    codes = find(letters)
    if codes == r.letters:
        return
    table = r.table_group is not None
    page = r.page_group is not None
    r._set_root(None)
    for name in scene:
        setattr(r, name, None)
    r.page_group = r._deco = r._page_rows = r._page_header = r._page_footer = None
    r.glyphs = None                 # the old sheet goes before the new one comes
    r.glyphs = sheet(r.font, codes)
    r.letters = codes
    if page:
        r._build_page()
    if table:
        r._build_table()


def _table(f):
    """The code table of the open glyphs.bin f, or None if f is not one (of its length)."""
    head = bytearray(_HEAD)
    if (f.readinto(head) != _HEAD or head[:5] != b"66gl\x01" or head[5] != _W
            or head[6] != _H):
        return None
    n = head[7]
    table = bytearray(2 * n)
    if f.readinto(table) != 2 * n:
        return None
    f.seek(_HEAD + 2 * n + n * _H - 1)          # its last byte, and nothing after it
    return table if f.readinto(head) == 1 else None


def _open():
    try:
        return open(__file__.rsplit("/", 1)[0] + "/glyphs.bin" if "/" in __file__
                    else "glyphs.bin", "rb")
    except OSError:
        return None


def find(letters):
    """The code points of the str `letters` beyond ASCII that glyphs.bin holds, each once,
    in their order, 2 bytes each (big-endian): b"" if none (or no readable file)."""
    f = _open()
    if f is None:
        return b""
    try:
        table = _table(f)
    finally:
        f.close()
    out = bytearray()
    if table is None:
        return b""
    raw = letters.encode()
    m = len(raw)
    j = 0
    while j < m:
        code = raw[j]
        j += 1
        if code < 128:
            continue
        more = 1 if code < 0xE0 else 2 if code < 0xF0 else 3
        code &= 0x3F >> more
        while more:
            code = code << 6 | raw[j] & 0x3F
            j += 1
            more -= 1
        hi = code >> 8
        lo = code & 0xFF
        k = 0
        while k < len(table) and (table[k] != lo or table[k + 1] != hi):
            k += 2
        if k == len(table):
            continue
        k = 0
        while k < len(out) and (out[k] != hi or out[k + 1] != lo):
            k += 2
        if k == len(out):
            out.append(hi)
            out.append(lo)
    return bytes(out)


def draw(sheet, first, codes, cell_w, cell_h):
    """Draw the glyphs of `codes` (from find()) into the tiles of `sheet` from tile `first`
    on, cells of cell_w x cell_h (pixels set to 1, clipped to the cell).  A glyph the file
    cannot give stays blank."""
    f = _open()
    if f is None:
        return
    try:
        table = _table(f)
        if table is None:
            return
        n = len(table)
        rows = bytearray(_H)
        w = min(_W, cell_w)
        h = min(_H, cell_h)
        for t in range(0, len(codes), 2):
            k = 0
            while k < n and (table[k] != codes[t + 1] or table[k + 1] != codes[t]):
                k += 2
            if k == n:
                continue
            f.seek(_HEAD + n + k // 2 * _H)
            if f.readinto(rows) != _H:
                continue
            x0 = (first + t // 2) * cell_w
            for y in range(h):
                row = rows[y]
                for x in range(w):
                    if row >> (_W - 1 - x) & 1:
                        sheet[x0 + x, y] = 1
    finally:
        f.close()
