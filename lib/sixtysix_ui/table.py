"""The table screen: playing cards, the bot's turn, overlays, hints (a screen of App).

Table owns its state; the App (app.py) holds what the screens share (deal, match,
views, settings, renderer, rng) and the match flow (saving, finishing a hand).  The
renderer reads these fields (render.py Renderer.table):

  slots[0:nslots]   the human's cards, in card order; cursor 0..ring - 1, where ring is
                    nslots + 1 on a board without a B button (cursor nslots = "Menu",
                    A opens the menu there) and nslots where B opens the menu
  legal             mask of the cards the human may play now (0: not his turn)
  trick_bot, trick_me   the cards shown in the trick area (NO_CARD: none), drawn at
                    pixel positions bot_x, bot_y / me_x, me_y (they move in the animation)
  message           the message line; popup_lines / popup_sel + popup_first the menu
                    (popup_first = 1 when the first line is a title); toast_lines a box

Overlays take the buttons first, in this order: the trick animation (anim_start >= 0),
the message box (toast_lines), the popup menu (popup_items / popup_actions; forced when
the human's only choices are actions such as exchange-or-pass after a close), the last
trick (show_last).  Popup entries are engine actions (deal.py ints) or the U_* codes.

Kept until the human's next move: bot_note (the bot's latest announcement: marriage
with suit and points, swap, close); until a card is led to the next trick (RULES.md R22):
last (the last trick: lead, follow, winner, the seat that led).  A trick the bot won
stays on the table a little longer, and until the bot leads a direction key shows it
(show_last), which holds the bot until any key closes it.  Leading, A on the trump nine
or on the K or Q of a marriage does the swap or the marriage too (_shortcut; a marriage
that reaches 66 opens the menu on Declare 66 instead of leading); the menu
then has an entry U_ALONE + card that leads the highlighted card alone (every card
with the shortcut when the cursor is on "Menu").  Hints are seeded from the position,
so the same position gives the same hint.
"""
from micropython import const

from sixtysix_core import bot
from sixtysix_core import deal as D
from sixtysix_core import playout
from sixtysix_core.cards import SUIT_MASK
from sixtysix_ui import input as I
from sixtysix_ui import texts
from sixtysix_ui.render import NO_CARD, unload, wrap
from sixtysix_ui.words import played, tx

# words: table common
_W_THINKING = const(128)
_W_HINT_THINKING = const(129)
_W_DRAW = const(130)
_W_LEAD = const(131)
_W_FOLLOW = const(132)
_W_HAVE_66 = const(133)
_W_YOU_WIN_TRICK = const(134)
_W_BOT_WINS_TRICK = const(135)
_W_NO_TRICK = const(136)
_W_TRICK_CLOSED = const(137)
_W_LAST_YOURS = const(138)
_W_LAST_BOTS = const(139)
_W_CLOSE_REPLY = const(140)
_W_DECLARE_OR_PASS = const(141)
_W_HINT_TITLE = const(143)
_W_GOT_66 = const(144)
_W_SURE_TITLE = const(145)
_W_SURE_NO = const(146)
_W_SURE_YES = const(147)
_W_MENU_LAST = const(148)
_W_MENU_BOT = const(149)
_W_MENU_HINT = const(150)
_W_MENU_QUIT = const(151)
_W_MENU_PLAYED = const(188)
_W_MENU_TAKE_BACK = const(189)
_W_TAKEN_BACK = const(190)
_W_BACK = const(19)
_W_MENU = const(152)
_W_B_MENU = const(153)
_W_HINT_CARD = const(155)

HUMAN = const(0)
BOT = const(1)
U_LAST = const(100)
U_HINT = const(101)
U_QUIT = const(102)
U_BACK = const(103)
U_SURE = const(104)             # "Yes, declare 66" after the question
U_BOTS = const(105)             # what the bot announced this hand
U_PLAYED = const(106)           # the cards played so far, by suit (easy and normal)
U_TAKE_BACK = const(107)        # take back the human's last card (easy)
U_ALONE = const(110)            # + card: lead it without its swap or marriage

