"""Review of a hand: a seat's costliest decision, as the bot's own search judges it.

The hand comes as the record every Deal keeps (rules, dealer, deck in deal order, the
action log: deal.py), so the app can review the hand it just finished and the laptop a
record file (tools/sixtysix_tools/review.py).  The review replays the log in its own
Deal, or in the hand's (Review(rules, deal): the handheld, with no heap for one more
Deal; finish() after a stop puts it back as the hand ended).  Two players: at each of
the seat's decisions among two or more candidate actions - the legal cards and
specials (special_candidates: a close, before or after the draw; a declaration, once
his total is 66 or when he made one; a marriage; the trump-nine swap; a draw; a pass,
such as not declaring or not swapping) - every candidate is valued by the bot's own
search, as that seat's PlayerView allows (RULES.md R22: the search samples the cards
the seat could not see): action_value, a card as bot.action_values values it, a
special applied in a copy of each sampled world and the hand finished from there by
the same playouts (talon open; a close at a clean lead is playout.run's own close, as
bot.choose weighs it) or the solver (closed or exhausted); a declaration is the hand's
exact result.  The decision whose action lost the most against the best candidate is
kept.  A 3- or 4-player review (review_multi.ReviewMulti) judges the card choices.

Work comes in slices: step() values one candidate in one round of sampled worlds (one
action_value call) and returns, so a screen can poll buttons and draw a progress bar
between slices.  A decision takes REPEATS rounds (one when the talon is exhausted: the
solver is exact there); every candidate of a round is valued on the same worlds, the
rng being seeded from `seed`, the decision's log index and the round, so the result is
the same for the same hand however it is sliced.  A special, and any candidate once
the talon is closed, is played in a spare Deal: the review lends it its own and replays
the log into it after the slice (_recall), so no third Deal is made.

Values and losses are in 1/64 game point (bot.action_values).  After the last slice:
  decisions  how many decisions were judged
  trick      1-based trick number of the costliest decision, or 0 if none lost _MIN_LOSS
  played     the action taken there, better the best one (deal.py's action ints: a
             card 0..23, 24 draw, 25 swap, 26 close, 27 declare, 28 pass, 29+s marriage)
  loss       the best action's value minus the taken one's
  top_n      how many of the TOP costliest decisions (each at least _MIN_LOSS) are in
             top_trick, top_played, top_better, top_loss, costliest first (the first
             is trick, played, better, loss)
The last judged decision is in last_trick, last_played, last_better, last_loss (for a
printout of every decision).  Allocates nothing after start() but the bot's scratch
(host_tests/mp_review_alloc.py: every step() with the heap locked).
"""
from micropython import const

from sixtysix_core.rng import Rng

bot = None                      # sixtysix_core.bot, imported by a two-player Review
# deal.py's codes (private, folded away: a 3/4-player review, review_multi.ReviewMulti,
# loads neither the two-player Deal nor its bot; test_core_multi.py checks them)
_OPEN = const(0)
_EXHAUSTED = const(2)
_PH_LEAD = const(0)
_PH_FOLLOW = const(1)
_PH_OVER = const(5)
_CLOSE = const(26)
_A_OUT = const(27)
_OUT_BIT = const(3)              # A_OUT - 24
_EXACT = const(3)                # bot._EXACT: an exhausted talon's decisions of nodes
_LOG_SIZE = const(128)
_MIN_LOSS = const(24)            # 3/8 of a game point: below it, no mistake is shown
REPEATS = const(4)              # action_values calls per choice (exhausted talon: 1)
TOP = const(3)                  # the costliest decisions kept (top_*), costliest first
_LEVEL = const(2)                # the review judges with the strongest bot


def special_candidates(view):
    """The specials a review weighs for view.seat now (bit action - 24, beside the legal
    cards): the legal ones, a declaration left out while the seat's total is under 66
    (a false one only loses: R20).  An int, so nothing is allocated."""
    specials = view.legal_specials()
    if specials >> (_OUT_BIT) & 1 and view.total(view.seat) < 66:
        specials &= ~(1 << (_OUT_BIT))
    return specials


