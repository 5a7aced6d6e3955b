"""The words of a two-player hand's end: the hand summary and the match end.

Imported by the summary page (pages.Summary) for its lines and dropped at once, so that
neither the play nor the summary carries it; lines are at most 21 characters, as in
texts.py, in the current language (words.py, the catalog's [end] section).
"""
from micropython import const

from sixtysix_core import deal as D
from sixtysix_ui.words import tx

# words: end
# Why the hand ended (deal.py REASON_*): the human's text, the bot's the next one
_W_YOU_DECLARED = const(259)
_W_YOU_TOO_SOON = const(261)
_W_YOU_CLOSE_NO_66 = const(263)
_W_YOU_CLOSE_LOST = const(265)
_W_YOU_MORE = const(267)
_W_YOU_LAST = const(269)
_W_EQUAL = const(271)
_W_YOU_REACHED = const(272)
_W_YOU_WON = const(274)
_W_HDR_DRAW = const(256)
_W_HDR_YOU_WIN = const(257)
_W_HDR_BOT_WINS = const(258)
_W_PTS = const(276)
_W_YOU_NO_TRICK = const(277)
_W_YOU_UNDER_33 = const(279)
_W_YOU_GAIN1 = const(281)
_W_YOU_GAIN = const(283)
_W_NOBODY = const(285)
_W_MATCH = const(286)
_W_HDR_YOU_WON_MATCH = const(287)
_W_HDR_BOT_WON_MATCH = const(288)
_W_GAME_POINTS = const(289)
_W_SCORES = const(290)
_W_WELL_PLAYED = const(291)
_W_TRY_AGAIN = const(292)

REASONS = {
    D.REASON_DECLARED: _W_YOU_DECLARED,
    D.REASON_FALSE_DECLARATION: _W_YOU_TOO_SOON,
    D.REASON_CLOSER_FAILED: _W_YOU_CLOSE_NO_66,
    D.REASON_CLOSER_BEATEN: _W_YOU_CLOSE_LOST,
    D.REASON_HIGHER_TOTAL: _W_YOU_MORE,
    D.REASON_LAST_TRICK: _W_YOU_LAST,
}


def _declared(deal, seat):
    """True if `seat` said 66 itself (A_OUT last in the log); not when the last trick
    ended the hand (R16) or auto_declare ended it at 66."""
    n = deal.log_len
    return n > 0 and deal.log_action[n - 1] == D.A_OUT and deal.log_seat[n - 1] == seat


def summary(deal, match):
    """(header, lines) for the end of a hand."""
    w = deal.winner
    header = tx(_W_HDR_DRAW if w < 0 else _W_HDR_YOU_WIN if w == 0 else _W_HDR_BOT_WINS)
    reason = REASONS.get(deal.reason, _W_YOU_WON)
    # The sentence names the declarer or the closer, who is the loser in these cases.
    named = w
    if deal.reason in (D.REASON_FALSE_DECLARATION, D.REASON_CLOSER_FAILED,
                       D.REASON_CLOSER_BEATEN):
        named = 1 - w
    if deal.reason == D.REASON_DECLARED and not _declared(deal, w):
        reason = _W_YOU_REACHED
    lines = [tx(reason + named if w >= 0 else _W_EQUAL),
             tx(_W_PTS) % (deal.total(0), deal.total(1))]
    if w >= 0:
        gain = deal.score_delta[w]
        loser = 1 - w
        why = -1
        if deal.reason in (D.REASON_DECLARED, D.REASON_HIGHER_TOTAL):
            if deal.tricks[loser] == 0:
                why = _W_YOU_NO_TRICK
            elif deal.total(loser) < 33 and gain == 2:
                why = _W_YOU_UNDER_33
        if why >= 0:
            lines.append(tx(why + w) % gain)
        elif gain == 1:
            lines.append(tx(_W_YOU_GAIN1 + w))
        else:
            lines.append(tx(_W_YOU_GAIN + w) % gain)
    else:
        lines.append(tx(_W_NOBODY))
    lines.append(tx(_W_MATCH) % (match.scores[0], match.scores[1]))
    return header, lines


def match_end(match):
    won = match.winner == 0
    return tx(_W_HDR_YOU_WON_MATCH if won else _W_HDR_BOT_WON_MATCH), [
        tx(_W_GAME_POINTS), tx(_W_SCORES) % (match.scores[0], match.scores[1]),
        tx(_W_WELL_PLAYED if won else _W_TRY_AGAIN)]
