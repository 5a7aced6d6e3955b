"""CircuitPython lane: the exact solver's search loop allocates nothing (heap_lock).

Run: circuitpython -X heapsize=48k host_tests/mp_bot_solver.py [ROOT]
Imports only what the solver needs (cards, rules, deal, endgame, rng) so that it fits
the 48 KiB heap with the core compiled to .mpy.  Hands are played with random legal
actions (no false declarations, some closes) up to phase-2 positions; at each, the
solver is loaded and run with the full window and with the null window while the
heap is locked.  Prints PASS with the node counts, or FAIL; exits 1 on failure.
"""
import gc
import sys

import micropython


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sys.path.insert(0, root)
    from sixtysix_core import deal as D
    from sixtysix_core import endgame
    from sixtysix_core import rng as RNG
    gc.collect()
    r = RNG.Rng(9)
    d = D.Deal()
    solver = endgame.Solver()
    buf = bytearray(40)
    solved = 0
    nodes = 0
    most = 0
    for h in range(40):
        d.new_hand(h % 2, r)
        while not d.is_over():
            if (d.talon_state != D.OPEN and not d.pending_draw
                    and (d.phase == D.PH_LEAD or d.phase == D.PH_FOLLOW)
                    and d.total(d.to_move) < 66):
                ok = True
                micropython.heap_lock()
                try:
                    solver.load(d, d.to_move)
                    solver.solve(1000000)
                    n = solver.nodes
                    solver.load(d, d.to_move)
                    solver.solve(1000000, 0, 1)
                except MemoryError:
                    ok = False
                micropython.heap_unlock()
                if not ok:
                    print("FAIL the solver allocated: hand", h)
                    sys.exit(1)
                solved += 1
                nodes += n
                if n > most:
                    most = n
            k = d.legal_into(buf)
            a = buf[r.below(k)]
            if d.phase == D.PH_LEAD and d.total(d.to_move) >= 66 and d.is_legal(D.A_OUT):
                a = D.A_OUT
            elif a == D.A_OUT and k > 1:
                a = buf[0] if buf[0] != D.A_OUT else buf[1]
            elif a == D.A_CLOSE and r.below(3):
                a = buf[0]
            d.apply(a)
    if solved < 50:
        print("FAIL too few positions", solved)
        sys.exit(1)
    print("PASS", solved, "phase-2 positions solved with the heap locked;",
          "nodes", nodes, "max", most)


main()
