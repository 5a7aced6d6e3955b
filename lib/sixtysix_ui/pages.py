"""The page screens of the App: the title menu and the hand summary / match end.

A page is a header, rows (some of them a menu: `sel` is the highlighted row, -1 for
none), a footer and optional decoration cards (render.py Renderer.page).  Each screen
owns its state and talks to the App (app.py) only through its shared fields and the
match-flow methods (new_match, next_hand, enter_play, save, ...).

Hook points for more pages: Title.add(label, handler) puts an entry above "How to
play" (a page of its own, e.g. statistics, or an option; handler() is called on A, and
the title's lines are spelt again if it is still shown; label is a str, or a function
giving the text, for an option); Summary.add(label, handler) puts an entry under the
hand's lines, after "Next hand" (e.g. a review).
The help pages are help.py, imported when first opened (App.open_page); with 3 or 4
players the title's "House rules" opens house_page.py (imported then, dropped when it
closes).  The summary's words are the kind's (app.kind: kind_two.py, kind_multi.py).
"""
from micropython import const

from sixtysix_core import rules as R
from sixtysix_ui import input as I
from sixtysix_ui.render import unload

# sixtysix_core.bot.LEVELS (not imported: a 3- or 4-player match never loads that bot)
LEVELS = ("easy", "normal", "hard")

_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down

# Title menu entries (ints; an added entry is _T_EXTRA + its index)
_T_CONTINUE = const(0)
_T_NEW = const(1)
_T_LEVEL = const(2)
_T_RULES = const(3)
_T_POINTS = const(4)
_T_DRAW = const(5)
_T_HELP = const(6)
_T_TARGET = const(7)            # rule options on top of the preset (RULES.md section 4)
_T_SWAP = const(8)
_T_AUTO = const(9)
_T_HOUSE = const(10)            # 3 and 4 players: house_page.py, imported when opened
_T_EXTRA = const(20)
_TARGETS = ("7", "10", "6")     # match_target, in the order a press cycles them
_DECO = (2 * 6 + 3, 2 * 6 + 2)  # K and Q of hearts beside the title menu (TFT)


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


