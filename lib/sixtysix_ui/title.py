"""The title menu (a screen of App), loaded while the title shows and dropped for the play.

App.show_title() imports this module and makes a Title; App.enter_play() drops both, so
that the play does not carry the title's code (about 7 KB of heap on a board).  What
the title needs to keep between its showings lives on the App: the entries other modules
add (app.extra: Title.add) and the choice and settings it changes.

Title.add(label, handler) puts an entry above "How to play" (a page of its own, e.g.
statistics, or an option; handler() is called on A, and the title's lines are spelt
again if it is still shown; label is a str, or a function giving the text, for an
option).  Help, statistics and the house rules are App.open_page's.

reload(app, multi): a new match of the other kind on a board (App.new_match).
other(app): "Resume N-pl. match", the other kind's saved match made the newest save and
resumed (on a board after a reload); the match left is kept in its own region and
offered the same way.
"""
from micropython import const

from sixtysix_core import rules as R
from sixtysix_ui import input as I
from sixtysix_ui import words
from sixtysix_ui.pages import LEVELS, Page, level_name, preset_name
from sixtysix_ui.storage import INTENT, MULTI, SLOT
from sixtysix_ui.words import tx

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
_T_OTHER = const(11)            # the other kind's saved match (storage.other)
_T_LANG = const(12)
_T_LEARN = const(13)            # "Learn 66": the lesson (App.learn, lesson.py)
_PREF_LANG = const(14)          # stats.PREF_LANG
_T_EXTRA = const(20)
# words: title common lesson
_W_HEADER = const(384)
_W_HEADER_WIDE = const(385)
_W_HEADER_WIDE_BOTS = const(386)
_W_CONTINUE = const(387)
_W_NEW = const(388)
_W_OTHER = const(389)
_W_LEVEL = const(390)
_W_RULES = const(391)
_W_TARGET = const(392)
_W_SWAP = const(393)
_W_AUTO = const(394)
_W_ON = const(17)
_W_OFF = const(18)
_W_POINTS_SHOW = const(395)
_W_POINTS_HIDE = const(396)
_W_DRAW_AUTO = const(397)
_W_DRAW_HAND = const(398)
_W_HOUSE = const(399)
_W_HELP = const(400)
_W_LANGUAGE = const(401)
_W_LEVEL0_TIP = const(414)      # then LEVEL1_TIP, LEVEL2_TIP
_W_NEXT_MATCH = const(404)
_W_FOOTER = const(405)
_W_RANK0 = const(1)
_W_RANK1 = const(2)
_W_LEARN = const(1540)
_TARGETS = ("7", "10", "6")     # match_target, in the order a press cycles them
_DECO = (2 * 6 + 3, 2 * 6 + 2)  # K and Q of hearts beside the title menu (TFT)


