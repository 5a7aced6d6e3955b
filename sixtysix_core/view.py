"""PlayerView: what one seat may know about a hand (RULES.md R22).

A view wraps a live Deal and a seat and answers only questions that the seat could
answer at the table: its own hand, public information (trump, upcard, talon size and
state, who closed, every card played and by whom, marriages shown, exchanges) and what
can be counted from the played cards (tricks and card points of both seats, credited and
pending marriages).  It never gives the opponent's hidden cards or the talon order.

Masks and seats are ints as in cards.py and deal.py.  The bot and the app's screen both
read a hand through a view.
"""
from micropython import const

from sixtysix_core import cards

# deal.py's codes (private: folded away, so a 3- or 4-player MultiView does not load the
# two-player Deal; host_tests/test_core_view.py checks them against deal.py)
_A_DRAW = const(24)
_A_CLOSE = const(26)
_PH_LEAD = const(0)
_PH_CLOSE_REPLY = const(2)
_PH_OVER = const(5)
_NO_CARD = const(255)


class PlayerView:
    def __init__(self, deal, seat):
        self._deal = deal
        self.seat = seat

    def set_seat(self, seat):
        self.seat = seat

    def rules(self):
        return self._deal.rules

    # --- own knowledge
    def hand(self):
        return self._deal.hand[self.seat]

    def legal_cards(self):
        d = self._deal
        return d.legal_cards() if d.to_move == self.seat else 0

    def legal_specials(self):
        d = self._deal
        return d.legal_specials() if d.to_move == self.seat else 0

    def legal_into(self, buf):
        return self._deal.legal_into(buf) if self._deal.to_move == self.seat else 0

    def is_legal(self, action):
        d = self._deal
        return d.to_move == self.seat and d.is_legal(action)

    # --- public table state
    def to_move(self):
        """The seat to act.  During the opponent's hidden close reply (R11.3) the closer
        is told the turn is still his own (R10)."""
        d = self._deal
        if d.phase == _PH_CLOSE_REPLY and d.to_move != self.seat:
            return d.leader
        return d.to_move

    def phase(self):
        """The deal's phase; during the opponent's hidden reply to this seat's close
        (R11.3) it reads PH_LEAD, as if the reply had not been offered (R10)."""
        d = self._deal
        if d.phase == _PH_CLOSE_REPLY and d.to_move != self.seat:
            return _PH_LEAD
        return d.phase

    def is_over(self):
        return self._deal.phase == _PH_OVER

    def trump(self):
        return self._deal.trump

    def upcard(self):
        """The face-up trump card under the talon, NO_CARD once drawn or with no upcard."""
        d = self._deal
        return d.upcard if d.talon_len else _NO_CARD

    def exchange_card(self):
        """The trump card that may be exchanged for the upcard (9, or J with deck=20)."""
        return self._deal.exchange_card()

    def talon_len(self):
        return self._deal.talon_len

    def talon_state(self):
        return self._deal.talon_state

    def pending_draw(self):
        return self._deal.pending_draw

    def closer(self):
        return self._deal.closer

    def leader(self):
        return self._deal.leader

    def dealer(self):
        return self._deal.dealer

    def trick_no(self):
        return self._deal.trick_no

    def lead_card(self):
        """The card led to the trick in progress, or NO_CARD."""
        return self._deal.lead_card

    def meld_suit(self):
        """Suit melded in the current window (the lead must be its K or Q), or -1."""
        return self._deal.meld_suit

    def last_trick(self):
        """(lead, follow, winner) of the last trick while it may be reviewed (R22:
        until a card is led to the next one), else None.  Cold path: returns a tuple."""
        d = self._deal
        if d.last_trick[0] == _NO_CARD or d.lead_card != _NO_CARD:
            return None
        return (d.last_trick[0], d.last_trick[1], d.last_trick[2])

    def played_by(self, seat):
        return self._deal.played_by[seat]

    def won(self, seat):
        """Cards in a seat's won tricks (remembered from the play)."""
        return self._deal.won[seat]

    def tricks(self, seat):
        return self._deal.tricks[seat]

    def cardpts(self, seat):
        return self._deal.cardpts[seat]

    def meld_credited(self, seat):
        return self._deal.meld_credited[seat]

    def meld_pending(self, seat):
        return self._deal.meld_pending[seat]

    def total(self, seat):
        return self._deal.total(seat)

    def hand_size(self, seat):
        return cards.count(self._deal.hand[seat])

    def known_cards(self, seat):
        """Cards still in `seat`'s hand that everybody has seen (marriage partners, the
        exchanged upcard, the upcard drawn at the last draw)."""
        d = self._deal
        return d.shown[seat] & ~d.played_by[seat]

    def unseen(self):
        """Cards whose place this seat does not know: in the opponent's hand or the talon."""
        d = self._deal
        me = self.seat
        out = d.pack() & ~d.hand[me]
        for s in range(4):
            out &= ~d.played_by[s]
        out &= ~self.known_cards(1 - me)
        up = self.upcard()
        if up != _NO_CARD:
            out &= ~(1 << up)
        return out

    def snapshot_tricks(self, seat):
        """Tricks `seat` had when the talon was closed (public: R13, R19)."""
        return self._deal.snap_tricks[seat]

    def snapshot_total(self, seat):
        """`seat`'s total when the talon was closed (public: R13, R18)."""
        return self._deal.snap_total[seat]

    def cannot_hold(self, seat):
        """Mask of cards `seat` cannot hold, as anyone at the table can infer from the
        phase-2 tricks (R9): not following suit means a void in it, not trumping
        means no trumps, following without beating (follow_head_trump) means no higher
        card of the suit.  Reads the public play in order; allocates nothing."""
        d = self._deal
        rule = d.opt_phase2
        talon0 = 12 if d.deck_size == 24 else 10
        trump = d.trump
        draws = 0
        closed = False
        lead = -1
        leader_seat = -1
        out = 0
        for i in range(d.log_len):
            a = d.log_action[i]
            if a == _A_DRAW:
                draws += 1
            elif a == _A_CLOSE:
                closed = True
            elif a < 24:
                s = d.log_seat[i]
                if lead < 0:
                    lead = a
                    leader_seat = s
                    continue
                if (closed or draws * 2 >= talon0) and s == seat and s != leader_seat:
                    suit = lead // 6
                    if a // 6 != suit:
                        out |= cards.SUIT_MASK[suit]
                        if a // 6 != trump and rule != 2:
                            out |= cards.SUIT_MASK[trump]
                    elif rule == 0 and a < lead:
                        out |= cards.ABOVE[lead]
                lead = -1
        return out
