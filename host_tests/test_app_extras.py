"""Review, statistics and sound in the handheld app, driven by key presses.

The review page (review_page.py) computes on the "device" slice by slice with a
progress bar and stops on B; its result is the core review's (sixtysix_core/review.py)
of the hand just played.  The statistics (stats.py, stats_page.py) count every hand and
match, survive a restart, reset from their page after a second A, and a damaged block
starts from zero with a note while the game goes on.  Sound (sound.py) plays its cues
on the colour boards' (silent) speaker, can be turned off on the title (kept over a
restart), and the OLED board, which has no speaker, has no such option.
"""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from sixtysix_core import review  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import words  # noqa: E402
from sixtysix_ui import review_page  # noqa: E402
from sixtysix_ui import sound as SOUND  # noqa: E402
from sixtysix_ui import stats as S  # noqa: E402
from helpers import tx_key  # noqa: E402

BOARDS = ("pygamer", "oled")


def _nvm():
    return bytearray(b"\xff" * 8192)


def _to_entry(d, lines, text):
    """Press down until the highlighted row of a page reads `text`."""
    page = d.app.current
    for _ in range(40):
        if page.lines[page.sel] == text:
            return
        d.press("down")
    raise AssertionError("no row %r in %r" % (text, page.lines))


def _summary(board, seed=4, nvm=None):
    d = Driver(board, seed=seed, nvm=nvm if nvm is not None else _nvm())
    d.run("a settle")
    d.play_hand()
    assert d.app.screen == A.S_SUMMARY
    return d


def _open_review(d):
    _to_entry(d, d.app.summary.lines, "Review")
    assert d.app.summary.footer == "A: open"              # not "A: next hand"
    d.press("a")
    assert d.app.screen == A.S_REVIEW


@pytest.mark.parametrize("board", BOARDS)
def test_review_from_the_summary_names_the_costliest_choice(board):
    d = _summary(board)
    d.app.review_done = None
    _open_review(d)
    page = d.app.current
    assert page.footer == "Any button: stop" and page.lines[2].startswith("[")
    bars = set()
    for _ in range(5000):
        if page.rev is None:
            break
        bars.add(page.lines[2])
        d.tick()
    assert page.rev is None and len(bars) > 3            # the bar moved as it worked
    want = review.Review(d.app.rules)
    want.start(d.app.deal, A.HUMAN)
    while want.step():
        pass
    assert page.lines == review_page.result_lines(want.trick, want.played, want.better,
                                                  want.loss, want.decisions)
    first = list(page.lines)
    assert page.footer == ("Right: next  A: back" if want.top_n > 1 else "A: back")
    for k in range(1, want.top_n):                        # right: the next costliest
        d.press("right")
        assert page.lines == review_page.result_lines(
            want.top_trick[k], want.top_played[k], want.top_better[k], want.top_loss[k],
            want.decisions)
        assert not d.app.render.overflow and not d.font.misses
    if want.top_n > 1:
        d.press("right")                                  # and round to the first again
    assert page.lines == first
    assert not d.app.render.overflow and not d.font.misses
    d.press("a")
    assert d.app.screen == A.S_SUMMARY
    import sys
    assert "sixtysix_core.review" not in sys.modules       # its heap is given back
    assert "sixtysix_ui.review_page" not in sys.modules
    assert "sixtysix_core.bot" not in sys.modules           # with its spare Deal
    _open_review(d)                                       # kept: shown at once
    assert d.app.current.rev is None and d.app.current.lines == page.lines
    d.press("b")
    assert d.app.screen == A.S_SUMMARY


