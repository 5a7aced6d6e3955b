"""The handheld app driven by scripted presses and a fake clock (lib/sixtysix_ui/app.py).

Whole matches against the bot on both layouts (real displayio scenes, the TFT stand-in
and the real SSD1306 driver on a fake I2C bus), saving and resuming, teaching messages,
the thinking indicator, and 100,000 random presses per layout.  The random-press runs
render into a NullDisplay (the scene graph is still built and updated, but no pixels are
computed), with the quick greedy bot in place of bot.choose (whose search budget grows
with the bot's strength), so that they stay fast.  Everything else renders real frames
with the real bot.
"""
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import bot  # noqa: E402
from sixtysix_core import cards  # noqa: E402
from sixtysix_core import deal as D  # noqa: E402
from sixtysix_core import persist  # noqa: E402
from sixtysix_core.view import PlayerView  # noqa: E402
from sixtysix_core import simple_bots  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import input as I  # noqa: E402
from sixtysix_ui import table as T  # noqa: E402

BOARDS = ("pygamer", "oled")


def _blank_nvm():
    return bytearray(b"\xff" * 8192)


def _check(app):
    """Invariants that must hold after every step."""
    assert app.screen in (A.S_TITLE, A.S_PLAY, A.S_SUMMARY, A.S_MATCH_END, A.S_HELP,
                          A.S_STATS, A.S_REVIEW)
    d = app.deal
    t = app.table
    assert 0 <= t.cursor <= t.nslots <= 6
    if app.screen == A.S_PLAY:
        assert t.nslots == cards.count(d.hand[A.HUMAN])
        if not d.is_over():
            assert d.hand[0] & d.hand[1] == 0
            assert cards.count(d.hand[0]) - cards.count(d.hand[1]) in (-1, 0, 1)
        if t.popup_items is not None:
            assert 0 <= t.popup_sel < len(t.popup_items)
            assert len(t.popup_items) == len(t.popup_actions)
    if app.screen == A.S_TITLE:
        assert 0 <= app.title.sel < len(app.title.menu)
    assert not app.render.overflow, app.render.overflow
    for s in range(2):
        assert app.match.scores[s] < app.match.target or app.match.is_over() or \
            app.screen == A.S_SUMMARY


def _play_match(driver, limit=60):
    app = driver.app
    driver.run("a settle")               # New match
    hands = 0
    while app.screen != A.S_MATCH_END and hands < limit:
        driver.play_hand()
        assert app.screen == A.S_SUMMARY, app.screen
        _check(app)
        hands += 1
        driver.press("a")
    assert app.screen == A.S_MATCH_END
    assert app.match.winner in (0, 1)
    return hands


@pytest.mark.parametrize("board", BOARDS)
def test_complete_match_against_the_bot(board):
    d = Driver(board, seed=11, nvm=_blank_nvm())
    hands = _play_match(d)
    assert hands >= 2
    assert len(d.records) == hands
    for text in d.records:
        assert text.startswith("BEGIN SIXTYSIX RECORD\n") and text.endswith("END SIXTYSIX RECORD")
    d.press("a")
    assert d.app.screen == A.S_TITLE and not d.app.in_match
    assert not d.font.misses, "non-ASCII text on screen: %r" % d.font.misses


@pytest.mark.parametrize("board", BOARDS)
def test_save_after_each_trick_and_resume(board):
    nvm = _blank_nvm()
    d = Driver(board, seed=4, nvm=nvm)
    d.run("a settle")
    for _ in range(5):
        d.press("a")
        d.settle()
    deal = d.app.deal
    assert deal.trick_no > 1 and not deal.is_over()
    d.run("start")                       # back to the title (saves)
    _, saved = persist.newest(nvm)
    assert saved is not None and saved.deal.same_as(deal)
    e = Driver(board, seed=99, nvm=nvm)  # "power on" again
    assert e.app.in_match and e.app.title.menu[0] == 0
    e.press("a")                         # Continue
    assert e.app.screen == A.S_PLAY
    resumed = e.app.deal
    n = deal.log_len
    assert resumed.deck == deal.deck and resumed.log_action[:n] == deal.log_action[:n]
    if not e.app.busy() and resumed.log_len == n:
        assert resumed.same_as(deal)
    assert e.app.match.scores[:2] == d.app.match.scores[:2]


