"""3- and 4-player matches in the app (issue 12): whole matches by key presses on both
layouts and the three-button OLED, every text within its place, the match flow (scores
per seat from the hand's score_delta, the deal passing clockwise, the winner), the title
offering the presets, `sim --rules` and its refusal of a bad preset."""
import os
import subprocess
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import rules as R  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import pages  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = (("THREE_PLAYER_PL", ()), ("FOUR_PLAYER_PL", ()),
         ("FOUR_PLAYER_PL", (("partner_meld", "true"), ("declare_window", "after_any_trick"))),
         ("THREE_PLAYER_PL", (("three_player_mode", "each_for_self"),)),
         ("FOUR_PLAYER_PL", (("four_player_trump", "bottom_card"),)))


def _driver(board, seed, preset, options=()):
    three = board == "three"
    size = simhw.TFT_SIZE if board == "pygamer" else simhw.OLED_SIZE
    d = Driver("oled" if three else board, seed=seed, display=simhw.NullDisplay(*size),
               nvm=bytearray(b"\xff" * 8192))
    if three:
        d.hw.KEYMAP = ("left", "right", "", "", "a", "", "", "")
        d.app = A.App(d.hw, font=d.font, seed=seed, record_out=d.records.append)
        d.tick(0)
    app = d.app
    app.settings.preset = R.preset_names().index(preset)
    R.preset(preset).copy_into(app.choice)
    for name, value in options:
        app.choice.set(name, value)
    app.settings.reveal = seed % 2          # the points on the message line, or not
    app.new_match()
    return d


def _play(d, limit=3000):
    app = d.app
    hands = 0
    dealers = []
    for _ in range(limit):
        d.settle()
        assert not app.render.overflow, app.render.overflow
        if app.screen == A.S_MATCH_END:
            return hands, dealers
        if app.screen == A.S_SUMMARY:
            hands += 1
            dealers.append(app.deal.dealer)
            scores = list(app.match.scores)
            assert sum(app.deal.score_delta) >= 0
        d.press("a")
    pytest.fail("the match did not end")
    return hands, scores


@pytest.mark.parametrize("board", ("pygamer", "oled", "three"))
@pytest.mark.parametrize("preset,options", CASES)
def test_a_whole_match_by_key_presses(board, preset, options):
    d = _driver(board, 7, preset, options)
    app = d.app
    n = app.rules.players
    hands, dealers = _play(d)
    m = app.match
    assert app.rules.preset == preset and app.multi
    assert hands == m.hands == len(d.records) >= 1
    assert all((dealers[i] + 1) % n == dealers[i + 1] for i in range(len(dealers) - 1))
    assert max(m.scores[:n]) >= m.target
    assert m.scores[m.winner] == max(m.scores[:n])
    if n == 4:
        assert m.scores[0] == m.scores[2] and m.scores[1] == m.scores[3]
    assert all(r.startswith("BEGIN SIXTYSIX RECORD") for r in d.records)
    assert "rules %s" % preset in d.records[0]
    d.press("a")                            # the match end: back to the title
    assert app.screen == A.S_TITLE and not app.in_match


def test_the_title_cycles_into_the_multi_player_presets_with_short_names():
    d = Driver("oled", seed=3, display=simhw.NullDisplay(*simhw.OLED_SIZE),
               nvm=bytearray(b"\xff" * 8192))
    app = d.app
    seen = []
    d.run("down down")                      # New match, Bot, Rules
    for _ in range(len(app.presets)):
        seen.append(app.title.lines[app.title.sel])
        d.press("a")
    assert "Rules: 3 players PL" in seen and "Rules: 4 players PL" in seen
    assert not app.render.overflow
    assert pages.short_name("SCHNAPSEN_AT") == "SCHNAPSEN_AT"


def test_levels_match_the_bot():
    from sixtysix_core import bot
    assert pages.LEVELS == bot.LEVELS


def _sim(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "sim",
                           "--headless"] + list(args), capture_output=True, text=True,
                          timeout=300)


def test_sim_rules_starts_a_match_and_refuses_a_bad_preset(tmp_path):
    shot = str(tmp_path / "m.png")
    r = _sim("--rules", "FOUR_PLAYER_PL", "--board", "oled", "--seed", "3", "--keys",
             "settle shot:" + shot)
    assert r.returncode == 0, r.stderr
    assert os.path.getsize(shot) > 100
    for bad in ("FIVE_PLAYER_PL", "four_player_pl"):
        r = _sim("--rules", bad)
        assert r.returncode == 2
        lines = [x for x in (r.stdout + r.stderr).splitlines() if x.strip()
                 and "WARNING" not in x]
        assert len(lines) == 1 and "--rules %s" % bad in lines[0], lines
