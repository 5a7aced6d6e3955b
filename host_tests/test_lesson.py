"""The title's "Learn 66" (lib/sixtysix_ui/lesson.py), played through the keys.

A scripted learner plays the whole lesson on the PyGamer, the OLED and the three-button
board and reaches a real hand against easy; a wrong action gets its sentence and the
same step; leaving for the title and coming back (or a power-on) resumes the step; every
lesson text fits its place in every language.
"""
import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import deal as D  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.catalog import Catalog  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import words  # noqa: E402
from sixtysix_ui.render import wrap  # noqa: E402

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGS = tuple(c for c in words.LANGS
              if os.path.exists(os.path.join(ROOT_DIR, "lib", "sixtysix_ui", "lang", c + ".txt")))
BOARDS = ("pygamer", "oled", "three")
_IDS = Catalog("en").ids()


def _tx(key):
    return words.tx(_IDS[("lesson", key)])


def _blank_nvm():
    return bytearray(b"\xff" * 8192)


def _driver(board, nvm=None, lang=None):
    size = (160, 128) if board == "pygamer" else (128, 64)
    display = None if lang is None else simhw.NullDisplay(*size)
    return Driver(board, seed=7, nvm=nvm if nvm is not None else _blank_nvm(),
                  display=display, lang=lang)


def _open_lesson(d):
    """The title's last entry, "Learn 66" (left from the first entry wraps to it)."""
    app = d.app
    assert app.screen == A.S_TITLE
    assert app.title.lines[-1] == _tx("LEARN")
    d.run("left a")
    assert app.lesson == 1 and app.screen == A.S_PLAY
    return app.table


def _read(d):
    """A until the box is closed (A shows a long box's next rows, then closes it)."""
    t = d.app.table
    for _ in range(5):
        if t.toast_lines is None:
            return
        d.press("a")
    assert t.toast_lines is None


def _act(d):
    """One press of a learner who does what the screen asks."""
    t = d.app.table
    if t.toast_lines is not None or t.popup_items is not None:
        d.press("a")                        # read the sentence / take the menu's entry
    elif t.goal in (D.A_OUT, D.A_CLOSE) and not t.menu_slot:
        d.press("b")                        # the menu (three buttons: A on "Menu")
    else:
        d.press("a")                        # the card under the cursor, or the draw


def _learn(d, until=99, limit=200):
    """Play the lesson until its step `until` begins (or it ends); the steps seen."""
    app = d.app
    seen = []
    for _ in range(limit):
        d.settle()
        assert not app.render.overflow, app.render.overflow
        if not app.lesson:
            break
        t = app.table
        if not seen or seen[-1] != t.step_no:
            seen.append(t.step_no)
        if t.step_no >= until:
            break
        _act(d)
    return seen


def _to_title(d):
    """Start on a board with it, else the table's menu and its Quit (three buttons)."""
    app = d.app
    if d.hw.KEYMAP[6] == "start":
        d.press("start")
        return
    d.settle()
    t = app.table
    _read(d)
    while t.cursor != t.nslots:
        d.press("left")
    d.press("a")
    quit_text = words.tx(151)                   # table.py _W_MENU_QUIT
    while t.popup_items[t.popup_sel] != quit_text:
        d.press("right")
    d.press("a")


@pytest.mark.parametrize("board", BOARDS)
def test_a_learner_plays_the_lesson_to_a_hand_against_easy(board):
    d = _driver(board)
    app = d.app
    t = _open_lesson(d)
    assert t.toast_lines == wrap(_tx("STEP") % 1 + " " + _tx("IDEA1"),
                                 app.render.toast_chars, [])
    _read(d)
    assert t.message == _tx("TASK1")
    assert t.slots[t.cursor] == 5               # the cursor on the ace of clubs
    assert app.render._status.text.startswith("Bot ")      # the bot's cards named
    seen = _learn(d)
    assert seen == list(range(8))               # seven steps, then the last words
    assert not app.lesson and "sixtysix_ui.lesson" not in sys.modules
    assert app.screen == A.S_PLAY and app.in_match and app.settings.level == 0
    assert type(app.table).__name__ == "Table" and app.match.scores[:2] == [0, 0]
    assert app.prefs & 0x70 == 0                # done: the next lesson starts again
    d.play_hand()                               # the first real hand, to its end
    assert app.screen == A.S_SUMMARY and len(d.records) == 1


