"""The built-in bot: choose(view, level, rng) -> action.

`view` is a PlayerView (view.py) for the seat to move, `level` an index into LEVELS, `rng`
an Rng (rng.py); the result is a legal action int (deal.py: 0..23 cards, 24 draw,
25 exchange, 26 close, 27 out, 28 pass, 29+s meld suit s).  The same view, level and
rng state always give the same action: every level has a fixed work budget counted in
samples and solver nodes, never in time.

How it decides (RULES.md references in brackets):
  * always declares a correct 66 at once, never a false one [R14, R20];
  * exchanges the trump nine whenever allowed, melds (40 before 20) [R11, R12];
  * closes only when, in every sampled world, the exact solver proves it then wins
    [R13, R19];
  * phase 1 (talon open): determinized rollouts - deal the unseen cards consistently with
    the view (sample.py), play each candidate card and finish the hand with a fast
    full-information policy; the best average of game points (then card points) wins;
  * phase 2, talon exhausted: both hands are known by elimination, so the endgame
    solver (endgame.py) plays perfectly; talon closed: the solver on sampled worlds.

Levels (budgets sized for a SAMD51 in CircuitPython, see tools/sixtysix_tools/bench_bot):
  easy    the rule of thumb with a third of its card choices random, never closes;
  normal  rollouts on few worlds, small solver budget;
  hard    more worlds, the full solver budget.

Scratch state (two Deals, one Solver, small per-candidate lists) is created on the first
call and reused; rollouts and solves allocate nothing.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import endgame
from sixtysix_core import sample

LEVELS = ("easy", "normal", "hard")

# Per level: phase-1 worlds, worlds for a closed talon, node budget of one decision,
# worlds to test a close, solve rollouts exactly from this many cards in both hands.
_SAMPLES = (0, 3, 6)
_CLOSED_SAMPLES = (0, 2, 4)
_NODE_BUDGET = (0, 800, 2400)
_CLOSE_SAMPLES = (0, 2, 3)
_ROLL_SOLVE = (0, 0, 6)
_EASY_RANDOM = const(3)          # easy: 1 in 3 card choices at random

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS
_BIG = const(1000000)

_state = [None]                  # [_Scratch] once created


class _Scratch:
    def __init__(self, rules):
        self.world = D.Deal(rules)
        self.play = D.Deal(rules)
        self.solver = endgame.Solver()
        self.cand = bytearray(8)
        self.score = [0] * 8
        self.votes = [0] * 24
        self.buf = bytearray(40)


def _scratch(view):
    s = _state[0]
    if s is None:
        s = _Scratch(view.rules())
        _state[0] = s
    return s


def choose(view, level, rng):
    me = view.seat
    specials = view.legal_specials()
    legal = view.legal_cards()
    if specials >> (D.A_OUT - 24) & 1 and view.total(me) >= 66:
        return D.A_OUT                              # R14: a correct 66, at once
    phase = view.phase()
    if phase == D.PH_CLOSE_REPLY or phase == D.PH_NONLEADER:
        if specials >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE                     # R11.3: a higher trump for the nine
        return D.A_PASS
    if phase == D.PH_DECLARE:
        return D.A_PASS
    if legal == 0 and specials == 1 << (D.A_OUT - 24):
        return D.A_OUT                              # nothing else is legal
    if level <= 0:
        return _easy(view, rng, specials, legal)
    s = _scratch(view)
    if phase == D.PH_LEAD:
        if specials >> (D.A_DRAW - 24) & 1:
            if specials >> (D.A_CLOSE - 24) & 1 and _should_close(view, level, rng, s):
                return D.A_CLOSE                    # R13: close before drawing
            return D.A_DRAW
        if specials >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE
        meld = _best_meld(view, specials)
        if meld >= 0:
            return D.A_MELD + meld
        if specials >> (D.A_CLOSE - 24) & 1 and _should_close(view, level, rng, s):
            return D.A_CLOSE
    if legal & (legal - 1) == 0:
        if legal:
            return cards.lowest(legal)
        return _first_special(specials)
    if view.talon_state() != D.OPEN:
        return _phase2(view, level, rng, s, legal)
    return _rollouts(view, level, rng, s, legal, _SAMPLES[level])


def _first_special(specials):
    a = 24
    while not specials & 1:
        specials >>= 1
        a += 1
    return a


def _best_meld(view, specials):
    trump = view.trump()
    if specials >> (D.A_MELD - 24 + trump) & 1:
        return trump                                # 40 before 20 (R12)
    for suit in range(4):
        if specials >> (D.A_MELD - 24 + suit) & 1:
            return suit
    return -1


# ------------------------------------------------------------------ easy level

def _easy(view, rng, specials, legal):
    if specials >> (D.A_DRAW - 24) & 1:
        return D.A_DRAW
    if specials >> (D.A_EXCHANGE - 24) & 1:
        return D.A_EXCHANGE
    meld = _best_meld(view, specials)
    if meld >= 0 and rng.below(4):
        return D.A_MELD + meld
    if legal == 0:
        return _first_special(specials)
    if rng.below(_EASY_RANDOM) == 0:
        return cards.nth(legal, rng.below(cards.count(legal)))
    lead = view.lead_card()
    return _heuristic_card(legal, 0, view.trump(), lead if lead != D.NO_CARD else -1)


# ------------------------------------------------------------- fast card policy

def _cheapest(mask, trumps):
    """The cheapest card of mask, trumps last (rule of thumb)."""
    best = -1
    best_key = _BIG
    c = 0
    while mask:
        if mask & 1:
            key = _POINTS[c] * 8 + c % 6
            if trumps >> c & 1:
                key += 200
            if key < best_key:
                best_key = key
                best = c
        mask >>= 1
        c += 1
    return best


def _heuristic_card(legal, opp_hand, trump, lead):
    """Lead or follow with a rule of thumb; with opp_hand known (a rollout world) a
    lead that the opponent cannot beat is preferred."""
    trumps = _SUIT_MASK[trump]
    if lead < 0:
        if opp_hand:
            best = -1
            best_key = -1
            c = 0
            m = legal
            while m:
                if m & 1:
                    s = c // 6
                    if not (opp_hand & _ABOVE[c]):
                        if opp_hand & _SUIT_MASK[s] or s == trump or not (opp_hand & trumps):
                            key = _POINTS[c] + (0 if s == trump else 20)
                            if key > best_key:
                                best_key = key
                                best = c
                m >>= 1
                c += 1
            if best >= 0:
                return best
        return _cheapest(legal, trumps)
    winners = 0
    c = 0
    m = legal
    ls = lead // 6
    while m:
        if m & 1:
            if c // 6 == ls:
                if c > lead:
                    winners |= 1 << c
            elif c // 6 == trump:
                winners |= 1 << c
        m >>= 1
        c += 1
    if winners:
        w = _cheapest(winners, trumps)
        if not trumps >> w & 1 or _POINTS[lead] >= 10:
            return w
    rest = legal & ~winners
    return _cheapest(rest if rest else legal, trumps)


def _policy(d):
    """Full-information rollout policy on a Deal: never closes, always draws, exchanges,
    melds, declares a correct 66."""
    seat = d.to_move
    phase = d.phase
    if phase == D.PH_LEAD:
        if d.total(seat) >= 66 and not d.opt_auto:
            return D.A_OUT
        if d.pending_draw:
            return D.A_DRAW
        if d.meld_suit >= 0:
            q = d.meld_suit * 6 + 2
            return q if d.hand[seat] >> q & 1 else q + 1
        sp = d.legal_specials()
        if sp >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE
        if sp >> (D.A_MELD - 24 + d.trump) & 1:
            return D.A_MELD + d.trump
        if sp >> (D.A_MELD - 24):
            s = 0
            while not sp >> (D.A_MELD - 24 + s) & 1:
                s += 1
            return D.A_MELD + s
        return _heuristic_card(d.hand[seat], d.hand[1 - seat], d.trump, -1)
    if phase == D.PH_FOLLOW:
        return _heuristic_card(d.legal_cards(), 0, d.trump, d.lead_card)
    if phase == D.PH_CLOSE_REPLY:
        return D.A_EXCHANGE if d.hand[seat] >> d.exchange_card() & 1 else D.A_PASS
    if phase == D.PH_DECLARE:
        return D.A_OUT if d.total(seat) >= 66 else D.A_PASS
    return D.A_PASS


def _score(d, me):
    """Game points first, card points as the tie-break (ints, no floats)."""
    o = 1 - me
    return ((d.score_delta[me] - d.score_delta[o]) * 64
            + (d.total(me) - d.total(o)) // 4)


def _rollout(d, me, solver, roll_solve):
    """Finish the hand in Deal d with the policy; the exact solver takes over when the
    talon is gone and at most roll_solve cards are left in both hands."""
    while d.phase != D.PH_OVER:
        if (roll_solve and d.talon_state != D.OPEN and d.phase == D.PH_LEAD
                and not d.pending_draw and d.total(d.to_move) < 66
                and cards.count(d.hand[0] | d.hand[1]) <= roll_solve):
            solver.load(d, me)
            v = solver.solve(_BIG)
            return v * 64
        d.apply(_policy(d))
    return _score(d, me)


# ------------------------------------------------------------------ phase 1

def _rollouts(view, level, rng, s, legal, samples):
    """Determinized rollouts over the legal cards; returns the best card."""
    me = view.seat
    n = 0
    c = 0
    m = legal
    while m:
        if m & 1:
            s.cand[n] = c
            s.score[n] = 0
            n += 1
        m >>= 1
        c += 1
    exclude = sample.excluded(view, 1 - me)
    roll_solve = _ROLL_SOLVE[level]
    for _ in range(samples):
        sample.determinize(view, s.world, rng, exclude)
        for i in range(n):
            s.world.copy_into(s.play)
            s.play.apply(s.cand[i])
            s.score[i] += _rollout(s.play, me, s.solver, roll_solve)
    best = 0
    for i in range(1, n):
        if s.score[i] > s.score[best]:
            best = i
    return s.cand[best]


# ------------------------------------------------------------------ phase 2

def _phase2(view, level, rng, s, legal):
    me = view.seat
    budget = _NODE_BUDGET[level]
    exclude = sample.excluded(view, 1 - me)
    if view.talon_state() == D.EXHAUSTED:
        sample.determinize(view, s.world, rng, exclude)   # the only consistent world
        s.solver.load(s.world, me)
        if s.solver.solve(budget) != endgame.NO_VALUE and s.solver.best_move >= 0:
            return s.solver.best_move
        return _rollouts(view, level, rng, s, legal, 1)
    # Closed talon: the opponent's hand is sampled; each world votes for its best card.
    for c in range(24):
        s.votes[c] = 0
    worlds = _CLOSED_SAMPLES[level]
    per = budget // worlds
    voted = 0
    for _ in range(worlds):
        sample.determinize(view, s.world, rng, exclude)
        s.solver.load(s.world, me)
        v = s.solver.solve(per)
        if v != endgame.NO_VALUE and s.solver.best_move >= 0:
            s.votes[s.solver.best_move] += 8 + v
            voted += 1
    if voted == 0:
        return _rollouts(view, level, rng, s, legal, worlds)
    best = -1
    for c in range(24):
        if legal >> c & 1 and (best < 0 or s.votes[c] > s.votes[best]):
            best = c
    return best


# ------------------------------------------------------------------ closing

def _should_close(view, level, rng, s):
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
    per = _NODE_BUDGET[level] // worlds
    exclude = sample.excluded(view, opp)
    for _ in range(worlds):
        sample.determinize(view, s.world, rng, exclude)
        s.world.apply(D.A_CLOSE)
        if s.world.phase == D.PH_CLOSE_REPLY:
            s.world.apply(D.A_EXCHANGE)             # R11.3: he takes the trump
        s.solver.load(s.world, me)
        v = s.solver.solve(per)
        if v == endgame.NO_VALUE or v <= 0:
            return False
    return True
