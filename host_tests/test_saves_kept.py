"""Nothing lost: a match in progress of every kind survives every title action and a
restart, and the nvm bytes between and around the save regions can be damaged without
resuming the wrong match or starting a new one over a valid save (storage.py)."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")]

from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import words  # noqa: E402
from sixtysix_ui import start  # noqa: E402
from sixtysix_ui.storage import INTENT, Storage  # noqa: E402

KINDS = ("CLASSIC_66", "THREE_PLAYER_PL", "FOUR_PLAYER_PL")


def _driver(board, seed, preset, nvm=None):
    size = simhw.TFT_SIZE if board == "pygamer" else simhw.OLED_SIZE
    d = Driver(board, seed=seed, display=simhw.NullDisplay(*size),
               nvm=nvm if nvm is not None else bytearray(b"\xff" * 8192))
    if preset is not None:
        d.new_match(preset)
    return d


def _restart(d):
    """A new App on the same nvm, as after a power cut."""
    d.app = A.App(d.hw, font=d.font, seed=99, record_out=d.records.append)
    d.tick(0)
    return d.app


def _state(app):
    """What must come back: the match's rules, scores and hand count, the hand's deal
    order and log."""
    d = app.deal
    return (app.rules.preset, app.rules.overrides(), tuple(app.match.scores), app.match.hands,
            bytes(d.deck), bytes(d.log_action[:d.log_len]))


def _into_match(d, presses=6):
    """A pressed a few times into the first hand, stopping before its end."""
    for _ in range(presses):
        d.settle()
        if d.app.screen not in (A.S_PLAY, 7) or d.app.deal.log_len > 12:
            break
        d.press("a")
    d.settle()


def _title_entries(d):
    """To the title (Start saves and quits); its entries."""
    for _ in range(4):
        if d.app.screen == A.S_TITLE:
            break
        d.press("start")
        d.settle()
    assert d.app.screen == A.S_TITLE and d.app.in_match
    return list(d.app.title.lines)


def _back_to_title(d):
    """From a page the title opened, back to the title (B, Start or the page's Back)."""
    for key in ("b", "start", "a"):
        if d.app.screen == A.S_TITLE:
            return
        d.press(key)
        d.settle()
    for _ in range(30):
        if d.app.screen == A.S_TITLE:
            return
        d.press("down")
        d.press("a")
        d.settle()


@pytest.mark.parametrize("preset", KINDS)
def test_every_title_action_during_a_match_keeps_it_over_a_restart(preset):
    entries = _title_entries(_driver("pygamer", 4, preset))
    tried = 0
    for k in range(len(entries)):
        for times in (1, 2, 3):
            d = _driver("pygamer", 4, preset)
            _into_match(d)
            lines = _title_entries(d)
            want = _state(d.app)
            if k >= len(lines) or lines[k] in ("Continue match", "New match"):
                continue
            label = lines[k]
            for _ in range(times):
                title = d.app.title
                title.sel = title.lines.index(label) if label in title.lines else k
                d.press("a")
                d.settle()
                _back_to_title(d)
            app = _restart(d)
            assert app.in_match, (preset, label, times, app.storage.note)
            assert _state(app) == want, (preset, label, times)
            assert app.storage.note == 0, (preset, label, app.storage.note)
            tried += 1
    assert tried >= 3 * 8


def _nvm_with_both_kinds(newest):
    """nvm holding a two-player match and a 3-player match, `newest` saved last."""
    other = "THREE_PLAYER_PL" if newest == "CLASSIC_66" else "CLASSIC_66"
    d = _driver("oled", 5, other)
    _into_match(d, 4)
    _title_entries(d)
    app = d.app
    d2 = _driver("oled", 6, None, nvm=d.hw.nvm)
    d2.new_match(newest)
    _into_match(d2, 4)
    _title_entries(d2)
    return d2.hw.nvm, _state(app), _state(d2.app)


@pytest.mark.parametrize("newest", ("CLASSIC_66", "THREE_PLAYER_PL"))
def test_the_newest_save_of_either_kind_starts_and_a_damaged_one_falls_back(newest):
    nvm, older, want = _nvm_with_both_kinds(newest)
    d = _driver("oled", 7, None, nvm=bytearray(nvm))
    assert d.app.in_match and _state(d.app) == want
    # the newest region damaged in both its slots: the other kind's match resumes
    bad = bytearray(nvm)
    base = 0 if newest == "CLASSIC_66" else 1024
    for i in range(base, base + 512):
        bad[i] ^= 0x5A
    d = _driver("oled", 7, None, nvm=bad)
    assert d.app.in_match and _state(d.app) == older
    assert words.tx(d.app.storage.note) == "Old save unreadable"


def test_no_single_damaged_byte_around_the_regions_loses_or_replaces_a_match():
    """Every value of every byte in nvm 1016-1031 (the intent bytes, the ends of the
    choice slot, the 3/4-player region's first header) and every single-bit change
    of each region's header: the newest valid match of either kind resumes, and no new
    match is started over a valid one."""
    for newest in ("CLASSIC_66", "THREE_PLAYER_PL"):
        nvm, older, want = _nvm_with_both_kinds(newest)
        headers = [o + i for o in (0, 256, 1024, 1280) for i in range(13)]
        changes = [(i, v) for i in range(1016, 1032) for v in range(256) if v != nvm[i]]
        changes += [(i, nvm[i] ^ (1 << b)) for i in headers for b in range(8)]
        for i, v in changes:
            mem = bytearray(nvm)
            mem[i] = v
            kind, intent, _ = start.scan(Storage(mem))
            assert not intent, (newest, i, v)
            assert kind in (2, 3), (newest, i, v)
        # the boots themselves, for the bytes that are not inside a slot's image
        for i, v in [c for c in changes if 1016 <= c[0] < 1024][::37]:
            mem = bytearray(nvm)
            mem[i] = v
            d = _driver("oled", 7, None, nvm=mem)
            assert d.app.in_match and _state(d.app) == want, (newest, i, v)


def test_a_valid_intent_starts_a_new_match_only_over_no_match():
    d = _driver("oled", 3, "CLASSIC_66")
    _into_match(d, 4)
    _title_entries(d)
    want = _state(d.app)
    st = Storage(d.hw.nvm)
    start.scan(st)
    s = (st.seq - 1) & 0xFF                 # a well-formed intent for the newest save
    d.hw.nvm[INTENT:INTENT + 2] = bytes((s, s ^ 0xFF))
    assert not start.scan(Storage(d.hw.nvm))[1]     # it holds a match: ignored
    app = _restart(d)
    assert app.in_match and _state(app) == want


@pytest.mark.parametrize("newest", ("CLASSIC_66", "THREE_PLAYER_PL"))
def test_the_title_offers_the_other_kinds_saved_match(newest):
    """Both kinds hold a match: the title continues the newest and offers the other,
    which resumes (and stays resumed after a restart); the one left is offered back."""
    nvm, older, want = _nvm_with_both_kinds(newest)
    d = _driver("oled", 7, None, nvm=bytearray(nvm))
    app = d.app
    other = "Resume %d-pl. match" % (3 if newest == "CLASSIC_66" else 2)
    assert app.in_match and _state(app) == want and app.title.lines[1] == other
    d.press("down")
    d.press("a")
    d.settle()
    app = d.app
    assert app.screen == A.S_TITLE and app.in_match and _state(app) == older
    back = "Resume %d-pl. match" % (2 if newest == "CLASSIC_66" else 3)
    assert app.title.lines[:2] == ["Continue match", back]
    app = _restart(d)
    assert app.in_match and _state(app) == older and app.title.lines[1] == back
    assert app.title.sel == 0
    d.press("a")                            # Continue match: the older one is played on
    d.settle()
    assert app.screen in (A.S_PLAY, 7) and _state(app)[:2] == older[:2]


def test_a_new_match_of_the_other_kind_offers_the_match_it_gave_up():
    """Both kinds hold a match; a new match of the other kind (the laptop switches in
    one heap, a board after a reload) leaves the match given up offered on the title,
    and resuming it brings back that match, not the new one."""
    nvm, older, want = _nvm_with_both_kinds("CLASSIC_66")   # 3 players older, 2 newest
    d = _driver("oled", 7, None, nvm=bytearray(nvm))
    d.new_match("FOUR_PLAYER_PL")
    _into_match(d, 3)
    _title_entries(d)
    app = d.app
    assert app.title.lines[:2] == ["Continue match", "Resume 2-pl. match"]
    app.title.sel = 1
    d.press("a")
    d.settle()
    assert d.app.in_match and _state(d.app) == want