def test_review_is_sliced_and_a_button_stops_it(monkeypatch, live_bot):
    d = _summary("pygamer", seed=6)
    d.app.review_done = None
    calls = []
    _open_review(d)
    rev_mod = sys.modules["sixtysix_core.review"]         # the page's (imported on opening)
    real = rev_mod.action_value                           # one slice: one action's value
    monkeypatch.setattr(rev_mod, "action_value", lambda *a: calls.append(1) or real(*a))
    for _ in range(6):
        before = len(calls)
        d.tick()
        assert len(calls) - before <= 1                  # one slice per poll at most
    assert d.app.current.rev is not None and calls
    d.press("b")
    assert d.app.screen == A.S_SUMMARY
    n = len(calls)
    d.idle(500)
    assert len(calls) == n                                # stopped: no work goes on
    assert d.app.review_done is None                      # nothing half-done is kept
    _open_review(d)
    d.tick()
    d.press("left")                                       # a 3-button board has no B
    assert d.app.screen == A.S_SUMMARY
    d.press("a")                                          # the summary goes on as usual
    assert d.app.screen in (A.S_PLAY, A.S_MATCH_END)


def test_review_lines_fit_at_the_longest_values():
    longest = [review_page.result_lines(12, 3 * 6 + 4, 3 * 6 + 4, 6 * 64, 12),
               review_page.result_lines(0, -1, -1, 0, 12), [review_page.bar(99, 100)]]
    for played in range(24, 33):                          # every special, as played or better
        longest.append(review_page.result_lines(12, played, 32, 6 * 64, 12))
        longest.append(review_page.result_lines(12, 3 * 6 + 4, played, 6 * 64, 12))
    for lines in longest:
        for line in lines:
            assert len(line) <= 21, line
    assert review_page.bar(0, 100) == "[..............] 0%"
    assert review_page.bar(100, 100) == "[==============] 100%"


def _open_stats(d):
    if d.app.screen != A.S_TITLE:
        d.run("settle start")
    assert d.app.screen == A.S_TITLE
    _to_entry(d, d.app.title.lines, "Statistics")
    d.press("a")
    assert d.app.screen == A.S_STATS


def _play_match(d):
    d.run("a settle")
    hands = 0
    while d.app.screen != A.S_MATCH_END:
        d.play_hand()
        assert d.app.screen == A.S_SUMMARY
        hands += 1
        d.press("a")
    return hands


@pytest.mark.parametrize("board", BOARDS)
def test_statistics_count_a_match_survive_a_restart_and_reset(board):
    nvm = _nvm()
    d = Driver(board, seed=11, nvm=nvm)
    hands = _play_match(d)
    st = d.app.stats()
    level = d.app.settings.level
    won = d.app.match.winner == A.HUMAN
    assert st.get(0, level, S.C_MATCH_WON) == (1 if won else 0)
    assert st.get(0, level, S.C_MATCH_LOST) == (0 if won else 1)
    counted = st.get(0, level, S.C_HAND_WON) + st.get(0, level, S.C_HAND_LOST)
    assert 0 < counted <= hands
    d.press("a")                                          # back to the title
    e = Driver(board, seed=1, nvm=nvm)                    # a restart reads them back
    assert e.app.stats().counts() == st.counts()
    _open_stats(e)
    page = e.app.current
    assert "66 normal" in page.lines
    assert "Matches %d-%d" % (1 if won else 0, 0 if won else 1) in page.lines
    assert not e.app.render.overflow
    _to_entry(e, page.lines, tx_key("stats", "RESET"))
    e.press("a")
    assert page.lines[page.sel] == tx_key("stats", "SURE")
    e.press("b")                                          # no: nothing is reset
    assert e.app.screen == A.S_STATS and e.app.stats().counts() == st.counts()
    _to_entry(e, page.lines, tx_key("stats", "RESET"))
    e.press("a")
    e.press("a")
    assert e.app.stats().counts() == [0] * S.N
    assert page.footer == "Statistics reset" and "No hands played yet" in page.lines
    assert Driver(board, seed=1, nvm=nvm).app.stats().counts() == [0] * S.N
    _to_entry(e, page.lines, "Back")
    e.press("a")
    assert e.app.screen == A.S_TITLE


