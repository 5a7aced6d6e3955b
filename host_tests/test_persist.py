"""Save format (sixtysix_core/persist.py): round trips, power cuts, bit flips, junk."""
import random

import pytest

from helpers import bit_flips, torn_writes
from sixtysix_core import deal as D
from sixtysix_ui import words  # noqa: E402
from sixtysix_core import match as M
from sixtysix_core import persist as P
from sixtysix_core import persist_load as PL
from sixtysix_core import rules as R
from sixtysix_core import simple_bots
from sixtysix_core.rng import Rng
from sixtysix_core.view import PlayerView

SUPPORTED = [i for i, name in enumerate(R.preset_names())
             if R.preset(name).unsupported() is None and R.preset(name).players == 2]


def _game(preset_index, seed, actions):
    """A match with a hand in progress after `actions` bot moves (or fewer if it ends)."""
    rules = R.preset(R.preset_names()[preset_index])
    rng = Rng(seed)
    match = M.Match(rules)
    match.start(rng)
    deal = D.Deal(rules)
    deal.new_hand(match.dealer, rng)
    views = (PlayerView(deal, 0), PlayerView(deal, 1))
    for _ in range(actions):
        if deal.is_over():
            break
        deal.apply(simple_bots.random_choose(views[deal.to_move], rng))
    return P.Settings(level=seed % 3, preset=preset_index, auto_draw=seed % 2,
                      reveal=(seed >> 1) % 2), rng, match, deal


def _image(seq, settings, rng, match, deal):
    buf = bytearray(P.SLOT_SIZE)
    n = P.encode_into(buf, seq, settings, rng.get_state(), match, deal)
    assert n <= P.SLOT_SIZE
    return buf


def _same(saved, settings, rng, match, deal):
    assert saved is not None
    assert saved.settings.same_as(settings)
    assert saved.rng_state == rng.get_state()
    for opt_name, _ in R.options():
        assert getattr(saved.rules, opt_name) == getattr(match.rules, opt_name)
    assert saved.match.scores[:2] == match.scores[:2]
    assert (saved.match.dealer, saved.match.target, saved.match.winner) == (
        match.dealer, match.target, match.winner)
    if deal.is_over():
        assert saved.deal is None
    else:
        assert saved.deal.same_as(deal)


@pytest.mark.parametrize("preset_index", SUPPORTED)
def test_round_trip_at_every_point_of_a_hand(preset_index):
    for seed in range(1, 6):
        for actions in range(0, 40, 3):
            settings, rng, match, deal = _game(preset_index, seed, actions)
            buf = _image(7, settings, rng, match, deal)
            _same(PL.decode(buf), settings, rng, match, deal)


def test_largest_image_fits_a_slot():
    settings, rng, match, deal = _game(0, 3, 10)
    deal.log_len = D.LOG_SIZE     # worst case length (content is not replayed here)
    buf = bytearray(P.SLOT_SIZE)
    assert P.encode_into(buf, 1, settings, rng.get_state(), match, deal) <= P.SLOT_SIZE


def test_settings_only_image():
    buf = bytearray(P.SLOT_SIZE)
    P.encode_into(buf, 3, P.Settings(2, 3, 0), Rng(5).get_state())
    saved = PL.decode(buf)
    assert saved.match is None and saved.deal is None and saved.settings.preset == 3


def test_every_single_bit_flip_is_detected():
    settings, rng, match, deal = _game(0, 11, 17)
    buf = _image(9, settings, rng, match, deal)
    n = buf[3] | buf[4] << 8
    for i, bit, bad in bit_flips(buf, n):
        assert PL.decode(bad) is None, (i, bit)


def test_power_cut_at_every_byte_of_a_two_slot_write_sequence():
    """Save after each of a series of positions; cut each write after k bytes (the rest of
    the slot keeps its old bytes, or is garbage) and check the newest valid state is the
    previous save or, only when the slot is complete, the new one."""
    mem = bytearray(b"\xff" * (P.NUM_SLOTS * P.SLOT_SIZE))
    states = (_game(0, 21, actions) for actions in (0, 4, 9, 15, 22, 30))
    for state in torn_writes(mem, P.SLOT_SIZE, states, _next_slot, _image,
                             lambda memory: PL.newest(memory)[1], _same, random.Random(66)):
        _same(PL.newest(mem)[1], *state)


