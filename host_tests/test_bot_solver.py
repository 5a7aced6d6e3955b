"""The exact phase-2 solver (sixtysix_core/endgame.py) against plain minimax.

Plain minimax here runs on the real engine (deal.py): every legal card, a seat declares
as soon as it counts 66 in its window (R14), values are score_delta differences.  It
must agree with the solver's alpha-beta on >= 1,000 random exhausted-talon positions,
and on closed-talon positions and rule variants.
"""
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import endgame
from sixtysix_core import rng as RNG
from sixtysix_core import rules as R
from sixtysix_core import simple_bots as SB
from sixtysix_core.view import PlayerView


def minimax(d, me):
    if d.phase == D.PH_OVER:
        return d.score_delta[me] - d.score_delta[1 - me]
    if d.phase == D.PH_LEAD and d.total(d.to_move) >= 66 and not d.opt_auto:
        x = D.Deal(d.rules)
        d.copy_into(x)
        x.apply(D.A_OUT)
        return x.score_delta[me] - x.score_delta[1 - me]
    if d.phase in (D.PH_DECLARE, D.PH_NONLEADER, D.PH_CLOSE_REPLY):
        x = D.Deal(d.rules)
        d.copy_into(x)
        x.apply(D.A_OUT if d.total(d.to_move) >= 66 and d.is_legal(D.A_OUT) else D.A_PASS)
        return minimax(x, me)
    vals = []
    m = d.legal_cards()
    for c in range(24):
        if m >> c & 1:
            x = D.Deal(d.rules)
            d.copy_into(x)
            x.apply(c)
            vals.append(minimax(x, me))
    return max(vals) if d.to_move == me else min(vals)


def positions(n, seed, rules=None, close_one_in=0, max_cards=5):
    """Random phase-2 positions (a lead or a follow, nobody able to declare) with at
    most max_cards in the mover's hand."""
    r = RNG.Rng(seed)
    rules = rules or R.RuleSet()
    d = D.Deal(rules)
    view = PlayerView(d, 0)
    out = []
    while len(out) < n:
        d.new_hand(r.below(2), r)
        stop_at = 1 + r.below(max_cards)
        while d.phase != D.PH_OVER:
            if (d.talon_state != D.OPEN and d.phase in (D.PH_LEAD, D.PH_FOLLOW)
                    and not d.pending_draw
                    and not (d.phase == D.PH_LEAD and d.total(d.to_move) >= 66)
                    and cards.count(d.hand[d.to_move]) <= stop_at):
                x = D.Deal(rules)
                d.copy_into(x)
                out.append(x)
                break
            view.set_seat(d.to_move)
            if (close_one_in and d.phase == D.PH_LEAD
                    and d.legal_specials() >> (D.A_CLOSE - 24) & 1
                    and r.below(close_one_in) == 0):
                d.apply(D.A_CLOSE)
                continue
            a = SB.random_choose(view, r) if r.below(3) == 0 else D.A_CLOSE
            if a == D.A_CLOSE:                      # closes only as chosen above
                a = SB.greedy_choose(view, r)
            d.apply(a)
    return out


def _check(ps):
    solver = endgame.Solver()
    for d in ps:
        me = d.to_move
        solver.load(d, me)
        v = solver.solve(10 ** 9)
        assert v == minimax(d, me), (v, d.hand[0], d.hand[1])
        assert d.is_legal(solver.best_move)
        # the best move really achieves the value
        x = D.Deal(d.rules)
        d.copy_into(x)
        x.apply(solver.best_move)
        assert minimax(x, me) == v


def test_solver_matches_minimax_on_1000_exhausted_positions():
    ps = positions(1000, 1)
    assert sum(1 for d in ps if d.talon_state == D.EXHAUSTED) >= 1000
    _check(ps)


def test_solver_matches_minimax_on_closed_positions():
    ps = positions(200, 2, close_one_in=3)
    assert sum(1 for d in ps if d.talon_state == D.CLOSED) >= 100
    _check(ps)


def test_solver_matches_minimax_under_variants():
    for preset in ("CZECH_66", "SCHNAPSEN", "SCHNAPSEN_AT", "POLISH_HOUSE"):
        _check(positions(60, 3, R.preset(preset), close_one_in=3, max_cards=4))


def test_null_window_answers_who_wins():
    solver = endgame.Solver()
    for d in positions(200, 4, close_one_in=3):
        me = d.to_move
        solver.load(d, me)
        full = solver.solve(10 ** 9)
        solver.load(d, me)
        w = solver.solve(10 ** 9, 0, 1)
        assert (w >= 1) == (full >= 1)


def test_budget_gives_no_value():
    d = positions(1, 5, max_cards=5)[0]
    solver = endgame.Solver()
    solver.load(d, d.to_move)
    assert solver.solve(2) == endgame.NO_VALUE
