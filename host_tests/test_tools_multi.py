"""term and tournament for 3 and 4 players: whole matches, records that replay, refusals."""
import os
import subprocess
import sys

import pytest

from sixtysix_core import notation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "sixtysix.py")


def _run(*args, stdin=None):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True,
                          text=True, timeout=300, input=stdin)


@pytest.mark.parametrize("preset,extra", [
    ("THREE_PLAYER_PL", []), ("FOUR_PLAYER_PL", ["--set", "partner_meld=true"]),
    ("THREE_PLAYER_PL", ["--set", "three_player_mode=each_for_self"]),
])
def test_term_autoplay_match_and_saved_records(tmp_path, preset, extra):
    records = tmp_path / "hands.txt"
    out = _run("term", "--rules", preset, *extra, "--seed", "5", "--level", "easy",
               "--autoplay", "--records", str(records))
    assert out.returncode == 0, out.stderr
    n = 3 if preset.startswith("THREE") else 4
    scores = [0] * n
    for text in records.read_text().split("\n\n"):
        if text.strip():
            answer, _ = notation.replay(text)
            assert answer["ok"] and answer["result"], answer["error"]
            for s in range(n):
                scores[s] += answer["result"]["score_delta"][s]
    final = out.stdout.strip().splitlines()[-1]
    assert final.startswith("Match over") and final.endswith(" : ".join(map(str, scores)))
    assert max(scores) >= 7


def test_term_multi_bad_input_gets_a_sentence():
    out = _run("term", "--rules", "FOUR_PLAYER_PL", "--seed", "2",
               stdin="?\nZZ\nout\n9X\nquit\n")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "Not understood" in out.stdout and "You may:" in out.stdout
    for args in (["--set", "bogus=1"], ["--set", "partner_meld=true", "--rules",
                                        "THREE_PLAYER_PL"], ["--level", "x"]):
        out = _run("term", "--rules", "FOUR_PLAYER_PL", *args)
        assert out.returncode == 2 and "Traceback" not in out.stderr and out.stdout.strip()


def test_tournament_multi_small_run_and_refusals():
    out = _run("tournament", "easy", "random", "--rules", "FOUR_PLAYER_PL", "--hands", "4",
               "--quiet")
    assert out.returncode == 0, out.stderr
    assert "easy's share of game points per seat" in out.stdout
    assert "8 hands" in out.stdout                  # the team lineup: 2 rotations
    out = _run("tournament", "easy", "random", "--rules", "THREE_PLAYER_PL", "--hands", "2",
               "--lineup", "A,A,B", "--set", "declare_window=after_any_trick", "--quiet")
    assert out.returncode == 0 and "6 hands" in out.stdout, out.stderr
    for args in (["--lineup", "A,B"], ["--lineup", "A,A,A"], ["--set", "nope=1"]):
        out = _run("tournament", "easy", "random", "--rules", "THREE_PLAYER_PL", "--hands",
                   "2", "--quiet", *args)
        assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.strip()


def test_rotations_are_distinct():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from sixtysix_tools.lab.tournament_multi import rotations
    assert rotations(list("ABB")) == [0, 1, 2]
    assert rotations(list("ABAB")) == [0, 1]
    assert rotations(list("AABB")) == [0, 1, 2, 3]
