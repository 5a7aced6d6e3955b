"""expert: a rule-based Sixty-Six / Schnapsen player from published table strategy.

choose(view, rng) -> action, like simple_bots (a PlayerView for the seat to move, actions
as in deal.py; -1 when the seat has no action).  No search: a few masks and ints per
decision, nothing allocated.  `rng` is not used (the rules are deterministic).

The rules it follows (RULES.md references in brackets), as the Schnapsen/66 literature
teaches them (count the trumps and points that are out, keep aces and tens, keep the
marriages, take tricks with trumps only when they are worth it):
  * declares a correct 66 at once [R14]; exchanges the trump nine [R11]; melds, 40
    before 20, and leads the queen of the marriage, keeping the king [R12];
  * closes [R13] when its total plus the points of its sure tricks reaches 66: the run
    of top trumps, and the top cards of the other suits once those trumps have drawn
    the opponent's (the out trumps are counted);
  * talon open, leading [R8]: a card worth a 66 if it cannot be beaten; else the
    cheapest card by keep value (nines and jacks first, then lone kings and queens,
    marriage halves, low trumps, aces, tens last);
  * talon open, following: any trick that makes 66 is taken; with two talon cards left
    a cheap trick is not taken when losing it brings the upcard (a high trump) [R7];
    else the cheapest higher card of the suit led takes it (not half of a marriage);
    an ace or ten led is trumped with the cheapest trump (TRUMP_AT); otherwise the
    cheapest card is thrown, but an ace or ten is not thrown when a winner can take;
  * talon closed or exhausted [R9]: leads its sure winners (top trumps first while the
    opponent may hold trumps, then top cards of suits he must follow or cannot trump),
    else its cheapest card; follows with the cheapest winner when the trick is worth
    it, else the cheapest legal card.
Keep value (discard order) and sure winners are computed on masks (cards.py).
"""
from sixtysix_core import cards
from sixtysix_core import deal as D

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS
_QUEENS = 0x104104          # the queen's bit (rank 2) of each suit

TRUMP_AT = 10               # talon open: trump a card led worth this much
CLOSE_MARGIN = 0            # close when the counted total reaches 66 + this


def choose(view, rng=None):
    me = view.seat
    specials = view.legal_specials()
    legal = view.legal_cards()
    if legal == 0 and specials == 0:
        return -1
    if specials >> (D.A_OUT - 24) & 1 and view.total(me) >= 66:
        return D.A_OUT
    phase = view.phase()
    if phase == D.PH_CLOSE_REPLY or phase == D.PH_NONLEADER or phase == D.PH_DECLARE:
        if specials >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE
        if specials >> (D.A_PASS - 24) & 1:
            return D.A_PASS
    if phase == D.PH_LEAD:
        if specials >> (D.A_DRAW - 24) & 1:
            return D.A_DRAW
        if specials >> (D.A_EXCHANGE - 24) & 1:
            return D.A_EXCHANGE
        trump = view.trump()
        if specials >> (D.A_MELD - 24 + trump) & 1:
            return D.A_MELD + trump
        for s in range(4):
            if specials >> (D.A_MELD - 24 + s) & 1:
                return D.A_MELD + s
        if specials >> (D.A_CLOSE - 24) & 1 and should_close(view):
            return D.A_CLOSE
    if legal == 0:
        a = 24
        while not specials & 1:
            specials >>= 1
            a += 1
        return a
    if legal & (legal - 1) == 0:
        return cards.lowest(legal)
    if view.lead_card() == D.NO_CARD:
        return _lead(view, legal)
    return _follow(view, legal)


def _out(view):
    """Cards not in my hand and not played: the opponent's hand and the talon."""
    out = view.unseen() | view.known_cards(1 - view.seat)
    up = view.upcard()
    if up != D.NO_CARD:
        out |= 1 << up
    return out


def keep_value(c, hand, out, trump, is_open):
    """How much holding card c is worth (low: throw or lead it first)."""
    s = c // 6
    r = c % 6
    v = _POINTS[c] * 4
    if s == trump:
        v += 100
    if r == 2 or r == 3:
        partner = 1 << (c + 1 if r == 2 else c - 1)
        if hand & partner:
            v += 60 if s != trump else 80     # a marriage still to meld
        elif is_open and out & partner:
            v += 12                           # half a marriage, the other half is out
    elif r >= 4 and not out & _ABOVE[c] & _SUIT_MASK[s]:
        v += 8                                # a top card of its suit
    return v


def _cheapest(mask, hand, out, trump, is_open):
    best = -1
    best_v = 0
    m = mask
    c = 0
    while m:
        if m & 1:
            v = keep_value(c, hand, out, trump, is_open)
            if best < 0 or v < best_v:
                best = c
                best_v = v
        m >>= 1
        c += 1
    return best


def _top_trumps(hand, out, trump):
    """My trumps that beat every out trump, counted from the top: (mask, points)."""
    tm = _SUIT_MASK[trump]
    mine = hand & tm
    other = out & tm
    top = 0
    pts = 0
    r = 5
    while r >= 0:
        c = trump * 6 + r
        if mine >> c & 1:
            top |= 1 << c
            pts += _POINTS[c]
        elif other >> c & 1:
            break
        r -= 1
    return top, pts