class Title(Page):
    ID = 0                      # app.S_TITLE

    def __init__(self, app):
        super().__init__(app)
        self.menu = []
        self.extra = []             # (label, handler) added by other screens' modules
        self.deco = _DECO

    def add(self, label, handler):
        self.extra.append((label, handler))

    def enter(self):
        app = self.app
        m = []
        if app.in_match:
            m.append(_T_CONTINUE)
        m.append(_T_NEW)
        m.append(_T_LEVEL)
        m.append(_T_RULES)
        m.append(_T_TARGET)
        if app.choice.players == 2:
            m.append(_T_SWAP)               # 3 and 4 players: no talon, no swap
        else:
            m.append(_T_HOUSE)
        m.append(_T_AUTO)
        m.append(_T_POINTS)
        m.append(_T_DRAW)
        for i in range(len(self.extra)):
            m.append(_T_EXTRA + i)
        m.append(_T_HELP)
        self.menu = m
        self.sel = 0
        self.header = "SIXTY-SIX" if app.layout.MONO else "SIXTY-SIX  vs  bot"
        if app.choice.players != 2 and not app.layout.MONO:
            self.header += "s"
        self._lines()

    def _lines(self):
        """Spell out every entry (rule values too: cold path, once per change)."""
        app = self.app
        st = app.settings
        choice = app.choice
        nxt = app.in_match and (choice.preset != app.rules.preset
                                or choice.overrides() != app.rules.overrides())
        lines = []
        for entry in self.menu:
            if entry == _T_CONTINUE:
                lines.append("Continue match")
            elif entry == _T_NEW:
                lines.append("New match")
            elif entry == _T_LEVEL:
                lines.append("Bot: " + LEVELS[st.level])
            elif entry == _T_RULES:
                name = R.preset_names()[st.preset]
                if choice.players > 2:              # THREE_PLAYER_PL: "3 players PL"
                    name = "%d players PL" % choice.players
                lines.append("Rules: " + name)
            elif entry == _T_TARGET:
                lines.append("Match to: " + choice.get("match_target"))
            elif entry == _T_SWAP:
                lines.append("Swap trump %s: %s" % ("9" if choice.deck == 24 else "J",
                                                    choice.get("exchange")))
            elif entry == _T_AUTO:
                lines.append("Auto 66: " + ("on" if choice.auto_declare else "off"))
            elif entry == _T_POINTS:
                lines.append("My points: " + ("show" if st.reveal else "hide"))
            elif entry == _T_DRAW:
                lines.append("Draw: " + ("auto" if st.auto_draw else "by hand"))
            elif entry == _T_HOUSE:
                lines.append("House rules")
            elif entry >= _T_EXTRA:
                label = self.extra[entry - _T_EXTRA][0]
                lines.append(label if isinstance(label, str) else label())
            else:
                lines.append("How to play")
        self.lines = lines
        if app.storage.note:
            self.footer = app.storage.note
        elif nxt:
            self.footer = "Options: next match"
        else:
            self.footer = "A: pick  arrows: move"
        app.dirty = True

    def step(self, b, now):
        app = self.app
        if b & _PREV:
            self.sel = (self.sel - 1) % len(self.menu)
            app.dirty = True
        elif b & _NEXT:
            self.sel = (self.sel + 1) % len(self.menu)
            app.dirty = True
        elif b & (I.BTN_A | I.BTN_START):
            entry = self.menu[self.sel]
            st = app.settings
            choice = app.choice
            if entry == _T_CONTINUE:
                app.enter_play()
                return
            if entry == _T_NEW:
                app.new_match()
                return
            if entry == _T_HELP:
                app.open_page("sixtysix_ui.help")
                return
            if entry == _T_HOUSE:
                app.open_page("sixtysix_ui.house_page")
                return
            if entry >= _T_EXTRA:
                self.extra[entry - _T_EXTRA][1]()
                if app.current is self:
                    self._lines()
                return
            if entry == _T_LEVEL:
                st.level = (st.level + 1) % len(LEVELS)
            elif entry == _T_RULES:
                i = app.presets.index(st.preset) if st.preset in app.presets else -1
                st.preset = app.presets[(i + 1) % len(app.presets)]
                R.preset(R.preset_names()[st.preset]).copy_into(choice)
                self.enter()                # the entries of 2 or of 3 and 4 players
                self.sel = self.menu.index(_T_RULES)
            elif entry == _T_TARGET:
                now = choice.get("match_target")
                i = _TARGETS.index(now) if now in _TARGETS else -1
                choice.set("match_target", _TARGETS[(i + 1) % len(_TARGETS)])
            elif entry == _T_SWAP:
                choice.exchange ^= 1
            elif entry == _T_AUTO:
                choice.auto_declare ^= 1
            elif entry == _T_POINTS:
                st.reveal ^= 1
            elif entry == _T_DRAW:
                st.auto_draw ^= 1
            app.save()
            if _T_TARGET <= entry <= _T_AUTO or entry == _T_RULES:
                app.storage.save_choice(st, choice)
            self._lines()


class Summary(Page):
    """The end of a hand (and then of the match): its lines, and a menu when other
    modules added entries (Summary.add); A on the first entry goes on."""
    ID = 2                      # app.S_SUMMARY

    def __init__(self, app):
        super().__init__(app)
        self.extra = []
        self._first = 0
        self._on = ""
        self.match_end = False

    def add(self, label, handler):
        self.extra.append((label, handler))

    def enter(self):
        app = self.app
        self.match_end = False
        self.header, lines = self._lines(False)
        on = "See the result" if app.match.is_over() else "Next hand"
        self._on = "A: " + on[:1].lower() + on[1:]
        self.footer = self._on
        if self.extra:
            self._first = len(lines)
            lines.append(on)
            for label, _handler in self.extra:
                lines.append(label)
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
        self.footer = "A: open" if self.sel > self._first else self._on

    def _end(self):
        self.match_end = True
        self.header, self.lines = self._lines(True)
        self.sel = -1
        self.footer = "A: back to the title"
        self.app.dirty = True

    def step(self, b, now):
        app = self.app
        if self.sel >= 0 and not self.match_end:
            n = len(self.lines)
            if b & _PREV and self.sel > self._first:
                self.sel -= 1
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
            app.show_title()
        elif app.match.is_over():
            self._end()
            app.screen = 3              # app.S_MATCH_END
        else:
            app.next_hand()
