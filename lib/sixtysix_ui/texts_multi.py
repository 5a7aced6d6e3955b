"""Words on screen for 3 and 4 players (RULES.md V1, V2; ASCII only, cold path).

Seats are ints as in deal_multi.py; the human is seat 0.  Play goes clockwise, so seat 1
sits on the human's left and the last seat on his right; with 4 players seat 2, across
the table, is his partner (P1 + P3 against P2 + D, whoever deals).  name(seat, n) is
"You", "Left", "Partner" or "Right"; letter() its first letter (the OLED's columns).
A side is named from the human's chair: "You" alone (the 3-player soloist), "You +
Partner" / "us" (his side), or the other seats.  Loaded only with a 3- or 4-player match
(app.py drops it with the table), as are summary() and match_end(), which pages.py
reaches through app.texts.
"""
from sixtysix_core import deal as D
from sixtysix_ui.texts import REASONS, SUITS, card_words

_NAMES = ("You", "Left", "Partner", "Right")
WARSZAWA = "Warszawa (pass)"
TURN_UP = "Pass: next card"         # each_for_self: P1's next card sets trump
TRUMP_HINT = "Hint"


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


def letter(deal, seat):
    return label(deal, seat)[0]


def verb(seat, n, word):
    """'You win' / 'Left wins'."""
    return "%s %s" % (name(seat, n), word if seat == 0 else word + "s")


def won_trick(deal, seat, chars):
    text = verb(seat, deal.nseats, "win") + " the trick"
    return text if len(text) <= chars else text.replace(" the", "")


def did(deal, seat, action, phase, chars):
    """The message line after a seat's action other than a card (phase: the one it
    was taken in), at most `chars` long."""
    who = name(seat, deal.nseats)
    if action >= 33:                                # deal_multi.A_TRUMP + suit
        text = "%s: trump %s" % (who, SUITS[action - 33])
    elif action == D.A_PASS and phase == 6:         # deal_multi.PH_TRUMP
        text = who + (": pass" if deal.each else ": Warszawa!")
    elif action == D.A_PASS:
        text = who + " passed"
    elif action == D.A_OUT:
        text = who + " declared 66"
    else:                                           # a marriage, as long as it fits
        suit = SUITS[action - D.A_MELD]
        v = 40 if action - D.A_MELD == deal.trump else 20
        for form in ("%s: marriage %s %d", "%s: K+Q %s %d", "%s: %s %d"):
            text = form % (who, suit, v)
            if len(text) <= chars:
                break
    return text[:chars]


def trump_line(deal):
    """Who named trump ('' before the choice), for the TFT's bottom line (18 chars)."""
    if deal.trump < 0:
        return ""
    if deal.chooser >= 0:
        text = "Trump: " + name(deal.chooser, deal.nseats)
    elif deal.each:
        text = "Trump: turned up"
    else:
        text = "Trump: bottom card"
    return text + " (W)" if deal.warszawa else text


def status(match, n, chars):
    """The match score line: 4 players by side, 3 by seat (cut to `chars`)."""
    sc = match.scores
    if n == 4:
        text = "Us %d  Them %d  of %d" % (sc[0], sc[1], match.target)
    else:
        text = "You %d Left %d Right %d" % (sc[0], sc[1], sc[2])
        if len(text) > chars:
            text = "You %d L %d R %d" % (sc[0], sc[1], sc[2])
        if len(text) + 5 <= chars:
            text += " of %d" % match.target
    return text


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
    """(header, lines) for the end of a 3- or 4-player hand (pages.Summary)."""
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
    named = w                               # the declarer, or who took the last trick
    if deal.decl_seat >= 0:
        named = deal.decl_seat
    elif deal.reason == D.REASON_LAST_TRICK:
        named = deal.leader
    reason = REASONS.get(deal.reason, "%s won")
    k = deal.log_len - 1
    if deal.reason == D.REASON_DECLARED and deal.log_action[k] != D.A_OUT:
        reason = "%s reached 66"            # the last trick or auto_declare ended it
    lines = [reason % (name(named, n) if named >= 0 else "Both")]
    mine = deal.side_of[0]
    other = -1
    for s in range(n):
        if deal.side_of[s] != mine and (other < 0 or deal.total(s) > deal.total(other)):
            other = s
    lines.append("%s %d pts, %s %d" % (side_name(deal, 0, True), deal.total(0),
                                       side_name(deal, other, True).lower(),
                                       deal.total(other)))
    if w >= 0:
        lines.append("+%d: %s" % (deal.score_delta[w], ", ".join(
            label(deal, s) for s in range(n) if deal.score_delta[s])))
    else:
        lines.append("Nobody scores")
    lines.append(match_line(match, n))
    return header, lines


def match_line(match, n):
    sc = match.scores
    if n == 4:
        return "Match: us %d, them %d" % (sc[0], sc[1])
    return "Match: You %d L %d R %d" % (sc[0], sc[1], sc[2])


def match_end(match):
    n = match.rules.players
    w = match.winner
    if w == 0:
        header = "You won the match!"
    elif n == 4 and w == 2:
        header = "Your side won!"
    else:
        header = "%s won the match" % name(w, n)
    return header[:21], ["Game points:", match_line(match, n)[7:],
                         "Well played!" if w == 0 or n == 4 and w == 2 else "Try again?"]


def trump_entries(hand):
    """The trump page's suit lines: 'hearts: A 10 K' (the cards held in each suit)."""
    out = []
    for s in range(4):
        ranks = [card_words(c).split(" ")[0] for c in range(s * 6 + 5, s * 6 - 1, -1)
                 if hand >> c & 1]
        out.append("%s: %s" % (SUITS[s][:1].upper() + SUITS[s][1:],
                               " ".join(ranks) if ranks else "-"))
    return out
