"""What the CircuitPython lane's review scripts share (mp_review_alloc.py,
mp_review_multi_alloc.py): a hand's review run with the heap locked.  Imported from
the scripts' own folder (the unix port puts it first on sys.path)."""
import micropython


def review_locked(rev, d, seat):
    """Review seat's part of the finished hand d twice with rev: the first review warms
    up (the bot's scratch state, a spare Deal), and every step() of the second runs with
    the heap locked.  Returns (steps, True), or (the steps before the one that allocated,
    False), rev.i then at that step."""
    rev.start(d, seat)
    while rev.step():
        pass
    rev.start(d, seat)
    steps = 0
    more = True
    while more:
        micropython.heap_lock()
        try:
            more = rev.step()
            ok = True
        except MemoryError:
            ok = False
        micropython.heap_unlock()
        if not ok:
            return steps, False
        steps += 1
    return steps, True
