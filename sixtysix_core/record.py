"""Write a hand record (RECORD_FORMAT.md, format 1) of a Deal: rules, dealer, deck, actions.

format_record(deal) -> str.  Cold path (builds strings); small enough for the device, which
prints finished hands on its serial console.  Reading records is notation.py's job (host).
"""
from micropython import const

from sixtysix_core import cards

_A_DRAW = const(24)            # deal.py's (private: a 3- or 4-player record does not
_A_MELD = const(29)            # load the two-player Deal; test_core_records.py checks)


def action_token(action):
    """Record token of an action int (RECORD_FORMAT.md section 4)."""
    if action < 24:
        return cards.name(action)
    if action >= _A_MELD + 4:
        return "trump " + cards.SUIT_CHARS[action - _A_MELD - 4]
    if action >= _A_MELD:
        return "meld " + cards.SUIT_CHARS[action - _A_MELD]
    return ("draw", "exchange", "close", "out", "pass")[action - _A_DRAW]


def format_record(deal, comment=None):
    rules = deal.rules
    lines = []
    if comment:
        lines.append("# " + comment)
    lines.append("format 1")
    head = "rules " + rules.preset
    for opt_name, value in rules.overrides():
        head += " %s=%s" % (opt_name, value)
    lines.append(head)
    lines.append("dealer %d" % deal.dealer)
    n = deal.deck_size
    lines.append("deck " + " ".join([cards.name(deal.deck[i]) for i in range(n)]))
    for i in range(deal.log_len):
        lines.append("%d %s" % (deal.log_seat[i], action_token(deal.log_action[i])))
    return "\n".join(lines) + "\n"
