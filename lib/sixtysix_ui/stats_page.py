"""The statistics page: matches and hands against the bot, per ruleset and level.

Opened from the title's "Statistics" entry (imported then).  Rows come from
lines() for the app's presets; the highlight moves over every row (so
that a long list scrolls) down to "Reset statistics", which asks once more before it
zeroes the counters, and "Back".  B or Start also goes back to the title.
"""
from micropython import const

from sixtysix_ui import input as I
from sixtysix_ui import stats as S
from sixtysix_ui import pages
from sixtysix_ui.pages import level_name, preset_name
from sixtysix_ui.words import tx

_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down
# words: stats common
_W_WON_LOST = const(641)
_W_ROW = const(642)
_W_MATCHES = const(643)
_W_HANDS = const(644)
_W_SCHWARZ = const(645)
_W_CLOSES = const(646)
_W_NONE = const(647)
_W_RESET = const(648)
_W_SURE = const(649)
_W_DONE = const(650)
_W_SAVING_OFF = const(651)
_W_B_BACK = const(652)
_W_BACK = const(19)
_W_HEADER = const(640)


def lines(st, presets):
    """The rows of Stats `st` for the preset indexes `presets` (the app's), each at
    most 19 characters, what a scrolling page row holds on either layout; cold path."""
    out = []
    c = st.counts()
    for p in presets:
        if p >= S.PRESETS:
            continue
        for lv in range(S.LEVELS):
            base = (p * S.LEVELS + lv) * S.COUNTERS
            if not (c[base] or c[base + 1] or c[base + 2] or c[base + 3]):
                continue
            row = tx(_W_ROW) % (preset_name(p), level_name(lv))
            if len(row) > 19:           # a long preset and level: on two rows
                out.append(preset_name(p))
                row = "  " + level_name(lv)
            out.append(row)
            out.append(tx(_W_MATCHES) % (c[base], c[base + 1]))
            out.append(tx(_W_HANDS) % (c[base + 2], c[base + 3]))
            out.append(tx(_W_SCHWARZ) % c[base + 4])
            out.append(tx(_W_CLOSES) % c[base + 5])
    if not out:
        out.append(tx(_W_NONE))
    return out


class Page(pages.Page):
    ID = 5                      # app.S_STATS

    def __init__(self, app):
        super().__init__(app)
        self.header = tx(_W_HEADER)
        self.sure = False
        self.st = app.stats()       # read now; the module goes with the page (show_title)

    def enter(self):
        self._lines()
        self.sel = 1                # the first row under the heading

    def _lines(self):
        app = self.app
        st = self.st
        self.lines = [tx(_W_WON_LOST)] + lines(st, app.presets)
        self.lines.append(tx(_W_SURE if self.sure else _W_RESET))
        self.lines.append(tx(_W_BACK))
        self.footer = tx(st.note or app.stats_note
                         or (_W_SAVING_OFF if not st.enabled else _W_B_BACK))
        app.dirty = True

    def step(self, b, now):
        app = self.app
        n = len(self.lines)
        if b & (I.BTN_B | I.BTN_START):
            if self.sure:
                self.sure = False
                self._lines()
            else:
                app.then = app.show_title
        elif b & _PREV:
            self.sel = (self.sel - 2) % (n - 1) + 1     # the heading is not a row to pick
            self.sure = False
            self._lines()
        elif b & _NEXT:
            self.sel = self.sel % (n - 1) + 1
            self.sure = False
            self._lines()
        elif b & I.BTN_A:
            if self.sel == n - 1:
                app.then = app.show_title
            elif self.sel == n - 2:
                if self.sure:
                    self.sure = False
                    self.st.reset()
                    app.stats_note = self.st.note
                    self._lines()
                    self.sel = len(self.lines) - 2
                    self.footer = tx(_W_DONE)
                else:
                    self.sure = True
                    self._lines()