def action_value(view, level, rng, action, legal, specials, child):
    """The bot's value of one `action` (card or special) of view.seat, for a review of
    every decision: like action_values, in 1/64 game point, on worlds that depend only
    on the rng's state and the candidates (legal cards, special_candidates()), so a
    caller reseeding the rng alike values every candidate on the same worlds.  A card
    is valued as action_values values it; a special is applied in a copy of each world
    (child: a spare Deal of the view's rules, which the caller restores) and the hand
    finished from there as for a card: playouts while the talon is open (a close at a
    clean lead as bot.choose weighs it: playout.run(..., A_CLOSE)), the solver
    (bot._solved) once it is closed or exhausted; a declaration is the hand's exact
    result.  Two players only; allocates nothing after bot's scratch exists.  Kept here,
    not in bot.py, so a match (48 KB heap) does not load its code."""
    me = view.seat
    s = bot._scratch(view)
    n = bot.cards.count(legal) + bot.cards.count(specials)
    exclude = bot.sample.excluded(view, 1 - me)
    total = 0
    if view.talon_state() == _OPEN:
        worlds = bot._PLAYOUTS[level] // (n or 1)
        if worlds < 8:
            worlds = 8
        clean = (view.phase() == _PH_LEAD and not view.pending_draw())
        for w in range(worlds):
            if w == 0:
                bot.sample.determinize(view, s.world, rng, exclude)
                s.solver.load_rules(s.world, me)
            else:
                bot.sample.redeal(s.world, rng)
            if action < 24 or (action == _CLOSE and clean):
                total += bot.playout.run(s.world, me, s.solver, action)
                if action == _CLOSE:
                    s.solver.load_rules(s.world, me)    # undo the close
            else:
                total += _after(s, child, me, action)
    else:
        worlds = bot._CLOSED_SAMPLES[level] or 1
        per = bot._NODE_BUDGET[level] // worlds or 100
        if view.talon_state() == _EXHAUSTED:
            worlds = 1
            per = bot._NODE_BUDGET[level] * _EXACT
        for w in range(worlds):
            if w == 0:
                bot.sample.determinize(view, s.world, rng, exclude)
            else:
                bot.sample.redeal(s.world, rng)
            total += bot._solved(s, child, me, action, per)
    return total // worlds


