"""hard-v1: the close test of the hard level before issue 13 (host only, not shipped).

Importing this module installs should_close() as bot.py's close test (bot.close_test)
for level LEVEL (tournament name NAME), which does not roll closing out as a
candidate: close only if the exact solver proves a win in every sampled world
(RULES.md R13, R19).  With that level's budgets (192 playouts) bot.choose then plays
exactly as hard did before issue 13: importing also wraps bot.choose so that at this
level playout.CLOSE_AT is 0 (the playouts of before, in which nobody closes).  The
device never imports this module, so its levels never reach this test.
"""
from sixtysix_core import bot
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import endgame
from sixtysix_core import playout
from sixtysix_core import sample

NAME = "hard-v1"
LEVEL = 3
_CLOSE_SAMPLES = (0, 2, 4, 4)   # per level: worlds to test a close
_POINTS = cards.CARD_POINTS


def should_close(view, level, rng, s):
    """Close only if the solver proves a win in every sampled world (R13, R19)."""
    me = view.seat
    opp = 1 - me
    hand = view.hand()
    # Upper bound on what closing can reach: own total, own cards, the best cards the
    # opponent can hold.  Skip the search when even that misses 66.
    k = cards.count(hand)
    reach = view.total(me) + view.meld_pending(me) + cards.points(hand)
    unseen = view.unseen() | view.known_cards(opp)
    top = 0
    for _ in range(k):
        best = -1
        c = 0
        m = unseen
        while m:
            if m & 1 and (best < 0 or _POINTS[c] > _POINTS[best]):
                best = c
            m >>= 1
            c += 1
        if best < 0:
            break
        top += _POINTS[best]
        unseen &= ~(1 << best)
    if reach + top < 66 or view.total(me) + view.meld_pending(me) < 30:
        return False
    worlds = _CLOSE_SAMPLES[level]
    per = bot._NODE_BUDGET[level] // worlds
    exclude = sample.excluded(view, opp)
    for _ in range(worlds):
        sample.determinize(view, s.world, rng, exclude)
        s.world.apply(D.A_CLOSE)
        if s.world.phase == D.PH_CLOSE_REPLY:
            s.world.apply(D.A_EXCHANGE)             # R11.3: he takes the trump
        s.solver.load(s.world, me)
        v = s.solver.solve(per, 0, 1)             # null window: does closing win?
        if v == endgame.NO_VALUE or v <= 0:
            return False
    return True


def _choose(view, level, rng, _choose=bot.choose):
    """bot.choose, with the playouts of before issue 13 at LEVEL."""
    if level != LEVEL:
        return _choose(view, level, rng)
    close_at = playout.CLOSE_AT
    playout.CLOSE_AT = 0
    try:
        return _choose(view, level, rng)
    finally:
        playout.CLOSE_AT = close_at


bot.close_test = should_close  # type: ignore[assignment]
bot.choose = _choose  # type: ignore[assignment]
