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

from sixtysix_core import cards  # noqa: E402
from sixtysix_core import deal as D  # noqa: E402
from sixtysix_core import persist_load  # noqa: E402
from sixtysix_core.view import PlayerView  # noqa: E402
from sixtysix_core import simple_bots  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import words  # noqa: E402
from sixtysix_ui import words_load  # noqa: E402
from sixtysix_ui import input as I  # noqa: E402
from sixtysix_ui import table as T  # noqa: E402
from sixtysix_ui import texts  # noqa: E402
from sixtysix_ui import texts_end  # noqa: E402
from sixtysix_ui.render import wrap  # noqa: E402
from helpers import open_menu, to_menu_entry, tx_id, tx_key  # noqa: E402

BOARDS = ("pygamer", "oled")
ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGS = tuple(c for c in ("en", "pl", "cs", "de", "et")
              if os.path.exists(os.path.join(ROOT_DIR, "lib", "sixtysix_ui", "lang", c + ".txt")))


def _blank_nvm():
    return bytearray(b"\xff" * 8192)


def _at_table(board, seed):
    """A new match on board (a blank NVM, the Driver's seed): (driver, app, its table)."""
    d = Driver(board, seed=seed, nvm=_blank_nvm())
    d.run("a settle")
    return d, d.app, d.app.table


def _check(app):
    """Invariants that must hold after every step."""
    assert app.screen in (A.S_TITLE, A.S_PLAY, A.S_SUMMARY, A.S_MATCH_END, A.S_HELP,
                          A.S_STATS, A.S_REVIEW, 7, 8)    # 7 trump_page, 8 house_page
    d = app.deal
    t = app.table
    n = app.rules.players                      # the title also starts 3- and 4-player matches
    # the table is dropped while the title or a hand's end shows (App.show_title,
    # App.finish_hand) and made for the play
    assert t is not None or app.screen not in (A.S_PLAY, 7), app.screen
    if t is None:
        return
    assert 0 <= t.cursor <= t.nslots <= (8 if n > 2 else 6)
    if app.screen == A.S_PLAY:
        assert t.nslots == cards.count(d.hand[A.HUMAN])
        if not d.is_over():
            for s in range(1, n):
                assert d.hand[0] & d.hand[s] == 0
                assert cards.count(d.hand[0]) - cards.count(d.hand[s]) in (-1, 0, 1)
        if t.popup_items is not None:
            assert 0 <= t.popup_sel < len(t.popup_items)
            assert len(t.popup_items) == len(t.popup_actions)
    if app.screen == A.S_TITLE:
        assert 0 <= app.title.sel < len(app.title.menu)
    if app.screen == 8:                 # the house rules of 3 and 4 players
        assert app.choice.players > 2 and app.choice.unsupported() is None
        assert 0 <= app.current.sel < len(app.current.lines)
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
    _, saved = persist_load.newest(nvm)
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
    nvm = bytearray(random.Random(7).randbytes(8192))
    nvm[1022] = nvm[1023] = 0xFF        # storage.py's KIND and INTENT bytes: not set
    d = Driver("pygamer", seed=1, nvm=nvm)
    assert not d.app.in_match
    assert words.tx(d.app.storage.note) == "Old save unreadable"
    d.run("a settle")
    assert d.app.screen == A.S_PLAY


def test_no_nvm_disables_saving():
    d = Driver("oled", seed=1, nvm=None)
    d.app.storage.__init__(None)
    assert not d.app.storage.enabled and "off" in words.tx(d.app.storage.note)
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


def test_thinking_indicator_is_on_screen_before_the_bot_thinks(monkeypatch, live_bot):
    d = Driver("pygamer", seed=2, display=simhw.NullDisplay(160, 128), nvm=_blank_nvm())
    seen = []
    real = live_bot.choose

    def spy(view, level, rng):
        seen.append((d.app.render._message.text, d.display.refreshes))
        return real(view, level, rng)

    monkeypatch.setattr(live_bot, "choose", spy)
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
    extra = T.BOT_WON_MS if app.anim_winner == A.BOT else 0     # the bot leads next
    while app.anim_start >= 0:
        d.tick()
    assert T.ANIM_SHOW_MS + T.ANIM_MOVE_MS + extra <= d.now - start <= \
        T.ANIM_SHOW_MS + T.ANIM_MOVE_MS + extra + 40


def test_title_options_cycle_and_are_saved():
    nvm = _blank_nvm()
    d = Driver("oled", seed=1, nvm=nvm)
    # level, rules (-> POLISH_HOUSE), match to (7 -> 10), swap (off), auto 66 (on),
    # points (shown for a new player -> hidden), draw
    assert d.app.settings.reveal == 1
    d.run("down a down a down a down a down a down a down a")
    st = d.app.settings
    assert (st.level, st.preset, st.reveal, st.auto_draw) == (2, 1, 0, 0)
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
    f.run("down*%d a" % (len(f.app.title.menu) - 9))  # How to play: before Learn 66
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
                else acts.index(T.U_BACK)
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


