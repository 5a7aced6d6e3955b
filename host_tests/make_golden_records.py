"""Regenerate host_tests/golden_records/ (run by hand after a deliberate rule change):

    python3 host_tests/make_golden_records.py [SEED ...]

Each seed plays one hand (greedy bot against the random bot) under a preset, writes the
record (.txt) and the replayer's answer (.json).  Review the diff before committing it.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import conftest  # noqa: E402,F401  (paths and the micropython.const fallback)
from sixtysix_core import deal as D  # noqa: E402
from sixtysix_core import notation  # noqa: E402
from sixtysix_core import rules as R  # noqa: E402
from sixtysix_core.deal_multi import DealMulti  # noqa: E402
from sixtysix_core.record import format_record  # noqa: E402
from invariants import choose_random  # noqa: E402
from sixtysix_core.rng import Rng  # noqa: E402
from sixtysix_core.simple_bots import greedy_choose, random_choose  # noqa: E402
from sixtysix_core.view import PlayerView  # noqa: E402

CASES = [("CLASSIC_66", 1), ("CLASSIC_66", 2), ("CLASSIC_66", 3), ("CLASSIC_66", 4),
         ("POLISH_HOUSE", 5), ("CZECH_66", 6), ("SCHNAPSEN", 7), ("SCHNAPSEN_AT", 8),
         ("THREE_PLAYER_PL", 9), ("FOUR_PLAYER_PL", 10),
         ("THREE_PLAYER_PL three_player_mode=each_for_self", 11),
         ("FOUR_PLAYER_PL partner_meld=true", 12),
         ("THREE_PLAYER_PL declare_window=after_any_trick", 13),
         ("FOUR_PLAYER_PL declare_window=after_any_trick", 14),
         ("FOUR_PLAYER_PL declare_window=any_own_turn", 15)]


def main(only=None):
    """Write every case, or with `only` (e.g. "11 12") just those seeds."""
    out = os.path.join(HERE, "golden_records")
    for spec, seed in CASES:
        if only and str(seed) not in only:
            continue
        rng = Rng(seed)
        preset, *overrides = spec.split()
        rules = R.preset(preset)
        for setting in overrides:
            rules.set(*setting.split("="))
        if rules.players == 2:
            d = D.Deal(rules)
            d.new_hand(seed % 2, rng)
            views = (PlayerView(d, 0), PlayerView(d, 1))
            while not d.is_over():
                seat = d.to_move
                pick = greedy_choose if seat == seed % 2 else random_choose
                d.apply(pick(views[seat], rng))
        else:
            d = DealMulti(rules)
            d.new_hand(seed % rules.players, rng)
            while not d.is_over():
                d.apply(choose_random(d, rng))
        words = [w.split("=")[0 if w.endswith("=true") else -1] for w in spec.split()]
        name = "%s_seed%d" % ("_".join(words).lower(), seed)
        text = format_record(d, "golden playthrough: %s, seed %d" % (spec, seed))
        with open(os.path.join(out, name + ".txt"), "w") as f:
            f.write(text)
        answer, _ = notation.replay(text)
        assert answer["ok"], answer["error"]
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(answer, f, indent=1)
            f.write("\n")
        print(name, answer["result"]["reason"], answer["result"]["score_delta"])


if __name__ == "__main__":
    main(sys.argv[1:])
