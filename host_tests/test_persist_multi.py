"""3/4-player save format (sixtysix_core/persist_multi.py): the match, round trips at every
step of random matches, bit flips, truncation, torn writes, and what the app could not
have written."""
import itertools
import random

import pytest

from helpers import bit_flips, rules_with, torn_writes
from invariants import choose_random
from sixtysix_core import persist as P
from sixtysix_core import persist_load as PL
from sixtysix_core import persist_multi as PM
from sixtysix_core import rules as R
from sixtysix_core.deal_multi import _ARRAYS, _SCALARS, DealMulti
from sixtysix_core.rng import Rng

VARIANTS = [
    ("THREE_PLAYER_PL", {}),
    ("THREE_PLAYER_PL", {"three_player_mode": "each_for_self"}),
    ("THREE_PLAYER_PL", {"declare_window": "after_any_trick", "match_target": 10}),
    ("FOUR_PLAYER_PL", {}),
    ("FOUR_PLAYER_PL", {"warszawa_order": "partner_first", "partner_meld": True}),
    ("FOUR_PLAYER_PL", {"four_player_trump": "bottom_card", "scoring": "czech",
                        "declare_window": "any_own_turn"}),
]


def _settings(rules, seed):
    return P.Settings(level=seed % 3, preset=R.preset_names().index(rules.preset),
                      auto_draw=seed % 2, reveal=(seed >> 1) % 2)


def _states(preset, opts, seed):
    """Every step of one random match: (settings, rng state, match, deal) after each
    action, and after each hand's end (the next hand dealt, nothing played)."""
    rules = rules_with(preset, **opts)
    rng = Rng(seed)
    m = PM.MatchMulti(rules)
    m.start(rng)
    d = DealMulti(rules)
    st = _settings(rules, seed)
    while True:
        d.new_hand(m.dealer, rng)
        yield st, rng.get_state(), m, d
        while not d.is_over():
            d.apply(choose_random(d, rng))
            yield st, rng.get_state(), m, d
        m.record(d)
        yield st, rng.get_state(), m, d
        if m.is_over():
            return


def _image(seq, st, state, m, d):
    buf = bytearray(PM.SLOT_SIZE)
    n = PM.encode_into(buf, seq, st, state, m, d)
    assert n <= PM.SLOT_SIZE
    return buf


def _same(saved, st, state, m, d):
    assert saved is not None, PM.why
    assert saved.settings.same_as(st) and saved.rng_state == state
    for name, _ in R.options():
        assert getattr(saved.rules, name) == getattr(m.rules, name)
    sm = saved.match
    assert (sm.scores, sm.first_dealer, sm.dealer, sm.hands, sm.target, sm.winners) == (
        m.scores, m.first_dealer, m.dealer, m.hands, m.target, 0)
    if d.is_over():
        assert saved.deal is None
    else:
        _same_deal(saved.deal, d)


def _same_deal(a, b):
    """Every field of DealMulti b in a (the trick and the log up to their lengths: a
    reused DealMulti keeps the last hand's bytes past them)."""
    for name in _SCALARS:
        assert getattr(a, name) == getattr(b, name), name
    for name in _ARRAYS:
        x, y = list(getattr(a, name)), list(getattr(b, name))
        if name == "trick_cards":
            x, y = x[:a.trick_n], y[:b.trick_n]
        elif name.startswith("log_"):
            x, y = x[:a.log_len], y[:b.log_len]
        assert x == y, name


@pytest.mark.parametrize("preset,opts", VARIANTS)
def test_round_trip_at_every_step_of_random_matches(preset, opts):
    steps = 0
    for seed in range(1, 5):
        for st, state, m, d in _states(preset, opts, seed):
            if m.is_over():
                continue
            _same(PM.decode(_image(steps & 0xFFFF, st, state, m, d)), st, state, m, d)
            steps += 1
    assert steps > 200


def test_match_scoring_and_end():
    rules = rules_with("FOUR_PLAYER_PL")
    m = PM.MatchMulti(rules, first_dealer=3)
    rng = Rng(4)
    d = DealMulti(rules)
    while not m.is_over():
        d.new_hand(m.dealer, rng)
        while not d.is_over():
            d.apply(choose_random(d, rng))
        before = list(m.scores)
        dealer = m.dealer
        m.record(d)
        assert m.dealer == (dealer + 1) % 4
        assert [m.scores[s] - before[s] for s in range(4)] == d.score_delta
        assert m.scores[0] == m.scores[2] and m.scores[1] == m.scores[3]
    top = max(m.scores)
    assert top >= 7 and m.winners == sum(1 << s for s in range(4) if m.scores[s] == top)
    assert m.winners in (0b0101, 0b1010)


