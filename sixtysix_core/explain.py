"""Plain-words reasons why an action is not allowed (cold path: builds strings).

why_not(deal, action)  a clause for the seat to move, e.g. "the talon is already exhausted"
                       or "the suit led must be followed with a higher card: play AC"
verb(action)           what the action does, e.g. "close", "play QS", "meld H"
sentence(deal, seat, action)  "seat 1 may not close: the talon is already exhausted"

Actions and phases are those of deal.py.  Used by the replayer's error lines and by the
app, which refuses an illegal press with the rule in plain words.  Cards are named by
record tokens ("AC") unless why_not() is given a namer (the app: "A clubs").
"""
from sixtysix_core import cards
from sixtysix_core import deal as D

_card_name = [cards.name]          # the namer of the message being built


def _name(c):
    return _card_name[0](c)

SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")


def verb(action):
    if 0 <= action < 24:
        return "play " + _name(action)
    if action == D.A_DRAW:
        return "draw"
    if action == D.A_EXCHANGE:
        return "exchange"
    if action == D.A_CLOSE:
        return "close"
    if action == D.A_OUT:
        return "declare 66"
    if action == D.A_PASS:
        return "pass"
    if D.A_MELD <= action < D.A_MELD + 4:
        return "meld " + cards.SUIT_CHARS[action - D.A_MELD]
    if D.A_MELD + 4 <= action < D.A_MELD + 8:
        return "name trump " + cards.SUIT_CHARS[action - D.A_MELD - 4]
    return "do that"


# card_reason's answers, in the order of the device's texts (lib/sixtysix_ui/lang/*.txt,
# section [explain]); the last: any other reason
_CARD_REASONS = ("the hand is already over", "the suit led must be followed with a higher",
                 "the suit led must be followed:", "a trump must be played",
                 "the strict rule applies", "after a marriage the lead", "the cards must be drawn")


def card_reason(deal, c):
    """Why the seat to move may not play card c of its hand, for the device's words:
    (k, the cards it may play), k the index of the reason in _CARD_REASONS (the hand is
    over, follow higher, follow, trump, the strict rule, a marriage's lead, draw first),
    len(_CARD_REASONS) for any other; -1 if c may be played."""
    why = _why_not(deal, c)
    if not why:
        return -1, 0
    k = 0
    while k < len(_CARD_REASONS) and not why.startswith(_CARD_REASONS[k]):
        k += 1
    return k, deal.legal_cards()


def _names(mask):
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(_name(c))
        mask >>= 1
        c += 1
    out.reverse()                       # highest first reads better: "AC or TC"
    if len(out) <= 1:
        return "".join(out)
    return ", ".join(out[:-1]) + " or " + out[-1]


def sentence(deal, seat, action):
    """A full sentence for the replayer: 'seat 1 may not close: ...'."""
    if deal.phase == D.PH_OVER:
        return "the hand is already over"
    if seat != deal.to_move:
        return "seat %d may not act now: it is seat %d's turn" % (seat, deal.to_move)
    return "seat %d may not %s: %s" % (seat, verb(action), _why_not(deal, action))


def why_not(deal, action, namer=None):
    """Why the seat to move may not take `action` now ('' if it may); cards in the
    message are named by namer(card) -> str, record tokens by default."""
    _card_name[0] = namer or cards.name
    try:
        return _why_not(deal, action)
    finally:
        _card_name[0] = cards.name


def _why_not(deal, action):
    if deal.phase == D.PH_OVER:
        return "the hand is already over"
    if deal.is_legal(action):
        return ""
    if deal.nseats > 2:
        return _why_not_multi(deal, action)
    if action >= D.A_MELD + 4:
        return "trump is named only in the 3- and 4-player games"
    if 0 <= action < 24:
        return _why_not_card(deal, action)
    if action == D.A_DRAW:
        return _why_not_draw(deal)
    if action == D.A_CLOSE:
        return _why_not_close(deal)
    if action == D.A_EXCHANGE:
        return _why_not_exchange(deal)
    if action == D.A_OUT:
        return _why_not_out(deal)
    if action == D.A_PASS:
        return "there is no choice to pass on now"
    if D.A_MELD <= action < D.A_MELD + 4:
        return _why_not_meld(deal, action - D.A_MELD)
    return "that is not an action of this game"


