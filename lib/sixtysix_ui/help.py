"""The "How to play" pages (a screen of App, imported only when first opened).

PAGES: (header, lines) per page; lines are at most 21 characters (the OLED's width).
"""
from micropython import const

from sixtysix_ui import input as I
from sixtysix_ui.pages import Page

_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down

PAGES = (
    ("How to play 1/6", ("Win tricks and get", "66 points first.", "A 11  10 10  K 4",
                         "Q 3  J 2  9 0")),
    ("How to play 2/6", ("Lead any card. The", "higher card of the", "suit led wins, a",
                         "trump beats the rest.")),
    ("How to play 3/6", ("While cards are left", "to draw you may play", "any card. Winner",
                         "draws first.")),
    ("How to play 4/6", ("K+Q of one suit is a", "marriage: 20, in", "trumps 40. Show it",
                         "in Menu when leading.")),
    ("How to play 5/6", ("Close the talon or", "when it is empty:", "follow suit and beat",
                         "if able, else trump.")),
    ("How to play 6/6", ("Have 66? Menu > 66.", "Win a hand: 1 to 3", "game points. First",
                         "to 7 wins the match.")),
)


def enter(app):
    """Show the page (App.open_page)."""
    app.show(Help(app))


class Help(Page):
    ID = 4                      # app.S_HELP

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.footer = "A: next  B: back"

    def enter(self):
        self.header, lines = PAGES[self.page]
        self.lines = list(lines)
        self.app.dirty = True

    def step(self, b, now):
        if b & (I.BTN_B | I.BTN_START):
            self.app.show_title()
        elif b & (I.BTN_A | _NEXT):
            self.page += 1
            if self.page >= len(PAGES):
                self.app.show_title()
            else:
                self.enter()
        elif b & _PREV and self.page > 0:
            self.page -= 1
            self.enter()