def _reachable(rules, max_hands):
    """{(scores, hands)} of every match state below the target, by playing out every
    hand result the rules allow (the brute force possible() must agree with)."""
    n = rules.players
    each = n == 3 and rules.three_player_mode == 1
    results = []
    for g in (1, 2, 3):
        if n == 4:
            results += [(g, 0, g, 0), (0, g, 0, g)]
        elif not each:
            for k in range(3):
                results.append(tuple(g if s == k else 0 for s in range(3)) + (0,))
                results.append(tuple(0 if s == k else g for s in range(3)) + (0,))
    if each:
        results.append((0, 0, 0, 0))                        # a draw
        for p in range(2, 7):
            for k in range(3):
                results.append(tuple(p if s == k else 0 for s in range(3)) + (0,))
    target = rules.match_target
    layer = {(0, 0, 0, 0)}
    seen = set()
    for h in range(max_hands + 1):
        seen |= {(s, h) for s in layer}
        layer = {tuple(a + b for a, b in zip(s, r)) for s in layer for r in results}
        layer = {s for s in layer if max(s) < target}
    return seen


@pytest.mark.parametrize("preset,opts", [
    ("THREE_PLAYER_PL", {}), ("THREE_PLAYER_PL", {"three_player_mode": "each_for_self"}),
    ("FOUR_PLAYER_PL", {}), ("THREE_PLAYER_PL", {"match_target": 10})])
def test_possible_is_exactly_the_reachable_scores(preset, opts):
    rules = rules_with(preset, **opts)
    n = rules.players
    max_hands = 12
    reach = _reachable(rules, max_hands)
    target = rules.match_target
    count = 0
    for scores in itertools.product(range(target), repeat=n):
        scores = scores + (0,) * (4 - n)
        for h in range(max_hands + 1):
            m = PM.MatchMulti(rules, first_dealer=1)
            m.scores[:] = scores
            m.hands = h
            m.dealer = (1 + h) % n
            assert PM.possible(m) == ((scores, h) in reach), (scores, h)
            count += (scores, h) in reach
            m.dealer = (2 + h) % n                          # not the dealer of hand h
            assert not PM.possible(m)
    assert count > 50


def _real_image(seed=11, steps=25, preset="FOUR_PLAYER_PL"):
    for k, (st, state, m, d) in enumerate(_states(preset, {}, seed)):
        if k == steps:
            return _image(9, st, state, m, d), (st, state, m, d)
    raise AssertionError("match too short")


def _accepted_possible(saved):
    """What an accepted image must be: a state the app could have written."""
    assert PM.app_rules(saved.rules)
    assert saved.match is None or PM.possible(saved.match)
    if saved.deal is not None:
        d = DealMulti(saved.rules)
        d.deck[:] = saved.deal.deck
        d.deal_from_deck(saved.match.dealer)
        for k in range(saved.deal.log_len):
            assert d.is_legal(saved.deal.log_action[k])
            d.apply(saved.deal.log_action[k])
        assert not d.is_over()


@pytest.mark.parametrize("preset", ["THREE_PLAYER_PL", "FOUR_PLAYER_PL"])
def test_every_single_bit_flip_and_truncation_is_detected(preset):
    buf, _ = _real_image(preset=preset)
    n = buf[3] | buf[4] << 8
    for i, bit, bad in bit_flips(buf, n):
        assert PM.decode(bad) is None, (i, bit)
        assert PM.why
    for k in range(n):
        assert PM.decode(buf[:k]) is None
        cut = bytearray(buf[:k]) + bytearray(b"\xff" * (PM.SLOT_SIZE - k))
        assert PM.decode(cut) is None


def test_torn_writes_keep_the_previous_save():
    mem = bytearray(b"\xff" * (PM.NUM_SLOTS * PM.SLOT_SIZE))
    junk = random.Random(66)
    states = [_snap(*s) for k, s in enumerate(_states("THREE_PLAYER_PL", {}, 21))
              if k % 7 == 0]
    for _ in torn_writes(mem, PM.SLOT_SIZE, states[:6], PM.next_slot, _image,
                         lambda memory: PM.newest(memory)[1], _same, junk, 3):
        assert PM.damaged(mem) == 0
    junk_slot = bytearray(mem)
    slot, _ = PM.newest(mem)
    other = (1 - slot) * PM.SLOT_SIZE
    junk_slot[other:other + PM.SLOT_SIZE] = bytes(junk.getrandbits(8) for _ in range(256))
    assert PM.damaged(junk_slot) == 1 and PM.newest(junk_slot)[0] == slot
    assert not PM.blank(junk_slot) and PM.blank(bytearray(b"\xff" * 512))


def _snap(st, state, m, d):
    """A copy of a step of _states (which goes on changing m and d)."""
    m2 = PM.MatchMulti(m.rules)
    for name in ("first_dealer", "dealer", "hands", "target", "winners"):
        setattr(m2, name, getattr(m, name))
    m2.scores[:] = m.scores
    d2 = DealMulti(m.rules)
    d.copy_into(d2)
    return st, state, m2, d2


def _patched(buf, *changes):
    """buf with bytes set ((i, value), ...) and the checksum made right again (the
    forger's image)."""
    out = bytearray(buf)
    for i, value in changes:
        out[i] = value
    n = out[3] | out[4] << 8
    out[n - 2], out[n - 1] = P.fletcher16(out, 0, n - 2)
    return out


