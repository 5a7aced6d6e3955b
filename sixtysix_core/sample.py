"""Determinization: fill a scratch Deal with one world consistent with a PlayerView.

The bot sees only a PlayerView (RULES.md R22).  To search, it deals the cards it cannot
see (view.unseen(): the opponent's hidden cards and the talon below the upcard) at
random, consistently with everything the seat knows:
  * the opponent keeps the cards he showed (view.known_cards: marriage partners, the
    exchanged upcard, the upcard drawn last) and holds exactly view.hand_size(opp) cards;
  * the upcard stays the talon's last card;
  * voids: in a phase-2 trick (R9) a follower who did not follow suit has no card of
    that suit; one who did not trump has no trump; one who followed without beating
    (follow_head_trump) has no higher card of the suit.  Voids are read from the played
    history, which is public.
Beyond these facts, soft inference (unlikely()): his phase-1 play makes some cards
unlikely in his hand, and the levels that ask for it (normal, hard) deal them to him
less often.

Cards and masks as in cards.py; fields as in deal.py.  fill() and determinize() write
the scratch Deal's fields directly (they know deal.py's layout) and allocate nothing.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import deal as D

_BUF = bytearray(24)


def excluded(view, seat):
    """Mask of cards `seat` cannot hold, inferred from phase-2 tricks (R9)."""
    return view.cannot_hold(seat)


def fill(view, d):
    """Write everything the seat knows into scratch Deal d; the hidden cards are not
    placed (the opponent holds only his known cards, the talon only the upcard)."""
    rules = view.rules()
    if d.rules is not rules:
        d.rules = rules
        d.configure()
    me = view.seat
    opp = 1 - me
    d.dealer = view.dealer()
    d.trump = view.trump()
    up = view.upcard()
    d.upcard = up
    d.talon_top = 0
    d.talon_len = view.talon_len()
    d.talon_state = view.talon_state()
    d.closer = view.closer()
    d.leader = view.leader()
    d.to_move = view.to_move()
    d.phase = view.phase()
    d.trick_no = view.trick_no()
    d.pending_draw = view.pending_draw()
    d.meld_suit = view.meld_suit()
    lead = view.lead_card()
    d.lead_card = lead
    d.trick_phase2 = lead != D.NO_CARD and d.talon_state != D.OPEN
    d.winner = -1
    d.reason = -1
    d.log_len = 0
    d.last_trick[0] = D.NO_CARD
    d.last_trick[1] = D.NO_CARD
    d.last_trick[2] = D.NO_CARD
    for s in range(4):
        if s < 2:
            d.won[s] = view.won(s)
            d.played_by[s] = view.played_by(s)
            d.shown[s] = view.known_cards(s)
            d.tricks[s] = view.tricks(s)
            d.cardpts[s] = view.cardpts(s)
            d.meld_credited[s] = view.meld_credited(s)
            d.meld_pending[s] = view.meld_pending(s)
        else:
            d.won[s] = 0
            d.played_by[s] = 0
            d.shown[s] = 0
            d.tricks[s] = 0
            d.cardpts[s] = 0
            d.meld_credited[s] = 0
            d.meld_pending[s] = 0
            d.hand[s] = 0
        d.bonus[s] = 0
        d.score_delta[s] = 0
        d.melds[s] = 0
        d.snap_tricks[s] = 0
        d.snap_total[s] = 0
    if d.closer >= 0:
        for s in range(2):
            d.snap_tricks[s] = view.snapshot_tricks(s)
            d.snap_total[s] = view.snapshot_total(s)
    d.hand[me] = view.hand()
    d.hand[opp] = view.known_cards(opp)
    if d.talon_len and up != D.NO_CARD:
        d.talon[d.talon_len - 1] = up


_AGE = const(2)  # unlikely(): draws an inference holds for (later draws may bring them)


def unlikely(view, seat):
    """Mask of cards `seat` probably does not hold (soft inference, R22: read from the
    public play), as a player who sheds his cheapest card and takes a trick with his
    cheapest winner would show them.  Each card he played in phase 1 (R8) in the last
    _AGE draws marks: led (not a marriage lead) or shed, the non-trump cards of lower
    rank; a follow that did not beat a non-trump lead, the lead suit's cards above it
    (he would have taken it); one that beat it in suit, the cards between the two
    (cheaper winners).  A king or queen led without a marriage marks its partner in
    any phase-1 window (he would have melded, R12).  Trumps are marked only as
    partners.  Also sets _INFO[6] to the marks of the card he led to the trick in
    progress (determinize() excludes those).  Allocates nothing."""
    d = view._deal
    trump = d.trump
    talon0 = d.deck_size // 2                       # the talon after the deal (R3, V3)
    since = (talon0 - d.talon_len) // 2 - _AGE
    draws = 0
    lead = -1                   # the card led to the trick; -2: a marriage was announced
    out = 0
    pair = 0
    now = 0
    for i in range(d.log_len):
        a = d.log_action[i]
        if a == D.A_DRAW:
            draws += 1
        elif a == D.A_CLOSE or draws * 2 >= talon0:
            break
        elif a >= D.A_MELD:
            lead = -2                               # its K or Q is led next: no choice
        elif a < 24:
            mine = d.log_seat[i] == seat and lead != -2
            if mine and lead < 0 and a % 6 // 2 == 1:
                pair |= 1 << (a ^ 1)                # Q (rank 2) <-> K (rank 3)
            now = 0
            if mine and draws >= since:
                if lead >= 0 and a // 6 == lead // 6 and a > lead:
                    now = cards.ABOVE[lead] & ((1 << a) - 1)    # no cheaper winner
                else:
                    if a // 6 != trump:
                        now = ((1 << a % 6) - 1) * cards.NINES     # shed or led
                    if lead >= 0 and lead // 6 != trump:
                        now |= cards.ABOVE[lead]                # he could not beat it
                out |= now
            lead = a if lead < 0 else -1
    trumps = cards.SUIT_MASK[trump]
    _INFO[6] = now & ~trumps if lead >= 0 else 0
    return out & ~trumps | pair


def determinize(view, d, rng, exclude, mask=0):
    """fill() and then deal the unseen cards: the opponent's hidden cards avoid
    `exclude` (from excluded()) when that is possible; with `mask` (from unlikely(),
    called just before) they also avoid the marks of the card he led to the trick in
    progress when that is possible, and the cards in `mask` come to him about a third
    as often as the others (a pick that falls on one is drawn again 3 times in 4: with
    a share u of the pool marked, (1 + 3u) / (4 + 3u) as often), about what the play
    of greedy and expert bears out (README, "Soft inference").  The rest go to the
    talon in a random order, above the upcard.  Allocates nothing."""
    fill(view, d)
    opp = 1 - view.seat
    unseen = view.unseen()
    known = view.known_cards(opp)
    need = view.hand_size(opp) - cards.count(known)
    pool = unseen & ~exclude
    if cards.count(pool) < need:
        pool = unseen
    if mask and cards.count(pool & ~_INFO[6]) >= need:
        pool &= ~_INFO[6]
    _INFO[0] = opp
    _INFO[1] = known
    _INFO[2] = unseen
    _INFO[3] = pool
    _INFO[4] = need
    _INFO[5] = mask
    redeal(d, rng)


_INFO = [0, 0, 0, 0, 0, 0, 0]   # opponent seat, his known cards, unseen, pool, cards
                                # needed, unlikely cards; unlikely()'s marks of the
                                # card led to the trick in progress


def redeal(d, rng):
    """Deal the unseen cards of the last determinize() again, into the same Deal d,
    which must be unchanged since (only its hidden cards are rewritten): a new world
    for the cost of the random part alone.  Allocates nothing."""
    opp = _INFO[0]
    unseen = _INFO[2]
    need = _INFO[4]
    buf = _BUF
    n = 0
    c = 0
    m = _INFO[3]
    while m:                    # pick `need` cards of the pool: partial Fisher-Yates
        if m & 1:
            buf[n] = c
            n += 1
        m >>= 1
        c += 1
    h = _INFO[1]
    i = 0
    while i < need:
        j = i + rng.below(n - i)
        if _INFO[5] >> buf[j] & 1 and rng.below(4):
            j = i + rng.below(n - i)        # an unlikely card: 3 times in 4, again
        t = buf[i]
        buf[i] = buf[j]
        buf[j] = t
        h |= 1 << buf[i]
        i += 1
    d.hand[opp] = h
    rest = unseen & ~h
    n = 0
    c = 0
    while rest:
        if rest & 1:
            buf[n] = c
            n += 1
        rest >>= 1
        c += 1
    rng.shuffle(buf, n)
    for i in range(n):
        d.talon[i] = buf[i]
    # the talon's last slot holds the upcard (set by fill) when there is one
