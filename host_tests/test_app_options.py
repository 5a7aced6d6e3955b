"""The title's "House rules" page of 3 and 4 players (house_page.py): every
option the 3/4-player engine reads chosen by key presses on both layouts and the
three-button OLED, then played by the next match; kept across a restart, with and
without a match on; nothing offered that the engine or a save refuses; every text
within its place; not on the two-player title; the module gone once the page closes."""
import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from invariants import choose_random  # noqa: E402
from sixtysix_core import persist as P  # noqa: E402
from sixtysix_core import persist_multi as PM  # noqa: E402
from sixtysix_core import rules as R  # noqa: E402
from sixtysix_core.deal_multi import DealMulti  # noqa: E402
from sixtysix_core.rng import Rng  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_ui.storage import MULTI  # noqa: E402
from sixtysix_ui import words  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import house_page as H  # noqa: E402
from test_app_multi import _restart, into_second_hand  # noqa: E402

S_HOUSE = 8
PRESETS = ("THREE_PLAYER_PL", "FOUR_PLAYER_PL")
BOARDS = ("pygamer", "oled", "three")


def _driver(board, seed=5, nvm=None):
    three = board == "three"
    size = simhw.TFT_SIZE if board == "pygamer" else simhw.OLED_SIZE
    d = Driver(board, seed=seed, display=simhw.NullDisplay(*size),   # three: left, A,
               nvm=nvm if nvm is not None else bytearray(b"\xff" * 8192))  # right only
    d.three = three
    return d


def _move_to(d, lines, text):
    """Move the highlight of the page shown (lines: its rows) to the row `text` starts."""
    app = d.app
    target = [i for i, line in enumerate(lines) if line.startswith(text)][0]
    while app.current.sel != target:
        d.press(("right" if d.three else "down") if app.current.sel < target
                else ("left" if d.three else "up"))
        assert not app.render.overflow, app.render.overflow


def _choose_rules(d, preset):
    """Title: "Rules" pressed until it names the preset (no match on)."""
    app = d.app
    short = "Rules: %s players" % ("3" if preset.startswith("THREE") else "4")
    _move_to(d, app.title.lines, "Rules")
    for _ in range(len(app.presets)):
        if app.title.lines[app.title.sel] == short:
            return
        d.press("a")
    pytest.fail("no " + short)


def _open(d):
    app = d.app
    assert app.screen == A.S_TITLE
    _move_to(d, app.title.lines, "House rules")
    d.press("a")
    assert app.screen == S_HOUSE and "sixtysix_ui.house_page" in sys.modules
    return app.current


def _back(d):
    app = d.app
    page = app.current
    if d.three:
        _move_to(d, page.lines, "Back")
        d.press("a")
    else:
        d.press("b")
    assert app.screen == A.S_TITLE
    assert "sixtysix_ui.house_page" not in sys.modules
    assert app.title.lines[app.title.sel] == "House rules"


def _new_match(d):
    app = d.app
    _move_to(d, app.title.lines, "New match")
    d.press("a")
    d.settle()
    assert app.in_match and app.rules.players == app.rules.players > 2


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_option_is_chosen_by_keys_and_played_by_the_next_match(board, preset):
    d = _driver(board)
    app = d.app
    _choose_rules(d, preset)
    rows = H.shown(app.choice)
    for row in rows:
        opt = row[0]
        label = words.tx(row[2])
        values = [words.tx(row[2] + 1 + k) for k in range(row[3])]
        default = app.choice.get(opt)
        spellings = [v for o, vs in R.options() if o == opt for v in vs]
        for k in range(1, len(values) + 1):
            page = _open(d)
            _move_to(d, page.lines, label + ":")
            d.press("a")
            assert page.lines[page.sel] == "%s: %s" % (label, values[k % len(values)])
            assert not app.render.overflow, app.render.overflow
            _back(d)
            want = spellings[k % len(spellings)]
            assert app.choice.get(opt) == want
            if k == len(values):            # round again: the preset's value
                assert want == default and opt not in dict(app.choice.overrides())
                break
            assert app.title.footer != "Options: next match"    # no match on yet
            _new_match(d)
            assert app.rules.get(opt) == want and app.deal.rules is app.rules
            assert app.rules.unsupported() is None and PM.app_rules(app.rules)
            if opt == "three_player_mode":
                assert app.deal.each
            if opt == "four_player_trump":
                assert app.deal.trump >= 0  # set by the bottom card, before any choice
            if opt == "partner_meld":
                assert app.deal._partner_meld
            app.quit_to_title()             # the match saved (Start, or Menu > Quit)
            assert app.title.footer == "A: pick  arrows: move"
            app.in_match = False            # given up, as after its end
            app.show_title()


