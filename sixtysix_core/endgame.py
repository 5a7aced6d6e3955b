"""Exact phase-2 solver: alpha-beta over game points, on an explicit stack.

Once the talon is closed or exhausted (RULES.md R9, R13) and both hands are known (by
elimination, or by a sample when the talon was closed), the rest of the hand is a
perfect-information game.  Solver.solve() returns its exact value for one seat:

  value = score_delta[me] - score_delta[other]   (game points, R18-R20; -3..3 with the
          standard scoring, wider with the Czech penalties of V6)

Declarations are part of the search: a seat declares as soon as it is allowed to and
counts 66 (R14).  Declaring at once is never worse than waiting, because the opponent's
tricks and total only grow, so G can only fall; false declarations are pruned.

State per ply k lives in preallocated lists (index k): the two hands (masks), totals
(card points + credited marriages), pending marriages, trick counts, the leader, the
card led (-1 at a lead node).  Moves per ply are written into a bytearray slab
(_MOVES bytes per ply).  The search loop is one function with no recursion, so the
Python stack stays a few frames deep on CircuitPython, and it allocates nothing per
node (checked under heap_lock by host_tests/mp_bot_solver.py).

Move ordering: leads high card first within a suit, trumps last; follows cheapest first.
The node budget makes a solve bounded: when it runs out, solve() returns NO_VALUE.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import deal as D

NO_VALUE = const(-99)
_PLIES = const(26)
_MOVES = const(8)
_INF = const(50)

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS


_LOW = cards.LOW_RANK         # lowest / highest rank present in a 6-bit suit pattern
_HIGH = cards.HIGH_RANK


class Solver:
    def __init__(self):
        n = _PLIES + 1
        self.h0 = [0] * n
        self.h1 = [0] * n
        self.p0 = bytearray(n)
        self.p1 = bytearray(n)
        self.q0 = bytearray(n)      # pending marriages (R12)
        self.q1 = bytearray(n)
        self.t0 = bytearray(n)
        self.t1 = bytearray(n)
        self.leader = bytearray(n)
        self.lead = [0] * n
        self.alpha = [0] * n
        self.beta = [0] * n
        self.best = [0] * n
        self.nmoves = bytearray(n)
        self.imove = bytearray(n)
        self.moves = bytearray(n * _MOVES)
        self.nodes = 0
        self.best_move = -1
        # rules and hand facts, set by load()
        self.me = 0
        self.trump = 0
        self.rule = 0
        self.closer = -1
        self.exhausted = False
        self.snap_t0 = 0
        self.snap_t1 = 0
        self.snap_p0 = 0
        self.snap_p1 = 0
        self.bonus = 10
        self.opt_declare = 0
        self.opt_end = 0
        self.opt_czech = False
        self.opt_win_at_close = False
        self.opt_failed_close = 0
        self.opt_trick_test_at_end = False
        self.opt_beaten_as_failed = False
        self.opt_false = 0
        self.maxv = 3

    # ------------------------------------------------------------------ set-up

    def load(self, d, me):
        """Take the root position from a full-information Deal `d` (phase 2, at a
        lead without a pending draw, or at a follow).  Allocates nothing."""
        self.load_rules(d, me)
        self.h0[0] = d.hand[0]
        self.h1[0] = d.hand[1]
        self.p0[0] = d.cardpts[0] + d.meld_credited[0]
        self.p1[0] = d.cardpts[1] + d.meld_credited[1]
        self.q0[0] = d.meld_pending[0]
        self.q1[0] = d.meld_pending[1]
        self.t0[0] = d.tricks[0]
        self.t1[0] = d.tricks[1]
        self.leader[0] = d.leader
        self.lead[0] = d.lead_card if d.phase == D.PH_FOLLOW else -1

    def load_rules(self, d, me):
        """Only the rules, the closer and the close snapshot of `d`, for scoring
        (playout.run uses the solver's scoring without a search)."""
        self.me = me
        self.trump = d.trump
        self.rule = d.opt_phase2
        self.closer = d.closer
        self.exhausted = d.talon_state == D.EXHAUSTED
        self.snap_t0 = d.snap_tricks[0]
        self.snap_t1 = d.snap_tricks[1]
        self.snap_p0 = d.snap_total[0]
        self.snap_p1 = d.snap_total[1]
        self.bonus = d.opt_bonus
        self.opt_declare = d.opt_declare
        self.opt_end = d.opt_end
        self.opt_czech = d.opt_czech
        self.opt_win_at_close = d.opt_win_at_close
        self.opt_failed_close = d.opt_failed_close
        self.opt_trick_test_at_end = d.opt_trick_test_at_end
        self.opt_beaten_as_failed = d.opt_beaten_as_failed
        self.opt_false = d.opt_false
        self.maxv = 9 if (d.opt_czech or d.opt_failed_close == 3) else 3

    # ----------------------------------------------------------------- scoring

    def _value(self, winner, pts, pen_seat, pen):
        """Value for self.me of `winner` scoring `pts` and `pen_seat` gaining `pen`."""
        v = 0
        if winner >= 0:
            v = pts if winner == self.me else -pts
        if pen_seat >= 0:
            v += pen if pen_seat == self.me else -pen
        return v

    def _g(self, tricks, total):
        if self.opt_czech:
            return _czech(total)
        if tricks == 0:
            return 3
        return 2 if total < 33 else 1

    def _declare(self, seat, p0, p1, t0, t1):
        """deal._declare for a seat with >= 66 (a correct declaration)."""
        closer = self.closer
        if closer < 0 or seat == closer:            # S1, S4
            if self.opt_win_at_close and closer >= 0:
                if seat == 0:
                    return self._value(0, self._g(self.snap_t1, self.snap_p1), -1, 0)
                return self._value(1, self._g(self.snap_t0, self.snap_p0), -1, 0)
            if seat == 0:
                return self._value(0, self._g(t1, p1), -1, 0)
            return self._value(1, self._g(t0, p0), -1, 0)
        # S6: the non-closer declares correctly after a close (R19.2)
        fc = self.opt_failed_close
        cp = p0 if closer == 0 else p1
        ct = t0 if closer == 0 else t1
        if fc == 3:
            return self._value(seat, _czech(cp), closer, -6 if cp < 33 else -3)
        if fc == 1:
            return self._value(seat, 3, -1, 0)
        if fc == 2:
            return self._value(seat, self._g(ct, cp), -1, 0)
        if self.opt_beaten_as_failed:
            return self._value(seat, 3 if self._trickless(t0, t1) else 2, -1, 0)
        return self._value(seat, 2, -1, 0)

    def _trickless(self, t0, t1):
        other = 1 - self.closer
        if self.opt_trick_test_at_end:
            return (t0 if other == 0 else t1) == 0
        return (self.snap_t0 if other == 0 else self.snap_t1) == 0

    def _closer_failed(self, p0, p1, t0, t1):
        closer = self.closer
        other = 1 - closer
        fc = self.opt_failed_close
        cp = p0 if closer == 0 else p1
        if fc == 3:
            return self._value(other, 0, closer, -6 if cp < 33 else -3)
        if fc == 1:
            return self._value(other, 3, -1, 0)
        if fc == 2:
            return self._value(other, self._g(t0 if closer == 0 else t1, cp), -1, 0)
        return self._value(other, 3 if self._trickless(t0, t1) else 2, -1, 0)

    def _end(self, w, p0, p1, t0, t1):
        """deal._end_without_declaration: the last trick went to w."""
        if self.exhausted:
            if w == 0:
                p0 += self.bonus
            else:
                p1 += self.bonus
        pw = p0 if w == 0 else p1
        if pw >= 66:
            return self._declare(w, p0, p1, t0, t1)
        if self.closer >= 0:
            return self._closer_failed(p0, p1, t0, t1)
        lt = t1 if w == 0 else t0
        lp = p1 if w == 0 else p0
        if self.opt_end == 2:
            return self._value(w, 1, -1, 0)
        if self.opt_end == 1:
            return self._value(w, self._g(lt, lp), -1, 0)
        if pw == lp:
            return 0
        if pw > lp:
            return self._value(w, self._g(lt, lp), -1, 0)
        return self._value(1 - w, self._g(t0 if w == 0 else t1, pw), -1, 0)

    # ------------------------------------------------------------------ search

    def _gen(self, k):
        """Write ply k's legal moves, ordered, into the slab."""
        base = k * _MOVES
        n = 0
        lead = self.lead[k]
        if lead < 0:
            h = self.h0[k] if self.leader[k] == 0 else self.h1[k]
            tr = self.trump
            for i in range(5):
                s = i if i < 4 else tr
                if s == tr and i < 4:
                    continue
                x = h >> (s * 6) & 63
                while x:                            # high card first
                    r = _HIGH[x]
                    x &= ~(1 << r)
                    self.moves[base + n] = s * 6 + r
                    n += 1
        else:
            h = self.h1[k] if self.leader[k] == 0 else self.h0[k]
            ls = lead // 6
            same = h & _SUIT_MASK[ls]
            if same:
                if self.rule == 0:
                    beat = same & _ABOVE[lead]
                    if beat:
                        same = beat
                legal = same
            else:
                legal = h
                if self.rule != 2:
                    tm = h & _SUIT_MASK[self.trump]
                    if tm:
                        legal = tm
            for s in range(4):
                x = legal >> (s * 6) & 63
                while x:                            # cheapest first
                    r = _LOW[x]
                    x &= x - 1
                    self.moves[base + n] = s * 6 + r
                    n += 1
        self.nmoves[k] = n
        self.imove[k] = 0

    def solve(self, budget, lo=-_INF, hi=_INF):
        """Exact value for self.me of the loaded position, or NO_VALUE when more than
        `budget` nodes would be needed.  self.best_move is the root's best card.
        With a window lo < hi narrower than the game's values the answer is exact only
        inside it: a result <= lo means "at most lo", >= hi means "at least hi" (a
        null window lo = 0, hi = 1 asks just "does `me` win?")."""
        me = self.me
        mv = self.maxv
        alpha = self.alpha
        beta = self.beta
        best = self.best
        imove = self.imove
        nmoves = self.nmoves
        moves = self.moves
        alpha[0] = -mv if lo < -mv else lo
        beta[0] = mv if hi > mv else hi
        best[0] = -_INF if self._mover(0) == me else _INF
        self.best_move = -1
        root_card = -1
        self._gen(0)
        nodes = 1
        k = 0
        while True:
            i = imove[k]
            if i >= nmoves[k]:
                val = best[k]                       # node k is finished
                if k == 0:
                    self.nodes = nodes
                    return val
                k -= 1
            else:
                imove[k] = i + 1
                card = moves[k * _MOVES + i]
                if k == 0:
                    root_card = card
                nodes += 1
                if nodes > budget:
                    self.nodes = nodes
                    return NO_VALUE
                val = self._child(k, card)
                if val == NO_VALUE:
                    k += 1                          # a new inner node at ply k+1
                    alpha[k] = alpha[k - 1]
                    beta[k] = beta[k - 1]
                    best[k] = -_INF if self._mover(k) == me else _INF
                    self._gen(k)
                    continue
            if self._mover(k) == me:                # fold val into node k
                if val > best[k]:
                    best[k] = val
                    if k == 0:
                        self.best_move = root_card
                    if val > alpha[k]:
                        alpha[k] = val
            else:
                if val < best[k]:
                    best[k] = val
                    if k == 0:
                        self.best_move = root_card
                    if val < beta[k]:
                        beta[k] = val
            if alpha[k] >= beta[k]:
                imove[k] = nmoves[k]                # cut-off

    def _mover(self, k):
        if self.lead[k] < 0:
            return self.leader[k]
        return 1 - self.leader[k]

    def _child(self, k, card):
        """Play `card` at ply k.  Returns the terminal value, or NO_VALUE after writing
        the (non-terminal) child state into ply k+1."""
        j = k + 1
        lead = self.lead[k]
        ldr = self.leader[k]
        if lead < 0:
            if ldr == 0:
                self.h0[j] = self.h0[k] & ~(1 << card)
                self.h1[j] = self.h1[k]
            else:
                self.h1[j] = self.h1[k] & ~(1 << card)
                self.h0[j] = self.h0[k]
            self.p0[j] = self.p0[k]
            self.p1[j] = self.p1[k]
            self.q0[j] = self.q0[k]
            self.q1[j] = self.q1[k]
            self.t0[j] = self.t0[k]
            self.t1[j] = self.t1[k]
            self.leader[j] = ldr
            self.lead[j] = card
            return NO_VALUE
        h0 = self.h0[k]
        h1 = self.h1[k]
        if ldr == 0:
            h1 &= ~(1 << card)
        else:
            h0 &= ~(1 << card)
        # R6: same suit -> higher wins; else a trump wins; else the card led
        if card // 6 == lead // 6:
            w = (1 - ldr) if card > lead else ldr
        elif card // 6 == self.trump:
            w = 1 - ldr
        else:
            w = ldr
        pts = _POINTS[card] + _POINTS[lead]
        p0 = self.p0[k]
        p1 = self.p1[k]
        q0 = self.q0[k]
        q1 = self.q1[k]
        t0 = self.t0[k]
        t1 = self.t1[k]
        if w == 0:
            p0 += pts + q0
            q0 = 0
            t0 += 1
        else:
            p1 += pts + q1
            q1 = 0
            t1 += 1
        if h0 == 0 and h1 == 0:
            return self._end(w, p0, p1, t0, t1)
        if self.opt_declare == 1:                   # D2: the loser's turn comes first
            if (p1 if w == 0 else p0) >= 66:
                return self._declare(1 - w, p0, p1, t0, t1)
        if (p0 if w == 0 else p1) >= 66:            # R14: declare at once
            return self._declare(w, p0, p1, t0, t1)
        if self.opt_declare == 2 and (p1 if w == 0 else p0) >= 66:
            return self._declare(1 - w, p0, p1, t0, t1)
        self.h0[j] = h0
        self.h1[j] = h1
        self.p0[j] = p0
        self.p1[j] = p1
        self.q0[j] = q0
        self.q1[j] = q1
        self.t0[j] = t0
        self.t1[j] = t1
        self.leader[j] = w
        self.lead[j] = -1
        return NO_VALUE


def _czech(total):
    if total <= 22:
        return 3
    return 2 if total <= 44 else 1