@pytest.mark.slow
@pytest.mark.parametrize("board", BOARDS)
def test_100k_random_presses(board, monkeypatch, live_bot):
    monkeypatch.setattr(live_bot, "choose", lambda view, level, rng:
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


def test_the_two_player_presets_then_the_three_and_four_player_ones_are_offered():
    from sixtysix_core import rules as R
    names = [R.preset_names()[i] for i in A.supported_presets()]
    assert names[:5] == ["CLASSIC_66", "POLISH_HOUSE", "CZECH_66", "SCHNAPSEN", "SCHNAPSEN_AT"]
    assert all(R.preset(n).players == 2 for n in names[:5])
    assert names[5:] == ["THREE_PLAYER_PL", "FOUR_PLAYER_PL"]       # issue 12


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


# ---------------------------------------------------------------- issue 10: the traps

def _human_turn(d, want, limit=4000, chooser=None):
    """Play on by key presses (A on the cursor's card; A on forced menus' default) until
    want(app) holds at a moment the human is to act; pytest.fail if it never does."""
    app = d.app
    t = app.table
    for _ in range(limit):
        d.settle()
        if app.screen == A.S_MATCH_END:
            d.press("a")
            d.run("a")
        if app.screen == A.S_SUMMARY:
            d.press("a")
            continue
        if app.screen != A.S_PLAY:
            d.press("a")
            continue
        if t.popup_items is None and t.toast_lines is None and want(app):
            return app
        if t.popup_items is not None or t.toast_lines is not None:
            d.press("a")
        elif chooser is not None and chooser(d):
            continue
        else:
            d.press("a")
    pytest.fail("the position asked for never came")


def _deal_to(d, want, limit=2000):
    """Set a position up through the engine (random legal moves for both seats from a
    new hand) until want(deal) holds with the human to act; then the table shows it."""
    app = d.app
    rng = random.Random(5)
    for _ in range(limit):
        deal = app.deal
        if deal.is_over():
            deal.new_hand(app.match.dealer, app.rng)
            continue
        if deal.to_move == A.HUMAN and want(deal):
            app.table.anim_start = -1
            app.table.enter()
            return deal
        v = PlayerView(deal, deal.to_move)
        acts = [a for a in range(D.NUM_ACTIONS) if v.is_legal(a) and a != D.A_OUT]
        deal.apply(rng.choice(acts) if acts else D.A_OUT)
    pytest.fail("no such position")


@pytest.mark.parametrize("board", BOARDS + ("three",))
def test_cards_played_by_suit_on_easy_and_normal_not_on_hard(board):
    """The menu's "Cards played" lists every card played this hand, a suit a line, high
    to low, and nothing else; against hard there is no such entry."""
    for level in (0, 1, 2):
        d = Driver(board, seed=3, nvm=_blank_nvm())
        d.app.settings.level = level
        d.run("a settle")
        deal = _deal_to(d, lambda g: g.trick_no >= 4 and g.phase == D.PH_LEAD
                        and not g.pending_draw)
        t = d.app.table
        open_menu(d, board)
        if level == 2:
            assert tx_key("table", "MENU_PLAYED") not in t.popup_items
            continue
        assert to_menu_entry(d, board, T.U_PLAYED)
        d.press("a")
        played = deal.played_by[0] | deal.played_by[1]
        lines = " ".join(t.toast_lines).split(":")
        assert [line.split()[-1] for line in lines[:-1]] == ["Clubs", "Spades", "Hearts",
                                                              "Diamonds"]
        for s in range(4):
            words = lines[s + 1].split()
            words = words[:-1] if s < 3 else words
            want = [texts.rank(r) for r in range(5, -1, -1) if played >> (s * 6 + r) & 1]
            assert words == (want or ["-"]), (s, words, want)
        assert not d.app.render.overflow
        d.press("a")
        assert t.toast_lines is None


@pytest.mark.parametrize("board", BOARDS + ("three",))
def test_take_back_my_card_against_easy(board):
    """Against easy the menu's "Take back my card" puts the hand back as it was before
    the human's last card (with the marriage shown with it), saved: the same hand,
    talon and points, the human to play; against normal there is no such entry."""
    for level in (0, 1):
        nvm = _blank_nvm()
        d = Driver(board, seed=4, nvm=nvm)
        d.app.settings.level = level
        d.run("a settle")
        app = d.app
        deal = _deal_to(d, lambda g: g.trick_no >= 3 and g.phase == D.PH_LEAD
                        and not g.pending_draw and g.legal_specials() & (15 * D.B_MELD))
        before = D.Deal(app.rules)
        deal.copy_into(before)
        s = next(s for s in range(4) if deal.is_legal(D.A_MELD + s))
        deal.apply(D.A_MELD + s)                    # a marriage and its king, as A does
        deal.apply(next(c for c in range(24) if deal.is_legal(c)))
        t = app.table
        t.enter()
        d.settle()                                  # the bot answers
        assert deal.log_len > before.log_len + 1
        open_menu(d, board)
        if level == 1:
            assert tx_key("table", "MENU_TAKE_BACK") not in t.popup_items
            continue
        assert to_menu_entry(d, board, T.U_TAKE_BACK)
        d.press("a")
        assert deal.same_as(before), "the hand is not as it was before the card"
        assert t.message == tx_key("table", "TAKEN_BACK") or \
            t.note == tx_key("table", "TAKEN_BACK")
        e = Driver(board, seed=4, nvm=nvm)          # and so it was saved
        e.run("a")
        assert e.app.deal.same_as(before)
        assert not app.render.overflow


def _to_popup_entry(d, action):
    t = d.app.table
    for _ in range(20):
        if t.popup_actions[t.popup_sel] == action:
            return
        d.press("down")
    pytest.fail("no entry %r in %r" % (action, t.popup_items))


@pytest.mark.parametrize("board", BOARDS)
def test_menu_never_opens_on_a_losing_action_and_a_short_66_asks(board):
    d, app, t = _at_table(board, 3)
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and g.talon_state != D.OPEN
                    and g.total(0) < 66 and not g.legal_specials() & ~(D.B_OUT | D.B_CLOSE))
    d.press("b")
    assert t.popup_items is not None
    assert t.popup_actions[t.popup_sel] not in (D.A_OUT, D.A_CLOSE)
    _to_popup_entry(d, D.A_OUT)
    d.press("a")                                    # Declare 66! with fewer than 66
    assert t.popup_lines[0] == tx_key("table", "SURE_TITLE")
    assert t.popup_actions[t.popup_sel] == T.U_BACK  # "No" first
    d.press("a")
    assert not deal.is_over() and t.popup_items is None and app.screen == A.S_PLAY
    d.press("b")
    _to_popup_entry(d, D.A_OUT)
    d.press("a")
    _to_popup_entry(d, T.U_SURE)
    d.press("a")                                    # yes: declared, and lost
    assert deal.is_over() and deal.winner == A.BOT
    assert deal.reason in (D.REASON_FALSE_DECLARATION, D.REASON_CLOSER_FAILED)