def _special_turn(deal):
    phase = deal.phase
    if phase == D.PH_CLOSE_REPLY:
        return "after the close only exchange or pass is possible"
    if phase == D.PH_DECLARE:
        return "only declare 66 or pass is possible after losing this trick"
    if phase == D.PH_NONLEADER:
        return "this turn is only for exchanging, closing or passing"
    return ""


def _why_not_card(deal, c):
    seat = deal.to_move
    if not deal.hand[seat] >> c & 1:
        if not deal.pack() >> c & 1:
            return "%s is not in this pack" % _name(c)
        return "seat %d does not hold %s" % (seat, _name(c))
    special = _special_turn(deal)
    if special:
        return special
    if deal.phase == D.PH_LEAD:
        if deal.pending_draw:
            return "the cards must be drawn first"
        if deal.meld_suit >= 0:
            return "after a marriage the lead must be its king or queen: play %s" % _names(
                deal.legal_cards())
    if deal.phase == D.PH_FOLLOW:
        legal = deal.legal_cards()
        lead = deal.lead_card
        suit = lead // 6
        hand = deal.hand[seat]
        if hand & cards.SUIT_MASK[suit]:
            if legal & cards.ABOVE[lead] and deal.opt_phase2 == 0:
                return "the suit led must be followed with a higher card: play %s" % _names(legal)
            return "the suit led must be followed: play %s" % _names(legal)
        return "a trump must be played when the suit led cannot be followed: play %s" % _names(
            legal)
    return "that card cannot be played now"


def _talon_gone(deal):
    if deal.talon_state == D.CLOSED:
        return "the talon is already closed"
    if deal.talon_state == D.EXHAUSTED:
        return "the talon is already exhausted"
    return ""


def _why_not_draw(deal):
    gone = _talon_gone(deal)
    if gone:
        return gone
    if deal.phase == D.PH_LEAD and not deal.pending_draw:
        return "the cards for this trick have already been drawn"
    return "only the winner of a trick draws, right after the trick"


def _why_not_close(deal):
    special = _special_turn(deal)
    if special and deal.phase != D.PH_NONLEADER:
        return special
    gone = _talon_gone(deal)
    if gone:
        return gone
    if deal.phase == D.PH_FOLLOW or deal.phase == D.PH_NONLEADER:
        return "only the leader may close, before leading"
    if deal.pending_draw:
        if not deal.opt_close_before_draw:
            return "in these rules the cards must be drawn before closing"
        if deal.talon_len - 2 < 2:
            return "too few cards would be left in the talon after this draw"
    if deal.opt_close_more_than_two and deal.talon_len <= 2:
        return "in these rules the talon must hold more than 2 cards to close"
    if deal.talon_len < 2:
        return "too few cards are left in the talon"
    return "closing is not possible now"


def _why_not_exchange(deal):
    seat = deal.to_move
    special = _special_turn(deal)
    if deal.phase == D.PH_DECLARE:
        return special
    if deal.rules.trump_mode != 0:
        return "there is no upcard to exchange in these rules"
    if deal.rules.exchange != 0:
        return "the trump nine exchange is not played in these rules"
    nine = deal.exchange_card()
    if deal.phase == D.PH_CLOSE_REPLY or not deal.hand[seat] >> nine & 1:
        return "seat %d does not hold %s" % (seat, _name(nine))
    gone = _talon_gone(deal)
    if gone:
        return gone
    if deal.phase == D.PH_FOLLOW or deal.phase == D.PH_NONLEADER:
        return "only the leader may exchange, before leading"
    if deal.pending_draw:
        return "the cards must be drawn first"
    if deal.talon_len < 2 or (deal.opt_exchange_not_two and deal.talon_len == 2):
        return "the upcard may not be exchanged with only %d cards left" % deal.talon_len
    if deal.opt_exchange_needs_trick and deal.tricks[seat] == 0:
        return "the trump nine may be exchanged only after winning a trick"
    return "exchanging is not possible now"


