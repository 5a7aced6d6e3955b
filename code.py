"""Sixty-Six: pick the board module, build the App, run it (see lib/sixtysix_ui/app.py)."""
import gc
import os

import board

name = os.getenv("SIXTYSIX_BOARD") or board.board_id
module = "pygamer" if "pygamer" in name else "pybadge" if "badge" in name else "oled128x64"
hw = None  # type: object
try:                                               # first: the display and keys
    hw = __import__("sixtysix_boards." + module, None, None, [module])
except (OSError, RuntimeError, ValueError, AttributeError, ImportError) as e:
    print("Sixty-Six cannot start the display or the buttons (%s): check the wiring and "
          "the SIXTYSIX_ lines of settings.toml." % e)
if hw:
    gc.collect()
    from sixtysix_ui.app import App

    gc.collect()
    App(hw).run()
