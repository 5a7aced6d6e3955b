"""Host stand-ins for the board modules: displays, keys, nvm, a font and a PNG writer.

HostBoard(kind, display) exports what every lib/sixtysix_boards module exports (display,
keys, joystick, KEYMAP, WIDTH, HEIGHT, MONO, nvm, speaker, speaker_enable: a
SilentSpeaker and a FakePin on the colour layouts, None on the OLED, as on the boards).
Its key numbers follow sixtysix_ui.input.NAMES (0 left, 1 right, 2 up, 3 down, 4 a, 5 b,
6 start, 7 select).

Displays (DEVICE_NOTES.md section 1):
* OffscreenTFT: a BusDisplay without a bus; pixels read back as RGB565 rows.
* make_oled(): the real adafruit_displayio_ssd1306 driver on a FakeI2C that emulates
  the controller's RAM (column/page windows, horizontal addressing).
* NullDisplay: root_group and refresh() only, for the 100,000-press tests.
* ScaledDisplay: wraps a big PyGameDisplay and shows each root group at scale 4.
AsciiFont wraps terminalio.FONT like the device's English build: no glyph outside
0x20..0x7E, and every miss is remembered in .misses.
"""
import struct
import zlib

TFT_SIZE = (160, 128)
OLED_SIZE = (128, 64)


def write_png(path, width, height, rows):
    """rows: `height` bytes objects of width*3 RGB bytes.  Stdlib only."""
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)
    return png


def _busdisplay():
    import busdisplay
    return busdisplay.BusDisplay


class NullDisplay:
    """Accepts a root group and counts refreshes; renders nothing."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = False
        self.refreshes = 0

    def refresh(self, *args, **kwargs):
        self.refreshes += 1
        return True


def make_tft(width=TFT_SIZE[0], height=TFT_SIZE[1]):
    class OffscreenTFT(_busdisplay()):
        def __init__(self):
            super().__init__(None, b"", width=width, height=height, auto_refresh=False)

        def _refresh_area(self, area):
            return True

        def rgb_rows(self):
            out = []
            for y in range(self.height):
                raw = self.fill_row(y, None).tobytes()
                row = bytearray(self.width * 3)
                for x in range(self.width):
                    v = raw[2 * x] << 8 | raw[2 * x + 1]
                    r = (v >> 11) & 0x1F
                    g = (v >> 5) & 0x3F
                    b = v & 0x1F
                    row[3 * x] = (r * 527 + 23) >> 6
                    row[3 * x + 1] = (g * 259 + 33) >> 6
                    row[3 * x + 2] = (b * 527 + 23) >> 6
                out.append(bytes(row))
            return out

    return OffscreenTFT()


_ONE_ARG = (0x20, 0x81, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB)


class FakeI2C:
    """Enough of busio.I2C for I2CDisplayBus, emulating an SSD1306's RAM."""

    def __init__(self, width=OLED_SIZE[0], height=OLED_SIZE[1]):
        self.width = width
        self.pages = height // 8
        self.ram = bytearray(width * self.pages)
        self._locked = False
        self.col = (0, width - 1)
        self.page = (0, self.pages - 1)
        self.x = 0
        self.p = 0

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def deinit(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        data = bytes(buffer[start:end])
        if not data:
            return
        if data[0] == 0x40:
            for b in data[1:]:
                if 0 <= self.p < self.pages and 0 <= self.x < self.width:
                    self.ram[self.p * self.width + self.x] = b
                self.x += 1
                if self.x > self.col[1]:
                    self.x = self.col[0]
                    self.p += 1
                    if self.p > self.page[1]:
                        self.p = self.page[0]
            return
        cmds = data[1::2]
        i = 0
        while i < len(cmds):
            c = cmds[i]
            if c in (0x21, 0x22) and i + 2 < len(cmds) + 1:
                a = cmds[i + 1] if i + 1 < len(cmds) else 0
                b = cmds[i + 2] if i + 2 < len(cmds) else 0
                if c == 0x21:
                    self.col = (a, b)
                    self.x = a
                else:
                    self.page = (a, b)
                    self.p = a
                i += 3
            elif c in _ONE_ARG:
                i += 2
            else:
                i += 1

    def rgb_rows(self):
        out = []
        for y in range(self.pages * 8):
            row = bytearray(self.width * 3)
            base = (y >> 3) * self.width
            for x in range(self.width):
                if self.ram[base + x] >> (y & 7) & 1:
                    row[3 * x] = row[3 * x + 1] = row[3 * x + 2] = 255
            out.append(bytes(row))
        return out


def make_oled():
    import i2cdisplaybus
    from adafruit_displayio_ssd1306 import SSD1306
    i2c = FakeI2C()
    bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=0x3C)
    display = SSD1306(bus, width=OLED_SIZE[0], height=OLED_SIZE[1], auto_refresh=False)
    display.rgb_rows = i2c.rgb_rows
    return display


