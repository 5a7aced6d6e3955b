"""`sixtysix.py review --bench [N] [--rules P]`: the time of the hand review
(tools/sixtysix_tools/review.py, sixtysix_core.review) on N fixed hands under CPython and
the CircuitPython lane (core as .mpy), and the ESTIMATED SAMD51 time (lane time x its
pystones/s measured in the same run / 1,520, as `bench bot` does)."""
import os
import subprocess
import sys
import tempfile

from sixtysix_core import review
from sixtysix_tools.lab import bench_bot as B


def _timed(python, root, hands, heap=True, preset=None):
    """[(seed, total s, slices, longest slice s, choices)] from mp_review_bench.py (of
    a 3/4-player preset, or two-player CLASSIC_66 hands)."""
    cmd = [python] + (["-X", "heapsize=1m"] if heap else [])
    extra = [] if preset is None else [preset]
    out = subprocess.run(cmd + [os.path.join(B.ROOT, "host_tests", "mp_review_bench.py"),
                                root, str(hands)] + extra, capture_output=True, text=True,
                         env=B._env())
    if out.returncode != 0 or "DONE" not in out.stdout:
        raise RuntimeError(out.stdout[-1000:] + out.stderr[-1000:])
    rows = []
    for line in out.stdout.splitlines():
        if line.startswith("T "):
            p = [int(x) for x in line.split()[1:]]
            rows.append((p[0], p[1] / 1e6, p[2], p[3] / 1e6, p[4]))
    return rows


def _summary(rows):
    totals = sorted(r[1] for r in rows)
    return B.percentile(totals, 0.5), totals[-1], max(r[3] for r in rows)


def bench(hands, preset=None):
    """Print review times per hand: CPython, the CircuitPython lane, SAMD51 estimated
    (preset: a 3/4-player preset, else two-player CLASSIC_66 hands)."""
    if preset is None:
        print("review of %d hands (seat 0 easy vs hard, judged at hard, %d rounds a choice, "
              "one action a slice)" % (hands, review.REPEATS))
    else:
        from sixtysix_core import review_multi
        print("review of %d %s hands (seat 0 easy, the others hard, judged at hard, %d "
              "rounds a choice, one card a slice)" % (hands, preset, review_multi.ROUNDS))
    rows = _timed(sys.executable, B.ROOT, hands, heap=False, preset=preset)
    med, top, longest = _summary(rows)
    print("CPython: median %.0f ms, max %.0f ms per hand; %.1f choices a hand"
          % (1000 * med, 1000 * top, sum(r[4] for r in rows) / len(rows)))
    mplane = B.lane()               # the CircuitPython lane, as `bench bot` times
    if mplane is None:
        return 0
    cp = mplane.tool("circuitpython")
    with tempfile.TemporaryDirectory() as tmp:
        rows = _timed(cp, mplane.compile_core(tmp), hands, preset=preset)
    med, top, longest = _summary(rows)
    stones = B.pystones(cp)
    scale = stones / B.SAMD51_PYSTONES
    print("CircuitPython 10 unix (.mpy): median %.3f s, max %.3f s per hand; longest slice "
          "%.1f ms" % (med, top, 1000 * longest))
    print("pystones/s now: %.0f (SAMD51: %d, scale x%.1f)"
          % (stones, B.SAMD51_PYSTONES, scale))
    print("SAMD51 ESTIMATED: median %.1f s, max %.1f s per hand; longest slice %.2f s "
          "(the longest wait for B)" % (med * scale, top * scale, longest * scale))
    return 0
