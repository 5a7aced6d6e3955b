"""3- and 4-player matches in the app: whole matches by key presses on both
layouts and the three-button OLED, every text within its place, the match flow (scores
per seat from the hand's score_delta, the deal passing clockwise, the winner), the title
offering the presets, `sim --rules` and its refusal of a bad preset."""
import os
import subprocess
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import rules as R  # noqa: E402
from sixtysix_core.deal_multi import DealMulti  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import words  # noqa: E402
from sixtysix_ui import pages  # noqa: E402
from sixtysix_ui import words as texts_words  # noqa: E402
from helpers import open_menu, to_menu_entry, tx_key  # noqa: E402
from sixtysix_ui import start  # noqa: E402
from sixtysix_ui.storage import Storage  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = (("THREE_PLAYER_PL", ()), ("FOUR_PLAYER_PL", ()),
         ("FOUR_PLAYER_PL", (("partner_meld", "true"), ("declare_window", "after_any_trick"))),
         ("THREE_PLAYER_PL", (("three_player_mode", "each_for_self"),)),
         ("FOUR_PLAYER_PL", (("four_player_trump", "bottom_card"),)))


def _driver(board, seed, preset, options=()):
    size = simhw.TFT_SIZE if board == "pygamer" else simhw.OLED_SIZE
    d = Driver(board, seed=seed, display=simhw.NullDisplay(*size),
               nvm=bytearray(b"\xff" * 8192))
    app = d.app
    app.settings.preset = R.preset_names().index(preset)
    R.preset(preset).copy_into(app.choice)
    for name, value in options:
        app.choice.set(name, value)
    app.settings.reveal = seed % 2          # the points on the message line, or not
    app.new_match()
    return d


@pytest.mark.parametrize("level", (0, 1, 2))
def test_cards_played_by_suit_for_four_players_on_easy_and_normal(level):
    """The 3/4-player menu's "Cards played" (easy and normal, not hard) lists every card
    played this hand by any seat, a suit a line, high to low."""
    d = _driver("pygamer", 2, "FOUR_PLAYER_PL")
    app = d.app
    app.settings.level = level
    for _ in range(400):
        d.settle()
        g = app.deal
        mask = g.played_by[0] | g.played_by[1] | g.played_by[2] | g.played_by[3]
        if (app.screen == A.S_PLAY and g.to_move == 0 and g.phase in (0, 1)
                and app.table.popup_items is None and bin(mask).count("1") >= 6):
            break
        d.press("a")
    else:
        pytest.fail("no turn with six cards played")
    t = app.table
    open_menu(d, "pygamer")
    if level == 2:
        assert tx_key("table", "MENU_PLAYED") not in t.popup_items
        return
    assert to_menu_entry(d, "pygamer", 106)         # table_menu._U_PLAYED
    d.press("a")
    text = " ".join(t.toast_lines)
    for s in range(4):
        ranks = [texts_words.rank(r) for r in range(5, -1, -1) if mask >> (s * 6 + r) & 1]
        row = texts_words.suit(s, True) + ": " + (" ".join(ranks) if ranks else "-")
        assert row in text, (row, text)
    assert not app.render.overflow


def test_take_back_my_card_for_four_players_against_easy():
    """Against easy the 3/4-player menu's "Take back my card" puts the hand back as it
    was before the human's last card, saved; the human plays again."""
    d = _driver("pygamer", 3, "FOUR_PLAYER_PL")
    app = d.app
    app.settings.level = 0
    before = None
    for _ in range(400):
        d.settle()
        g = app.deal
        if app.screen == A.S_PLAY and g.to_move == 0 and g.phase in (0, 1) \
                and app.table.popup_items is None:
            if before is not None:
                break
            if g.trick_n >= 2:
                before = g.log_len
                snapshot = (list(g.hand), list(g.played_by), g.lead_card, g.trump)
        d.press("a")
    else:
        pytest.fail("no second turn")
    t = app.table
    assert g.log_len > before
    open_menu(d, "pygamer")
    assert to_menu_entry(d, "pygamer", 107)         # table_menu._U_TAKE_BACK
    d.press("a")
    assert g.log_len == before and g.to_move == 0
    assert (list(g.hand), list(g.played_by), g.lead_card, g.trump) == snapshot
    assert t.note == tx_key("table", "TAKEN_BACK")
    assert not app.render.overflow


