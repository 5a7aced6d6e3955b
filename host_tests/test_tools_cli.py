"""Every command answers bad input with one plain line and exit status 2, never a
traceback, and checks what it can before a game starts (tools/sixtysix_tools/cli.py)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORD = os.path.join(ROOT, "host_tests", "records", "t24_example.txt")


def run(*args, env=None):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env=dict(os.environ, **(env or {})))


def one_line_refusal(out, words):
    text = out.stdout + out.stderr
    assert out.returncode == 2, text
    assert "Traceback" not in text and words in text, text
    lines = [line for line in text.splitlines() if not line.startswith("WARNING: GENERIC")]
    assert len(lines) == 1, text


@pytest.mark.parametrize("args, words", [
    (["sim", "--headless", "--keys", "bogus"], "unknown key 'bogus'"),
    (["sim", "--headless", "--keys", "wait:abc"], "wait takes milliseconds"),
    (["sim", "--headless", "--keys", "right*x"], "after * comes how many presses"),
    (["sim", "--headless", "--keys", "a shot:/no/such/dir/x.png"], "there is no folder"),
    (["sim", "--headless", "--save", ROOT], "names a folder"),
    (["sim", "--headless", "--save", "/no/such/dir/x.sav"], "there is no folder"),
    (["sim", "--headless", "--screenshot", "/no/such/dir/x.png"], "there is no folder"),
    (["sim", "--headless", "--seed", "abc"], "not a whole number"),
    (["sim", "--bogus"], "unrecognized arguments"),
    (["soak", "--hands", "abc"], "'abc' is not a whole number"),
    (["soak", "--hands", "0"], "too small"),
    (["soak", "--bogus"], "unrecognized arguments"),
    (["tournament", "random", "greedy", "--hands", "4", "--rules", "NOSUCH"],
     "unknown rules preset 'NOSUCH'"),
    (["tournament", "random", "greedy", "--rules", "THREE_PLAYER_PL", "--lineup", "A,B"],
     "--lineup needs 3 entries"),
    (["tournament", "rdeep", "greedy", "--rules", "FOUR_PLAYER_PL"], "invalid choice"),
    (["tournament", "random", "greedy", "--rules", "FOUR_PLAYER_PL", "--set", "deck=20"],
     "24-card pack"),
    (["tournament", "random", "nobody"], "invalid choice"),
    (["tournament", "random", "greedy", "--jobs", "x"], "not a whole number"),
    (["bot", RECORD, "--level", "expert"], "unknown level 'expert'"),
    (["bot", RECORD, "--seed", "x"], "not a whole number"),
    (["bot", ROOT], "cannot read"),
    (["replay"], "usage"),
    (["replay", "--bogus"], "usage"),
    (["bench", "nothing"], "usage"),
    (["bench", "fuzz", "--records", "x"], "not a whole number"),
    (["nosuchcommand"], "unknown command"),
])
def test_bad_input_gets_one_line_and_status_2(args, words):
    one_line_refusal(run(*args), words)


def test_sim_save_is_checked_before_the_game(tmp_path):
    ok = run("sim", "--headless", "--keys", "a settle", "--save", str(tmp_path / "s.sav"))
    assert ok.returncode == 0 and (tmp_path / "s.sav").stat().st_size == 8192


def test_play_without_a_display_says_so():
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}
    out = run("play", env=env)
    one_line_refusal(out, "no display")
    assert "sim --headless" in out.stderr and "term" in out.stderr


def test_one_function_decides_which_presets_a_command_plays():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        from sixtysix_tools import cli
    finally:
        sys.path.pop(0)
    assert cli.rules_for("CZECH_66", "term").preset == "CZECH_66"
    for command in ("term", "tournament"):              # issue 12: they play 3 and 4
        assert cli.rules_for("THREE_PLAYER_PL", command).players == 3
        assert cli.rules_for("FOUR_PLAYER_PL", command).players == 4
    with pytest.raises(cli.BadInput, match="3-player game"):
        cli.rules_for("THREE_PLAYER_PL", "soak")
    cli.PLAYERS["demo"] = (2, 3)
    try:
        assert cli.rules_for("THREE_PLAYER_PL", "demo").players == 3
    finally:
        del cli.PLAYERS["demo"]


def test_tournament_shares_are_defined_for_negative_game_points():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        from sixtysix_tools.lab import tournament as T
    finally:
        sys.path.pop(0)
    # a deal: A's failed close costs A 6 (B gains 0), then A wins 2
    results = [((-6, 0, 0, 1), (2, 0, 1, 0)), ((0, 3, 0, 1), (-3, 1, 0, 1))]
    r = T.summarize("x", "y", results, 1, 6)
    for side in ("a", "b"):
        share, half = r[side + "_gp_share"]
        assert 0 <= share <= 1 and half >= 0
    assert abs(r["a_gp_share"][0] + r["b_gp_share"][0] - 1) < 1e-9
    assert r["a_gp_share"][0] == pytest.approx(2 / (2 + 6 + 3 + 1 + 3))
    assert "matches to 6" in T.report(r)
