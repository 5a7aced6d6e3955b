"""hard-v1 (host only, not shipped): the hard level with a close test instead of rolled closes.

choose(view, rng) is bot.choose at level LEVEL (192 playouts, no inference from his
play, a closed talon judged by a solver vote over 4 sampled worlds) with two
differences from hard: closing is not a rollout candidate but should_close(), which
closes only if the exact solver proves a win in every sampled world (RULES.md R13,
R19); and in its playouts nobody closes (playout.CLOSE_AT is 0 for the length of the
call, and put back after).
Importing this module changes nothing in the core; a tool chooses it by name
(tournament "hard-v1").
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


def choose(view, rng):
    """hard-v1's action for the seat to move in `view`."""
    close_at = playout.CLOSE_AT
    playout.CLOSE_AT = 0
    try:
        return bot.choose(view, LEVEL, rng, should_close)
    finally:
        playout.CLOSE_AT = close_at
