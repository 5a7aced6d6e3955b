"""The table screen of the App: playing cards, the bot's turn, overlays and hints.

A mixin of App (app.py), split out only to keep modules short: it reads and writes the
App's fields (deal, view, slots, cursor, popup_*, toast_lines, trick_*, note, ...) as
documented there.  Popup entries are engine actions (deal.py ints) or the U_* codes.
"""
from micropython import const

from sixtysix_core import bot
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_ui import input as I
from sixtysix_ui import texts
from sixtysix_ui.render import NO_CARD, wrap

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


class TableMixin:

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
        # Imported here: only a refused card needs the sentences (about 6 KB of heap).
        from sixtysix_core import explain
        why = explain.why_not(d, card, texts.card_words)   # "A clubs", not "AC"
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
        if forced and D.A_OUT in actions and D.A_PASS in actions and self.view.total(HUMAN) < 66:
            self.popup_sel = actions.index(D.A_PASS)     # a child's A press must not lose
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