@pytest.mark.parametrize("board", ("pygamer", "three"))
def test_a_wrong_action_gets_its_sentence_and_the_same_step(board):
    d = _driver(board)
    app = d.app
    t = _open_lesson(d)
    _read(d)                                    # the idea read
    n = app.deal.log_len
    d.run("right a")                            # the jack of clubs, not the ace
    assert t.toast_lines == wrap(_tx("WRONG1"), app.render.toast_chars, [])
    assert t.step_no == 0 and app.deal.log_len == n and app.deal.lead_card == D.NO_CARD
    _read(d)                                    # the sentence read
    assert t.message == _tx("TASK1") and t.slots[t.cursor] == 5
    _learn(d, until=4)                          # step 5: declare 66
    _read(d)
    assert t.message == _tx("TASK5")
    t.cursor = 0
    d.press("a")                                # A on a card with 66: asked first
    assert t.popup_items is not None and t.popup_actions[t.popup_sel] == D.A_OUT
    assert t.step_no == 4 and not app.deal.is_over()
    d.press("b")                                # Back to the table
    _learn(d, until=5)
    assert t.step_no == 5


@pytest.mark.parametrize("board", ("oled", "three"))
def test_leaving_for_the_title_and_coming_back_resumes_the_step(board):
    nvm = _blank_nvm()
    d = _driver(board, nvm)
    app = d.app
    d.run("a settle a settle")                  # a match begun, a card played
    _to_title(d)
    deal = app.deal
    log = bytes(deal.log_action[:deal.log_len])
    _open_lesson(d)
    _learn(d, until=2)                          # step 3: trumps
    _to_title(d)
    assert app.screen == A.S_TITLE and not app.lesson
    assert "sixtysix_ui.lesson" not in sys.modules
    assert app.prefs & 0x70 == 2 << 4
    assert app.deal is deal and bytes(deal.log_action[:deal.log_len]) == log
    assert app.title.menu[0] == 0               # Continue: the match is still there
    t = _open_lesson(d)
    assert t.step_no == 2
    _to_title(d)
    e = _driver(board, nvm)                     # power on again
    assert e.app.in_match
    t = _open_lesson(e)
    assert t.step_no == 2 and t.toast_lines[0].startswith(_tx("STEP") % 3)
    _to_title(e)
    e.run("a")                                  # and the match continues as it was
    assert e.app.screen == A.S_PLAY and not e.app.lesson
    assert bytes(e.app.deal.log_action[:e.app.deal.log_len]).startswith(log)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("board", ("pygamer", "oled"))
def test_every_lesson_text_fits_in_every_language(board, lang):
    d = _driver(board, lang=lang)
    app = d.app
    assert not app.render.overflow
    t = _open_lesson(d)
    r = app.render
    for k in range(7):
        _learn(d, until=k)
        assert t.step_no == k
        for key in ("IDEA%d" % (k + 1), "WRONG%d" % (k + 1), "END"):
            t.toast(_tx(key))
            d.tick()
            assert not r.overflow, (key, r.overflow)
        t.toast_lines = None
        d.tick()
        assert t.message == _tx("TASK%d" % (k + 1)) and not r.overflow, r.overflow
        assert r._status.text == _tx("BOT_HAND") % t.bot_cards()
    assert _learn(d)[-1] == 7 and not r.overflow


def test_a_shows_the_rest_of_a_long_sentence_before_closing_it():
    d = _driver("oled")
    t = _open_lesson(d)
    rows = t.L.TOAST[3]
    assert len(t.toast_lines) > rows            # step 1's idea: more than the box holds
    d.press("a")
    assert t.toast_lines is not None and t.toast_top == len(t.toast_lines) - rows
    d.press("a")
    assert t.toast_lines is None and t.message == _tx("TASK1")
