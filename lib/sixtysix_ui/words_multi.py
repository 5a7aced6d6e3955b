"""The words of the 3- and 4-player table: cards, seats, a seat's actions, the score line.

A leaf: it imports no screen, so every 3/4-player screen (table_multi, table_menu,
trump_page, texts_multi, the review page) takes its words from here, in the current
language (words.py); a line fits the OLED's 21 characters unless `chars` says wider.
Not texts.py: a 3- or 4-player match leaves the two-player words (and deal.py) out of the heap.
Seats are seen from the human's chair, seat 0: You, Left, Partner (4 players: across
the table) and Right.
"""
from micropython import const

from sixtysix_ui.words import card_words, rank, suit, tx  # noqa: F401 (the screens')

# deal.py's codes (private: no interned name; host_tests/test_core_multi.py checks them)
_A_OUT = const(27)
_A_PASS = const(28)
_A_MELD = const(29)

# words: multi common table
_W_YOU = const(15)
_W_LEFT = const(1152)           # then PARTNER, RIGHT (en.txt's order)
_W_PARTNER = const(1153)
_W_RIGHT = const(1154)
_W_LEFT_L = const(1155)         # then PARTNER_L, RIGHT_L: the OLED's column letters
_W_MELD = const(1171)           # then MELD_SHORT, MELD_SHORTEST
_W_YOU_WIN = const(1162)
_W_WINS = const(1163)
_W_YOU_WIN_TRICK = const(1164)
_W_WINS_TRICK = const(1165)
_W_SAID_TRUMP = const(1174)
_W_SAID_TRUMP_SHORT = const(1175)
_W_SAID_PASS = const(1176)
_W_SAID_WARSZAWA = const(1177)
_W_PASSED = const(1178)
_W_DECLARED = const(1179)
_W_SCORE4 = const(1180)
_W_SCORE3 = const(1181)
_W_SCORE3_SHORT = const(1182)
_W_OF = const(1183)
_W_TRUMP_BY = const(1184)
_W_TRUMP_UP = const(1185)
_W_TRUMP_BOTTOM = const(1186)
_W_WARSZAWA_MARK = const(1187)


def meld_words(who, s, trump, chars):
    """'Left: marriage hearts 20' (who '' : the menu's), as long as it fits `chars`."""
    v = 40 if s == trump else 20
    for form in range(3):
        text = tx(_W_MELD + form) % (who, suit(s), v)
        if len(text) <= chars:
            break
    return text[:chars]


def name(seat, n):
    """The seat's name seen from seat 0: with 3 players seat 2 is on the right."""
    if seat == 0:
        return tx(_W_YOU)
    if n == 3 and seat == 2:
        seat = 3
    return tx(_W_LEFT + seat - 1)


def partner(deal, seat):
    """True if seat plays on the human's side (not before the 3-player trump choice)."""
    if seat == 0 or deal.each or (deal.nseats == 3 and deal.chooser < 0):
        return seat == 0
    return deal.side_of[seat] == deal.side_of[0]


def label(deal, seat, letter=False):
    """The seat's label over its column: with 3 players the human's partner for this
    hand (both play against the soloist) is called so.  letter: its one letter (the
    OLED's column; LEFT_L, PARTNER_L, RIGHT_L differ in each language, where the names'
    first letters may not: Partner, Prawy)."""
    if seat == 0:
        return tx(_W_YOU)[0] if letter else tx(_W_YOU)
    if deal.nseats == 3:
        seat = 2 if partner(deal, seat) else 1 if seat == 1 else 3
    return tx((_W_LEFT_L if letter else _W_LEFT) + seat - 1)


def wins(seat, n, trick=False):
    """'You win' / 'Left wins' (trick: '... the trick')."""
    if seat == 0:
        return tx(_W_YOU_WIN_TRICK if trick else _W_YOU_WIN)
    return tx(_W_WINS_TRICK if trick else _W_WINS) % name(seat, n)


def did(deal, seat, action, phase, chars):
    """The message line after a seat's action other than a card (phase: the one it
    was taken in), at most `chars` long."""
    who = name(seat, deal.nseats)
    if action >= 33:                                # deal_multi.A_TRUMP + suit
        text = tx(_W_SAID_TRUMP) % (who, suit(action - 33))
        if len(text) > chars:
            text = tx(_W_SAID_TRUMP_SHORT) % (who, suit(action - 33))
    elif action == _A_PASS and phase == 6:         # deal_multi.PH_TRUMP
        text = tx(_W_SAID_PASS if deal.each else _W_SAID_WARSZAWA) % who
    elif action == _A_PASS:
        text = tx(_W_PASSED) % who
    elif action == _A_OUT:
        text = tx(_W_DECLARED) % who
    else:
        text = meld_words(who + ": ", action - _A_MELD, deal.trump, chars)
    return text[:chars]


def score_lines(deal, match, chars):
    """(the match score line, who named trump): the score by side with 4 players, by
    seat with 3 (within `chars`); "Trump: Left" ('' before the choice, " (W)" after a
    Warszawa) for the TFT's bottom line (18 characters)."""
    sc = match.scores
    if deal.nseats == 4:
        text = tx(_W_SCORE4) % (sc[0], sc[1], match.target)
    else:
        text = tx(_W_SCORE3) % (sc[0], sc[1], sc[2])
        if len(text) > chars:
            text = tx(_W_SCORE3_SHORT) % (sc[0], sc[1], sc[2])
        of = " " + tx(_W_OF) % match.target
        if len(text) + len(of) <= chars:
            text += of
    if deal.trump < 0:
        return text, ""
    if deal.chooser >= 0:
        trump = tx(_W_TRUMP_BY) % name(deal.chooser, deal.nseats)
    elif deal.each:
        trump = tx(_W_TRUMP_UP)
    else:
        trump = tx(_W_TRUMP_BOTTOM)
    return text, trump + " " + tx(_W_WARSZAWA_MARK) if deal.warszawa else trump
