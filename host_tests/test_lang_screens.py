"""No English word on any screen of a scripted match in each language.

Every text the app draws goes through render._Text.set; here it is recorded while the
app plays, by key presses, the title, How to play, a match of two players with its
menu, hint, last trick, cards played and a review, the statistics, and a 4-player hand.
A word is English when the English catalog has it and the language's own catalog does
not (so "Bot" or "Menu", words of both, pass); card ranks and numbers are not words.
"""
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_tools.catalog import CODES, Catalog  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import render  # noqa: E402
from sixtysix_ui import table as TB  # noqa: E402

_WORD = re.compile(r"[^\W\d_]{2,}")


def _words(text):
    return {w.lower() for w in _WORD.findall(text)}


def _vocabulary(code):
    out = set()
    for _key, text in Catalog(code).texts().items():
        out |= _words(text.replace("%s", " ").replace("%d", " "))
    return out


def _to(d, pick, down):
    """Move the highlight until pick(current screen) holds."""
    for _ in range(40):
        if pick(d.app.current):
            return
        d.press(down)
    pytest.fail("no such entry")


def _menu(d, board):
    """Open the table's menu; False if the table is not waiting for the human."""
    t = d.app.table
    d.settle()
    if d.app.screen != A.S_PLAY or t.popup_items is not None or t.toast_lines is not None:
        return False
    if board == "pygamer":
        d.press("b")
    else:
        for _ in range(10):
            if t.cursor == t.nslots:
                break
            d.press("right")
        d.press("a")
    return t.popup_items is not None


def _play(d, board):
    """The title's How to play and statistics, then a match against easy: two tricks,
    the table's menu entries that show words (hint, cards played, last trick, what the
    bot did, take back), the hand to its summary and its review."""
    app = d.app
    down = "down" if board == "pygamer" else "right"
    _to(d, lambda s: s.menu[s.sel] == 6, down)              # title.py _T_HELP
    d.press("a")
    for _ in range(12):
        if app.screen == A.S_TITLE:
            break
        d.press("a")
    _to(d, lambda s: s.menu[s.sel] == 20, down)             # _T_EXTRA: Statistics
    d.press("a")
    _to(d, lambda s: s.sel == len(s.lines) - 1, down)
    d.press("a")
    assert app.screen == A.S_TITLE
    _to(d, lambda s: s.menu[s.sel] == 2, down)              # _T_LEVEL: easy
    while app.settings.level != 0:
        d.press("a")
    _to(d, lambda s: s.menu[s.sel] == 1, down)              # _T_NEW
    d.press("a")
    d.run("settle a settle a settle")
    t = app.table
    for want in (TB.U_HINT, TB.U_PLAYED, TB.U_LAST, TB.U_BOTS, TB.U_TAKE_BACK):
        if not _menu(d, board):
            break
        if want not in t.popup_actions:
            want = TB.U_BACK
        for _ in range(12):
            if t.popup_actions[t.popup_sel] == want:
                break
            d.press(down)
        d.press("a")
        d.settle()
        if t.toast_lines is not None:
            d.press("a")
    assert app.screen == A.S_PLAY
    d.run("hand")
    assert app.screen == A.S_SUMMARY
    _to(d, lambda s: s.sel == len(s.lines) - 1, down)       # the summary's Review
    d.press("a")
    d.run("settle a settle")


def _shown(monkeypatch, board, lang, rules=None, script=None):
    seen = []
    real = render._Text.set

    def spy(self, text):
        seen.append(text)
        return real(self, text)

    monkeypatch.setattr(render._Text, "set", spy)
    size = simhw.TFT_SIZE if board == "pygamer" else simhw.OLED_SIZE
    d = Driver(board, seed=7, nvm=bytearray(b"\xff" * 8192), lang=lang, rules=rules,
               display=simhw.NullDisplay(*size))
    if script is None:
        _play(d, board)
    else:
        d.run(script)
    return d, seen


@pytest.mark.parametrize("board", ("pygamer", "oled"))
@pytest.mark.parametrize("lang", [c for c in CODES if c != "en"])
def test_no_english_word_on_a_scripted_match(monkeypatch, board, lang):
    english = _vocabulary("en") - _vocabulary(lang)
    d, seen = _shown(monkeypatch, board, lang)
    assert len(set(seen)) > 40, "the script showed too little to tell"
    bad = sorted({t for t in seen if _words(t) & english})
    assert not bad, "English words on screen in %s: %r" % (lang, bad[:12])


@pytest.mark.parametrize("lang", [c for c in CODES if c != "en"])
def test_no_english_word_in_a_four_player_hand(monkeypatch, lang):
    english = _vocabulary("en") - _vocabulary(lang)
    d, seen = _shown(monkeypatch, "oled", lang, rules="FOUR_PLAYER_PL",
                     script="a settle hand a")
    assert len(set(seen)) > 15
    bad = sorted({t for t in seen if _words(t) & english})
    assert not bad, "English words on screen in %s: %r" % (lang, bad[:12])


def test_the_check_finds_english():
    """The same check fails on an English match shown to it as Polish."""
    english = _vocabulary("en") - _vocabulary("pl")
    assert {"trick", "marriage"} & english
    assert _words("Bot wins the trick") & english
