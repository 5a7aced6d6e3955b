"""Fast full-information playouts for the bot's rollouts.

run(d, me) finishes the hand held in a Deal `d` (a determinized world, so both hands
and the talon are known) with a cheap rule of thumb for both seats, on plain ints
instead of Deal.apply, and returns the result for seat `me` as an int:

    score = 64 * (game points of me - game points of the other seat)
            + (total of me - total of the other seat) // 4

(game points as in RULES.md R18-R20, card points as the tie-break).  The rules it plays:
drawing (R7), the nine exchange (R11), marriages (R12: trump first), the free phase-1
follow (R8), the phase-2 follow rule chosen by phase2_rule (R9), declaring a correct 66
at once (R14) and the end-of-hand rules (R16-R19, via endgame.Solver's scoring), and
closing (R13): a leader with more than 24 points closes after his draw, exchange and
meld when his total (pending marriages included) and the card points of his sure
tricks (_sure) reach CLOSE_AT (0: nobody closes, as in hard-v1's playouts; the
opponent's R11.3 exchange and the presets' closing options are not played then).
run() can also start with a close (card=A_CLOSE), so that closing is one of the bot's
candidates.  Declaration windows other than leader_window are treated like it: this is
an estimate, not the referee.

The Deal is first advanced with Deal.apply to the next leader window with no draw
pending; from there the playout works on its own copy of the state.  Allocates nothing.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import deal as D

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS
_BIG = const(1000000)
_QUEENS = const(0x104104)    # the queen's bit (rank 2) of each suit
GP_WEIGHT = 64          # score = GP_WEIGHT * game points + card points // PTS_DIV
PTS_DIV = 4
CLOSE_AT = 66           # a playout's leader closes when his total + sure points reach it


_LOW = cards.LOW_RANK         # lowest / highest rank present in a 6-bit suit pattern
_HIGH = cards.HIGH_RANK


def cheapest(mask, trumps, keep=0):
    """The cheapest card of mask, cards in `keep` (a marriage to meld) next to last,
    trumps last; -1 if empty.  Inside a suit the points rise with the rank (R2), so
    only each suit's lowest card counts."""
    best = -1
    best_key = _BIG
    for s in range(4):
        x = mask >> (s * 6) & 63
        if x:
            y = x & ~(keep >> (s * 6))
            if y:
                r = _LOW[y]
                key = 0
            else:
                r = _LOW[x]
                key = 100
            c = s * 6 + r
            key += _POINTS[c] * 8 + r
            if trumps >> c & 1:
                key += 200
            if key < best_key:
                best_key = key
                best = c
    return best


def lead_card(hand, opp_hand, trump, keep=0):
    """A lead the opponent cannot beat (highest value, non-trump first) if there is one
    (opp_hand known), else the cheapest card.  Only a suit's top card can be such a
    lead, and it is the suit's most valuable one."""
    trumps = _SUIT_MASK[trump]
    if opp_hand:
        best = -1
        best_key = -1
        opp_trumps = opp_hand & trumps
        for s in range(4):
            x = hand >> (s * 6) & 63
            if x:
                c = s * 6 + _HIGH[x]
                if not (opp_hand & _ABOVE[c]):
                    if s == trump or not opp_trumps or opp_hand & _SUIT_MASK[s]:
                        key = _POINTS[c] + (0 if s == trump else 20)
                        if key > best_key:
                            best_key = key
                            best = c
        if best >= 0:
            return best
    return cheapest(hand, trumps, keep)


def follow_card(legal, trump, lead, keep=0):
    """Take a trick worth it with the cheapest winner, else throw the cheapest card."""
    trumps = _SUIT_MASK[trump]
    winners = legal & _ABOVE[lead]
    if lead // 6 != trump:
        winners |= legal & trumps
    if winners:
        w = cheapest(winners, trumps)
        if not trumps >> w & 1 or _POINTS[lead] >= 10:
            return w
    rest = legal & ~winners
    return cheapest(rest if rest else legal, trumps, keep)


