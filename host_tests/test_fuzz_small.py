"""Small, fast versions of `bench fuzz` (tools/sixtysix_tools/lab/bench_fuzz.py): mutated
records, damaged and checksum-valid mutated saves, and persist's match check against the
benchmark's breadth-first oracle on every small state."""
import os
import random
import sys

import pytest

from sixtysix_core import match as M
from sixtysix_core import notation
from sixtysix_core import persist_load as PL
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
from sixtysix_tools.lab import bench_fuzz as B  # noqa: E402


def test_mutated_records_never_raise_and_errors_name_real_lines():
    rnd = random.Random(3)
    base = B.corpus(Rng(3), per_preset=3)
    for _ in range(2000):
        data = B.mutate(rnd.choice(base), rnd)
        answer, _ = notation.replay(data)
        assert B.error_at_a_real_line(data, answer) == "", (data, answer["error"])


def test_damaged_saves_are_detected():
    images = B.save_images(5, matches_per_preset=1)
    cases, missed = B.damage_checks(images, random.Random(5), sample=4)
    assert cases > 4000 and missed == 0


def test_checksum_valid_mutations_accept_nothing_impossible(capsys):
    assert B.fuzz_saves(3000, 7, sample=2, matches=1) == 0
    assert "0 of them impossible" in capsys.readouterr().out


@pytest.mark.parametrize("preset", ["CLASSIC_66", "CZECH_66", "SCHNAPSEN_AT"])
@pytest.mark.parametrize("target", ["6", "10"])
def test_match_check_equals_the_oracle_on_small_states(preset, target):
    """persist accepts a match state exactly when the breadth-first search over hand
    outcomes reaches it: nothing impossible accepted, nothing possible refused."""
    oracle = B.Oracle()
    rules = R.preset(preset)
    rules.set("match_target", target)
    m = M.Match(rules)
    low = -30 if rules.failed_close == R.FAILED_CLOSE_CZECH_PENALTY else 0
    for hands in range(0, 13):
        reach = oracle.reachable(rules, hands)
        for s0 in range(low, rules.match_target):
            for s1 in range(low, rules.match_target):
                for dealer in (0, 1):
                    m.scores[0], m.scores[1], m.dealer, m.hands = s0, s1, dealer, hands
                    want = (s0, s1, dealer) in reach
                    assert PL.possible(m, False) == want, (s0, s1, dealer, hands, want)