def test_with_66_the_menu_opens_on_declare_and_does_not_ask():
    d = Driver("pygamer", seed=3, nvm=_blank_nvm())
    d.run("a settle")
    t = d.app.table
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and g.total(0) >= 66
                    and g.legal_specials() & D.B_OUT)
    d.press("b")
    assert t.popup_actions[t.popup_sel] == D.A_OUT
    d.press("a")
    assert deal.is_over() and deal.winner == 0 and deal.reason == D.REASON_DECLARED


@pytest.mark.parametrize("board", BOARDS)
def test_turn_text_after_continue_and_resume_when_the_bot_led(board):
    nvm = _blank_nvm()
    d = Driver(board, seed=9, nvm=nvm)
    d.run("a settle")
    app = _human_turn(d, lambda a: a.deal.phase == D.PH_FOLLOW and a.deal.leader == A.BOT)
    lead = app.deal.lead_card
    assert app.table.message in (tx_key("table", "FOLLOW"), app.table.bot_note)
    d.run("start a")                                # title, Continue
    assert app.screen == A.S_PLAY
    assert app.table.message in (tx_key("table", "FOLLOW"), app.table.bot_note)
    assert app.table.message != tx_key("table", "LEAD") and app.table.trick_bot == lead
    d.run("start")                                  # saved; power on again
    e = Driver(board, seed=1, nvm=nvm)
    e.run("a")
    t = e.app.table
    assert t.message == tx_key("table", "FOLLOW") and t.trick_bot == lead and t.cursor_visible


def _bot_prefers(monkeypatch, special):
    """The app's bot takes `special` (an action or a meld) whenever it may (the bot's
    modules kept loaded: conftest.live_bot)."""
    import importlib
    from sixtysix_ui import kind_two
    monkeypatch.setattr(kind_two, "_BOT_MODULES", ())
    bot = importlib.import_module("sixtysix_core.bot")
    real = bot.choose

    def choose(view, level, rng):
        if view.seat == A.BOT:
            for a in special:
                if view.is_legal(a):
                    return a
        return real(view, level, rng)

    monkeypatch.setattr(bot, "choose", choose)


@pytest.mark.parametrize("board", BOARDS)
def test_the_bots_marriage_stays_named_until_the_players_move(board, monkeypatch):
    _bot_prefers(monkeypatch, range(D.A_MELD, D.A_MELD + 4))
    nvm = _blank_nvm()
    d = Driver(board, seed=4, nvm=nvm)
    d.run("a settle")
    app = _human_turn(d, lambda a: a.deal.melds[A.BOT] and a.deal.phase == D.PH_FOLLOW
                      and a.deal.log_action[a.deal.log_len - 2] >= D.A_MELD)
    deal = app.deal
    suit = deal.log_action[deal.log_len - 2] - D.A_MELD
    pts = 40 if suit == deal.trump else 20
    t = app.table
    assert texts.suit(suit) in t.message and str(pts) in t.message
    assert t.message.startswith("Bot:")
    d.run("wait:5000")                              # nobody presses: it stays
    assert texts.suit(suit) in t.message
    d.run("start")                                  # and after a restart
    e = Driver(board, seed=1, nvm=nvm)
    e.run("a")
    assert e.app.table.message == t.message
    d, app, t = e, e.app, e.app.table
    d.press("b")                                    # and the menu can say it again
    assert tx_key("table", "MENU_BOT") in t.popup_items
    _to_popup_entry(d, T.U_BOTS)
    d.press("a")
    said = " ".join(t.toast_lines)
    assert "marriage in %s (%d)" % (texts.suit(suit), pts) in said
    d.press("b")
    d.press("a")                                    # the player's card: gone
    d.settle()
    assert texts.suit(suit) not in t.message or "You" in t.message
    assert not app.render.overflow


def test_the_bots_swap_and_close_stay_until_the_players_move(monkeypatch):
    _bot_prefers(monkeypatch, (D.A_EXCHANGE, D.A_CLOSE))
    d = Driver("oled", seed=2, nvm=_blank_nvm())
    d.run("a settle")
    app = _human_turn(d, lambda a: a.deal.closer == A.BOT and a.deal.phase == D.PH_FOLLOW
                      and a.deal.log_action[a.deal.log_len - 2] == D.A_CLOSE)
    t = app.table
    assert t.message == "Bot closed the talon"
    d.run("wait:3000")
    assert t.message == "Bot closed the talon"
    said = texts.bot_moves(app.deal)
    assert "closed the talon" in said
    if app.deal.log_seat[:app.deal.log_len].count(A.BOT) and D.A_EXCHANGE in [
            app.deal.log_action[i] for i in range(app.deal.log_len)
            if app.deal.log_seat[i] == A.BOT]:
        assert "swapped the 9" in said


@pytest.mark.parametrize("board", BOARDS)
def test_last_trick_reviewable_until_a_card_is_led(board):
    """RULES.md R22: the last trick until a card is led to the next one, never after."""
    d, _, t = _at_table(board, 9)
    d.press("up")
    assert t.message == tx_key("table", "NO_TRICK")
    app = _human_turn(d, lambda a: a.deal.phase == D.PH_FOLLOW and a.deal.leader == A.BOT
                      and a.deal.trick_no > 1)
    lead = app.deal.lead_card
    d.press("up")                                   # the bot has led: closed (R22)
    assert not t.show_last and t.message == tx_key("table", "TRICK_CLOSED")
    assert t.trick_bot == lead and t.trick_me == D.NO_CARD
    d.press("b")
    assert tx_key("table", "MENU_LAST") not in t.popup_items
    d.press("b")
    d.run("start")                                  # and a restart does not show it
    e = Driver(board, seed=1, nvm=d.app.storage.nvm)
    e.run("a up")
    t = e.app.table
    assert not t.show_last and t.message == tx_key("table", "TRICK_CLOSED") and t.trick_bot == lead
    app = _human_turn(e, lambda a: a.deal.phase == D.PH_LEAD and a.deal.trick_no > 1)
    lead, follow, _ = app.deal.last_trick
    e.press("up")                                   # the player's own lead: until he leads
    assert t.show_last and {t.trick_bot, t.trick_me} == {lead, follow}
    e.press("left")
    assert not t.show_last