def _next_slot(mem):
    """(slot, seq) of the next two-player save, as the app's start finds them
    (lib/sixtysix_ui/start.py scan, over a Storage of these slots)."""
    from sixtysix_ui import start
    from sixtysix_ui.storage import Storage
    nvm = bytearray(b"\xff" * 8192)
    nvm[:len(mem)] = mem
    st = Storage(nvm)
    start.scan(st)
    return st.slot[0], st.seq


def test_slots_alternate_and_seq_wraps():
    mem = bytearray(P.NUM_SLOTS * P.SLOT_SIZE)
    assert P.blank_at(mem, 0, len(mem))
    settings = P.Settings()
    state = Rng(1).get_state()
    seq = 0xFFFE
    P.encode_into(memoryview(mem)[0:P.SLOT_SIZE], seq, settings, state)
    assert _next_slot(mem) == (1, 0xFFFF)
    P.encode_into(memoryview(mem)[P.SLOT_SIZE:], 0xFFFF, settings, state)
    assert _next_slot(mem) == (0, 0)
    P.encode_into(memoryview(mem)[0:P.SLOT_SIZE], 0, settings, state)
    assert PL.newest(mem)[0] == 0 and not P.blank_at(mem, 0, len(mem))


def test_foreign_and_random_data_never_raise():
    rnd = random.Random(5)
    for _ in range(3000):
        buf = bytearray(rnd.getrandbits(8) for _ in range(P.SLOT_SIZE))
        if rnd.random() < 0.5:
            buf[0:3] = bytes((P.MAGIC0, P.MAGIC1, P.VERSION))
        assert PL.decode(buf) is None
    assert PL.decode(b"") is None and PL.decode(b"66") is None
    assert PL.newest(bytearray(10)) == (-1, None)


def test_checksum_valid_but_illegal_log_is_refused():
    settings, rng, match, deal = _game(0, 4, 12)
    buf = _image(1, settings, rng, match, deal)
    n = buf[3] | buf[4] << 8
    buf[n - 3] = D.A_EXCHANGE if buf[n - 3] != D.A_EXCHANGE else D.A_DRAW
    s1, s2 = P.fletcher16(buf, 0, n - 2)
    buf[n - 2] = s1
    buf[n - 1] = s2
    saved = PL.decode(buf)
    assert saved is None or saved.deal is not None   # refused unless it happened to be legal


# ------------------------------------------------- checksum-valid but impossible content

def _reseal(buf):
    """Recompute the checksum of the image in buf (its length field as it stands)."""
    n = buf[3] | buf[4] << 8
    s1, s2 = P.fletcher16(buf, 0, n - 2)
    buf[n - 2] = s1
    buf[n - 1] = s2
    return buf


def _match_image(preset_index=0, scores=(2, 3), hands=2, in_hand=True, **fields):
    settings, rng, match, deal = _game(preset_index, 5, 6 if in_hand else 0)
    match.scores[0], match.scores[1] = scores
    match.hands = hands
    for name, value in fields.items():
        setattr(match, name, value)
    if not in_hand:
        deal = None
    else:
        deal.dealer = match.dealer          # as the app deals it
    buf = bytearray(P.SLOT_SIZE)
    P.encode_into(buf, 1, settings, rng.get_state(), match, deal)
    return buf


MATCH_AT = P._HEADER + R.NUM_OPTIONS       # offset of the match block


def test_a_possible_match_state_is_accepted():
    saved = PL.decode(_match_image())
    assert saved is not None and saved.match.scores[:2] == [2, 3]