def test_corrupt_save_starts_fresh_with_a_note():
    nvm = bytearray(os.urandom(8192))
    d = Driver("pygamer", seed=1, nvm=nvm)
    assert not d.app.in_match
    assert d.app.storage.note == "Old save unreadable"
    d.run("a settle")
    assert d.app.screen == A.S_PLAY


def test_no_nvm_disables_saving():
    d = Driver("oled", seed=1, nvm=None)
    d.app.storage.__init__(None)
    assert not d.app.storage.enabled and "off" in d.app.storage.note
    d.run("a settle a settle")


def test_illegal_card_is_refused_with_the_rule_in_words():
    d = Driver("pygamer", seed=8, nvm=_blank_nvm())
    d.run("a settle")
    app = d.app
    deal = app.deal
    rng = app.rng
    views = (PlayerView(deal, 0), PlayerView(deal, 1))
    # Close at once and play on by the engine until the human must follow in phase 2
    # holding a card he may not play.
    for _ in range(200):
        if deal.is_over():
            d.run("a settle a settle")
            deal = app.deal
            views = (PlayerView(deal, 0), PlayerView(deal, 1))
        if (deal.to_move == 0 and deal.phase == D.PH_FOLLOW and deal.trick_phase2
                and deal.legal_cards() != deal.hand[0]):
            break
        if deal.phase == D.PH_LEAD and deal.legal_specials() >> (D.A_CLOSE - 24) & 1:
            deal.apply(D.A_CLOSE)
            continue
        deal.apply(simple_bots.random_choose(views[deal.to_move], rng))
    else:
        pytest.fail("no phase-2 follow found")
    t = app.table
    t.anim_start = -1
    t.after_change()
    bad = deal.hand[0] & ~deal.legal_cards()
    target = [i for i in range(t.nslots) if bad >> t.slots[i] & 1][0]
    while t.cursor != target:
        d.press("right")
    d.press("a")
    text = " ".join(t.toast_lines)
    assert text.startswith("Not now:") and "play" in text
    assert app.deal.hand[0] == deal.hand[0]          # nothing was played
    d.press("b")                                     # any key closes the message
    assert t.toast_lines is None


def test_thinking_indicator_is_on_screen_before_the_bot_thinks(monkeypatch):
    d = Driver("pygamer", seed=2, display=simhw.NullDisplay(160, 128), nvm=_blank_nvm())
    seen = []
    real = bot.choose

    def spy(view, level, rng):
        seen.append((d.app.render._message.text, d.display.refreshes))
        return real(view, level, rng)

    monkeypatch.setattr(bot, "choose", spy)
    d.run("a settle a settle a settle select")
    assert seen
    assert all(text in ("Bot is thinking...", "Thinking...") for text, _ in seen)


def test_cursor_starts_on_a_legal_card_and_hint_moves_it():
    d = Driver("oled", seed=6, nvm=_blank_nvm())
    d.run("a settle")
    app = d.app.table
    assert app.legal >> app.slots[app.cursor] & 1
    d.press("select")
    assert app.message.startswith("Hint")


def test_trick_animation_is_timed_from_now_ms():
    d = Driver("pygamer", seed=6, nvm=_blank_nvm())
    d.run("a settle")
    app = d.app.table
    for _ in range(4):
        if app.anim_start >= 0:
            break
        d.app.step(I.BTN_A, d.now)
        for _ in range(40):
            if app.anim_start >= 0:
                break
            d.tick()
    assert app.anim_start >= 0
    start = app.anim_start
    while app.anim_start >= 0:
        d.tick()
    assert A.ANIM_SHOW_MS + A.ANIM_MOVE_MS <= d.now - start <= A.ANIM_SHOW_MS + A.ANIM_MOVE_MS + 40


