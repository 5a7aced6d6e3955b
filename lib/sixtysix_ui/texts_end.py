"""The words of a two-player hand's end: the hand summary and the match end (ASCII).

Imported by the summary page (pages.Summary) for its lines and dropped at once, so that
neither the play nor the summary carries it; lines are at most 21 characters, as in
texts.py.
"""
from sixtysix_core import deal as D
from sixtysix_ui.texts import who

REASONS = {
    D.REASON_DECLARED: "%s declared 66",
    D.REASON_FALSE_DECLARATION: "%s said 66 too soon",
    D.REASON_CLOSER_FAILED: "%s closed, no 66",
    D.REASON_CLOSER_BEATEN: "%s closed, lost",
    D.REASON_HIGHER_TOTAL: "%s had more points",
    D.REASON_LAST_TRICK: "%s won last trick",
    D.REASON_DRAW: "%s: equal points",
}
REACHED = "%s reached 66"       # REASON_DECLARED without a declaration: the last trick



def _declared(deal, seat):
    """True if `seat` said 66 itself (A_OUT last in the log); not when the last trick
    ended the hand (R16) or auto_declare ended it at 66."""
    n = deal.log_len
    return n > 0 and deal.log_action[n - 1] == D.A_OUT and deal.log_seat[n - 1] == seat


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
    if deal.reason == D.REASON_DECLARED and not _declared(deal, w):
        reason = REACHED
    lines.append(reason % (who(named) if w >= 0 else "Both"))
    lines.append("You %d pts, bot %d" % (deal.total(0), deal.total(1)))
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
            lines.append("%s +%d: %s %s" % (who(w), gain, who(loser).lower(), why))
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
