"""Card and suit art as small tables, turned into displayio Bitmaps once at start.

Glyphs are 7x7: a tuple of 7 row ints, bit 6 is the leftmost pixel.  The English
CircuitPython font has no suit symbols, so suits are drawn here (DEVICE_NOTES.md 2).

Card sheet: one Bitmap of CARD_W x CARD_H tiles, 4 colour indexes:
  0 transparent (the rounded corners), 1 card face, 2 ink, 3 red ink / back pattern
Tile index = card 0..23 (cards.py), TILE_BACK = 24 (the back of a card).
A face's rank is the letter of the catalog's RANK0..RANK5 (words.rank: Polish W D K,
German B D K, Estonian S E K and Ä for the ace): the sheet is drawn with the English
letters and use() writes the current language's over them (Renderer.set_letters),
in place, so the tiles and the sheet's size never change.  A rank text without art
here keeps the English letter.
Suit sheet: 7x7 tiles, tile = suit 0..3 (C S H D), same colour indexes.

With hollow_red (the 1-bit OLED theme) hearts and diamonds get outline shapes, so they
stay different from clubs and spades once red turns white.
"""
import displayio

CARD_W = 11
CARD_H = 18
TILE_BACK = 24
GLYPH = 7

_CLUB = (0b0011100, 0b0011100, 0b1101011, 0b1111111, 0b1101011, 0b0001000, 0b0011100)
_SPADE = (0b0001000, 0b0011100, 0b0111110, 0b1111111, 0b1101011, 0b0001000, 0b0011100)
_HEART = (0b0110110, 0b1111111, 0b1111111, 0b1111111, 0b0111110, 0b0011100, 0b0001000)
_DIAMOND = (0b0001000, 0b0011100, 0b0111110, 0b1111111, 0b0111110, 0b0011100, 0b0001000)
_HEART_HOLLOW = (0b0110110, 0b1001001, 0b1000001, 0b1000001, 0b0100010, 0b0010100,
                 0b0001000)
_DIAMOND_HOLLOW = (0b0001000, 0b0010100, 0b0100010, 0b1000001, 0b0100010, 0b0010100,
                   0b0001000)

# Ranks 9 J Q K T A (cards.py order); the ten is written "10" for young players.  Then
# the letters of the other catalogs' ranks, named in _NAMES (UTF-8: no interned str).
_RANKS = (
    (0b0111000, 0b1000100, 0b1000100, 0b0111100, 0b0000100, 0b0001000, 0b0110000),
    (0b0011100, 0b0001000, 0b0001000, 0b0001000, 0b1001000, 0b1001000, 0b0110000),
    (0b0111000, 0b1000100, 0b1000100, 0b1000100, 0b1010100, 0b1001000, 0b0110100),
    (0b1000100, 0b1001000, 0b1010000, 0b1100000, 0b1010000, 0b1001000, 0b1000100),
    (0b0100110, 0b1101001, 0b0101001, 0b0101001, 0b0101001, 0b0101001, 0b1110110),
    (0b0111000, 0b1000100, 0b1000100, 0b1111100, 0b1000100, 0b1000100, 0b1000100),
    (0b1000100, 0b1000100, 0b1000100, 0b1010100, 0b1010100, 0b1010100, 0b0101000),
    (0b1111000, 0b1000100, 0b1000100, 0b1000100, 0b1000100, 0b1000100, 0b1111000),
    (0b1111000, 0b1000100, 0b1000100, 0b1111000, 0b1000100, 0b1000100, 0b1111000),
    (0b0111100, 0b1000000, 0b1000000, 0b0111000, 0b0000100, 0b0000100, 0b1111000),
    (0b1111100, 0b1000000, 0b1000000, 0b1111000, 0b1000000, 0b1000000, 0b1111100),
    (0b0101000, 0b0000000, 0b0111000, 0b1000100, 0b1111100, 0b1000100, 0b1000100),
)
_NAMES = (b"9", b"J", b"Q", b"K", b"10", b"A", b"W", b"D", b"B", b"S", b"E", b"\xc3\x84")
ENGLISH = b"\x00\x01\x02\x03\x04\x05"   # the art of ranks 0..5 as card_sheet draws it


def suit_glyph(suit, hollow_red):
    if suit == 0:
        return _CLUB
    if suit == 1:
        return _SPADE
    if suit == 2:
        return _HEART_HOLLOW if hollow_red else _HEART
    return _DIAMOND_HOLLOW if hollow_red else _DIAMOND


def _blit(bitmap, glyph, x0, y0, value):
    for row in range(GLYPH):
        bits = glyph[row]
        for col in range(GLYPH):
            if bits >> (GLYPH - 1 - col) & 1:
                bitmap[x0 + col, y0 + row] = value


def _card_frame(bitmap, x0):
    """Face colour inside an ink border, with transparent corners."""
    for y in range(CARD_H):
        for x in range(CARD_W):
            edge = x == 0 or y == 0 or x == CARD_W - 1 or y == CARD_H - 1
            corner = (x == 0 or x == CARD_W - 1) and (y == 0 or y == CARD_H - 1)
            bitmap[x0 + x, y] = 0 if corner else (2 if edge else 1)


def card_sheet(hollow_red):
    """Bitmap holding the 24 faces and the back, one CARD_W-wide tile each."""
    sheet = displayio.Bitmap(CARD_W * (TILE_BACK + 1), CARD_H, 4)
    for c in range(TILE_BACK + 1):
        x0 = c * CARD_W
        _card_frame(sheet, x0)
        if c == TILE_BACK:
            for y in range(2, CARD_H - 2):
                for x in range(2, CARD_W - 2):
                    if (x + y) % 3 == 0:
                        sheet[x0 + x, y] = 3
            continue
        suit = c // 6
        ink = 3 if suit >= 2 else 2
        _blit(sheet, _RANKS[c % 6], x0 + 2, 2, ink)
        _blit(sheet, suit_glyph(suit, hollow_red), x0 + 2, 10, ink)
    return sheet


def ranks():
    """The art of ranks 0..5 in the current language, one byte each (an index of _RANKS,
    ENGLISH for English): the glyph named by the catalog's rank text (words.rank), else
    the English one of that rank."""
    from sixtysix_ui.words import rank
    out = bytearray(ENGLISH)
    for r in range(6):
        raw = rank(r).encode()
        for i in range(len(_NAMES)):
            if _NAMES[i] == raw:
                out[r] = i
                break
    return bytes(out)


def draw_ranks(sheet, art):
    """Write the ranks' art `art` (from ranks()) over the faces of the card sheet, in
    place (the rank's 7x7 cell cleared to the face colour first)."""
    for c in range(TILE_BACK):
        x0 = c * CARD_W + 2
        for y in range(2, 2 + GLYPH):
            for x in range(x0, x0 + GLYPH):
                sheet[x, y] = 1
        _blit(sheet, _RANKS[art[c % 6]], x0, 2, 3 if c >= 12 else 2)


def suit_sheet(hollow_red):
    """Bitmap of the four suit symbols, 7x7 tiles, transparent background."""
    sheet = displayio.Bitmap(GLYPH * 4, GLYPH, 4)
    for s in range(4):
        _blit(sheet, suit_glyph(s, hollow_red), s * GLYPH, 0, 3 if s >= 2 else 2)
    return sheet


def use(r):
    """Renderer r's card faces take the current language's rank letters (render.py
    Renderer.set_letters): drawn over its card sheet unless they are the ones it has
    (r.faces, ENGLISH at the start)."""
    art = ranks()
    if art != r.faces:
        draw_ranks(r._sheet, art)
        r.faces = art
