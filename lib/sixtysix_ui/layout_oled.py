"""128x64 one-bit layout (SSD1306 boards): positions in screen pixels, white ink only.

The SSD1306 driver thresholds colour to one bit: red and blue would vanish
(DEVICE_NOTES.md 2), so every ink is white, red suits are hollow shapes and a
selection is shown by inverting (white face, black ink), and a card that may not be
played now sits ILLEGAL_DROP pixels lower than the others.  Page rows are 10 pixels
apart (the font's ink is rows 2-9 of its 12) so that four rows and a footer fit.
"""
WIDTH = 128
HEIGHT = 64
MONO = True
CARD_SCALE = 1
LINE_H = 12
CHARS = 21

BG = 0x000000
TEXT = 0xFFFFFF
TEXT_SOFT = 0xFFFFFF
PANEL = 0x000000
HILITE = 0xFFFFFF
HILITE_TEXT = 0x000000
CARD = (None, 0x000000, 0xFFFFFF, 0xFFFFFF)
CARD_SELECTED = (None, 0xFFFFFF, 0x000000, 0x000000)
CARD_DIM = CARD
HOLLOW_RED = True

# Table
STATUS = (0, 0)
TRUMP_ICON = (120, 2)
TALON = (0, 13)
UPCARD = (12, 13)
TALON_TEXT = (25, 12, 7)
TRICK_BOT = (72, 12)
TRICK_ME = (86, 15)
MESSAGE = (0, 33)
HAND = (0, 46)
HAND_STEP = 13
RAISE = 0
ILLEGAL_DROP = 3            # the suit's two bottom rows (alike in C/S and H/D) hide
MORE = (80, 49)
POINTS = (25, 22, 7)
PILE_ME = (108, 30)         # right of "You win the trick", above "B: Menu"
PILE_BOT = (108, 12)

# Popup menu and message box: the whole screen
POPUP = (0, 0, 128, 5)
TOAST = (0, 0, 128, 5)

# Page screens (title, summary, help)
PAGE_HEADER = (0, 0)
PAGE_ROWS = (0, 11, 4)
PAGE_LINE_H = 10
PAGE_BAR_W = 0              # the whole width
PAGE_FOOTER = (0, 52)
DECO = ()
