# Engine benchmark for the CircuitPython lane (driven by `tools/sixtysix.py bench engine`).
# Usage: circuitpython -X heapsize=H bench_engine.py ROOT hands N | match S
# "hands N" -> random playouts, prints "HANDS n MS t"; "match S" -> one random match to 7
# with seed S, prints "MATCH hands n" and "MEMFREE m".  ROOT holds sixtysix_core/.
import sys

sys.path.insert(0, sys.argv[1])
import gc
import time

from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng
from sixtysix_core.simple_bots import playout


def hands(n):
    d = D.Deal(R.RuleSet())
    rng = Rng(1)
    buf = bytearray(40)
    gc.collect()
    t0 = time.ticks_ms()
    for i in range(n):
        d.new_hand(i & 1, rng)
        playout(d, rng, buf)
    ms = time.ticks_diff(time.ticks_ms(), t0)
    print("HANDS", n, "MS", ms)


def match(seed):
    rules = R.RuleSet()
    d = D.Deal(rules)
    m = M.Match(rules)
    rng = Rng(seed)
    m.start(rng)
    buf = bytearray(40)
    while not m.is_over():
        d.new_hand(m.dealer, rng)
        playout(d, rng, buf)
        m.record(d)
    gc.collect()
    print("MATCH hands", m.hands, "scores", m.scores[0], m.scores[1])
    print("MEMFREE", gc.mem_free())


words = sys.argv[2:]
if words[0] == "hands":
    hands(int(words[1]))
else:
    match(int(words[1]))
