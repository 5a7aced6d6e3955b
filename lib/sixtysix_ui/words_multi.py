"""The words of the 3- and 4-player table: cards, seats, a seat's actions, the score line.

A leaf: it imports no screen, so every 3/4-player screen (table_multi, table_menu,
trump_page, texts_multi, the review page) takes its words from here.  ASCII; a line
fits the OLED's 21 characters unless `chars` says wider.  Not texts.py: a 3- or
4-player match leaves the two-player words (and deal.py) out of the heap.
Seats are seen from the human's chair, seat 0: You, Left, Partner (4 players: across
the table) and Right.
"""
from micropython import const

# deal.py's codes (private: no interned name; host_tests/test_core_multi.py checks them)
_A_OUT = const(27)
_A_PASS = const(28)
_A_MELD = const(29)

SUITS = ("clubs", "spades", "hearts", "diamonds")
RANKS = ("9", "J", "Q", "K", "10", "A")
_NAMES = ("You", "Left", "Partner", "Right")


def card_words(card):
    return RANKS[card % 6] + " " + SUITS[card // 6]


def meld_words(who, suit, trump, chars):
    """'Left: marriage hearts 20' (who '' : the menu's), as long as it fits `chars`."""
    v = 40 if suit == trump else 20
    for form in ("%smarriage %s %d", "%sK+Q %s %d", "%s%s %d"):
        text = form % (who, SUITS[suit], v)
        if len(text) <= chars:
            break
    return text[:chars]


def name(seat, n):
    """The seat's name seen from seat 0: with 3 players seat 2 is on the right."""
    if n == 3 and seat == 2:
        return "Right"
    return _NAMES[seat]


def partner(deal, seat):
    """True if seat plays on the human's side (not before the 3-player trump choice)."""
    if seat == 0 or deal.each or (deal.nseats == 3 and deal.chooser < 0):
        return seat == 0
    return deal.side_of[seat] == deal.side_of[0]


def label(deal, seat):
    """The seat's label over its column: with 3 players the human's partner for this
    hand (both play against the soloist) is called so."""
    if deal.nseats == 3 and seat and partner(deal, seat):
        return "Partner"
    return name(seat, deal.nseats)


def verb(seat, n, word):
    """'You win' / 'Left wins'."""
    return "%s %s" % (name(seat, n), word if seat == 0 else word + "s")


def did(deal, seat, action, phase, chars):
    """The message line after a seat's action other than a card (phase: the one it
    was taken in), at most `chars` long."""
    who = name(seat, deal.nseats)
    if action >= 33:                                # deal_multi.A_TRUMP + suit
        text = "%s: trump %s" % (who, SUITS[action - 33])
        if len(text) > chars:
            text = "%s: %s" % (who, SUITS[action - 33])
    elif action == _A_PASS and phase == 6:         # deal_multi.PH_TRUMP
        text = who + (": pass" if deal.each else ": Warszawa!")
    elif action == _A_PASS:
        text = who + " passed"
    elif action == _A_OUT:
        text = who + " declared 66"
    else:
        text = meld_words(who + ": ", action - _A_MELD, deal.trump, chars)
    return text[:chars]


def score_lines(deal, match, chars):
    """(the match score line, who named trump): the score by side with 4 players, by
    seat with 3 (within `chars`); "Trump: Left" ('' before the choice, " (W)" after a
    Warszawa) for the TFT's bottom line (18 characters)."""
    sc = match.scores
    if deal.nseats == 4:
        text = "Us %d  Them %d  of %d" % (sc[0], sc[1], match.target)
    else:
        text = "You %d Left %d Right %d" % (sc[0], sc[1], sc[2])
        if len(text) > chars:
            text = "You %d L %d R %d" % (sc[0], sc[1], sc[2])
        if len(text) + 5 <= chars:
            text += " of %d" % match.target
    if deal.trump < 0:
        return text, ""
    if deal.chooser >= 0:
        trump = "Trump: " + name(deal.chooser, deal.nseats)
    elif deal.each:
        trump = "Trump: turned up"
    else:
        trump = "Trump: bottom card"
    return text, trump + " (W)" if deal.warszawa else trump
