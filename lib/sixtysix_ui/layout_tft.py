"""160x128 colour layout (PyGamer, PyBadge): positions in screen pixels and the palette.

Cards are drawn at CARD_SCALE (11x18 sprites -> 22x36), so card positions are even.
Colours are 0xRRGGBB; None in a card palette is transparent.  Text is terminalio.FONT
(6x12), LINE_H pixels per row, at most CHARS characters per row.  A text place given as
(x, y, chars) holds at most that many characters.  PILE_ME / PILE_BOT: where a won
trick's two cards slide to (the winner's side; never over the status line).
"""
WIDTH = 160
HEIGHT = 128
MONO = False
CARD_SCALE = 2
LINE_H = 12
CHARS = 26

BG = 0x0B5A2A               # card-table green
TEXT = 0xFFFFFF
TEXT_SOFT = 0xBFE6C8
PANEL = 0x1C2A4A
HILITE = 0xFFD23F
HILITE_TEXT = 0x000000
CARD = (None, 0xFFFFFF, 0x000000, 0xD01818)
CARD_SELECTED = (None, 0xFFF3A0, 0x000000, 0xD01818)
CARD_DIM = (None, 0x9AA89E, 0x3A3A3A, 0x7A3030)
HOLLOW_RED = False

# Table
STATUS = (2, 1)
TRUMP_ICON = (150, 3)
TALON = (4, 14)
UPCARD = (28, 14)
TALON_TEXT = (2, 51, 8)
TRICK_BOT = (92, 12)
TRICK_ME = (118, 18)
MESSAGE = (2, 62)
HAND = (4, 78)
HAND_STEP = 26
RAISE = 6
ILLEGAL_DROP = 0            # illegal cards are dimmed here
MORE = (2, 116)
POINTS = (104, 116, 9)
PILE_ME = (118, 44)         # right of "You win the trick", toward the hand
PILE_BOT = (136, 12)

# Popup menu and message box over the table
POPUP = (10, 12, 140, 7)    # x, y, width, rows
TOAST = (4, 12, 152, 5)

# Page screens (title, summary, help)
PAGE_HEADER = (4, 2)
PAGE_ROWS = (4, 20, 7)      # x, y of the first row, rows
PAGE_LINE_H = 12
PAGE_BAR_W = 126            # the highlight (and the scroll marks) end left of DECO
PAGE_FOOTER = (4, 115)
DECO = ((128, 56), (138, 64))
