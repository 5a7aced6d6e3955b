"""Words on screen: help pages, hand summary lines, action labels (ASCII only).

Lines are at most 21 characters so that they fit the 128-pixel OLED (terminalio 6x12).
Everything here is cold path: strings are built only when a screen changes.
"""
from sixtysix_core import deal as D

SUITS = ("clubs", "spades", "hearts", "diamonds")
RANK_WORDS = ("9", "J", "Q", "K", "10", "A")

HELP = (
    ("How to play 1/6", ("Win tricks and get", "66 points first.", "A 11  10 10  K 4",
                         "Q 3  J 2  9 0")),
    ("How to play 2/6", ("Lead any card. The", "higher card of the", "suit led wins, a",
                         "trump beats the rest.")),
    ("How to play 3/6", ("While cards are left", "to draw you may play", "any card. Winner",
                         "draws first.")),
    ("How to play 4/6", ("K+Q of one suit is a", "marriage: 20, in", "trumps 40. Show it",
                         "in Menu when leading.")),
    ("How to play 5/6", ("Close the talon or", "when it is empty:", "follow suit and beat",
                         "if able, else trump.")),
    ("How to play 6/6", ("Have 66? Menu > 66.", "Win a hand: 1 to 3", "game points. First",
                         "to 7 wins the match.")),
)

REASONS = {
    D.REASON_DECLARED: "%s declared 66",
    D.REASON_FALSE_DECLARATION: "%s said 66 too soon",
    D.REASON_CLOSER_FAILED: "%s closed, no 66",
    D.REASON_CLOSER_BEATEN: "%s closed, lost",
    D.REASON_HIGHER_TOTAL: "%s had more points",
    D.REASON_LAST_TRICK: "%s won last trick",
    D.REASON_DRAW: "%s: equal points",
}


def who(seat):
    return "You" if seat == 0 else "Bot"


def card_words(card):
    """'10 hearts' for the ten of hearts (cards.py encoding)."""
    return RANK_WORDS[card % 6] + " " + SUITS[card // 6]


def action_label(action, deal):
    """The popup menu text for an engine action of the human (deal.py encoding)."""
    if action >= D.A_MELD:
        suit = action - D.A_MELD
        return "Marriage %s %d" % (SUITS[suit], 40 if suit == deal.trump else 20)
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


def did(seat, action, deal):
    """The message line after a seat's special action."""
    name = who(seat)
    if action >= D.A_MELD:
        suit = action - D.A_MELD
        return "%s: marriage %d!" % (name, 40 if suit == deal.trump else 20)
    if action == D.A_EXCHANGE:
        return "%s swapped the %s" % (name, RANK_WORDS[deal.exchange_rank])
    if action == D.A_CLOSE:
        return "%s closed the talon" % name
    if action == D.A_OUT:
        return "%s declared 66" % name
    if action == D.A_PASS:
        return "%s passed" % name
    return ""


def summary(deal, match):
    """(header, lines) for the end of a hand."""
    w = deal.winner
    if w < 0:
        header = "A draw!"
    elif w == 0:
        header = "You win the hand!"
    else:
        header = "The bot wins"
    lines = []
    reason = REASONS.get(deal.reason, "%s won")
    # The sentence names the declarer or the closer, who is the loser in these cases.
    named = w
    if deal.reason in (D.REASON_FALSE_DECLARATION, D.REASON_CLOSER_FAILED,
                       D.REASON_CLOSER_BEATEN):
        named = 1 - w
    lines.append(reason % (who(named) if w >= 0 else "Both"))
    lines.append("Points you %d bot %d" % (deal.total(0), deal.total(1)))
    if w >= 0:
        gain = deal.score_delta[w]
        loser = 1 - w
        why = ""
        if deal.reason in (D.REASON_DECLARED, D.REASON_HIGHER_TOTAL):
            if deal.tricks[loser] == 0:
                why = "no trick"
            elif deal.total(loser) < 33 and gain == 2:
                why = "under 33"
        if why:
            lines.append("%s +%d (%s %s)" % (who(w), gain, who(loser).lower(), why))
        else:
            lines.append("%s +%d game point%s" % (who(w), gain, "" if gain == 1 else "s"))
    else:
        lines.append("Nobody scores")
    lines.append("Match: you %d, bot %d" % (match.scores[0], match.scores[1]))
    return header, lines


def match_end(match):
    if match.winner == 0:
        header = "You won the match!"
    else:
        header = "The bot won it"
    return header, ["Game points:", "you %d, bot %d" % (match.scores[0], match.scores[1]),
                    "Well played!" if match.winner == 0 else "Try again?"]
