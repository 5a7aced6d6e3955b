"""Taking back a seat's last card (the handheld's "Take back my card", against easy).

Works on either engine (deal.Deal, deal_multi.DealMulti), which both keep the hand's
pack (deck), dealer and action log (log_action, log_seat: one entry an apply) and share
the action codes used here: a card 0..23, 25 the swap, 26 the close, 29+s a marriage
(deal.py; with 3 and 4 players only cards and marriages occur).  Loaded by the tables
when their menu is opened against easy and dropped after, so neither engine carries it.
"""
from micropython import const

_A_EXCHANGE = const(25)        # deal.A_EXCHANGE
_A_CLOSE = const(26)           # deal.A_CLOSE
_A_MELD = const(29)            # deal.A_MELD (and deal_multi's): + suit


def kept(d, seat):
    """How many logged actions stay when `seat` takes back its last card: those before
    it and before the marriage, swap or close it made just before on that turn; -1 if
    it has played no card this hand or the hand is over."""
    if d.is_over():
        return -1
    i = d.log_len - 1
    while i >= 0 and not (d.log_seat[i] == seat and d.log_action[i] < 24):
        i -= 1
    while i > 0 and d.log_seat[i - 1] == seat and (
            d.log_action[i - 1] in (_A_EXCHANGE, _A_CLOSE)
            or _A_MELD <= d.log_action[i - 1] < _A_MELD + 4):
        i -= 1
    return i


def replay(d, n):
    """The hand as it was after its first n logged actions (n <= log_len): dealt again
    from d.deck and replayed in place, each action logged where it was logged before;
    allocates nothing."""
    d.deal_from_deck(d.dealer)
    for i in range(n):
        d.apply(d.log_action[i])
