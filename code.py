"""Sixty-Six: pick the board module, build the App, run it (see lib/sixtysix_ui/app.py)."""
import gc
import os

import board

name = os.getenv("SIXTYSIX_BOARD") or board.board_id
try:                                               # first: the display and keys
    if "pygamer" in name:
        from sixtysix_boards import pygamer as hw
    elif "badge" in name:
        from sixtysix_boards import pybadge as hw
    else:
        from sixtysix_boards import oled128x64 as hw
except (OSError, RuntimeError, ValueError, AttributeError, ImportError) as e:
    print("Sixty-Six cannot start the display or the buttons (%s): check the wiring and "
          "the SIXTYSIX_ lines of settings.toml." % e)
    hw = None
if hw:
    gc.collect()
    from sixtysix_ui.app import App  # noqa: E402
    gc.collect()
    App(hw).run()
