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


def _term(*args, stdin=""):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "term",
                           *args], input=stdin, capture_output=True, text=True, timeout=300,
                          env=env)


def test_term_refuses_bad_arguments_in_one_line():
    for args, words in ((["--level", "expert"], "invalid choice: 'expert'"),
                        (["--seed", "abc"], "'abc' is not a whole number"),
                        (["--bogus"], "unrecognized arguments: --bogus"),
                        (["--rules", "THREE_PLAYER_PL", "--set", "partner_meld=true"],
                         "for 4 players only"),
                        (["--rules", "FOUR_PLAYER_PL", "--set", "deck=20"], "24-card pack"),
                        (["--draw", "sometimes"], "invalid choice"),
                        (["--records", ROOT], "names a folder")):
        out = _term(*args)
        text = out.stdout + out.stderr
        assert out.returncode == 2, args
        assert words in text and "Traceback" not in text, text
        assert len(text.strip().splitlines()) == 1, text


def test_term_speaks_to_a_person():
    import re
    seen = ""
    for seed, preset in ((1, "CLASSIC_66"), (2, "CZECH_66"), (3, "SCHNAPSEN_AT"),
                         (4, "POLISH_HOUSE")):
        out = _term("--seed", str(seed), "--level", "easy", "--autoplay", "--rules", preset)
        assert out.returncode == 0, out.stderr
        said = "\n".join(line for line in out.stdout.splitlines()
                         if not line.startswith("you> "))
        for jargon in ("seat 0", "seat 1", "closer_", "higher_total", "false_declaration",
                       "last_trick", "REASON", "score_delta"):
            assert jargon not in said, (preset, jargon)
        assert not re.search(r"\bmeld [CSHD]\b", said), preset
        seen += said
    assert "You win the trick" in seen and "The bot wins the trick" in seen
    assert re.search(r"Bot: marriage in (clubs|spades|hearts|diamonds).* \((20|40)\)", seen)
    assert "You draw " in seen and "Match over" in seen


def test_term_answers_typed_input_plainly():
    first = _term("--seed", "3", "--level", "easy", stdin="quit\n")
    hand = [line for line in first.stdout.splitlines() if line.startswith("Your hand: ")][0]
    held = hand.split(": ", 1)[1].split()
    missing = next(r + s for s in "♣♠♥♦" for r in ("9", "J", "Q", "K", "10", "A")
                   if r + s not in held)
    typed = missing.replace("♣", "c").replace("♠", "s").replace("♥", "h").replace("♦", "d")
    out = _term("--seed", "3", "--level", "easy",
                stdin="?\n%s\nxyz\nmeld\nhint\nlast\nquit\n" % typed)
    assert out.returncode == 0
    assert "You don't hold %s." % missing in out.stdout
    assert "You may: play " in out.stdout
    assert "I don't understand 'xyz'" in out.stdout
    assert "'meld' must be followed by one suit letter" in out.stdout
    assert "The bot would choose: " in out.stdout and "Bye." in out.stdout


def test_term_draws_by_hand_on_request():
    auto = _term("--seed", "6", "--level", "easy", "--autoplay")
    by_hand = _term("--seed", "6", "--level", "easy", "--autoplay", "--draw", "hand")
    assert "you> draw" not in auto.stdout
    assert "you> draw" in by_hand.stdout and by_hand.returncode == 0
