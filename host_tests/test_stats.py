"""The statistics block (lib/sixtysix_ui/stats.py): counting, the image, bit flips, power cuts.

Like the game's save (test_persist.py): every single-bit flip of an image is refused, a
write cut after any byte leaves the previous counters or, only when complete, the new
ones, and damaged or foreign bytes reset the counters to zero with a note, never raise.
"""
import random

from helpers import bit_flips, power_cuts
from sixtysix_core import deal as D
from sixtysix_core import persist
from sixtysix_core import rules as R
from sixtysix_ui import stats as S
from sixtysix_ui import words  # noqa: E402


class _Hand:
    def __init__(self, winner, tricks=(3, 2), closer=-1):
        self.winner = winner
        self.tricks = list(tricks) + [0, 0]
        self.closer = closer



def _Stats(nvm):
    """The statistics on a Storage of nvm, as the App makes them."""
    from sixtysix_ui.storage import Storage
    return S.Stats(Storage(nvm))

def _nvm():
    return bytearray(b"\xff" * 8192)


def _set(st, n, value):
    """Counter n of Stats st := value (tests only: the app only adds)."""
    st.image[9 + 2 * n] = value & 0xFF
    st.image[10 + 2 * n] = value >> 8


def test_region_is_clear_of_the_save_and_fits_nvm():
    assert S.REGION >= persist.NUM_SLOTS * persist.SLOT_SIZE
    assert S.REGION + 2 * S.SLOT <= 8192
    assert len(R.preset_names()) <= S.PRESETS
    assert S.N == S.PRESETS * S.LEVELS * S.COUNTERS and S.SLOT == 9 + 2 * S.N + 2
    assert not _Stats(bytearray(1024)).enabled and not _Stats(None).enabled
    assert _Stats(None).save() is False


def test_counting_hands_and_matches():
    st = _Stats(_nvm())
    assert st.note == 0 and st.counts() == [0] * S.N
    st.hand(2, 1, _Hand(0), 0)
    st.hand(2, 1, _Hand(0, (2, 0)), 0)                 # schwarz
    st.hand(2, 1, _Hand(0, (4, 1), closer=0), 0)       # won after closing
    st.hand(2, 1, _Hand(1, (4, 1), closer=0), 0)       # closed and lost
    st.hand(2, 1, _Hand(-1), 0)                         # a draw counts nothing
    st.match(2, 1, True)
    st.match(2, 1, False)
    st.match(2, 1, False)
    assert [st.get(2, 1, k) for k in range(S.COUNTERS)] == [1, 2, 3, 1, 1, 1]
    assert st.get(2, 0, S.C_HAND_WON) == 0 and st.get(1, 1, S.C_HAND_WON) == 0
    assert st.get(9, 1, 0) == 0
    st.hand(99, 1, _Hand(0), 0)                         # out of range: ignored
    _set(st, 0, 65535)
    st.match(0, 0, True)
    assert st.counts()[0] == 65535                      # stops at the top
    _set(st, 1, 65534)
    st.match(0, 0, False)
    assert st.get(0, 0, S.C_MATCH_LOST) == 65535


def test_saved_counters_come_back_and_slots_alternate():
    nvm = _nvm()
    st = _Stats(nvm)
    for i in range(5):
        st.hand(0, 2, _Hand(0), 0)
        assert st.save()
        again = _Stats(nvm)
        assert again.get(0, 2, S.C_HAND_WON) == i + 1 and again.note == 0
    assert nvm[:S.REGION] == b"\xff" * S.REGION          # the game's save area untouched
    assert nvm[S.REGION + 2 * S.SLOT:] == b"\xff" * (8192 - S.REGION - 2 * S.SLOT)
    a = S.valid(nvm, S.REGION)
    b = S.valid(nvm, S.REGION + S.SLOT)
    assert {a, b} == {4, 5}
    st.prefs = S.PREF_QUIET
    st.reset()
    again = _Stats(nvm)
    assert again.counts() == [0] * S.N and again.prefs == S.PREF_QUIET


