"""`bench engine` and `bench bot`: benchmarks that print figures (never timed tests).

bench engine: random-playout hands per second (deal + a uniformly random hand, see
simple_bots.playout) under CPython, in one process (CLASSIC_66, and 20-card SCHNAPSEN
deals as in the VU Amsterdam reference figure) and in one process per core, and
under the CircuitPython lane (CircuitPython 10's unix port running the core as .mpy,
host_tests/mplane.py); then the smallest `circuitpython -X heapsize` under which a full
random match to 7 completes.
bench bot:    delegated to bench_bot.py.
bench heap32: delegated to bench_heap32.py (live heap of the whole app, read between
              polls, and the smallest heap and pystack it plays a match in).
bench fuzz:   delegated to bench_fuzz.py (fault injection: replayer and saves).
bench ux:     delegated to bench_ux.py (button presses per card on both layouts).
bench strength: delegated to bench_strength.py (hard's budget curve against expert).
bench infer: delegated to bench_infer.py (how well the bot's soft inference reads bots).
bench tune: delegated to bench_tune.py (hard with changed constants against a bot).
bench tools: delegated to bench_tools.py (flash over drives seeded with user files at
              every name it uses; every command with garbage arguments).
bench saves: delegated to bench_saves.py (title actions during a match, damaged nvm
              bytes, impossible statistics).
"""
import multiprocessing
import os
import sys
import tempfile
import time

from sixtysix_tools.lab import ROOT
sys.path.insert(0, os.path.join(ROOT, "host_tests"))


def _cpython_rate(seconds, seed=1, preset="CLASSIC_66"):
    from sixtysix_core import deal as D
    from sixtysix_core import rules as R
    from sixtysix_core.rng import Rng
    from sixtysix_core.simple_bots import playout
    d = D.Deal(R.preset(preset))
    rng = Rng(seed)
    buf = bytearray(40)
    n = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(500):
            d.new_hand(n & 1, rng)
            playout(d, rng, buf)
            n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt


def _worker(seed):
    return _cpython_rate(3.0, seed)


def _lane(tmp, heap, args):
    import mplane
    return mplane.run_script(os.path.join(ROOT, "host_tests", "mp", "bench_engine.py"), heap,
                             ".", *args.split(), cwd=tmp)


def engine():
    import mplane
    print("Sixty-Six engine benchmark (CLASSIC_66, random playouts: deal + play to the end)")
    # Best of several runs: on a shared virtual machine single runs vary by +-20%.
    best = max(_cpython_rate(2.0, seed) for seed in (1, 2, 3, 4, 5))
    print("CPython %s, 1 process:  %8.0f hands/s (best of 5 runs of 2 s)"
          % (sys.version.split()[0], best))
    # The VU Amsterdam reference (3,100 deals/s) plays 20-card deals: the same pack here.
    best20 = max(_cpython_rate(2.0, seed, "SCHNAPSEN") for seed in (1, 2, 3, 4, 5))
    print("CPython, 1 process, 20-card SCHNAPSEN deals: %8.0f hands/s (best of 5 runs of 2 s)"
          % best20)
    jobs = os.cpu_count() or 1
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            rates = pool.map(_worker, range(jobs))
        print("CPython, %d processes:    %8.0f hands/s in all" % (jobs, sum(rates)))
    if mplane.binaries() is None:
        print(mplane.HOW_TO_GET)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        mplane.compile_core(tmp)
        rates = []
        for _ in range(3):
            out = _lane(tmp, "256k", "hands 3000")
            words = out.stdout.split()
            rates.append(int(words[1]) * 1000.0 / max(1, int(words[3])))
        print("CircuitPython unix (.mpy): %8.0f hands/s (best of 3 runs of 3000 hands)"
              % max(rates))
        lo, hi = 4, 256                 # KiB; find the smallest heap that completes
        while lo < hi:
            mid = (lo + hi) // 2
            ok = all("MATCH" in _lane(tmp, "%dk" % mid, "match %d" % s).stdout
                     for s in (1, 2, 3))
            if ok:
                hi = mid
            else:
                lo = mid + 1
        out = _lane(tmp, "%dk" % lo, "match 1")
        free = out.stdout.split("MEMFREE")[-1].strip()
        print("Smallest heap for a full random match to 7: %d KiB "
              "(circuitpython -X heapsize=%dk, 3 seeds; %s bytes free at the end)"
              % (lo, lo, free))
    return 0


# bench SUBCOMMAND -> the module in sixtysix_tools whose main(command, args) runs it
DELEGATES = {"bot": "bench_bot", "heap32": "bench_heap32", "fuzz": "bench_fuzz",
             "ux": "bench_ux", "strength": "bench_strength", "infer": "bench_infer",
             "tune": "bench_tune", "tools": "bench_tools", "saves": "bench_saves"}


def main(command, args):
    if args == ["engine"]:
        return engine()
    if args[:1] == ["bot"] and "--players" in args:
        from sixtysix_tools.lab import bench_bot_multi
        return bench_bot_multi.main(command, args[1:])
    if args[:1] and args[0] in DELEGATES:
        import importlib
        module = importlib.import_module("sixtysix_tools.lab." + DELEGATES[args[0]])
        return module.main(command, args[1:])
    sys.stderr.write("usage: sixtysix.py bench engine|%s\n" % "|".join(DELEGATES))
    return 2
