"""The hand summary and the match end of a 3- or 4-player match (pages.Summary).

Imported for the summary page's lines and dropped at once (TableMulti.summary): it is
not in the heap during the play.  Seats are named as on the table (words_multi.name /
label: You, Left, Partner, Right), a side from the human's chair (side_name).
"""
from micropython import const

from sixtysix_ui.words import tx
from sixtysix_ui.words_multi import label, name

# deal.py's codes (private: no interned name; test_core_multi.py checks them)
_REASON_DECLARED = const(0)
_REASON_FALSE_DECLARATION = const(1)
_REASON_HIGHER_TOTAL = const(4)
_REASON_LAST_TRICK = const(5)
_REASON_DRAW = const(6)
_A_OUT = const(27)

# words: multi_end multi common
_W_DECLARED = const(1280)
_W_TOO_SOON = const(1281)
_W_FALSE = const(1282)
_W_MOST = const(1283)
_W_LAST = const(1284)
_W_EQUAL = const(1285)
_W_REACHED = const(1286)
_W_WON = const(1287)
_W_BOTH = const(1288)
_W_YOU_AND = const(1289)
_W_AND = const(1290)
_W_HDR_DRAW = const(1291)
_W_HDR_YOU_WIN = const(1292)
_W_HDR_SIDE_WINS = const(1293)
_W_HDR_WINS = const(1294)
_W_HDR_THEY_WIN = const(1295)
_W_HDR_SIDE = const(1296)
_W_PTS = const(1297)
_W_PTS_SHORT = const(1298)
_W_GAIN = const(1299)
_W_NOBODY = const(1300)
_W_MATCH4 = const(1301)
_W_MATCH4_SHORT = const(1302)
_W_MATCH3 = const(1303)
_W_MATCH3_SHORT = const(1304)
_W_HDR_YOU_WON = const(1305)
_W_HDR_SIDE_WON = const(1306)
_W_HDR_WON = const(1307)
_W_HDR_THEY_WON = const(1308)
_W_GAME_POINTS = const(1309)
_W_WELL_PLAYED = const(1310)
_W_TRY_AGAIN = const(1311)
_W_YOU = const(15)
_W_US = const(1160)
_W_THEM = const(1161)

# Why a hand ended (deal.py REASON_*), at most 19 characters with any seat's name
REASONS = {
    _REASON_DECLARED: _W_DECLARED,
    _REASON_FALSE_DECLARATION: _W_TOO_SOON,
    _REASON_HIGHER_TOTAL: _W_MOST,
    _REASON_LAST_TRICK: _W_LAST,
    _REASON_DRAW: _W_EQUAL,
}


def side_name(deal, seat, short=False):
    """The side of seat, from the human's chair: 'You' (alone), 'Us' (his side, short)
    or 'You + Partner', else the other seats ('Them' short with two)."""
    n = deal.nseats
    members = [s for s in range(n) if deal.side_of[s] == deal.side_of[seat]]
    if 0 in members:
        if len(members) == 1:
            return tx(_W_YOU)
        return tx(_W_US) if short else tx(_W_YOU_AND) % label(deal, members[1])
    if short and len(members) > 1:
        return tx(_W_THEM)
    if len(members) == 1:
        return name(members[0], n)
    return tx(_W_AND) % (name(members[0], n), name(members[1], n))


def summary(deal, match):
    """(header, lines) for the end of a 3- or 4-player hand (pages.Summary).  (In two
    functions: a board loads each function's code as one block, and at the end of a
    hand the heap has many small free blocks rather than a large one.)"""
    n = deal.nseats
    w = deal.winner
    if w < 0:
        header = tx(_W_HDR_DRAW)
    elif deal.side_of[w] == deal.side_of[0]:
        alone = [s for s in range(n) if deal.side_of[s] == deal.side_of[0]] == [0]
        header = tx(_W_HDR_YOU_WIN if alone else _W_HDR_SIDE_WINS)
    else:
        alone = [s for s in range(n) if deal.side_of[s] == deal.side_of[w]] == [w]
        header = (tx(_W_HDR_WINS) % name(w, n) if alone else tx(_W_HDR_THEY_WIN)
                  if n == 4 else tx(_W_HDR_SIDE) % side_name(deal, w))
    return header, _lines(deal, match, n, w)


def _lines(deal, match, n, w):
    """The summary's lines: why the hand ended, both sides' points, who scored, the
    match."""
    named = w                               # the declarer, or who took the last trick
    if deal.decl_seat >= 0:
        named = deal.decl_seat
    elif deal.reason == _REASON_LAST_TRICK:
        named = deal.leader
    reason = REASONS.get(deal.reason, _W_WON)
    k = deal.log_len - 1
    if deal.reason == _REASON_DECLARED and deal.log_action[k] != _A_OUT:
        reason = _W_REACHED                 # the last trick or auto_declare ended it
    who = label(deal, named) if named >= 0 else tx(_W_BOTH)
    lines = [_fit(tx(reason) % who, tx(_W_FALSE) % who)]     # the long one: "too soon"
    mine = deal.side_of[0]
    other = -1
    for s in range(n):
        if deal.side_of[s] != mine and (other < 0 or deal.total(s) > deal.total(other)):
            other = s
    them = side_name(deal, other, True)
    args = (side_name(deal, 0, True), deal.total(0), them[:1].lower() + them[1:],
            deal.total(other))
    lines.append(_fit(tx(_W_PTS) % args, tx(_W_PTS_SHORT) % args))
    if w >= 0:
        lines.append(_fit(tx(_W_GAIN) % (deal.score_delta[w], ", ".join(
            label(deal, s) for s in range(n) if deal.score_delta[s])), ""))
    else:
        lines.append(tx(_W_NOBODY))
    lines.append(match_line(match, n))
    return lines


def _fit(text, short):
    """text if it fits a scrolling page row (19 characters: the summary has a menu),
    else short (cut to 19; '' : text cut)."""
    return text if len(text) <= 19 else (short or text)[:19]


def match_line(match, n, short=False):
    """'Match: us 3, them 5' / 'Match: You 3 L 0 R 6' (short or long: without 'Match')."""
    sc = match.scores
    if n == 4:
        text = tx(_W_MATCH4) % (sc[0], sc[1])
        return _fit(text, tx(_W_MATCH4_SHORT) % (sc[0], sc[1])) if not short else \
            tx(_W_MATCH4_SHORT) % (sc[0], sc[1])
    text = tx(_W_MATCH3) % (sc[0], sc[1], sc[2])
    shorter = tx(_W_MATCH3_SHORT) % (sc[0], sc[1], sc[2])
    return shorter if short else _fit(text, shorter)


def match_end(match):
    n = match.rules.players
    won = match.winners & 1
    if won:
        header = tx(_W_HDR_SIDE_WON if n == 4 else _W_HDR_YOU_WON)
    else:
        w = 0
        while not match.winners >> w & 1:
            w += 1
        header = tx(_W_HDR_THEY_WON) if n == 4 else tx(_W_HDR_WON) % name(w, n)
    return header, [tx(_W_GAME_POINTS), match_line(match, n, True),
                    tx(_W_WELL_PLAYED if won else _W_TRY_AGAIN)]
