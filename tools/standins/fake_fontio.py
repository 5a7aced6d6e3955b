"""Stand-in for CircuitPython's fontio on CircuitPython's unix port (installed as fontio.py).

BuiltinFont is terminalio.FONT's type: a fixed-size font whose glyphs are tiles of one
Bitmap that lives in firmware.  get_glyph() returns a new Glyph on every call, as the C
code does (short-lived garbage), with the C code's metrics: dx = dy = 0, shift_x = the
glyph width.  Glyphs exist for printable ASCII only, like the English build
(DEVICE_NOTES.md section 2).  Glyph is a namedtuple: 8 fields in one 48-byte block, as
the C Glyph (a base and 8 words).
"""
from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))


class BuiltinFont:
    def __init__(self, bitmap, width, height, first=0x20, last=0x7E):
        self.bitmap = bitmap
        self._w = width
        self._h = height
        self._first = first
        self._last = last

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        if not self._first <= codepoint <= self._last:
            return None
        return Glyph(self.bitmap, codepoint - self._first, self._w, self._h, 0, 0, self._w, 0)