class ScaledDisplay:
    """Shows each root group inside Group(scale) on a bigger display (the window)."""

    def __init__(self, real, scale):
        import displayio
        self.real = real
        self.scale = scale
        self._outer = displayio.Group(scale=scale)
        self._group = None
        real.root_group = self._outer
        self.auto_refresh = False

    @property
    def root_group(self):
        return self._group

    @root_group.setter
    def root_group(self, group):
        """As a display's root_group: None shows nothing (the app sets it while it
        swaps the scenes of a 3- or 4-player table)."""
        if self._group is not None:
            self._outer.remove(self._group)
        self._group = group
        if group is not None:
            self._outer.append(group)

    def refresh(self, *args, **kwargs):
        return self.real.refresh()


class FakeKeys:
    """Like keypad.Keys: .events and .key_count; press()/release() feed the queue."""

    def __init__(self, key_count=8):
        import keypad
        self.key_count = key_count
        self.events = keypad.EventQueue(64)

    def press(self, key):
        self.events.keypad_eventqueue_record(key, True)

    def release(self, key):
        self.events.keypad_eventqueue_record(key, False)


class SilentSpeaker:
    """audioio.AudioOut's shape, silent: `tones` lists the frequency (Hz) of every note
    started, from the looped sample's sample_rate (sixtysix_ui/sound.py)."""

    def __init__(self):
        self.playing = False
        self.tones = []

    def play(self, sample, loop=False):
        from sixtysix_ui.sound import SAMPLES
        self.playing = True
        self.tones.append(sample.sample_rate // SAMPLES)

    def stop(self):
        self.playing = False


class FakePin:
    """digitalio.DigitalInOut's shape for the speaker's amplifier pin."""

    def __init__(self):
        self.value = False


class HostBoard:
    def __init__(self, kind, display, nvm_size=8192):
        from sixtysix_ui.input import NAMES
        self.kind = kind
        self.MONO = kind == "oled"
        self.WIDTH, self.HEIGHT = OLED_SIZE if self.MONO else TFT_SIZE
        self.display = display
        self.keys = FakeKeys(len(NAMES))
        self.joystick = None
        self.KEYMAP = NAMES
        self.nvm = bytearray(b"\xff" * nvm_size) if nvm_size else None
        self.speaker = None if self.MONO else SilentSpeaker()
        self.speaker_enable = None if self.MONO else FakePin()


class AsciiFont:
    """terminalio.FONT limited to printable ASCII, as on the device's English build."""

    def __init__(self, font=None):
        if font is None:
            import terminalio
            font = terminalio.FONT
        self._font = font
        self.misses = set()

    def get_bounding_box(self):
        return self._font.get_bounding_box()

    def get_glyph(self, codepoint):
        if 0x20 <= codepoint <= 0x7E:
            return self._font.get_glyph(codepoint)
        self.misses.add(codepoint)
        return None

    def __getattr__(self, name):
        return getattr(self._font, name)


class TinyFont:
    """A cheap stand-in font for long random-press runs: every printable ASCII glyph is
    one pixel, so label text changes cost almost nothing to render; misses as AsciiFont."""

    def __init__(self):
        import displayio
        import fontio
        self._bitmap = displayio.Bitmap(1, 1, 2)
        self._glyph = fontio.Glyph(self._bitmap, 0, 1, 1, 0, 0, 1, 0)
        self.misses = set()

    def get_bounding_box(self):
        return (1, 2)

    def get_glyph(self, codepoint):
        if 0x20 <= codepoint <= 0x7E:
            return self._glyph
        self.misses.add(codepoint)
        return None
