"""The review page: the player's costliest decision of the hand just finished.

Opened from the hand summary's "Review" entry (imported then, with the core's review,
so neither costs heap before).  The review (sixtysix_core/review.py) runs on the
device with the bot's own search, one slice per step (one review.action_value call,
at most about a second on a SAMD51), and the page shows a progress bar between
slices; any button (but up and down) stops it and goes back to the summary.  The
finished result is kept for that hand (app.review_done: the hand's key and the
result), so opening the page again shows it at once.  The review replays the hand in
app.deal itself (a stop first replays the rest: rev.finish), and lends that Deal to the
bot as its spare, so it makes no Deal of its own.  On leaving, the page unloads its
modules (and the bot's spare Deal, should one exist: bot.release_values): about 5 KB
of heap that the rest of the game does not need.

Lines are at most 21 characters (the OLED's width), in the catalog's words (section
[review]); cards are written in words (texts.card_words: the device font has no suit
glyphs), a special decision (a close, a declaration, a marriage, the swap, a draw, a
pass) by its ACT_ text, and on the colour screen two cards are drawn beside the text
(the played one, then the better one) when both actions are cards.
"""
from micropython import const

from sixtysix_core import review
from sixtysix_ui import input as I
from sixtysix_ui import pages
from sixtysix_ui.render import unload
from sixtysix_ui.words import suit, tx

_BAR = const(14)
# words: review
_W_HEADER = const(896)
_W_LOOKING = const(897)
_W_AS_BOT = const(898)
_W_STOP = const(899)
_W_NONE = const(900)
_W_WELL = const(903)
_W_TRICK = const(904)
_W_BETTER = const(905)
_W_ABOUT = const(906)
_W_GAIN = const(907)
_W_NO_MEMORY1 = const(908)
_W_A_BACK = const(912)
_W_TRICK_CHOSE = const(913)
_W_DECISION1 = const(914)
_W_DECISIONS = const(915)
_W_ACT_DRAW = const(916)        # then ACT_SWAP, ACT_CLOSE, ACT_OUT, ACT_PASS (deal.py order)
_W_ACT_MELD = const(921)
_W_NEXT = const(922)
_STOP = const(0xF3)             # every button but up and down (joystick jitter, repeats)


def _key(d):
    return bytes(d.deck) + bytes(d.log_action[0:d.log_len])


def _end(app):
    """Forget this page's modules (the next "Review" imports them again) and the bot's
    spare Deal; what still runs here keeps its own references until it returns."""
    app.kind.unload()
    unload("sixtysix_ui.review_page")
    unload("sixtysix_core.review")


def action_words(a, card_words):
    """A decision's action in the catalog's words: a card (card_words), or the special
    (deal.py: 24 draw, 25 swap, 26 close, 27 declare, 28 pass, 29+s a marriage)."""
    if a < 24:
        return card_words(a)
    if a >= 29:
        return tx(_W_ACT_MELD) % suit(a - 29)
    return tx(_W_ACT_DRAW + a - 24)


def result_lines(trick, played, better, loss, decisions, card_words=None):
    """The page's lines for a finished review (review.Review fields: played and better
    are actions, a card or a special); card_words: the kind's (app.kind.card_words),
    texts.py's when None."""
    if trick == 0:
        return [tx(_W_NONE), tx(_W_DECISION1) if decisions == 1 else
                tx(_W_DECISIONS) % decisions, tx(_W_WELL)]
    t = review.tenths(loss)
    if card_words is None:
        from sixtysix_ui.texts import card_words
    return [tx(_W_TRICK if played < 24 else _W_TRICK_CHOSE) % trick,
            tx(_W_BETTER) % action_words(played, card_words),
            tx(_W_ABOUT) % action_words(better, card_words), tx(_W_GAIN) % (t // 10, t % 10)]


def bar(done, total):
    """'[=======.......] 50%' for done of total."""
    n = done * _BAR // total
    return "[%s%s] %d%%" % ("=" * n, "." * (_BAR - n), done * 100 // total)


class Page(pages.Page):
    ID = 6                      # app.S_REVIEW

    def __init__(self, app):
        super().__init__(app)
        self.header = tx(_W_HEADER)
        self.rev = None
        self.shown = -1
        self.out = None                 # the finished result, and the further decisions
        self.more = ()
        self.at = 0                     # which of them is shown (0: the costliest)

    def enter(self):
        app = self.app
        done = app.review_done
        if done is not None and done[0] == _key(app.deal):
            self._finish(done[1], done[2])
            return
        # replayed in the hand's Deal: the kind's review (review.py, review_multi.py)
        try:
            self.rev = app.kind.review()
            self.rev.start(app.deal, 0)         # the human's seat (app.HUMAN)
        except MemoryError:
            self._finish(None)
            return
        self.lines = [tx(_W_LOOKING), tx(_W_AS_BOT), bar(0, 100)]
        self.footer = tx(_W_STOP)
        self.deco = None
        self.shown = 0
        app.dirty = True

    def busy(self):
        return self.rev is not None

    def _finish(self, out, more=()):
        """Show a finished review's result `out` (review.Review's fields) and `more`, the
        next costliest decisions ((trick, played, better, loss) each: right shows the
        next), or, with None, a review the heap cannot hold (a 3- or 4-player hand on a
        board: README, "A 3- or 4-player match of the app"): the hand is put back as it
        ended and the page says so in one sentence."""
        if out is None and self.rev is not None:
            self.rev.finish()                   # the Deal as the hand ended
        self.rev = None
        self.out = out
        self.more = more if out else ()
        self.at = 0
        self._show()

    def _show(self):
        """The lines of decision self.at (0: out, then self.more's)."""
        out = self.out
        if out and self.at:
            out = self.more[self.at - 1] + (out[4],)
        self.lines = result_lines(*out, self.app.kind.card_words) if out else [
            tx(_W_NO_MEMORY1 + k) for k in range(4)]
        self.deco = None
        if out and out[0] and out[1] < 24 and out[2] < 24 and not self.app.layout.MONO:
            self.deco = (out[1], out[2])        # two cards: drawn beside the text
        self.footer = tx(_W_NEXT if self.more else _W_A_BACK)
        self.app.dirty = True

    def step(self, b, now):
        app = self.app
        rev = self.rev
        if rev is None and b & I.BTN_RIGHT and self.more:    # the next costliest decision
            self.at = (self.at + 1) % (len(self.more) + 1)
            self._show()
            return
        if b & _STOP if rev is not None else b & (I.BTN_A | I.BTN_B | I.BTN_START):
            if rev is not None:                 # any button stops (3-button boards too)
                rev.finish()                    # app.deal: the hand as it ended
            self.rev = None
            _end(app)
            app.show(app.summary)
            return
        if rev is None:
            return
        try:
            more = rev.step()
        except MemoryError:
            self._finish(None)
            return
        if not more:
            result = (rev.trick, rev.played, rev.better, rev.loss, rev.decisions)
            more = tuple((rev.top_trick[k], rev.top_played[k], rev.top_better[k],
                          rev.top_loss[k]) for k in range(1, rev.top_n))
            app.review_done = (_key(app.deal), result, more)
            self._finish(result, more)
            return
        p = rev.progress(100)
        if p != self.shown:
            self.shown = p
            self.lines[2] = bar(p, 100)
            app.dirty = True