BOT_DELAY_MS = const(450)       # the bot's card stays readable before the next move
ANIM_SHOW_MS = const(700)       # a finished trick stays on the table ...
BOT_WON_MS = const(600)         # ... this much longer when the bot won it (it leads)
ANIM_MOVE_MS = const(300)       # ... then both cards slide to the winner's side
_ANIM_STEPS = const(5)
_PREV = const(5)                # left or up
_NEXT = const(10)               # right or down
_RISKY = (D.A_OUT, D.A_CLOSE)   # a menu never opens on these (they can lose the hand)

# Events for the app's sound hook (App.event)
EV_TURN = const(1)
EV_TRICK_WON = const(2)
EV_MARRIAGE = const(3)
EV_HAND_END = const(4)


def _can_take_back(d):
    """The human has a card to take back (the menu's entry, against easy)."""
    from sixtysix_core import takeback          # only for this, dropped after
    ok = takeback.kept(d, HUMAN) >= 0
    unload("sixtysix_core.takeback")
    return ok


class Table:
    ID = 1                      # app.S_PLAY

    def __init__(self, app):
        L = app.layout
        self.app = app
        self.L = L
        self.slots = bytearray(6)
        self.nslots = 0
        self.menu_slot = not app.input.has_b
        self.menu_label = tx(_W_MENU if self.menu_slot else _W_B_MENU)
        self.cursor = 0
        self.cursor_visible = False
        self.legal = 0
        self.trick_bot = NO_CARD
        self.trick_me = NO_CARD
        self.bot_x, self.bot_y = L.TRICK_BOT
        self.me_x, self.me_y = L.TRICK_ME
        self.message = ""
        self.note = ""
        self.bot_note = ""
        self.popup_items = None
        self.popup_actions = None
        self.popup_lines = None
        self.popup_first = 0
        self.popup_sel = 0
        self.popup_forced = False
        self.asked_66 = False           # A on a card asked "Declare 66?" (_try_card)
        self.toast_lines = None
        self.toast_top = 0
        self.show_last = False
        self.last = bytearray(4)        # lead, follow, winner, leader; NO_CARD: none
        self.last[0] = NO_CARD
        self.anim_start = -1
        self.anim_winner = -1
        self._anim_k = 0
        self.bot_since = 0
        self._was_mine = False
        self._fresh = False
        self._now = 0
        self.hint_rng = None

    # ------------------------------------------------------------- entering

    def enter(self):
        """Show the table for the App's deal (a new hand, Continue or a resume)."""
        self.note = ""
        self.popup_items = None
        self.popup_forced = False
        self.asked_66 = False           # A on a card asked "Declare 66?" (_try_card)
        self.toast_lines = None
        self.show_last = False
        self.anim_start = -1
        self._was_mine = False
        d = self.app.deal
        if d.log_len == 0:
            self.bot_note = ""
            self.last[0] = NO_CARD
        else:
            self._recall(d)
        self._reset_trick_pos()
        self.after_change()

    def _recall(self, d):
        """After a resume: the last trick (unless a card is led since) and the bot's
        announcement since the human's last move, from the engine's state and log."""
        last = self.last
        if last[0] == NO_CARD and d.last_trick[0] != NO_CARD and d.lead_card == NO_CARD:
            last[0] = d.last_trick[0]
            last[1] = d.last_trick[1]
            last[2] = d.last_trick[2]
            last[3] = HUMAN if d.played_by[HUMAN] >> last[0] & 1 else BOT
        if not self.bot_note:
            i = d.log_len - 1
            while i >= 0 and d.log_seat[i] == BOT:
                a = d.log_action[i]
                if a >= D.A_EXCHANGE and a != D.A_PASS:
                    self.bot_note = texts.did(BOT, a, d, self.L.CHARS)
                    break
                i -= 1

    def _take_back(self):
        """Against easy: the hand as it was before the human's last card (and the
        marriage, swap or close he made with it), saved; the bot then plays again."""
        app = self.app
        from sixtysix_core import takeback      # only for this, dropped after
        takeback.replay(app.deal, takeback.kept(app.deal, HUMAN))
        unload("sixtysix_core.takeback")
        app.save()
        self.last[0] = NO_CARD
        self.bot_note = ""
        self.enter()
        self.note = tx(_W_TAKEN_BACK)

    def busy(self):
        """True while the table moves on by itself (animation or the bot's turn)."""
        if self.anim_start >= 0:
            return True
        d = self.app.deal
        if d.is_over() or self.toast_lines is not None or self.show_last:
            return False
        if d.to_move == BOT:
            return True
        return d.phase == D.PH_LEAD and d.pending_draw and self.app.settings.auto_draw == 1

    def draw(self):
        self._update_message()
        self.app.render.table(self)

    # ------------------------------------------------------------- the engine

    def _apply(self, action, seat):
        app = self.app
        d = app.deal
        trick = d.trick_no
        lead = d.lead_card
        leader = d.leader
        d.apply(action)
        if action < 24 and trick == d.trick_no:
            self.last[0] = NO_CARD          # a card led: the old trick is closed (R22)
        if seat == HUMAN:
            self.bot_note = ""
            self._fresh = True              # a new choice: the cursor starts again
            self.asked_66 = False
        if action >= 24 and action != D.A_DRAW:
            text = texts.did(seat, action, d, self.L.CHARS)
            if seat == BOT:
                self.bot_note = text
                self.note = ""
            else:
                self.note = text
            if action >= D.A_MELD:
                app.event(EV_MARRIAGE)
        elif action < 24:
            self.note = ""
        if d.trick_no != trick:
            last = self.last
            last[0] = lead
            last[1] = action
            last[2] = d.last_trick[2]
            last[3] = leader
            self.anim_winner = d.last_trick[2]
            self.anim_start = self._now
            self._anim_k = 0
            self._reset_trick_pos()
            self.trick_bot = lead if seat == HUMAN else action
            self.trick_me = action if seat == HUMAN else lead
            if self.anim_winner == HUMAN:
                self.note = tx(_W_YOU_WIN_TRICK)
                app.event(EV_TRICK_WON)
            else:
                self.note = tx(_W_BOT_WINS_TRICK)
            if not d.is_over():
                app.save()
        elif d.is_over():
            app.then = app.finish_hand
            return
        self.after_change()
        if seat == HUMAN and action >= D.A_MELD and d.total(HUMAN) >= 66 and \
                d.is_legal(D.A_OUT):
            self._open_popup(False, D.A_OUT, tx(_W_GOT_66))     # before anything is led

    def after_change(self):
        """Refresh the table fields from the engine after any change."""
        app = self.app
        d = app.deal
        v = app.view
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
            if self.show_last and self.last[0] == NO_CARD:
                self.show_last = False
            if self.show_last:
                last = self.last
                bot_led = last[3] == BOT
                self.trick_bot = last[0] if bot_led else last[1]
                self.trick_me = last[1] if bot_led else last[0]
            else:
                self.trick_bot = lead if lead != NO_CARD and d.leader == BOT else NO_CARD
                self.trick_me = lead if lead != NO_CARD and d.leader == HUMAN else NO_CARD
        if mine and self.legal and (self._fresh or not self._was_mine or not (
                self.cursor < n and self.legal >> self.slots[self.cursor] & 1)):
            self._cursor_to(self._sensible(self.legal))     # a new turn: a sensible card
        self._fresh = False
        if mine and not self._was_mine:
            app.event(EV_TURN)
        self._was_mine = mine and self.legal != 0
        if self.cursor >= self.ring():
            self.cursor = self.ring() - 1 if n else 0
        self.cursor_visible = mine
        app.dirty = True

    def ring(self):
        """How many places the cursor moves through: the cards (and "Menu")."""
        return self.nslots + 1 if self.menu_slot else self.nslots

    def _reset_trick_pos(self):
        L = self.L
        self.bot_x, self.bot_y = L.TRICK_BOT
        self.me_x, self.me_y = L.TRICK_ME

    def _sensible(self, legal):
        """Where the cursor starts: leading, the cheapest card keeping trumps and a
        marriage just announced; following, the cheapest card that takes a trick worth
        it, else the cheapest (sixtysix_core.playout: what a plain player does)."""
        d = self.app.deal
        trumps = SUIT_MASK[d.trump]
        if d.lead_card != NO_CARD:
            return playout.follow_card(legal, d.trump, d.lead_card)
        if d.meld_suit >= 0:
            return playout.cheapest(legal & SUIT_MASK[d.meld_suit], trumps)
        specials = self.app.view.legal_specials()
        if specials & D.B_EXCHANGE:     # the trump nine: A swaps it for the upcard
            return d.exchange_card()
        specials >>= D.A_MELD - 24
        if specials & 15:               # a marriage to show: its queen (A shows it)
            suit = d.trump if specials >> d.trump & 1 else 0
            while not specials >> suit & 1:
                suit += 1
            return suit * 6 + 2
        return playout.cheapest(legal, trumps)

    def _cursor_to(self, card):
        for i in range(self.nslots):
            if self.slots[i] == card:
                self.cursor = i
                return

    def _update_message(self):
        d = self.app.deal
        if self.anim_start >= 0 or self.show_last or self.note:
            self.message = self.note
        elif d.is_over():
            self.message = ""
        elif d.to_move == BOT:
            self.message = tx(_W_THINKING)
        elif self.bot_note:
            self.message = self.bot_note
        elif d.total(HUMAN) >= 66 and d.legal_specials() & D.B_OUT:
            self.message = tx(_W_HAVE_66)        # no number: also with the points hidden
        elif d.phase == D.PH_LEAD and d.pending_draw:
            self.message = tx(_W_DRAW)
        elif d.phase == D.PH_LEAD:
            self.message = tx(_W_LEAD)
        else:
            self.message = tx(_W_FOLLOW)

    # ---------------------------------------------------------------- buttons

    def step(self, b, now):
        self._now = now
        app = self.app
        d = app.deal
        if b & I.BTN_START and not self.popup_forced:
            self.toast_lines = None
            self.popup_items = None
            app.then = app.quit_to_title
            return
        if self.anim_start >= 0:
            self._animate(b, now)
            return
        if self.toast_lines is not None:
            self._step_toast(b)
            return
        if d.is_over():
            if not app.hand_recorded:
                app.then = app.finish_hand
            return
        if self.show_last:
            if b:
                self.show_last = False
                self.note = ""
                self.bot_since = now
                self.after_change()
            return
        if d.to_move == BOT:
            if b & I.DIRECTIONS and self.last[0] != NO_CARD:
                self._last_trick()          # before the bot leads: it waits (R22)
            else:
                self._bot_turn(now)
            return
        if self.popup_items is not None:
            self._step_popup(b)
            return
        if d.phase in (D.PH_CLOSE_REPLY, D.PH_DECLARE, D.PH_NONLEADER):
            self._open_popup(True)
            return
        draw = d.phase == D.PH_LEAD and d.pending_draw
        if draw and app.settings.auto_draw:
            self._apply(D.A_DRAW, HUMAN)
            return
        n = self.nslots
        if b & (I.BTN_LEFT | I.BTN_RIGHT) and self.ring():
            step = -1 if b & I.BTN_LEFT else 1
            self.cursor = (self.cursor + step) % self.ring()
            app.dirty = True
        elif b & I.BTN_A:
            if draw:
                self._apply(D.A_DRAW, HUMAN)    # what the message line says
            elif self.cursor >= n:
                self._open_popup(False)
            else:
                self._try_card(self.slots[self.cursor])
        elif b & I.BTN_B:
            self._open_popup(False)
        elif b & (I.BTN_SELECT | I.BTN_DOWN):
            self._hint()
        elif b & I.BTN_UP:
            self._last_trick()

    def _animate(self, b, now):
        app = self.app
        d = app.deal
        show = ANIM_SHOW_MS
        if self.anim_winner == BOT and not d.is_over():
            show += BOT_WON_MS              # it leads next: time to look (R22)
        t = I.ticks_diff(now, self.anim_start)
        look = b & I.DIRECTIONS and d.to_move == BOT
        if b & (I.BTN_A | I.BTN_B) or look or t >= show + ANIM_MOVE_MS:
            self.anim_start = -1
            self.note = ""
            self._reset_trick_pos()
            if d.is_over():
                app.then = app.finish_hand
                return
            self.after_change()
            self.bot_since = now
            if look:
                self._last_trick()
        elif t > show:
            k = (t - show) * _ANIM_STEPS // ANIM_MOVE_MS + 1
            if k != self._anim_k:
                # Both cards slide from where they lie to the winner's pile (layout).
                self._anim_k = k
                L = self.L
                px, py = L.PILE_ME if self.anim_winner == HUMAN else L.PILE_BOT
                x, y = L.TRICK_BOT
                self.bot_x = x + (px - x) * k // _ANIM_STEPS
                self.bot_y = y + (py - y) * k // _ANIM_STEPS
                x, y = L.TRICK_ME
                self.me_x = x + (px - x) * k // _ANIM_STEPS
                self.me_y = y + (py - y) * k // _ANIM_STEPS
                app.dirty = True

    def _bot_turn(self, now):
        if I.ticks_diff(now, self.bot_since) < BOT_DELAY_MS:
            return
        app = self.app
        # The thinking indicator is on screen before the bot starts (R: within 100 ms).
        self.note = ""
        self.draw()
        app.render.refresh()
        action = bot.choose(app.bot_view, app.settings.level, app.rng)
        self._apply(action, BOT)
        self.bot_since = now

    def _shortcut(self, card):
        """The special that A on `card` does as well, else -1: leading, A on the trump
        nine (jack with 20 cards) swaps it for the upcard, and A on the K or Q of a
        marriage that may be shown announces it and leads that card: the sensible thing,
        in one press (leading either card of the pair without showing it loses the
        marriage for good).  A marriage that takes the human to 66 leads nothing: the
        menu opens on Declare 66 (_apply).  The menu's U_ALONE entry leads the card alone."""
        d = self.app.deal
        if d.phase != D.PH_LEAD or d.pending_draw:
            return -1
        specials = self.app.view.legal_specials()
        if specials & D.B_EXCHANGE and card == d.exchange_card():
            return D.A_EXCHANGE
        if card % 6 in (2, 3) and specials >> (D.A_MELD - 24 + card // 6) & 1:
            return D.A_MELD + card // 6
        return -1

    def _try_card(self, card):
        """A on a card: play it, with its _shortcut if it has one.  With 66 credited
        and the declaration open, the first A asks first (the menu on Declare 66): a
        press never plays on past a won hand unasked; after Back, A plays the card."""
        d = self.app.deal
        if not self.asked_66 and d.total(HUMAN) >= 66 and d.is_legal(D.A_OUT):
            self.asked_66 = True
            self._open_popup(False, D.A_OUT, tx(_W_GOT_66))
            return
        a = self._shortcut(card)
        if a >= 0:
            self._apply(a, HUMAN)
            if a == D.A_EXCHANGE or self.popup_items is not None:
                return                  # the swap, or the marriage reached 66: declare?
            note = self.note
            if not d.is_over() and d.to_move == HUMAN and d.is_legal(card):
                self.bot_since = self._now
                self._apply(card, HUMAN)
                if self.anim_start < 0:
                    self.note = note
            return
        if d.is_legal(card):
            self.bot_since = self._now
            self._apply(card, HUMAN)
            return
        # Imported here and unloaded: only a refused card needs the reasons.
        from sixtysix_core import explain
        k, legal = explain.card_reason(d, card)
        unload("sixtysix_core.explain")
        from sixtysix_ui import words_load
        why = words_load.refusal(tx, k, legal, texts.card_words)   # "A clubs", not "AC"
        unload("sixtysix_ui.words_load")
        self.toast(why)

    def toast(self, text):
        """A message box over the table: the arrows scroll it when it is longer than
        the box, any other button closes it."""
        self.toast_lines = wrap(text, self.app.render.toast_chars, [])
        self.toast_top = 0
        self.app.dirty = True

    def _step_toast(self, b):
        more = len(self.toast_lines) - self.L.TOAST[3]
        if b & I.DIRECTIONS and more > 0:
            top = self.toast_top + (-1 if b & _PREV else 1)
            self.toast_top = 0 if top < 0 else more if top > more else top
        elif b:
            self.toast_lines = None
        self.app.dirty = True

    def _hint(self):
        """The strong bot's choice for this position, seeded from it (the same position
        gives the same hint): a card gets the cursor, an action opens the menu on it."""
        app = self.app
        d = app.deal
        self.note = tx(_W_HINT_THINKING)
        self.draw()
        app.render.refresh()
        if self.hint_rng is None:
            from sixtysix_core.rng import Rng
            self.hint_rng = Rng(7)
        self.hint_rng.seed((d.hand[HUMAN] ^ (d.played_by[BOT] << 3) ^ (d.played_by[HUMAN] << 5))
                           * 131 + d.log_len * 8 + d.phase)
        action = bot.choose(app.view, 2, self.hint_rng)
        self.note = ""
        if action < 0:
            return
        if action < 24:
            self._cursor_to(action)
            if self._shortcut(action) >= 0:     # A would do more: the menu's entry
                self._open_popup(False, U_ALONE + action, tx(_W_HINT_TITLE))
                return
            self.note = tx(_W_HINT_CARD) % texts.card_words(action)
            app.dirty = True
        else:
            self._open_popup(False, action, tx(_W_HINT_TITLE))

    def _last_trick(self):
        if self.last[0] == NO_CARD:
            d = self.app.deal
            self.note = tx(_W_TRICK_CLOSED) if d.last_trick[0] != NO_CARD else tx(_W_NO_TRICK)
        else:
            self.show_last = True
            self.note = tx(_W_LAST_YOURS) if self.last[2] == HUMAN else tx(_W_LAST_BOTS)
            self.after_change()
        self.app.dirty = True

    # ------------------------------------------------------------------ popup

    def _open_popup(self, forced, select=-1, title=None):
        """The action menu (forced: only the engine's choices, no B).  It opens on
        Declare 66 with 66 credited points, else on `select`, else (from a card with a
        _shortcut) on its swap or marriage (never on its "alone" entry, which throws
        them away), else on the first entry that cannot lose the hand (never on
        Declare 66 or Close), else on Back."""
        app = self.app
        d = app.deal
        items = []
        actions = []
        specials = app.view.legal_specials()
        for a in (D.A_DRAW, D.A_EXCHANGE, D.A_MELD + d.trump, D.A_MELD, D.A_MELD + 1,
                  D.A_MELD + 2, D.A_MELD + 3, D.A_CLOSE, D.A_OUT, D.A_PASS):
            if specials >> (a - 24) & 1 and a not in actions:
                items.append(texts.action_label(a, d, app.render.popup_chars))
                actions.append(a)
        if not forced:
            c = self.cursor
            one = c < self.nslots           # the highlighted card; on "Menu": every card
            for i in range(c if one else 0, c + 1 if one else self.nslots):
                card = self.slots[i]
                a = self._shortcut(card)
                if a >= 0:
                    items.append(texts.alone_label(card, a, app.render.popup_chars))
                    actions.append(U_ALONE + card)
                    if one and select < 0:
                        select = a          # B then A: the swap or marriage, no card led
            if self.last[0] != NO_CARD:
                items.append(tx(_W_MENU_LAST))
                actions.append(U_LAST)
            if texts.bot_moves(d):
                items.append(tx(_W_MENU_BOT))
                actions.append(U_BOTS)
            if app.settings.level == 0 and _can_take_back(d):
                items.append(tx(_W_MENU_TAKE_BACK))     # against easy: learning
                actions.append(U_TAKE_BACK)
            if app.settings.level < 2 and d.played_by[0] | d.played_by[1]:
                items.append(tx(_W_MENU_PLAYED))    # a learner's help: not against hard
                actions.append(U_PLAYED)
            items.append(tx(_W_MENU_HINT))
            actions.append(U_HINT)
            items.append(tx(_W_MENU_QUIT))
            actions.append(U_QUIT)
            items.append(tx(_W_BACK))
            actions.append(U_BACK)
        elif title is None and d.phase == D.PH_CLOSE_REPLY:
            title = tx(_W_CLOSE_REPLY)
        elif title is None and d.phase == D.PH_DECLARE:
            title = tx(_W_DECLARE_OR_PASS)
        sel = -1
        if D.A_OUT in actions and d.total(HUMAN) >= 66:
            select = D.A_OUT                # 66 credited: declaring cannot lose
        if select in actions:
            sel = actions.index(select)
        else:
            for i in range(len(actions)):
                a = actions[i]
                if a < D.NUM_ACTIONS and a not in _RISKY:
                    sel = i
                    break
            if sel < 0:
                sel = len(actions) - 1          # Back (forced: Pass is always offered)
                if forced and D.A_PASS in actions:
                    sel = actions.index(D.A_PASS)
        self._show_popup(items, actions, sel, forced, title)

    def _show_popup(self, items, actions, sel, forced, title):
        self.popup_items = items
        self.popup_actions = actions
        self.popup_sel = sel
        self.popup_forced = forced
        self.popup_first = 0 if title is None else 1
        self.popup_lines = items if title is None else [title] + items
        self.app.dirty = True

    def _ask_sure(self):
        """Declaring 66 with fewer than 66 credited points: asked once more, on No."""
        self._show_popup([tx(_W_SURE_NO), tx(_W_SURE_YES)], [U_BACK, U_SURE], 0,
                         self.popup_forced, tx(_W_SURE_TITLE))

    def _step_popup(self, b):
        app = self.app
        n = len(self.popup_items)
        if b & _PREV:
            self.popup_sel = (self.popup_sel - 1) % n
            app.dirty = True
        elif b & _NEXT:
            self.popup_sel = (self.popup_sel + 1) % n
            app.dirty = True
        elif b & I.BTN_B and not self.popup_forced:
            self.popup_items = None
            app.dirty = True
        elif b & I.BTN_A:
            a = self.popup_actions[self.popup_sel]
            if a == D.A_OUT and app.deal.total(HUMAN) < 66:
                self._ask_sure()
                return
            forced = self.popup_forced
            self.popup_items = None
            self.popup_forced = False
            app.dirty = True
            if a == U_SURE:
                a = D.A_OUT
            elif a >= U_ALONE:
                a -= U_ALONE                    # the card alone
            if a == U_HINT:
                self._hint()
            elif a == U_LAST:
                self._last_trick()
            elif a == U_BOTS:
                self.toast(texts.bot_moves(app.deal))
            elif a == U_PLAYED:
                d = app.deal
                self.toast_lines = played(d.played_by[0] | d.played_by[1],
                                          app.render.toast_chars, wrap)
                self.toast_top = 0
                app.dirty = True
            elif a == U_TAKE_BACK:
                self._take_back()
            elif a == U_QUIT:
                app.then = app.quit_to_title
            elif a == U_BACK and forced:
                self._open_popup(True)          # the question again: No
            elif a == U_BACK:
                self.after_change()     # off "Menu" to a card: A then plays, not the menu
            elif a < D.NUM_ACTIONS and app.deal.is_legal(a):
                self.note = ""
                self.bot_since = self._now
                self._apply(a, HUMAN)
