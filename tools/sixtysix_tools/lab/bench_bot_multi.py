"""`sixtysix.py bench bot --players 3|4`: the 3- and 4-player bot's time per decision.

The method of bench_bot.py, on its CircuitPython lane (CircuitPython 10's unix port,
32-bit, a board's pystack; host_tests/mplane.py): positions from fixed hands
(host_tests/mp_bot_multi_bench.py, hands played by the greedy baseline), each decision
timed with the core compiled to .mpy (the fastest of 3 identical runs), and its SAMD51 time
ESTIMATED as MicroPython-unix time x (MicroPython-unix pystones/s / 1,520), with the
pystones measured right before that position (best of 3 short runs): on a shared, busy
machine both figures are then taken at the same moment.  Then the smallest heap
(1 KiB binary search) for a whole match of hard bots (host_tests/mp_bot_multi_match.py).

    python3 tools/sixtysix.py bench bot --players 3|4 [--hands N] [--no-heap]
"""
import os
import subprocess
import tempfile

from sixtysix_tools.lab.bench_bot import (ROOT, SAMD51_PYSTONES, _env, lane, percentile,
                                          pystones, smallest, timings)


def time_positions(micropython, root, players, hands):
    script = os.path.join(ROOT, "host_tests", "mp_bot_multi_bench.py")
    times = {}
    for level, size, t, ps in timings([micropython, "-X", "heapsize=2m", script, root,
                                       str(players), str(hands), "012",
                                       os.path.join(ROOT, "tools", "sixtysix_tools", "lab")]):
        times.setdefault(level, []).append((size, t, ps))
    return times


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench bot --players 3|4")
    ap.add_argument("--players", type=cli.number(3), choices=(3, 4), required=True)
    ap.add_argument("--hands", type=cli.number(1), default=12, help="hands that give the positions")
    ap.add_argument("--no-heap", action="store_true", help="skip the heap search")
    ns = ap.parse_args(args)
    mplane = lane()
    if mplane is None:
        return 2
    micropython = mplane.tool("circuitpython")
    from sixtysix_core.bot import LEVELS
    with tempfile.TemporaryDirectory() as tmp:
        root = mplane.compile_core(tmp)
        ps_before = max(pystones(micropython) for _ in range(3))
        times = time_positions(micropython, root, ns.players, ns.hands)
        ps_after = max(pystones(micropython) for _ in range(3))
        heap = None if ns.no_heap else smallest_heap(micropython, root, ns.players)
    ps = (ps_before + ps_after) / 2
    n = sum(len(v) for v in times.values()) // max(1, len(times))
    print("%d-player bot, %d positions from %d hands; CircuitPython-unix %.0f pystones/s "
          "(best of 3 before %.0f, after %.0f)" % (ns.players, n, ns.hands, ps, ps_before,
                                                   ps_after))
    print("SAMD51 estimate per decision: its time x the pystones/s measured right before "
          "it / %d" % SAMD51_PYSTONES)
    print("(and, the other way, x the run's pystones/s: x%.1f)" % (ps / SAMD51_PYSTONES))
    print("level   CircuitPython-unix ms p50 / p95 / max   SAMD51 s p50 / p95 / max (estimated:"
          " per position | whole run)")
    for level in sorted(times):
        us = sorted(t for _size, t, _ps in times[level])
        est = sorted(t * (p or ps) / SAMD51_PYSTONES / 1e6 for _size, t, p in times[level])
        q = [percentile(us, 0.5), percentile(us, 0.95), us[-1]]
        e = [percentile(est, 0.5), percentile(est, 0.95), est[-1]]
        r = [x * ps / SAMD51_PYSTONES / 1e6 for x in q]
        print("%-7s %8.2f / %6.2f / %6.2f          %6.3f / %6.3f / %6.3f | %6.3f / %6.3f / %6.3f"
              % (LEVELS[level], q[0] / 1000, q[1] / 1000, q[2] / 1000, e[0], e[1], e[2],
                 r[0], r[1], r[2]))
        by_size = {}
        for size, t, _ps in times[level]:
            by_size.setdefault(size, []).append(t)
        print("        by cards in hand (max ms): " + ", ".join(
            "%d: %.2f" % (size, max(by_size[size]) / 1000) for size in sorted(by_size)))
    lo = min(p for v in times.values() for _s, _t, p in v)
    hi = max(p for v in times.values() for _s, _t, p in v)
    print("pystones/s measured between positions: %.0f to %.0f (x%.1f to x%.1f)"
          % (lo, hi, lo / SAMD51_PYSTONES, hi / SAMD51_PYSTONES))
    if heap:
        print("smallest heap for a whole %d-player match of hard bots (.mpy, seeds 1 and 2): "
              "%d KiB (circuitpython -X heapsize=%dk host_tests/mp_bot_multi_match.py)"
              % (ns.players, heap, heap))
    return 0


def match_runs(micropython, root, players, heap_k, seed):
    script = os.path.join(ROOT, "host_tests", "mp_bot_multi_match.py")
    r = subprocess.run([micropython, "-X", "heapsize=%dk" % heap_k, script, root, str(players),
                        str(seed)], capture_output=True, text=True, env=_env())
    return "MATCH" in r.stdout


def smallest_heap(micropython, root, players, lo=16, hi=512):
    """Binary search (1 KiB steps) for the heap under which seeds 1 and 2 complete."""
    return smallest(lambda k: all(match_runs(micropython, root, players, k, s) for s in (1, 2)),
                    lo, hi)
