"""CircuitPython lane: the heap the 3/4-player save and review modules cost.

Run: circuitpython -X heapsize=256k host_tests/mp_multi_heap.py ROOT
with ROOT holding sixtysix_core as .mpy (as `build --mpy` writes it).  Imports what a
3/4-player match already loads (deal_multi, view_multi, bot, bot_multi, persist), then
persist_multi, then review + review_multi, and prints the heap each step added after
gc.collect() (module objects, bytecode, qstrs), then a ReviewMulti in the hand's own
DealMulti and its first slices (the bot's scratch worlds, if no bot made them yet).
Lines: "HEAP <what> <bytes>"; PASS at the end.
"""
import gc
import sys


def used():
    gc.collect()
    return gc.mem_alloc()


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sys.path.insert(0, root)
    start = used()
    from sixtysix_core import bot, persist, rng  # noqa: F401
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.view_multi import MultiView
    from sixtysix_core import bot_multi  # noqa: F401
    base = used()
    print("HEAP match-modules", base - start)
    from sixtysix_core import persist_multi as PM
    a = used()
    print("HEAP persist_multi", a - base)
    from sixtysix_core import review  # noqa: F401
    b = used()
    print("HEAP review", b - a)
    from sixtysix_core.review_multi import ReviewMulti
    c = used()
    print("HEAP review_multi", c - b)
    rules = R.preset("FOUR_PLAYER_PL")
    d = DealMulti(rules)
    r = rng.Rng(3)
    m = PM.MatchMulti(rules)
    m.start(r)
    d.new_hand(m.dealer, r)
    v = MultiView(d, 0)
    while not d.is_over():
        v.set_seat(d.to_move)
        d.apply(bot.choose(v, 0, r))
    e = used()
    print("HEAP deal+match+view", e - c)
    buf = bytearray(PM.SLOT_SIZE)
    PM.encode_into(buf, 1, persist.Settings(1, 6, 1, 0), r.get_state(), m, d)
    f = used()
    print("HEAP save-buffer", f - e)
    rev = ReviewMulti(rules, d)
    rev.start(d, 0)
    g = used()
    print("HEAP ReviewMulti", g - f)
    for _ in range(3):
        rev.step()
    h = used()
    print("HEAP bot-scratch", h - g)
    print("HEAP total-added", h - base - (h - g))
    print("PASS")


main()
