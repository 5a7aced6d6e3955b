"""rdeep: the baseline bot of the VU Amsterdam "Intelligent Systems" schnapsen course.

Reproduces the published approach for measuring our bot against: for every legal
action, 16 times deal the unseen cards at random (sample.determinize), play the action,
then 4 plies of random legal actions, and score the position by the share of card
points, own / (own + opponent), or 1 / 0 when the hand is over; the action with the
best average wins.  Like the course engine it declares a correct 66 at once and never a
false one, and draws are not counted as plies.  Not part of the device build.

choose(view, rng) -> action, as simple_bots.  Scores are ints (per mille).
"""
from micropython import const

from sixtysix_core import deal as D
from sixtysix_core import sample

SAMPLES = const(16)
DEPTH = const(4)

_state = [None]


def _scratch(view):
    s = _state[0]
    rules = view.rules()
    if s is None or s[1].rules is not rules:
        s = (D.Deal(rules), D.Deal(rules), bytearray(40), bytearray(40))
        _state[0] = s
    return s


def _random_action(d, rng, buf):
    seat = d.to_move
    n = d.legal_into(buf)
    if d.phase == D.PH_LEAD and d.total(seat) >= 66 and not d.opt_auto:
        return D.A_OUT
    if d.pending_draw:
        return D.A_DRAW
    while True:
        a = buf[rng.below(n)]
        if a != D.A_OUT or n == 1:
            return a


def _heuristic(d, me):
    if d.phase == D.PH_OVER:
        return 1000 if d.winner == me else 0
    a = d.total(me)
    b = d.total(1 - me)
    if a + b == 0:
        return 500
    return a * 1000 // (a + b)


def choose(view, rng):
    me = view.seat
    world, play, acts, buf = _scratch(view)
    if view.legal_specials() >> (D.A_OUT - 24) & 1 and view.total(me) >= 66:
        return D.A_OUT
    n = view.legal_into(acts)
    if n == 1:
        return acts[0]
    best = -1
    best_score = -1
    exclude = sample.excluded(view, 1 - me)
    for i in range(n):
        a = acts[i]
        if a == D.A_OUT and n > 1:
            continue                                # a false declaration
        score = 0
        for _ in range(SAMPLES):
            sample.determinize(view, world, rng, exclude)
            world.copy_into(play)
            play.apply(a)
            plies = 0
            while plies < DEPTH and play.phase != D.PH_OVER:
                x = _random_action(play, rng, buf)
                if x != D.A_DRAW:
                    plies += 1
                play.apply(x)
            score += _heuristic(play, me)
        if score > best_score:
            best_score = score
            best = a
    return best
