"""Sixty-Six: put this build's folder first on sys.path, pick the board module, run the App.

BUILD is the drive folder that holds this build's modules; `flash` writes sixtysix/<id>
(a hash of its files) here, and replacing code.py is the one step that switches builds.
"" (the repository, a bundle) means the modules are in /lib.
"""
import gc
import os
import sys

import board

BUILD = ""
if BUILD:
    sys.path.insert(0, "/" + BUILD)

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
    try:
        App(hw).run()
    except MemoryError:                            # the app saves as it goes
        print("Sixty-Six ran out of memory. Press reset: the match goes on from its "
              "last save.")
