"""Adafruit PyGamer: built-in 160x128 TFT, 4 shift-register keys and an analog joystick.

Exports the names every board module has: display, keys, joystick, KEYMAP, WIDTH,
HEIGHT, MONO (and nvm: microcontroller.nvm, or None; speaker: the AudioOut on
board.SPEAKER, speaker_enable: the amplifier pin).  DEVICE_NOTES.md section 7.
"""
import analogio
import audioio
import board
import digitalio
import keypad
import microcontroller

WIDTH = 160
HEIGHT = 128
MONO = False
KEYMAP = ("b", "a", "start", "select")      # key numbers 0..3 of the shift register

display = board.DISPLAY
display.auto_refresh = False
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=4,
                                value_when_pressed=True)
joystick = (analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
nvm = getattr(microcontroller, "nvm", None)
speaker = audioio.AudioOut(board.SPEAKER)               # sixtysix_ui/sound.py
speaker_enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
speaker_enable.switch_to_output(value=False)            # the amplifier: on with the sound