def test_what_the_app_could_not_have_written_is_refused():
    buf, (st, state, m, d) = _real_image(steps=40)
    assert PM.decode(buf) is not None and m.hands >= 1
    k = 13 + R.NUM_OPTIONS
    bad = {
        "partners": _patched(buf, (k + 0, m.scores[0] + 1)),
        "match end": _patched(buf, (k + 0, 7), (k + 2, 7)),
        "dealer": _patched(buf, (k + 5, (m.dealer + 1) % 4)),
        "first dealer": _patched(buf, (k + 4, 4)),
        "hands": _patched(buf, (k + 6, m.hands + 4 * 9), (k + 5, m.dealer)),
        "target": _patched(buf, (k + 8, 10)),
        "level": _patched(buf, (8, 3)),
        "preset": _patched(buf, (9, len(R.preset_names()))),
        "option": _patched(buf, (13 + [n for n, _ in R.options()].index("exchange"), 1)),
        "players": _patched(buf, (13, 1)),
        "flags": _patched(buf, (7, 2)),
        "rng": _patched(buf, (k + 10, 0xFF)),
    }
    # an action the engine refuses on replay: the first card played, replaced by a card
    # of the hand's other seats
    log = k + 9 + 6 + 24 + 1
    assert buf[log - 1] > 3
    first = buf[log]
    other = next(c for c in range(24) if c != first and c != buf[log + 1])
    bad["illegal"] = _patched(buf, (log, other))
    for what, image in bad.items():
        assert PM.decode(image) is None, what
        assert PM.why, what
    # a two-player image is no 3/4-player save, and the reverse
    two = bytearray(P.SLOT_SIZE)
    P.encode_into(two, 1, P.Settings(), (1, 1, 1))
    assert PM.decode(two) is None and PL.decode(buf) is None


def test_the_finished_hand_and_match_are_not_saved():
    for st, state, m, d in _states("FOUR_PLAYER_PL", {}, 5):
        if d.is_over():
            saved = PM.decode(_image(1, st, state, m, d))
            assert saved.deal is None                       # the next hand is dealt on resume
            if m.is_over():                                 # nothing after the match end:
                assert saved.match is None                  # no match, its rules kept
                assert saved.rules.players == 4


def test_settings_only_image_and_no_match():
    rules = rules_with("THREE_PLAYER_PL", match_target=10)
    buf = bytearray(PM.SLOT_SIZE)
    st = _settings(rules, 4)
    PM.encode_into(buf, 3, st, Rng(5).get_state(), rules=rules)
    saved = PM.decode(buf)
    assert saved.match is None and saved.deal is None and saved.rules.match_target == 10
    assert PM.why == ""


def test_random_junk_is_refused_or_possible():
    buf, _ = _real_image()
    r = random.Random(3)
    n = buf[3] | buf[4] << 8
    for _ in range(3000):
        bad = bytearray(buf)
        for _k in range(r.randint(1, 4)):
            bad[r.randrange(n)] = r.getrandbits(8)
        if r.random() < 0.5:
            bad[n - 2], bad[n - 1] = P.fletcher16(bad, 0, n - 2)   # forged checksum
        saved = PM.decode(bad)
        if saved is not None:
            _accepted_possible(saved)


def _bench_fuzz():
    import os
    import sys
    tools = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    from sixtysix_tools.lab import bench_fuzz
    return bench_fuzz


def test_bench_fuzz_small_accepts_nothing_impossible(capsys):
    """A small `bench fuzz` of 3/4-player saves: damage detected, no checksum-valid
    mutation accepted that its oracle finds impossible."""
    assert _bench_fuzz().fuzz_multi_saves(2000, 7, sample=2, matches=1) == 0
    out = capsys.readouterr().out
    assert ": 0 not detected" in out and "0 of them impossible" in out


@pytest.mark.parametrize("preset,opts", [
    ("THREE_PLAYER_PL", {}), ("THREE_PLAYER_PL", {"three_player_mode": "each_for_self"}),
    ("FOUR_PLAYER_PL", {"match_target": 10})])
def test_possible_equals_the_bench_oracle(preset, opts):
    oracle = _bench_fuzz().MultiOracle()
    rules = rules_with(preset, **opts)
    n = rules.players
    for scores in itertools.product(range(rules.match_target), repeat=n):
        scores = scores + (0,) * (4 - n)
        for h in range(0, 14):
            m = PM.MatchMulti(rules, first_dealer=0)
            m.scores[:] = scores
            m.hands = h
            m.dealer = h % n
            assert PM.possible(m) == oracle.reached(rules, scores, h), (scores, h)


def test_a_full_heap_is_not_a_damaged_save(monkeypatch):
    """MemoryError while replaying the hand goes up to the caller: a good save must not
    be refused (and then overwritten) because the heap was full."""
    buf, _ = _real_image()

    def full(rules):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(PM, "DealMulti", full)
    with pytest.raises(MemoryError):
        PM.decode(buf)
    monkeypatch.undo()
    assert PM.decode(buf) is not None