@pytest.mark.parametrize("offset, value, why", [
    (1, 127 + 128, "127 points at target 7 and no winner"),
    (0, 7 + 128, "the target reached and no winner"),
    (3, 0, "target 0"), (3, 1, "target 1"), (3, 255, "target 255"),
    (3, 10, "target 10 while the rules say 7"),
    (2, 2, "dealer 2"),
    (4, 1, "a draw bonus pending while the option is off"),
    (4, 2, "a draw bonus of 2"),
    (5, 0, "two hands cannot give 2:3... with no hands: 2:3 after 0 hands"),
    (7, 2, "the bot named winner at 2:3"),
    (7, 3, "winner seat 2"),
    (0, 128 - 1, "a negative score without the Czech penalty"),
    (8, 1, "the padding byte set"),
])
def test_checksum_valid_impossible_match_is_refused(offset, value, why):
    buf = _match_image()
    buf[MATCH_AT + offset] = value
    assert PL.decode(_reseal(buf)) is None, why


def test_winner_at_zero_and_the_hands_dealer_are_checked():
    buf = _match_image(scores=(0, 0), hands=0, in_hand=False)
    assert PL.decode(buf) is not None
    buf[MATCH_AT + 7] = 1                   # winner seat 0 at 0:0
    assert PL.decode(_reseal(buf)) is None
    buf = _match_image(in_hand=False, scores=(7, 3), hands=4, winner=0)
    assert PL.decode(buf) is None            # the app saves no finished match
    buf = _match_image()
    deal_at = MATCH_AT + 9 + 6
    buf[deal_at] ^= 1                       # the hand's dealer differs from the match's
    assert PL.decode(_reseal(buf)) is None


def test_czech_scores_may_be_negative_but_bounded_by_the_hands():
    czech = R.preset_names().index("CZECH_66")
    assert PL.decode(_match_image(czech, scores=(-6, 3), hands=2)) is not None
    assert PL.decode(_match_image(czech, scores=(-6, 3), hands=1)) is not None
    assert PL.decode(_match_image(czech, scores=(-3, 3), hands=1)) is None   # -3 gives 1 or 2
    assert PL.decode(_match_image(czech, scores=(-13, 0), hands=2)) is None
    assert PL.decode(_match_image(0, scores=(-3, 0), hands=2)) is None


def _with_dealer(preset_index, scores, hands, dealer):
    return _match_image(preset_index, scores=scores, hands=hands, in_hand=False, dealer=dealer)


def test_scores_hands_and_dealer_fit_together():
    at = R.preset_names().index("SCHNAPSEN_AT")           # no draws, dealers alternate
    assert PL.decode(_with_dealer(0, (3, 0), 1, 0)) is not None
    assert PL.decode(_with_dealer(0, (3, 0), 1, 1)) is None  # the winner deals next
    assert PL.decode(_with_dealer(0, (1, 1), 1, 0)) is None  # one hand scores for one seat
    assert PL.decode(_with_dealer(0, (0, 0), 5, 1)) is not None  # five draws
    assert PL.decode(_with_dealer(0, (4, 0), 1, 0)) is None  # a hand gives at most 3
    assert PL.decode(_with_dealer(at, (2, 3), 5, 1)) is not None
    assert PL.decode(_with_dealer(at, (2, 3), 6, 1)) is None  # no draws: 6 hands give >= 6
    assert PL.decode(_with_dealer(at, (0, 0), 1, 0)) is None


def test_rules_the_app_cannot_choose_are_refused():
    buf = _match_image()
    i = P._HEADER
    names = [name for name, _ in R.options()]
    # the app changes match_target, exchange and auto_declare on top of a preset
    for name in PL.APP_OPTIONS:
        ok = bytearray(buf)
        ok[i + names.index(name)] = 1
        ok[MATCH_AT + 3] = R.preset("CLASSIC_66").match_target if name != "match_target" else 6
        assert PL.decode(_reseal(ok)) is not None, name
    for name, value in (("players", 1), ("players", 2), ("scoring", 1), ("deck", 1),
                        ("draw_bonus", 1), ("trump_mode", 2)):
        bad = bytearray(buf)
        bad[i + names.index(name)] = value
        assert PL.decode(_reseal(bad)) is None, (name, value)