def _set_by_keys(d, wanted):
    """On the house rules page: each (option, value spelling) by presses of A."""
    app = d.app
    page = app.current
    for opt, value in wanted:
        row = [r for r in H.shown(app.choice) if r[0] == opt][0]
        _move_to(d, page.lines, words.tx(row[2]) + ":")
        for _ in range(row[3]):
            if app.choice.get(opt) == value:
                break
            d.press("a")
        assert app.choice.get(opt) == value


WANTED = {
    "FOUR_PLAYER_PL": (("warszawa_order", "partner_first"), ("partner_meld", "true"),
                       ("undertrump", "optional"), ("declare_window", "any_own_turn"),
                       ("false_declaration", "czech_bands"),
                       ("meld_before_first_trick", "forbidden"), ("last_trick_bonus", "0"),
                       ("scoring", "czech")),
    "THREE_PLAYER_PL": (("undertrump", "optional"), ("declare_window", "after_any_trick"),
                        ("false_declaration", "two_or_three"), ("last_trick_bonus", "0"),
                        ("meld_before_first_trick", "forbidden"), ("scoring", "czech")),
    "EACH": (("three_player_mode", "each_for_self"), ("undertrump", "optional"),
             ("scoring", "czech"), ("last_trick_bonus", "0")),
}


@pytest.mark.parametrize("board", ("pygamer", "three"))
@pytest.mark.parametrize("case", sorted(WANTED))
def test_a_match_with_house_rules_is_saved_resumed_and_played_out(board, case):
    preset = "THREE_PLAYER_PL" if case == "EACH" else case
    d = _driver(board, seed=6)
    app = d.app
    _choose_rules(d, preset)
    _open(d)
    _set_by_keys(d, WANTED[case])
    _back(d)
    _new_match(d)
    want = sorted(WANTED[case])
    assert sorted(app.rules.overrides()) == want
    into_second_hand(d, 300)
    region = bytes(d.hw.nvm[MULTI:MULTI + 512])
    slot, saved = PM.newest(region)
    assert saved is not None, PM.why        # the save is accepted as it is
    assert sorted(saved.rules.overrides()) == want and saved.deal is not None
    before = DealMulti(app.rules)
    app.deal.copy_into(before)
    scores = list(app.match.scores)
    app = _restart(d)
    assert app.in_match and app.rules.players > 2 and not app.storage.note
    assert sorted(app.rules.overrides()) == want == sorted(app.choice.overrides())
    assert app.deal.rules is app.rules and list(app.match.scores) == scores
    n = before.log_len                      # saved after the trick: nothing lost
    for name in ("log_action", "log_seat"):   # (past the log's end: an older hand's)
        getattr(app.deal, name)[n:] = getattr(before, name)[n:]
    assert app.deal.same_as(before)
    d.press("a")                            # Continue
    for _ in range(3000):
        d.settle()
        assert not app.render.overflow, app.render.overflow
        if app.screen == A.S_MATCH_END:
            break
        d.press("a")
    assert app.match.is_over() and sorted(app.rules.overrides()) == want
    assert all(("rules %s" % preset) in r for r in d.records)


