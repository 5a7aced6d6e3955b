"""DealMulti: one hand of three- or four-player Sixty-Six (RULES.md V1, V2).

Same encoding and the same methods as deal.Deal (to_move, legal_cards, legal_specials,
legal_into, is_legal, apply, is_over, total, copy_into), plus:
  action  A_TRUMP + s (33..36) names trump suit s; A_PASS at the trump choice is
          "Warszawa" (each_for_self: "turn up my next card").  There is no talon: no
          draw, exchange or close.  A_PASS also declines a PH_PMELD or PH_DECLARE turn.
  phase   PH_TRUMP (the trump choice) before PH_LEAD / PH_FOLLOW / PH_OVER, and
          PH_PMELD    partner_meld: the leader's partner may meld one marriage (or pass)
                      before the leader's window actions (like D8's non-leader turn);
                      offered only when he holds an unshown marriage he may meld.
          PH_DECLARE  declare_window=after_any_trick: after every trick but the last,
                      each seat of a side that did not win it, clockwise from the winner,
                      may declare for his side or pass (D2), then the winner's window.
  seats   0..n-1 clockwise; P1 = (dealer + 1) % n is the forehand and leads trick 1 (D5).
  side    SIDE_A / SIDE_B.  3 players: the trump chooser (soloist) is side A, the two
          others side B.  4 players: P1 + P3 are side A, P2 + D side B.
          three_player_mode=each_for_self: every seat is its own side (side_of[s] = s).
          Tricks, card points and marriages are pooled per side: side_* lists, indexed
          by side.
  trick   trick_cards[i] is the i-th card of the trick in progress (trick_n played),
          led by `leader`; `best` is the index of the card winning it so far.
  melds   melds[seat] bit s: seat has shown the marriage of suit s (never scored twice).

each_for_self (RULES.md V1, pagat): canonical deal `deck[0..2]`->P1, `[3..5]`->P2,
`[6..8]`->D; P1 names trump or passes, and then his next card `deck[9]` is shown and
sets trump; then 2 each (`[9..10]`, `[11..12]`, `[13..14]`), then 3 each (`[15..23]`).
There is no declaring: after the 8th trick (+10) the highest total wins (a shared
highest total is a draw), and each other seat pays him 1, 2 (< 33) or 3 (no trick).

Every option of RULES.md section 4 that applies to 3 and 4 players is supported;
RuleSet.unsupported() refuses the two-player-only ones.  Cold-path methods build no big
structures; the play itself allocates nothing.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import rules as R
from sixtysix_core import scoring

A_TRUMP = const(33)
PH_TRUMP = const(6)
PH_PMELD = const(7)
# deal.py's codes, private (folded away, no interned name) so that a 3- or 4-player
# match never loads the two-player Deal; host_tests/test_core_multi.py checks them
_PH_LEAD = const(0)
_PH_FOLLOW = const(1)
_PH_DECLARE = const(3)
_PH_OVER = const(5)
_EXHAUSTED = const(2)
_REASON_DECLARED = const(0)
_REASON_FALSE_DECLARATION = const(1)
_REASON_HIGHER_TOTAL = const(4)
_REASON_LAST_TRICK = const(5)
_REASON_DRAW = const(6)
_B_OUT = const(8)
_B_PASS = const(16)
_B_MELD = const(32)
_A_OUT = const(27)
_A_PASS = const(28)
_A_MELD = const(29)
_LOG_SIZE = const(128)
_NO_CARD = const(255)
_SIDE_A = const(0)             # SIDE_A, SIDE_B (private: folded away, no interned name)
_SIDE_B = const(1)

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS


class DealMulti:
    def __init__(self, rules):
        self.rules = rules
        self.nseats = rules.players
        self.deck_size = 24
        self.configure()
        self.deck = bytearray(24)
        self.hand = [0, 0, 0, 0]
        self.won = [0, 0, 0, 0]
        self.played_by = [0, 0, 0, 0]
        self.shown = [0, 0, 0, 0]
        self.side_of = bytearray(4)
        self.side_tricks = [0, 0, 0, 0]
        self.side_cardpts = [0, 0, 0, 0]
        self.side_credited = [0, 0, 0, 0]
        self.side_pending = [0, 0, 0, 0]
        self.side_bonus = [0, 0, 0, 0]
        self.melds = [0, 0, 0, 0]
        self.score_delta = [0, 0, 0, 0]
        self.trick_cards = bytearray(4)
        self.log_action = bytearray(_LOG_SIZE)
        self.log_seat = bytearray(_LOG_SIZE)
        self.log_len = 0
        self.deal_from_deck(0)

    # ----------------------------------------------------------------- set-up

    def configure(self):
        """Read the RuleSet into plain fields (call after changing self.rules)."""
        r = self.rules
        self.nseats = r.players
        self.each = r.players == 3 and r.three_player_mode == 1
        auto = r.auto_declare == 1
        self._out_window = 0 if auto or self.each else _B_OUT
        self._out_any_turn = (_B_OUT if r.declare_window == R.DECLARE_ANY_OWN_TURN
                              and not auto and not self.each else 0)
        self._loser_turn = (r.declare_window == R.DECLARE_AFTER_ANY_TRICK and not auto
                            and not self.each)
        self._partner_meld = r.players == 4 and r.partner_meld == 1

    def pack(self):
        return cards.FULL_DECK

    def new_hand(self, dealer, rng):
        for c in range(24):
            self.deck[c] = c
        rng.shuffle(self.deck, 24)
        self.deal_from_deck(dealer)

    def deal_from_deck(self, dealer):
        n = self.nseats
        self.dealer = dealer
        self.forehand = (dealer + 1) % n
        self.trump = -1
        self.chooser = -1
        self.warszawa = False
        self.meld_suit = -1
        self.trick_n = 0
        self.best = 0
        self.lead_card = _NO_CARD
        self.winner = -1
        self.winner_side = -1
        self.reason = -1
        self.log_len = 0
        self.talon_len = 0
        self.talon_state = _EXHAUSTED
        self.closer = -1
        self.pending_draw = False
        self.upcard = _NO_CARD
        self.decl_seat = -1
        for s in range(4):
            self.hand[s] = self.won[s] = self.played_by[s] = self.shown[s] = 0
            self.score_delta[s] = self.melds[s] = 0
            # V2: P1 + P3 against P2 + D; V1 sides are set when trump is named
            self.side_of[s] = (s - self.forehand) % n % 2 if n == 4 else _SIDE_B
            if self.each:
                self.side_of[s] = s
            self.side_tricks[s] = self.side_cardpts[s] = 0
            self.side_credited[s] = self.side_pending[s] = self.side_bonus[s] = 0
        self._deal_packets(0, 3 if self.each else 12 // n)     # the first round (D5)
        self.leader = self.forehand
        if n == 4 and self.rules.four_player_trump == 1:
            # pagat: the bottom card belongs to the dealer and sets trump; no Warszawa
            self._deal_packets(12, 3)
            self.trump = self.deck[23] // 6
            self.shown[dealer] |= 1 << self.deck[23]
            self._offer_partner_meld()
        else:
            self.phase = PH_TRUMP
            self.to_move = self.forehand

    def _deal_packets(self, i, k):
        """k cards each from deck[i] on, P1 first, clockwise.  The rounds: V1 4 cards
        each from P1 clockwise, twice; V2 3 each, twice; each_for_self 3 each, then 2
        each and 3 each."""
        n = self.nseats
        seat = self.forehand
        for _ in range(n):
            for _k in range(k):
                self.hand[seat] |= 1 << self.deck[i]
                i += 1
            seat = (seat + 1) % n

    # ------------------------------------------------------------- accessors

    def total(self, seat):
        """The seat's side total: card points + credited marriages + last-trick bonus."""
        side = self.side_of[seat]
        return self.side_cardpts[side] + self.side_credited[side] + self.side_bonus[side]

    def tricks_of(self, seat):
        return self.side_tricks[self.side_of[seat]]

    def is_over(self):
        return self.phase == _PH_OVER

    def winners(self):
        """Seats of the winning side (cold path: a list)."""
        if self.winner_side < 0:
            return []
        return [s for s in range(self.nseats) if self.side_of[s] == self.winner_side]

    # --------------------------------------------------------- legal actions

    def legal_cards(self):
        phase = self.phase
        h = self.hand[self.to_move] if self.to_move >= 0 else 0
        if phase == _PH_LEAD:
            if self.meld_suit >= 0:
                base = self.meld_suit * 6
                return h & ((1 << (base + 2)) | (1 << (base + 3)))
            return h
        if phase != _PH_FOLLOW:
            return 0
        return self.follow_cards(h)

    def follow_cards(self, h):
        """The cards of mask h that may follow to the trick in progress (V1)."""
        # V1 strict multi-player rule: s = suit led, w = card winning so far
        lead = self.trick_cards[0]
        w = self.trick_cards[self.best]
        same = h & _SUIT_MASK[lead // 6]
        trumps = h & _SUIT_MASK[self.trump]
        if same:
            if w // 6 == lead // 6:
                beat = same & _ABOVE[w]
                if beat:
                    return beat
            return same
        if trumps:
            if w // 6 == self.trump:
                over = trumps & _ABOVE[w]
                if over:
                    return over
                return trumps if self.rules.undertrump == 0 else h
            return trumps
        return h

    def legal_specials(self):
        phase = self.phase
        if phase == PH_TRUMP:
            m = 0xF << (A_TRUMP - 24)
            # D3: may pass unless he must name (each_for_self: P1 may, his next card
            # sets trump; 3 players: P2 after P1's Warszawa; 4: the dealer if reached)
            seat = self.to_move
            if self.each or (seat == self.forehand if self.nseats == 3
                             else seat != self.dealer):
                m |= _B_PASS
            return m
        if phase == _PH_LEAD:
            m = self._out_window
            if self.meld_suit < 0:
                m |= self._marriages(self.to_move)
            return m
        if phase == _PH_FOLLOW:
            return self._out_any_turn
        if phase == PH_PMELD:
            return self._marriages(self.to_move) | _B_PASS | self._out_any_turn
        if phase == _PH_DECLARE:
            return _B_OUT | _B_PASS
        return 0

    def _marriages(self, seat):
        """B_MELD bits of the marriages seat holds and may meld now (R12, V1, V2)."""
        if self.rules.meld_before_first_trick == 1 and self.tricks_of(seat) == 0:
            return 0
        h = self.hand[seat]
        m = 0
        for s in range(4):
            if h >> (s * 6 + 2) & 1 and h >> (s * 6 + 3) & 1 and not self.melds[seat] >> s & 1:
                m |= _B_MELD << s
        return m

    def is_legal(self, action):
        if action < 0 or action > A_TRUMP + 3:
            return False
        if action < 24:
            return bool(self.legal_cards() >> action & 1)
        return bool(self.legal_specials() >> (action - 24) & 1)

    def legal_into(self, buf):
        n = 0
        for mask, base in ((self.legal_cards(), 0), (self.legal_specials(), 24)):
            i = 0
            while mask:
                if mask & 1:
                    buf[n] = base + i
                    n += 1
                mask >>= 1
                i += 1
        return n

    # ------------------------------------------------------------------ apply

    def apply(self, action):
        seat = self.to_move
        n = self.log_len
        if n < _LOG_SIZE:
            self.log_action[n] = action
            self.log_seat[n] = seat
            self.log_len = n + 1
        if action >= A_TRUMP:
            self._trump(seat, action - A_TRUMP)
        elif action == _A_PASS:
            self._pass(seat)
        elif action == _A_OUT:
            self._declare(seat)
        elif action >= _A_MELD:
            self._meld(seat, action - _A_MELD)
        else:
            self._play(seat, action)

    def _pass(self, seat):
        phase = self.phase
        if phase == PH_TRUMP:
            if self.each:                           # P1's next card sets trump
                up = self.deck[9]
                self.shown[seat] |= 1 << up
                self._trump(-1, up // 6)
                return
            self.warszawa = True
            n = self.nseats
            if n == 4 and self.rules.warszawa_order == 1:
                # partner_first: P1 -> P3 -> P2 -> D
                order = (1, 3, 2, 0)
                k = (seat - self.forehand + 1) % 4      # P1 = 1, P2 = 2, P3 = 3, D = 0
                self.to_move = (self.forehand + order[order.index(k) + 1] - 1) % 4
            else:
                self.to_move = (seat + 1) % n
        elif phase == PH_PMELD:
            self._lead()
        else:                                       # PH_DECLARE: the next loser, or the window
            self._next_loser(seat)

    def _next_loser(self, seat):
        """D2: the next seat clockwise not on the trick winner's side, else the window."""
        n = self.nseats
        win_side = self.side_of[self.leader]
        s = (seat + 1) % n
        while s != self.leader:
            if self.side_of[s] != win_side:
                self.phase = _PH_DECLARE
                self.to_move = s
                return
            s = (s + 1) % n
        self._offer_partner_meld()

    def _offer_partner_meld(self):
        """partner_meld: the leader's partner may meld first, if he holds a marriage."""
        if self._partner_meld:
            partner = (self.leader + 2) % 4
            if self._marriages(partner):
                self.phase = PH_PMELD
                self.to_move = partner
                return
        self._lead()

    def _lead(self):
        """The leader's window opens (R10, R14): he is to lead."""
        self.phase = _PH_LEAD
        self.to_move = self.leader
        if self.rules.auto_declare and not self.each and self.total(self.leader) >= 66:
            self._declare(self.leader)

    def _trump(self, seat, suit):
        """seat names suit (-1: each_for_self's turned card); the second round is dealt."""
        self.trump = suit
        self.chooser = seat
        if self.nseats == 3 and not self.each:      # V1: the chooser plays alone
            for s in range(3):
                self.side_of[s] = _SIDE_A if s == seat else _SIDE_B
        if self.each:                               # the second round: 2 each, 3 each
            self._deal_packets(9, 2)
            self._deal_packets(15, 3)
        else:
            self._deal_packets(12, 12 // self.nseats)
        self.leader = self.forehand
        self._offer_partner_meld()

    def _meld(self, seat, suit):
        value = 40 if suit == self.trump else 20
        side = self.side_of[seat]
        self.melds[seat] |= 1 << suit
        self.shown[seat] |= (1 << (suit * 6 + 2)) | (1 << (suit * 6 + 3))
        if self.phase == PH_PMELD:                  # the partner's meld: no duty to lead it
            self._credit(side, value)
            self._lead()
            return
        self.meld_suit = suit
        self._credit(side, value)
        if self.rules.auto_declare and not self.each and self.total(seat) >= 66:
            self._declare(seat)

    def _credit(self, side, value):
        if self.side_tricks[side]:
            self.side_credited[side] += value
        else:
            self.side_pending[side] += value        # credited with the side's first trick

    def _play(self, seat, c):
        self.hand[seat] &= ~(1 << c)
        self.played_by[seat] |= 1 << c
        k = self.trick_n
        self.trick_cards[k] = c
        if k == 0:
            self.lead_card = c
            self.best = 0
            self.meld_suit = -1
        else:
            w = self.trick_cards[self.best]
            if (c // 6 == w // 6 and c > w) or (c // 6 == self.trump and w // 6 != self.trump):
                self.best = k
        self.trick_n = k + 1
        n = self.nseats
        if k + 1 < n:
            self.phase = _PH_FOLLOW
            self.to_move = (seat + 1) % n
            return
        winner = (self.leader + self.best) % n
        side = self.side_of[winner]
        for i in range(n):
            x = self.trick_cards[i]
            self.won[winner] |= 1 << x
            self.side_cardpts[side] += _POINTS[x]
        self.side_tricks[side] += 1
        if self.side_pending[side]:
            self.side_credited[side] += self.side_pending[side]
            self.side_pending[side] = 0
        self.trick_n = 0
        self.lead_card = _NO_CARD
        self.leader = winner
        if self.hand[winner] == 0:                  # the last trick: +10, then R16 / V1
            self.side_bonus[side] = self.rules.last_trick_bonus
            if self.each:
                self._finish_each()
            elif self.total(winner) >= 66:
                self._declare(winner)
            else:
                self._finish(side, _REASON_LAST_TRICK, self._g(1 - side))
        elif self._loser_turn:
            self._next_loser(winner)
        else:
            self._offer_partner_meld()

    # ----------------------------------------------------------------- scoring

    def _g(self, side):
        """The game points side's opponents win."""
        if self.warszawa:
            return 3                                # D4: a flat 3 after Warszawa
        total = (self.side_cardpts[side] + self.side_credited[side]
                 + self.side_bonus[side])
        if self.rules.scoring == 1:
            return scoring.czech_band(total)
        if self.side_tricks[side] == 0:
            return 3
        return 2 if total < 33 else 1

    def _finish_each(self):
        """each_for_self: the highest total wins; each other seat pays him G (V1)."""
        best = -1
        top = -1
        for s in range(3):
            t = self.total(s)
            if t > top:
                top, best = t, s
            elif t == top:
                best = -1                           # a shared highest total: a draw
        if best < 0:
            self._finish(-1, _REASON_DRAW, 0)
            return
        pts = 0
        for s in range(3):
            if s != best:
                pts += self._g(s)
        self._finish(best, _REASON_HIGHER_TOTAL, pts)

    def _declare(self, seat):
        self.decl_seat = seat
        side = self.side_of[seat]
        if self.total(seat) >= 66:
            self._finish(side, _REASON_DECLARED, self._g(1 - side))
            return
        other = 1 - side
        f = self.rules.false_declaration
        if self.warszawa:
            pts = 3
        elif f == 2:
            pts = scoring.czech_band(self.total(seat))
        elif f == 1 and self.side_tricks[other] == 0:
            pts = 3
        else:
            pts = 2
        self._finish(other, _REASON_FALSE_DECLARATION, pts)

    def _finish(self, side, reason, points):
        self.phase = _PH_OVER
        self.to_move = -1
        self.winner_side = side
        self.reason = reason
        if side < 0:
            return
        for s in range(self.nseats):
            if self.side_of[s] == side:
                self.score_delta[s] += points
                if self.winner < 0:
                    self.winner = s

    # ------------------------------------------------------------------- copy

    def copy_into(self, o):
        for name in _SCALARS:
            setattr(o, name, getattr(self, name))
        for name in _ARRAYS:
            a = getattr(self, name)
            b = getattr(o, name)
            for i in range(len(a)):
                b[i] = a[i]

    def same_as(self, o):
        for name in _SCALARS:
            if getattr(self, name) != getattr(o, name):
                return False
        for name in _ARRAYS:
            if list(getattr(self, name)) != list(getattr(o, name)):
                return False
        return True


_SCALARS = ("dealer", "forehand", "trump", "chooser", "warszawa", "meld_suit", "trick_n",
            "best", "lead_card", "winner", "winner_side", "reason", "log_len", "leader",
            "phase", "to_move", "decl_seat")
_ARRAYS = ("deck", "hand", "won", "played_by", "shown", "side_of", "side_tricks",
           "side_cardpts", "side_credited", "side_pending", "side_bonus", "score_delta",
           "trick_cards", "log_action", "log_seat", "melds")