def legal_follow(hand, lead, trump, rule):
    """R9 for a phase-2 trick (rule = phase2_rule index)."""
    same = hand & _SUIT_MASK[lead // 6]
    if same:
        if rule == 0:
            beat = same & _ABOVE[lead]
            if beat:
                return beat
        return same
    if rule != 2:
        tm = hand & _SUIT_MASK[trump]
        if tm:
            return tm
    return hand


def policy(d):
    """The same rule of thumb as an action for a Deal (used until a clean window)."""
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
        return lead_card(d.hand[seat], d.hand[1 - seat], d.trump)
    if phase == D.PH_FOLLOW:
        return follow_card(d.legal_cards(), d.trump, d.lead_card)
    if phase == D.PH_CLOSE_REPLY:
        return D.A_EXCHANGE if d.hand[seat] >> d.exchange_card() & 1 else D.A_PASS
    if phase == D.PH_DECLARE:
        return D.A_OUT if d.total(seat) >= 66 else D.A_PASS
    return D.A_PASS


def _score(d, me):
    o = 1 - me
    return ((d.score_delta[me] - d.score_delta[o]) * GP_WEIGHT
            + (d.total(me) - d.total(o)) // PTS_DIV)


def run(d, me, solver, card=-1):
    """Finish the hand in Deal d and return the score for `me`.  `solver` is an
    endgame.Solver whose load_rules() was called for this hand (same rules, closer and
    close snapshot); only its end-of-hand scoring is used.

    card < 0: d is advanced with Deal.apply to a trick or a window first (modified).
    card >= 0: the seat to move in d (at a lead with no draw pending, or a follow)
    plays `card` first; d is only read, so one world serves every candidate card.
    card == A_CLOSE (at a lead, talon open): the leader closes first; the solver's closer
    and snapshot then describe that close (load_rules() again to undo)."""
    forced = -1
    if card < 0:
        while d.phase != D.PH_OVER and (d.phase != D.PH_FOLLOW
                                        and (d.phase != D.PH_LEAD or d.meld_suit >= 0)):
            d.apply(policy(d))
        if d.phase == D.PH_OVER:
            return _score(d, me)
    trump = d.trump
    trumps = _SUIT_MASK[trump]
    rule = d.opt_phase2
    talon = d.talon
    top = d.talon_top
    tlen = d.talon_len
    is_open = d.talon_state == D.OPEN
    nine = d.exchange_card() if d.opt_exchange else -1
    needs_trick = d.opt_exchange_needs_trick
    h0 = d.hand[0]
    h1 = d.hand[1]
    p0 = d.cardpts[0] + d.meld_credited[0]
    p1 = d.cardpts[1] + d.meld_credited[1]
    q0 = d.meld_pending[0]
    q1 = d.meld_pending[1]
    t0 = d.tricks[0]
    t1 = d.tricks[1]
    ldr = d.leader
    lead = d.lead_card if d.phase == D.PH_FOLLOW else -1
    drawn = not d.pending_draw
    last = talon[top + tlen - 1] if tlen else 0     # the upcard (or the nine swapped in)
    solver.closer = d.closer        # undo a close of the last playout
    if card == D.A_CLOSE:           # R13: the leader closes now (his window, no draw)
        card = -1
        is_open = False
        _close(solver, ldr, t0, t1, p0, p1)
        if (nine >= 0 and d.opt_exchange_at_close
                and not (d.opt_exchange_not_two and tlen == 2)):
            if ldr == 1 and h0 >> nine & 1:         # R11.3: he takes the upcard
                h0 ^= (1 << nine) | (1 << last)
            elif ldr == 0 and h1 >> nine & 1:
                h1 ^= (1 << nine) | (1 << last)
        if d.meld_suit >= 0:                        # R12: the marriage card is led
            card = d.meld_suit * 6 + 2
            if not d.hand[ldr] >> card & 1:
                card += 1
    if card >= 0:
        if lead < 0:
            lead = card
            if ldr == 0:
                h0 &= ~(1 << card)
            else:
                h1 &= ~(1 << card)
        else:
            forced = card
    while True:
        if lead < 0:
            if (p0 if ldr == 0 else p1) >= 66:      # R14: declare at once
                return solver._declare(ldr, p0, p1, t0, t1) * GP_WEIGHT + _tie(me, p0, p1)
            if not drawn:                           # R7: winner first, then the loser
                a = talon[top]
                b = talon[top + 1] if tlen > 2 else last
                if ldr == 0:
                    h0 |= 1 << a
                    h1 |= 1 << b
                else:
                    h1 |= 1 << a
                    h0 |= 1 << b
                top += 2
                tlen -= 2
                if tlen == 0:
                    is_open = False
        # ---- the leader's window
        hl = h0 if ldr == 0 else h1
        ho = h1 if ldr == 0 else h0
        if lead < 0:
            if is_open and tlen >= 2:
                tl = t0 if ldr == 0 else t1
                if nine >= 0 and hl >> nine & 1 and (tl or not needs_trick):
                    hl = (hl & ~(1 << nine)) | (1 << last)  # R11: the nine for the upcard
                    last = nine
                kq = hl & (hl >> 1) & _QUEENS          # R12: a Q whose K is held
                if kq:
                    if kq >> (trump * 6 + 2) & 1:
                        s = trump                   # the trump marriage first
                    else:
                        s = 0
                        while not kq >> (s * 6 + 2) & 1:
                            s += 1
                    v = 40 if s == trump else 20
                    if ldr == 0:
                        if t0:
                            p0 += v
                        else:
                            q0 += v
                    elif t1:
                        p1 += v
                    else:
                        q1 += v
                    lead = s * 6 + 2
                if (p0 if ldr == 0 else p1) >= 66:
                    return (solver._declare(ldr, p0, p1, t0, t1) * GP_WEIGHT
                            + _tie(me, p0, p1))
                v = (p0 + q0) if ldr == 0 else (p1 + q1)
                if CLOSE_AT and v > 24 and v + _sure(hl, ho, trump) >= CLOSE_AT:
                    is_open = False                 # R13: he closes on sure points
                    _close(solver, ldr, t0, t1, p0, p1)
            if lead < 0:
                lead = lead_card(hl, ho, trump)
            hl &= ~(1 << lead)
        # ---- the follower
        legal = ho if is_open else legal_follow(ho, lead, trump, rule)
        if forced >= 0:
            f = forced
            forced = -1
        else:
            f = follow_card(legal, trump, lead)
        ho &= ~(1 << f)
        if f // 6 == lead // 6:
            w = (1 - ldr) if f > lead else ldr
        elif trumps >> f & 1:
            w = 1 - ldr
        else:
            w = ldr
        if ldr == 0:
            h0 = hl
            h1 = ho
        else:
            h1 = hl
            h0 = ho
        pts = _POINTS[f] + _POINTS[lead]
        if w == 0:
            p0 += pts + q0
            q0 = 0
            t0 += 1
        else:
            p1 += pts + q1
            q1 = 0
            t1 += 1
        ldr = w
        lead = -1
        if h0 == 0 and h1 == 0:
            solver.exhausted = not is_open and solver.closer < 0
            v = solver._end(w, p0, p1, t0, t1)
            if solver.exhausted:
                if w == 0:
                    p0 += solver.bonus
                else:
                    p1 += solver.bonus
            return v * GP_WEIGHT + _tie(me, p0, p1)
        drawn = not (is_open and tlen)


def _close(solver, leader, t0, t1, p0, p1):
    solver.closer = leader             # the solver's scoring, as after a close (R13, R19)
    solver.snap_t0 = t0
    solver.snap_t1 = t1
    solver.snap_p0 = p0
    solver.snap_p1 = p1


def _sure(hand, other, trump):
    """Card points of hand's sure tricks once the talon is closed (R9), other known:
    in each suit the cards above other's best, as many as other can follow (all of them
    in trumps, or when other has no trump)."""
    n = 0
    no_trump = not other & _SUIT_MASK[trump]
    for s in range(4):
        x = hand >> (s * 6) & 63
        if x:
            y = other >> (s * 6) & 63
            if y:
                x &= ~((2 << _HIGH[y]) - 1)
            if s == trump or no_trump:
                y = 63                          # no limit (six cards)
            while x and y:                      # one of y's cards per trick
                r = _HIGH[x]
                x ^= 1 << r
                n += _POINTS[r]                 # rank r's points (any suit)
                y &= y - 1
    return n


def _tie(me, p0, p1):
    return (p0 - p1) // PTS_DIV if me == 0 else (p1 - p0) // PTS_DIV