def test_a_changed_choice_during_a_match_is_for_the_next_one_and_kept():
    d = _driver("oled", seed=8)
    app = d.app
    _choose_rules(d, "FOUR_PLAYER_PL")
    _new_match(d)
    d.press("start")
    assert app.title.footer == "A: pick  arrows: move"
    page = _open(d)
    assert page.header == "Next match's rules"
    _set_by_keys(d, (("four_player_trump", "bottom_card"), ("undertrump", "optional")))
    _back(d)
    assert app.title.footer == "Options: next match"
    assert app.rules.four_player_trump == 0 and app.rules.undertrump == 0
    app = _restart(d)                       # the match and the choice, both kept
    assert app.in_match and not app.rules.overrides()
    assert sorted(app.choice.overrides()) == [("four_player_trump", "bottom_card"),
                                             ("undertrump", "optional")]
    assert app.title.footer == "Options: next match"
    _new_match(d)
    assert sorted(app.rules.overrides()) == sorted(app.choice.overrides())
    assert app.screen == A.S_PLAY and app.deal.trump >= 0     # the bottom card's trump
    app.quit_to_title()
    assert app.title.footer == "A: pick  arrows: move"      # the choice is being played


def _reachable(preset):
    """Every choice the page can make from the preset (and "Auto 66" either way)."""
    seen = {}
    todo = []
    for auto in (0, 1):
        r = R.preset(preset)
        r.auto_declare = auto
        todo.append(r)
    while todo:
        r = todo.pop()
        key = tuple(sorted(r.overrides()))
        if key in seen:
            continue
        seen[key] = r
        for row in H.shown(r):
            for k in range(row[3]):
                nxt = R.RuleSet()
                r.copy_into(nxt)
                H.set_index(nxt, row, k)
                todo.append(nxt)
    return list(seen.values())


@pytest.mark.parametrize("preset", PRESETS)
def test_nothing_offered_is_refused_by_the_engine_or_a_save(preset):
    choices = _reachable(preset)
    assert len(choices) > 100
    n = R.preset(preset).players
    for r in choices:
        assert r.unsupported() is None and PM.app_rules(r), r.overrides()
        names = [row[0] for row in H.shown(r)]
        assert ("partner_meld" in names) == (n == 4)
        assert ("three_player_mode" in names) == (n == 3)
        assert ("warszawa_order" in names) == (n == 4 and r.four_player_trump == 0)
        each = n == 3 and r.three_player_mode == 1
        assert ("declare_window" in names) == (not each and not r.auto_declare)
        DealMulti(r)                        # the engine takes it
    # every option the 3/4-player saves keep but the title's own is on the page
    on_page = {row[0] for row in H.ROWS}
    assert on_page | {"match_target", "auto_declare"} == set(PM.APP_OPTIONS)
    for row in H.ROWS:                      # the page's values are the engine's, in order
        spellings = [vs for o, vs in R.options() if o == row[0]][0]
        assert row[3] == len(spellings)


@pytest.mark.parametrize("board", ("pygamer", "oled"))
@pytest.mark.parametrize("preset", PRESETS)
def test_every_text_of_the_page_fits(board, preset):
    d = _driver(board)
    app = d.app
    _choose_rules(d, preset)
    page = _open(d)
    width = app.layout.CHARS
    for r in _reachable(preset):
        r.copy_into(app.choice)
        for sel in range(len(H.shown(r)) + 1):
            page.sel = sel
            page._lines()
            app.step(0, d.now)
            assert not app.render.overflow, (r.overrides(), app.render.overflow)
            assert all(len(line) <= 19 for line in page.lines)
            assert len(page.footer) <= min(width, 21) and len(page.header) <= width


def test_left_and_right_change_a_value_where_there_is_up_and_down():
    d = _driver("pygamer")
    app = d.app
    _choose_rules(d, "THREE_PLAYER_PL")
    page = _open(d)
    _move_to(d, page.lines, "Say 66:")
    d.press("left")                         # the value before: the last, round
    assert app.choice.get("declare_window") == "any_own_turn"
    d.press("right")
    d.press("right")
    assert app.choice.get("declare_window") == "after_any_trick"
    assert page.lines[page.sel] == "Say 66: any trick"


