"""Review of a 3- or 4-player hand: a seat's costliest card choice (review.py's Review).

The same slices, fields and results as review.Review (see there), on a DealMulti: the
hand's own (ReviewMulti(rules, deal): the handheld) or one of the review's.  Each slice
is one bot_multi.action_values call for one legal card, as the seat's MultiView allows
(the other seats' cards sampled with the known voids).  A choice takes ROUNDS rounds
of worlds, one once the seat holds at most the exact search's cards (hard: 2, solved
exactly in every world).  Values and losses are in 1/64 game point (64 x the side's
game-point margin + the total margin / 4).  The search keeps its own scratch worlds,
so the replay Deal is never lent.  Allocates nothing after start() but the bot's
scratch (host_tests/mp_review_multi_alloc.py).
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

    def _values(self, c):
        return bot_multi.action_values(self.view, self.level, self.rng, self.values, 1 << c)

    def _rounds(self):
        v = self.view
        return 1 if v.hand_size(v.seat) <= bot_multi._EXACT[self.level] else ROUNDS

    def _trick(self):
        return cards.count(self.deal.played_by[self.view.seat]) + 1
