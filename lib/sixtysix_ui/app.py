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
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core import persist
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng
from sixtysix_core.view import PlayerView
from sixtysix_ui import input as I
from sixtysix_ui import texts
from sixtysix_ui.render import NO_CARD, Renderer, wrap
from sixtysix_ui.storage import Storage

try:
    from sixtysix_core import explain
except ImportError:         # older core: compose the message from legal_cards()
    explain = None
try:
    from sixtysix_core import record
except ImportError:
    record = None

S_TITLE = const(0)
S_PLAY = const(1)
S_SUMMARY = const(2)
S_MATCH_END = const(3)
S_HELP = const(4)
HUMAN = const(0)
BOT = const(1)

U_LAST = const(100)
U_HINT = const(101)
U_QUIT = const(102)
U_BACK = const(103)

BOT_DELAY_MS = const(450)       # the bot's card stays readable before the next move
ANIM_SHOW_MS = const(700)       # a finished trick stays on the table ...
ANIM_MOVE_MS = const(300)       # ... then slides toward its winner

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


def supported_presets():
    """Indexes into rules.PRESETS of the presets this app can play (two players)."""
    return tuple(i for i in range(len(R.PRESETS))
                 if R.preset(R.PRESETS[i][0]).unsupported() is None)


class App:
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
        self.rules = R.RuleSet()
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
                lines.append("Rules: " + R.PRESETS[st.preset][0])
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

    def _step_title(self, b):
        if b & _PREV:
            self.menu_sel = (self.menu_sel - 1) % len(self.menu)
            self._title_page()
        elif b & _NEXT:
            self.menu_sel = (self.menu_sel + 1) % len(self.menu)
            self._title_page()
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
        fresh = R.preset(R.PRESETS[self.settings.preset][0])
        fresh.copy_into(self.rules)
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
                          self.match if self.in_match else None, self.deal)

    def _finish_hand(self):
        d = self.deal
        self.hand_recorded = True
        self.match.record(d)
        if record is not None:
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

    # ---------------------------------------------------------------- table

    def _apply(self, action, seat):
        d = self.deal
        trick = d.trick_no
        lead = d.lead_card
        d.apply(action)
        if action >= 24 and action != D.A_DRAW:
            self.note = texts.did(seat, action, d)
        elif action < 24:
            self.note = ""
        if d.trick_no != trick:
            self.anim_winner = d.last_trick[2]
            self.anim_start = self._now
            self.trick_bot = lead if seat == HUMAN else action
            self.trick_me = action if seat == HUMAN else lead
            self.note = "You win the trick" if self.anim_winner == HUMAN else "Bot wins the trick"
            if not d.is_over():
                self._save()
        elif d.is_over():
            self._finish_hand()
            return
        self._after_change()

    def _after_change(self):
        """Refresh the table fields from the engine after any change."""
        d = self.deal
        v = self.view
        hand = v.hand()
        n = 0
        for c in range(24):
            if hand >> c & 1 and n < 6:
                self.slots[n] = c
                n += 1
        self.nslots = n
        mine = not d.is_over() and d.to_move == HUMAN
        self.legal = v.legal_cards() if mine else 0
        if self.anim_start < 0:
            lead = d.lead_card
            if self.show_last:
                last = v.last_trick()
                if last is None:
                    self.show_last = False
                else:
                    self._set_trick_from_last(last)
            if not self.show_last:
                self.trick_bot = lead if lead != NO_CARD and d.leader == BOT else NO_CARD
                self.trick_me = lead if lead != NO_CARD and d.leader == HUMAN else NO_CARD
                self.trick_dy = 0
        if mine and self.legal and (not self._was_mine or not (
                self.cursor < n and self.legal >> self.slots[self.cursor] & 1)):
            self._cursor_to(self._sensible(self.legal))     # a new turn: a sensible card
        self._was_mine = mine and self.legal != 0
        if self.cursor > n:
            self.cursor = n
        self.cursor_visible = mine
        self._dirty = True

    def _set_trick_from_last(self, last):
        # last = (lead, follow, winner); who led it: the seat that did not play `follow`.
        d = self.deal
        follow_seat = HUMAN if d.played_by[HUMAN] >> last[1] & 1 else BOT
        self.trick_me = last[1] if follow_seat == HUMAN else last[0]
        self.trick_bot = last[0] if follow_seat == HUMAN else last[1]
        self.trick_dy = 0

    def _sensible(self, legal):
        """The cheapest legal card, keeping trumps: where the cursor starts."""
        trump = self.deal.trump
        best = -1
        best_key = 1000
        for c in range(24):
            if legal >> c & 1:
                key = cards.CARD_POINTS[c] * 2 + (60 if c // 6 == trump else 0) + c % 6
                if key < best_key:
                    best_key = key
                    best = c
        return best

    def _cursor_to(self, card):
        for i in range(self.nslots):
            if self.slots[i] == card:
                self.cursor = i
                return

    def _update_message(self):
        d = self.deal
        if self.anim_start >= 0 or self.show_last or self.note:
            self.message = self.note
        elif d.is_over():
            self.message = ""
        elif d.to_move == BOT:
            self.message = "Bot is thinking..."
        elif d.phase == D.PH_LEAD and d.pending_draw:
            self.message = "A: draw cards"
        elif d.phase == D.PH_LEAD:
            if self.settings.reveal and d.total(HUMAN) >= 66:
                self.message = "You have 66: Menu>66"
            else:
                self.message = "Your lead"
        else:
            self.message = "Your turn: follow"

    def _step_play(self, b, now):
        self._now = now
        d = self.deal
        if b & I.BTN_START and not self.popup_forced:
            self.toast_lines = None
            self.popup_items = None
            self._save()
            self._title()
            return
        if self.anim_start >= 0:
            t = I.ticks_diff(now, self.anim_start)
            if b & (I.BTN_A | I.BTN_B) or t >= ANIM_SHOW_MS + ANIM_MOVE_MS:
                self.anim_start = -1
                self.note = ""
                if d.is_over():
                    self._finish_hand()
                    return
                self._after_change()
                self.bot_since = now
            elif t > ANIM_SHOW_MS:
                dy = (t - ANIM_SHOW_MS) * self.layout.ANIM_DY // ANIM_MOVE_MS // 4 * 4
                dy = dy if self.anim_winner == HUMAN else -dy
                if dy != self.trick_dy:
                    self.trick_dy = dy
                    self._dirty = True
            return
        if self.toast_lines is not None:
            if b:
                self.toast_lines = None
                self._dirty = True
            return
        if d.is_over():
            if not self.hand_recorded:
                self._finish_hand()
            return
        if d.to_move == BOT:
            self._bot_turn(now)
            return
        if self.popup_items is not None:
            self._step_popup(b)
            return
        if self.show_last:
            if b:
                self.show_last = False
                self._after_change()
            return
        if d.phase in (D.PH_CLOSE_REPLY, D.PH_DECLARE, D.PH_NONLEADER):
            self._open_popup(True)
            return
        if d.phase == D.PH_LEAD and d.pending_draw and self.settings.auto_draw:
            self._apply(D.A_DRAW, HUMAN)
            return
        n = self.nslots
        if b & I.BTN_LEFT:
            self.cursor = (self.cursor - 1) % (n + 1)
            self._dirty = True
        elif b & I.BTN_RIGHT:
            self.cursor = (self.cursor + 1) % (n + 1)
            self._dirty = True
        elif b & I.BTN_A:
            if self.cursor >= n:
                self._open_popup(False)
            else:
                self._try_card(self.slots[self.cursor])
        elif b & I.BTN_B:
            self._open_popup(False)
        elif b & (I.BTN_SELECT | I.BTN_DOWN):
            self._hint()
        elif b & I.BTN_UP:
            self._last_trick()

    def _bot_turn(self, now):
        if I.ticks_diff(now, self.bot_since) < BOT_DELAY_MS:
            return
        # The thinking indicator is on screen before the bot starts (R: within 100 ms).
        self.note = ""
        self._update_message()
        self.render.table(self)
        self.render.refresh()
        action = bot.choose(self.bot_view, self.settings.level, self.rng)
        self._apply(action, BOT)
        self.bot_since = now

    def _try_card(self, card):
        d = self.deal
        if d.phase == D.PH_LEAD and d.pending_draw:
            self._apply(D.A_DRAW, HUMAN)
            return
        if d.is_legal(card):
            self.bot_since = self._now
            self._apply(card, HUMAN)
            return
        if explain is not None:
            why = explain.why_not(d, card)
        else:
            why = "play one of the bright cards"
        why = why[:1].upper() + why[1:]
        self._toast("Not now: " + why)

    def _toast(self, text):
        self.toast_lines = wrap(text, self.layout.CHARS - 1, [])
        self._dirty = True

    def _hint(self):
        self.note = "Thinking..."
        self._update_message()
        self.render.table(self)
        self.render.refresh()
        action = bot.choose(self.view, 2, self.hint_rng)
        if action < 24:
            self._cursor_to(action)
            self.note = "Hint: " + texts.card_words(action)
        else:
            self.note = "Hint: Menu>" + texts.action_label(action, self.deal)[:12]
        self._dirty = True

    def _last_trick(self):
        if self.view.last_trick() is None:
            self.note = "No trick to show"
        else:
            self.show_last = True
            last = self.view.last_trick()
            self.note = "Last trick: " + ("yours" if last[2] == HUMAN else "bot's")
            self._after_change()
        self._dirty = True

    def _open_popup(self, forced):
        d = self.deal
        items = []
        actions = []
        specials = self.view.legal_specials()
        for a in (D.A_DRAW, D.A_MELD, D.A_MELD + 1, D.A_MELD + 2, D.A_MELD + 3,
                  D.A_EXCHANGE, D.A_CLOSE, D.A_OUT, D.A_PASS):
            if specials >> (a - 24) & 1:
                items.append(texts.action_label(a, d))
                actions.append(a)
        if not forced:
            if self.view.last_trick() is not None:
                items.append("Last trick")
                actions.append(U_LAST)
            items.append("Hint")
            actions.append(U_HINT)
            items.append("Save and quit")
            actions.append(U_QUIT)
            items.append("Back")
            actions.append(U_BACK)
        elif d.phase == D.PH_CLOSE_REPLY:
            self.note = "Bot closed. Swap 9?"
        elif d.phase == D.PH_DECLARE:
            self.note = "Say 66 or pass?"
        self.popup_items = items
        self.popup_actions = actions
        self.popup_sel = 0
        self.popup_forced = forced
        self._dirty = True

    def _step_popup(self, b):
        n = len(self.popup_items)
        if b & _PREV:
            self.popup_sel = (self.popup_sel - 1) % n
            self._dirty = True
        elif b & _NEXT:
            self.popup_sel = (self.popup_sel + 1) % n
            self._dirty = True
        elif b & I.BTN_B and not self.popup_forced:
            self.popup_items = None
            self._dirty = True
        elif b & I.BTN_A:
            a = self.popup_actions[self.popup_sel]
            self.popup_items = None
            self.popup_forced = False
            self._dirty = True
            if a == U_HINT:
                self._hint()
            elif a == U_LAST:
                self._last_trick()
            elif a == U_QUIT:
                self._save()
                self._title()
            elif a < D.NUM_ACTIONS and self.deal.is_legal(a):
                self.note = ""
                self.bot_since = self._now
                self._apply(a, HUMAN)
