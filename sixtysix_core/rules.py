"""RuleSet: the options of RULES.md section 4 as ints, and the named presets.

Every option is an attribute of RuleSet named as in RULES.md.  Its value is an int:
* for numeric options (players, deck, last_trick_bonus, match_target) the number itself;
* for the others the index of the value in the option's value list, so 0 is always the
  default (CLASSIC_66) and the named constants below (PHASE2_FOLLOW_TRUMP, ...) are those
  indexes.

This module holds what play needs: the values, encode_into/decode_from (NUM_OPTIONS
value-index bytes in a save image, persist.py) and copy_into, which allocate nothing.
The spellings (a record's `rules` line, the presets' settings) are rules_text.py, loaded
by preset(), options() and RuleSet.set/get/overrides/unsupported when called.
"""
from micropython import const

# _NAMES: the options in the order of the RULES.md section 4 table (interned anyway as
# RuleSet attributes).  _COUNTS: each option's number of values (rules_text._VALUES).
# _NUMERIC: the numeric options' (table position, (value, ...)), default first.
# PRESETS: the preset names, in rules_text._PRESETS' order (a save stores the index).
_NAMES = (
    "players", "deck", "trump_mode", "exchange", "exchange_requires_trick", "exchange_by",
    "exchange_not_when_two_left", "exchange_on_opponent_close", "meld_before_first_trick",
    "marriages_in_phase2", "partner_meld", "close_by", "close_before_draw",
    "close_needs_more_than_two", "phase2_rule", "undertrump", "declare_window",
    "auto_declare", "last_trick_bonus", "end_without_declaration", "draw_bonus", "scoring",
    "closed_win_basis", "failed_close", "failed_close_trick_test", "closer_beaten",
    "false_declaration", "next_dealer", "match_target", "match_count", "warszawa_order",
    "three_player_mode", "four_player_trump", "reveal_points",
)
_COUNTS = (b"\x03\x02\x03" + b"\x02" * 11 + b"\x03\x02\x03\x02\x02\x03\x02\x02\x02"
           b"\x04\x02\x02\x03\x02\x03" + b"\x02" * 5)
_NUMERIC = ((0, (2, 3, 4)), (1, (24, 20)), (18, (10, 0)), (28, (7, 6, 10)))
PRESETS = ("CLASSIC_66", "POLISH_HOUSE", "CZECH_66", "SCHNAPSEN", "SCHNAPSEN_AT",
           "THREE_PLAYER_PL", "FOUR_PLAYER_PL")
NUM_OPTIONS = const(34)


def _numbers(i):
    """The values of option i if it is numeric, else None; allocates nothing."""
    for pos, values in _NUMERIC:
        if pos == i:
            return values
    return None


def options():
    """((name, (value, ...)), ...) in table order (rules_text.py)."""
    from sixtysix_core import rules_text
    return rules_text.options(_NAMES)


def preset_names():
    return PRESETS


def preset(preset_name):
    """A RuleSet for a preset name; ValueError if there is no such preset (rules_text.py)."""
    from sixtysix_core import rules_text
    rules = RuleSet()
    rules_text.preset(rules, _NAMES, preset_name)
    return rules


# Value indexes used by the engine and the tools (RULES.md names in the comments);
# deal.py and scoring.py keep private copies of the ones they test on hot paths.
TRUMP_UPCARD = const(0)
TRUMP_FIXED_HEARTS = const(1)
TRUMP_CHOSEN = const(2)
PHASE2_FOLLOW_HEAD_TRUMP = const(0)
PHASE2_FOLLOW_TRUMP = const(1)
PHASE2_FOLLOW_ONLY = const(2)
DECLARE_LEADER_WINDOW = const(0)
DECLARE_AFTER_ANY_TRICK = const(1)
DECLARE_ANY_OWN_TURN = const(2)
END_HIGHER_TOTAL = const(0)
END_LAST_TRICK_WINS = const(1)
END_LAST_TRICK_WINS_ONE = const(2)
FAILED_CLOSE_PAGAT = const(0)
FAILED_CLOSE_FLAT3 = const(1)
FAILED_CLOSE_AS_NORMAL_WIN = const(2)
FAILED_CLOSE_CZECH_PENALTY = const(3)
FALSE_DECL_FLAT2 = const(0)
FALSE_DECL_TWO_OR_THREE = const(1)
FALSE_DECL_CZECH_BANDS = const(2)


class RuleSet:
    """One value per option; a fresh RuleSet is CLASSIC_66."""

    def __init__(self):
        self.preset = "CLASSIC_66"
        for i in range(NUM_OPTIONS):
            numbers = _numbers(i)
            setattr(self, _NAMES[i], 0 if numbers is None else numbers[0])

    # set, get, overrides and unsupported read the spellings (rules_text.py).

    def set(self, opt_name, value):
        """Set an option from its record spelling; ValueError with a plain message."""
        from sixtysix_core import rules_text
        rules_text.set(self, _NAMES, opt_name, value)

    def get(self, opt_name):
        """Record spelling of an option's current value."""
        from sixtysix_core import rules_text
        return rules_text.get(self, _NAMES, opt_name)

    def overrides(self):
        """(name, value) pairs where this differs from its preset, in table order."""
        from sixtysix_core import rules_text
        return rules_text.overrides(self, preset(self.preset), _NAMES)

    def unsupported(self):
        """A sentence if the engine cannot play these rules yet, else None."""
        from sixtysix_core import rules_text
        return rules_text.unsupported(self)

    # encode_into, decode_from and copy_into run at every save and resume: they walk the
    # names and allocate nothing.

    def encode_into(self, buf, offset):
        """Write the NUM_OPTIONS value indexes, in table order, into buf[offset:]."""
        for i in range(NUM_OPTIONS):
            value = getattr(self, _NAMES[i])
            numbers = _numbers(i)
            buf[offset + i] = value if numbers is None else numbers.index(value)

    def decode_from(self, buf, offset):
        """Read what encode_into wrote; False (and self unchanged in part) if invalid."""
        for i in range(NUM_OPTIONS):
            k = buf[offset + i]
            if k >= _COUNTS[i]:
                return False
            numbers = _numbers(i)
            setattr(self, _NAMES[i], k if numbers is None else numbers[k])
        return True

    def copy_into(self, other):
        other.preset = self.preset
        for i in range(NUM_OPTIONS):
            name = _NAMES[i]
            setattr(other, name, getattr(self, name))
