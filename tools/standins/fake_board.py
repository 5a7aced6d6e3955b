"""Stand-in for board on CircuitPython's unix port (installed as board.py).

Pin names are plain strings.  DISPLAY is the PyGamer's built-in display: a firmware
object on a board, so it is created at import, before the BASE reading (not counted).
"""
import busdisplay
import busio

board_id = "pygamer"

BUTTON_CLOCK = "PB31"
BUTTON_OUT = "PB30"
BUTTON_LATCH = "PB00"
JOYSTICK_X = "PB07"
JOYSTICK_Y = "PB06"
SPEAKER = "PA02"
SPEAKER_ENABLE = "PA27"
D5 = "D5"
D6 = "D6"
D9 = "D9"
SCL = "SCL"
SDA = "SDA"

DISPLAY = busdisplay.BusDisplay(None, b"", width=160, height=128)
_i2c = busio.I2C(SCL, SDA)


def I2C():
    return _i2c
