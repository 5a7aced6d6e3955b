"""CircuitPython lane: the heap the 3/4-player save and review modules cost.

Run: circuitpython -X heapsize=256k host_tests/mp_multi_heap.py ROOT [WHAT]
with ROOT holding sixtysix_core as .mpy (as `build --mpy` writes it).  Imports what a
3/4-player match loads anyway (bot, bot_multi, deal_multi, view_multi, persist), then
WHAT: "" nothing more, "p" persist_multi, "pr" persist_multi + review + review_multi,
"prx" those and a played 4-player hand reviewed by a ReviewMulti in its own DealMulti
(the review's buffers and the bot's scratch worlds).  Prints "HEAP <WHAT> <bytes>"
(gc.mem_alloc after gc.collect) and PASS.  Compare runs: one module's cost includes the
qstr pool's growth when its names overflow the pool (a threshold: which import pays it
depends on what came first), so the figures are differences between whole runs.
"""
import gc
import sys


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    what = sys.argv[2] if len(sys.argv) > 2 else ""
    sys.path.insert(0, root)
    from sixtysix_core import bot, persist, rng  # noqa: F401
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.view_multi import MultiView
    from sixtysix_core import bot_multi  # noqa: F401
    if "p" in what:
        from sixtysix_core import persist_multi  # noqa: F401
    if "r" in what:
        from sixtysix_core import review  # noqa: F401
        from sixtysix_core.review_multi import ReviewMulti
    keep = None
    if "x" in what:
        rules = R.preset("FOUR_PLAYER_PL")
        d = DealMulti(rules)
        r = rng.Rng(3)
        d.new_hand(0, r)
        v = MultiView(d, 0)
        while not d.is_over():
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, 0, r))    # easy: no search, no scratch worlds yet
        rev = ReviewMulti(rules, d)
        rev.start(d, 0)
        while rev.step():
            pass
        keep = (d, v, rev)
    gc.collect()
    print("HEAP", what or "-", gc.mem_alloc())
    print("PASS", keep is not None)


main()
