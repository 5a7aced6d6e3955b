"""Golden PNGs of the key screens of both layouts, rendered headless by the simulator.

The TFT frames come from the offscreen BusDisplay stand-in, the OLED frames from the
real SSD1306 driver on a fake I2C bus (the emulated controller RAM), both with the
ASCII-only font stand-in.  The screens chosen do not depend on the bot's play (seed 5:
the human leads the first trick; the summary comes from a declaration of 66 at once), so
a stronger bot does not change them.

Compared byte for byte.  After a deliberate change of the look, regenerate with
    SIXTYSIX_REGEN_GOLDEN=1 python -m pytest host_tests/test_render.py
and look at the new files in host_tests/golden/ before committing them.
"""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import deal as D  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import sprites  # noqa: E402
from sixtysix_ui import table as T  # noqa: E402
from sixtysix_ui.render import wrap  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
REGEN = os.environ.get("SIXTYSIX_REGEN_GOLDEN") == "1"
SEED = 5


def _declare(driver):
    """Menu > Declare 66!, then "Yes" to the question (fewer than 66 points)."""
    app = driver.app.table
    driver.run("b")
    target = app.popup_actions.index(D.A_OUT)
    while app.popup_sel != target:
        driver.press("down")
    driver.press("a")
    target = app.popup_actions.index(T.U_SURE)
    while app.popup_sel != target:
        driver.press("down")
    driver.press("a")


SCREENS = {
    "title": lambda d: None,
    "table": lambda d: d.run("a settle"),
    "menu": lambda d: d.run("a settle b"),
    "summary": lambda d: (d.run("a settle"), _declare(d)),
}


@pytest.mark.parametrize("board", ("pygamer", "oled"))
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_golden_screen(board, screen, tmp_path):
    d = Driver(board, seed=SEED, nvm=bytearray(b"\xff" * 8192))
    SCREENS[screen](d)
    if screen != "title":
        assert d.app.deal.leader == A.HUMAN and d.app.deal.trick_no == 1
    if screen == "summary":
        assert d.app.screen == A.S_SUMMARY
    name = "%s_%s.png" % (board, screen)
    got = d.screenshot(str(tmp_path / name))
    assert not d.font.misses
    path = os.path.join(GOLDEN, name)
    if REGEN or not os.path.exists(path):
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "wb") as f:
            f.write(got)
        if not REGEN:
            pytest.skip("golden %s was missing and has been written" % name)
        return
    with open(path, "rb") as f:
        want = f.read()
    assert got == want, "%s differs from the golden; the new frame is %s" % (
        name, tmp_path / name)


def test_oled_frame_has_white_ink_only():
    d = Driver("oled", seed=SEED, nvm=bytearray(b"\xff" * 8192))
    d.run("a settle")
    lit = sum(row.count(b"\xff\xff\xff") for row in d.rows())
    assert lit > 500                     # text and cards are visible on the 1-bit screen


def test_red_suits_have_their_own_shapes_on_the_oled():
    for suit in (2, 3):
        assert sprites.suit_glyph(suit, True) != sprites.suit_glyph(suit, False)
    shapes = {sprites.suit_glyph(s, True) for s in range(4)}
    assert len(shapes) == 4


def test_ascii_font_stand_in_refuses_non_ascii():
    font = simhw.AsciiFont()
    assert font.get_glyph(ord("A")) is not None
    assert font.get_glyph(0x2665) is None and 0x2665 in font.misses


def test_wrap():
    assert wrap("the suit led must be followed: play AC", 20, []) == [
        "the suit led must be", "followed: play AC"]
    assert wrap("x" * 25, 10, []) == ["x" * 10, "x" * 10, "x" * 5]


def test_frame_render_time(capsys):
    """Not a budget, a figure for docs/: one TFT frame rendered and read back."""
    import time
    d = Driver("pygamer", seed=SEED, nvm=bytearray(b"\xff" * 8192))
    d.run("a settle")
    t = time.perf_counter()
    for _ in range(5):
        d.rows()
    per = (time.perf_counter() - t) / 5
    with capsys.disabled():
        print("\n[frame] 160x128 frame composed and read back: %.1f ms" % (per * 1000))
    assert per < 2.0
