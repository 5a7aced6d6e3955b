"""The handheld app: a screen state machine driven only by step(buttons, now_ms).

buttons  logical button bits pressed since the last step (input.py: BTN_*)
now_ms   ticks in ms (supervisor.ticks_ms on the device, a fake clock in tests)
screen   S_TITLE (menu), S_PLAY (the table), S_SUMMARY (hand over), S_MATCH_END, S_HELP
seats    the human is seat HUMAN = 0, the bot seat BOT = 1

Inside S_PLAY, overlays take the buttons first: the trick animation (anim_start >= 0),
the message box (toast_lines), the last trick (show_last), the popup menu
(popup_items / popup_actions; forced when the human's only choices are actions such as
exchange-or-pass after a close).  The engine state is the core's Deal and Match; the
screen reads them through the human's PlayerView.  Popup entries are engine actions
(deal.py ints) or the UI codes U_* below.

The game is saved after every trick, at the end of every hand and when leaving for the
title; a finished hand is printed between BEGIN/END SIXTYSIX RECORD lines.
"""
from micropython import const

from sixtysix_core import bot
from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core import persist
from sixtysix_core import record
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng
from sixtysix_core.view import PlayerView
from sixtysix_ui import input as I
from sixtysix_ui import texts
from sixtysix_ui.render import NO_CARD, Renderer
from sixtysix_ui.storage import Storage
from sixtysix_ui.table import (ANIM_MOVE_MS, ANIM_SHOW_MS, BOT, BOT_DELAY_MS, HUMAN,  # noqa: F401
                               U_BACK, U_HINT, U_LAST, U_QUIT, TableMixin)


S_TITLE = const(0)
S_PLAY = const(1)
S_SUMMARY = const(2)
S_MATCH_END = const(3)
S_HELP = const(4)
_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down

# Title menu entries
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
_TARGETS = ("7", "10", "6")     # match_target, in the order a press cycles them


def supported_presets():
    """Indexes into rules.preset_names() of the presets this app can play: two players (the
    app has one human and one bot seat) and nothing RuleSet.unsupported() refuses."""
    out = []
    names = R.preset_names()
    for i in range(len(names)):
        rules = R.preset(names[i])
        if rules.players == 2 and rules.unsupported() is None:
            out.append(i)
    return tuple(out)