def test_settings_out_of_range_are_refused():
    for offset, value in ((8, 3), (9, len(R.preset_names())), (9, 255), (10, 2), (11, 2)):
        buf = _match_image()
        buf[offset] = value
        assert PL.decode(_reseal(buf)) is None, (offset, value)


def test_the_title_may_choose_any_preset_while_the_match_keeps_its_rules():
    """settings.preset is the title's choice for the next match, of any number of
    players: the match in the image keeps its own rules whatever it is."""
    want = PL.decode(_match_image())
    for name in R.preset_names():
        buf = _match_image()
        buf[9] = R.preset_names().index(name)
        got = PL.decode(_reseal(buf))
        assert got is not None, name
        assert got.settings.preset == buf[9] and got.rules.preset == want.rules.preset
        assert got.match.scores == want.match.scores


def test_no_match_block_must_be_zero():
    buf = bytearray(P.SLOT_SIZE)
    P.encode_into(buf, 3, P.Settings(), Rng(5).get_state())
    assert PL.decode(buf) is not None
    buf[MATCH_AT + 1] = 1
    assert PL.decode(_reseal(buf)) is None


def _played_matches(preset_index, seed, hands):
    """Every state a real match passes through, saved as the app saves it (with or without
    a hand in progress, with the title's options changed)."""
    rules = R.preset(R.preset_names()[preset_index])
    rules.exchange = seed % 2
    rules.auto_declare = (seed >> 1) % 2
    rules.set("match_target", ("7", "6", "10")[seed % 3])
    rng = Rng(seed)
    match = M.Match(rules)
    match.start(rng)
    deal = D.Deal(rules)
    settings = P.Settings(level=seed % 3, preset=preset_index)
    views = (PlayerView(deal, 0), PlayerView(deal, 1))
    for _ in range(hands):
        if match.is_over():
            break
        deal.new_hand(match.dealer, rng)
        while not deal.is_over():
            yield settings, rng, match, deal
            deal.apply(simple_bots.random_choose(views[deal.to_move], rng))
        match.record(deal)
        yield settings, rng, None if match.is_over() else match, None   # as the app saves


@pytest.mark.parametrize("preset_index", SUPPORTED)
def test_every_state_of_real_matches_is_accepted(preset_index):
    buf = bytearray(P.SLOT_SIZE)
    count = 0
    for seed in range(1, 4):
        rules = None
        for settings, rng, match, deal in _played_matches(preset_index, seed, 40):
            rules = match.rules if match is not None else rules
            P.encode_into(buf, 1, settings, rng.get_state(), match, deal, rules)
            saved = PL.decode(buf)
            assert saved is not None, match and (match.scores[:2], match.hands, match.dealer)
            count += 1
    assert count > 100


def test_a_damaged_newest_slot_falls_back_with_a_note():
    from sixtysix_ui.storage import Storage
    mem = bytearray(b"\xff" * 8192)
    store = Storage(mem)
    settings, rng, match, deal = _game(0, 3, 4)
    assert store.save(settings, rng.get_state(), match, deal)
    match.scores[1] = 2
    match.hands = 1
    assert store.save(settings, rng.get_state(), match, deal)
    assert PL.newest(mem)[0] == 1
    mem[P.SLOT_SIZE + MATCH_AT + 3] = 0     # newest slot: target 0, checksum made valid
    _reseal(memoryview(mem)[P.SLOT_SIZE:2 * P.SLOT_SIZE])
    slot, saved = PL.newest(mem)
    assert slot == 0 and saved.match.scores[1] == 0 and saved.match.hands == 0
    assert PL.damaged(mem) == 1
    # the app's start resumes that slot and says why (lib/sixtysix_ui/start.py)
    from sixtysix_tools.sim import Driver
    app = Driver("oled", seed=1, nvm=mem).app
    assert app.in_match and app.match.hands == 0 and app.match.scores[1] == 0
    assert words.tx(app.storage.note) == "Skipped a bad save"
