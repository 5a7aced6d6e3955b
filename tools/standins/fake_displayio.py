"""Stand-in for CircuitPython's displayio on CircuitPython's unix port (the app lane).

Installed as displayio.py.  Only memory matters here: the objects
keep the buffers that CircuitPython's C objects allocate on the GC heap, sized as the C
code sizes them, and as few Python attributes as the app needs.
Nothing is drawn.  The C structs themselves are not modelled byte for byte: a stand-in
object with its attribute table weighs about what the C struct does (CircuitPython's
shared-module/displayio/*.h, 32-bit, in 16-byte GC blocks: Bitmap 48, Palette 16,
TileGrid 96, Group about 64), give or take a block.

* Bitmap: the pixel words, stride * height * 4 bytes, with stride =
  ceil(width * bits_per_value / 32) (Bitmap.c aligns every row to 32 bits); bits_per_value
  is the smallest of 1, 2, 4, 8, 16, 32 that holds value_count values.
* Palette: 12 bytes per colour (_displayio_color_t: rgb888, rgb565, luma, hue, chroma,
  transparent).
* TileGrid: one byte per tile when width * height > 4 (smaller tile maps live inside
  the C struct; here they take a 1-byte bytearray, counted as stand-in overhead).
* Group: a list of members, as the C Group's mp_obj_list_t.
"""

CIRCUITPY_DISPLAY_LIMIT = 1


def _bits(value_count):
    bits = 1
    while value_count - 1 >> bits:
        bits <<= 1
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        bits = _bits(value_count)
        self.width = width
        self.height = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32
        self._data = bytearray(self._stride * 4 * height)

    # _get/_set allocate nothing; b[x, y] builds a tuple,
    # as it does on a board.
    def _get(self, x, y):
        bit = y * self._stride * 32 + x * self._bits
        if self._bits >= 8:
            return self._data[bit >> 3]
        return self._data[bit >> 3] >> (bit & 7) & ((1 << self._bits) - 1)

    def _set(self, x, y, value):
        bit = y * self._stride * 32 + x * self._bits
        i = bit >> 3
        if self._bits >= 8:
            self._data[i] = value & 0xFF
        else:
            mask = ((1 << self._bits) - 1) << (bit & 7)
            self._data[i] = (self._data[i] & ~mask) | (value << (bit & 7) & mask)

    def __getitem__(self, xy):
        if isinstance(xy, int):
            return self._get(xy % self.width, xy // self.width)
        return self._get(xy[0], xy[1])

    def __setitem__(self, xy, value):
        if isinstance(xy, int):
            self._set(xy % self.width, xy // self.width, value)
        else:
            self._set(xy[0], xy[1], value)

    def fill(self, value):
        data = self._data
        if value == 0:
            for i in range(len(data)):
                data[i] = 0
            return
        for y in range(self.height):
            for x in range(self.width):
                self._set(x, y, value)

    def dirty(self, *args, **kwargs):
        pass


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = bytearray(12 * color_count)

    def __len__(self):
        return len(self._colors) // 12

    def __getitem__(self, i):
        c = self._colors
        return c[12 * i] | c[12 * i + 1] << 8 | c[12 * i + 2] << 16

    def __setitem__(self, i, color):
        c = self._colors
        c[12 * i] = color & 0xFF
        c[12 * i + 1] = color >> 8 & 0xFF
        c[12 * i + 2] = color >> 16 & 0xFF

    def make_transparent(self, i):
        self._colors[12 * i + 11] = 1

    def make_opaque(self, i):
        self._colors[12 * i + 11] = 0

    def is_transparent(self, i):
        return self._colors[12 * i + 11] == 1


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        self._tiles = bytearray(width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile

    def __getitem__(self, i):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        return self._tiles[i]

    def __setitem__(self, i, tile):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        self._tiles[i] = tile


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._members = []
        self._scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def append(self, layer):
        self._members.append(layer)

    def insert(self, index, layer):
        self._members.insert(index, layer)

    def remove(self, layer):
        self._members.remove(layer)

    def pop(self, i=-1):
        return self._members.pop(i)

    def index(self, layer):
        return self._members.index(layer)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, i):
        return self._members[i]

    def __setitem__(self, i, layer):
        self._members[i] = layer

    def __delitem__(self, i):
        del self._members[i]

    def __iter__(self):
        return iter(self._members)

    def __contains__(self, layer):
        return layer in self._members


def release_displays():
    pass
