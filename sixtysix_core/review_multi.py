"""Review of a 3- or 4-player hand: a seat's costliest card choice (review.py's Review).

The same slices, fields and results as review.Review (see there), on a DealMulti: the
hand's own (ReviewMulti(rules, deal): the handheld) or one of the review's.  Each slice
is one bot_multi.action_values call for one legal card, as the seat's MultiView allows
(the other seats' cards sampled with the known voids).  A choice takes ROUNDS rounds
of worlds, one once the seat holds at most the exact search's cards (hard: 2, solved
exactly in every world).  Values and losses are in 1/64 game point (64 x the side's
game-point margin + the total margin / 4).  The search keeps its own scratch worlds,
so the replay Deal is never lent.

Only step() is this module's (review.py is on the two-player app's heap and is left
as it is): DealMulti counts no tricks, so the review keeps the seat's trick number on
it as trick_no, the name Review._end reads (made in __init__, so no slice adds it).
Allocates nothing after start() but the bot's scratch
(host_tests/mp_review_multi_alloc.py).
"""
from sixtysix_core import bot_multi
from sixtysix_core import cards
from sixtysix_core import review
from sixtysix_core.deal_multi import DealMulti
from sixtysix_core.view_multi import MultiView

ROUNDS = 2                  # action_values calls per choice (each: the level's worlds)


class ReviewMulti(review.Review):
    def __init__(self, rules, deal=None):
        super().__init__(rules, DealMulti(rules) if deal is None else deal)
        self.view = MultiView(self.deal, 0)
        self.deal.trick_no = 0

    def step(self):
        """One slice, as Review.step: the value of one legal card in one round of worlds
        (one bot_multi.action_values call), after replaying the log up to the seat's
        next choice when a new one begins.  True while more remain; a log action that
        is not legal ends the review with what it has."""
        d = self.deal
        v = self.view
        if self.k == 0 and self.c < 0:
            while self.i < self.n:
                a = self.log[self.i]
                if not d.is_legal(a):
                    self.i = self.n
                    return False
                if a < 24 and d.to_move == v.seat and d.legal_cards() & (d.legal_cards() - 1):
                    break
                d.apply(a)
                self.i += 1
            if self.i >= self.n:
                return False
            for c in range(24):
                self.total[c] = 0
            self._card()
        c = self.c
        self.rng.seed((self.seed * 256 + self.i) * 8 + self.k)     # the round's worlds
        legal = bot_multi.action_values(v, self.level, self.rng, self.values, 1 << c)
        self.total[c] += self.values[c]
        self._card()
        if self.c < 0:                          # the round is complete
            self.k += 1
            if self.k >= ROUNDS or v.hand_size(v.seat) <= bot_multi._EXACT[self.level]:
                d.trick_no = cards.count(d.played_by[v.seat])
                self._end(self.log[self.i], legal, self.k)
                d.apply(self.log[self.i])
                self.i += 1
                self.k = 0
                return self.i < self.n
            self._card()
        return True
