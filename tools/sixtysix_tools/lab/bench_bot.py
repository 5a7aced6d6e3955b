"""`sixtysix.py bench bot`: the bot's time per decision and memory, CircuitPython lane.

Everything runs under CircuitPython 10's unix port (`circuitpython`, 32-bit, found as
the test lane finds it: host_tests/mplane.py) with the core compiled by its mpy-cross as
`build --mpy` compiles it.  For each level, on a fixed set of positions from every phase
(host_tests/mp_bot_bench.py: hands dealt from fixed seeds, played by the rule of thumb
with some closes), the time per decision is measured in a subprocess.  The SAMD51 time
is ESTIMATED in the same run, from pystone run by the same interpreter just before and
after the timing:

    estimated SAMD51 time = CircuitPython-unix time x (CircuitPython-unix pystones/s
                            measured now / 1,520, the SAMD51's pystone figure)

(pystone: tools/sixtysix_tools/lab/pystone.py, which is also the file to copy to a board as
code.py to measure the real figure).
Then the smallest heap (binary search over `circuitpython -X heapsize`, 1 KiB steps,
with a CircuitPython 10 board's pystack, MICROPY_UNIX_PYSTACK_BYTES=2048) under which
host_tests/mp_bot_match.py plays a full hard-vs-hard match, with the core as .mpy and,
with --py-heap, from .py sources; the lowest free heap of the match in 48k and the
smallest pystack it plays in.  Before that search, where that heap goes
(host_tests/mp_bot_heap.py: live bytes per module imported and per object the match
creates).  Last, exact-solver node counts on random exhausted-talon positions (CPython).

    python3 tools/sixtysix.py bench bot [--hands N] [--no-heap] [--py-heap] [--v1]

--v1 also times hard-v1 (level 3 with its close test, players/hard_v1.py) after hard on every
position, so that the two compare under the same machine load.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from sixtysix_tools.lab import ROOT
SAMD51_PYSTONES = 1520
PYSTACK = 2048                  # a CircuitPython 10 board's pystack
PHASES = {1: "talon open", 2: "talon closed", 3: "talon exhausted"}


def _env(pystack=None):
    return dict(os.environ, MICROPY_UNIX_PYSTACK_BYTES=str(pystack or PYSTACK))

# The lane scripts run from ROOT (the folder holding sixtysix_core/) and are given ".",
# so that the modules' interned __file__ names are about as short as on a board.


def pystones(micropython, loops=50000):
    script = os.path.join(ROOT, "tools", "sixtysix_tools", "lab", "pystone.py")
    out = subprocess.run([micropython, "-X", "heapsize=1m", script, str(loops)],
                         capture_output=True, text=True, check=True, env=_env()).stdout
    for line in out.splitlines():
        if "pystones/second" in line:
            return float(line.split("benchmarks at")[1].split()[0])
    raise RuntimeError("no pystone figure in: %r" % out)


def lane():
    """host_tests/mplane (the CircuitPython lane), or None after one line saying how to
    get its binaries."""
    sys.path.insert(0, os.path.join(ROOT, "host_tests"))
    import mplane
    if mplane.binaries() is None:
        sys.stderr.write("bench bot: " + mplane.HOW_TO_GET.split(": ", 1)[1] + "\n")
        return None
    return mplane


def percentile(sorted_values, q):
    if not sorted_values:
        return 0
    i = min(len(sorted_values) - 1, int(q * len(sorted_values)))
    return sorted_values[i]


def timings(argv, cwd=None):
    """Run a bench script (argv) on the lane: its "T" lines, as lists of whole numbers
    after the T; RuntimeError if it fails or does not reach DONE."""
    out = subprocess.run(argv, capture_output=True, text=True, env=_env(), cwd=cwd)
    if out.returncode != 0 or "DONE" not in out.stdout:
        raise RuntimeError("bench script failed:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    return [[int(x) for x in p[1:]] for p in (line.split() for line in out.stdout.splitlines())
            if p and p[0] == "T"]


def time_positions(micropython, root, hands, levels="012"):
    script = os.path.join(ROOT, "host_tests", "mp_bot_bench.py")
    times = {}
    for level, phase, t in timings([micropython, "-X", "heapsize=2m", script, ".", str(hands),
                                    levels, os.path.join(ROOT, "tools")], cwd=root):
        times.setdefault((level, phase), []).append(t)
    return times


def match_runs(micropython, root, heap_k, seed=1, pystack=None):
    """The lowest free heap the match saw (its PASS line), or None if it failed."""
    script = os.path.join(ROOT, "host_tests", "mp_bot_match.py")
    r = subprocess.run([micropython, "-X", "heapsize=%dk" % heap_k, script, ".",
                        str(seed), "2"], capture_output=True, text=True,
                       env=_env(pystack), cwd=root)
    if r.returncode != 0 or "PASS" not in r.stdout:
        return None
    return int(r.stdout.split("lowest free")[1].split()[0])


def smallest(passes, lo, hi, step=1):
    """Smallest value in lo..hi (lo and hi multiples of step) for which passes(value) is
    true, searched in halves (passes must be monotonic), or None if hi does not pass."""
    if not passes(hi):
        return None
    while lo < hi:
        mid = (lo + hi) // (2 * step) * step
        if passes(mid):
            hi = mid
        else:
            lo = mid + step
    return lo


def smallest_heap(micropython, root, lo=8, hi=1024):
    """Smallest heapsize in KiB (1 KiB steps) with a passing hard-vs-hard match."""
    return smallest(lambda k: match_runs(micropython, root, k) is not None, lo, hi)


def smallest_pystack(micropython, root, heap_k=48):
    """Smallest MICROPY_UNIX_PYSTACK_BYTES (16-byte steps) the match passes with."""
    return smallest(lambda n: match_runs(micropython, root, heap_k, pystack=n) is not None,
                    256, 4096, 16)


def heap_breakdown(micropython, root):
    """Live heap bytes of a match on this port: ([(module, bytes)], [(object, bytes)],
    interned-name bytes, .mpy bytes of those modules, free bytes in a fresh 48k heap)."""
    script = os.path.join(ROOT, "host_tests", "mp_bot_heap.py")
    out = subprocess.run([micropython, "-X", "heapsize=1m", script, "."],
                         capture_output=True, text=True, env=_env(), cwd=root)
    if out.returncode != 0:
        raise RuntimeError("heap script failed:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    modules, objects, qstr = [], [], 0
    for line in out.stdout.splitlines():
        p = line.split()
        if p[0] == "IMPORT":
            modules.append((p[1], int(p[2])))
        elif p[0] == "OBJECT":
            objects.append((p[1], int(p[2])))
        elif line.startswith("qstr pool:"):
            qstr = int(line.split("n_total_bytes=")[1].split()[0])
    mpy = sum(os.path.getsize(os.path.join(root, "sixtysix_core", name + ".mpy"))
              for name, _ in modules)
    fresh = subprocess.run([micropython, "-X", "heapsize=48k", "-c",
                            "import gc; gc.collect(); print(gc.mem_free())"],
                           capture_output=True, text=True, check=True).stdout
    return modules, objects, qstr, mpy, int(fresh)


def print_heap_breakdown(micropython, root):
    modules, objects, qstr, mpy, fresh = heap_breakdown(micropython, root)

    def listing(items):
        return ", ".join("%s %.1f" % (n, b / 1000)
                         for n, b in sorted(items, key=lambda x: -x[1]))
    m = sum(b for _, b in modules)
    o = sum(b for _, b in objects)
    print("live heap of a hard-vs-hard match on CircuitPython (core as .mpy, KB):")
    print("  modules %.1f: %s" % (m / 1000, listing(modules)))
    print("    of which interned names (qstr pool) %.1f; the modules' .mpy files hold %.1f"
          % (qstr / 1000, mpy / 1000))
    print("  objects %.1f: %s" % (o / 1000, listing(objects)))
    print("  total %.1f, against %.1f free in a fresh 48k heap" % ((m + o) / 1000,
                                                                  fresh / 1000))


def solver_nodes(n=300, seed=11):
    """Node counts of the exact solver on exhausted-talon positions, by cards left."""
    from sixtysix_core import deal as D
    from sixtysix_core import endgame
    from sixtysix_core import rng as RNG
    from sixtysix_core import simple_bots as SB
    from sixtysix_core.view import PlayerView
    r = RNG.Rng(seed)
    d = D.Deal()
    view = PlayerView(d, 0)
    solver = endgame.Solver()
    by_size = {}
    found = 0
    while found < n:
        d.new_hand(r.below(2), r)
        stop = 6 + r.below(6)                   # stop after this many phase-2 cards
        played = 0
        while not d.is_over():
            if (d.talon_state == D.EXHAUSTED and d.phase == D.PH_LEAD
                    and not d.pending_draw and d.total(d.to_move) < 66):
                if played >= stop - 6 or d.hand[d.to_move] & (d.hand[d.to_move] - 1) == 0:
                    solver.load(d, d.to_move)
                    solver.solve(10 ** 9)
                    size = bin(d.hand[d.to_move]).count("1")
                    by_size.setdefault(size, []).append(solver.nodes)
                    found += 1
                    break
                played += 1
            view.set_seat(d.to_move)
            d.apply(SB.greedy_choose(view, r))
    return by_size


def _core_importable():
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    try:
        import micropython  # noqa: F401
    except ImportError:
        import types
        shim = types.ModuleType("micropython")
        shim.const = lambda value: value
        sys.modules["micropython"] = shim


def main(command, args):
    from sixtysix_tools import cli
    _core_importable()
    ap = cli.Parser(prog="sixtysix.py bench bot")
    ap.add_argument("--hands", type=cli.number(1), default=16, help="hands that give the positions")
    ap.add_argument("--no-heap", action="store_true", help="skip the heap search")
    ap.add_argument("--py-heap", action="store_true", help="also search the heap from .py")
    ap.add_argument("--v1", action="store_true",
                    help="also time hard-v1 (level 3 with its close test) on each position")
    if args and args[0] == "bot":
        args = args[1:]
    ns = ap.parse_args(args)
    mplane = lane()
    if mplane is None:
        return 2
    micropython = mplane.tool("circuitpython")
    tmp = tempfile.mkdtemp(prefix="sixtysix_bench_")
    try:
        root = mplane.compile_core(tmp)
        ps_before = pystones(micropython)
        from sixtysix_core import bot
        names = bot.LEVELS + (("hard-v1",) if ns.v1 else ())
        times = time_positions(micropython, root, ns.hands, "0123"[:len(names)])
        ps_after = pystones(micropython)
        ps = (ps_before + ps_after) / 2
        scale = ps / SAMD51_PYSTONES
        print("CircuitPython 10 unix (32-bit): %.0f pystones/s (%.0f before, %.0f after "
              "the timing); SAMD51 reference %d -> scale x%.1f" % (ps, ps_before, ps_after,
                                                       SAMD51_PYSTONES, scale))
        print("time per decision (positions with >= 2 legal actions, %d hands)" % ns.hands)
        print("%-7s %-16s %5s  %24s  %30s" % ("level", "positions", "n",
                                              "CircuitPython-unix ms p50/p95/max",
                                              "estimated SAMD51 s p50/p95/max"))
        for level in range(len(names)):
            groups = [(p, times.get((level, p), [])) for p in (1, 2, 3)]
            groups.append((0, sum((v for _, v in groups), [])))
            for phase, values in groups:
                v = sorted(values)
                if not v:
                    continue
                ms = [percentile(v, 0.5) / 1000, percentile(v, 0.95) / 1000, v[-1] / 1000]
                print("%-7s %-16s %5d  %8.2f %7.2f %7.2f  %12.3f %8.3f %8.3f"
                      % (names[level], PHASES.get(phase, "all"), len(v),
                         ms[0], ms[1], ms[2], ms[0] * scale / 1000, ms[1] * scale / 1000,
                         ms[2] * scale / 1000))
        if not ns.no_heap:
            print_heap_breakdown(micropython, root)
            k = smallest_heap(micropython, root)
            print("smallest heap for a full hard-vs-hard match (core as .mpy, pystack %d "
                  "bytes): %s" % (PYSTACK, "%d KiB" % k if k else "none up to 1024 KiB"))
            free = match_runs(micropython, root, 48)
            print("the match in a 48k heap: %s" % ("fails" if free is None else
                                                  "lowest free %d bytes" % free))
            print("smallest pystack for it (48k heap): %s bytes (CircuitPython 9 boards "
                  "have 1536, 10 boards 2048)" % smallest_pystack(micropython, root))
            if ns.py_heap:
                k = smallest_heap(micropython, ROOT)
                print("smallest heap for a full hard-vs-hard match (core as .py): %s"
                      % ("%d KiB" % k if k else "none up to 1024 KiB"))
        by_size = solver_nodes()
        print("exact solver nodes on exhausted-talon positions (cards in the mover's hand)")
        for size in sorted(by_size):
            v = sorted(by_size[size])
            print("  %d cards: n=%d  p50 %d  p95 %d  max %d"
                  % (size, len(v), percentile(v, 0.5), percentile(v, 0.95), v[-1]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main("bench", sys.argv[1:]))
