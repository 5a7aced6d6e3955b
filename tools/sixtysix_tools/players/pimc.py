"""pimc-deep (host only): sampled deals, each candidate judged in each deal by a search.

choose(view, rng) -> action for the seat to move (two players; with three or four it is
hard).  The same view and rng state always give the same action: the work is counted
in worlds, plies and solver nodes, never in time.

How it decides (RULES.md references in brackets):
  * declaring a correct 66, the nine exchange, marriages and the draw as hard does
    [R11, R12, R14] (these are not searched);
  * a card, or closing the talon [R13], is chosen by perfect-information Monte Carlo:
    deals of the unseen cards consistent with the view (sample.py, with hard's soft
    inference from his play), the same deals for every candidate; in each deal, whose
    talon order is then known, the candidate is valued by an alpha-beta search of it
    (values in 1/64 game point, as playout.run scores: game points first, card points
    as the tie-break); the best sum over the deals wins, the first candidate (cards in
    mask order, then closing) on a tie:
      - talon open: WORLDS deals, DEPTH card plies (the candidate's included), both
        seats choosing any card; the draws, exchanges, marriages and declarations on
        the way are played as hard plays them; at the horizon one playout of
        playout.py's rule of thumb values the position;
      - talon open with at most FULL_AT cards (the last draw to come): FULL_WORLDS
        deals, searched to the end of the hand;
      - wherever the talon is closed or exhausted (at the root or inside the search):
        the exact solver (endgame.py), SOLVE_NODES nodes at most (over that, a
        playout); a closed talon at the root: CLOSED_WORLDS deals; exhausted: the one
        consistent deal;
      - closing at the root is valued by a playout that starts with the close, as hard
        values it (CLOSE_BY_PLAYOUT), and is no choice inside the search
        (SEARCH_CLOSE): the solver of a deal whose cards it sees overrates a close.
  * Measured (tournament against hard, 150 duplicate deals): a deeper horizon (DEPTH 3:
    the candidate, his reply and the next lead, then a playout) plays weaker than hard
    (43% of the game points), where DEPTH 1 wins 54%.

Time on CPython (2026-12-02, a loaded 2-core machine): about 0.1 s a decision on
average, p95 0.3 s, at most about 3 s (the last draw's full searches).  Host only: it
allocates freely.
"""
from sixtysix_core import bot
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import endgame
from sixtysix_core import playout
from sixtysix_core import sample

NAME = "pimc-deep"
WORLDS = 128            # sampled deals per decision, talon open
DEPTH = 1               # card plies searched while the talon is open, the candidate's
                        # included (1: the candidate, then a playout)
FULL_AT = 2             # talon open with at most this many cards: search to the end ...
FULL_WORLDS = 12        # ... on this many worlds
CLOSED_WORLDS = 32      # talon closed: this many worlds, each solved exactly (0: as hard)
SOLVE_NODES = 8000      # solver nodes for one phase-2 position (over that: a playout)
SEARCH_CLOSE = 0        # 1: closing is also a choice inside the search (not only at the root)
CLOSE_BY_PLAYOUT = 1    # 1: the root's close is valued by playouts, as hard does (the solver
                        # of a world whose cards it sees overrates closing)
_GP = playout.GP_WEIGHT
_INF = 1 << 30
_HARD = bot.LEVELS.index("hard")


_PLIES = 40             # Deals for the search's plies (a hand has at most 24 cards and a close)


class _Scratch:
    def __init__(self, rules):
        self.world = D.Deal(rules)
        self.stack = [D.Deal(rules) for _ in range(_PLIES)]
        self.solver = endgame.Solver()
        self.me = 0

    def reconfigure(self, rules):
        for d in [self.world] + self.stack:
            if d.rules is not rules:
                d.rules = rules
                d.configure()


_state = [None]


def _scratch(view):
    s = _state[0]
    if s is None:
        s = _Scratch(view.rules())
        _state[0] = s
    s.reconfigure(view.rules())
    return s


