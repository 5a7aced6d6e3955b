"""The windowed simulator (`play`, `sim` without --headless) shows every table: its
ScaledDisplay takes what a display takes, root_group = None included (the app sets it
while it swaps a 3- or 4-player table's scenes)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402


@pytest.mark.parametrize("board", ["pygamer", "oled"])
@pytest.mark.parametrize("preset", ["THREE_PLAYER_PL", "FOUR_PLAYER_PL"])
def test_a_scaled_display_plays_three_and_four_players(board, preset):
    import displayio
    displayio.release_displays()
    real = simhw.make_oled() if board == "oled" else simhw.make_tft()
    scaled = simhw.ScaledDisplay(real, 1)
    d = Driver(board, 4, display=scaled, nvm=bytearray(b"\xff" * 8192), rules=preset)
    d.run("settle a settle hand")
    assert scaled.root_group is not None


def test_the_window_with_a_three_player_preset_runs_without_a_traceback():
    pytest.importorskip("pygame")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.Popen([sys.executable, os.path.join(TOOLS, "sixtysix.py"), "sim",
                          "--rules", "THREE_PLAYER_PL", "--keys", "settle"], cwd=ROOT,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = p.communicate(timeout=8)
    except subprocess.TimeoutExpired:       # still in its window loop: what we want
        p.kill()
        out, err = p.communicate()
    assert "Traceback" not in err and "Invalid Group Member" not in err, err