class App(TableMixin):
    def __init__(self, hw, font=None, seed=None, nvm=None, layout=None, record_out=print):
        if layout is None:
            if hw.MONO:
                from sixtysix_ui import layout_oled as layout
            else:
                from sixtysix_ui import layout_tft as layout
        if font is None:
            import terminalio
            font = terminalio.FONT
        self.hw = hw
        self.layout = layout
        self.input = I.Input(hw.keys, hw.KEYMAP, hw.joystick)
        self.render = Renderer(hw.display, layout, font)
        self.storage = Storage(nvm if nvm is not None else getattr(hw, "nvm", None))
        self._record_out = record_out
        self.presets = supported_presets()
        self.settings = persist.Settings()
        self.rules = R.RuleSet()                # the rules of the match being played
        self.choice = R.RuleSet()               # the rules chosen for the next match
        self.match = M.Match(self.rules)
        self.deal = D.Deal(self.rules)
        self.view = PlayerView(self.deal, HUMAN)
        self.bot_view = PlayerView(self.deal, BOT)
        self.rng = Rng(seed if seed is not None else 66)
        self.hint_rng = Rng(7)
        self.in_match = False
        # table fields read by the renderer
        self.slots = bytearray(6)
        self.nslots = 0
        self.cursor = 0
        self.cursor_visible = False
        self.legal = 0
        self.trick_bot = NO_CARD
        self.trick_me = NO_CARD
        self.trick_dy = 0
        self.message = ""
        self.popup_items = None
        self.popup_actions = None
        self.popup_sel = 0
        self.popup_forced = False
        self.toast_lines = None
        self.show_last = False
        self.anim_start = -1
        self.anim_winner = -1
        self.bot_since = 0
        self.note = ""
        self.hand_recorded = False
        self._was_mine = False
        self._now = 0
        # page fields
        self.screen = S_TITLE
        self.menu = []
        self.menu_sel = 0
        self.help_page = 0
        self._page = None
        saved = self.storage.load()
        if saved is not None:
            self._resume(saved)
        self._dirty = True
        self._title()

    # ---------------------------------------------------------------- driving

    def run(self):
        """The device loop: poll buttons, step, repeat (no other sleeping)."""
        import supervisor
        import time
        while True:
            now = supervisor.ticks_ms()
            self.step(self.input.poll(now), now)
            time.sleep(0.01)

    def busy(self):
        """True while the app moves on by itself (animation or the bot's turn)."""
        if self.screen != S_PLAY:
            return False
        d = self.deal
        if self.anim_start >= 0 or d.is_over() or self.toast_lines is not None:
            return self.anim_start >= 0
        if d.to_move == BOT:
            return True
        return d.phase == D.PH_LEAD and d.pending_draw and self.settings.auto_draw == 1

    def step(self, buttons, now_ms):
        s = self.screen
        if s == S_PLAY:
            self._step_play(buttons, now_ms)
        elif s == S_TITLE:
            self._step_title(buttons)
        elif s == S_HELP:
            if buttons & (I.BTN_B | I.BTN_START):
                self._title()
            elif buttons & (I.BTN_A | _NEXT):
                self.help_page += 1
                if self.help_page >= len(texts.HELP):
                    self._title()
                else:
                    self._help()
            elif buttons & _PREV and self.help_page > 0:
                self.help_page -= 1
                self._help()
        elif buttons & (I.BTN_A | I.BTN_START):
            if s == S_SUMMARY:
                if self.match.is_over():
                    self._match_end()
                else:
                    self._next_hand()
            else:
                self.in_match = False
                self._save()
                self._title()
        if self._dirty:
            self._dirty = False
            self._draw()

    def _draw(self):
        if self.screen == S_PLAY:
            self._update_message()
            self.render.table(self)
        else:
            header, lines, sel, footer, deco = self._page
            self.render.page(header, lines, sel, footer, deco)
        self.render.refresh()

    # ------------------------------------------------------------------ pages

    def _title(self):
        self.screen = S_TITLE
        self.menu_sel = 0
        m = []
        if self.in_match:
            m.append(_T_CONTINUE)
        m.append(_T_NEW)
        m.append(_T_LEVEL)
        m.append(_T_RULES)
        m.append(_T_TARGET)
        m.append(_T_SWAP)
        m.append(_T_AUTO)
        m.append(_T_POINTS)
        m.append(_T_DRAW)
        m.append(_T_HELP)
        self.menu = m
        if self.menu_sel >= len(m):
            self.menu_sel = 0
        self._title_page()

    def _title_page(self):
        st = self.settings
        lines = []
        for entry in self.menu:
            if entry == _T_CONTINUE:
                lines.append("Continue match")
            elif entry == _T_NEW:
                lines.append("New match")
            elif entry == _T_LEVEL:
                lines.append("Bot: " + bot.LEVELS[st.level])
            elif entry == _T_RULES:
                lines.append("Rules: " + R.preset_names()[st.preset])
            elif entry == _T_TARGET:
                lines.append("Match to: " + self.choice.get("match_target"))
            elif entry == _T_SWAP:
                lines.append("Swap trump %s: %s" % ("9" if self.choice.deck == 24 else "J",
                                                    self.choice.get("exchange")))
            elif entry == _T_AUTO:
                lines.append("Auto 66: " + ("on" if self.choice.auto_declare else "off"))
            elif entry == _T_POINTS:
                lines.append("My points: " + ("show" if st.reveal else "hide"))
            elif entry == _T_DRAW:
                lines.append("Draw: " + ("auto" if st.auto_draw else "by hand"))
            else:
                lines.append("How to play")
        footer = self.storage.note or "A: choose  arrows: move"
        header = "SIXTY-SIX" if self.layout.MONO else "SIXTY-SIX  vs  bot"
        self._page = (header, lines, self.menu_sel, footer, (2 * 6 + 3, 2 * 6 + 2))
        self._dirty = True

    def _move_title(self, delta):
        """Move the highlight only: the lines stay as they are (building them spells out
        rule values and makes garbage on a board)."""
        self.menu_sel = (self.menu_sel + delta) % len(self.menu)
        header, lines, _sel, footer, deco = self._page
        self._page = (header, lines, self.menu_sel, footer, deco)
        self._dirty = True

    def _step_title(self, b):
        if b & _PREV:
            self._move_title(-1)
        elif b & _NEXT:
            self._move_title(1)
        elif b & (I.BTN_A | I.BTN_START):
            entry = self.menu[self.menu_sel]
            st = self.settings
            if entry == _T_CONTINUE:
                self._enter_play()
                return
            if entry == _T_NEW:
                self._new_match()
                return
            if entry == _T_HELP:
                self.help_page = 0
                self._help()
                return
            if entry == _T_LEVEL:
                st.level = (st.level + 1) % len(bot.LEVELS)
            elif entry == _T_RULES:
                i = self.presets.index(st.preset) if st.preset in self.presets else -1
                st.preset = self.presets[(i + 1) % len(self.presets)]
                R.preset(R.preset_names()[st.preset]).copy_into(self.choice)
            elif entry == _T_TARGET:
                now = self.choice.get("match_target")
                i = _TARGETS.index(now) if now in _TARGETS else -1
                self.choice.set("match_target", _TARGETS[(i + 1) % len(_TARGETS)])
            elif entry == _T_SWAP:
                self.choice.exchange ^= 1
            elif entry == _T_AUTO:
                self.choice.auto_declare ^= 1
            elif entry == _T_POINTS:
                st.reveal ^= 1
            elif entry == _T_DRAW:
                st.auto_draw ^= 1
            self._save()
            self._title_page()

    def _help(self):
        self.screen = S_HELP
        header, lines = texts.HELP[self.help_page]
        self._page = (header, list(lines), -1, "A: next  B: back", None)
        self._dirty = True

    def _match_end(self):
        self.screen = S_MATCH_END
        header, lines = texts.match_end(self.match)
        self._page = (header, lines, -1, "A: back to the title", None)
        self._dirty = True

    # ------------------------------------------------------------ match flow

    def _resume(self, saved):
        self.settings = saved.settings
        if saved.rng_state is not None:
            self.rng.set_state(saved.rng_state)
        if self.settings.preset not in self.presets:
            self.settings.preset = self.presets[0]
        if saved.rules.players != 2:
            return
        saved.rules.copy_into(self.choice)
        if saved.match is None or saved.match.is_over():
            return
        saved.rules.copy_into(self.rules)
        self.deal.configure()
        m = saved.match
        for s in range(2):
            self.match.scores[s] = m.scores[s]
        self.match.dealer = m.dealer
        self.match.target = m.target
        self.match.draw_bonus = m.draw_bonus
        self.match.hands = m.hands
        self.match.winner = -1
        if saved.deal is not None:
            saved.deal.copy_into(self.deal)
        else:
            self.deal.new_hand(self.match.dealer, self.rng)
        self.in_match = True

    def _new_match(self):
        self.choice.copy_into(self.rules)
        self.deal.configure()
        self.match.start(self.rng)
        self.in_match = True
        self._next_hand()

    def _next_hand(self):
        self.hand_recorded = False
        self.deal.new_hand(self.match.dealer, self.rng)
        self._save()
        self._enter_play()

    def _enter_play(self):
        self.screen = S_PLAY
        self.note = "Your lead" if self.deal.to_move == HUMAN else ""
        self.popup_items = None
        self.toast_lines = None
        self.show_last = False
        self.anim_start = -1
        self._after_change()

    def _save(self):
        self.storage.save(self.settings, self.rng.get_state(),
                          self.match if self.in_match else None, self.deal, self.choice)

    def _finish_hand(self):
        d = self.deal
        self.hand_recorded = True
        self.match.record(d)
        # Serial console copy of the finished hand (RECORD_FORMAT.md).
        self._record_out("BEGIN SIXTYSIX RECORD\n" + record.format_record(d)
                         + "END SIXTYSIX RECORD")
        if self.match.is_over():
            self.in_match = False
        self._save()
        self.screen = S_SUMMARY
        header, lines = texts.summary(d, self.match)
        footer = "A: see the result" if self.match.is_over() else "A: next hand"
        self._page = (header, lines, -1, footer, None)
        self._dirty = True
