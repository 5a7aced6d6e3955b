"""Time of the review of whole hands (`sixtysix.py review --bench [--rules P]`), any Python.

Run: circuitpython -X heapsize=1m host_tests/mp_review_bench.py ROOT HANDS [PRESET]
 (or the same with python3: the CPython figure of the same code)
HANDS fixed hands (seeds 1..HANDS; seat 0 plays the easy bot, the others hard) are each
reviewed for seat 0 as the handheld does (sixtysix_core.review, slice by slice; with a
3/4-player PRESET review_multi.ReviewMulti in the hand's own DealMulti).
Prints one line per hand: "T seed total_us slices longest_slice_us choices", then DONE.
"""
import sys
import time

if hasattr(time, "ticks_us"):
    _us = time.ticks_us
    _diff = time.ticks_diff
else:                                           # CPython
    def _us():
        return time.perf_counter_ns() // 1000

    def _diff(a, b):
        return a - b


def main():
    root = sys.argv[1]
    hands = int(sys.argv[2])
    sys.path.insert(0, root)
    if sys.implementation.name == "cpython":
        import types
        sys.modules.setdefault("micropython", types.SimpleNamespace(const=lambda v: v))
    from sixtysix_core import bot
    from sixtysix_core import rng as RNG
    if len(sys.argv) > 3:
        from sixtysix_core import rules as R
        from sixtysix_core.deal_multi import DealMulti
        from sixtysix_core.review_multi import ReviewMulti
        from sixtysix_core.view_multi import MultiView as View
        d = DealMulti(R.preset(sys.argv[3]))
        rev = ReviewMulti(d.rules, d)
    else:
        from sixtysix_core import deal as D
        from sixtysix_core import review
        from sixtysix_core.view import PlayerView as View
        d = D.Deal()
        rev = review.Review(d.rules)
    for seed in range(1, hands + 1):
        d.new_hand(seed % d.rules.players, RNG.Rng(seed))
        v = View(d, 0)
        r = RNG.Rng(seed + 1)
        while not d.is_over():
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, 0 if d.to_move == 0 else 2, r))
        rev.start(d, 0)
        slices = 0
        longest = 0
        t0 = _us()
        more = True
        while more:
            t = _us()
            more = rev.step()
            dt = _diff(_us(), t)
            if dt > longest:
                longest = dt
            slices += 1
        total = _diff(_us(), t0)
        print("T", seed, total, slices, longest, rev.decisions)
    print("DONE")


main()