def test_title_options_cycle_and_are_saved():
    nvm = _blank_nvm()
    d = Driver("oled", seed=1, nvm=nvm)
    # level, rules (-> POLISH_HOUSE), match to (7 -> 10), swap (off), auto 66 (on),
    # points, draw
    d.run("down a down a down a down a down a down a down a")
    st = d.app.settings
    assert (st.level, st.preset, st.reveal, st.auto_draw) == (2, 1, 1, 0)
    choice = d.app.choice
    assert choice.preset == "POLISH_HOUSE" and choice.match_target == 10
    assert choice.get("exchange") == "off" and choice.auto_declare == 1
    assert choice.close_needs_more_than_two == 1          # the preset's own options stay
    e = Driver("oled", seed=1, nvm=nvm)
    assert e.app.settings.same_as(st)
    assert e.app.choice.overrides() == choice.overrides()
    e.run("a")                                            # New match with those rules
    assert e.app.rules.match_target == 10 and e.app.rules.auto_declare == 1
    assert e.app.match.target == 10 and e.app.deal.opt_auto
    assert not e.app.deal.opt_exchange
    f = Driver("oled", seed=1, nvm=_blank_nvm())
    for _ in range(7):
        f.run("down a")
    f.run("down*%d a" % (len(f.app.title.menu) - 8))  # How to play: the last entry
    assert f.app.screen == A.S_HELP
    f.run("a*6")
    assert f.app.screen == A.S_TITLE


def _play_to_match_end(d, max_steps=3000):
    """Press a (right to reach a popup entry) until the match ends; asserts it does."""
    app = d.app
    t = app.table
    steps = 0
    while app.screen != A.S_MATCH_END and steps < max_steps:
        steps += 1
        d.settle()
        if app.screen == A.S_SUMMARY:
            d.press("a")
        elif t.popup_items is not None:
            # pick the first engine action offered (for a forced choice; "Yes" when asked
            # if sure) or "Back"
            acts = t.popup_actions
            want = (acts.index(T.U_SURE) if T.U_SURE in acts else 0) if t.popup_forced \
                else acts.index(A.U_BACK)
            while t.popup_sel != want:
                d.press("right")
            d.press("a")
        else:
            d.press("a")
    assert app.screen == A.S_MATCH_END


def test_three_buttons_are_enough():
    """left, right and a only (an OLED board with three buttons) still plays a match."""
    d = Driver("oled", seed=12, display=simhw.NullDisplay(128, 64), nvm=_blank_nvm())
    d.run("a settle")
    _play_to_match_end(d)


@pytest.mark.parametrize("board", BOARDS)
def test_100k_random_presses(board, monkeypatch):
    monkeypatch.setattr(bot, "choose", lambda view, level, rng:
                        simple_bots.greedy_choose(view, rng))
    size = (128, 64) if board == "oled" else (160, 128)
    d = Driver(board, seed=21, display=simhw.NullDisplay(*size), nvm=_blank_nvm())
    app = d.app
    rnd = random.Random(board)
    now = 0
    weights = [1, 1, 1, 1, 6, 2, 0.2, 1]
    bits = [1 << i for i in range(8)]
    for i in range(100_000):
        r = rnd.random()
        if r < 0.7:
            b = rnd.choices(bits, weights)[0]
        elif r < 0.75:
            b = rnd.getrandbits(8)
        else:
            b = 0
        now += rnd.choice((1, 16, 50, 200, 600))
        app.step(b, now & 0x1FFFFFFF)
        if i % 7 == 0:
            _check(app)
    _check(app)
    assert not d.font.misses
    assert len(d.records) >= 100          # many hands were played to the end


def test_only_two_player_presets_are_offered():
    from sixtysix_core import rules as R
    names = [R.preset_names()[i] for i in A.supported_presets()]
    assert names[:5] == ["CLASSIC_66", "POLISH_HOUSE", "CZECH_66", "SCHNAPSEN", "SCHNAPSEN_AT"]
    assert all(R.preset(n).players == 2 for n in names)


@pytest.mark.parametrize("preset", A.supported_presets())
def test_every_offered_preset_plays_a_match_to_its_end(preset):
    """Each preset of the title menu: its turns (the loser's declaration turn of CZECH_66,
    the 20-card pack, ...) all reach the player as screens he can answer."""
    from sixtysix_core import rules as R
    d = Driver("pygamer", seed=preset + 3, display=simhw.NullDisplay(160, 128),
               nvm=_blank_nvm())
    app = d.app
    app.settings.preset = preset
    R.preset(R.preset_names()[preset]).copy_into(app.choice)
    app.settings.level = 0
    d.run("a")                                            # New match
    _play_to_match_end(d, max_steps=5000)
    assert app.rules.preset == R.preset_names()[preset]
    assert max(app.match.scores[:2]) >= app.match.target
