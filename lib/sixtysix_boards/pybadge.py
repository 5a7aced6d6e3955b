"""Adafruit PyBadge / EdgeBadge: built-in 160x128 TFT and 8 shift-register keys.

Same exported names as every board module (display, keys, joystick=None, KEYMAP, WIDTH,
HEIGHT, MONO, nvm, speaker: the AudioOut on board.SPEAKER, speaker_enable: the
amplifier pin).  Key numbers: 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up,
7 Left (DEVICE_NOTES.md section 7).
"""
import audioio
import board
import digitalio
import keypad
import microcontroller

WIDTH = 160
HEIGHT = 128
MONO = False
KEYMAP = ("b", "a", "start", "select", "right", "down", "up", "left")

display = board.DISPLAY
display.auto_refresh = False
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8,
                                value_when_pressed=True)
joystick = None
nvm = getattr(microcontroller, "nvm", None)
speaker = audioio.AudioOut(board.SPEAKER)               # sixtysix_ui/sound.py
speaker_enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
speaker_enable.switch_to_output(value=False)            # the amplifier: on with the sound
