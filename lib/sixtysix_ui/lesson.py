"""The title's "Learn 66": seven short steps against an open-handed bot, one idea each.

A table of its own (Lesson, a table.Table), made by App.learn and dropped when the
learner leaves for the title or finishes (App._unlearn).  Each step is a
fixed deal (Deal.deck + Deal.deal_from_deck) and the actions before it, so its position
is the same every time, and one expected action: a card, the draw, any trump, a marriage,
declaring 66 or closing.  A toast says the step's idea, the message line its task, the
cursor is on the card that matters (on "Menu" for a menu's action, and the menu opens on
it); any other action of the learner is refused with one sentence and the step stays as
it was.  The bot plays the step's own cards (then the easy bot); the status line names
its cards.  The lesson plays on the App's Deal with the classic rules and settings of its
own: App.learn saves the match first, App.save saves nothing while app.lesson, and
App._unlearn reads the match, its rules and the settings back from that save; it never
ends a hand through the App (no statistics, no record).  The step reached is kept in
the statistics' prefs (bits 4-6, App._unlearn); after the last one the App starts a
new match against easy.
"""
from micropython import const

from sixtysix_core import bot
from sixtysix_core import deal as D
from sixtysix_core.persist import Settings
from sixtysix_core.rules import RuleSet
from sixtysix_ui import input as I
from sixtysix_ui.table import Table
from sixtysix_ui.words import rank, tx

# words: lesson
_W_STEP = const(1536)
_W_BOT_HAND = const(1537)
_W_SUITS = const(1538)
_W_END = const(1539)
_W_IDEA1 = const(1541)          # then TASK1, WRONG1, IDEA2, ... (3 a step)

STEPS = const(7)
_HUMAN = const(0)
_BOT = const(1)
_TRUMP = const(40)              # a goal: any trump card
_BOT_DELAY_MS = const(450)      # table.BOT_DELAY_MS

# The three fixed deals (deal.py's canonical order: the forehand's 3, the dealer's 3,
# the forehand's 3, the dealer's 3, the upcard, the talon top first); hearts are trumps
# and the upcard is the trump nine (no swap to think of).
_DECK_A = bytes((5, 15, 14, 3, 6, 13, 7, 1, 18, 8, 19, 2, 12,
                 11, 21, 16, 9, 0, 20, 10, 22, 23, 4, 17))
_DECK_B = bytes((11, 6, 2, 13, 20, 21, 1, 9, 18, 4, 7, 8, 12,
                 0, 3, 5, 10, 14, 15, 16, 17, 19, 22, 23))
_DECK_C = bytes((6, 5, 15, 11, 1, 3, 14, 4, 17, 0, 8, 19, 12,
                 9, 7, 10, 13, 18, 20, 2, 21, 16, 22, 23))
_MELD = const(29)               # deal.A_MELD
_DRAW = const(24)
# (deck, dealer, the actions before the step, the goal, the bot's cards in the step)
_PLAN = (
    (_DECK_A, _BOT, b"", 5, b"\x03"),                       # 1: lead the ace of clubs
    (_DECK_A, _BOT, b"\x05\x03", _DRAW, b""),               # 2: draw
    (_DECK_B, _HUMAN, b"", _TRUMP, b"\x0b"),                # 3: the bot's ace: trump it
    (_DECK_B, _HUMAN, b"\x0b\x0d\x18", _MELD + 3, b"\x12"),  # 4: the marriage in diamonds
    (_DECK_C, _BOT, b"\x06\x0b\x18\x01\x05\x18\x1f\x0f\x13\x18\x04\x03\x18",
     D.A_OUT, b""),                                         # 5: 73 points: declare
    (_DECK_C, _BOT, b"\x06\x0b\x18\x01\x05\x18", D.A_CLOSE, b""),    # 6: close
    (_DECK_A, _BOT, b"\x05\x03\x18\x1f\x0f\x0d\x18\x0b\x06\x18",
     D.A_OUT, b""),                                         # 7: the bot has no trick: 3
)