def _play(d, limit=3000):
    app = d.app
    hands = 0
    dealers = []
    for _ in range(limit):
        d.settle()
        assert not app.render.overflow, app.render.overflow
        if app.screen == A.S_MATCH_END:
            return hands, dealers
        if app.screen == A.S_SUMMARY:
            hands += 1
            dealers.append(app.deal.dealer)
            scores = list(app.match.scores)
            assert sum(app.deal.score_delta) >= 0
        d.press("a")
    pytest.fail("the match did not end")
    return hands, scores


@pytest.mark.parametrize("board", ("pygamer", "oled", "three"))
@pytest.mark.parametrize("preset,options", CASES)
def test_a_whole_match_by_key_presses(board, preset, options):
    d = _driver(board, 7, preset, options)
    app = d.app
    n = app.rules.players
    hands, dealers = _play(d)
    m = app.match
    assert app.rules.preset == preset and app.rules.players > 2
    assert hands == m.hands == len(d.records) >= 1
    assert all((dealers[i] + 1) % n == dealers[i + 1] for i in range(len(dealers) - 1))
    assert max(m.scores[:n]) >= m.target
    assert m.winners and all(m.scores[s] == max(m.scores[:n]) for s in range(n)
                             if m.winners >> s & 1)
    if n == 4:
        assert m.scores[0] == m.scores[2] and m.scores[1] == m.scores[3]
    assert all(r.startswith("BEGIN SIXTYSIX RECORD") for r in d.records)
    assert "rules %s" % preset in d.records[0]
    d.press("a")                            # the match end: back to the title
    assert app.screen == A.S_TITLE and not app.in_match


def test_the_title_cycles_into_the_multi_player_presets_with_short_names():
    d = Driver("oled", seed=3, display=simhw.NullDisplay(*simhw.OLED_SIZE),
               nvm=bytearray(b"\xff" * 8192))
    app = d.app
    seen = []
    d.run("down down")                      # New match, Bot, Rules
    for _ in range(len(app.presets)):
        seen.append(app.title.lines[app.title.sel])
        d.press("a")
    assert "Rules: 3 players" in seen and "Rules: 4 players" in seen
    assert not app.render.overflow


def test_levels_match_the_bot():
    from sixtysix_core import bot
    assert tuple(pages.level_name(i) for i in range(pages.LEVELS)) == bot.LEVELS


def _sim(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "sim",
                           "--headless"] + list(args), capture_output=True, text=True,
                          timeout=300)


def test_sim_rules_starts_a_match_and_refuses_a_bad_preset(tmp_path):
    shot = str(tmp_path / "m.png")
    r = _sim("--rules", "FOUR_PLAYER_PL", "--board", "oled", "--seed", "3", "--keys",
             "settle shot:" + shot)
    assert r.returncode == 0, r.stderr
    assert os.path.getsize(shot) > 100
    for bad in ("FIVE_PLAYER_PL", "four_player_pl"):
        r = _sim("--rules", bad)
        assert r.returncode == 2
        lines = [x for x in (r.stdout + r.stderr).splitlines() if x.strip()
                 and "WARNING" not in x]
        assert len(lines) == 1 and "--rules %s" % bad in lines[0], lines


def _restart(d):
    """A new App on the same nvm, as after a power cut (the board starts again)."""
    d.app = A.App(d.hw, font=d.font, seed=99, record_out=d.records.append)
    d.tick(0)
    return d.app


def into_second_hand(d, limit=200):
    """A pressed until the second hand is a few tricks on, at the start of a trick."""
    app = d.app
    for _ in range(limit):
        d.settle()
        if app.match.hands >= 1 and app.screen == A.S_PLAY and app.deal.trick_n == 0 \
                and app.deal.log_len > app.deal.nseats * 2 + 2:
            break
        d.press("a")
    assert app.screen == A.S_PLAY and app.match.hands >= 1


