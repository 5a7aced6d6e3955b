"""Random-play invariants over 10,000+ seeded hands, copy_into, records and the PRNG."""
import pytest

from invariants import check_state, play_hand
from sixtysix_core import deal as D
from sixtysix_core import notation
from sixtysix_core import rules as R
from sixtysix_core import simple_bots
from sixtysix_core.record import format_record
from sixtysix_core.rng import Rng


def test_ten_thousand_classic_hands_keep_every_invariant():
    rng = Rng(66)
    d = D.Deal()
    scratch = D.Deal()
    reasons = set()
    for hand in range(10000):
        play_hand(d, rng, hand % 2, scratch if hand % 10 == 0 else None)
        reasons.add(D.REASON_NAMES[d.reason])
    # every way a hand can end showed up, so the invariants saw all of them
    assert reasons == set(D.REASON_NAMES) - {"last_trick"}


VARIANTS = [name for name in R.preset_names()
            if R.preset(name).unsupported() is None and R.preset(name).players == 2] + [
    "CLASSIC_66 declare_window=any_own_turn",
    "CLASSIC_66 auto_declare=true",
    "CLASSIC_66 exchange_by=either_between_tricks close_by=either_between_tricks "
    "exchange_requires_trick=false",
    "CLASSIC_66 trump_mode=fixed_hearts",
    "SCHNAPSEN trump_mode=fixed_hearts",
    "CZECH_66 exchange=on exchange_by=either_between_tricks exchange_requires_trick=false",
    "POLISH_HOUSE end_without_declaration=last_trick_wins",
]


def _rules(spec):
    words = spec.split()
    r = R.preset(words[0])
    for item in words[1:]:
        r.set(*item.split("="))
    return r


@pytest.mark.parametrize("spec", VARIANTS)
def test_variants_keep_every_invariant(spec):
    rng = Rng(len(spec))
    d = D.Deal(_rules(spec))
    scratch = D.Deal(_rules(spec))
    for hand in range(600):
        play_hand(d, rng, hand % 2, scratch if hand % 5 == 0 else None)


def test_copy_into_then_same_actions_gives_the_same_hand():
    rng = Rng(7)
    d = D.Deal()
    copy = D.Deal()
    for hand in range(200):
        play_hand(d, rng, hand % 2, check=False)
        replayed = D.Deal()
        replayed.deck[:] = d.deck
        replayed.deal_from_deck(d.dealer)
        replayed.copy_into(copy)
        for i in range(d.log_len):
            copy.apply(d.log_action[i])
        assert copy.same_as(d)


@pytest.mark.parametrize("spec", VARIANTS[:6])
def test_written_records_replay_to_the_same_result(spec):
    rng = Rng(3)
    d = D.Deal(_rules(spec))
    for hand in range(150):
        play_hand(d, rng, hand % 2, check=False)
        answer, replayed = notation.replay(format_record(d))
        assert answer["ok"], (answer["error"], format_record(d))
        assert replayed.same_as(d)
        assert answer["result"]["score_delta"] == [d.score_delta[0], d.score_delta[1]]


def test_same_seed_same_deal_and_shuffle_is_uniform():
    a, b = D.Deal(), D.Deal()
    a.new_hand(0, Rng(12345))
    b.new_hand(0, Rng(12345))
    assert a.same_as(b)
    rng = Rng(1)
    counts = [0] * 24
    buf = bytearray(range(24))
    for _ in range(24000):
        for i in range(24):
            buf[i] = i
        rng.shuffle(buf, 24)
        counts[buf[0]] += 1
    assert min(counts) > 850 and max(counts) < 1150      # 1000 expected per card


def test_rng_known_sequence():
    """The device and the laptop must agree: pin the first values (the MicroPython lane
    checks the same numbers)."""
    rng = Rng(66)
    assert [rng.below(24) for _ in range(8)] == [18, 8, 3, 6, 8, 9, 1, 23]
    rng = Rng(0)
    assert [rng.next() for _ in range(4)] == [16020, 13952, 8171, 27289]


def test_invariant_checker_catches_a_broken_state():
    d = D.Deal()
    d.new_hand(0, Rng(1))
    d.hand[0] |= d.hand[1] & -d.hand[1]            # duplicate one card
    with pytest.raises(AssertionError):
        check_state(d)


def test_fused_playout_makes_the_same_choices_as_the_generic_loop():
    buf = bytearray(40)
    for spec in VARIANTS:
        a, b = D.Deal(_rules(spec)), D.Deal(_rules(spec))
        ra, rb = Rng(11), Rng(11)
        for hand in range(100):
            a.new_hand(hand % 2, ra)
            b.new_hand(hand % 2, rb)
            simple_bots.playout(a, ra)
            while not b.is_over():               # the same policy, one action at a time
                n = b.legal_into(buf)
                choices = [x for x in buf[:n]
                           if x != D.A_OUT or n == 1 or b.total(b.to_move) >= 66]
                b.apply(choices[rb.below(len(choices))])
            a.log_len = b.log_len = 0            # playout() keeps no log
            assert a.same_as(b), spec
            check_state(a)