def _bot_wins_a_trick(d, three=False):
    """Play on by presses until a trick the bot won is on the table (it leads next)."""
    app = d.app
    t = app.table
    for _ in range(3000):
        if app.screen == A.S_MATCH_END:
            d.run("a a")
        elif app.screen != A.S_PLAY or t.popup_items is not None or t.toast_lines:
            d.press("a")
        elif t.anim_start >= 0 and t.anim_winner == A.BOT and not app.deal.is_over():
            return app
        elif app.deal.to_move == A.HUMAN and not app.busy():
            # a legal card (after the bot's close not every card is), not the Menu slot
            on_legal = t.cursor < t.nslots and t.legal >> t.slots[t.cursor] & 1
            d.press("a" if on_legal else "right")
        else:
            d.tick()
    pytest.fail("the bot never won a trick")


@pytest.mark.parametrize("board", BOARDS + ("three",))
def test_a_trick_the_bot_won_can_be_looked_at_before_it_leads(board):
    d = _three_button_driver(9) if board == "three" else Driver(board, seed=9,
                                                                nvm=_blank_nvm())
    look = "right" if board == "three" else "up"
    d.run("a settle")
    app = _bot_wins_a_trick(d)
    t = app.table
    lead, follow, winner = app.deal.last_trick
    assert winner == A.BOT and {t.trick_bot, t.trick_me} == {lead, follow}
    d.idle(T.ANIM_SHOW_MS + 200)                    # longer than another trick: still there
    assert t.anim_start >= 0 and t.bot_x == app.layout.TRICK_BOT[0]
    d.press(look)                                   # look at it: the bot waits
    assert t.show_last and t.message == tx_key("table", "LAST_BOTS") and not app.busy()
    assert {t.trick_bot, t.trick_me} == {lead, follow}
    d.run("wait:5000")
    assert t.show_last and app.deal.lead_card == D.NO_CARD and app.deal.to_move == A.BOT
    d.press("a")                                    # closed: the bot leads
    assert not t.show_last
    d.settle()
    assert app.deal.lead_card != D.NO_CARD or app.deal.leader == A.HUMAN
    if app.deal.leader == A.BOT and app.deal.lead_card != D.NO_CARD:
        d.press(look)                               # a card is led: closed (R22)
        assert not t.show_last
    # after the animation, in the pause before the bot's lead, the same
    app = _bot_wins_a_trick(d)
    while t.anim_start >= 0:
        d.tick()
    assert app.deal.to_move == A.BOT and app.deal.lead_card == D.NO_CARD
    d.press(look)
    assert t.show_last
    d.run("wait:3000")
    assert app.deal.lead_card == D.NO_CARD
    e = Driver("oled" if board == "three" else board, seed=1, nvm=app.storage.nvm)
    e.run("a " + look)                              # saved after the trick: reviewable
    t = e.app.table
    assert e.app.screen == A.S_PLAY and e.app.deal.lead_card == D.NO_CARD and t.show_last
    assert {t.trick_bot, t.trick_me} == set(e.app.deal.last_trick[:2])


@pytest.mark.parametrize("board", BOARDS)
def test_both_trick_cards_slide_to_the_winners_side(board):
    d, app, t = _at_table(board, 6)
    L = app.layout
    seen = set()
    for _ in range(400):
        if len(seen) == 2:
            break
        if app.screen != A.S_PLAY:
            d.press("a")
            continue
        t = app.table                           # a new one each hand (App.enter_play)
        app.step(I.BTN_A, d.now)
        d.tick()
        while app.busy() and t.anim_start < 0:
            d.tick()
        if t.anim_start < 0:
            continue
        winner = t.anim_winner
        path = []
        while t.anim_start >= 0:
            path.append((t.bot_x, t.bot_y, t.me_x, t.me_y))
            d.tick()
        pile = L.PILE_ME if winner == A.HUMAN else L.PILE_BOT
        end = path[-1]
        assert (end[0], end[1]) == pile and (end[2], end[3]) == pile
        for _bx, by, _mx, my in path:               # never over the status line
            assert by >= L.TRICK_BOT[1] - 1 and my >= L.TRICK_BOT[1] - 1
        seen.add(winner)
        d.settle()
    assert seen == {A.HUMAN, A.BOT}


@pytest.mark.parametrize("board", BOARDS)
def test_hint_is_whole_preselects_and_is_the_same_for_the_same_position(board):
    d, app, t = _at_table(board, 6)
    app = _human_turn(d, lambda a: a.deal.phase == D.PH_FOLLOW)
    t.cursor = (t.cursor + 1) % t.ring()
    d.press("select")
    first = t.message
    card = t.slots[t.cursor]
    assert first == tx_key("table", "HINT_CARD") % texts.card_words(card)
    d.press("right")
    d.press("select")
    assert t.message == first and t.slots[t.cursor] == card     # the same answer
    assert not app.render.overflow
    d.press("a")
    assert app.deal.played_by[0] >> card & 1                     # A plays what it said
    # an action: the menu opens on it (the bot always swaps the nine when it may)
    _deal_to(d, lambda g: g.phase == D.PH_LEAD and g.legal_specials() & D.B_EXCHANGE
             and not g.pending_draw)
    d.press("select")
    assert t.popup_items is not None and t.popup_lines[0] == tx_key("table", "HINT_TITLE")
    assert t.popup_actions[t.popup_sel] == D.A_EXCHANGE
    nine = app.deal.exchange_card()
    d.press("a")
    assert not app.deal.hand[0] >> nine & 1 and app.deal.log_action[
        app.deal.log_len - 1] == D.A_EXCHANGE


