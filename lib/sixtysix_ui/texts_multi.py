"""The hand summary and the match end of a 3- or 4-player match (pages.Summary).

Imported for the summary page's lines and dropped at once (TableMulti.summary): it is
not in the heap during the play.  Seats are named as on the table (words_multi.name /
label: You, Left, Partner, Right), a side from the human's chair (side_name).
"""
from micropython import const

from sixtysix_ui.words_multi import label, name, verb

# deal.py's codes (private: no interned name; test_core_multi.py checks them)
_REASON_DECLARED = const(0)
_REASON_FALSE_DECLARATION = const(1)
_REASON_HIGHER_TOTAL = const(4)
_REASON_LAST_TRICK = const(5)
_REASON_DRAW = const(6)
_A_OUT = const(27)

# Why a hand ended (deal.py REASON_*), at most 21 characters with any seat's name
REASONS = {
    _REASON_DECLARED: "%s declared 66",
    _REASON_FALSE_DECLARATION: "%s: 66 too soon",
    _REASON_HIGHER_TOTAL: "Most points: %s",
    _REASON_LAST_TRICK: "Last trick: %s",
    _REASON_DRAW: "%s: equal points",
}


def side_name(deal, seat, short=False):
    """The side of seat, from the human's chair: 'You' (alone), 'Us' (his side, short)
    or 'You + Partner', else the other seats ('Them' short with two)."""
    n = deal.nseats
    members = [s for s in range(n) if deal.side_of[s] == deal.side_of[seat]]
    if 0 in members:
        if len(members) == 1:
            return "You"
        return "Us" if short else "You + " + label(deal, members[1])
    if short and len(members) > 1:
        return "Them"
    return " + ".join(name(s, n) for s in members)


def summary(deal, match):
    """(header, lines) for the end of a 3- or 4-player hand (pages.Summary).  (In two
    functions: a board loads each function's code as one block, and at the end of a
    hand the heap has many small free blocks rather than a large one.)"""
    n = deal.nseats
    w = deal.winner
    if w < 0:
        header = "A draw!"
    elif deal.side_of[w] == deal.side_of[0]:
        header = "You win the hand!" if side_name(deal, 0) == "You" else "Your side wins!"
    else:
        alone = [s for s in range(n) if deal.side_of[s] == deal.side_of[w]] == [w]
        header = (verb(w, n, "win") + " the hand" if alone else "They win the hand"
                  if n == 4 else side_name(deal, w) + " win")
    return header, _lines(deal, match, n, w)


def _lines(deal, match, n, w):
    """The summary's lines: why the hand ended, both sides' points, who scored, the
    match."""
    named = w                               # the declarer, or who took the last trick
    if deal.decl_seat >= 0:
        named = deal.decl_seat
    elif deal.reason == _REASON_LAST_TRICK:
        named = deal.leader
    reason = REASONS.get(deal.reason, "%s won")
    k = deal.log_len - 1
    if deal.reason == _REASON_DECLARED and deal.log_action[k] != _A_OUT:
        reason = "%s reached 66"            # the last trick or auto_declare ended it
    who = label(deal, named) if named >= 0 else "Both"
    lines = [_fit(reason % who, who + ": false 66")]     # the long one: "too soon"
    mine = deal.side_of[0]
    other = -1
    for s in range(n):
        if deal.side_of[s] != mine and (other < 0 or deal.total(s) > deal.total(other)):
            other = s
    pts = "%s %d pts, %s %d" % (side_name(deal, 0, True), deal.total(0),
                                side_name(deal, other, True).lower(), deal.total(other))
    lines.append(_fit(pts, pts.replace(" pts", "")))
    if w >= 0:
        lines.append("+%d: %s" % (deal.score_delta[w], ", ".join(
            label(deal, s) for s in range(n) if deal.score_delta[s])))
    else:
        lines.append("Nobody scores")
    lines.append(match_line(match, n))
    return lines


def _fit(text, short):
    """text if it fits a scrolling page row (19 characters: the summary has a menu),
    else short."""
    return text if len(text) <= 19 else short[:19]


def match_line(match, n):
    """'Match: us 3, them 5' / 'Match: You 3 L 0 R 6', without 'Match: ' when long."""
    sc = match.scores
    if n == 4:
        text = "Match: us %d, them %d" % (sc[0], sc[1])
    else:
        text = "Match: You %d L %d R %d" % (sc[0], sc[1], sc[2])
    return _fit(text, text[7:8].upper() + text[8:])


def match_end(match):
    n = match.rules.players
    won = match.winners & 1
    if won:
        header = "Your side won!" if n == 4 else "You won the match!"
    else:
        w = 0
        while not match.winners >> w & 1:
            w += 1
        header = "They won the match" if n == 4 else "%s won the match" % name(w, n)
    line = match_line(match, n)
    return header, ["Game points:", line[7:] if line.startswith("Match") else line,
                    "Well played!" if won else "Try again?"]


