"""The review of a hand (sixtysix_core/review.py, bot.action_values, `sixtysix.py review`).

bot.action_values must value every legal card exactly as plain minimax does once the
talon is exhausted (both hands known); the review must find a planted blunder, name the
trick, the card and the better card, give the same answer for the same hand however it
is sliced, and stop quietly on a damaged log.  The laptop command must print the
sentence for a record and one plain sentence for bad input.
"""
import os
import subprocess
import sys

from helpers import (card_choices, check_interleaved_review, check_review_progress,
                     review_planted, run_review)
from sixtysix_core import bot
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import record
from sixtysix_core import review
from sixtysix_core import rng as RNG
from sixtysix_core import rules as R
from sixtysix_core.view import PlayerView
from test_bot_solver import minimax, positions

ROOT = __file__.rsplit("/host_tests/", 1)[0]


def _exact(d, card, me):
    x = D.Deal(d.rules)
    d.copy_into(x)
    x.apply(card)
    return minimax(x, me)


def test_action_values_are_exact_on_exhausted_talons():
    out = [0] * 24
    checked = 0
    for d in positions(120, 7):
        if d.talon_state != D.EXHAUSTED:
            continue
        me = d.to_move
        legal = bot.action_values(PlayerView(d, me), 2, RNG.Rng(1), out)
        assert legal == d.legal_cards()
        for c in range(24):
            if legal >> c & 1:
                assert out[c] == 64 * _exact(d, c, me), (cards.name(c), out[c])
                checked += 1
    assert checked >= 200


def test_action_values_leave_other_entries_and_need_a_card_choice():
    d = D.Deal(R.RuleSet())
    d.new_hand(0, RNG.Rng(3))
    out = [12345] * 24
    view = PlayerView(d, 1 - d.to_move)           # not this seat's turn
    assert bot.action_values(view, 2, RNG.Rng(1), out) == 0
    assert out == [12345] * 24
    view = PlayerView(d, d.to_move)
    legal = bot.action_values(view, 1, RNG.Rng(1), out)
    assert legal == d.legal_cards() and legal
    for c in range(24):
        if not legal >> c & 1:
            assert out[c] == 12345
        else:
            assert -3 * 64 - 64 <= out[c] <= 3 * 64 + 64


def _bot_hand(seed, blunder_at=None):
    """A hand of hard against hard; at seat 0's first exhausted-talon choice with a card
    at least a game point worse than the best, the worst card is played instead (if
    blunder_at).  Returns (deal, (trick, card, loss in 1/64) of the blunder or None)."""
    d = D.Deal(R.preset("CLASSIC_66"))
    d.new_hand(seed % 2, RNG.Rng(seed))
    v = PlayerView(d, 0)
    r = RNG.Rng(seed + 100)
    planted = None
    while not d.is_over():
        v.set_seat(d.to_move)
        a = bot.choose(v, 2, r)
        if (blunder_at and planted is None and d.to_move == 0 and a < 24
                and d.talon_state == D.EXHAUSTED):
            worst = None
            vals = [(_exact(d, c, 0), c) for c in range(24) if d.legal_cards() >> c & 1]
            best = max(vals)[0]
            for value, c in vals:
                if best - value >= 1 and (worst is None or best - value > worst[1]):
                    worst = (c, best - value)
            if worst is not None:
                planted = (d.trick_no + 1, worst[0], worst[1] * 64)
                a = worst[0]
        d.apply(a)
    return d, planted


def _review(d, seat=0, seed=66):
    return run_review(review.Review(d.rules), d, seat, seed)


def test_review_finds_a_planted_blunder():
    found = 0
    for seed in range(1, 200):                      # hands that reach a planted blunder
        d, planted = _bot_hand(seed, True)
        if planted is None:
            continue
        rev, seen, judged, loss = review_planted(review.Review(d.rules), d, planted, seed)
        assert judged[3] == loss                    # exhausted talon: the exact loss
        assert rev.loss >= loss and rev.trick > 0
        assert rev.loss == max(s[3] for s in seen)
        found += 1
        if found == 4:
            break
    assert found == 4


def _decisions(d):
    """Seat 0's decisions in finished hand d among two or more actions (a declaration
    only with 66, or the one he made), replayed in a new Deal."""
    x = D.Deal(d.rules)
    x.deck[:] = d.deck
    x.deal_from_deck(d.dealer)
    v = PlayerView(x, 0)
    n = 0
    for k in range(d.log_len):
        a = d.log_action[k]
        if x.to_move == 0:
            acts = [c for c in range(24) if x.legal_cards() >> c & 1]
            acts += [b for b in range(24, 33) if x.legal_specials() >> (b - 24) & 1
                     and (b != D.A_OUT or a == b or v.total(0) >= 66)]
            n += len(acts) > 1
        x.apply(a)
    return n


