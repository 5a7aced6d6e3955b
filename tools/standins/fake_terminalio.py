"""Stand-in for terminalio on CircuitPython's unix port (installed as terminalio.py).

FONT: a 6x12 BuiltinFont (Terminus, printable ASCII) whose glyph Bitmap is blank.  On a
board it is in firmware, so it is created when this module is imported, before the
BASE reading of tools/standins/app_steps.py: it is not counted.
"""
import displayio
import fontio

FONT = fontio.BuiltinFont(displayio.Bitmap(6 * 95, 12, 2), 6, 12)
