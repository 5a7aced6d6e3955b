"""Write a hand record (RECORD_FORMAT.md, format 1) of a Deal: rules, dealer, deck, actions.

format_record(deal) -> str.  Cold path (builds strings); small enough for the device, which
prints finished hands on its serial console.  Reading records is notation.py's job (host).
The record's words and formats sit in tuples: on the device every string literal of 10
characters or fewer written in code is an interned name (qstr) for good, a tuple's strings
are not.
"""
from sixtysix_core import cards
from sixtysix_core import deal as D

# comment, head, option, dealer and deck, action line; the tokens of meld s and trump s
_WORDS = ("# %s\n", "format 1\nrules ", " %s=%s", "\ndealer %d\ndeck", "%d %s\n",
          "meld ", "trump ")


def action_token(action):
    """Record token of an action int (RECORD_FORMAT.md section 4)."""
    if action < 24:
        return cards.name(action)
    k = action - D.A_MELD
    if k >= 0:                                  # meld s: A_MELD + s; trump s: A_MELD + 4 + s
        t = k >= 4
        return _WORDS[5 + t] + cards.SUIT_CHARS[k - 4 * t]
    return ("draw", "exchange", "close", "out", "pass")[action - D.A_DRAW]


def format_record(deal, note=None):
    rules = deal.rules
    out = [_WORDS[0] % note] if note else []     # a comment line
    out.append(_WORDS[1] + rules.preset)
    for opt_name, value in rules.overrides():
        out.append(_WORDS[2] % (opt_name, value))
    out.append(_WORDS[3] % deal.dealer)
    for i in range(deal.deck_size):
        out.append(" " + cards.name(deal.deck[i]))
    out.append("\n")
    for i in range(deal.log_len):
        out.append(_WORDS[4] % (deal.log_seat[i], action_token(deal.log_action[i])))
    return "".join(out)
