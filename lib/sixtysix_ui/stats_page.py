"""The statistics page: matches and hands against the bot, per ruleset and level.

Opened from the title's "Statistics" entry (imported then).  Rows come from
lines() for the app's presets; the highlight moves over every row (so
that a long list scrolls) down to "Reset statistics", which asks once more before it
zeroes the counters, and "Back".  B or Start also goes back to the title.
"""
from micropython import const

from sixtysix_core import rules as R
from sixtysix_ui import input as I
from sixtysix_ui import stats as S
from sixtysix_ui.pages import LEVELS, Page

_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down
RESET = "Reset statistics"
SURE = "A again: reset all"


def lines(st, presets, preset_names, level_names):
    """The rows of Stats `st` for the preset indexes `presets` (the app's: with the
    3- and 4-player presets' short names every row is then at most 19 characters,
    what a scrolling page row holds on either layout); cold path."""
    out = []
    c = st.counts()
    for p in presets:
        if p >= S.PRESETS:
            continue
        for lv in range(S.LEVELS):
            base = (p * S.LEVELS + lv) * S.COUNTERS
            if not (c[base] or c[base + 1] or c[base + 2] or c[base + 3]):
                continue
            name = preset_names[p]
            if name.endswith("_PLAYER_PL"):         # THREE_PLAYER_PL: "3 players PL"
                name = ("3" if name[0] == "T" else "4") + " players PL"
            out.append("%s %s" % (name, level_names[lv]))
            out.append("Matches %d-%d" % (c[base], c[base + 1]))
            out.append("Hands %d-%d" % (c[base + 2], c[base + 3]))
            out.append("Schwarz won %d" % c[base + 4])
            out.append("Closes won %d" % c[base + 5])
    if not out:
        out.append("No hands played yet")
    return out


def enter(app):
    """Show the page (App.open_page)."""
    app.show(StatsPage(app))


class StatsPage(Page):
    ID = 5                      # app.S_STATS

    def __init__(self, app):
        super().__init__(app)
        self.header = "Statistics"
        self.sure = False

    def enter(self):
        self._lines()
        self.sel = 0

    def _lines(self):
        app = self.app
        st = app.stats
        self.lines = ["Won-lost vs bot:"] + lines(st, app.presets, R.preset_names(),
                                                     LEVELS)
        self.lines.append(SURE if self.sure else RESET)
        self.lines.append("Back")
        self.footer = st.note or ("Saving is off" if not st.enabled else "B: back")
        app.dirty = True

    def step(self, b, now):
        app = self.app
        n = len(self.lines)
        if b & (I.BTN_B | I.BTN_START):
            if self.sure:
                self.sure = False
                self._lines()
            else:
                app.show_title()
        elif b & _PREV:
            self.sel = (self.sel - 1) % n
            self.sure = False
            self._lines()
        elif b & _NEXT:
            self.sel = (self.sel + 1) % n
            self.sure = False
            self._lines()
        elif b & I.BTN_A:
            if self.sel == n - 1:
                app.show_title()
            elif self.sel == n - 2:
                if self.sure:
                    self.sure = False
                    app.stats.reset()
                    self._lines()
                    self.sel = len(self.lines) - 2
                    self.footer = "Statistics reset"
                else:
                    self.sure = True
                    self._lines()
