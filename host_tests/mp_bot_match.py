"""CircuitPython lane: one full hard-vs-hard match to 7 (RULES.md R21) in a fixed heap.

Run: circuitpython -X heapsize=48k host_tests/mp_bot_match.py [ROOT] [SEED] [LEVEL]
(`sixtysix.py bench bot` finds the smallest heap that passes with the core as .mpy.)
ROOT is the directory holding sixtysix_core/ (.py or .mpy); prints PASS and the
smallest gc.mem_free() seen between decisions, exits 1 on failure.
"""
import gc
import sys


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    level = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    sys.path.insert(0, root)
    from sixtysix_core import rules as R
    from sixtysix_core import deal as D
    from sixtysix_core import rng as RNG
    from sixtysix_core import match as M
    from sixtysix_core.view import PlayerView
    from sixtysix_core import bot
    gc.collect()
    rules = R.RuleSet()
    rng = RNG.Rng(seed)
    bot_rngs = (RNG.Rng(seed * 2 + 1), RNG.Rng(seed * 2 + 2))
    d = D.Deal(rules)
    view = PlayerView(d, 0)
    m = M.Match(rules)
    m.start(rng)
    low = gc.mem_free()
    decisions = 0
    while not m.is_over():
        d.new_hand(m.dealer, rng)
        while not d.is_over():
            seat = d.to_move
            view.set_seat(seat)
            a = bot.choose(view, level, bot_rngs[seat])
            if not d.is_legal(a):
                print("FAIL illegal action", a)
                sys.exit(1)
            d.apply(a)
            decisions += 1
            f = gc.mem_free()
            if f < low:
                low = f
        m.record(d)
        gc.collect()
    print("PASS match over after", m.hands, "hands,", decisions, "decisions; scores",
          m.scores[0], m.scores[1], "; lowest free", low)


main()
