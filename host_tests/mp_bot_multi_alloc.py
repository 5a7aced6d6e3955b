"""MicroPython / CircuitPython lane: the 3- and 4-player bot allocates nothing.

Run: micropython -X heapsize=160k host_tests/mp_bot_multi_alloc.py ROOT [HANDS]
 or: circuitpython -X heapsize=160k host_tests/mp_bot_multi_alloc.py ROOT [HANDS]
with ROOT holding sixtysix_core as .mpy.  For THREE_PLAYER_PL and FOUR_PLAYER_PL and
the options that change the flow (each_for_self, partner_meld, after_any_trick), hands
are played by the greedy baseline; at every decision, after one warm-up call per level
that creates the scratch state, bot.choose at every level and one determinization
(bot_multi.prepare + sample) and playout run under micropython.heap_lock(): a single
allocation raises MemoryError.  Prints PASS or FAIL lines; exits 1 on any failure.
"""
import sys

import micropython

CASES = (("THREE_PLAYER_PL", None), ("FOUR_PLAYER_PL", None),
         ("THREE_PLAYER_PL", "three_player_mode=each_for_self"),
         ("FOUR_PLAYER_PL", "partner_meld=true"),
         ("THREE_PLAYER_PL", "declare_window=after_any_trick"))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    hands = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    sys.path.insert(0, root)
    from sixtysix_core import bot
    from sixtysix_core import bot_multi as BM
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.view_multi import MultiView
    failures = 0
    decided = 0
    r = RNG.Rng(5)
    for preset, option in CASES:
        rules = R.preset(preset)
        if option:
            rules.set(*option.split("="))
        d = DealMulti(rules)
        view = MultiView(d, 0)
        warm = True
        for h in range(hands):
            d.new_hand(h % rules.players, r)
            while not d.is_over():
                view.set_seat(d.to_move)
                if warm:
                    for level in range(3):
                        bot.choose(view, level, r)
                    warm = False
                s = BM._scratch(view)               # created once per RuleSet
                where = "bot.choose"
                ok = True
                micropython.heap_lock()
                try:
                    for level in range(3):
                        bot.choose(view, level, r)
                    if d.trump >= 0:
                        where = "sample + playout"
                        BM.prepare(view, s)
                        BM._copy_play(s.root, s.base)
                        BM.sample(s, s.base, d.nseats, view.seat, r)
                        BM.playout(s.base, r)
                    decided += 1
                except MemoryError:
                    ok = False
                micropython.heap_unlock()
                if not ok:
                    print("FAIL allocation in", where, ":", preset, option, "hand", h,
                          "phase", d.phase)
                    failures += 1
                    break
                d.apply(BM.greedy_choose(view, r))
    if failures:
        sys.exit(1)
    print("PASS", decided, "decisions x 3 levels (and a determinization and playout"
          " each) ran with the heap locked")


main()
