"""CircuitPython lane: time bot.choose on a fixed set of positions from every phase.

Run: circuitpython -X heapsize=1m host_tests/mp_bot_bench.py ROOT HANDS [LEVELS [TOOLS]]
(LEVELS: digits of bot.LEVELS, default 012; 3 is hard-v1, whose close test is in
TOOLS/sixtysix_tools/players/hard_v1.py, TOOLS being the repository's tools/)
Positions: hands dealt from Rng(1000 + h), h < HANDS, played by the greedy rule
of thumb (closing the talon at one in six of its chances); every decision with at
least two legal actions is a position.  For each level the bot chooses with
Rng(7 + position index).  Prints one line per decision:
    T <level> <phase> <microseconds>
phase: 1 = talon open, 2 = closed, 3 = exhausted.  Then DONE.
"""
import sys
import time


def main():
    root = sys.argv[1]
    hands = int(sys.argv[2])
    levels = sys.argv[3] if len(sys.argv) > 3 else "012"
    sys.path.insert(0, root)
    from sixtysix_core import deal as D
    from sixtysix_core import rng as RNG
    from sixtysix_core import simple_bots as SB
    from sixtysix_core.view import PlayerView
    from sixtysix_core import bot
    v1 = None
    if "3" in levels:
        sys.path.append(sys.argv[4])
        from sixtysix_tools.players import hard_v1
        v1 = hard_v1.choose
    d = D.Deal()
    view = PlayerView(d, 0)
    buf = bytearray(40)
    index = 0
    for h in range(hands):
        rng = RNG.Rng(1000 + h)
        d.new_hand(h % 2, rng)
        while not d.is_over():
            seat = d.to_move
            view.set_seat(seat)
            if d.legal_into(buf) > 1:
                tag = 1 if d.talon_state == D.OPEN else (2 if d.talon_state == D.CLOSED else 3)
                for ch in levels:
                    level = ord(ch) - 48
                    r = RNG.Rng(7 + index)
                    t0 = time.ticks_us()
                    if level == 3:
                        v1(view, r)
                    else:
                        bot.choose(view, level, r)
                    dt = time.ticks_diff(time.ticks_us(), t0)
                    print("T", level, tag, dt)
                index += 1
            if d.legal_specials() >> (D.A_CLOSE - 24) & 1 and rng.below(6) == 0:
                d.apply(D.A_CLOSE)                  # so that closed positions occur
            else:
                d.apply(SB.greedy_choose(view, rng))
    print("DONE")


main()
