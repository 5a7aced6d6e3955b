"""MicroPython lane: time bot.choose for 3 and 4 players on fixed positions.

Run: micropython -X heapsize=1m host_tests/mp_bot_multi_bench.py ROOT PLAYERS HANDS [LEVELS
     [PYSTONE_DIR]]
Positions: THREE_PLAYER_PL / FOUR_PLAYER_PL hands dealt from Rng(1000 + h), h < HANDS,
played by bot_multi.greedy_choose; every decision with at least two legal actions is a
position.  For each level the bot chooses with Rng(7 + position index), REPEATS times
(the same work each time; the fastest is kept, so that other processes on a shared
machine disturb the figure less).  With PYSTONE_DIR (tools/sixtysix_tools/lab), the
machine's speed is measured right before each position as well: the best of 3 runs of
1,000 pystone loops, so that a busy moment slows both figures alike.  Prints one line
per decision:
    T <level> <cards in the mover's hand> <microseconds> <pystones/s or 0>
then DONE.
"""
import sys
import time

REPEATS = 3


def main():
    root = sys.argv[1]
    players = int(sys.argv[2])
    hands = int(sys.argv[3])
    levels = sys.argv[4] if len(sys.argv) > 4 else "012"
    speed = None
    if len(sys.argv) > 5:
        sys.path.insert(0, sys.argv[5])
        from pystone import pystones

        def speed():
            return max(pystones(1000)[1] for _ in range(3))
    sys.path.insert(0, root)
    import gc
    from sixtysix_core import bot
    from sixtysix_core import bot_multi
    from sixtysix_core import cards
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.view_multi import MultiView
    d = DealMulti(R.preset("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL"))
    view = MultiView(d, 0)
    buf = bytearray(40)
    index = 0
    for h in range(hands):
        rng = RNG.Rng(1000 + h)
        d.new_hand(h % players, rng)
        while not d.is_over():
            view.set_seat(d.to_move)
            if d.legal_into(buf) > 1:
                size = cards.count(d.hand[d.to_move])
                ps = int(speed()) if speed else 0
                gc.collect()
                for ch in levels:
                    level = ord(ch) - 48
                    best = -1
                    for _ in range(REPEATS):        # the same work each time: keep the
                        r = RNG.Rng(7 + index)      # fastest, the least disturbed by
                        t0 = time.ticks_us()        # other processes
                        bot.choose(view, level, r)
                        dt = time.ticks_diff(time.ticks_us(), t0)
                        if best < 0 or dt < best:
                            best = dt
                    print("T", level, size, best, ps)
                index += 1
            d.apply(bot_multi.greedy_choose(view, rng))
    print("DONE")


main()
