"""Words on screen: table messages, hand summary lines, action labels (ASCII only).

Lines are at most 21 characters so that they fit the 128-pixel OLED (terminalio 6x12);
a longer form is used only where the caller says the place is wider (`chars`).  Every
fixed message of the table is a constant here, so that a test can try each one in its
place (host_tests/test_app.py takes every upper-case name here).  Everything here is
cold path: strings are built only when a screen changes.  The help pages live in help.py
(imported only when opened), the hand summary's words in texts_end.py (imported for it).
"""
from sixtysix_core import deal as D

SUITS = ("clubs", "spades", "hearts", "diamonds")
RANK_WORDS = ("9", "J", "Q", "K", "10", "A")

# Table messages (the message line, one line of the layout's CHARS)
THINKING = "Bot is thinking..."
HINT_THINKING = "Thinking..."
DRAW = "A: draw cards"
LEAD = "Your lead"
FOLLOW = "Your turn: follow"
HAVE_66 = "You have 66: Menu>66"
YOU_WIN_TRICK = "You win the trick"
BOT_WINS_TRICK = "Bot wins the trick"
NO_TRICK = "No trick to show"
TRICK_CLOSED = "Closed: a card is led"     # R22: the last trick, once a card is led
LAST_YOURS = "Last trick: yours"
LAST_BOTS = "Last trick: bot's"
CLOSE_REPLY = "Bot closed: swap?"
DECLARE_OR_PASS = "Say 66 or pass?"
# Popup titles and entries that are not engine actions
HINT_TITLE = "Hint: do this"
GOT_66 = "You have 66!"            # the menu after a marriage that reaches 66
SURE_TITLE = "66 now? Sure?"
SURE_NO = "No, play on"
SURE_YES = "Yes, declare 66"
MENU_LAST = "Last trick"
MENU_BOT = "What the bot did"
MENU_HINT = "Hint"
MENU_QUIT = "Save and quit"
MENU_BACK = "Back"

def who(seat):
    return "You" if seat == 0 else "Bot"


def card_words(card):
    """'10 hearts' for the ten of hearts (cards.py encoding)."""
    return RANK_WORDS[card % 6] + " " + SUITS[card // 6]


def meld_value(suit, deal):
    return 40 if suit == deal.trump else 20


def action_label(action, deal, chars=19):
    """The popup menu text for an engine action of the human (deal.py encoding), at
    most `chars` long."""
    if action >= D.A_MELD:
        suit = action - D.A_MELD
        text = "Marriage %s %d" % (SUITS[suit], meld_value(suit, deal))
        if len(text) > chars:
            text = "K+Q %s %d" % (SUITS[suit], meld_value(suit, deal))
        return text
    if action == D.A_EXCHANGE:
        return "Swap %s for upcard" % RANK_WORDS[deal.exchange_rank]
    if action == D.A_CLOSE:
        return "Close the talon"
    if action == D.A_OUT:
        return "Declare 66!"
    if action == D.A_DRAW:
        return "Draw cards"
    if action == D.A_PASS:
        return "Pass"
    return card_words(action)


def alone_label(card, special, chars=19):
    """The popup entry that leads `card` without the special its A press does (the
    swap of the trump nine, the marriage of a K or Q), at most `chars` long."""
    if special == D.A_EXCHANGE:
        return "Lead %s, no swap" % RANK_WORDS[card % 6]
    text = "Lead %s alone" % card_words(card)
    return text if len(text) <= chars else text[5:]


def did(seat, action, deal, chars=21):
    """The message line after a seat's special action, at most `chars` long."""
    name = who(seat)
    if action >= D.A_MELD:
        suit = action - D.A_MELD
        text = "%s: marriage %s %d" % (name, SUITS[suit], meld_value(suit, deal))
        if len(text) > chars:
            text = "%s: K+Q %s %d" % (name, SUITS[suit], meld_value(suit, deal))
        return text
    if action == D.A_EXCHANGE:
        return "%s swapped the %s" % (name, RANK_WORDS[deal.exchange_rank])
    if action == D.A_CLOSE:
        return "%s closed the talon" % name
    if action == D.A_OUT:
        return "%s declared 66" % name
    if action == D.A_PASS:
        return "%s passed" % name
    return ""


def bot_moves(deal, seat=1):
    """One sentence of what `seat` has announced this hand (marriages with suit and
    points, the swap, the close) from the deal's log, or "" if nothing."""
    parts = []
    for i in range(deal.log_len):
        a = deal.log_action[i]
        if deal.log_seat[i] != seat or a < D.A_EXCHANGE or a == D.A_PASS or a == D.A_OUT:
            continue
        if a >= D.A_MELD:
            suit = a - D.A_MELD
            parts.append("marriage in %s (%d)" % (SUITS[suit], meld_value(suit, deal)))
        elif a == D.A_EXCHANGE:
            parts.append("swapped the %s for the upcard" % RANK_WORDS[deal.exchange_rank])
        else:
            parts.append("closed the talon")
    if not parts:
        return ""
    return "%s this hand: %s." % (who(seat), ", ".join(parts))
