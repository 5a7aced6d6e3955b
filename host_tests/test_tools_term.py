"""The terminal game plays a whole match, and every hand it saves replays to its result."""
import os
import subprocess
import sys

from sixtysix_core import notation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_term_autoplay_match_and_saved_records(tmp_path):
    records = tmp_path / "hands.txt"
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "term",
                          "--seed", "5", "--level", "easy", "--autoplay", "--records",
                          str(records)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Match over" in out.stdout
    scores = [0, 0]
    for text in records.read_text().split("\n\n"):
        if text.strip():
            answer, _ = notation.replay(text)
            assert answer["ok"] and answer["result"], answer["error"]
            for s in (0, 1):
                scores[s] += answer["result"]["score_delta"][s]
    final = out.stdout.strip().splitlines()[-1]
    assert final.endswith("%d : %d" % tuple(scores))
    assert max(scores) >= 7


def test_term_refuses_an_unknown_preset():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "term",
                          "--rules", "NOPE"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "unknown rules preset" in out.stdout