def _why_not_out(deal):
    if deal.opt_auto:
        return "in these rules 66 is declared automatically"
    special = _special_turn(deal)
    if special:
        return special
    return "66 may be declared only right after winning a trick, before leading"


def _why_not_meld(deal, suit):
    seat = deal.to_move
    special = _special_turn(deal)
    if special:
        return special
    if deal.phase == D.PH_FOLLOW:
        return "only the leader may meld, before leading"
    k = suit * 6 + cards.RK
    q = suit * 6 + cards.RQ
    if not (deal.hand[seat] >> k & 1 and deal.hand[seat] >> q & 1):
        return "seat %d does not hold both %s and %s" % (seat, _name(k), _name(q))
    if deal.pending_draw:
        return "the cards must be drawn first"
    if deal.meld_suit >= 0:
        return "only one marriage may be announced per lead"
    if deal.opt_meld_needs_trick and deal.tricks[seat] == 0:
        return "in these rules a marriage needs a won trick first"
    if _talon_gone(deal):
        return "marriages may be announced only while the talon is open"
    return "melding is not possible now"


def _why_not_multi(deal, action):
    """3 and 4 players (RULES.md V1, V2): no talon, a trump choice, the strict rule."""
    seat = deal.to_move
    choosing = deal.phase == 6                      # deal_multi.PH_TRUMP
    turn = deal.phase in (D.PH_DECLARE, 7)          # a loser's or the partner's turn
    if action >= D.A_MELD + 4:
        return "trump has already been named"
    if action == D.A_PASS:
        if choosing:
            return "seat %d must name trump: the others have passed" % seat
        return "there is nothing to pass now"
    if choosing:
        return "trump must be named (or Warszawa called) first"
    if turn and (action < 24 or deal.phase == D.PH_DECLARE):
        return ("seat %d may only declare 66 or pass now" % seat if deal.phase == D.PH_DECLARE
                else "seat %d may only meld a marriage or pass now" % seat)
    if action in (D.A_DRAW, D.A_EXCHANGE, D.A_CLOSE):
        return "there is no talon in the 3- and 4-player games"
    if 0 <= action < 24:
        if not deal.hand[seat] >> action & 1:
            return "seat %d does not hold %s" % (seat, _name(action))
        legal = deal.legal_cards()
        if deal.phase == D.PH_LEAD:
            return "after a marriage the lead must be its king or queen: play %s" % _names(legal)
        return ("the strict rule applies: follow suit and beat the winning card, else trump "
                "(overtrump if you can): play %s" % _names(legal))
    if action == D.A_OUT:
        if deal.each:
            return "in the each-for-self game nobody declares: the highest total wins"
        if deal.rules.auto_declare:
            return "in these rules 66 is declared automatically"
        return "66 may be declared only right after winning a trick, before leading"
    if D.A_MELD <= action < D.A_MELD + 4:
        if deal.phase not in (D.PH_LEAD, 7):
            return "only the leader (and with partner_meld his partner) may meld, before the lead"
        suit = action - D.A_MELD
        k = suit * 6 + cards.RK
        q = suit * 6 + cards.RQ
        if not (deal.hand[seat] >> k & 1 and deal.hand[seat] >> q & 1):
            return "seat %d does not hold both %s and %s" % (seat, _name(k), _name(q))
        if deal.melds[seat] >> suit & 1:
            return "that marriage has already been shown"
        if deal.meld_suit >= 0:
            return "only one marriage may be announced per lead"
        return "in these rules a marriage needs a won trick first"
    return "that is not possible now"
