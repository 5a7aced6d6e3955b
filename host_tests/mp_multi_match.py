"""CircuitPython lane: a whole 4-player (or 3-player) match of the core with saves and reviews.

Run: circuitpython -X heapsize=64k host_tests/mp_multi_match.py ROOT [PRESET] [LEVEL]
with ROOT holding sixtysix_core as .mpy.  Hard bots (LEVEL, default 2) play every seat
of a match to its end; after every action the match and the hand are saved into a
two-slot stand-in of the nvm region (persist_multi.next_slot + encode_into); at every
hand's start the newest save is read back (persist_multi.newest, as a resume at boot)
and must hold that hand; every finished hand is reviewed for seat 0 in its own
DealMulti (review_multi.ReviewMulti).  Prints "HEAP peak N" (the most gc.mem_alloc
after a collection, over the run), the match result and PASS; a MemoryError fails.
"""
import gc
import sys


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    preset = sys.argv[2] if len(sys.argv) > 2 else "FOUR_PLAYER_PL"
    level = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    sys.path.insert(0, root)
    from sixtysix_core import bot
    from sixtysix_core import persist as P
    from sixtysix_core import persist_multi as PM
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.review_multi import ReviewMulti
    from sixtysix_core.view_multi import MultiView
    rules = R.preset(preset)
    st = P.Settings(level, R.preset_names().index(preset), 1, 0)
    r = RNG.Rng(66)
    m = PM.MatchMulti(rules)
    m.start(r)
    d = DealMulti(rules)
    v = MultiView(d, 0)
    rev = ReviewMulti(rules, d)
    nvm = bytearray(b"\xff" * (PM.NUM_SLOTS * PM.SLOT_SIZE))
    buf = bytearray(PM.SLOT_SIZE)
    peak = 0
    reviewed = 0
    saves = 0
    while not m.is_over():
        d.new_hand(m.dealer, r)
        while True:
            slot, seq = PM.next_slot(nvm)
            n = PM.encode_into(buf, seq, st, r.get_state(), m, d)
            for i in range(n, PM.SLOT_SIZE):
                buf[i] = 0xFF
            nvm[slot * PM.SLOT_SIZE:(slot + 1) * PM.SLOT_SIZE] = buf
            saves += 1
            if d.log_len == 0:
                _, saved = PM.newest(nvm)
                if saved is None or saved.deal is None or saved.match.hands != m.hands:
                    print("FAIL resume at hand", m.hands, PM.why)
                    sys.exit(1)
                saved = None
            gc.collect()
            peak = max(peak, gc.mem_alloc())
            if d.is_over():
                break
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, level, r))
        rev.start(d, 0)
        while rev.step():
            pass
        reviewed += rev.decisions
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        m.record(d)
    print("HEAP peak", peak)
    print("MATCH", m.hands, "hands, scores", m.scores[:m.n], "winners", m.winners,
          saves, "saves,", reviewed, "choices reviewed")
    print("PASS")


main()
