"""CircuitPython lane: the review's slices and the sound's tones allocate nothing (heap_lock).

Run: circuitpython -X heapsize=256k host_tests/mp_review_alloc.py [ROOT]
A hand of hard against hard is played first; then sixtysix_core.review replays it for
seat 0 twice: in the second review (the first created the bot's scratch state and its
spare Deal), every Review.step() - a bot.action_values call, the replay between choices, the
judging - must run with the heap locked.  Then lib/sixtysix_ui/sound.py: after the
Sound is built, play() and poll() of every cue run locked (a stand-in AudioOut; the
laptop has no audiocore, so the plain stand-in sample is used).  Prints PASS/FAIL.
"""
import sys

import micropython
from mp_locked import review_locked


class _Out:
    def __init__(self):
        self.plays = 0

    def play(self, sample, loop=False):
        self.plays += 1

    def stop(self):
        pass


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sys.path.insert(0, root)
    sys.path.insert(0, root + "/lib")
    from sixtysix_core import bot
    from sixtysix_core import deal as D
    from sixtysix_core import review
    from sixtysix_core import rng as RNG
    from sixtysix_core.view import PlayerView
    from sixtysix_ui import sound
    failures = 0
    slices = 0
    d = D.Deal()                                # one RuleSet: a new one reconfigures (cold)
    rev = review.Review(d.rules)
    for seed in (3, 4, 5):
        d.new_hand(seed % 2, RNG.Rng(seed))
        v = PlayerView(d, 0)
        r = RNG.Rng(seed + 1)
        while not d.is_over():
            v.set_seat(d.to_move)
            d.apply(bot.choose(v, 2, r))
        steps, ok = review_locked(rev, d, 0)
        slices += steps
        if not ok:
            print("FAIL allocation in Review.step: hand", seed, "log index", rev.i)
            failures += 1
        if rev.decisions < 2:
            print("FAIL too few choices judged", rev.decisions)
            failures += 1
    out = _Out()
    snd = sound.Sound(out)
    now = 0
    micropython.heap_lock()
    try:
        for kind in range(1, len(sound.CUES)):
            snd.play(kind)
            for _ in range(60):
                snd.poll(now)
                now += 10
        ok = True
    except MemoryError:
        ok = False
    micropython.heap_unlock()
    if not ok or out.plays < 9:
        print("FAIL sound: allocation or too few notes", out.plays)
        failures += 1
    if failures:
        sys.exit(1)
    print("PASS", slices, "review slices and", out.plays, "notes with the heap locked")


main()