class Lesson(Table):
    def __init__(self, app, step):
        super().__init__(app)
        self.kept = app.settings        # (App._unlearn: without a save to go back to)
        app.settings = Settings(1, 0, 0, 1)     # draw by hand, points shown
        RuleSet().copy_into(app.rules)  # classic 66 on the App's own deal (its match
        app.deal.configure()            # was saved: App.learn; back: App._unlearn)
        self.step_no = step if step < STEPS else 0
        self.goal = -1
        self.done = False
        self.script = b""
        self.said = 0                   # bot cards of the script played
        self.task = ""

    def enter(self):
        self.begin(self.step_no)

    def begin(self, k):
        """Step k (0..6): its deal and the actions before it, its idea in a toast."""
        self.step_no = k
        if k >= STEPS:
            self.goal = -1
            self.done = True
            super().enter()
            self.toast(tx(_W_END))
            return
        deck, dealer, before, goal, script = _PLAN[k]
        d = self.app.deal
        d.deck[0:24] = deck
        d.deal_from_deck(dealer)
        for a in before:
            d.apply(a)
        self.goal = goal
        self.done = False
        self.script = script
        self.said = 0
        self.task = tx(_W_IDEA1 + 3 * k + 1)
        self.last[0] = D.NO_CARD
        self.bot_note = ""
        super().enter()
        self.toast(tx(_W_STEP) % (k + 1) + " " + tx(_W_IDEA1 + 3 * k))

    def _ok(self, action):
        goal = self.goal
        if goal == _TRUMP:
            return action < 24 and action // 6 == self.app.deal.trump
        return action == goal

    def _apply(self, action, seat):
        if seat == _HUMAN and not self.done:
            if self._ok(action):
                self.done = True
            elif action != _DRAW:
                self.toast(tx(_W_IDEA1 + 3 * self.step_no + 2))
                self.after_change()
                return
        super()._apply(action, seat)
        if self.app.deal.is_over():
            self.app.then = None        # no hand's end through the App: the next step

    def after_change(self):
        super().after_change()
        d = self.app.deal
        if self.done or d.is_over() or d.to_move != _HUMAN:
            return
        goal = self.goal
        if goal < 24:
            self._cursor_to(goal)
        elif goal == _TRUMP:
            self._cursor_to(self._sensible(self.legal & (63 << d.trump * 6)))
        elif goal == D.A_CLOSE or goal == D.A_OUT:
            if self.menu_slot:
                self.cursor = self.nslots       # "Menu"
        self.cursor_visible = True

    def _open_popup(self, forced, select=-1, title=None):
        if select < 0 and not self.done:
            select = self.goal              # the step's action highlighted
        super()._open_popup(forced, select, title)

    def _update_message(self):
        super()._update_message()
        if not self.done and self.anim_start < 0 and not self.note:
            self.message = self.task

    def _step_toast(self, b):
        """A on a box longer than its rows shows its next rows; at its end, closes it."""
        rows = self.L.TOAST[3]
        more = len(self.toast_lines) - rows
        if b & I.BTN_A and self.toast_top < more:
            self.toast_top = min(more, self.toast_top + rows)
            self.app.dirty = True
            return
        super()._step_toast(b)

    def _take_back(self):
        return                              # (not offered: the lesson's level is normal)

    def _bot_turn(self, now):
        if I.ticks_diff(now, self.bot_since) < _BOT_DELAY_MS:
            return
        app = self.app
        d = app.deal
        action = -1
        if self.said < len(self.script):
            action = self.script[self.said]
            self.said += 1
        if action < 0 or not d.is_legal(action):
            action = bot.choose(app.bot_view, 0, app.rng)
        self._apply(action, _BOT)
        self.bot_since = now

    def draw(self):
        super().draw()
        self.app.render._status.set(tx(_W_BOT_HAND) % self.bot_cards())

    def bot_cards(self):
        """The bot's hand by suit: "K9c KQs KJd" (ranks high to low, the suit's letter)."""
        hand = self.app.deal.hand[_BOT]
        letters = tx(_W_SUITS)
        out = ""
        for s in range(4):
            part = ""
            for r in range(5, -1, -1):
                if hand >> (s * 6 + r) & 1:
                    part += rank(r)
            if part:
                out += (" " if out else "") + part + letters[s]
        return out

    def step(self, b, now):
        app = self.app
        if b & I.BTN_START and not self.popup_forced:
            self.toast_lines = None
            self.popup_items = None
            app.then = app.quit_to_title
            return
        if self.step_no >= STEPS:
            if self.toast_lines is None or b:
                app.lesson = 2              # finished: a real hand against easy
                app.then = app.show_title
            return
        d = app.deal
        if d.is_over():                     # (never through the App's hand's end)
            self.begin(self.step_no + 1)
            return
        super().step(b, now)
        if app.then is not None:
            return
        if self.done and self.anim_start < 0 and self.toast_lines is None and (
                d.is_over() or d.to_move == _HUMAN):
            self.begin(self.step_no + 1)

