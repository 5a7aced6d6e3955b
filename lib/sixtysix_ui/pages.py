"""The pages of the App: Page (a header, rows, a footer), and the hand summary / match end.

A page is a header, rows (some of them a menu: `sel` is the highlighted row, -1 for
none), a footer and optional decoration cards (render.py Renderer.page).  Each screen
owns its state and talks to the App (app.py) only through its shared fields and the
match-flow methods (new_match, next_hand, enter_play, save, ...).

The title menu is title.py's (loaded while the title shows, dropped for the play).
The App's summary_extra, (label: a text id, handler), are entries under the hand's lines,
after "Next hand" (e.g. a review).
The help pages are help.py, imported when first opened (App.open_page); with 3 or 4
players the title's "House rules" opens house_page.py (imported then, dropped when it
closes).  The summary's words are the kind's (app.kind: kind_two.py, kind_multi.py).
"""
from micropython import const

from sixtysix_ui import input as I
from sixtysix_ui.words import tx

# words: common end title
_W_LEVEL0 = const(20)
_W_PRESET0 = const(407)
_W_NEXT_HAND = const(293)
_W_SEE_RESULT = const(294)
_W_A_NEXT_HAND = const(295)
_W_A_SEE_RESULT = const(296)
_W_A_OPEN = const(297)
_W_A_TITLE = const(298)
LEVELS = const(3)               # sixtysix_core.bot.LEVELS (not imported: a 3- or
                                # 4-player match never loads that bot)


def level_name(level):
    """'easy', 'normal', 'hard' in the current language."""
    return tx(_W_LEVEL0 + level)


def preset_name(preset):
    """The name a player knows for rules.preset_names()[preset] ("66", "Czech 66")."""
    return tx(_W_PRESET0 + preset)

_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down

class Page:
    """A screen of text rows; subclasses fill header, lines, sel, footer."""

    def __init__(self, app):
        self.app = app
        self.header = ""
        self.lines = []
        self.sel = -1
        self.footer = ""
        self.deco = None

    def draw(self):
        self.app.render.page(self.header, self.lines, self.sel, self.footer, self.deco)

    def busy(self):
        """True while the page works on by itself (review_page.py)."""
        return False


class Summary(Page):
    """The end of a hand (and then of the match): its lines, and a menu when other
    modules added entries (app.summary_extra); A on the first entry goes on."""
    ID = 2                      # app.S_SUMMARY

    def __init__(self, app):
        super().__init__(app)
        self.extra = app.summary_extra
        self._first = 0
        self._on = ""
        self.match_end = False

    def enter(self):
        app = self.app
        self.match_end = False
        self.header, lines = self._lines(False)
        over = app.match.is_over()
        on = tx(_W_SEE_RESULT if over else _W_NEXT_HAND)
        self._on = tx(_W_A_SEE_RESULT if over else _W_A_NEXT_HAND)
        self.footer = self._on
        if self.extra:
            self._first = len(lines)
            lines.append(on)
            for label, _handler in self.extra:
                lines.append(tx(label))
            self.sel = self._first
            self._footer()
        else:
            self.sel = -1
        self.lines = lines
        app.dirty = True

    def _lines(self, end):
        """(header, lines) of the hand's end (end: of the match), the kind's words."""
        kind = self.app.kind
        return kind.match_end() if end else kind.summary()

    def _footer(self):
        """The footer says what A does on the highlighted entry."""
        self.footer = tx(_W_A_OPEN) if self.sel > self._first else self._on

    def _end(self):
        self.match_end = True
        self.header, self.lines = self._lines(True)
        self.sel = -1
        self.footer = tx(_W_A_TITLE)
        self.app.dirty = True

    def step(self, b, now):
        app = self.app
        if self.sel >= 0 and not self.match_end:
            n = len(self.lines)
            if b & _PREV and self.sel > 0:     # up into the hand's lines: the OLED's
                self.sel -= 1                   # four rows then show the first ones
                self._footer()
                app.dirty = True
                return
            if b & _NEXT and self.sel < n - 1:
                self.sel += 1
                self._footer()
                app.dirty = True
                return
            if b & I.BTN_A and self.sel > self._first:
                self.extra[self.sel - self._first - 1][1]()
                return
        if not b & (I.BTN_A | I.BTN_START):
            return
        if self.match_end:
            app.in_match = False
            app.save()
            app.then = app.show_title
        elif app.match.is_over():
            self._end()
            app.screen = 3              # app.S_MATCH_END
        else:
            app.then = app.next_hand