def test_oled_illegal_cards_sit_lower_than_legal_ones():
    d = Driver("oled", seed=8, nvm=_blank_nvm())
    d.run("a settle")
    app = d.app
    t = app.table
    _deal_to(d, lambda g: g.phase == D.PH_FOLLOW and g.legal_cards() != g.hand[0]
             and cards.count(g.legal_cards()) >= 2)
    d.press("right")
    d.press("left")
    grids = app.render._hand
    ys = {}
    for i in range(t.nslots):
        if i != t.cursor:
            ys[t.legal >> t.slots[i] & 1] = ys.get(t.legal >> t.slots[i] & 1, set()) | {
                grids[i].y}
    assert ys.get(0) and ys.get(1) and not ys[0] & ys[1]
    rows = d.rows()                                 # and the frame shows it
    y_legal = min(ys[1])
    x_of = [grids[i].x for i in range(t.nslots)]
    bad = [i for i in range(t.nslots) if not t.legal >> t.slots[i] & 1 and i != t.cursor][0]
    x = x_of[bad] + 5
    assert rows[y_legal][3 * x] == 0                # the illegal card's top border is lower
    assert rows[y_legal + app.layout.ILLEGAL_DROP][3 * x] == 255


def _fits(render, place, text):
    place.set("")
    del render.overflow[:]
    place.set(text)
    return not render.overflow


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", BOARDS)
def test_every_text_fits_its_place_at_the_longest_values(board, lang):
    """Each string the app can show, in the place it is shown, at the longest values, in
    every language."""
    from sixtysix_core import explain
    from sixtysix_core import rules as R
    from sixtysix_core.match import Match
    from sixtysix_ui import help as H
    d = Driver(board, seed=1, nvm=_blank_nvm(), lang=lang)
    app = d.app
    r = app.render
    bad = []

    def check(place, text, where):
        if not _fits(r, place, text):
            bad.append((where, text))

    deal = app.deal
    from sixtysix_tools.catalog import Catalog
    en = Catalog(lang)
    width = Catalog("en").widths()
    table = [(k, v) for (s, k), v in en.texts().items() if s == "table" and "%" not in v]
    fixed = [v for k, v in table if width[("table", k)] == 21]
    messages = fixed + [en.texts()[("table", "HINT_CARD")] % texts.card_words(c) for c in range(24)]
    for seat in (0, 1):
        for a in range(24, D.NUM_ACTIONS):
            for trump in range(4):
                deal.trump = trump
                messages.append(texts.did(seat, a, deal, app.layout.CHARS))
    for text in messages:
        check(r._message, text, "message")
    for text in ("You 12  Bot 12  of 10", "You 10  Bot 10  to go"):
        check(r._status, text, "status")
    for text in ("closed", "12 left"):
        check(r._talon_text, text, "talon")
    check(r._points, "230 pt", "points")
    check(r._more, app.kind.table().menu_label, "menu")     # (a table: made for the play)
    check(r._more, "Menu", "menu")
    popup = [v for k, v in table if width[("table", k)] == 19]
    for trump in range(4):
        deal.trump = trump
        popup += [texts.action_label(a, deal, r.popup_chars) for a in range(24, D.NUM_ACTIONS)]
    r._overlays(True)                               # built only while the table shows one
    for text in popup:
        del r.overflow[:]
        r._popup.show([text] * 12, 0)               # a long menu: it scrolls
        if r.overflow:
            bad.append(("popup", text))
    # the message box: every refusal the app can give, wrapped to the box
    rng = random.Random(board)
    for _ in range(300):
        g = D.Deal(app.rules)
        g.new_hand(rng.randrange(2), app.rng)
        while not g.is_over():
            v = PlayerView(g, g.to_move)
            if g.to_move == 0:
                for c in range(24):
                    if g.hand[0] >> c & 1 and not g.is_legal(c):
                        k, legal = explain.card_reason(g, c)
                        lines = wrap(words_load.refusal(words.tx, k, legal,
                                                        texts.card_words),
                                     r.toast_chars, [])
                        for line in lines:
                            del r.overflow[:]
                            r._toast.show(lines, -1)
                            if r.overflow:
                                bad.append(("toast", line))
            acts = [a for a in range(D.NUM_ACTIONS) if v.is_legal(a)]
            g.apply(rng.choice(acts))
    lines = []
    cat = en.texts()
    for i in range(H.PAGES):
        check(r._page_header, cat[("help", "PAGE%d_H" % (i + 1))], "header")
        lines += cat[("help", "PAGE%d" % (i + 1))].split("\\n")
    long_match = Match(app.rules)
    long_match.scores[0] = long_match.scores[1] = 12
    long_match.winner = 1
    head, rows = texts_end.match_end(long_match)
    check(r._page_header, head, "header")
    lines += rows
    for (sec, key), text in cat.items():
        if sec == "end" and not key.startswith(("HDR_", "A_")):
            lines.append(text.replace("%d", "120" if "pts" in key.lower() else "12"))
        elif sec == "end" and key.startswith("HDR_"):
            check(r._page_header, text, "header")
    title = app.title
    for preset in A.supported_presets():
        app.settings.preset = preset
        R.preset(R.preset_names()[preset]).copy_into(app.choice)
        for target in ("7", "10", "6"):
            app.choice.set("match_target", target)
            app.in_match = True
            title.enter()
            del r.overflow[:]
            r._page_rows.show(title.lines, len(title.lines) - 1)
            if r.overflow:
                bad.append(("title", title.lines))
            check(r._page_footer, title.footer, "footer")
    for text in lines:
        check(r._page_rows.lines[0], text, "page row")
    for (sec, key), text in cat.items():
        if (sec, key) in (("help", "FOOTER"), ("title", "FOOTER"), ("title", "NEXT_MATCH")) \
                or sec in ("start",) or sec == "end" and key.startswith("A_"):
            check(r._page_footer, text, "footer")
    assert not bad, bad


class _BrokenNvm(bytearray):
    def __setitem__(self, key, value):
        raise OSError(5, "write failed")


