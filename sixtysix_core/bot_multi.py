"""The bot for 3 and 4 players (RULES.md V1, V2): choose(view, level, rng) -> action.

bot.choose hands 3- and 4-player views here.  `view` is a view_multi.MultiView for the
seat to move, `level` indexes bot.LEVELS (easy, normal, hard), `rng` an Rng; actions
are ints as in deal.py / deal_multi.py (0..23 cards, 27 out, 28 pass, 29 + s meld,
33 + s trump).  A fixed work budget per level (card plays, never time): the same view,
level and rng state give the same action on every machine.

How it decides:
  * declares a correct 66 for its side at once (also at a loser's turn), never a false
    one; melds at once, 40 before 20 (also as the partner, partner_meld);
  * trump choice from the first 4 (or 3) cards: rates each suit as trump (its cards,
    a trump marriage, side aces); names the best suit if the hand is strong enough to
    play it (3 players: alone against two), else calls Warszawa where it may, which
    makes another seat the soloist (3 players) or hands the choice to the partner
    (4 players, warszawa_order=partner_first).  Seats that must name take the best suit;
  * easy: a rule of thumb for the card play with partnership sense (no overtaking a
    partner who already wins cheaply when the rule leaves a choice, feed him points,
    take a trick worth it with the cheapest winner), a third of its cards at random;
  * normal / hard: determinized rollouts.  Each world deals the unseen cards to the
    other seats consistently with the view (hand sizes, shown cards, voids and
    "could not beat" facts from the strict rule, MultiView.cannot_hold); every
    candidate card is played in the same worlds with the same random draws, and the
    hand finished by the playout policy: a side ace leads, else a random card;
    followers play the rule of thumb (under the strict rule the legal cards all win or
    all lose: lose cheaply or feed a winning partner, win cheaply when last or over a
    partner, else with the highest); everybody melds and declares as above.  Score:
    64 x (own side's game points - the best other side's) + the total difference.
    Candidates that are as strong as a higher legal card of the same suit (every card
    between them played) are left out; once half the budget is spent, the worse half
    of the candidates is dropped (successive halving).  The work budget is counted in card plays
    (_PLAYS): at least _MIN_WORLDS worlds, more while it lasts, so late decisions see
    many worlds.  hard, with at most _EXACT cards in hand: every world is searched
    exactly instead (minimax over the card play, own side against the rest, on an
    explicit stack of preallocated buffers: no recursion).

action_values(view, level, rng, out, only) gives the search's value of every legal card
for a review of the hand (review_multi.py): the same world dealing and candidate
playouts as the search (_deal, _play), every card on the same worlds.

Scratch state (four DealMulti worlds, buffers) is created on the first call and
reused; sampling, rollouts and the exact search allocate nothing
(host_tests/mp_bot_multi_alloc.py checks it under heap_lock).
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core.deal_multi import A_TRUMP, PH_PMELD, PH_TRUMP, DealMulti

# deal.py's codes, private (folded away, no interned name): a 3- or 4-player match
# never loads the two-player Deal (host_tests/test_core_multi.py checks the values)
_PH_LEAD = const(0)
_PH_FOLLOW = const(1)
_PH_OVER = const(5)
_REASON_LAST_TRICK = const(5)
_B_OUT = const(8)
_B_PASS = const(16)
_A_OUT = const(27)
_A_PASS = const(28)
_A_MELD = const(29)

# Per level: the work budget of one decision in card plays (a world costs about
# candidates x cards still to play, an exact search its replayed plays), and the
# exact search's limit (cards in the mover's hand).  Worlds: at least _MIN_WORLDS,
# then more while the budget lasts, at most _MAX_WORLDS.  _PLAYS = (0, 300, 2000) is
# written out where it is read: a module-level name of a tuple costs one interned name
# (qstr) on the device, a const() none.
_EXACT = (0, 0, 2)               # (review_multi.py reads it too)
_MIN_WORLDS = const(4)
_WORLD_COST = const(8)           # dealing a world, in card plays
_MAX_WORLDS = const(64)
_EASY_RANDOM = const(3)          # easy: 1 in 3 card choices at random
_NODE_CAP = const(1200)          # exact search: replayed plays per world (then a rollout)
_REPLAY_COST = const(4)          # copying the root and settling a line, in card plays
# The trump choice (choose()): name trump as the soloist / first chooser only with at
# least this strength (defined before their use: mpy-cross folds a const() only then)
_EACH_MIN = const(7)             # each_for_self: P1's own choice against the turned card
_PARTNER_FIRST_MIN = const(7)    # 4 players, partner_first: below this, leave it to him

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS
_POP6 = cards.POP6
# _BIT37[(1 << c) % 37] == c for c in 0..23 (2 is a primitive root modulo 37): the index
# of a one-card mask without a loop or a dict (as in deal.py)
_BIT37 = (b"\x00\x00\x01\x00\x02\x17\x00\x00\x03\x10\x00\x00\x00\x0b\x00\x0d\x04\x07\x11"
          b"\x00\x00\x16\x00\x0f\x00\x0a\x0c\x06\x00\x15\x0e\x09\x05\x14\x08\x13\x12")
_ACES = const(0x820820)          # the ace's bit of each suit
_QUEENS = const(0x104104)        # the queen's bit of each suit: h & h >> 1 & _QUEENS
#                                  is non-zero when h holds a K and Q of one suit

_state = [None]


class _Scratch:
    """The bot's scratch, made once per RuleSet.  Its fields are named with names the app
    interns anyway (each new attribute name is one more qstr for good on the device):
    root (the view's hand), base (a sampled world), deal (a world being played out),
    current (the exact search's line); playable[i] the candidate cards, enabled[i] still
    in the running, scores[i] their summed values, delta[i] an exact search's value;
    sample()'s unseen (mask), counts / slots (cards a seat still needs / has room for),
    mask[p] (cards p cannot hold), possible[c] (the seats card c may go to)."""

    def __init__(self, rules):
        self.root = DealMulti(rules)
        self.base = DealMulti(rules)
        self.deal = DealMulti(rules)
        self.current = DealMulti(rules)
        self.playable = bytearray(8)
        self.enabled = bytearray(8)
        self.scores = [0] * 8
        self.delta = [0] * 8
        self.possible = bytearray(24)
        self.counts = [0, 0, 0, 0]
        self.slots = [0, 0, 0, 0]
        self.mask = [0, 0, 0, 0]
        self.unseen = 0
        self.buf = bytearray(40)
        self.plays = 0
        self.tie = 1                        # _value's tie-break divisor
        # exact search stack, two fields (not four: each attribute name is a qstr on the
        # device): per ply the remaining candidate mask, the best value, the card, the seat
        self.st_mask = [0] * 80             # [ply] candidate mask, [40 + ply] best value
        self.st_card = bytearray(80)        # [ply] card chosen, [40 + ply] seat to move


def _scratch(view):
    s = _state[0]
    rules = view.rules()
    if s is None or s.base.rules is not rules or s.base.nseats != rules.players:
        if s is None:       # dropped at the hand's end (table_multi): made again after a
            import gc       # collection, which leaves the heap less cut up (measured: the
            gc.collect()    # app's 4-player match then runs in 126-136 KiB, not at 128)
        s = _Scratch(rules)
        _state[0] = s
    return s


def choose(view, level, rng):
    me = view.seat
    specials = view.legal_specials()
    legal = view.legal_cards()
    if legal == 0 and specials == 0:
        return -1
    phase = view.phase()
    if phase == PH_TRUMP:
        hand = view.hand()
        best = 0
        best_v = -1
        for s in range(4):
            if specials >> (A_TRUMP - 24 + s) & 1:
                t = hand & _SUIT_MASK[s]
                v = 0
                for r in range(6):
                    if t >> (s * 6 + r) & 1:
                        v += b"\x02\x02\x03\x03\x04\x05"[r]
                if t >> (s * 6 + cards.RK) & 1 and t >> (s * 6 + cards.RQ) & 1:
                    v += 4
                for o in range(4):
                    if o != s and hand >> (o * 6 + cards.RA) & 1:
                        v += 2
                if v > best_v:
                    best, best_v = s, v
        if specials & _B_PASS:
            if view.each_for_self():
                if best_v < _EACH_MIN:
                    return _A_PASS
            elif view.nseats() == 3:
                if best_v < (11, 12, 12)[level]:
                    return _A_PASS                 # Warszawa: another seat plays alone
            elif view.rules().warszawa_order == 1 and view.seat == view.forehand():
                if best_v < _PARTNER_FIRST_MIN:
                    return _A_PASS                 # the partner chooses next
        return A_TRUMP + best
    if specials & _B_OUT and view.total(me) >= 66:
        return _A_OUT                              # R14 / V1: a correct 66 at once
    meld = _best_meld(view, specials)
    if meld >= 0:
        return _A_MELD + meld
    if legal == 0:
        return _pass(specials)
    if legal & (legal - 1) == 0:
        return cards.lowest(legal)
    if level <= 0:
        if rng.below(_EASY_RANDOM) == 0:
            return cards.nth(legal, rng.below(cards.count(legal)))
        return heuristic_card(view, legal)
    return _search(view, level, rng, legal)


# Helpers here are named with names the app interns anyway (a new name is one more qstr
# on the device): _pass, _points, _meld, _declare, _follow, _deal, _play are this
# module's functions, not DealMulti's methods of the same names.
def _pass(x):
    """A turn without a card to play: pass if it may, else the one action left (out)."""
    return _A_PASS if x & _B_PASS else _A_OUT


def _best_meld(view, x):
    best = -1
    trump = view.trump()
    for s in range(4):
        if x >> (_A_MELD - 24 + s) & 1:
            if best < 0 or s == trump:
                best = s
    return best


# The trump choice (written out in choose(): a helper's name is one more qstr): each
# suit rated as trump for this hand (its cards 9 J Q K T A: 2 2 3 3 4 5, a trump
# marriage 4, each side ace 2); the best is named as the soloist / first chooser only
# with at least: 3 players (11, 12, 12) per level, else _EACH_MIN, _PARTNER_FIRST_MIN.


# --------------------------------------------------------------- rule of thumb

def _points(view):
    pts = 0
    for i in range(view.trick_n()):
        pts += _POINTS[view.trick_card(i)]
    return pts


def _cheapest(mask, other):
    best = -1
    best_key = 1000
    m = mask
    while m:
        low = m & -m
        c = _BIT37[low % 37]
        key = _POINTS[c] * 2 + (60 if other >> c & 1 else 0) + c % 6
        if key < best_key:
            best_key, best = key, c
        m ^= low
    return best


def _richest(mask, other):
    """The highest-valued card of mask, outside `other` (trumps) if possible."""
    best = -1
    best_key = -1000
    m = mask
    while m:
        low = m & -m
        c = _BIT37[low % 37]
        key = _POINTS[c] * 2 - (60 if other >> c & 1 else 0) - c % 6
        if key > best_key:
            best_key, best = key, c
        m ^= low
    return best


def heuristic_card(view, legal):
    """The easy level's card: partnership-aware rule of thumb (see the docstring)."""
    trump = view.trump()
    trumps = _SUIT_MASK[trump]
    me = view.seat
    k = view.trick_n()
    if k == 0:
        meld = view.meld_suit()
        if meld >= 0:
            q = meld * 6 + cards.RQ
            return q if legal >> q & 1 else meld * 6 + cards.RK
        aces = legal & ~trumps & _ACES              # a side ace
        if aces:
            return cards.lowest(aces)
        return _cheapest(legal, trumps)
    n = view.nseats()
    leader = view.leader()
    w = view.trick_card(view.best())
    w_seat = (leader + view.best()) % n
    pts = _points(view)
    last = k == n - 1
    ally = w_seat != me and view.side_of(w_seat) == view.side_of(me) and not view.each_for_self()
    winners = legal & (_ABOVE[w] | (0 if w // 6 == trump else trumps))
    if ally and (last or w // 6 == trump or w % 6 == cards.RA):
        rest = legal & ~winners                     # the partner wins: feed him points
        return _richest(rest if rest else legal, trumps)
    if winners and (last or pts >= 10 or not winners & trumps):
        if last:
            return _cheapest(winners, trumps)
        return _richest(winners, trumps) if not winners & trumps else _cheapest(winners, 0)
    rest = legal & ~winners
    return _cheapest(rest if rest else legal, trumps)


def greedy_choose(view, rng):
    """The greedy baseline for 3 and 4 players (tournaments): simple_bots.greedy_choose
    adapted to the trick of several cards and blind to partners.  Names its longest
    suit (never Warszawa), declares a correct 66, always melds; leads its cheapest
    non-trump; takes a trick worth it with the cheapest winning card, else throws its
    cheapest card."""
    specials = view.legal_specials()
    legal = view.legal_cards()
    if view.phase() == PH_TRUMP:
        hand = view.hand()
        best = 0
        best_key = -1
        for s in range(4):
            if specials >> (A_TRUMP - 24 + s) & 1:
                t = hand & _SUIT_MASK[s]
                key = cards.count(t) * 100 + cards.points(t)
                if key > best_key:
                    best, best_key = s, key
        return A_TRUMP + best
    if specials & _B_OUT and view.total(view.seat) >= 66:
        return _A_OUT
    meld = _best_meld(view, specials)
    if meld >= 0:
        return _A_MELD + meld
    if legal == 0:
        return _pass(specials)
    trump = view.trump()
    trumps = _SUIT_MASK[trump]
    if view.trick_n() == 0:
        meld = view.meld_suit()
        if meld >= 0:
            q = meld * 6 + cards.RQ
            return q if legal >> q & 1 else meld * 6 + cards.RK
        return _cheapest(legal, trumps)
    w = view.trick_card(view.best())
    winners = legal & (_ABOVE[w] | (0 if w // 6 == trump else trumps))
    pts = _points(view)
    if winners:
        c = _cheapest(winners, trumps)
        if not trumps >> c & 1 or pts >= 10:
            return c
    rest = legal & ~winners
    return _cheapest(rest if rest else legal, trumps)


# ------------------------------------------------------------- determinization

def fill(view, deal):
    """Write everything the seat knows into scratch DealMulti deal; other seats hold only
    their known cards (sample() deals the rest)."""
    n = view.nseats()
    deal.dealer = view.dealer()
    deal.forehand = view.forehand()
    deal.trump = view.trump()
    deal.chooser = view.chooser()
    deal.warszawa = view.warszawa()
    deal.meld_suit = view.meld_suit()
    k = view.trick_n()
    deal.trick_n = k
    deal.best = view.best()
    for i in range(k):
        deal.trick_cards[i] = view.trick_card(i)
    deal.lead_card = view.lead_card()
    deal.winner = -1
    deal.winner_side = -1
    deal.reason = -1
    deal.log_len = 0
    deal.leader = view.leader()
    deal.phase = view.phase()
    deal.to_move = view.to_move()
    deal.decl_seat = -1
    me = view.seat
    for s in range(4):
        deal.score_delta[s] = 0
        deal.side_tricks[s] = view.side_tricks(s)
        deal.side_cardpts[s] = view.side_cardpts(s)
        deal.side_credited[s] = view.side_credited(s)
        deal.side_pending[s] = view.side_pending(s)
        deal.side_bonus[s] = 0
        if s < n:
            deal.side_of[s] = view.side_of(s)
            deal.played_by[s] = view.played_by(s)
            deal.won[s] = view.won(s)
            deal.shown[s] = view.shown(s)
            deal.melds[s] = view.melds(s)
            deal.hand[s] = view.hand() if s == me else view.known_cards(s)


def prepare(view, s):
    """Once per decision: fill s.root from the view and note, for sample(), the unseen
    cards (s.unseen), each other seat's free room (s.slots) and the seats each unseen card
    may go to (s.possible: not cannot_hold, room left)."""
    fill(view, s.root)
    n = view.nseats()
    me = view.seat
    pool = view.unseen()
    s.unseen = pool
    room = s.slots
    cant = s.mask
    for p in range(4):
        room[p] = 0
        cant[p] = 0
    for p in range(n):
        if p != me:
            room[p] = view.hand_size(p) - cards.count(view.known_cards(p))
            cant[p] = view.cannot_hold(p)
    elig = s.possible
    m = pool
    while m:
        low = m & -m
        c = _BIT37[low % 37]
        e = 0
        for p in range(n):
            if room[p] and not cant[p] >> c & 1:
                e |= 1 << p
        elig[c] = e
        m ^= low


def sample(s, deal, n, me, rng):
    """Deal s.unseen to the other seats of world deal (a copy of s.root): each seat gets its
    room, never a card it cannot hold unless no seat with room left may take it (then
    it returns False: the greedy order can run into this, about 1 world in 100 with 4
    players, and the caller deals again)."""
    fitted = True
    rem = s.counts
    for p in range(4):
        rem[p] = s.slots[p]
    elig = s.possible
    pool = s.unseen
    # most constrained cards first: those with one possible seat, then two, then three
    for want in (1, 2, 3):
        m = pool
        while m:
            low = m & -m
            m ^= low
            e = elig[_BIT37[low % 37]]
            k = _POP6[e]
            if k > want or (k < want and want > 1):
                continue                            # a later pass, or placed already
            total = 0                               # a seat with room, weighted by room
            for p in range(n):
                if e >> p & 1:
                    total += rem[p]
            if total == 0:                          # no eligible seat has room: relax
                fitted = False
                e = 0
                for p in range(n):
                    if p != me and rem[p]:
                        e |= 1 << p
                        total += rem[p]
            r = rng.below(total)
            for p in range(n):
                if e >> p & 1:
                    if r < rem[p]:
                        deal.hand[p] |= low
                        rem[p] -= 1
                        break
                    r -= rem[p]
    return fitted


# ------------------------------------------------------------------ rollouts

def _copy_play(a, b):
    """Copy the fields a playout reads or changes from world a into world b (not the log
    and not the won / played / shown masks, which no play rule reads)."""
    b.trump = a.trump
    b.meld_suit = a.meld_suit
    b.trick_n = a.trick_n
    b.best = a.best
    b.lead_card = a.lead_card
    b.winner = -1
    b.winner_side = -1
    b.reason = -1
    b.log_len = 0
    b.leader = a.leader
    b.phase = a.phase
    b.to_move = a.to_move
    b.chooser = a.chooser
    b.warszawa = a.warszawa
    b.dealer = a.dealer
    b.forehand = a.forehand
    for i in range(4):                              # won, played_by, shown: not needed
        b.hand[i] = a.hand[i]
        b.side_of[i] = a.side_of[i]
        b.side_tricks[i] = a.side_tricks[i]
        b.side_cardpts[i] = a.side_cardpts[i]
        b.side_credited[i] = a.side_credited[i]
        b.side_pending[i] = a.side_pending[i]
        b.side_bonus[i] = 0
        b.score_delta[i] = 0
        b.melds[i] = a.melds[i]
        b.trick_cards[i] = a.trick_cards[i]


def playout(deal, rng):
    """Finish world deal with the playout policy (playout_steps), fused for speed once a
    trick is to be led: the same choices and the same draws from rng as playout_steps,
    without the engine's per-action calls.  Allocates nothing."""
    hand = deal.hand
    while deal.phase != _PH_OVER and (deal.phase != _PH_LEAD or deal.trick_n
                                       or deal.meld_suit >= 0):
        _step(deal, rng)
    if deal.phase == _PH_OVER:
        return
    n = deal.nseats
    trump = deal.trump
    trumps = _SUIT_MASK[trump]
    side_of = deal.side_of
    pts = deal.side_cardpts
    tricks = deal.side_tricks
    cred = deal.side_credited
    pend = deal.side_pending
    each = deal.each
    pmeld = deal._partner_meld
    loser_turn = deal._loser_turn
    needs_trick = deal.rules.meld_before_first_trick == 1
    under_required = deal.rules.undertrump == 0
    leader = deal.leader
    first = True                                    # this window's partner turn is over
    while True:
        side = side_of[leader]
        may_meld = not (needs_trick and tricks[side] == 0)
        if pmeld and not first and may_meld:       # the partner's meld comes first
            _meld(deal, (leader + 2) % 4, side)
        if not each and pts[side] + cred[side] >= 66:
            _declare(deal, leader)
            return
        first = False
        h = hand[leader]
        lead = -1
        suit = _meld(deal, leader, side) if may_meld else -1
        if suit >= 0:
            if not each and pts[side] + cred[side] >= 66:
                _declare(deal, leader)
                return
            lead = suit * 6 + cards.RQ + rng.below(2)           # the Q or the K
        if lead < 0:
            aces = h & _ACES & ~trumps
            if aces and h & (h - 1):
                lead = _BIT37[(aces & -aces) % 37]
            else:
                k = _POP6[h & 63] + _POP6[h >> 6 & 63] + _POP6[h >> 12 & 63] + _POP6[h >> 18]
                r = rng.below(k) if k > 1 else 0
                cm = h
                while r:
                    cm &= cm - 1
                    r -= 1
                lead = _BIT37[(cm & -cm) % 37]
        hand[leader] = h & ~(1 << lead)
        led = _SUIT_MASK[lead // 6]
        w = lead
        wi = 0
        tp = _POINTS[lead]
        seat = leader
        for i in range(1, n):
            seat += 1
            if seat == n:
                seat = 0
            hs = hand[seat]
            cm = hs & led                           # the strict rule (V1), inlined
            if cm:
                if (1 << w) & led:
                    beat = cm & _ABOVE[w]
                    if beat:
                        cm = beat
            else:
                cm = hs & trumps
                if cm:
                    if (1 << w) & trumps:
                        over = cm & _ABOVE[w]
                        if over:
                            cm = over
                        elif not under_required:
                            cm = hs
                else:
                    cm = hs
            if cm & (cm - 1):                       # the playout's follower (_follow)
                win = cm & (_ABOVE[w] | (0 if (1 << w) & trumps else trumps))
                ally = side_of[(leader + wi) % n] == side_of[seat] and not each
                if win:
                    c = _rank_pick(win, trumps, not (ally or i == n - 1))
                else:
                    c = _rank_pick(cm, trumps, ally)
            else:
                c = _BIT37[cm % 37]
            hand[seat] = hs & ~(1 << c)
            tp += _POINTS[c]
            if (c // 6 == w // 6 and c > w) or ((1 << c) & trumps and not (1 << w) & trumps):
                w = c
                wi = i
        winner = (leader + wi) % n
        side = side_of[winner]
        pts[side] += tp
        tricks[side] += 1
        if pend[side]:
            cred[side] += pend[side]
            pend[side] = 0
        leader = winner
        if hand[winner] == 0:                       # the last trick (deal_multi._play)
            deal.leader = winner
            deal.side_bonus[side] = deal.rules.last_trick_bonus
            if each:
                deal._finish_each()
            elif deal.total(winner) >= 66:
                deal._declare(winner)
            else:
                deal._finish(side, _REASON_LAST_TRICK, deal._g(1 - side))
            return
        if loser_turn:                              # D2: a losing seat with 66 declares
            s2 = winner
            for _ in range(n - 1):
                s2 += 1
                if s2 == n:
                    s2 = 0
                if side_of[s2] != side and deal.total(s2) >= 66:
                    _declare(deal, s2)
                    return


def _meld(deal, seat, side):
    """The playout's meld for seat (trump first), credited to side; its suit or -1."""
    h = deal.hand[seat]
    if not h & h >> 1 & _QUEENS:
        return -1
    suit = _free_marriage(h, deal.melds[seat], deal.trump)
    if suit >= 0:
        deal.melds[seat] |= 1 << suit
        deal._credit(side, 40 if suit == deal.trump else 20)
    return suit


def _declare(deal, seat):
    deal.leader = seat
    deal.trick_n = 0
    deal._declare(seat)


def _free_marriage(h, melds, trump):
    """A suit whose K and Q h holds and has not shown: trump first, else the lowest."""
    x = h & h >> 1 & _QUEENS
    if x >> (trump * 6 + cards.RQ) & 1 and not melds >> trump & 1:
        return trump
    for s in range(4):
        if x >> (s * 6 + cards.RQ) & 1 and not melds >> s & 1:
            return s
    return -1


def playout_steps(deal, rng):
    """The playout policy action by action through the engine (the reference for
    playout): random legal cards, but a side ace leads; followers by _follow;
    every seat melds (40 first) and declares a correct 66 at once, passes otherwise."""
    while deal.phase != _PH_OVER:
        _step(deal, rng)


def _step(deal, rng):
    """One action of the playout policy; allocates nothing."""
    phase = deal.phase
    seat = deal.to_move
    if phase == _PH_FOLLOW:
        cm = deal.follow_cards(deal.hand[seat])
        if cm & (cm - 1):
            deal._play(seat, _follow(deal, seat, cm))
            return
    elif phase == _PH_LEAD:
        if deal.total(seat) >= 66 and not deal.each:
            deal.apply(_A_OUT)
            return
        h = deal.hand[seat]
        if deal.meld_suit < 0 and h & h >> 1 & _QUEENS:
            sm = deal._marriages(seat)
            if sm:
                deal.apply(_A_MELD + _meld_of(sm, deal.trump))
                return
        cm = deal.legal_cards()
        aces = cm & _ACES & ~_SUIT_MASK[deal.trump]
        if aces and cm & (cm - 1):                  # a side ace is the lead of choice
            deal._play(seat, _BIT37[(aces & -aces) % 37])
            return
    elif phase == PH_PMELD:
        sm = deal._marriages(seat)
        deal.apply(_A_MELD + _meld_of(sm, deal.trump) if sm else _A_PASS)
        return
    else:                                           # PH_DECLARE
        deal.apply(_A_OUT if deal.total(seat) >= 66 else _A_PASS)
        return
    k = _POP6[cm & 63] + _POP6[cm >> 6 & 63] + _POP6[cm >> 12 & 63] + _POP6[cm >> 18]
    r = rng.below(k) if k > 1 else 0
    while r:
        cm &= cm - 1
        r -= 1
    deal._play(seat, _BIT37[(cm & -cm) % 37])


def _follow(deal, seat, h):
    """The playout's follower: under the strict rule the legal cards either all win the
    trick or all lose it.  Losing: feed points to a winning partner, else throw the
    cheapest.  Winning: the cheapest when last or when the partner had it anyway,
    else the highest (hold the trick against the seats still to play)."""
    n = deal.nseats
    trump = deal.trump
    w = deal.trick_cards[deal.best]
    trumps = _SUIT_MASK[trump]
    win = h & (_ABOVE[w] | (0 if w // 6 == trump else trumps))
    ally = deal.side_of[(deal.leader + deal.best) % n] == deal.side_of[seat] and not deal.each
    if win:
        if ally or deal.trick_n == n - 1:
            return _rank_pick(win, trumps, False)
        return _rank_pick(win, trumps, True)
    return _rank_pick(h, trumps, ally)


def _rank_pick(mask, trump, top):
    """The highest (or lowest) ranked card of mask, non-trump first."""
    m = mask & ~trump
    if not m:
        m = mask
    best = -1
    best_r = -1 if top else 9
    for s in range(4):
        x = m >> (s * 6) & 63
        if x:
            r = cards.HIGH_RANK[x] if top else cards.LOW_RANK[x]
            if (top and r > best_r) or (not top and r < best_r):
                best_r = r
                best = s * 6 + r
    return best


def _meld_of(x, trump):
    """The suit to meld from x (B_MELD << s bits): trump first."""
    if x >> (5 + trump) & 1:
        return trump
    s = 0
    while not x >> (5 + s) & 1:
        s += 1
    return s


def _value(deal, me, scale=1):
    """A finished world's worth to seat me: 64 x game points margin + total margin / scale
    (the search: scale 1; action_values: 4, as the two-player bot's scale-break)."""
    mine = deal.side_of[me]
    best_pts = -99
    best_tot = -999
    for s in range(deal.nseats):
        if deal.side_of[s] != mine:
            if deal.score_delta[s] > best_pts:
                best_pts = deal.score_delta[s]
            t = deal.total(s)
            if t > best_tot:
                best_tot = t
    return 64 * (deal.score_delta[me] - best_pts) + (deal.total(me) - best_tot) // scale


_PRUNE = const(1)
_HALVING = const(1)


def _distinct(legal, played):
    """legal without the cards that are as strong as a higher legal card of theirs: c and
    the next card up in its suit that is still in play, if that one is also legal (every
    card between them is played, so they win and lose the same tricks; their points
    differ by at most 1 when they are ranks apart by gone cards... and the card kept,
    the higher, scores its extra point in the same trick)."""
    out = legal
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = _BIT37[low % 37]
        top = c - c % 6 + 5
        x = c + 1
        while x <= top and played >> x & 1:
            x += 1
        if x <= top and legal >> x & 1:
            out ^= low
    return out


def _search(view, level, rng, legal):
    s = _scratch(view)
    base = s.base
    n_c = 0
    m = _distinct(legal, view.played()) if _PRUNE else legal
    if m & (m - 1) == 0:
        return _BIT37[m % 37]
    while m:
        low = m & -m
        s.playable[n_c] = _BIT37[low % 37]
        s.scores[n_c] = 0
        s.enabled[n_c] = 1
        n_c += 1
        m ^= low
    n_active = n_c
    halved = not _HALVING
    me = view.seat
    exact = view.hand_size(me) <= _EXACT[level]
    remaining = 0
    for p in range(view.nseats()):
        remaining += view.hand_size(p)
    budget = (0, 300, 2000)[level]
    used = 0
    worlds = 0
    n = view.nseats()
    prepare(view, s)
    least = 2 if exact else _MIN_WORLDS             # an exact world is worth many rollouts
    while worlds < _MAX_WORLDS and (worlds < least or used < budget):
        worlds += 1
        used += _WORLD_COST
        _deal(s, n, me, rng)
        if exact:
            cost = _exact_scores(base, me, s, n_c)
            if cost:
                used += cost
                continue
        if not halved and used >= budget // 2 and worlds > least:
            halved = True                           # successive halving: keep the
            while n_active > (n_c + 1) // 2:        # better half for the rest
                worst = -1
                for i in range(n_c):
                    if s.enabled[i] and (worst < 0 or s.scores[i] < s.scores[worst]):
                        worst = i
                s.enabled[worst] = 0
                n_active -= 1
        used += n_active * remaining
        _play(s, me, rng, n_c)
        rng.below(7)                                # move on from the shared luck
    best = -1
    for i in range(n_c):
        if s.enabled[i] and (best < 0 or s.scores[i] > s.scores[best]):
            best = i
    return s.playable[best]


def _deal(s, n, me, rng):
    """A sampled world in s.base (up to three deals to fit every fact of the view)."""
    for _try in range(3):
        _copy_play(s.root, s.base)
        if sample(s, s.base, n, me, rng):
            return


def _play(s, me, rng, n):
    """Each active candidate of s played in world s.base and finished by the playout,
    every one with the same draws from rng (the same luck); adds its _value to s.scores."""
    w = s.deal
    seed1, seed2, seed3 = rng.s1, rng.s2, rng.s3
    for i in range(n):
        if s.enabled[i]:
            _copy_play(s.base, w)
            w._play(me, s.playable[i])
            rng.s1, rng.s2, rng.s3 = seed1, seed2, seed3
            playout(w, rng)
            s.scores[i] += _value(w, me, s.tie)


def action_values(view, level, rng, out, select=0xFFFFFF):
    """The search's judgement of view.seat's legal cards, for a review of the hand.

    out (a list of at least 24 ints): out[c] is set for each card c of legal & select to
    its mean value over the level's sampled worlds in 1/64 game point (_value with the
    tie-break at 1/4: 64 x game points margin + total margin / 4).  Every card is played
    in the same worlds with the same draws, and the worlds depend select on rng's state and
    the legal cards, not on `select`: a caller may value one card per call (reseeding the
    rng alike) to keep each call short.  Worlds: as many as the level's budget of card
    plays gives for all legal cards (at least _MIN_WORLDS); with at most _EXACT cards in
    hand, 2 x _MIN_WORLDS worlds searched exactly (a search over _NODE_CAP plays counts
    that card's playout instead).  Returns the legal card mask (0: no card to choose).
    Allocates nothing after the first call."""
    legal = view.legal_cards()
    if legal == 0:
        return 0
    s = _scratch(view)
    me = view.seat
    n = view.nseats()
    remaining = 0
    for p in range(n):
        remaining += view.hand_size(p)
    exact = view.hand_size(me) <= _EXACT[level]
    worlds = (0, 300, 2000)[level] // (_WORLD_COST + cards.count(legal) * remaining)
    if exact:
        worlds = 2 * _MIN_WORLDS
    worlds = _MIN_WORLDS if worlds < _MIN_WORLDS else min(worlds, _MAX_WORLDS)
    n_c = 0
    m = legal & select
    while m:
        low = m & -m
        s.playable[n_c] = _BIT37[low % 37]
        s.scores[n_c] = 0
        n_c += 1
        m ^= low
    prepare(view, s)
    s.tie = 4
    for _ in range(worlds):
        _deal(s, n, me, rng)
        seed1, seed2, seed3 = rng.s1, rng.s2, rng.s3
        for i in range(n_c):
            s.enabled[i] = 1
            if exact:
                _copy_play(s.base, s.deal)
                s.deal._play(me, s.playable[i])
                v = _minimax(s.deal, me, s)
                if s.plays >= 0:                    # solved: no playout for this card
                    s.enabled[i] = 0
                    s.scores[i] += v
        _play(s, me, rng, n_c)
        rng.s1, rng.s2, rng.s3 = seed1, seed2, seed3   # the next world: not `select`'s
        rng.below(7)
    s.tie = 1
    for i in range(n_c):
        out[s.playable[i]] = s.scores[i] // worlds
    return legal


# ------------------------------------------------------------------ exact search

def _exact_scores(base, me, s, n):
    """Minimax of world `base` (card play only; melds and declarations as in the
    playout, taken at once) for each candidate; adds to s.scores and returns the plays
    it replayed.  0 if a search ran over _NODE_CAP (nothing is added then, and the
    caller plays the world out instead)."""
    w = s.deal
    cost = 0
    for i in range(n):
        _copy_play(base, w)
        w._play(me, s.playable[i])
        v = _minimax(w, me, s)
        if s.plays < 0:
            for j in range(i):
                s.scores[j] -= s.delta[j]
            return 0
        s.delta[i] = v
        s.scores[i] += v
        cost += s.plays
    return cost


def _settle(deal):
    """Take the automatic choices of the playout (declare, meld, pass) until a card is
    to be played or the hand is over."""
    while deal.phase != _PH_OVER:
        phase = deal.phase
        seat = deal.to_move
        if phase == _PH_LEAD:
            if deal.total(seat) >= 66 and not deal.each:
                deal.apply(_A_OUT)
                continue
            if deal.meld_suit < 0:
                sm = deal._marriages(seat)
                if sm:
                    deal.apply(_A_MELD + _meld_of(sm, deal.trump))
                    continue
            return
        if phase == _PH_FOLLOW:
            return
        if phase == PH_PMELD:
            sm = deal._marriages(seat)
            deal.apply(_A_MELD + _meld_of(sm, deal.trump) if sm else _A_PASS)
        else:
            deal.apply(_A_OUT if deal.total(seat) >= 66 else _A_PASS)


def _minimax(root, me, s):
    """Depth-first minimax over the card play of `root` on explicit stacks (no
    recursion: the unix port's Python stack is small).  Saving a DealMulti per ply would
    allocate, so each node re-plays its line (st_card[0..depth], the cards chosen so
    far) from the root into the scratch world s.current; hands hold at most _EXACT cards
    each, so lines are short.  Returns the value for seat me's side, or None over
    _NODE_CAP replayed plays (then s.plays = -1; else s.plays counts them)."""
    mine = root.side_of[me]
    w = s.current
    stack = s.st_mask                   # [ply]: moves left; [40 + ply]: best value so far
    line = s.st_card                    # [ply]: the card chosen; [40 + ply]: its seat
    depth = 0
    nodes = 0
    s.plays = 0
    _copy_play(root, w)
    _settle(w)
    if w.phase == _PH_OVER:
        s.plays = 1
        return _value(w, me, s.tie)
    stack[0] = _moves(w)
    line[40] = w.to_move
    stack[40] = -100000 if w.side_of[w.to_move] == mine else 100000
    while True:
        m = stack[depth]
        if m == 0:
            v = stack[40 + depth]
            if depth == 0:
                s.plays = nodes
                return v
            depth -= 1
            maxing = root.side_of[line[40 + depth]] == mine
            if (maxing and v > stack[40 + depth]) or (not maxing and v < stack[40 + depth]):
                stack[40 + depth] = v
            continue
        low = m & -m
        stack[depth] = m ^ low
        line[depth] = _BIT37[low % 37]
        nodes += depth + _REPLAY_COST              # the line's plays, copy and settle
        if nodes > _NODE_CAP:
            s.plays = -1
            return 0
        # replay the line root -> depth into w
        _copy_play(root, w)
        _settle(w)
        for i in range(depth + 1):
            w._play(w.to_move, line[i])
            _settle(w)
        if w.phase == _PH_OVER:
            v = _value(w, me, s.tie)
            maxing = root.side_of[line[40 + depth]] == mine
            if (maxing and v > stack[40 + depth]) or (not maxing and v < stack[40 + depth]):
                stack[40 + depth] = v
            continue
        depth += 1
        stack[depth] = _moves(w)
        line[40 + depth] = w.to_move
        stack[40 + depth] = -100000 if w.side_of[w.to_move] == mine else 100000


def _moves(deal):
    if deal.phase == _PH_FOLLOW:
        return deal.follow_cards(deal.hand[deal.to_move])
    return deal.legal_cards()
