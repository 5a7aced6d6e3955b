"""MicroPython lane: time of the review of whole hands (`sixtysix.py review --bench`).

Run: micropython -X heapsize=1m host_tests/mp_review_bench.py ROOT HANDS
HANDS fixed hands (seeds 1..HANDS; seat 0 plays the easy bot, seat 1 hard) are each
reviewed for seat 0 as the handheld does (sixtysix_core.review, slice by slice).
Prints one line per hand: "T seed total_us slices longest_slice_us choices", then DONE.
"""
import sys
import time


def main():
    root = sys.argv[1]
    hands = int(sys.argv[2])
    sys.path.insert(0, root)
    from sixtysix_core import bot
    from sixtysix_core import deal as D
    from sixtysix_core import review
    from sixtysix_core import rng as RNG
    from sixtysix_core.view import PlayerView
    d = D.Deal()
    rev = review.Review(d.rules)
    for seed in range(1, hands + 1):
        d.new_hand(seed % 2, RNG.Rng(seed))
        v = PlayerView(d, 0)
        r = RNG.Rng(seed + 1)
        while not d.is_over():
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, 0 if d.to_move == 0 else 2, r))
        rev.start(d, 0)
        slices = 0
        longest = 0
        t0 = time.ticks_us()
        more = True
        while more:
            t = time.ticks_us()
            more = rev.step()
            dt = time.ticks_diff(time.ticks_us(), t)
            if dt > longest:
                longest = dt
            slices += 1
        total = time.ticks_diff(time.ticks_us(), t0)
        print("T", seed, total, slices, longest, rev.decisions)
    print("DONE")


main()