def test_the_two_player_title_has_no_house_rules():
    d = _driver("oled")
    app = d.app
    assert app.choice.players == 2 and "House rules" not in app.title.lines
    _choose_rules(d, "FOUR_PLAYER_PL")
    assert "House rules" in app.title.lines
    # back to two players: the entry goes, the options with the 4-player preset
    for _ in range(len(app.presets)):
        d.press("a")
        if app.choice.players == 2:
            break
    assert "House rules" not in app.title.lines and "Swap trump 9: on" in app.title.lines


def test_the_values_of_a_row_are_told_apart():
    for row in H.ROWS:
        values = [words.tx(row[2] + 1 + k) for k in range(row[3])]
        tips = [words.tx(row[2] + 1 + row[3] + k) for k in range(row[3])]
        assert len(set(values)) == len(values) and len(set(tips)) == len(tips)
        assert all(len("%s: %s" % (words.tx(row[2]), v)) <= 19 for v in values)


def _long_hand(rules, seed):
    """A match and a hand in progress with as long a log as random play gives."""
    rng = Rng(seed)
    m = PM.MatchMulti(rules)
    m.start(rng)
    d = DealMulti(rules)
    d.new_hand(m.dealer, rng)
    best = None
    while not d.is_over():
        best = DealMulti(rules)
        d.copy_into(best)
        d.apply(choose_random(d, rng))
    st = P.Settings(1, R.preset_names().index(rules.preset), 0, 0)
    return st, rng.get_state(), m, best


@pytest.mark.parametrize("preset", PRESETS)
def test_a_save_keeps_a_choice_made_during_the_match_and_refuses_a_bad_one(preset):
    match_rules = R.preset(preset)
    match_rules.set("declare_window", "any_own_turn")      # the longest logs
    st, state, m, d = _long_hand(match_rules, 3)
    for choice_preset in PRESETS:
        choice = R.preset(choice_preset)
        choice.set("scoring", "czech")
        choice.set("match_target", "10")
        buf = bytearray(PM.SLOT_SIZE)
        n = PM.encode_into(buf, 5, st, state, m, d, choice)
        assert n <= PM.SLOT_SIZE and buf[7] == 7        # match, hand and choice
        saved = PM.decode(buf)
        assert saved is not None, PM.why
        assert saved.rules.preset == preset and saved.rules.declare_window == 2
        assert saved.choice.preset == choice_preset and saved.choice.scoring == 1
        assert saved.choice.match_target == 10 and saved.match.target == 7
        assert saved.deal.log_len == d.log_len
        # no choice block when the choice is the match's rules (or none, or 2 players)
        for same in (match_rules, None, R.preset("CLASSIC_66")):
            n2 = PM.encode_into(buf, 5, st, state, m, d, same)
            assert buf[7] == 3 and n2 == n - 1 - R.NUM_OPTIONS
            again = PM.decode(buf)
            assert again.choice is again.rules
    # what the app could not have written: a two-player choice, one the app does not
    # offer, a choice equal to the match's, a choice without a match
    i = 13 + R.NUM_OPTIONS + 9 + 6
    good = R.preset(preset)
    good.set("undertrump", "optional")
    for spoil in ("two", "option", "same", "nomatch"):
        buf = bytearray(PM.SLOT_SIZE)
        PM.encode_into(buf, 5, st, state, m, d, good)
        if spoil == "two":
            buf[i] = R.preset_names().index("CLASSIC_66")
        elif spoil == "option":
            buf[i + 1 + 2] = 2              # trump_mode=chosen on top of the preset
            buf[i + 1 + 1] = 1              # deck=20
        elif spoil == "same":
            match_rules.encode_into(buf, i + 1)
        else:
            buf[7] = 4
        n = buf[3] | buf[4] << 8
        buf[n - 2], buf[n - 1] = P.fletcher16(buf, 0, n - 2)
        assert PM.decode(buf) is None and PM.why, spoil
