"""RuleSet: the options of RULES.md section 4 as ints, and the named presets.

Every option is an attribute of RuleSet named as in RULES.md.  Its value is an int:
* for numeric options (players, deck, last_trick_bonus, match_target) the number itself;
* for the others the index of the value in the option's value list, so 0 is always the
  default (CLASSIC_66) and the named constants below (PHASE2_FOLLOW_TRUMP, ...) are those
  indexes.

options() and preset_names() give the record spellings (RECORD_FORMAT.md `rules` line);
encode_into/decode_from store a RuleSet as NUM_OPTIONS value-index bytes (persist.py)
and, with copy_into, allocate nothing.
"""
try:
    from micropython import const
except ImportError:            # plain CPython: every const() here is of an int
    const = int  # type: ignore[misc, assignment]

# The option table as a tuple of names and one string of value lists, parsed only when a
# value's spelling is needed (records, menus): as tuples of tuples the table costs about
# 10 KB of heap on MicroPython, and the names are interned anyway as RuleSet attributes.
# _NAMES: the options in the order of the RULES.md section 4 table.  _VALUES: for each
# option in that order, its values separated by spaces, default first; options are
# separated by "|".  _PRESETS: "|"-separated presets, each "NAME option=value ...".
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
_VALUES = (
    "2 3 4"                                               # players
    "|24 20"                                              # deck
    "|upcard fixed_hearts chosen"                         # trump_mode
    "|on off"                                             # exchange
    "|true false"                                         # exchange_requires_trick
    "|leader either_between_tricks"                       # exchange_by
    "|false true"                                         # exchange_not_when_two_left
    "|true false"                                         # exchange_on_opponent_close
    "|allowed_pending forbidden"                          # meld_before_first_trick
    "|false true"                                         # marriages_in_phase2
    "|false true"                                         # partner_meld
    "|leader either_between_tricks"                       # close_by
    "|true false"                                         # close_before_draw
    "|false true"                                         # close_needs_more_than_two
    "|follow_head_trump follow_trump follow_only"         # phase2_rule
    "|required optional"                                  # undertrump
    "|leader_window after_any_trick any_own_turn"         # declare_window
    "|false true"                                         # auto_declare
    "|10 0"                                               # last_trick_bonus
    "|higher_total last_trick_wins last_trick_wins_one"   # end_without_declaration
    "|false true"                                         # draw_bonus
    "|standard czech"                                     # scoring
    "|end at_close"                                       # closed_win_basis
    "|pagat flat3 as_normal_win czech_penalty"            # failed_close
    "|at_close at_end"                                    # failed_close_trick_test
    "|flat2 as_failed_close"                              # closer_beaten
    "|flat2 two_or_three czech_bands"                     # false_declaration
    "|winner alternate"                                   # next_dealer
    "|7 6 10"                                             # match_target
    "|up down"                                            # match_count
    "|next_player partner_first"                          # warszawa_order
    "|solo_vs_two each_for_self"                          # three_player_mode
    "|chosen bottom_card"                                 # four_player_trump
    "|false true"                                         # reveal_points
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


def _start(i):
    """Where option i's value list starts in _VALUES; allocates nothing."""
    pos = 0
    for _ in range(i):
        pos = _VALUES.find("|", pos) + 1
    return pos


def _end(start):
    end = _VALUES.find("|", start)
    return end if end >= 0 else len(_VALUES)


def _values_at(i):
    """Option i's value spellings, a list of str (cold path: one slice, one split)."""
    start = _start(i)
    return _VALUES[start:_end(start)].split()


def _index(opt_name):
    """The option's position in the table; ValueError with a plain message."""
    for i in range(NUM_OPTIONS):
        if _NAMES[i] == opt_name:
            return i
    raise ValueError("unknown rules option %r" % opt_name)


# The numeric options (stored as the number, not as a value index) and their values,
# parsed once: (table position, (value, ...)).
_NUMERIC = tuple((_index(n), tuple(int(v) for v in _values_at(_index(n))))
                 for n in ("players", "deck", "last_trick_bonus", "match_target"))


def _numbers(i):
    """The values of option i if it is numeric, else None; allocates nothing."""
    for pos, values in _NUMERIC:
        if pos == i:
            return values
    return None


def options():
    """((name, (value, ...)), ...) in table order (cold path: builds all the tuples)."""
    return tuple((_NAMES[i], tuple(_values_at(i))) for i in range(NUM_OPTIONS))


def preset_names():
    return tuple(item.split()[0] for item in _PRESETS.split("|"))


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

    def set(self, opt_name, value):
        """Set an option from its record spelling; ValueError with a plain message."""
        i = _index(opt_name)
        values = _values_at(i)
        for k in range(len(values)):
            if values[k] == value:
                numbers = _numbers(i)
                setattr(self, opt_name, k if numbers is None else numbers[k])
                return
        raise ValueError("option %s takes %s, not %r" % (opt_name, " or ".join(values), value))

    def get(self, opt_name):
        """Record spelling of an option's current value."""
        i = _index(opt_name)
        value = getattr(self, opt_name)
        return str(value) if _numbers(i) is not None else _values_at(i)[value]

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
            start = _start(i)
            if k > _VALUES.count(" ", start, _end(start)):      # k >= number of values
                return False
            numbers = _numbers(i)
            setattr(self, _NAMES[i], k if numbers is None else numbers[k])
        return True

    def copy_into(self, other):
        other.preset = self.preset
        for i in range(NUM_OPTIONS):
            name = _NAMES[i]
            setattr(other, name, getattr(self, name))

    def overrides(self):
        """(name, value) pairs where this differs from its preset, in table order."""
        base = preset(self.preset)
        out = []
        for i in range(NUM_OPTIONS):
            name = _NAMES[i]
            if getattr(self, name) != getattr(base, name):
                out.append((name, self.get(name)))
        return out

    def unsupported(self):
        """A sentence if the engine cannot play these rules yet, else None."""
        if self.players == 2:
            if self.trump_mode == TRUMP_CHOSEN:
                return "trump_mode=chosen is for 3 and 4 players only"
            if self.partner_meld:
                return "partner_meld is for 4 players only"
            return None
        if self.players == 4 and self.three_player_mode:
            return "three_player_mode=each_for_self is for 3 players only"
        if self.players == 3 and self.partner_meld:
            return "partner_meld is for 4 players only"
        if self.deck != 24:
            return "the 3- and 4-player games use the 24-card pack"
        if self.trump_mode == TRUMP_FIXED_HEARTS:
            return "trump_mode=fixed_hearts is for 2 players only"
        return None


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
