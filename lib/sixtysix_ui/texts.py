"""The two-player table's words: cards, the engine's actions, a seat's moves.

Every text is the current language's (words.py, the catalog's [common] and [table]
sections); a line fits the OLED's 21 characters, a popup entry `chars`.  The fixed
messages of the table are ids here (MESSAGES: each is tried in its place by
host_tests/test_app.py).  Cold path: strings are built only when a screen changes.
"""
from micropython import const

from sixtysix_core import deal as D
from sixtysix_ui.words import card_words, rank, suit, tx

# words: common table
_W_MARRIAGE = const(156)
_W_MARRIAGE_SHORT = const(157)
_W_SWAP = const(158)
_W_CLOSE = const(159)
_W_DECLARE = const(160)
_W_DRAW_CARDS = const(161)
_W_PASS = const(162)
_W_LEAD_NO_SWAP = const(163)
_W_LEAD_ALONE = const(164)
_W_ALONE = const(165)
_W_YOU_MARRIAGE = const(166)
_W_YOU_MARRIAGE_SHORT = const(167)
_W_YOU_SWAPPED = const(170)
_W_YOU_CLOSED = const(172)
_W_YOU_DECLARED = const(174)
_W_YOU_PASSED = const(176)
_W_BOT_MOVES = const(178)
_W_MOVE_MARRIAGE = const(179)
_W_MOVE_SWAP = const(180)
_W_MOVE_CLOSE = const(181)
# the bot's form of a "You ..." text follows it (YOU_SWAPPED, BOT_SWAPPED), after the
# short form where there is one (YOU_MARRIAGE, YOU_MARRIAGE_SHORT, BOT_MARRIAGE, ...)


def meld_value(s, deal):
    return 40 if s == deal.trump else 20


def action_label(action, deal, chars=19):
    """The popup menu text for an engine action of the human (deal.py encoding), at
    most `chars` long."""
    if action >= D.A_MELD:
        s = action - D.A_MELD
        text = tx(_W_MARRIAGE) % (suit(s), meld_value(s, deal))
        if len(text) > chars:
            text = tx(_W_MARRIAGE_SHORT) % (suit(s), meld_value(s, deal))
        return text[:chars]
    if action == D.A_EXCHANGE:
        return tx(_W_SWAP) % rank(deal.exchange_rank)
    if action == D.A_CLOSE:
        return tx(_W_CLOSE)
    if action == D.A_OUT:
        return tx(_W_DECLARE)
    if action == D.A_DRAW:
        return tx(_W_DRAW_CARDS)
    if action == D.A_PASS:
        return tx(_W_PASS)
    return card_words(action)


def alone_label(c, special, chars=19):
    """The popup entry that leads `c` without the special its A press does (the
    swap of the trump nine, the marriage of a K or Q), at most `chars` long."""
    if special == D.A_EXCHANGE:
        return tx(_W_LEAD_NO_SWAP) % rank(c % 6)
    text = tx(_W_LEAD_ALONE) % card_words(c)
    return text if len(text) <= chars else (tx(_W_ALONE) % card_words(c))[:chars]


def did(seat, action, deal, chars=21):
    """The message line after a seat's special action, at most `chars` long."""
    bot = 2 if seat else 0          # the bot's texts follow the human's in the catalog
    if action >= D.A_MELD:
        s = action - D.A_MELD
        text = tx(_W_YOU_MARRIAGE + bot) % (suit(s), meld_value(s, deal))
        if len(text) > chars:
            text = tx(_W_YOU_MARRIAGE_SHORT + bot) % (suit(s), meld_value(s, deal))
        return text[:chars]
    bot >>= 1
    if action == D.A_EXCHANGE:
        return tx(_W_YOU_SWAPPED + bot) % rank(deal.exchange_rank)
    if action == D.A_CLOSE:
        return tx(_W_YOU_CLOSED + bot)
    if action == D.A_OUT:
        return tx(_W_YOU_DECLARED + bot)
    if action == D.A_PASS:
        return tx(_W_YOU_PASSED + bot)
    return ""


def bot_moves(deal):
    """One sentence of what the bot (seat 1) has announced this hand (marriages with
    suit and points, the swap, the close) from the deal's log, or "" if nothing."""
    parts = []
    for i in range(deal.log_len):
        a = deal.log_action[i]
        if deal.log_seat[i] != 1 or a < D.A_EXCHANGE or a == D.A_PASS or a == D.A_OUT:
            continue
        if a >= D.A_MELD:
            s = a - D.A_MELD
            parts.append(tx(_W_MOVE_MARRIAGE) % (suit(s), meld_value(s, deal)))
        elif a == D.A_EXCHANGE:
            parts.append(tx(_W_MOVE_SWAP) % rank(deal.exchange_rank))
        else:
            parts.append(tx(_W_MOVE_CLOSE))
    if not parts:
        return ""
    return tx(_W_BOT_MOVES) % ", ".join(parts)
