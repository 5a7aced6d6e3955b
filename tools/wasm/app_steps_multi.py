"""tools/wasm/app_steps.py for a 3- or 4-player start (run instead of it):

    circuitpython -X heapsize=128k -m app_steps_multi BOARD LIB [SCRIPT [PRESET]]

The run starts as a board starts after choosing PRESET (FOUR_PLAYER_PL by default) on
the title and "New match" (table_multi._reload: the choice kept in nvm, a new match
asked for, a reload): seed() writes that into the nvm stand-in just before App(hw) is
built, which then begins the match at once with the hard bots; SCRIPT (MATCH_SCRIPT)
plays it.  app_steps imports APP_MODULES one at a time (no two-player engine, table or
bot: table_multi and its core) and prints what it prints for a two-player run, then
LOADED: our modules still imported at the end.
"""
import sys

import app_steps

MATCH_SCRIPT = "settle match"
APP_MODULES = ("sixtysix_core.cards", "sixtysix_core.rules", "sixtysix_core.scoring",
           "sixtysix_core.rng", "sixtysix_core.persist", "sixtysix_ui.input",
           "sixtysix_ui.render", "sixtysix_ui.storage", "sixtysix_ui.stats",
           "sixtysix_ui.app", "sixtysix_core.deal_multi", "sixtysix_core.view_multi",
           "sixtysix_core.bot_multi", "sixtysix_core.persist_multi",
           "sixtysix_ui.table_multi")


def seed(preset):
    """The nvm as table_multi._reload leaves it for `preset`: the choice (hard bots) kept, a
    new match asked for at the next start."""
    import microcontroller
    from sixtysix_core import persist
    from sixtysix_core import rules as R
    from sixtysix_ui import table_multi
    from sixtysix_ui.storage import Storage
    storage = Storage(microcontroller.nvm)
    settings = persist.Settings(level=2, preset=R.preset_names().index(preset))
    table_multi.save(storage, settings, (1, 1, 1), None, None, R.preset(preset))
    microcontroller.nvm[1023] = 0x4E        # storage.py INTENT


def main(board, script, preset):
    app_steps.APP_MODULES = APP_MODULES
    first = app_steps.build

    def build():
        seed(preset)
        return first()
    app_steps.build = build
    app_steps.main(board, script)
    # what the match left loaded (the lane checks that no two-player engine is there)
    print("LOADED", " ".join(sorted(k for k in sys.modules if k.startswith("sixtysix_"))))


if __name__ == "__main__":
    sys.path[:] = ["fw", sys.argv[2], ""]
    main(sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else MATCH_SCRIPT,
         sys.argv[4] if len(sys.argv) > 4 else "FOUR_PLAYER_PL")
