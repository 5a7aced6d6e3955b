"""Deal: one hand of two-player Sixty-Six as a flat state machine (RULES.md R1-R22).

Encoding (see cards.py for cards and masks)
  seat    0..1: the non-dealer is (dealer + 1) % 2 and leads trick 1.  Per-seat lists
          have 4 slots, like deal_multi.DealMulti (3 and 4 players, same interface).
  action  an int:
            0..23          play that card (lead or follow)
            A_DRAW    24   the leader draws, then the other seat draws (R7)
            A_EXCHANGE 25  swap the trump nine (jack with deck=20) for the upcard (R11)
            A_CLOSE   26   close the talon (R13)
            A_OUT     27   declare 66 (R14)
            A_PASS    28   decline a turn offered to this seat (R11.3, D2, D8)
            A_MELD+s  29..32  announce the marriage in suit s (R12)
            33..36         "trump <suit>": 3 and 4 players only (deal_multi.A_TRUMP)
          legal_cards() is a card mask; legal_specials() is a mask with bit (a - 24) set
          for each legal non-card action a, so both are small ints.
  phase   PH_LEAD      the leader's window (R10): draw, exchange, meld, close, out, lead
          PH_FOLLOW    the other seat plays to the trick (R8, R9)
          PH_CLOSE_REPLY  the closer's opponent may exchange at the close (R11.3)
          PH_DECLARE   the loser's declare-or-pass turn (declare_window=after_any_trick, D2)
          PH_NONLEADER the non-leader's exchange/close chance (either_between_tricks, D8)
          PH_OVER      the hand has ended; see winner, reason, score_delta
  talon   bytearray; talon[talon_top .. talon_top + talon_len - 1], top first, the upcard
          (if any) last.  talon_state is OPEN, CLOSED or EXHAUSTED.

Every mutating method (apply and what it calls, copy_into, legal_*) allocates nothing:
state is ints, preallocated lists and bytearrays.  apply() trusts its caller: check
is_legal() first (explain.py says why an action is illegal).
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import rules as R
from sixtysix_core import scoring
from sixtysix_core.scoring import (REASON_CLOSER_BEATEN, REASON_CLOSER_FAILED,  # noqa: F401
                                   REASON_DECLARED, REASON_DRAW,
                                   REASON_FALSE_DECLARATION, REASON_HIGHER_TOTAL,
                                   REASON_LAST_TRICK, REASON_NAMES)

A_DRAW = const(24)
A_EXCHANGE = const(25)
A_CLOSE = const(26)
A_OUT = const(27)
A_PASS = const(28)
A_MELD = const(29)
NUM_ACTIONS = const(33)
# legal_specials() bits, one per non-card action: bit (action - 24)
B_DRAW = const(1)
B_EXCHANGE = const(2)
B_CLOSE = const(4)
B_OUT = const(8)
B_PASS = const(16)
B_MELD = const(32)                      # B_MELD << suit

PH_LEAD = const(0)
PH_FOLLOW = const(1)
PH_CLOSE_REPLY = const(2)
PH_DECLARE = const(3)
PH_NONLEADER = const(4)
PH_OVER = const(5)

OPEN = const(0)
CLOSED = const(1)
EXHAUSTED = const(2)


NO_CARD = const(255)
LOG_SIZE = const(128)
# value indexes of rules options (rules.py): trump_mode, declare_window
_TRUMP_UPCARD = const(0)
_TRUMP_FIXED_HEARTS = const(1)
_DECLARE_AFTER_ANY_TRICK = const(1)
_DECLARE_ANY_OWN_TURN = const(2)

_SUIT_MASK = cards.SUIT_MASK
_ABOVE = cards.ABOVE
_POINTS = cards.CARD_POINTS
_POP6 = cards.POP6
_PACK24 = bytes(range(24))              # the packs in card order, before shuffling
_PACK20 = bytes(c for c in range(24) if c % 6)
_QUEENS = const(0x104104)               # the queen's bit in each suit (rank 2)
# _BIT37[(1 << i) % 37] == i for i in 0..23 (2 is a primitive root modulo 37, so the 24
# remainders differ): the index of a mask's lowest bit in 37 bytes instead of a dict
_BIT37 = (b"\x00\x00\x01\x00\x02\x17\x00\x00\x03\x10\x00\x00\x00\x0b\x00\x0d\x04\x07\x11"
          b"\x00\x00\x16\x00\x0f\x00\x0a\x0c\x06\x00\x15\x0e\x09\x05\x14\x08\x13\x12")


def _clear(per_seat):
    per_seat[0] = per_seat[1] = per_seat[2] = per_seat[3] = 0


class Deal:
    def __init__(self, rules=None):
        self.rules = R.RuleSet() if rules is None else rules
        self.deck = bytearray(24)       # the pack in canonical deal order (R3)
        self.talon = bytearray(24)
        self.hand = [0, 0, 0, 0]        # masks
        self.won = [0, 0, 0, 0]         # masks of cards in each seat's won tricks
        self.played_by = [0, 0, 0, 0]   # masks of cards each seat has played
        self.shown = [0, 0, 0, 0]       # cards each seat revealed (meld, exchange, upcard)
        self.tricks = [0, 0, 0, 0]
        self.cardpts = [0, 0, 0, 0]
        self.meld_credited = [0, 0, 0, 0]
        self.meld_pending = [0, 0, 0, 0]
        self.bonus = [0, 0, 0, 0]
        self.snap_tricks = [0, 0, 0, 0]
        self.snap_total = [0, 0, 0, 0]
        self.score_delta = [0, 0, 0, 0]
        self.melds = [0, 0, 0, 0]       # bit s set: seat melded suit s this hand
        self.log_action = bytearray(LOG_SIZE)
        self.log_seat = bytearray(LOG_SIZE)
        self.log_len = 0
        self.last_trick = bytearray(3)  # lead card, follow card, winner (NO_CARD: none)
        self.configure()
        self._reset_fields()

    # ----------------------------------------------------------------- set-up

    def configure(self):
        """Read the RuleSet into plain engine fields (call after changing self.rules)."""
        r = self.rules
        self.nseats = r.players
        self.deck_size = r.deck
        self.exchange_rank = cards.R9 if r.deck == 24 else cards.RJ
        self.opt_exchange = r.exchange == 0 and r.trump_mode == _TRUMP_UPCARD
        self.opt_exchange_needs_trick = r.exchange_requires_trick == 0
        self.opt_exchange_either = r.exchange_by == 1
        self.opt_exchange_not_two = r.exchange_not_when_two_left == 1
        self.opt_exchange_at_close = r.exchange_on_opponent_close == 0
        self.opt_meld_needs_trick = r.meld_before_first_trick == 1
        self.opt_meld_phase2 = r.marriages_in_phase2 == 1
        self.opt_close_either = r.close_by == 1
        self.opt_close_before_draw = r.close_before_draw == 0
        self.opt_close_more_than_two = r.close_needs_more_than_two == 1
        self.opt_phase2 = r.phase2_rule
        self.opt_declare = r.declare_window
        self.opt_auto = r.auto_declare == 1
        self.opt_bonus = r.last_trick_bonus
        self.opt_end = r.end_without_declaration
        self.opt_czech = r.scoring == 1
        self.opt_win_at_close = r.closed_win_basis == 1
        self.opt_failed_close = r.failed_close
        self.opt_trick_test_at_end = r.failed_close_trick_test == 1
        self.opt_beaten_as_failed = r.closer_beaten == 1
        self.opt_false = r.false_declaration
        any_turn = r.declare_window == _DECLARE_ANY_OWN_TURN
        self._out_in_window = 0 if self.opt_auto else B_OUT
        # D2: after every trick but the last, the loser may declare first
        self._loser_turn = r.declare_window == _DECLARE_AFTER_ANY_TRICK and not self.opt_auto
        self._out_any_turn = B_OUT if any_turn and not self.opt_auto else 0

    def _reset_fields(self):
        self.dealer = 0
        self.trump = 0
        self.upcard = NO_CARD
        self.talon_top = 0
        self.talon_len = 0
        self.talon_state = OPEN
        self.closer = -1
        self.leader = 0
        self.to_move = 0
        self.phase = PH_OVER
        self.trick_no = 1
        self.pending_draw = False
        self.meld_suit = -1
        self.lead_card = NO_CARD
        self.trick_phase2 = False
        self.winner = -1
        self.reason = -1
        self.log_len = 0
        self.last_trick[0] = NO_CARD
        self.last_trick[1] = NO_CARD
        self.last_trick[2] = NO_CARD
        _clear(self.hand)                # one call each, not a loop over a new tuple:
        _clear(self.won)                 # deal_from_deck allocates nothing (a review
        _clear(self.played_by)           # replays its hand between slices: review.py)
        _clear(self.shown)
        _clear(self.tricks)
        _clear(self.cardpts)
        _clear(self.meld_credited)
        _clear(self.meld_pending)
        _clear(self.bonus)
        _clear(self.snap_tricks)
        _clear(self.snap_total)
        _clear(self.score_delta)
        _clear(self.melds)

    def pack(self):
        """Mask of the cards in play under these rules (R1, V3)."""
        return cards.FULL_DECK if self.deck_size == 24 else cards.FULL_DECK & ~cards.NINES

    def shuffle_deck(self, rng):
        """Fill self.deck with the pack, shuffled by Fisher-Yates with our rng."""
        if self.deck_size == 24:
            self.deck[0:24] = _PACK24
        else:
            self.deck[0:20] = _PACK20
        rng.shuffle(self.deck, self.deck_size)

    def new_hand(self, dealer, rng):
        """Shuffle and deal a new hand."""
        self.shuffle_deck(rng)
        self.deal_from_deck(dealer)

    def deal_from_deck(self, dealer):
        """Deal self.deck (canonical order, R3 / V3 / V5) with `dealer` dealing."""
        self._reset_fields()
        deck = self.deck
        self.dealer = dealer
        forehand = 1 - dealer
        fixed = self.rules.trump_mode == _TRUMP_FIXED_HEARTS
        if self.deck_size == 24:
            # R3: [0..2] N, [3..5] D, [6..8] N, [9..11] D, [12] upcard, [13..23] talon;
            # V5: [0..11] as R3, then a 12-card face-down talon from [12].
            self.hand[forehand] = ((1 << deck[0]) | (1 << deck[1]) | (1 << deck[2])
                                   | (1 << deck[6]) | (1 << deck[7]) | (1 << deck[8]))
            self.hand[dealer] = ((1 << deck[3]) | (1 << deck[4]) | (1 << deck[5])
                                 | (1 << deck[9]) | (1 << deck[10]) | (1 << deck[11]))
            first_talon = 12 if fixed else 13
            up_index = 12
            talon_end = 24
        elif fixed:
            # V5 with deck=20: [0..2] N, [3..5] D, [6..7] N, [8..9] D, talon [10..19].
            self.hand[forehand] = _mask(deck, 0, 3) | _mask(deck, 6, 8)
            self.hand[dealer] = _mask(deck, 3, 6) | _mask(deck, 8, 10)
            first_talon = 10
            up_index = 10
            talon_end = 20
        else:
            # V3: [0..2] N, [3..5] D, upcard [6], [7..8] N, [9..10] D, talon [11..19].
            self.hand[forehand] = _mask(deck, 0, 3) | _mask(deck, 7, 9)
            self.hand[dealer] = _mask(deck, 3, 6) | _mask(deck, 9, 11)
            first_talon = 11
            up_index = 6
            talon_end = 20
        n = talon_end - first_talon
        for k in range(n):                          # not a slice: allocates nothing
            self.talon[k] = deck[first_talon + k]
        if fixed:
            self.trump = 2                          # hearts (V5)
        else:
            self.upcard = deck[up_index]
            self.trump = self.upcard // 6
            self.talon[n] = self.upcard             # the upcard is the talon's last card
            n += 1
        self.talon_top = 0
        self.talon_len = n
        self.leader = forehand
        self.phase = PH_LEAD
        self.to_move = forehand
        self.meld_suit = -1
        self._offer_nonleader_turn()

    # ------------------------------------------------------------- accessors

    def total(self, seat):
        """Card points + credited marriages + last-trick bonus (R15)."""
        return self.cardpts[seat] + self.meld_credited[seat] + self.bonus[seat]

    def is_over(self):
        return self.phase == PH_OVER

    def tricks_of(self, seat):
        """Tricks won by the seat's side (with two players, the seat itself)."""
        return self.tricks[seat]

    def winners(self):
        """Seats of the winning side (cold path: a list); empty for a draw."""
        return [] if self.winner < 0 else [self.winner]

    def effective_talon(self):
        return self.talon_len - 2 if self.pending_draw else self.talon_len

    def exchange_card(self):
        return self.trump * 6 + self.exchange_rank

    def talon_top_card(self):
        return self.talon[self.talon_top] if self.talon_len else NO_CARD

    # --------------------------------------------------------- legal actions

    def legal_cards(self):
        """Mask of the cards the seat to move may play now."""
        phase = self.phase
        seat = self.to_move
        if phase == PH_LEAD:
            if self.pending_draw:
                return 0
            h = self.hand[seat]
            if self.meld_suit >= 0:                 # R12: lead the K or Q just melded
                base = self.meld_suit * 6
                return h & ((1 << (base + 2)) | (1 << (base + 3)))
            return h
        if phase == PH_FOLLOW:
            h = self.hand[seat]
            if not self.trick_phase2:               # R8: free play while the talon is open
                return h
            lead = self.lead_card
            same = h & _SUIT_MASK[lead // 6]
            if same:                                # R9.1
                if self.opt_phase2 == 0:
                    beat = same & _ABOVE[lead]
                    if beat:
                        return beat
                return same
            if self.opt_phase2 != 2:                # R9.2 (not with follow_only)
                trumps = h & _SUIT_MASK[self.trump]
                if trumps:
                    return trumps
            return h                                # R9.3
        return 0

    def legal_specials(self):
        """Mask of legal non-card actions: bit (action - 24)."""
        phase = self.phase
        if phase == PH_FOLLOW:
            return self._out_any_turn
        seat = self.to_move
        if phase == PH_LEAD:
            m = self._out_in_window
            if self.pending_draw:
                m |= B_DRAW
                # R13: a close before the draw needs 4+ cards (effective talon >= 2)
                if self.opt_close_before_draw and self.talon_len >= 4:
                    m |= B_CLOSE
                return m
            h = self.hand[seat]
            if self.meld_suit < 0 and h & (h >> 1) & _QUEENS and self._meld_allowed(seat):
                pairs = h & (h >> 1) & _QUEENS      # bit of Q set where K is held too
                for s in range(4):
                    if pairs >> (s * 6 + 2) & 1:
                        m |= B_MELD << s
            if self.talon_state == OPEN:
                n = self.talon_len
                if n >= 2 and (n > 2 or not self.opt_close_more_than_two):
                    m |= B_CLOSE
                if self.opt_exchange and self._exchange_conditions(seat):
                    m |= B_EXCHANGE             # R11 (b): his own window
            return m
        if phase == PH_CLOSE_REPLY:
            return B_EXCHANGE | B_PASS | self._out_any_turn
        if phase == PH_DECLARE:
            return B_OUT | B_PASS
        if phase == PH_NONLEADER:
            m = B_PASS | self._out_any_turn
            if self.opt_exchange_either and self._exchange_conditions(seat):
                m |= B_EXCHANGE
            if self.opt_close_either and self._can_close_now():
                m |= B_CLOSE
            return m
        return 0

    def is_legal(self, action):
        if action < 0 or action >= NUM_ACTIONS:
            return False
        if action < 24:
            return bool(self.legal_cards() >> action & 1)
        return bool(self.legal_specials() >> (action - 24) & 1)

    def legal_into(self, buf):
        """Write the legal actions (cards ascending, then specials) into buf; count."""
        n = 0
        m = self.legal_cards()
        while m:
            low = m & -m                            # one step per card, not per bit
            buf[n] = _BIT37[low % 37]
            n += 1
            m ^= low
        m = self.legal_specials()
        while m:
            low = m & -m
            buf[n] = 24 + _BIT37[low % 37]
            n += 1
            m ^= low
        return n

    def _meld_allowed(self, seat):
        """R12 timing: talon open with >= 2 left, or any lead with marriages_in_phase2."""
        if self.opt_meld_needs_trick and self.tricks[seat] == 0:
            return False
        if self.opt_meld_phase2:
            return True
        return self.talon_state == OPEN and self.talon_len >= 2

    def _exchange_conditions(self, seat):
        """R11.1 (b)-(e) apart from whose window it is; no draw may be pending."""
        if not self.opt_exchange or self.pending_draw or self.talon_state != OPEN:
            return False
        if self.talon_len < 2 or (self.opt_exchange_not_two and self.talon_len == 2):
            return False
        if self.opt_exchange_needs_trick and self.tricks[seat] == 0:
            return False
        return bool(self.hand[seat] >> self.exchange_card() & 1)

    def _can_close_now(self):
        """R13 timing for a close now: effective talon >= 2, and the V7 limit."""
        if self.talon_state != OPEN or self.effective_talon() < 2:
            return False
        if self.opt_close_more_than_two and self.talon_len <= 2:
            return False
        return True

    # ------------------------------------------------------------------ apply

    def apply(self, action):
        """Apply a legal action for self.to_move (no checking: see is_legal)."""
        seat = self.to_move
        n = self.log_len
        if n < LOG_SIZE:
            self.log_action[n] = action
            self.log_seat[n] = seat
            self.log_len = n + 1
        if action < 24:
            if self.phase == PH_LEAD:
                self._lead(seat, action)
            else:
                self._follow(seat, action)
        elif action == A_DRAW:
            self._draw(seat)
        else:
            self._special(seat, action)

    def _special(self, seat, action):
        if action == A_OUT:
            self._declare(seat)
        elif action == A_EXCHANGE:
            self._exchange(seat)
        elif action == A_CLOSE:
            self._close(seat)
        elif action == A_PASS:
            self._pass(seat)
        else:
            self._meld(seat, action - A_MELD)

    def _lead(self, seat, c):
        self.hand[seat] &= ~(1 << c)
        self.played_by[seat] |= 1 << c
        self.lead_card = c
        self.trick_phase2 = self.talon_state != OPEN   # fixed when the lead is played
        self.phase = PH_FOLLOW
        self.to_move = 1 - seat

    def _follow(self, seat, c):
        hand = self.hand
        hand[seat] &= ~(1 << c)
        self.played_by[seat] |= 1 << c
        lead = self.lead_card
        leader = 1 - seat
        # R6: same suit -> higher rank; else a trump wins; else the card led.
        suit = c // 6
        if suit == lead // 6:
            winner = seat if c > lead else leader
        elif suit == self.trump:
            winner = seat
        else:
            winner = leader
        last = self.last_trick
        last[0] = lead
        last[1] = c
        last[2] = winner
        self.lead_card = NO_CARD
        self.won[winner] |= (1 << c) | (1 << lead)
        self.cardpts[winner] += _POINTS[c] + _POINTS[lead]
        self.tricks[winner] += 1
        if self.meld_pending[winner]:               # R12: any trick validates it
            self.meld_credited[winner] += self.meld_pending[winner]
            self.meld_pending[winner] = 0
        self.trick_no += 1
        self.leader = winner
        if hand[0] == 0 and hand[1] == 0:
            self._end_without_declaration(winner)
            return
        self.pending_draw = self.talon_state == OPEN and self.talon_len > 0
        if self._loser_turn:
            self.phase = PH_DECLARE                 # D2: the loser's turn comes first
            self.to_move = leader if winner == seat else seat
            return
        self.phase = PH_LEAD                        # _enter_window(winner), inlined
        self.to_move = winner
        self.meld_suit = -1
        if self.opt_auto and self.total(winner) >= 66:     # R14 auto_declare
            self._declare(winner)

    def _enter_window(self, winner):
        """The winner's leader window opens (R10); _follow inlines this."""
        self.phase = PH_LEAD
        self.to_move = winner
        self.meld_suit = -1
        if self.opt_auto and self.total(winner) >= 66:     # R14 auto_declare
            self._declare(winner)

    def _offer_nonleader_turn(self):
        """D8: with either_between_tricks the non-leader's chance comes first."""
        if not (self.opt_exchange_either or self.opt_close_either) or self.pending_draw:
            return
        other = 1 - self.leader
        if ((self.opt_exchange_either and self._exchange_conditions(other))
                or (self.opt_close_either and self._can_close_now())):
            self.phase = PH_NONLEADER
            self.to_move = other

    def _draw(self, seat):
        # R7: the leader draws first, then the other seat; with 2 left the other seat
        # takes the upcard (the talon's last card).
        top = self.talon_top
        first = self.talon[top]
        second = self.talon[top + 1]
        other = 1 - seat
        self.hand[seat] |= 1 << first
        self.hand[other] |= 1 << second
        if second == self.upcard:
            self.shown[other] |= 1 << second        # everybody saw the upcard
        self.talon_top = top + 2
        self.talon_len -= 2
        self.pending_draw = False
        if self.talon_len == 0:
            self.talon_state = EXHAUSTED
            self.upcard = NO_CARD
        self._offer_nonleader_turn()

    def _exchange(self, seat):
        nine = self.exchange_card()
        old = self.upcard
        self.hand[seat] = (self.hand[seat] & ~(1 << nine)) | (1 << old)
        self.shown[seat] |= 1 << old
        self.talon[self.talon_top + self.talon_len - 1] = nine
        self.upcard = nine
        if self.phase == PH_CLOSE_REPLY:            # R11.3: one turn only
            self.phase = PH_LEAD
            self.to_move = self.leader
        elif self.phase == PH_NONLEADER and not (self.opt_close_either
                                                 and self._can_close_now()):
            self.phase = PH_LEAD                    # nothing left for him to do
            self.to_move = self.leader

    def _meld(self, seat, suit):
        value = 40 if suit == self.trump else 20
        self.meld_suit = suit
        self.melds[seat] |= 1 << suit
        self.shown[seat] |= (1 << (suit * 6 + 2)) | (1 << (suit * 6 + 3))
        if self.tricks[seat]:
            self.meld_credited[seat] += value
            if self.opt_auto and self.total(seat) >= 66:
                self._declare(seat)
        else:
            self.meld_pending[seat] += value        # R12: waits for a first trick

    def _close(self, seat):
        self.talon_state = CLOSED
        self.closer = seat
        self.pending_draw = False                   # R13: nobody draws any more
        for s in range(2):
            self.snap_tricks[s] = self.tricks[s]
            self.snap_total[s] = self.total(s)
        other = 1 - seat
        if (self.opt_exchange and self.opt_exchange_at_close
                and self.hand[other] >> self.exchange_card() & 1
                and not (self.opt_exchange_not_two and self.talon_len == 2)):
            self.phase = PH_CLOSE_REPLY             # R11.3
            self.to_move = other
            return
        if self.phase == PH_NONLEADER:
            self.phase = PH_LEAD
            self.to_move = self.leader

    def _pass(self, seat):
        if self.phase == PH_DECLARE:
            self._enter_window(1 - seat)
        else:                                       # PH_CLOSE_REPLY, PH_NONLEADER
            self.phase = PH_LEAD
            self.to_move = self.leader

    # ----------------------------------------------------------------- scoring

    def _declare(self, seat):
        scoring.declare(self, seat)

    def _end_without_declaration(self, last_winner):
        scoring.end_without_declaration(self, last_winner)

    # ------------------------------------------------------------------- copy

    def copy_into(self, o):
        """Copy this state into another Deal with the same rules; allocates nothing."""
        o.dealer = self.dealer
        o.trump = self.trump
        o.upcard = self.upcard
        o.talon_top = self.talon_top
        o.talon_len = self.talon_len
        o.talon_state = self.talon_state
        o.closer = self.closer
        o.leader = self.leader
        o.to_move = self.to_move
        o.phase = self.phase
        o.trick_no = self.trick_no
        o.pending_draw = self.pending_draw
        o.meld_suit = self.meld_suit
        o.lead_card = self.lead_card
        o.trick_phase2 = self.trick_phase2
        o.winner = self.winner
        o.reason = self.reason
        o.log_len = self.log_len
        o.deck[:] = self.deck
        o.talon[:] = self.talon
        o.last_trick[:] = self.last_trick
        o.log_action[:] = self.log_action
        o.log_seat[:] = self.log_seat
        for s in range(4):
            o.hand[s] = self.hand[s]
            o.won[s] = self.won[s]
            o.played_by[s] = self.played_by[s]
            o.shown[s] = self.shown[s]
            o.tricks[s] = self.tricks[s]
            o.cardpts[s] = self.cardpts[s]
            o.meld_credited[s] = self.meld_credited[s]
            o.meld_pending[s] = self.meld_pending[s]
            o.bonus[s] = self.bonus[s]
            o.snap_tricks[s] = self.snap_tricks[s]
            o.snap_total[s] = self.snap_total[s]
            o.score_delta[s] = self.score_delta[s]
            o.melds[s] = self.melds[s]

    def same_as(self, o):
        """True if every field of the hand state equals o's (tests, debugging; cold
        path: it walks the attribute table).  Log entries past log_len are stale."""
        for f, v in self.__dict__.items():
            if f == "rules":
                continue
            w = getattr(o, f)
            if f in ("log_action", "log_seat"):
                v = v[:self.log_len]
                w = w[:self.log_len]
            if v != w:
                return False
        return True


def _mask(deck, start, end):
    m = 0
    for i in range(start, end):
        m |= 1 << deck[i]
    return m