def test_review_counts_every_choice_and_is_deterministic():
    d, _ = _bot_hand(5)
    rev, seen = _review(d)
    # every decision of seat 0 among two or more actions, replayed independently: at
    # least the card choices among two or more legal cards
    assert rev.decisions == len(seen) == _decisions(d) >= card_choices(d, D.Deal(d.rules)) > 0
    # the TOP costliest decisions, costliest (then first) first; the first is the result
    costly = sorted((s for s in seen if s[3] >= review._MIN_LOSS), key=lambda s: -s[3])
    top = [(rev.top_trick[k], rev.top_played[k], rev.top_better[k], rev.top_loss[k])
           for k in range(rev.top_n)]
    assert top == costly[:review.TOP]
    assert not top or top[0] == (rev.trick, rev.played, rev.better, rev.loss)
    again, seen2 = _review(d)
    assert seen2 == seen and (again.trick, again.played, again.better, again.loss) == (
        rev.trick, rev.played, rev.better, rev.loss)
    # an interleaved second review on other work does not change the answer
    other = review.Review(d.rules)
    other.start(_bot_hand(6)[0], 1)
    third = review.Review(d.rules)
    third.start(d, 0)
    check_interleaved_review(third, other, rev)


def test_progress_rises_and_a_damaged_log_ends_quietly():
    d, _ = _bot_hand(8)
    check_review_progress(review.Review(d.rules), d, 3, 2, 2 * review.REPEATS * 6)


def test_sentence_names_the_trick_the_cards_and_the_points():
    d, planted = _bot_hand(1)
    rev = review.Review(d.rules)
    rev.trick, rev.played, rev.better, rev.loss = 4, cards.card(1, 5), cards.card(1, 3), 38
    text = review.sentence(rev, lambda c: cards.name(c))
    assert text == "Trick 4: AS - KS was better, about +0.6 game points"
    rev.trick, rev.decisions = 0, 7
    assert review.sentence(rev, cards.name) == ("No costly choice found in 7 decisions: "
                                                "well played.")


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, ROOT + "/tools/sixtysix.py", "review", *args],
                          capture_output=True, text=True, input=stdin, timeout=120)


def test_review_command(tmp_path):
    seed = 1
    d, planted = _bot_hand(seed, True)
    while planted is None:
        seed += 1
        d, planted = _bot_hand(seed, True)
    path = tmp_path / "hand.txt"
    path.write_text("BEGIN SIXTYSIX RECORD\n" + record.format_record(d)
                    + "END SIXTYSIX RECORD\n")
    out = _cli(str(path), "--all")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[-1].startswith("Trick ") and "was better, about +" in lines[-1]
    assert any(line.startswith("trick ") for line in lines[:-1])
    assert "\u2660" in out.stdout or "\u2663" in out.stdout or "\u2665" in out.stdout \
        or "\u2666" in out.stdout
    bad = _cli(str(tmp_path / "missing.txt"))
    assert bad.returncode == 2 and bad.stderr.startswith("error: cannot read")
    assert "Traceback" not in bad.stderr
    bad = _cli("-", stdin="rules CLASSIC_66\nnonsense\n")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "line" in bad.stderr
    bad = _cli(str(path), "--seat", "5")
    assert bad.returncode == 2 and "seat" in bad.stderr
    # four players are reviewed too (review_multi; once refused: "two-player hands only")
    four = ROOT + "/host_tests/golden_records/four_player_pl_seed10.txt"
    out = _cli(four)
    assert out.returncode == 0 and ("No costly choice" in out.stdout
                                    or out.stdout.startswith("Trick "))
    bad = _cli(four, "--seat", "4")
    assert bad.returncode == 2 and "0 to 3" in bad.stderr


def test_review_slices_and_tones_allocate_nothing_on_circuitpython():
    import pytest
    import mplane
    if mplane.binaries() is None:
        if os.environ.get("CI"):
            pytest.fail(mplane.HOW_TO_GET)
        pytest.skip(mplane.HOW_TO_GET)
    r = mplane.run_script(ROOT + "/host_tests/mp_review_alloc.py", "256k", ROOT, timeout=300)
    assert r.returncode == 0 and "PASS" in r.stdout, r.stdout + r.stderr