def _final(d, me):
    """Value of a finished hand for me (as playout.run scores)."""
    o = 1 - me
    return ((d.score_delta[me] - d.score_delta[o]) * _GP
            + (d.total(me) - d.total(o)) // playout.PTS_DIV)


def _advance(d):
    """Play the steps that are not a card choice as hard plays them, up to a card
    choice (a lead with no draw pending and no marriage to announce, or a follow)."""
    while d.phase != D.PH_OVER:
        seat = d.to_move
        specials = d.legal_specials()
        if specials >> (D.A_OUT - 24) & 1 and d.total(seat) >= 66:
            d.apply(D.A_OUT)
            continue
        phase = d.phase
        if phase == D.PH_LEAD:
            if d.pending_draw:
                d.apply(D.A_DRAW)
                continue
            if specials >> (D.A_EXCHANGE - 24) & 1:
                d.apply(D.A_EXCHANGE)
                continue
            if d.meld_suit < 0:
                meld = -1
                if specials >> (D.A_MELD - 24 + d.trump) & 1:
                    meld = d.trump
                else:
                    for suit in range(4):
                        if specials >> (D.A_MELD - 24 + suit) & 1:
                            meld = suit
                            break
                if meld >= 0:
                    d.apply(D.A_MELD + meld)
                    continue
            if d.legal_cards():
                return
        elif phase == D.PH_FOLLOW:
            if d.legal_cards():
                return
        d.apply(playout.policy(d))


def _options(d, close):
    """The card choices of the seat to move, the rule of thumb's card first, and closing
    (a lead with the talon open, when allowed)."""
    legal = d.legal_cards()
    first = playout.policy(d)
    out = [first] if 0 <= first < 24 and legal >> first & 1 else []
    m = legal
    while m:
        c = cards.lowest(m)
        m &= m - 1
        if not out or c != out[0]:
            out.append(c)
    if (close and d.phase == D.PH_LEAD and d.talon_state == D.OPEN
            and d.legal_specials() >> (D.A_CLOSE - 24) & 1):
        out.append(D.A_CLOSE)
    return out


def _value(s, d, depth, alpha, beta, k):
    """Value for s.me of Deal d (full information), searched as the module says; d may
    be changed."""
    me = s.me
    _advance(d)
    if d.phase == D.PH_OVER:
        return _final(d, me)
    solver = s.solver
    if d.talon_state != D.OPEN:
        solver.load(d, me)
        v = solver.solve(SOLVE_NODES)
        if v != endgame.NO_VALUE:
            return v * _GP
        solver.load_rules(d, me)
        return playout.run(d, me, solver)
    if depth <= 0:
        solver.load_rules(d, me)
        return playout.run(d, me, solver)
    child = s.stack[k]
    mine = d.to_move == me
    best = -_INF if mine else _INF
    for a in _options(d, SEARCH_CLOSE):
        d.copy_into(child)
        child.apply(a)
        v = _value(s, child, depth if a == D.A_CLOSE else depth - 1, alpha, beta, k + 1)
        if mine:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best = v
                if v < beta:
                    beta = v
        if alpha >= beta:
            break
    return best


def candidates(view):
    """The candidates pimc-deep searches at this decision (cards in mask order, then
    closing), or None when the decision is not a card choice."""
    phase = view.phase()
    if phase not in (D.PH_LEAD, D.PH_FOLLOW):
        return None
    specials = view.legal_specials()
    if phase == D.PH_LEAD and (specials >> (D.A_DRAW - 24) & 1
                               or specials >> (D.A_EXCHANGE - 24) & 1
                               or (view.meld_suit() < 0 and specials >> (D.A_MELD - 24) & 15)):
        return None
    if specials >> (D.A_OUT - 24) & 1 and view.total(view.seat) >= 66:
        return None
    legal = view.legal_cards()
    if not legal:
        return None
    out = []
    m = legal
    while m:
        out.append(cards.lowest(m))
        m &= m - 1
    if (phase == D.PH_LEAD and view.talon_state() == D.OPEN
            and specials >> (D.A_CLOSE - 24) & 1):
        out.append(D.A_CLOSE)
    return out


def values(view, rng, worlds=None, depth=None):
    """[(candidate, summed value over the worlds)] for a card choice, or None.
    worlds, depth: the talon-open budget instead of WORLDS, DEPTH (the last draw, a
    closed and an exhausted talon keep theirs)."""
    cand = candidates(view)
    if cand is None:
        return None
    worlds = WORLDS if worlds is None else worlds
    depth = DEPTH if depth is None else depth
    s = _scratch(view)
    me = view.seat
    s.me = me
    opp = 1 - me
    talon = view.talon_state()
    if talon == D.EXHAUSTED:
        worlds = 1
    elif talon == D.CLOSED:
        worlds = CLOSED_WORLDS
    elif talon == D.OPEN and view.talon_len() <= FULL_AT:
        worlds = FULL_WORLDS
        depth = 99
    exclude = sample.excluded(view, opp)
    infer = sample.unlikely(view, opp) if talon != D.EXHAUSTED else 0
    score = [0] * len(cand)
    root = s.stack[0]
    for w in range(worlds):
        if w == 0:
            sample.determinize(view, s.world, rng, exclude, infer)
        else:
            sample.redeal(s.world, rng)
        for i, a in enumerate(cand):
            if a == D.A_CLOSE and CLOSE_BY_PLAYOUT:
                s.solver.load_rules(s.world, me)
                score[i] += playout.run(s.world, me, s.solver, a)
                continue
            s.world.copy_into(root)
            root.apply(a)
            score[i] += _value(s, root, depth if a == D.A_CLOSE else depth - 1,
                               -_INF, _INF, 1)
    return list(zip(cand, score))


def choose(view, rng):
    """pimc-deep's action for the seat to move in `view`."""
    if view.rules().players != 2:
        return bot.choose(view, _HARD, rng)
    cand = candidates(view)
    if cand is None or (view.talon_state() == D.CLOSED and not CLOSED_WORLDS):
        return bot.choose(view, _HARD, rng)
    if len(cand) == 1:
        return cand[0]
    best = None
    for a, v in values(view, rng):
        if best is None or v > best[1]:
            best = (a, v)
    return best[0]
