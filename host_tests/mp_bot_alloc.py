"""CircuitPython lane: the bot's hot paths allocate nothing (heap_lock).

Run: circuitpython -X heapsize=160k host_tests/mp_bot_alloc.py [ROOT]
Positions are set up first (allocating is fine there); then, with the heap locked,
the exact solver's search loop (endgame.Solver.solve), a determinization
(sample.determinize), a playout (playout.run) and whole bot decisions (bot.choose at
every level, after one warm-up call that creates the scratch state) must run without
a single allocation.  The positions: six hands played by greedy's rule of thumb, the
talon closed at one in four of its chances (so that closed-talon decisions, which hard
and normal play by rollouts, are checked too).  Prints PASS/FAIL lines; exits 1 on
any failure.
"""
import gc
import sys

import micropython


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sys.path.insert(0, root)
    from sixtysix_core import deal as D
    from sixtysix_core import endgame
    from sixtysix_core import playout
    from sixtysix_core import rng as RNG
    from sixtysix_core import sample
    from sixtysix_core import simple_bots as SB
    from sixtysix_core.view import PlayerView
    from sixtysix_core import bot
    gc.collect()
    failures = 0
    r = RNG.Rng(5)
    d = D.Deal()
    w = D.Deal()
    view = PlayerView(d, 0)
    solver = endgame.Solver()
    solved = 0
    decided = 0
    closed = 0
    for h in range(6):
        d.new_hand(h % 2, r)
        while not d.is_over():
            seat = d.to_move
            view.set_seat(seat)
            # one warm-up decision per level outside the lock (creates scratch state)
            if h == 0 and decided == 0:
                for level in range(3):
                    bot.choose(view, level, r)
            ok = True
            where = "bot.choose"
            micropython.heap_lock()
            try:
                for level in range(3):
                    bot.choose(view, level, r)
                decided += 1
                where = "sample.determinize"
                sample.determinize(view, w, r, 0)
                where = "playout.run"
                solver.load_rules(w, seat)
                playout.run(w, seat, solver)
                if (d.talon_state != D.OPEN and (d.phase == D.PH_LEAD or d.phase == D.PH_FOLLOW)
                        and not d.pending_draw and d.total(d.to_move) < 66):
                    where = "endgame.Solver.solve"
                    solver.load(d, seat)
                    solver.solve(100000)
                    solver.load(d, seat)
                    solver.solve(100000, 0, 1)
                    solved += 1
            except MemoryError:
                ok = False
            micropython.heap_unlock()
            if not ok:
                print("FAIL allocation in", where, ": hand", h, "phase", d.phase,
                      "talon", d.talon_state)
                failures += 1
                break
            if d.talon_state == D.CLOSED:
                closed += 1
            if d.legal_specials() >> (D.A_CLOSE - 24) & 1 and r.below(4) == 0:
                d.apply(D.A_CLOSE)                  # so that closed-talon decisions occur
            else:
                d.apply(SB.greedy_choose(view, r))
    if solved < 10:
        print("FAIL too few solver positions", solved)
        failures += 1
    if closed < 10:
        print("FAIL too few closed-talon decisions", closed)
        failures += 1
    if failures:
        sys.exit(1)
    print("PASS", decided, "decisions x 3 levels and", solved,
          "solves ran with the heap locked")


main()