def _after(s, child, me, action):
    """Phase 1: playout.run's score for `me` after special `action` in s.world, played
    in `child` (the solver's rules are loaded for s.world again after)."""
    s.world.copy_into(child)
    child.apply(action)
    while child.phase != _PH_OVER and (child.phase != _PH_FOLLOW and (
            child.phase != _PH_LEAD or child.meld_suit >= 0)):
        child.apply(bot.playout.policy(child))
    if child.phase == _PH_OVER:
        return ((child.score_delta[me] - child.score_delta[1 - me]) * bot.playout.GP_WEIGHT
                + (child.total(me) - child.total(1 - me)) // bot.playout.PTS_DIV)
    s.solver.load_rules(child, me)
    v = bot.playout.run(child, me, s.solver)
    s.solver.load_rules(s.world, me)
    return v


class Review:
    def __init__(self, rules, deal=None):
        """deal: the Deal to replay in (the hand's own: the handheld, whose heap has no
        room for one more Deal; finish() then leaves it as the hand ended), or None for
        a Deal of the review's own."""
        global bot
        if rules.players == 2:      # not in step(): an import there would allocate
            from sixtysix_core import bot
            from sixtysix_core.view import PlayerView
            if deal is None:
                from sixtysix_core.deal import Deal
                deal = Deal(rules)
            self.view = PlayerView(deal, 0)
        self.deal = deal
        self.rng = Rng(1)
        self.values = [0] * 24
        self.total = [0] * 33                   # per action (deal.py: 0..32)
        self.cards = 0                          # the decision's candidates (special_candidates)
        self.specials = 0
        self.k = 0
        self.c = -1
        self.log = bytearray(_LOG_SIZE)
        self.deck = bytearray(24)               # the hand's, to replay it (_recall)
        self.dealer = 0
        self.n = 0
        self.i = 0
        self.seed = 0
        self.level = _LEVEL
        self.top_trick = bytearray(TOP)
        self.top_played = bytearray(TOP)
        self.top_better = bytearray(TOP)
        self.top_loss = [0] * TOP
        self._clear()

    def _clear(self):
        self.top_n = 0
        self.decisions = 0
        self.trick = 0
        self.played = -1
        self.better = -1
        self.loss = 0
        self.last_trick = 0
        self.last_played = -1
        self.last_better = -1
        self.last_loss = 0

    def start(self, hand, seat, level=_LEVEL, seed=66):
        """Begin the review of Deal `hand` (finished or not) for `seat`."""
        d = self.deal
        self.n = hand.log_len
        for k in range(self.n):
            self.log[k] = hand.log_action[k]
        if d.rules is not hand.rules:
            d.rules = hand.rules
            d.configure()
        self.deck[:] = hand.deck
        self.dealer = hand.dealer
        self.i = 0
        self._recall()
        self.view.set_seat(seat)
        self.level = level
        self.seed = seed
        self.i = 0
        self.k = 0
        self.c = -1
        self._clear()

    def _recall(self):
        """Replay the log's first self.i actions from the hand's deal (allocates nothing)."""
        d = self.deal
        d.deck[:] = self.deck
        d.deal_from_deck(self.dealer)
        for k in range(self.i):
            d.apply(self.log[k])

    def finish(self):
        """Replay the rest of the log, judging nothing: the Deal ends as the hand did
        (a review stopped early, in the hand's own Deal)."""
        d = self.deal
        while self.i < self.n:
            d.apply(self.log[self.i])
            self.i += 1

    def done(self):
        return self.i >= self.n

    def progress(self, scale):
        """How far the review is, 0 .. scale (for a progress bar)."""
        if self.n == 0:
            return scale
        c = self.c if self.c > 0 else 0
        return ((self.i * REPEATS + self.k) * 33 + c) * scale // (self.n * REPEATS * 33)

    def step(self):
        """One slice: the value of one candidate action (a legal card or special: a
        close, a declaration, a marriage, the swap, a draw or pass) in one round of
        worlds (one action_value call), after replaying the log up to the seat's
        next decision between two or more candidates when a new one begins.  True while
        more remain.  A log action that is not legal (a damaged record) ends the review
        with what it has."""
        d = self.deal
        view = self.view
        if self.k == 0 and self.c < 0:
            while self.i < self.n:
                a = self.log[self.i]
                if not d.is_legal(a):
                    self.i = self.n
                    return False
                if d.to_move == view.seat:
                    m = d.legal_cards()
                    sp = special_candidates(view)
                    if a == _A_OUT:             # a false declaration is judged too
                        sp |= 1 << _OUT_BIT
                    if (m & (m - 1)) or (sp & (sp - 1)) or (m and sp):
                        self.cards = m
                        self.specials = sp
                        break
                d.apply(a)
                self.i += 1
            if self.i >= self.n:
                return False
            for c in range(33):
                self.total[c] = 0
            self.c = -1
            self._next()
        c = self.c
        # the same seed for every action of a round: the same worlds (action_value)
        self.rng.seed((self.seed * 256 + self.i) * 8 + self.k)
        open_ = d.talon_state == _OPEN          # before d is lent as the spare Deal
        self.total[c] += action_value(view, self.level, self.rng, c, self.cards,
                                      self.specials, d)
        if c >= 24 or not open_:                # the bot played in this Deal: replay it
            self._recall()
        self._next()
        if self.c < 0:                          # the round is complete
            self.k += 1
            if self.k >= REPEATS or d.talon_state == _EXHAUSTED:   # exhausted: exact
                self._end(self.log[self.i], self.cards, self.k, self.specials)
                d.apply(self.log[self.i])
                self.i += 1
                self.k = 0
                return self.i < self.n
            self._next()
        return True

    def _next(self):
        """self.c: the next candidate action after self.c (-1: none left this round)."""
        c = self.c + 1
        m = self.cards
        while c < 24 and not m >> c & 1:
            c += 1
        if c >= 24:
            m = self.specials
            while c < 33 and not m >> (c - 24) & 1:
                c += 1
        self.c = c if c < 33 else -1

    def _card(self):
        """self.c: the next legal card after self.c (-1: none left this round)."""
        legal = self.deal.legal_cards()
        c = self.c + 1
        while c < 24 and not legal >> c & 1:
            c += 1
        self.c = c if c < 24 else -1

    def _end(self, played, legal, k, specials=0):
        d = self.deal
        total = self.total
        best = played
        for c in range(24):
            if legal >> c & 1 and total[c] > total[best]:
                best = c
        for c in range(24, 33):
            if specials >> (c - 24) & 1 and total[c] > total[best]:
                best = c
        loss = (total[best] - total[played]) // k
        self.decisions += 1
        self.last_trick = d.trick_no + 1
        self.last_played = played
        self.last_better = best
        self.last_loss = loss
        if loss >= _MIN_LOSS and loss > self.loss:
            self.trick = self.last_trick
            self.played = played
            self.better = best
            self.loss = loss
        if loss >= _MIN_LOSS:               # the TOP costliest, costliest (then first) first
            n = self.top_n
            j = n if n < TOP else TOP - 1
            if n < TOP or loss > self.top_loss[j]:
                while j > 0 and loss > self.top_loss[j - 1]:
                    self.top_trick[j] = self.top_trick[j - 1]
                    self.top_played[j] = self.top_played[j - 1]
                    self.top_better[j] = self.top_better[j - 1]
                    self.top_loss[j] = self.top_loss[j - 1]
                    j -= 1
                self.top_trick[j] = self.last_trick
                self.top_played[j] = played
                self.top_better[j] = best
                self.top_loss[j] = loss
                if n < TOP:
                    self.top_n = n + 1


def tenths(loss):
    """A loss in 1/64 game point as tenths of a game point, rounded (an int)."""
    return (loss * 10 + 32) // 64


_WORDS = ("draw", "swap the trump nine", "close the talon", "declare 66", "pass")


def action_text(a, text):
    """An action (deal.py: a card, or 24 draw .. 29+s a marriage) in English words;
    text names a card int (cold path: the laptop's printout)."""
    if a < 24:
        return text(a)
    if a >= 29:
        return "marriage " + text((a - 29) * 6 + 3) + "+" + text((a - 29) * 6 + 2)
    return _WORDS[a - 24]


def sentence(rev, text):
    """'Trick 4: A spades - K spades was better, about +0.6 game points' (text names
    a card int; a special in words: action_text), or a sentence that no decision
    cost _MIN_LOSS (cold path)."""
    if rev.trick == 0:
        return "No costly choice found in %d decision%s: well played." % (
            rev.decisions, "" if rev.decisions == 1 else "s")
    t = tenths(rev.loss)
    return "Trick %d: %s - %s was better, about +%d.%d game points" % (
        rev.trick, action_text(rev.played, text), action_text(rev.better, text),
        t // 10, t % 10)
