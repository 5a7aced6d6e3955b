"""The record spellings of the rules options and the named presets (RULES.md section 4,
RECORD_FORMAT.md `rules` line), loaded only where a spelling is read or written: the
title, a preset made, a record written, the app's start.  rules.py holds what play needs
(the RuleSet's values, the save image's bytes); the app drops this module for the play.

_VALUES: for each option in rules._NAMES' order, its values separated by spaces, default
first; options are separated by "|" (one string, parsed only when a spelling is needed:
as tuples of tuples the table costs about 10 KB of heap on MicroPython).  _PRESETS:
"|"-separated presets, each "NAME option=value ...", in rules.PRESETS' order.  A leaf:
the functions take the RuleSet and rules._NAMES from rules.py's methods that call them.
"""
from micropython import const

_TRUMP_FIXED_HEARTS = const(1)      # rules.TRUMP_FIXED_HEARTS
_TRUMP_CHOSEN = const(2)            # rules.TRUMP_CHOSEN


def _start(i):
    """Where option i's value list starts in _VALUES; allocates nothing."""
    pos = 0
    for _ in range(i):
        pos = _VALUES.find("|", pos) + 1
    return pos


def _values_at(i):
    """Option i's value spellings, a list of str (one slice, one split); a numeric
    option's spellings are its numbers' digits, no other option's are."""
    start = _start(i)
    end = _VALUES.find("|", start)
    return _VALUES[start:end if end >= 0 else len(_VALUES)].split()


def _index(names, opt_name):
    """The option's position in the table; ValueError with a plain message."""
    for i in range(len(names)):
        if names[i] == opt_name:
            return i
    raise ValueError("unknown rules option %r" % opt_name)


def options(names):
    """((name, (value, ...)), ...) in table order (builds all the tuples)."""
    return tuple((names[i], tuple(_values_at(i))) for i in range(len(names)))


def set(rules, names, opt_name, value):
    """RuleSet.set: an option from its record spelling; ValueError with a plain message."""
    values = _values_at(_index(names, opt_name))
    for k in range(len(values)):
        if values[k] == value:
            setattr(rules, opt_name, int(value) if value.isdigit() else k)
            return
    raise ValueError("option %s takes %s, not %r" % (opt_name, " or ".join(values), value))


def get(rules, names, opt_name):
    """RuleSet.get: the record spelling of an option's current value."""
    values = _values_at(_index(names, opt_name))
    value = getattr(rules, opt_name)
    return str(value) if values[0].isdigit() else values[value]


def overrides(rules, base, names):
    """RuleSet.overrides: (name, value) pairs where rules differ from base, its preset."""
    out = []
    for name in names:
        if getattr(rules, name) != getattr(base, name):
            out.append((name, get(rules, names, name)))
    return out


def unsupported(rules):
    """RuleSet.unsupported: a sentence if the engine cannot play these rules, else None."""
    if rules.players == 2:
        if rules.trump_mode == _TRUMP_CHOSEN:
            return "trump_mode=chosen is for 3 and 4 players only"
        if rules.partner_meld:
            return "partner_meld is for 4 players only"
        return None
    if rules.players == 4 and rules.three_player_mode:
        return "three_player_mode=each_for_self is for 3 players only"
    if rules.players == 3 and rules.partner_meld:
        return "partner_meld is for 4 players only"
    if rules.deck != 24:
        return "the 3- and 4-player games use the 24-card pack"
    if rules.trump_mode == _TRUMP_FIXED_HEARTS:
        return "trump_mode=fixed_hearts is for 2 players only"
    return None


def preset(rules, names, preset_name):
    """Set a fresh RuleSet to a preset's settings; ValueError if there is no such preset."""
    pos = 0
    while pos >= 0:
        end = _PRESETS.find("|", pos)
        words = _PRESETS[pos:end if end >= 0 else len(_PRESETS)].split()
        pos = end + 1 if end >= 0 else -1
        if words[0] == preset_name:
            rules.preset = preset_name
            for setting in words[1:]:
                opt_name, value = setting.split("=")
                set(rules, names, opt_name, value)
            return
    raise ValueError("unknown rules preset %r" % preset_name)

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
