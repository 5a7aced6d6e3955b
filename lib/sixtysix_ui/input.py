"""Buttons: keypad events and the PyGamer joystick -> one int of logical button bits.

Logical buttons (bits of the int the app's step() receives; a bit is set on the poll
where the button was pressed, and again on auto-repeat for the four directions):
  BTN_LEFT 1, BTN_RIGHT 2, BTN_UP 4, BTN_DOWN 8, BTN_A 16, BTN_B 32, BTN_START 64,
  BTN_SELECT 128
A board's KEYMAP names the logical button of each key number: a tuple of names from
NAMES ("left", "a", ...); unknown names are ignored.  With only "left", "right" and
"a" every screen is still usable (menus also take left/right as up/down).

Time comes in as ticks in ms (supervisor.ticks_ms, which wraps at 2**29): compare only
with ticks_diff().  Nothing here allocates per poll: one keypad.Event is reused.
"""
from micropython import const

BTN_LEFT = const(1)
BTN_RIGHT = const(2)
BTN_UP = const(4)
BTN_DOWN = const(8)
BTN_A = const(16)
BTN_B = const(32)
BTN_START = const(64)
BTN_SELECT = const(128)
DIRECTIONS = const(15)

NAMES = ("left", "right", "up", "down", "a", "b", "start", "select")

_TICKS_PERIOD = const(1 << 29)
_TICKS_MAX = const((1 << 29) - 1)
_TICKS_HALF = const(1 << 28)

_REPEAT_FIRST = const(400)
_REPEAT_NEXT = const(140)
# Joystick (DEVICE_NOTES.md 7): past 50000 / below 15000 is a press; it is released only
# back inside 40000 / 25000, so noise at the threshold does not chatter.
_JOY_ON_HIGH = const(50000)
_JOY_ON_LOW = const(15000)
_JOY_OFF_HIGH = const(40000)
_JOY_OFF_LOW = const(25000)


def ticks_diff(a, b):
    """a - b in ms for ticks that wrap at 2**29 (signed, correct within 2**28)."""
    return ((a - b + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


def ticks_add(a, delta):
    return (a + delta) % _TICKS_PERIOD


def bit_of(name):
    """The logical bit for a button name, 0 if unknown."""
    for i in range(len(NAMES)):
        if NAMES[i] == name:
            return 1 << i
    return 0


class Input:
    """Polls a keypad-like scanner (keys.events) and an optional joystick (x, y)."""

    def __init__(self, keys, keymap, joystick=None):
        import keypad
        self._keys = keys
        self._event = keypad.Event()
        self._bits = bytearray(len(keymap))
        self.has_b = False                      # else the table's "Menu" is a cursor slot
        for i in range(len(keymap)):
            self._bits[i] = bit_of(keymap[i])
            if self._bits[i] == BTN_B:
                self.has_b = True
        self._joystick = joystick
        self.held = 0
        self._repeat_at = 0
        self._joy = 0

    def _joy_axis(self, value, low_bit, high_bit):
        held = self._joy
        if held & high_bit:
            return high_bit if value > _JOY_OFF_HIGH else 0
        if held & low_bit:
            return low_bit if value < _JOY_OFF_LOW else 0
        if value > _JOY_ON_HIGH:
            return high_bit
        if value < _JOY_ON_LOW:
            return low_bit
        return 0

    def poll(self, now_ms):
        """Logical buttons pressed since the last poll, plus auto-repeats."""
        pressed = 0
        keys = self._keys
        if keys is not None:
            event = self._event
            while keys.events.get_into(event):
                n = event.key_number
                bit = self._bits[n] if n < len(self._bits) else 0
                if event.pressed:
                    pressed |= bit
                    self.held |= bit
                else:
                    self.held &= ~bit
        joystick = self._joystick
        if joystick is not None:
            joy = (self._joy_axis(joystick[0].value, BTN_LEFT, BTN_RIGHT)
                   | self._joy_axis(joystick[1].value, BTN_UP, BTN_DOWN))
            pressed |= joy & ~self._joy
            self.held = (self.held & ~self._joy) | joy
            self._joy = joy
        if pressed & DIRECTIONS:
            self._repeat_at = ticks_add(now_ms, _REPEAT_FIRST)
        elif self.held & DIRECTIONS and ticks_diff(now_ms, self._repeat_at) >= 0:
            pressed |= self.held & DIRECTIONS
            self._repeat_at = ticks_add(now_ms, _REPEAT_NEXT)
        return pressed