def test_damaged_statistics_reset_with_a_note_and_the_game_goes_on():
    nvm = _nvm()
    d = Driver("oled", seed=2, nvm=nvm)
    d.run("a settle")
    d.play_hand()
    d.press("start")
    for i in range(S.REGION, S.REGION + 2 * S.SLOT, 5):
        nvm[i] ^= 0x21
    e = Driver("oled", seed=2, nvm=nvm)
    assert e.app.stats().counts() == [0] * S.N
    assert words.tx(e.app.stats().note) == "Statistics damaged"
    assert e.app.in_match                                 # the game's save is untouched
    _open_stats(e)
    assert e.app.current.footer == "Statistics damaged"
    e.press("b")                                          # back on "Statistics"
    _to_entry(e, e.app.title.lines, tx_key("title", "CONTINUE"))
    e.run("a settle")
    assert e.app.screen == A.S_PLAY
    e.play_hand()
    assert e.app.screen == A.S_SUMMARY
    assert sum(e.app.stats().counts()) >= 1                   # counting again


def test_sound_cues_on_the_tft_and_the_option_is_kept():
    nvm = _nvm()
    d = Driver("pygamer", seed=4, nvm=nvm)
    speaker = d.hw.speaker
    assert d.app.sound is not None and d.hw.speaker_enable.value
    d.run("a settle")
    assert speaker.tones[:1] == [SOUND.TURN[0][0]]        # your turn
    d.play_hand()
    d.idle(1000)
    assert not speaker.playing                            # every cue stops by itself
    tones = speaker.tones
    hz = [note[0] for note in SOUND.HAND_END]
    assert tones[-len(hz):] == hz                         # the hand's end, whole
    trick = [note[0] for note in SOUND.TRICK]
    assert any(tones[i:i + 2] == trick for i in range(len(tones)))
    d.run("a settle start")                               # next hand, then the title
    _to_entry(d, d.app.title.lines, "Sound: on")
    d.press("a")
    assert d.app.title.lines[d.app.title.sel] == "Sound: off"
    assert not d.hw.speaker_enable.value
    e = Driver("pygamer", seed=4, nvm=nvm)                # kept over a restart
    assert not e.app.sound.on and "Sound: off" in e.app.title.lines
    n = len(e.hw.speaker.tones)
    e.run("a settle")
    e.play_hand()
    assert len(e.hw.speaker.tones) == n                   # silent
    assert e.app.prefs & S.PREF_QUIET


def test_marriage_cue():
    snd = SOUND.Sound(_Out())
    snd.play(3)
    for t in range(0, 400, 10):
        snd.poll(t)
    assert snd._out.tones == [note[0] for note in SOUND.MARRIAGE]


class _Out:
    def __init__(self):
        self.tones = []

    def play(self, sample, loop=False):
        self.tones.append(sample.sample_rate // SOUND.SAMPLES)

    def stop(self):
        pass


def test_no_speaker_no_sound_option():
    d = Driver("oled", seed=4, nvm=_nvm())
    assert d.app.sound is None
    assert not any(line.startswith("Sound") for line in d.app.title.lines)
    assert "Statistics" in d.app.title.lines


def test_statistics_go_to_the_matchs_preset_and_level_also_after_a_resume():
    nvm = _nvm()
    d = Driver("oled", seed=3, nvm=nvm)
    d.run("down down a")                                  # Rules: POLISH_HOUSE
    assert d.app.choice.preset == "POLISH_HOUSE"
    d.run("up up a settle")                               # New match
    d.play_hand()
    st = d.app.stats()
    level = d.app.settings.level
    assert st.get(1, level, S.C_HAND_WON) + st.get(1, level, S.C_HAND_LOST) == (
        1 if d.app.deal.winner >= 0 else 0)
    assert sum(st.counts()[:S.LEVELS * S.COUNTERS]) == 0    # nothing under CLASSIC_66
    d.run("a settle start")
    e = Driver("oled", seed=3, nvm=nvm)                   # a restart resumes the match
    assert e.app.in_match and e.app.match_preset == 1