@pytest.mark.parametrize("board", BOARDS)
def test_page_footers_show_the_notes(board):
    for seed in range(2):                           # nvm of random bytes: not our saves
        junk = bytearray(random.Random(seed).randbytes(8192))
        junk[1023] = 0xFF       # (0x4E there asks the start for a new match: storage.py)
        if seed == 1:
            junk[1022] = 0x4D                       # as if the latest save were 3/4 players
        d = Driver(board, seed=1, nvm=junk)
        assert d.app.screen == 0 and not d.app.in_match, seed   # the title, no match
        assert d.app.render._page_footer.text == "Old save unreadable", seed
    d = Driver(board, seed=1, nvm=None)
    d.app.storage.__init__(None)
    d.app.show_title()
    d.tick()
    assert d.app.render._page_footer.text.startswith("Saving is off")
    d = Driver(board, seed=1, nvm=_BrokenNvm(b"\xff" * 8192))
    d.run("down a")                                 # change an option: saving fails
    assert d.app.render._page_footer.text == "Could not save"
    d = Driver(board, seed=5, nvm=_blank_nvm())
    d.run("a settle b")
    _to_popup_entry(d, D.A_OUT)
    d.run("a")
    _to_popup_entry(d, T.U_SURE)
    d.run("a")
    assert d.app.screen == A.S_SUMMARY
    footer = d.app.render._page_footer
    assert footer.text == "A: next hand"
    assert footer.grid.y + 10 <= d.app.layout.HEIGHT      # ink rows 2..9 on screen
    assert not d.app.render.overflow


def test_summary_says_declared_only_when_declared():
    """The last trick ending the hand at 66 (R16) is "reached 66", not "declared"."""
    for seed in range(1, 60):
        d = Driver("pygamer", seed=seed, display=simhw.NullDisplay(160, 128),
                   nvm=_blank_nvm())
        d.run("a settle")
        d.play_hand()
        deal = d.app.deal
        if deal.reason == D.REASON_DECLARED and deal.log_action[deal.log_len - 1] < 24:
            assert d.app.screen == A.S_SUMMARY
            assert d.app.summary.lines[0] == tx_key("end", ("YOU_REACHED", "BOT_REACHED")
                                                    [deal.winner])
            break
    else:
        pytest.fail("no hand ended by its last trick at 66")
    d = Driver("pygamer", seed=3, nvm=_blank_nvm())
    d.run("a settle")
    _deal_to(d, lambda g: g.phase == D.PH_LEAD and g.total(0) >= 66
             and g.legal_specials() & D.B_OUT)
    d.run("b a")
    assert d.app.summary.lines[0] == "You declared 66"


def test_an_option_changed_during_a_match_is_kept_for_the_next_match():
    nvm = _blank_nvm()
    d = Driver("oled", seed=1, nvm=nvm)
    d.run("a settle a settle start")               # a match in progress, on the title
    assert d.app.title.menu[0] == 0                 # Continue
    d.run("down*4 a")                               # Match to: 7 -> 10
    assert d.app.choice.match_target == 10 and d.app.rules.match_target == 7
    assert d.app.title.footer == "Options: next match"
    e = Driver("oled", seed=1, nvm=nvm)             # restart
    assert e.app.in_match and e.app.choice.match_target == 10
    assert "Match to: 10" in e.app.title.lines
    e.run("a")                                      # Continue: still the match to 7
    assert e.app.match.target == 7 and e.app.rules.match_target == 7
    e.run("start down a")                           # New match: to 10
    assert e.app.match.target == 10


def _three_button_driver(seed):
    """A board with left, right and A only (key numbers as in sim.KEY_NAMES)."""
    return Driver("three", seed=seed, nvm=_blank_nvm())


def test_by_hand_draw_with_the_cursor_on_menu_draws():
    d = _three_button_driver(3)
    app = d.app
    t = app.kind.table()                            # the table the play will show
    assert t.menu_slot and t.menu_label == "Menu"
    d.run("right*7 a left*7")                       # Draw: by hand
    assert app.settings.auto_draw == 0
    d.run("a")
    app = _human_turn(d, lambda a: a.deal.pending_draw and a.deal.phase == D.PH_LEAD)
    t = app.table
    while t.cursor != t.nslots:
        d.press("right")
    assert t.message == tx_key("table", "DRAW")
    d.press("a")
    assert not app.deal.pending_draw and t.popup_items is None


def test_title_menu_shows_that_it_scrolls_and_the_cards_stay_clear():
    d = Driver("pygamer", seed=1, nvm=_blank_nvm())
    r = d.app.render
    rows = r._page_rows
    first, last = rows.lines[0].grid.y, rows.lines[-1].grid.y
    assert rows._mark.text == "v" and rows._mark.grid.y == last
    d.run("up")                                     # to the last entry
    assert rows._mark.text == "^" and rows._mark.grid.y == first
    L = d.app.layout
    bar_right = rows._bar.x + rows._bar.width * rows._bar.tile_width
    for grid in r._deco:
        assert not grid.hidden and grid.x * L.CARD_SCALE >= bar_right
    e = Driver("oled", seed=1, nvm=_blank_nvm())
    assert e.app.render._page_rows._mark.text == "v"


def test_sound_hook_gets_the_tables_events():
    d = Driver("pygamer", seed=6, nvm=_blank_nvm())
    heard = []

    class Sound:
        def play(self, kind):
            heard.append(kind)

        def poll(self, now):                    # App.step polls the sound (sound.py)
            pass

    d.app.sound = Sound()
    d.run("a settle")
    for _ in range(6):
        d.play_hand()
        d.press("a")
        if T.EV_TRICK_WON in heard:
            break
    assert T.EV_TURN in heard and T.EV_HAND_END in heard
    assert T.EV_TRICK_WON in heard


