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
    ([], "give a command"),
    (["build", "--bogus"], "unrecognized arguments"),
    (["build", "--cpy-version", "x"], "invalid int value"),
    (["flash", "--path"], "expected one argument"),
    (["flash", "extra"], "unrecognized arguments"),
    (["bundle", "--board"], "expected one argument"),
    (["libs", "--bogus"], "unrecognized arguments"),
    (["console", "--port"], "expected one argument"),
    (["review", "--seat", "x"], "not a whole number"),
    (["review", "--bogus"], "unrecognized arguments"),
    (["review", RECORD, "--hand", "0"], "too small"),
    (["bench", "ux", "--matches", "x"], "not a whole number"),
    (["bench", "bot", "--hands", "x"], "not a whole number"),
    (["bench", "bot", "--players", "5"], "invalid choice"),
    (["bench", "heap32", "--bogus"], "unrecognized arguments"),
    (["bench", "strength", "--hands", "x"], "not a whole number"),
    (["bench", "infer", "--seed", "-1"], "too small"),
    (["replay", RECORD, "--hand", "x"], "usage"),
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
    for command in ("term", "tournament"):              # they play 3 and 4 players
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


def _processes_with(marker):
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not os.path.isdir("/proc") or os.name != "posix", reason="Linux /proc")
def test_sigterm_to_the_cli_ends_the_process_that_does_the_work():
    """A venv command run from outside the venv: SIGTERM to tools/sixtysix.py ends it."""
    import signal
    import time
    outside = getattr(sys, "_base_executable", sys.executable)
    marker = "wait:987654321"                   # a long headless run, found by its argv
    env = dict(os.environ)
    env.pop("SIXTYSIX_NO_VENV", None)
    p = subprocess.Popen([outside, os.path.join(ROOT, "tools", "sixtysix.py"), "sim",
                          "--headless", "--keys", marker], cwd=ROOT, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while time.time() < deadline and not any(_venv_running(q)
                                                 for q in _processes_with(marker)):
            time.sleep(0.2)                     # until the venv's Python runs the command
        assert any(_venv_running(q) for q in _processes_with(marker))
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=30)
        deadline = time.time() + 10
        while time.time() < deadline and _processes_with(marker):
            time.sleep(0.2)
        assert _processes_with(marker) == []
        assert p.returncode in (143, -signal.SIGTERM)
    finally:
        for q in _processes_with(marker):
            os.kill(q, signal.SIGKILL)


def _venv_running(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().startswith(os.path.join(ROOT, ".venv").encode())
    except OSError:
        return False


def test_the_garbage_argument_probe_runs_and_finds_nothing(capsys):
    """A few runs of `bench tools`' garbage-argument probe (its figures: the bench)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        from sixtysix_tools.lab import bench_tools
    finally:
        sys.path.pop(0)
    assert bench_tools.probe_args(6, 3) == 0
    assert "tracebacks 0 (goal 0), refusals longer than one line 0" in capsys.readouterr().out
