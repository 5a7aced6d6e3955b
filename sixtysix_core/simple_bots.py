"""Two simple bots and a random playout, for tests and benchmarks (not the app).

Both are `choose(view, rng) -> action` on a PlayerView (view.py) for the seat to move,
with actions encoded as in deal.py.  Neither allocates.

* random_choose: uniform over the legal actions other than a false declaration (a
  random false declaration would end most hands at once); playout(deal, rng) plays the
  same policy straight on the engine.
* greedy_choose: rule of thumb.  Declares a correct 66 at once, always draws, melds the
  best marriage, exchanges the trump nine, never closes; leads its cheapest non-trump;
  follows by taking a trick that is worth it with the cheapest winning card, else
  throws its cheapest card.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import deal as D

_PH_LEAD = const(0)                     # the deal.py constants the fused playout uses
_PH_FOLLOW = const(1)
_PH_OVER = const(5)
_OPEN = const(0)
_A_DRAW = const(24)
_B_OUT = const(8)

_POINTS = cards.CARD_POINTS
_SUIT_MASK = cards.SUIT_MASK
_BUF = bytearray(40)


def random_choose(view, rng):
    n = view.legal_into(_BUF)
    if n > 1 and view.total(view.seat) < 66:
        i = 0                                   # drop a false 'out' from the choices
        while i < n and _BUF[i] != D.A_OUT:
            i += 1
        if i < n:
            n -= 1
            while i < n:
                _BUF[i] = _BUF[i + 1]
                i += 1
    return _BUF[rng.below(n)]


def playout(deal, rng, buf=None):
    """Play a Deal to its end with random_choose's policy, straight on the engine (no
    view): the random rollout of benchmarks.  Fused for speed: it makes the same choices
    as a loop of legal_into (without a false 'out'), rng.below and apply, but does not
    extend the action log; rng.below and the lead are inlined (the generator's state is
    kept in locals meanwhile).  Allocates nothing.  `buf` is accepted and not used."""
    bit37 = D._BIT37
    pop = cards.POP6
    hand = deal.hand
    s1 = rng.s1
    s2 = rng.s2
    s3 = rng.s3
    while deal.phase != _PH_OVER:
        phase = deal.phase
        seat = deal.to_move
        if phase == _PH_FOLLOW:
            # R8: any card while the talon is open; a follower's only possible
            # special is 'out' (declare_window=any_own_turn)
            cm = deal.legal_cards() if deal.trick_phase2 else hand[seat]
            sm = deal._out_any_turn
        else:
            if phase == _PH_LEAD and not deal.pending_draw and deal.meld_suit < 0:
                cm = hand[seat]
            else:
                cm = deal.legal_cards()
            sm = deal.legal_specials()
        if sm & _B_OUT and (cm or sm != _B_OUT) and (
                deal.cardpts[seat] + deal.meld_credited[seat] + deal.bonus[seat] < 66):
            sm ^= _B_OUT                         # never a false declaration
        n_cards = pop[cm & 63] + pop[cm >> 6 & 63] + pop[cm >> 12 & 63] + pop[cm >> 18]
        n = n_cards + pop[sm & 63] + pop[sm >> 6]
        limit = 30269 - 30269 % n               # rng.below(n), inlined
        while True:
            s1 = 171 * s1 % 30269
            s2 = 172 * s2 % 30307
            s3 = 170 * s3 % 30323
            r = (s1 + s2 + s3) % 30269
            if r < limit:
                break
        r %= n
        if r < n_cards:
            m = cm
            base = 0
        else:
            m = sm
            r -= n_cards
            base = 24
        while r:                                # drop the r lowest bits
            m &= m - 1
            r -= 1
        a = base + bit37[(m & -m) % 37]
        if a < 24:
            if phase == _PH_LEAD:                # _lead, inlined
                hand[seat] &= ~(1 << a)
                deal.played_by[seat] |= 1 << a
                deal.lead_card = a
                deal.trick_phase2 = deal.talon_state != _OPEN
                deal.phase = _PH_FOLLOW
                deal.to_move = 1 - seat
            else:
                deal._follow(seat, a)
        elif a == _A_DRAW:
            deal._draw(seat)
        else:
            deal._special(seat, a)
    rng.s1 = s1
    rng.s2 = s2
    rng.s3 = s3


def _cheapest(mask, avoid):
    """Cheapest card of mask, preferring cards outside `avoid` (e.g. trumps)."""
    best = -1
    best_key = 1000
    c = 0
    m = mask
    while m:
        if m & 1:
            key = _POINTS[c] * 2 + (60 if avoid >> c & 1 else 0) + c % 6
            if key < best_key:
                best_key = key
                best = c
        m >>= 1
        c += 1
    return best


def greedy_choose(view, rng):
    seat = view.seat
    specials = view.legal_specials()
    if specials >> (D.A_OUT - 24) & 1 and view.total(seat) >= 66:
        return D.A_OUT
    if specials >> (D.A_DRAW - 24) & 1:
        return D.A_DRAW
    if specials >> (D.A_PASS - 24) & 1:
        if specials >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE
        return D.A_PASS
    if specials >> (D.A_EXCHANGE - 24) & 1:
        return D.A_EXCHANGE
    trump = view.trump()
    best_meld = -1
    for s in range(4):
        if specials >> (D.A_MELD - 24 + s) & 1:
            if best_meld < 0 or s == trump:
                best_meld = s
    if best_meld >= 0:
        return D.A_MELD + best_meld
    legal = view.legal_cards()
    trumps = _SUIT_MASK[trump]
    lead = view.lead_card()
    if lead == D.NO_CARD:
        meld = view.meld_suit()
        if meld >= 0:
            return meld * 6 + 2 if legal >> (meld * 6 + 2) & 1 else meld * 6 + 3
        return _cheapest(legal, trumps)
    # Following: which legal cards win the trick (R6)?
    winners = 0
    c = 0
    m = legal
    while m:
        if m & 1:
            if c // 6 == lead // 6:
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