def _fill_possible(st):
    """Scattered counters that matches can give (Stats.possible): every playable preset
    and level, hands won and lost above the matches, schwarz and close wins within the
    hands won (none with 3 or 4 players)."""
    for p in range(len(R.preset_names())):
        players = R.preset(R.preset_names()[p]).players
        for lv in range(S.LEVELS):
            n = (p * S.LEVELS + lv) * S.COUNTERS
            x = (n * 2654435761) & 0x3FFF
            won, lost = 0x8000 + x, 0x8000 + (x ^ 0x1555)
            for k, v in ((S.C_HAND_WON, won), (S.C_HAND_LOST, lost),
                         (S.C_MATCH_WON, x // 3), (S.C_MATCH_LOST, x // 5),
                         (S.C_SCHWARZ, 0 if players > 2 else x // 7),
                         (S.C_CLOSE_WON, 0 if players > 2 else x // 2)):
                _set(st, n + k, v)


def test_every_single_bit_flip_is_refused():
    st = _Stats(_nvm())
    _fill_possible(st)
    st.prefs = S.PREF_QUIET
    st.finish()
    buf = bytes(st.image)
    assert S.valid(buf, 0) == 1
    mem = _nvm()
    mem[S.REGION:S.REGION + S.SLOT] = buf
    got = _Stats(mem)
    assert got.counts() == st.counts() and got.prefs == S.PREF_QUIET
    for i, bit, bad in bit_flips(buf, S.SLOT):
        assert S.valid(bad, 0) == -1, (i, bit)


def test_power_cut_at_every_byte_of_a_write_sequence():
    nvm = _nvm()
    st = _Stats(nvm)
    junk = random.Random(9)
    prev = None
    for step in range(4):
        st.hand(1, step % 3, _Hand(step % 2), 0)
        expect = st.counts()
        off = S.REGION + st._slot * S.SLOT
        st.finish()
        image = bytes(st.image)
        for trial in power_cuts(nvm, off, S.SLOT, image, junk):
            got = _Stats(trial).counts()
            if trial[off:off + S.SLOT] == image:
                assert got == expect
            elif prev is None:
                assert got == [0] * S.N
            else:
                assert got == prev
        assert st.save()
        assert nvm[off:off + S.SLOT] == image
        prev = expect


def test_damage_resets_to_zero_with_a_note_and_never_raises():
    nvm = _nvm()
    st = _Stats(nvm)
    st.hand(0, 0, _Hand(0), 0)
    st.save()
    st.save()
    for i in range(S.REGION, S.REGION + 2 * S.SLOT, 7):
        nvm[i] ^= 0x10
    got = _Stats(nvm)
    assert got.counts() == [0] * S.N
    assert words.tx(got.note) == "Statistics damaged"
    rnd = random.Random(4)
    for _ in range(300):
        mem = bytearray(rnd.getrandbits(8) for _ in range(8192))
        if rnd.random() < 0.5:
            mem[S.REGION:S.REGION + 3] = b"St\x01"
        assert _Stats(mem).counts() == [0] * S.N
    zero = bytearray(8192)
    assert _Stats(zero).note == 0                   # never written: no note


def test_write_failure_is_a_note():
    class Broken(bytearray):
        def __setitem__(self, key, value):
            raise OSError("nvm write failed")
    st = _Stats(Broken(b"\xff" * 8192))
    assert st.save() is False and words.tx(st.note) == "Could not save stats"


def test_page_lines_fit_a_scrolling_page_row_at_the_largest_values():
    st = _Stats(_nvm())
    from sixtysix_ui.app import supported_presets
    from sixtysix_ui.stats_page import lines
    presets = supported_presets()
    assert lines(st, presets) == ["No hands played yet"]
    for n in range(S.N):
        _set(st, n, 65535)
    rows = lines(st, presets)
    assert len(rows) == len(presets) * S.LEVELS * 5
    assert max(len(r) for r in rows) <= 19, max(rows, key=len)
    assert "Schnapsen AT normal" in rows and "Matches 65535-65535" in rows


def test_a_real_deal_is_counted():
    from sixtysix_core import rng as RNG
    from sixtysix_core import simple_bots as SB
    from sixtysix_core.view import PlayerView
    d = D.Deal(R.RuleSet())
    r = RNG.Rng(2)
    d.new_hand(0, r)
    view = PlayerView(d, 0)
    while not d.is_over():
        view.set_seat(d.to_move)
        d.apply(SB.greedy_choose(view, r))
    st = _Stats(_nvm())
    st.hand(0, 1, d, 0)
    assert st.get(0, 1, S.C_HAND_WON) == (1 if d.winner == 0 else 0)
    assert st.get(0, 1, S.C_HAND_LOST) == (1 if d.winner == 1 else 0)


def test_impossible_counters_are_a_damaged_block():
    """A checksum-valid block whose counters no matches can give is refused: the
    counters start from zero with the note, as for a damaged one."""
    def block(change):
        st = _Stats(_nvm())
        _fill_possible(st)
        change(st)
        st.finish()
        mem = _nvm()
        mem[S.REGION:S.REGION + S.SLOT] = st.image
        return mem
    ok = _Stats(block(lambda st: None))
    assert ok.note == 0 and ok.counts() != [0] * S.N
    n = (2 * S.LEVELS + 1) * S.COUNTERS           # CZECH_66, normal
    three = (R.preset_names().index("THREE_PLAYER_PL") * S.LEVELS) * S.COUNTERS
    cases = {
        "50 schwarz with no hand won": lambda st: (_set(st, n + S.C_HAND_WON, 0),
                                                   _set(st, n + S.C_SCHWARZ, 50)),
        "more matches won than hands": lambda st: _set(st, n + S.C_MATCH_WON, 0xFFFF),
        "more matches lost than hands": lambda st: _set(st, n + S.C_MATCH_LOST, 0xFFFF),
        "close wins over hands won": lambda st: _set(st, n + S.C_CLOSE_WON, 0xFFFF),
        "a preset that does not exist": lambda st: _set(st, (S.PRESETS - 1) * S.LEVELS
                                                        * S.COUNTERS + S.C_HAND_WON, 1),
        "schwarz with 3 players": lambda st: _set(st, three + S.C_SCHWARZ, 1),
        "an unknown preference bit": lambda st: setattr(st, "prefs", 128),
        "a language that does not exist": lambda st: setattr(st, "prefs", 6 << 1),
    }
    assert len(R.preset_names()) < S.PRESETS
    for why, change in cases.items():
        got = _Stats(block(change))
        assert got.counts() == [0] * S.N, why
        assert words.tx(got.note) == "Statistics damaged", why
