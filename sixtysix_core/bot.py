"""The built-in bot: choose(view, level, rng) -> action.

`view` is a PlayerView (view.py) for the seat to move, `level` an index into LEVELS, `rng`
an Rng (rng.py); the result is a legal action int (deal.py: 0..23 cards, 24 draw,
25 exchange, 26 close, 27 out, 28 pass, 29+s meld suit s), or -1 when the seat has
no action (not its turn, or the hand is over).  The same view, level and
rng state always give the same action: every level has a fixed work budget counted in
samples and solver nodes, never in time.

How it decides (RULES.md references in brackets):
  * always declares a correct 66 at once, never a false one [R14, R20];
  * exchanges the trump nine whenever allowed, melds (40 before 20) [R11, R12];
  * phase 1 (talon open): determinized rollouts - deal the unseen cards consistently with
    the view, and less often the cards his play makes unlikely (sample.py; not
    hard-v1), play each candidate card, and closing the talon [R13], and
    finish the hand with a fast full-information policy (playout.py); the best average
    of game points (then card points) wins, so a close is chosen by its expected game
    points;
  * phase 2, talon exhausted: both hands are known by elimination, so the endgame
    solver (endgame.py) plays perfectly; talon closed: the same rollouts (the playouts
    follow R9), measured stronger than a solver vote in each of 4 sampled worlds,
    which level 3 keeps.

Levels (budgets sized for a SAMD51 in CircuitPython, see tools/sixtysix_tools/bench_bot):
  easy    the rule of thumb with a third of its card choices random, never closes;
  normal  rollouts on few worlds, small solver budget;
  hard    more worlds, the full solver budget.
Level 3 (host tools only: tournament "hard-v1", tools/sixtysix_tools/players/hard_v1.py):
192 playouts, no inference, a closed talon judged by a solver vote, and closing never
rolled out: it closes only when close_test(view, level, rng, scratch), passed by the
caller, says so (hard-v1's: the exact solver proves a win in every sampled world
[R13, R19]); without a close_test level 3 never closes.

Scratch state (one Deal, one Solver, small per-candidate lists) is created on the first
call and reused; rollouts and solves allocate nothing.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import endgame
from sixtysix_core import playout
from sixtysix_core import sample

LEVELS = ("easy", "normal", "hard")

# Per level: playouts (talon open or closed), hard-v1's and a review's worlds for a
# closed talon, the solver's node budget of one decision.
# hard: 168 playouts, whose closes (playout.CLOSE_AT) cost what 192 without them did.
_PLAYOUTS = (0, 24, 168, 192)
_CLOSED_SAMPLES = (0, 2, 4, 4)
_NODE_BUDGET = (0, 400, 1200, 1200)
HALVING = True
_EASY_RANDOM = const(3)          # easy: 1 in 3 card choices at random

_SUIT_MASK = cards.SUIT_MASK
_POINTS = cards.CARD_POINTS

_state = [None]                  # [_Scratch] once created
_multi = [None]                  # [the bot_multi module] once a 3- or 4-player view came


class _Scratch:
    def __init__(self, rules):
        self.world = D.Deal(rules)
        self.solver = endgame.Solver()
        self.cand = bytearray(8)
        self.score = [0] * 8
        self.votes = [0] * 24
        self.buf = bytearray(40)


def _scratch(view):
    s = _state[0]
    rules = view.rules()
    if s is None:
        s = _Scratch(rules)
        _state[0] = s
    elif s.world.rules is not rules:                # a new RuleSet: reconfigure (cold)
        s.world.rules = rules
        s.world.configure()
    return s


def choose(view, level, rng, close_test=None):
    me = view.seat
    specials = view.legal_specials()
    legal = view.legal_cards()
    if legal == 0 and specials == 0:
        return -1                                   # not this seat's turn, or over
    if view.rules().players != 2:                  # 3 and 4 players: a MultiView
        if _multi[0] is None:                       # imported once, when first needed
            from sixtysix_core import bot_multi
            _multi[0] = bot_multi
        return _multi[0].choose(view, level, rng)
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
    close = False
    if phase == D.PH_LEAD:
        roll_close = level < 3                      # level 3: close_test instead
        if specials >> (D.A_DRAW - 24) & 1:
            if (not roll_close and specials >> (D.A_CLOSE - 24) & 1 and close_test
                    and close_test(view, level, rng, s)):
                return D.A_CLOSE                    # R13: close before drawing
            return D.A_DRAW
        if specials >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE
        meld = _best_meld(view, specials)
        if meld >= 0:
            return D.A_MELD + meld
        if specials >> (D.A_CLOSE - 24) & 1:
            if roll_close:
                close = view.talon_state() == D.OPEN
            elif close_test and close_test(view, level, rng, s):
                return D.A_CLOSE
    if close:
        return _rollouts(view, level, rng, s, legal, _PLAYOUTS[level], True)
    if legal & (legal - 1) == 0:
        if legal:
            return cards.lowest(legal)
        return _first_special(specials)
    if view.talon_state() == D.EXHAUSTED or view.talon_state() != D.OPEN and level >= 3:
        return _phase2(view, level, rng, s, legal)
    return _rollouts(view, level, rng, s, legal, _PLAYOUTS[level], False)


def _fallback(view, specials, legal):
    """3 and 4 players (V1, V2) are not searched yet: a legal rule-of-thumb choice."""
    if legal:
        return playout.cheapest(legal, 0)
    hand = view.hand()
    best = -1
    for s in range(4):                  # trump choice (A_TRUMP + s = 33 + s): longest suit
        if specials >> (9 + s) & 1:
            if best < 0 or cards.count(hand & _SUIT_MASK[s]) > cards.count(
                    hand & _SUIT_MASK[best]):
                best = s
    if best >= 0:
        return 33 + best
    for a in (D.A_DRAW, D.A_PASS, D.A_EXCHANGE):
        if specials >> (a - 24) & 1:
            return a
    return _first_special(specials)


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
    if lead == D.NO_CARD:
        return playout.cheapest(legal, _SUIT_MASK[view.trump()])
    return playout.follow_card(legal, view.trump(), lead)


# ------------------------------------------------------------------ phase 1

def _rollouts(view, level, rng, s, legal, budget, close):
    """Determinized rollouts over the legal cards (and closing the talon if `close`)
    with successive halving: about `budget` playouts in rounds; after each round the
    better half of the candidates (by total score on the same worlds) stays.  Returns
    the best card or A_CLOSE."""
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
    if close:
        s.cand[n] = D.A_CLOSE
        s.score[n] = 0
        n += 1
    if n == 1:
        return s.cand[0]
    rounds = 0
    a = n
    while a > 1:
        a = (a + 1) // 2
        rounds += 1
    if not HALVING:
        rounds = 1
    exclude = sample.excluded(view, 1 - me)
    infer = sample.unlikely(view, 1 - me) if level < 3 else 0     # not level 3
    first = True
    active = n
    while active > 1:
        k = budget // (rounds * active)
        if k < 1:
            k = 1
        for _ in range(k):
            if first:
                sample.determinize(view, s.world, rng, exclude, infer)
                s.solver.load_rules(s.world, me)
                first = False
            else:
                sample.redeal(s.world, rng)
            for i in range(active):
                c = s.cand[i]
                s.score[i] += playout.run(s.world, me, s.solver, c)
                if c == D.A_CLOSE:
                    s.solver.load_rules(s.world, me)    # undo the close
        # insertion sort of the active candidates by score, best first
        for i in range(1, active):
            j = i
            while j > 0 and s.score[j] > s.score[j - 1]:
                t = s.score[j]
                s.score[j] = s.score[j - 1]
                s.score[j - 1] = t
                t = s.cand[j]
                s.cand[j] = s.cand[j - 1]
                s.cand[j - 1] = t
                j -= 1
        active = (active + 1) // 2 if HALVING else 1
    return s.cand[0]


# ------------------------------------------------------------------ phase 2

def _phase2(view, level, rng, s, legal):
    """Talon exhausted: the one consistent world, solved exactly.  Talon closed (hard-v1
    only): the opponent's hand is sampled; each world votes for its best card.  A world whose
    solve needs more than its node budget votes by one playout per card instead."""
    me = view.seat
    exclude = sample.excluded(view, 1 - me)
    exhausted = view.talon_state() == D.EXHAUSTED
    infer = sample.unlikely(view, 1 - me) if level < 3 and not exhausted else 0
    worlds = 1 if exhausted else _CLOSED_SAMPLES[level]
    per = _NODE_BUDGET[level] // worlds
    for c in range(24):
        s.votes[c] = 0
    for w in range(worlds):
        if w == 0:
            sample.determinize(view, s.world, rng, exclude, infer)
        else:
            sample.redeal(s.world, rng)
        s.solver.load(s.world, me)
        v = s.solver.solve(per)
        if v != endgame.NO_VALUE and s.solver.best_move >= 0:
            s.votes[s.solver.best_move] += 8 + v
        else:
            s.votes[_playout_best(s, me, legal)] += 8
    best = -1
    for c in range(24):
        if legal >> c & 1 and (best < 0 or s.votes[c] > s.votes[best]):
            best = c
    return best


def _playout_best(s, me, legal):
    """The card with the best single playout in s.world (solver rules loaded)."""
    best = -1
    best_score = 0
    c = 0
    m = legal
    while m:
        if m & 1:
            v = playout.run(s.world, me, s.solver, c)
            if best < 0 or v > best_score:
                best = c
                best_score = v
        m >>= 1
        c += 1
    return best


# ------------------------------------------------------------------ values (review)

_spare = [None]                  # [Deal]: a world after one candidate card (phase 2)
_EXACT = const(3)                # exhausted talon: this many decisions' nodes a card


def action_values(view, level, rng, out, only=0xFFFFFF, child=None):
    """The bot's judgement of the legal cards of view.seat, for a review of the hand.

    out is a list of at least 24 ints: out[c] is set for each card c of
    view.legal_cards() & only (other entries are left alone) to its expected result for the
    seat, in 1/64 game point: the mean over sampled worlds of playout.run's score
    (64 x the difference of game points, plus the difference of card points / 4 as the
    bot's tie-break) while the talon is open, and of 64 x the exact solver value once it
    is closed or exhausted (a solve over the node budget counts one playout instead).
    Every candidate is valued on the same worlds, so differences are fair; the worlds
    depend only on the rng's state and the legal cards, not on `only`, so a caller may
    value one card per call (reseeding the rng alike) to keep each call short.  Budget:
    phase 1, the level's playouts shared by the candidates (at least 8 worlds each);
    talon closed, one decision's nodes per candidate; talon exhausted, _EXACT
    decisions' nodes per candidate, enough for an exact value in nearly every
    position (so a caller that averages several calls need not repeat this one).
    Phase 2 plays each candidate in a spare Deal: `child` if given (with the rules of
    view's; the caller restores it: a review lends the Deal it replays in, which is
    idle once the world is sampled), else one kept here.  Returns the legal card mask
    (0: no card to choose).  Allocates nothing after the first call but that spare."""
    legal = view.legal_cards()
    if legal == 0 or view.rules().players != 2:
        return 0
    want = legal & only
    me = view.seat
    s = _scratch(view)
    n = cards.count(legal)
    for c in range(24):
        if want >> c & 1:
            out[c] = 0
    exclude = sample.excluded(view, 1 - me)
    if view.talon_state() == D.OPEN:
        worlds = _PLAYOUTS[level] // n
        if worlds < 8:
            worlds = 8
        for w in range(worlds):
            if w == 0:
                sample.determinize(view, s.world, rng, exclude)
                s.solver.load_rules(s.world, me)
            else:
                sample.redeal(s.world, rng)
            for c in range(24):
                if want >> c & 1:
                    out[c] += playout.run(s.world, me, s.solver, c)
    else:
        if child is None:
            child = _spare[0]
        if child is None:
            child = D.Deal(s.world.rules)
            _spare[0] = child
        elif child.rules is not s.world.rules:          # a new RuleSet (cold)
            child.rules = s.world.rules
            child.configure()
        worlds = _CLOSED_SAMPLES[level] or 1
        per = _NODE_BUDGET[level] // worlds or 100
        if view.talon_state() == D.EXHAUSTED:
            worlds = 1                              # the one world: solved exactly ...
            per = _NODE_BUDGET[level] * _EXACT      # ... with room for six cards a side
        for w in range(worlds):
            if w == 0:
                sample.determinize(view, s.world, rng, exclude)
            else:
                sample.redeal(s.world, rng)
            for c in range(24):
                if want >> c & 1:
                    out[c] += _solved(s, child, me, c, per)
    for c in range(24):
        if want >> c & 1:
            out[c] //= worlds
    return legal


def release_values():
    """Drop the spare Deal of action_values (when a review is over)."""
    _spare[0] = None


def _solved(s, child, me, card, budget):
    """64 x the solver's value for `me` of playing `card` (or a special) in s.world."""
    s.world.copy_into(child)
    child.apply(card)
    while child.phase != D.PH_OVER and (child.phase != D.PH_FOLLOW and (
            child.phase != D.PH_LEAD or child.meld_suit >= 0)):
        child.apply(playout.policy(child))          # a declare turn: as the bot plays
    if child.phase == D.PH_OVER:
        return (child.score_delta[me] - child.score_delta[1 - me]) * playout.GP_WEIGHT
    s.solver.load(child, me)
    v = s.solver.solve(budget)
    if v != endgame.NO_VALUE:
        return v * playout.GP_WEIGHT
    if card >= 24:                                  # a special: finish from child
        s.solver.load_rules(child, me)
        return playout.run(child, me, s.solver)
    s.solver.load_rules(s.world, me)
    return playout.run(s.world, me, s.solver, card)
