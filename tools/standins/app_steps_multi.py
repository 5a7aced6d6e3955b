"""tools/standins/app_steps.py for a 3- or 4-player start (run instead of it):

    circuitpython -X heapsize=128k -m app_steps_multi BOARD LIB [SCRIPT [PRESET [2p]]]

The run starts as a board starts after choosing PRESET (FOUR_PLAYER_PL by default) on
the title and "New match" (App._reload: the choice kept in nvm, a new match asked
for, a reload): seed() writes that into the nvm stand-in just before App(hw) is
built, which then begins the match at once with the hard bots; SCRIPT (MATCH_SCRIPT)
plays it.  With "2p" the two-player slots hold a two-player match with a hand in progress
too (a board that played one before, saved before the choice).
app_steps imports APP_MODULES one at a time (no two-player engine, table or
bot: table_multi and its core) and prints what it prints for a two-player run, then
LOADED: our modules still imported at the end.
"""
import sys

import app_steps

MATCH_SCRIPT = "settle match"
APP_MODULES = ("sixtysix_core.cards", "sixtysix_core.rules", "sixtysix_core.scoring",
           "sixtysix_core.rng", "sixtysix_core.persist", "sixtysix_ui.input",
           "sixtysix_ui.render", "sixtysix_ui.storage",
           "sixtysix_ui.app", "sixtysix_core.deal_multi", "sixtysix_core.view_multi",
           "sixtysix_core.persist_multi", "sixtysix_ui.words_multi",
           "sixtysix_ui.kind_multi")


def seed(preset, old2p=False):
    """The nvm as App._reload leaves it for `preset`: the choice (hard bots) kept, a
    new match asked for at the next start (old2p: after a two-player match's save with a
    hand in progress; its engine is dropped again, as a board's reload drops it)."""
    import microcontroller
    from sixtysix_core import persist
    from sixtysix_core import persist_multi as PM
    from sixtysix_core import rules as R
    from sixtysix_ui.storage import INTENT, MULTI, Storage
    storage = Storage(microcontroller.nvm)
    if old2p:
        from sixtysix_core import deal as D
        from sixtysix_core import match as M
        from sixtysix_core.rng import Rng
        from sixtysix_ui.render import unload
        rules = R.preset(R.preset_names()[0])          # Settings' preset 0: two players
        match = M.Match(rules)
        deal = D.Deal(rules)
        deal.new_hand(0, Rng(5))
        buf = bytearray(40)
        for _ in range(3):                              # a hand in progress
            deal.legal_into(buf)
            deal.apply(buf[0])
        storage.save(persist.Settings(level=2), (1, 1, 1), match, deal, rules)
        del D, M, match, deal
        unload("sixtysix_core.deal")
        unload("sixtysix_core.match")
    settings = persist.Settings(level=2, preset=R.preset_names().index(preset))
    n = PM.encode_into(storage.buf, storage.seq, settings, (1, 1, 1), None, None,
                       R.preset(preset))
    storage.put(MULTI, n)
    s = (storage.seq - 1) & 0xFF            # the intent, as title.reload writes it
    microcontroller.nvm[INTENT:INTENT + 2] = bytes((s, s ^ 0xFF))


def main(board, script, preset, old2p=False):
    app_steps.APP_MODULES = APP_MODULES
    first = app_steps.build

    def build():
        seed(preset, old2p)
        return first()
    app_steps.build = build
    app_steps.main(board, script)
    lines = getattr(app_steps._s["app"].current, "lines", None)
    print("PAGE", lines[0] if lines else "")       # e.g. a review's first result line
    # what the match left loaded (the lane checks that no two-player engine is there)
    print("LOADED", " ".join(sorted(k for k in sys.modules if k.startswith("sixtysix_"))))


if __name__ == "__main__":
    sys.path[:] = ["fw", sys.argv[2], ""]
    main(sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else MATCH_SCRIPT,
         sys.argv[4] if len(sys.argv) > 4 else "FOUR_PLAYER_PL",
         len(sys.argv) > 5 and sys.argv[5] == "2p")
