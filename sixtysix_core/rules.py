"""RuleSet: the options of RULES.md section 4 as ints, and the named presets.

Every option is an attribute of RuleSet named as in RULES.md.  Its value is an int:
* for numeric options (players, deck, last_trick_bonus, match_target) the number itself;
* for the others the index of the value in the option's value list, so 0 is always the
  default (CLASSIC_66) and the named constants below (PHASE2_FOLLOW_TRUMP, ...) are those
  indexes.

options() and preset_names() give the record spellings (RECORD_FORMAT.md `rules` line);
encode_into/decode_from store a RuleSet as NUM_OPTIONS value-index bytes (persist.py).
"""
from micropython import const

# The option table and the presets as two strings, parsed only when names are needed
# (records, menus, saving): as tuples of tuples they cost about 10 KB of heap on
# MicroPython.  _SPEC: "|"-separated options, each "name value value ...", default first,
# in the order of the RULES.md section 4 table.  _PRESETS: "|"-separated presets, each
# "NAME option=value ...".
_SPEC = (
    "players 2 3 4|deck 24 20|trump_mode upcard fixed_hearts chosen|exchange on off"
    "|exchange_requires_trick true false|exchange_by leader either_between_tricks"
    "|exchange_not_when_two_left false true|exchange_on_opponent_close true false"
    "|meld_before_first_trick allowed_pending forbidden|marriages_in_phase2 false true"
    "|partner_meld false true|close_by leader either_between_tricks"
    "|close_before_draw true false|close_needs_more_than_two false true"
    "|phase2_rule follow_head_trump follow_trump follow_only|undertrump required optional"
    "|declare_window leader_window after_any_trick any_own_turn|auto_declare false true"
    "|last_trick_bonus 10 0"
    "|end_without_declaration higher_total last_trick_wins last_trick_wins_one"
    "|draw_bonus false true|scoring standard czech|closed_win_basis end at_close"
    "|failed_close pagat flat3 as_normal_win czech_penalty"
    "|failed_close_trick_test at_close at_end|closer_beaten flat2 as_failed_close"
    "|false_declaration flat2 two_or_three czech_bands|next_dealer winner alternate"
    "|match_target 7 6 10|match_count up down|warszawa_order next_player partner_first"
    "|three_player_mode solo_vs_two each_for_self|four_player_trump chosen bottom_card"
    "|reveal_points false true"
)
_PRESETS = (
    "CLASSIC_66"
    "|POLISH_HOUSE close_needs_more_than_two=true failed_close=flat3"
    " exchange_not_when_two_left=true match_target=7"
    "|CZECH_66 scoring=czech failed_close=czech_penalty false_declaration=czech_bands"
    " phase2_rule=follow_trump declare_window=after_any_trick exchange=off match_target=6"
    "|SCHNAPSEN deck=20"
    "|SCHNAPSEN_AT deck=20 marriages_in_phase2=true exchange_requires_trick=false"
    " exchange_on_opponent_close=false close_before_draw=false closed_win_basis=at_close"
    " closer_beaten=as_failed_close false_declaration=two_or_three last_trick_bonus=0"
    " end_without_declaration=last_trick_wins_one next_dealer=alternate match_count=down"
    "|THREE_PLAYER_PL players=3"
    "|FOUR_PLAYER_PL players=4"
)
NUM_OPTIONS = const(34)
_NUMERIC = ("players", "deck", "last_trick_bonus", "match_target")


def options():
    """((name, (value, ...)), ...) in table order (cold path: builds all the tuples)."""
    return tuple((words[0], tuple(words[1:]))
                 for words in (item.split() for item in _SPEC.split("|")))


def _option(pos):
    """The option whose text starts at _SPEC[pos]: (name, [values], next pos or -1).
    Walking the table one option at a time keeps the transient heap small on a board."""
    end = _SPEC.find("|", pos)
    words = _SPEC[pos:end if end >= 0 else len(_SPEC)].split()
    return words[0], words[1:], (end + 1 if end >= 0 else -1)


def _values_of(opt_name):
    pos = 0
    while pos >= 0:
        name, values, pos = _option(pos)
        if name == opt_name:
            return values
    return None


