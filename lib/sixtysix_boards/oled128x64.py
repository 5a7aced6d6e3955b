"""A board with a 128x64 SSD1306 OLED on I2C and 3 to 8 push buttons to ground.

Pins and the button map come from settings.toml (tools/device_settings.toml documents
them); the defaults fit a Feather with the 128x64 OLED FeatherWing (buttons A B C on
D9 D6 D5, display at 0x3C on board.I2C()).

  SIXTYSIX_I2C_SDA / SIXTYSIX_I2C_SCL   pin names, e.g. "GP4" / "GP5" (default: board.I2C())
  SIXTYSIX_OLED_ADDRESS                 7-bit I2C address, default 0x3C (60)
  SIXTYSIX_BUTTON_PINS                  comma-separated pin names, default "D9,D6,D5"
  SIXTYSIX_BUTTON_KEYS                  their logical buttons, default "left,a,right"
                                        (names: left right up down a b start select)
  SIXTYSIX_OLED_ROTATION                0 or 180, default 0

Same exported names as every board module: display, keys, joystick (None), KEYMAP,
WIDTH, HEIGHT, MONO, nvm, speaker and speaker_enable (both None: no sound here).
"""
import os

import board
import busio
import displayio
import i2cdisplaybus
import keypad
import microcontroller
from adafruit_displayio_ssd1306 import SSD1306

WIDTH = 128
HEIGHT = 64
MONO = True


def _setting(name, default):
    value = os.getenv(name)
    return default if value is None else value


def _pin(name):
    pin = getattr(board, name.strip(), None)
    if pin is None:
        raise ValueError("this board has no pin named %s" % name.strip())
    return pin


displayio.release_displays()
_sda = os.getenv("SIXTYSIX_I2C_SDA")
_scl = os.getenv("SIXTYSIX_I2C_SCL")
if _sda and _scl:
    i2c = busio.I2C(_pin(_scl), _pin(_sda), frequency=400000)
else:
    i2c = board.I2C()
_bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=int(_setting("SIXTYSIX_OLED_ADDRESS",
                                                                     0x3C)))
display = SSD1306(_bus, width=WIDTH, height=HEIGHT,
                  rotation=int(_setting("SIXTYSIX_OLED_ROTATION", 0)), auto_refresh=False)

_pins = _setting("SIXTYSIX_BUTTON_PINS", "D9,D6,D5").split(",")
KEYMAP = tuple(k.strip() for k in _setting("SIXTYSIX_BUTTON_KEYS", "left,a,right").split(","))
keys = keypad.Keys(tuple(_pin(p) for p in _pins), value_when_pressed=False, pull=True)
joystick = None
nvm = getattr(microcontroller, "nvm", None)
speaker = None
speaker_enable = None