def test_title_and_summary_take_more_entries():
    """The hook points for more screens: Title.add and App.summary_extra."""
    d = Driver("pygamer", seed=5, nvm=_blank_nvm())
    app = d.app
    called = []
    del app.title.extra[:]                      # the app's own entries (statistics, sound,
    del app.summary_extra[:]                    # review: test_app_extras.py) aside
    app.title.add(tx_id("title", "STATISTICS"), lambda: called.append("stats"))
    app.summary_extra.append((tx_id("end", "REVIEW"), lambda: called.append("review")))
    app.show_title()
    lines = app.title.lines
    assert lines[-3:] == ["Statistics", "How to play", "Learn 66"]
    d.run("up*3 a")
    assert called == ["stats"] and app.screen == A.S_TITLE
    d.run("down*3 a settle b")                      # New match; declare at once
    _to_popup_entry(d, D.A_OUT)
    d.run("a")
    _to_popup_entry(d, T.U_SURE)
    d.run("a")
    s = app.summary
    assert app.screen == A.S_SUMMARY and s.lines[s.sel] == "Next hand"
    assert s.lines[-1] == "Review"
    d.run("down a")
    assert called == ["stats", "review"] and app.screen == A.S_SUMMARY
    d.run("up a")
    assert app.screen == A.S_PLAY and app.match.hands == 1
    assert not app.render.overflow


@pytest.mark.parametrize("board", BOARDS)
def test_the_nine_and_a_marriage_card_can_be_led_alone(board, monkeypatch, live_bot):
    """A on the trump nine swaps and A on a marriage's K or Q shows it (the shortcut);
    the menu has an entry that leads that card alone (B opens it on the swap or the
    marriage: test_b_then_a_on_the_nine_or_a_marriage_card_keeps_the_swap_or_the_marriage)."""
    d, app, t = _at_table(board, 3)
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw
                    and g.legal_specials() & D.B_EXCHANGE)
    nine = deal.exchange_card()
    assert t.slots[t.cursor] == nine                # the sensible card: A would swap
    d.press("b")
    _to_popup_entry(d, T.U_ALONE + nine)
    assert t.popup_items[t.popup_sel] == "Lead 9, no swap"
    n = deal.log_len
    d.press("a")
    assert deal.log_action[n] == nine and deal.hand[0] >> nine & 1 == 0
    assert D.A_EXCHANGE not in [deal.log_action[i] for i in range(n, deal.log_len)]
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw
                    and g.legal_specials() & (15 << (D.A_MELD - 24)))
    king = t.slots[t.cursor] + 1                    # the cursor is on the queen
    t.cursor = [t.slots[i] for i in range(t.nslots)].index(king)
    # the hint says: lead the king alone; the menu opens on that entry
    monkeypatch.setattr(live_bot, "choose", lambda view, level, rng: king)
    d.press("select")
    assert t.popup_lines[0] == tx_key("table", "HINT_TITLE")
    assert t.popup_actions[t.popup_sel] == T.U_ALONE + king
    assert "K " + texts.suit(king // 6) in t.popup_items[t.popup_sel]
    n = deal.log_len
    d.press("a")
    assert deal.log_action[n] == king              # led first: no marriage
    assert not app.render.overflow


# ------------------------------------------------- no press throws a won hand away

def _marriage_to_66(g):
    """The human leads and shows a marriage now credited to 66 or more (suit), else -1."""
    if g.phase != D.PH_LEAD or g.pending_draw or not g.tricks[0] or \
            not g.legal_specials() & D.B_OUT:
        return -1
    for s in range(4):
        if g.legal_specials() >> (D.A_MELD - 24 + s) & 1 and \
                g.total(0) + (40 if s == g.trump else 20) >= 66 > g.total(0):
            return s
    return -1


def test_a_marriage_that_reaches_66_is_declared_before_anything_is_led():
    """Seed 7: A on Q clubs shows the 40 (74 points) and must not lead the queen: the
    menu opens on Declare 66, and A wins the hand."""
    d = Driver("pygamer", seed=7, nvm=_blank_nvm())
    d.run("a settle a settle a settle")
    deal = d.app.deal
    t = d.app.table
    assert _marriage_to_66(deal) == deal.trump == 0         # clubs
    n = deal.log_len
    d.run("a settle")
    assert deal.log_len == n + 1 and deal.log_action[n] == D.A_MELD
    assert deal.lead_card == D.NO_CARD and deal.total(0) >= 66
    assert t.popup_items is not None and t.popup_actions[t.popup_sel] == D.A_OUT
    assert t.popup_lines[0] == tx_key("table", "GOT_66")
    d.press("a")
    assert deal.is_over() and deal.winner == 0 and deal.reason == D.REASON_DECLARED


@pytest.mark.parametrize("board", BOARDS + ("three",))
def test_a_marriage_to_66_from_the_card_or_the_menu_offers_the_declaration(board):
    d, app, _ = _at_table(board, 5)
    for via_menu in (False, True):
        deal = _deal_to(d, lambda g: _marriage_to_66(g) >= 0, limit=60000)
        t = app.table                               # a new table each hand (enter_play)
        suit = _marriage_to_66(deal)
        if via_menu:
            t.cursor = t.nslots if t.menu_slot else 0
            d.press("a" if t.menu_slot else "b")
            _to_popup_entry(d, D.A_MELD + suit)
        else:
            t.cursor = [t.slots[i] for i in range(t.nslots)].index(suit * 6 + 3)   # K
        n = deal.log_len
        d.press("a")
        assert deal.log_len == n + 1 and deal.lead_card == D.NO_CARD
        assert t.popup_actions[t.popup_sel] == D.A_OUT, t.popup_items
        assert not app.render.overflow
        d.press("a")
        assert deal.is_over() and deal.winner == 0 and deal.reason == D.REASON_DECLARED
        d.settle()
        d.press("a")                                # the summary: next hand


@pytest.mark.parametrize("board", BOARDS)
def test_b_then_a_on_the_nine_or_a_marriage_card_keeps_the_swap_or_the_marriage(board):
    """B from the trump nine opens the menu on the swap, from the K or Q of a marriage
    on that marriage: B then A never leads the card alone (the swap or the 20/40 lost)."""
    d, _, t = _at_table(board, 3)
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw
                    and g.legal_specials() & D.B_EXCHANGE)
    assert t.slots[t.cursor] == deal.exchange_card()
    n = deal.log_len
    d.run("b a")
    assert deal.log_action[n] == D.A_EXCHANGE and deal.lead_card == D.NO_CARD
    for rank in (3, 2):                             # from the king, then the queen
        deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw
                        and g.legal_specials() & (15 << (D.A_MELD - 24)))
        suit = max(s for s in range(4) if deal.legal_specials() >> (D.A_MELD - 24 + s) & 1)
        t.cursor = [t.slots[i] for i in range(t.nslots)].index(suit * 6 + rank)
        n = deal.log_len
        d.press("b")
        assert t.popup_actions[t.popup_sel] == D.A_MELD + suit, t.popup_items
        d.press("a")
        assert deal.log_action[n] == D.A_MELD + suit
        assert not d.app.render.overflow