def sure_points(hand, out, trump, opp_size):
    """Points of my sure tricks if the talon were closed now, plus what they capture:
    the run of top trumps, then the top cards of the other suits once those trumps
    have drawn the out trumps (the opponent holds at most opp_size cards)."""
    top, pts = _top_trumps(hand, out, trump)
    n_top = cards.count(top)
    opp_trumps = cards.count(out & _SUIT_MASK[trump])
    if opp_trumps > opp_size:
        opp_trumps = opp_size
    tricks = n_top
    if n_top >= opp_trumps:                   # his trumps fall to mine: the suits run
        for s in range(4):
            if s == trump:
                continue
            r = 5
            while r >= 0:
                c = s * 6 + r
                if hand >> c & 1:
                    pts += _POINTS[c]
                    tricks += 1
                elif out >> c & 1:
                    break
                r -= 1
    if tricks > opp_size:
        tricks = opp_size
    return pts + tricks * 3                   # about 3 points caught per trick


def closes(hand, out, trump, opp_size, total, tricks):
    """Close now (R13)?  total includes pending marriages."""
    if tricks == 0 and total == 0:
        return False
    return total + sure_points(hand, out, trump, opp_size) >= 66 + CLOSE_MARGIN


def should_close(view):
    me = view.seat
    return closes(view.hand(), _out(view), view.trump(), view.hand_size(1 - me),
                  view.total(me) + view.meld_pending(me), view.tricks(me))


def _lead(view, legal):
    me = view.seat
    meld = view.meld_suit()
    if meld >= 0:
        q = meld * 6 + 2
        return q if legal >> q & 1 else q + 1
    out = _out(view)
    return lead(legal, out, view.trump(), view.talon_state() == D.OPEN,
                view.total(me) + view.meld_pending(me), view.tricks(me),
                out & ~view.cannot_hold(1 - me))


def lead(hand, out, trump, is_open, total, tricks, may):
    """The lead from `hand` (no marriage just melded); `out` as _out(), `may` the out
    cards the opponent may hold."""
    tm = _SUIT_MASK[trump]
    top, _ = _top_trumps(hand, out, trump)
    if is_open:
        if top and tricks and total + _POINTS[_highest(top)] >= 66:
            return _highest(top)              # a sure trick that makes 66
        return _cheapest(hand, hand, out, trump, True)
    if top and may & tm:
        return _highest(top)                  # draw his trumps
    best = -1
    best_v = -1
    for s in range(4):                        # sure winners in the other suits
        if s == trump:
            continue
        x = hand & _SUIT_MASK[s]
        if x:
            c = _highest(x)
            if not out & _ABOVE[c] and (may & _SUIT_MASK[s] or not may & tm):
                if _POINTS[c] > best_v:
                    best = c
                    best_v = _POINTS[c]
    if best >= 0:
        return best
    if top:
        return _highest(top)
    # no sure winner: lead a low card of a suit he must follow, trumps last
    return _cheapest(hand, hand, out, trump, False)


def _highest(mask):
    c = 23
    while not mask >> c & 1:
        c -= 1
    return c


def _follow(view, legal):
    me = view.seat
    return follow(legal, view.hand(), _out(view), view.trump(), view.lead_card(),
                  view.talon_state() == D.OPEN, view.total(me) + view.meld_pending(me),
                  view.talon_len(), view.upcard())


def follow(legal, hand, out, trump, lead, is_open, total, talon_len, up):
    """The card to play from `legal` (R8 / R9 already applied) to `lead`."""
    tm = _SUIT_MASK[trump]
    win = legal & _ABOVE[lead]
    if lead // 6 != trump:
        win |= legal & tm
    lp = _POINTS[lead]
    if win:
        # a trick that makes 66 (pending marriages count once a trick is won)
        c = _cheapest(win, hand, out, trump, is_open)
        if total + lp + _POINTS[c] >= 66:
            return c
    if is_open:
        if talon_len == 2 and up != D.NO_CARD and _POINTS[up] >= 10 and lp < 10:
            return _cheapest(legal & ~win or legal, hand, out, trump, True)
        same = win & ~tm
        if same:
            c = cards.lowest(same)
            if not (hand >> (c ^ 1) & 1 and (c % 6 == 2 or c % 6 == 3)):
                return c                      # a same-suit winner: take it
        if win and lp >= TRUMP_AT:
            return _cheapest(win, hand, out, trump, True)
        throw = _cheapest(legal & ~win or legal, hand, out, trump, True)
        if _POINTS[throw] >= 10 and win:
            return _cheapest(win, hand, out, trump, True)  # rather than an ace or ten
        return throw
    # talon closed or exhausted: legal already follows R9
    if win:
        c = cards.lowest(win & ~tm) if win & ~tm else cards.lowest(win)
        if c // 6 != trump or lp >= 2 or not (legal & ~win):
            return c
    return _cheapest(legal & ~win or legal, hand, out, trump, False)
