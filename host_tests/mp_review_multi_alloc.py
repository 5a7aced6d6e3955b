"""CircuitPython lane: a 3/4-player review's slices and saves allocate nothing (heap_lock).

Run: circuitpython -X heapsize=160k host_tests/mp_review_multi_alloc.py ROOT
with ROOT holding sixtysix_core as .mpy.  For THREE_PLAYER_PL, FOUR_PLAYER_PL and
each_for_self a hand of normal bots is played, saved after every action with
persist_multi.encode_into (the app saves as it plays: at most the checksum's 2-tuple,
16 bytes, may be allocated), then reviewed
for seat 0 twice by review_multi.ReviewMulti in the hand's own DealMulti: in the second
review (the first made the bot's scratch state) every step() must run with the heap
locked.  Prints PASS or FAIL lines; exits 1 on any failure.
"""
import gc
import sys

from mp_locked import review_locked

CASES = (("THREE_PLAYER_PL", None), ("FOUR_PLAYER_PL", None),
         ("THREE_PLAYER_PL", "three_player_mode=each_for_self"))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sys.path.insert(0, root)
    from sixtysix_core import bot
    from sixtysix_core import persist as P
    from sixtysix_core import persist_multi as PM
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.review_multi import ReviewMulti
    from sixtysix_core.view_multi import MultiView
    failures = 0
    slices = 0
    saves = 0
    buf = bytearray(PM.SLOT_SIZE)
    for k, (preset, option) in enumerate(CASES):
        rules = R.preset(preset)
        if option:
            rules.set(*option.split("="))
        st = P.Settings(1, R.preset_names().index(preset), 1, 0)
        r = RNG.Rng(7 + k)
        m = PM.MatchMulti(rules)
        m.start(r)
        d = DealMulti(rules)
        d.new_hand(m.dealer, r)
        v = MultiView(d, 0)
        state = (1, 2, 3)
        while not d.is_over():
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, 1, r))
            gc.collect()
            before = gc.mem_alloc()
            PM.encode_into(buf, saves & 0xFFFF, st, state, m, d)
            took = gc.mem_alloc() - before
            if took > 16:                   # the checksum's 2-tuple (persist.fletcher16)
                print("FAIL persist_multi.encode_into allocated", took, "bytes", preset)
                failures += 1
                break
            saves += 1
        rev = ReviewMulti(rules, d)
        steps, ok = review_locked(rev, d, 0)
        slices += steps
        if not ok:
            print("FAIL allocation in ReviewMulti.step:", preset, option, "log index", rev.i)
            failures += 1
        if rev.decisions < 1 or not d.is_over():
            print("FAIL", preset, "judged", rev.decisions, "over", d.is_over())
            failures += 1
    if failures:
        sys.exit(1)
    print("PASS", slices, "review slices with the heap locked;", saves, "saves")


main()