def test_three_buttons_back_from_the_menu_puts_the_cursor_on_a_card():
    """On "Menu", A opens the menu; its Back leaves the cursor on a card, so that the
    next A plays it instead of opening the menu again."""
    d = _three_button_driver(4)
    d.run("a settle")
    t = d.app.table
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw)
    while t.cursor != t.nslots:
        d.press("right")
    d.press("a")
    assert t.popup_items is not None
    while t.popup_actions[t.popup_sel] != T.U_BACK:
        d.press("right")
    d.press("a")
    assert t.popup_items is None and t.cursor < t.nslots
    assert deal.legal_cards() >> t.slots[t.cursor] & 1
    n = deal.log_len
    d.press("a")
    assert t.popup_items is None and deal.log_len > n


def test_sim_takes_the_three_button_board():
    from sixtysix_tools import sim
    assert sim.main("sim", ["--board", "three", "--headless", "--seed", "7",
                            "--keys", "a settle right*6 a"]) == 0


@pytest.mark.parametrize("board", BOARDS + ("three",))
def test_with_points_hidden_the_message_line_says_when_the_player_has_66(board):
    """Auto 66 off (the default) and points hidden (the title's "My points: hide"): with
    66 or more and Declare 66 open to him, the message line says so (no number); below
    66 it does not."""
    d = Driver(board, seed=2, nvm=_blank_nvm())
    d.app.settings.reveal = 0
    d.run("a settle")
    app = d.app
    t = app.table
    assert not app.settings.reveal and not app.rules.auto_declare
    _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw
             and 50 <= g.total(0) < 66)
    t.draw()
    assert t.message != tx_key("table", "HAVE_66")
    deal = _deal_to(d, lambda g: g.phase == D.PH_LEAD and not g.pending_draw
                    and g.total(0) >= 66 and g.legal_specials() & D.B_OUT)
    d.press("right")
    t.draw()
    assert t.message == tx_key("table", "HAVE_66")
    assert str(deal.total(0)) not in t.message
    assert not app.render.overflow


@pytest.mark.parametrize("board", ("pygamer", "three"))
def test_back_from_a_page_the_title_cursor_is_on_its_entry(board):
    """After the last "How to play" page (and back from the statistics) the cursor is
    on the entry that opened the page, not at the top."""
    d = Driver(board, seed=1, nvm=_blank_nvm())
    app = d.app
    title = app.title
    for label in (tx_key("title", "HELP"), tx_key("title", "STATISTICS")):
        steps = title.lines.index(label) - title.sel
        keys = ("down", "up") if "up" in app.hw.KEYMAP else ("right", "left")
        d.run("%s*%d a" % (keys[steps < 0], abs(steps)))
        assert app.screen != A.S_TITLE
        d.run("a*6" if label == tx_key("title", "HELP") else "b" if app.input.has_b
              else "left a")            # three buttons: up from the first row is Back
        assert app.screen == A.S_TITLE and title.lines[title.sel] == label


def test_the_statistics_heading_never_takes_the_cursor():
    d = Driver("pygamer", seed=1, nvm=_blank_nvm())
    app = d.app
    d.run("down*%d a" % app.title.lines.index(tx_key("title", "STATISTICS")))
    page = app.current
    assert app.screen == A.S_STATS and page.sel == 1
    seen = set()
    for _ in range(2 * len(page.lines)):
        d.run("up")
        seen.add(page.sel)
    assert 0 not in seen and seen == set(range(1, len(page.lines)))
    d.run("down*%d" % len(page.lines))
    assert page.sel != 0


def test_the_title_says_how_strong_the_highlighted_level_is():
    d = Driver("pygamer", seed=1, nvm=_blank_nvm())
    app = d.app
    d.run("down*%d" % app.title.lines.index(tx_key("title", "LEVEL") % "normal"))
    assert app.title.footer == tx_key("title", "LEVEL1_TIP")
    d.run("a")
    assert app.title.footer == tx_key("title", "LEVEL2_TIP")
    d.run("down")
    assert app.title.footer == tx_key("title", "FOOTER")


@pytest.mark.parametrize("board", ("oled", "three"))
def test_the_oled_summary_scrolls_up_to_why_the_hand_ended(board):
    """The OLED shows four rows: the summary opens on "Next hand", and up reaches the
    hand's first line (why it ended); A there still goes on."""
    d = Driver(board, seed=5, nvm=_blank_nvm())
    app = d.app
    d.run("a settle")                               # New match
    while app.screen == A.S_PLAY:                  # A on the raised card (or the menu)
        d.run("a settle")
    assert app.screen == A.S_SUMMARY
    s = app.summary
    rows = app.render._page_rows
    assert s.lines[0] not in [line.text for line in rows.lines]
    d.run("%s*%d" % ("up" if "up" in app.hw.KEYMAP else "left", s.sel))
    assert s.sel == 0 and rows.lines[0].text == s.lines[0]
    assert s.footer == tx_key("end", "A_NEXT_HAND") or s.footer == tx_key("end", "A_SEE_RESULT")
    hands = app.match.hands
    d.run("a settle")
    assert app.screen == A.S_PLAY and app.match.hands == hands
