"""Scoring of a two-player hand: declarations, closed hands, the end without a
declaration (RULES.md R14-R20, section 3, V6).  Functions of a deal.Deal, called by it
when the hand ends; each sets the result fields (phase, winner, reason, score_delta).

Game points are ints; reasons are deal.REASON_* (the replayer's `reason` names).
"""
from micropython import const

REASON_DECLARED = const(0)
REASON_FALSE_DECLARATION = const(1)
REASON_CLOSER_FAILED = const(2)
REASON_CLOSER_BEATEN = const(3)
REASON_HIGHER_TOTAL = const(4)
REASON_LAST_TRICK = const(5)
REASON_DRAW = const(6)
REASON_NAMES = ("declared", "false_declaration", "closer_failed", "closer_beaten",
                "higher_total", "last_trick", "draw")
_PH_OVER = const(5)                     # deal.PH_OVER
_EXHAUSTED = const(2)                   # deal.EXHAUSTED
# value indexes of rules options (rules.py): failed_close, false_declaration,
# end_without_declaration
_FAILED_CLOSE_FLAT3 = const(1)
_FAILED_CLOSE_AS_NORMAL_WIN = const(2)
_FAILED_CLOSE_CZECH_PENALTY = const(3)
_FALSE_DECL_TWO_OR_THREE = const(1)
_FALSE_DECL_CZECH_BANDS = const(2)
_END_LAST_TRICK_WINS = const(1)
_END_LAST_TRICK_WINS_ONE = const(2)


def _g(deal, loser, at_close):
    """RULES.md R18 G(L), or the Czech bands (V6) with scoring=czech."""
    if at_close:
        tricks = deal.snap_tricks[loser]
        total = deal.snap_total[loser]
    else:
        tricks = deal.tricks[loser]
        total = deal.total(loser)
    if deal.opt_czech:
        return czech_band(total)
    if tricks == 0:
        return 3
    return 2 if total < 33 else 1


def _finish(deal, winner, reason, points):
    deal.phase = _PH_OVER
    deal.to_move = -1
    deal.winner = winner
    deal.reason = reason
    if winner >= 0:
        deal.score_delta[winner] += points


def declare(deal, seat):
    other = 1 - seat
    closed = deal.closer >= 0
    if deal.total(seat) >= 66:
        if not closed or seat == deal.closer:   # S1, S4
            _finish(deal, seat, REASON_DECLARED,
                    _g(deal, other, closed and deal.opt_win_at_close))
        else:
            _closer_beaten(deal, seat)           # S6
    elif closed and seat == deal.closer:        # D1: the closer's false declaration
        _closer_failed(deal)
    else:                                       # S7, R20
        f = deal.opt_false
        if f == _FALSE_DECL_CZECH_BANDS:
            pts = czech_band(deal.total(seat))
        elif f == _FALSE_DECL_TWO_OR_THREE and deal.tricks[other] == 0:
            pts = 3
        else:
            pts = 2
        _finish(deal, other, REASON_FALSE_DECLARATION, pts)


def _non_closer_trickless(deal):
    other = 1 - deal.closer
    if deal.opt_trick_test_at_end:
        return deal.tricks[other] == 0
    return deal.snap_tricks[other] == 0


def _closer_failed(deal):
    """R19.1 / S5: the closer ran out of cards or declared falsely."""
    closer = deal.closer
    other = 1 - closer
    fc = deal.opt_failed_close
    if fc == _FAILED_CLOSE_CZECH_PENALTY:
        deal.score_delta[closer] = -6 if deal.total(closer) < 33 else -3
        _finish(deal, other, REASON_CLOSER_FAILED, 0)
    elif fc == _FAILED_CLOSE_FLAT3:
        _finish(deal, other, REASON_CLOSER_FAILED, 3)
    elif fc == _FAILED_CLOSE_AS_NORMAL_WIN:
        _finish(deal, other, REASON_CLOSER_FAILED, _g(deal, closer, False))
    else:
        _finish(deal, other, REASON_CLOSER_FAILED, 3 if _non_closer_trickless(deal) else 2)


def _closer_beaten(deal, seat):
    """R19.2 / S6: the non-closer declared correctly after a close."""
    closer = deal.closer
    fc = deal.opt_failed_close
    if fc == _FAILED_CLOSE_CZECH_PENALTY:      # D7: band points and the penalty
        deal.score_delta[closer] = -6 if deal.total(closer) < 33 else -3
        pts = czech_band(deal.total(closer))
    elif fc == _FAILED_CLOSE_FLAT3:
        pts = 3
    elif fc == _FAILED_CLOSE_AS_NORMAL_WIN:
        pts = _g(deal, closer, False)
    elif deal.opt_beaten_as_failed:
        pts = 3 if _non_closer_trickless(deal) else 2
    else:
        pts = 2
    _finish(deal, seat, REASON_CLOSER_BEATEN, pts)


def end_without_declaration(deal, last_winner):
    """R16: the last card has been played."""
    if deal.talon_state == _EXHAUSTED:
        deal.bonus[last_winner] = deal.opt_bonus    # +10 only if it ran out naturally
    if deal.total(last_winner) >= 66:               # deemed to declare (R16)
        declare(deal, last_winner)
        return
    if deal.closer >= 0:
        _closer_failed(deal)                       # R19.1
        return
    other = 1 - last_winner
    if deal.opt_end == _END_LAST_TRICK_WINS_ONE:
        _finish(deal, last_winner, REASON_LAST_TRICK, 1)
    elif deal.opt_end == _END_LAST_TRICK_WINS:
        _finish(deal, last_winner, REASON_LAST_TRICK, _g(deal, other, False))
    else:
        a = deal.total(last_winner)
        b = deal.total(other)
        if a == b:
            _finish(deal, -1, REASON_DRAW, 0)        # R17
        elif a > b:
            _finish(deal, last_winner, REASON_HIGHER_TOTAL, _g(deal, other, False))
        else:
            _finish(deal, other, REASON_HIGHER_TOTAL, _g(deal, last_winner, False))


def czech_band(total):
    """V6 bands: 0-22 -> 3, 23-44 -> 2, 45 and more -> 1."""
    if total <= 22:
        return 3
    return 2 if total <= 44 else 1
