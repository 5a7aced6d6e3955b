"""MultiView: what one seat may know about a 3- or 4-player hand (RULES.md V1, V2, R22).

Wraps a live deal_multi.DealMulti and a seat.  It answers only what the seat could
answer at the table: its own hand; the trump, who named it (or the turned-up card of
each_for_self) and whether Warszawa was called; every card played, by whom, and the
trick in progress; marriages shown; and what anyone can count from the play: each
side's tricks, card points and marriages (the pooled side totals of V1/V2).  It never
gives another seat's hidden cards.  A partner's meld turn (partner_meld) is hidden from
the other seats like the R11.3 reply: they see the leader to move until he acts.

Masks and seats are ints as in cards.py and deal_multi.py; bot.choose takes a MultiView
for 3 and 4 players (bot_multi.py), the terminal and the tournament show one.  It has
view.PlayerView's accessors that apply to 3 and 4 players (the seat's own hand, legal
actions, trump, leader, played and won cards), written out here rather than inherited,
so that a 3- or 4-player match does not load view.py (host_tests/test_core_multi.py
checks that they answer as PlayerView's do).
"""
from micropython import const

from sixtysix_core import cards

_PH_LEAD = const(0)                             # deal.py's (test_core_multi.py checks)
_PH_OVER = const(5)
_NO_CARD = const(255)
_PH_PMELD = const(7)                            # deal_multi.PH_PMELD


class MultiView:
    """PlayerView's own-hand, legal-action and play-history accessors, and the side
    accessors of 3 and 4 players (a DealMulti has no talon, no closing snapshot and no
    per-seat points: those of the two-player PlayerView are not here)."""

    def __init__(self, deal, seat):
        self._deal = deal
        self.seat = seat

    def set_seat(self, seat):
        self.seat = seat

    def rules(self):
        return self._deal.rules

    # --- own knowledge (as PlayerView)
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

    def is_over(self):
        return self._deal.phase == _PH_OVER

    def trump(self):
        return self._deal.trump

    def upcard(self):
        """NO_CARD: no talon, no upcard (as PlayerView.upcard of a DealMulti)."""
        return _NO_CARD

    def leader(self):
        return self._deal.leader

    def dealer(self):
        return self._deal.dealer

    def lead_card(self):
        """The card led to the trick in progress, or NO_CARD."""
        return self._deal.lead_card

    def meld_suit(self):
        """Suit melded in the current window (the lead must be its K or Q), or -1."""
        return self._deal.meld_suit

    def played_by(self, seat):
        return self._deal.played_by[seat]

    def won(self, seat):
        """Cards in a seat's won tricks (remembered from the play)."""
        return self._deal.won[seat]

    def hand_size(self, seat):
        return cards.count(self._deal.hand[seat])

    def known_cards(self, seat):
        """Cards still in `seat`'s hand that everybody has seen (marriage partners)."""
        d = self._deal
        return d.shown[seat] & ~d.played_by[seat]

    # --- 3 and 4 players
    def nseats(self):
        return self._deal.nseats

    def each_for_self(self):
        return self._deal.each

    # --- public table state
    def to_move(self):
        d = self._deal
        if d.phase == _PH_PMELD and d.to_move != self.seat:
            return d.leader
        return d.to_move

    def phase(self):
        d = self._deal
        if d.phase == _PH_PMELD and d.to_move != self.seat:
            return _PH_LEAD
        return d.phase

    def chooser(self):
        """The seat that named trump, or -1 (not yet, or turned up in each_for_self)."""
        return self._deal.chooser

    def warszawa(self):
        return self._deal.warszawa

    def forehand(self):
        return self._deal.forehand

    def trick_n(self):
        """Cards played to the trick in progress."""
        return self._deal.trick_n

    def trick_card(self, i):
        """The i-th card of the trick in progress (played by (leader + i) % nseats)."""
        return self._deal.trick_cards[i]

    def best(self):
        """Index in the trick in progress of the card winning it so far."""
        return self._deal.best

    def side_of(self, seat):
        return self._deal.side_of[seat]

    def tricks(self, seat):
        """The tricks of the seat's side."""
        return self._deal.tricks_of(seat)

    def total(self, seat):
        """The seat's side total (cards, credited marriages, last-trick bonus)."""
        return self._deal.total(seat)

    def pending(self, seat):
        d = self._deal
        return d.side_pending[d.side_of[seat]]

    # per side (side = side_of(seat)): counted from the play, public
    def side_tricks(self, side):
        return self._deal.side_tricks[side]

    def side_cardpts(self, side):
        return self._deal.side_cardpts[side]

    def side_credited(self, side):
        return self._deal.side_credited[side]

    def side_pending(self, side):
        return self._deal.side_pending[side]

    def melds(self, seat):
        """Bit s set: seat has shown the marriage of suit s."""
        return self._deal.melds[seat]

    def shown(self, seat):
        return self._deal.shown[seat]

    def played(self):
        d = self._deal
        return d.played_by[0] | d.played_by[1] | d.played_by[2] | d.played_by[3]

    def unseen(self):
        """Cards whose place this seat does not know: in some other seat's hand."""
        d = self._deal
        out = cards.FULL_DECK & ~d.hand[self.seat] & ~self.played()
        for s in range(d.nseats):
            if s != self.seat:
                out &= ~self.known_cards(s)
        return out

    def cannot_hold(self, seat):
        """Mask of cards `seat` cannot hold, as anyone can infer from the play under the
        strict rule (V1): not following means a void in the suit led; then not trumping
        means no trumps, undertrumping means no trump above the winning one; following
        under a winning card of the suit led means no higher card of it.  Reads the
        public log; allocates nothing."""
        d = self._deal
        n = d.nseats
        trump = d.trump
        opt_under = d.rules.undertrump
        out = 0
        k = 0
        lead = 0
        w = 0
        for i in range(d.log_len):
            a = d.log_action[i]
            if a >= 24:
                continue
            if k == 0:
                lead = a
                w = a
            else:
                if d.log_seat[i] == seat:
                    # (written out here, not a helper: one interned name fewer)
                    t = lead // 6
                    if a // 6 == t:
                        if w // 6 == t and a < w:
                            out |= cards.ABOVE[w]       # could not beat the winning card
                    else:
                        out |= cards.SUIT_MASK[t]       # void in the suit led
                        if a // 6 == trump:
                            if w // 6 == trump and a < w:
                                out |= cards.ABOVE[w]   # could not overtrump
                        elif w // 6 == trump:
                            out |= cards.ABOVE[w] if opt_under else cards.SUIT_MASK[trump]
                        else:
                            out |= cards.SUIT_MASK[trump]   # no trump at all
                if (a // 6 == w // 6 and a > w) or (a // 6 == trump and w // 6 != trump):
                    w = a
            k += 1
            if k == n:
                k = 0
        return out & ~self.known_cards(seat)