def preset_names():
    return tuple(item.split()[0] for item in _PRESETS.split("|"))


# Value indexes used by the engine (RULES.md names in the comments).
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
        pos = 0
        while pos >= 0:
            opt_name, values, pos = _option(pos)
            setattr(self, opt_name, _decode(opt_name, values, 0))

    def set(self, opt_name, value):
        """Set an option from its record spelling; ValueError with a plain message."""
        values = _values_of(opt_name)
        if values is None:
            raise ValueError("unknown rules option %r" % opt_name)
        for i in range(len(values)):
            if values[i] == value:
                setattr(self, opt_name, _decode(opt_name, values, i))
                return
        raise ValueError("option %s takes %s, not %r" % (opt_name, " or ".join(values), value))

    def get(self, opt_name):
        """Record spelling of an option's current value."""
        values = _values_of(opt_name)
        if values is None:
            raise ValueError("unknown rules option %r" % opt_name)
        value = getattr(self, opt_name)
        return str(value) if opt_name in _NUMERIC else values[value]

    def index_of(self, opt_name, values):
        """The value's index in `values` (numeric options are stored as numbers)."""
        value = getattr(self, opt_name)
        return values.index(str(value)) if opt_name in _NUMERIC else value

    def encode_into(self, buf, offset):
        """Write the NUM_OPTIONS value indexes, in table order, into buf[offset:]."""
        i = offset
        pos = 0
        while pos >= 0:
            opt_name, values, pos = _option(pos)
            buf[i] = self.index_of(opt_name, values)
            i += 1

    def decode_from(self, buf, offset):
        """Read what encode_into wrote; False (and self unchanged in part) if invalid."""
        i = offset
        pos = 0
        while pos >= 0:
            opt_name, values, pos = _option(pos)
            if buf[i] >= len(values):
                return False
            setattr(self, opt_name, _decode(opt_name, values, buf[i]))
            i += 1
        return True

    def copy_into(self, other):
        other.preset = self.preset
        pos = 0
        while pos >= 0:
            opt_name, _values, pos = _option(pos)
            setattr(other, opt_name, getattr(self, opt_name))

    def overrides(self):
        """(name, value) pairs where this differs from its preset, in table order."""
        base = preset(self.preset)
        out = []
        for opt_name, _values in options():
            if getattr(self, opt_name) != getattr(base, opt_name):
                out.append((opt_name, self.get(opt_name)))
        return out

    def unsupported(self):
        """A sentence if the engine cannot play these rules yet, else None."""
        if self.players == 2:
            if self.trump_mode == TRUMP_CHOSEN:
                return "trump_mode=chosen is for 3 and 4 players only"
            if self.partner_meld:
                return "partner_meld is for 4 players only"
            return None
        if self.players == 3 and self.three_player_mode == 1:
            return "three_player_mode=each_for_self is not supported yet"
        if self.partner_meld:
            return "partner_meld is not supported yet"
        if self.deck != 24:
            return "the 3- and 4-player games use the 24-card pack"
        if self.trump_mode == TRUMP_FIXED_HEARTS:
            return "trump_mode=fixed_hearts is for 2 players only"
        if self.declare_window != DECLARE_LEADER_WINDOW:
            return "declare_window=%s is not supported with %d players yet" % (
                self.get("declare_window"), self.players)
        return None


def _decode(opt_name, values, i):
    if opt_name in _NUMERIC:
        return int(values[i])
    return i


def preset(preset_name):
    """A RuleSet for a preset name; ValueError if there is no such preset."""
    pos = 0
    while pos >= 0:
        end = _PRESETS.find("|", pos)
        words = _PRESETS[pos:end if end >= 0 else len(_PRESETS)].split()
        pos = end + 1 if end >= 0 else -1
        if words[0] == preset_name:
            rules = RuleSet()
            rules.preset = preset_name
            for setting in words[1:]:
                opt_name, value = setting.split("=")
                rules.set(opt_name, value)
            return rules
    raise ValueError("unknown rules preset %r" % preset_name)
