"""The "How to play" pages (a screen of App, imported only when first opened).

PAGES pages, each a header and a text of lines (words.py: "\\n" between lines) of at
most 21 characters (the OLED's width), in the current language.
"""
from micropython import const

from sixtysix_ui import input as I
from sixtysix_ui import pages
from sixtysix_ui.words import tx

_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down

# words: help
_W_FOOTER = const(512)
_W_PAGE1_H = const(513)         # then PAGE1, PAGE2_H, PAGE2, ... (en.txt's order)
_W_PAGE1 = const(514)
PAGES = const(6)


class Page(pages.Page):
    ID = 4                      # app.S_HELP

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.footer = tx(_W_FOOTER)

    def enter(self):
        self.header = tx(_W_PAGE1_H + 2 * self.page)
        self.lines = tx(_W_PAGE1 + 2 * self.page).split("\\n")
        self.app.dirty = True

    def step(self, b, now):
        if b & (I.BTN_B | I.BTN_START):
            self.app.then = self.app.show_title
        elif b & (I.BTN_A | _NEXT):
            self.page += 1
            if self.page >= PAGES:
                self.app.then = self.app.show_title
            else:
                self.enter()
        elif b & _PREV and self.page > 0:
            self.page -= 1
            self.enter()