def test_review_runs_under_every_two_player_preset():
    for name in R.preset_names():
        rules = R.preset(name)
        if rules.players != 2 or rules.unsupported() is not None:
            continue
        d = D.Deal(rules)
        d.new_hand(1, RNG.Rng(9))
        v = PlayerView(d, 0)
        r = RNG.Rng(10)
        while not d.is_over():
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, 0 if d.to_move == 0 else 2, r))
        rev, seen = _review(d)
        assert rev.done() and rev.decisions == len(seen) > 0, name
        for trick, played, better, loss in seen:
            assert 1 <= trick <= rules.deck // 2 and loss >= 0, name
            assert played != better or loss == 0, name
            assert played >= 24 or d.played_by[0] >> played & 1, name   # his own card


def _special_hand(seed, plant):
    """A CLASSIC_66 hand of hard against hard where plant(d) may replace seat 0's
    action (it returns the action, or None for the bot's); returns (deal, the log
    index and trick of the first planted action or None)."""
    d = D.Deal(R.preset("CLASSIC_66"))
    d.new_hand(seed % 2, RNG.Rng(seed))
    v = PlayerView(d, 0)
    r = RNG.Rng(seed + 100)
    first = None
    while not d.is_over():
        v.set_seat(d.to_move)
        a = bot.choose(v, 2, r)
        if d.to_move == 0:
            b = plant(d, a, first is not None)
            if b is not None and b != a:
                if first is None:
                    first = (d.log_len, d.trick_no + 1, b)
                a = b
        d.apply(a)
    return d, first


def _find_special(plant, want_better, seeds=range(1, 120)):
    """The first hand whose planted special mistake seat 0 lost, and its review: the
    review names that decision first (its trick, the action played), the better action
    one of want_better, with a loss of at least half a game point."""
    for seed in seeds:
        d, first = _special_hand(seed, plant)
        if first is None or d.score_delta[0] >= d.score_delta[1]:
            continue                                # no mistake, or not a lost hand
        rev, seen = _review(d)
        if rev.trick != first[1] or rev.played != first[2]:
            continue                                # a costlier decision came after
        assert rev.better in want_better and rev.loss >= 32, (seed, seen)
        assert any(s[:2] == (first[1], first[2]) for s in seen)
        return seed, rev
    raise AssertionError("no planted hand found")


def test_review_names_a_missed_declaration_first():
    # seat 0 has 66 and plays on; he never declares and loses the hand
    def plant(d, a, planted):
        if a == D.A_OUT and d.total(0) >= 66:
            legal = d.legal_cards()
            if legal:
                return cards.lowest(legal)
            return D.A_PASS if d.legal_specials() >> (D.A_PASS - 24) & 1 else None
        return None
    seed, rev = _find_special(plant, (D.A_OUT,))
    text = review.sentence(rev, cards.name)
    assert "declare 66 was better" in text


def test_review_names_a_failed_close_first():
    # seat 0 closes the talon at his first chance and loses the hand
    def plant(d, a, planted):
        if not planted and d.legal_specials() >> (D.A_CLOSE - 24) & 1 and not d.pending_draw:
            return D.A_CLOSE
        return None
    seed, rev = _find_special(plant, tuple(range(24)) + (D.A_EXCHANGE, D.A_OUT)
                              + tuple(range(D.A_MELD, D.A_MELD + 4)))
    assert review.sentence(rev, cards.name).startswith("Trick %d: close the talon - "
                                                       % rev.trick)


def test_review_names_a_skipped_40_first():
    # seat 0 could show the trump marriage and leads its king instead (the 40 is lost)
    def plant(d, a, planted):
        t = d.trump
        if not planted and d.legal_specials() >> (D.A_MELD - 24 + t) & 1:
            return t * 6 + 3
        return None
    seed, rev = _find_special(plant, (D.A_MELD + 0, D.A_MELD + 1, D.A_MELD + 2,
                                      D.A_MELD + 3))
    assert rev.better == D.A_MELD + rev.deal.trump
    assert "marriage" in review.sentence(rev, cards.name)


def test_the_top_decisions_are_kept_costliest_first():
    d, _ = _bot_hand(5)
    rev = review.Review(d.rules)
    rev.start(d, 0)
    for loss in (30, 100, 50, 200, 40, 10, 100):      # card 0 played, card 1 better
        rev.total[0], rev.total[1] = 0, loss
        rev._end(0, 3, 1)
    assert rev.top_n == review.TOP == 3 and rev.decisions == 7
    assert list(rev.top_loss) == [200, 100, 100] and rev.loss == 200
    assert list(rev.top_played) == [0, 0, 0] and list(rev.top_better) == [1, 1, 1]