@pytest.mark.parametrize("preset", ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"))
def test_saved_after_every_trick_and_resumed_from_the_title(preset):
    d = _driver("oled", 4, preset)
    app = d.app
    into_second_hand(d)
    before = DealMulti(app.rules)
    app.deal.copy_into(before)
    scores = list(app.match.scores)
    dealer = app.match.dealer
    app = _restart(d)
    assert app.screen == A.S_TITLE and app.in_match and app.rules.players > 2
    assert app.title.lines[0] == "Continue match"
    assert app.rules.preset == preset and app.choice.preset == preset
    n = before.log_len                      # saved after the trick: nothing lost
    for name in ("log_action", "log_seat"):   # (past the log's end: an older hand's)
        getattr(app.deal, name)[n:] = getattr(before, name)[n:]
    assert app.deal.same_as(before)
    assert list(app.match.scores) == scores and app.match.dealer == dealer
    d.press("a")                            # Continue
    assert app.screen == A.S_PLAY
    hands, _ = _play(d)
    assert app.match.is_over()


def test_the_choice_and_the_kind_of_save_survive_a_restart():
    d = _driver("pygamer", 2, "THREE_PLAYER_PL")
    app = d.app
    d.press("start")                        # save and quit to the title
    app = _restart(d)
    assert app.in_match and app.rules.players > 2
    d.run("down a")                         # New match: over the old one
    d.press("start")
    # a two-player match next: its save takes over, the 3-player one is gone
    app.settings.preset = 0
    R.preset("CLASSIC_66").copy_into(app.choice)
    app.new_match()
    assert app.rules.players == 2
    d.press("start")
    app = _restart(d)
    assert app.in_match and app.rules.players == 2 and app.rules.preset == "CLASSIC_66"
    assert not app.storage.note
    # and the choice of a 3-player match, with no match on, is kept as well (on a
    # two-player start when the reload saves it: App._reload, the 3/4-player kind's save)
    from sixtysix_ui.kind_multi import Kind as Multi
    app.in_match = False
    app.settings.preset = R.preset_names().index("FOUR_PLAYER_PL")
    R.preset("FOUR_PLAYER_PL").copy_into(app.choice)
    Multi(app).save()
    app = _restart(d)
    assert not app.in_match and app.choice.preset == "FOUR_PLAYER_PL" and app.rules.players > 2
    assert "Rules: 4 players" in app.title.lines


def test_a_damaged_multi_save_gives_a_note_and_a_fresh_title():
    d = _driver("oled", 3, "FOUR_PLAYER_PL")
    d.press("start")
    nvm = d.hw.nvm
    for i in range(1024, 1536):
        nvm[i] ^= 0x5A
    app = _restart(d)
    assert app.screen == A.S_TITLE and not app.in_match
    assert words.tx(app.storage.note) == "Old save unreadable"


class _Reloaded(Exception):
    pass


def test_a_board_reloads_to_start_the_other_kind_of_match(monkeypatch):
    """With supervisor.reload (a board), New match of the other kind keeps the choice,
    asks for a new match and reloads; the next start begins it at once."""
    import types
    fake = types.ModuleType("supervisor")

    def reload():
        raise _Reloaded()
    fake.reload = reload
    d = Driver("oled", seed=3, display=simhw.NullDisplay(*simhw.OLED_SIZE),
               nvm=bytearray(b"\xff" * 8192))
    app = d.app
    assert app.rules.players == 2
    d.run("down down a a a a a a")          # Rules: 4 players
    assert "Rules: 4 players" in app.title.lines
    monkeypatch.setitem(sys.modules, "supervisor", fake)
    with pytest.raises(_Reloaded):
        d.run("up up a")                    # New match
    monkeypatch.delitem(sys.modules, "supervisor")
    assert start.scan(Storage(d.hw.nvm))[1]     # a new match asked of the next start
    app = _restart(d)
    assert app.rules.players > 2 and app.in_match and app.rules.preset == "FOUR_PLAYER_PL"
    assert app.screen in (A.S_PLAY, 7) and not start.scan(Storage(d.hw.nvm))[1]
    # and back: a two-player match from this start reloads again
    monkeypatch.setitem(sys.modules, "supervisor", fake)
    app.settings.preset = 0
    R.preset("CLASSIC_66").copy_into(app.choice)
    with pytest.raises(_Reloaded):
        app.new_match()
    monkeypatch.delitem(sys.modules, "supervisor")
    app = _restart(d)
    assert app.rules.players == 2 and app.in_match and app.rules.preset == "CLASSIC_66"


def _to_summary(d):
    """A on whatever is highlighted, until the hand's summary shows."""
    for _ in range(100):
        d.settle()
        if d.app.screen == A.S_SUMMARY:
            break
        d.press("a")


@pytest.mark.parametrize("preset", ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"))
def test_review_of_a_multi_player_hand_from_its_summary(preset):
    d = _driver("oled", 5, preset)
    app = d.app
    _to_summary(d)
    assert app.screen == A.S_SUMMARY and "Review" in app.summary.lines
    d.run("right a settle")                 # "Review", until it is done
    assert app.screen == A.S_REVIEW and not app.busy()
    lines = app.current.lines
    assert lines[0].startswith("Trick ") or lines[0] == "No costly choice in", lines
    assert not app.render.overflow
    d.press("a")                            # back to the summary, then on
    assert app.screen == A.S_SUMMARY
    d.press("left")
    d.press("a")
    assert app.screen in (A.S_PLAY, 7)      # the next hand (or its trump page)


@pytest.mark.parametrize("when", ["start", "step"])
def test_a_review_without_memory_says_so_and_keeps_the_hand(monkeypatch, when):
    """On a board a 3/4-player review may not fit the heap (README): a MemoryError in
    the review gives one sentence on the page, the hand as it ended, and A goes back."""
    d = _driver("oled", 5, "FOUR_PLAYER_PL")
    app = d.app
    _to_summary(d)
    assert app.screen == A.S_SUMMARY
    # imported now: the hand's end drops the review's module (Kind.unload)
    from sixtysix_core.review_multi import ReviewMulti
    ended = DealMulti(app.rules)
    app.deal.copy_into(ended)
    calls = [0]
    real_step = ReviewMulti.step

    def step(self):
        calls[0] += 1
        if calls[0] > 3:
            raise MemoryError("memory allocation failed")
        return real_step(self)

    def start(self, hand, seat, *args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(ReviewMulti, "step" if when == "step" else "start",
                        step if when == "step" else start)
    d.run("right a settle")                 # "Review"
    assert app.screen == A.S_REVIEW and not app.busy()
    assert app.current.lines[0] == "Not enough memory" and not app.render.overflow
    assert app.deal.same_as(ended)
    d.press("a")
    assert app.screen == A.S_SUMMARY


@pytest.mark.parametrize("preset", ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"))
def test_a_review_whose_code_does_not_fit_is_refused_in_one_line(monkeypatch, preset):
    """On a board the heap may not even hold the review's code (a 3/4-player hand,
    README; the two-player review's fits: test_circuitpython.py): the import's
    MemoryError gives one line on the summary, the modules the import loaded go again,
    and the summary goes on as before."""
    import builtins
    import sys
    d = _driver("oled", 5, preset)
    app = d.app
    _to_summary(d)
    assert app.screen == A.S_SUMMARY
    for name in ("sixtysix_ui.review_page", "sixtysix_core.review",
                 "sixtysix_core.review_multi"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    before = set(sys.modules)
    real_import = builtins.__import__

    def short_heap(name, *args, **kw):
        if name == "sixtysix_ui.review_page":
            real_import("sixtysix_core.review")     # part of it loads, then the heap ends
            raise MemoryError("memory allocation failed")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", short_heap)
    d.run("right a settle")                 # "Review"
    monkeypatch.setattr(builtins, "__import__", real_import)
    assert app.screen == A.S_SUMMARY and app.summary.footer == "Not enough memory"
    assert set(sys.modules) <= before, set(sys.modules) - before
    assert not app.render.overflow
    d.press("left")
    d.press("a")
    assert app.screen in (A.S_PLAY, 7)      # the next hand (or its trump page)


def test_summary_and_match_end_lines_fit_a_scrolling_row():
    """Every hand's summary (random legal play, every preset and mode, every reason)
    and the match end with two-digit scores fit the OLED: 19 characters a row (the
    summary has a menu, so its rows scroll), 21 for the header."""
    import random
    from sixtysix_core import deal as D
    from sixtysix_core.persist_multi import MatchMulti
    from sixtysix_core.rng import Rng
    from sixtysix_ui import texts_multi
    rnd = random.Random(12)
    reasons = set()
    for preset, options in CASES + (("THREE_PLAYER_PL", (("declare_window",
                                                          "any_own_turn"),)),):
        rules = R.preset(preset)
        for name, value in options:
            rules.set(name, value)
        m = MatchMulti(rules)
        d = DealMulti(rules)
        for k in range(150):
            d.new_hand(k % rules.players, Rng(k + 1))
            while not d.is_over():
                acts = [a for a in range(37) if d.is_legal(a)]
                d.apply(rnd.choice(acts))
            m.scores[:] = [rnd.randrange(13) for _ in range(4)]
            header, lines = texts_multi.summary(d, m)
            reasons.add(d.reason)
            assert len(header) <= 21 and all(len(x) <= 19 for x in lines), (header, lines)
        m.winners = 1 << rnd.randrange(rules.players)
        header, lines = texts_multi.match_end(m)
        assert len(header) <= 21 and all(len(x) <= 19 for x in lines), (header, lines)
    assert {D.REASON_DECLARED, D.REASON_FALSE_DECLARATION, D.REASON_LAST_TRICK} <= reasons


def test_no_heap_to_replay_the_save_is_said_not_taken_for_damage(monkeypatch):
    """persist_multi lets MemoryError through: the app collects, tries once more, and
    then says so on the title and starts without the match (the save is kept)."""
    from sixtysix_core import persist_multi
    d = _driver("oled", 3, "FOUR_PLAYER_PL")
    d.press("start")
    kept = bytes(d.hw.nvm[1024:1536])

    def full(mem):
        raise MemoryError()
    monkeypatch.setattr(persist_multi, "newest", full)
    app = _restart(d)
    assert app.screen == A.S_TITLE and not app.in_match
    assert words.tx(app.storage.note) == "No memory to resume"
    assert bytes(d.hw.nvm[1024:1536]) == kept
    monkeypatch.undo()
    app = _restart(d)
    assert app.in_match and app.rules.players == 4


@pytest.mark.parametrize("preset", ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"))
def test_three_buttons_back_from_the_menu_puts_the_cursor_on_a_card(preset):
    """On "Menu", A opens the menu; its Back leaves the cursor on a card, so that the
    next A plays it instead of opening the menu again."""
    d = _driver("three", 4, preset)
    app = d.app
    t = app.table
    for _ in range(400):                    # to the human's first card of a trick
        d.settle()
        if app.screen == A.S_PLAY and t.popup_items is None and t.legal:
            break
        d.press("a")
    assert t.legal and t.menu_slot
    while t.cursor != t.nslots:
        d.press("right")
    d.press("a")
    assert t.popup_items is not None
    while t.popup_actions[t.popup_sel] != 103:      # Back (table_menu._U_BACK)
        d.press("right")
    d.press("a")
    assert t.popup_items is None and t.cursor < t.nslots
    n = app.deal.log_len
    d.press("a")
    assert t.popup_items is None and app.deal.log_len > n


@pytest.mark.parametrize("preset", ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"))
def test_with_points_hidden_the_message_line_says_when_the_side_has_66(preset):
    """Points hidden (the default): leading with 66 or more and Declare 66 open, the
    message line says so, without a number."""
    import random
    d = _driver("pygamer", 2, preset)               # an even seed: points hidden
    app = d.app
    t = app.table
    assert not app.settings.reveal
    rng = random.Random(3)
    for _ in range(20000):
        d.settle()
        g = app.deal
        t = app.table                               # a new table each hand (enter_play)
        if app.screen != A.S_PLAY or g.is_over() or t.popup_items is not None:
            d.press("a")
            continue
        if g.to_move == 0 and g.phase == 0 and g.legal_specials() & 8 and g.total(0) >= 66:
            break                                   # deal_multi's PH_LEAD, B_OUT
        acts = [a for a in range(33) if g.is_legal(a) and a != 27]     # not A_OUT
        if g.to_move == 0 or not acts:
            d.press("a")                            # the human's sensible card or menu
        else:
            g.apply(rng.choice(acts))
            t.after_change()
    else:
        pytest.fail("no such position")
    d.press("right")
    t.draw()
    assert t.message == "You have 66: Menu>66"
    assert str(g.total(0)) not in t.message