class Title(Page):
    ID = 0                      # app.S_TITLE

    def __init__(self, app):
        super().__init__(app)
        self.menu = []
        self.extra = app.extra    # (label, handler) added by other screens' modules
        self.deco = _DECO
        self._nxt = False

    def add(self, label, handler):
        self.extra.append((label, handler))

    def enter(self):
        app = self.app
        m = []
        if app.in_match:
            m.append(_T_CONTINUE)
        if app.storage.other is not None:
            m.append(_T_OTHER)
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
        m.append(_T_LANG)
        for i in range(len(self.extra)):
            m.append(_T_EXTRA + i)
        m.append(_T_HELP)
        if not app.kind.MULTI:
            m.append(_T_LEARN)              # two players: last, so no entry moves
        old = self.menu[self.sel] if 0 <= self.sel < len(self.menu) else -1
        self.menu = m
        self.sel = m.index(old) if old in m else 0      # back from a page: on its entry
        self.header = tx(_W_HEADER if app.layout.MONO else _W_HEADER_WIDE
                         if app.choice.players == 2 else _W_HEADER_WIDE_BOTS)
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
                lines.append(tx(_W_CONTINUE))
            elif entry == _T_NEW:
                lines.append(tx(_W_NEW))
            elif entry == _T_OTHER:
                lines.append(tx(_W_OTHER) % app.storage.other[0])
            elif entry == _T_LEVEL:
                lines.append(tx(_W_LEVEL) % level_name(st.level))
            elif entry == _T_RULES:
                lines.append(tx(_W_RULES) % preset_name(st.preset))
            elif entry == _T_TARGET:
                lines.append(tx(_W_TARGET) % choice.get("match_target"))
            elif entry == _T_SWAP:
                lines.append(tx(_W_SWAP) % (tx(_W_RANK0 if choice.deck == 24 else _W_RANK1),
                                            tx(_W_OFF if choice.exchange else _W_ON)))
            elif entry == _T_AUTO:
                lines.append(tx(_W_AUTO) % tx(_W_ON if choice.auto_declare else _W_OFF))
            elif entry == _T_POINTS:
                lines.append(tx(_W_POINTS_SHOW if st.reveal else _W_POINTS_HIDE))
            elif entry == _T_DRAW:
                lines.append(tx(_W_DRAW_AUTO if st.auto_draw else _W_DRAW_HAND))
            elif entry == _T_HOUSE:
                lines.append(tx(_W_HOUSE))
            elif entry == _T_LANG:
                lines.append(tx(_W_LANGUAGE) % words.name)
            elif entry == _T_LEARN:
                lines.append(tx(_W_LEARN))
            elif entry >= _T_EXTRA:
                label = self.extra[entry - _T_EXTRA][0]
                lines.append(tx(label) if isinstance(label, int) else label())
            else:
                lines.append(tx(_W_HELP))
        self.lines = lines
        self._nxt = nxt
        self._footer()

    def _footer(self):
        """A note, else how strong the highlighted level is, else what the keys do."""
        app = self.app
        if app.storage.note:
            self.footer = tx(app.storage.note)
        elif self.menu[self.sel] == _T_LEVEL:
            self.footer = tx(_W_LEVEL0_TIP + app.settings.level)
        elif self._nxt:
            self.footer = tx(_W_NEXT_MATCH)
        else:
            self.footer = tx(_W_FOOTER)
        app.dirty = True

    def step(self, b, now):
        app = self.app
        if b & _PREV:
            self.sel = (self.sel - 1) % len(self.menu)
            self._footer()
        elif b & _NEXT:
            self.sel = (self.sel + 1) % len(self.menu)
            self._footer()
        elif b & (I.BTN_A | I.BTN_START):
            entry = self.menu[self.sel]
            st = app.settings
            choice = app.choice
            if entry == _T_CONTINUE:
                app.then = app.enter_play
                return
            if entry == _T_NEW:
                app.then = app.new_match
                return
            if entry == _T_OTHER:
                other(app)
                return
            if entry == _T_LEARN:
                app.then = app.learn
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
            if entry == _T_LANG:
                set_lang(app, words.LANGS[(words.LANGS.index(words.lang) + 1)
                                          % len(words.LANGS)])
                self.enter()                # every entry in the new language
                self.sel = self.menu.index(_T_LANG)
                return
            if entry == _T_LEVEL:
                st.level = (st.level + 1) % LEVELS
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


def set_lang(app, code):
    """The title's Language entry: speak `code` from now on, kept in the preferences
    (statistics' prefs, bits 1-3: 1 + its index in words.LANGS)."""
    from sixtysix_ui import start
    from sixtysix_ui.render import unload
    start.set_lang(app, code)
    unload("sixtysix_ui.start")
    k = words.LANGS.index(words.lang) + 1
    app.set_prefs(app.prefs & ~_PREF_LANG | k << 1)


def reload(app, multi):
    """A match of the other kind on a board: the old match is given up (as a new match
    does), the choice kept in the region of its kind, a new match asked of the next
    start (storage.INTENT: the low byte of that save's seq and its complement), then
    supervisor.reload().  False, and nothing changed,
    without it (the laptop plays both kinds in one heap)."""
    try:
        import supervisor
    except ImportError:
        return False
    reload_now = getattr(supervisor, "reload", None)
    if reload_now is None:
        return False
    app.in_match = False
    app.set_kind(multi)
    app.kind.save()
    st = app.storage
    s = (st.seq - 1) & 0xFF                 # the intent names the save just written
    if not st.write(INTENT, bytes((s, s ^ 0xFF)), 2):
        return False
    reload_now()
    return True


def other(app):
    """The other kind's saved match (storage.other) resumed: this one saved where it
    is, the other's image written again with the next seq, so that it is the newest save
    (the same bytes but the seq and the checksum), then a reload on a board, or the
    start run again in this heap on a laptop."""
    from sixtysix_core.persist import fletcher16
    st = app.storage
    players, at = st.other
    app.save()
    buf = st.buf
    buf[:] = st.read(at, SLOT)
    n = buf[3] | buf[4] << 8
    buf[5] = st.seq & 0xFF
    buf[6] = st.seq >> 8
    buf[n - 2], buf[n - 1] = fletcher16(buf, 0, n - 2)
    if not st.put(MULTI if players > 2 else 0, n):
        return
    try:
        import supervisor
        reload_now = supervisor.reload
    except (ImportError, AttributeError):
        reload_now = None
    if reload_now is not None:
        reload_now()
        return
    from sixtysix_ui import start           # the laptop: both kinds in one heap
    from sixtysix_ui.render import unload
    app.kind = app.match = app.deal = app.view = app.bot_view = app.table = None
    app.in_match = False
    start.start(app)
    unload("sixtysix_ui.start")
    app.then = app.show_title
