"""One bot-vs-bot match in steps, so that the heap can be measured between the steps.

The same match as host_tests/mp_bot_match.py (same objects, created in the same order,
same seeds, same loop), cut into steps: one dealt hand or one decision per `step()`.
`sixtysix.py bench heap32` runs it under CircuitPython's unix port:

    circuitpython -c "import heap_steps; heap_steps.main(ROOT, SEED, LEVEL)"

which prints BASE, IMPORT name bytes, IMPORTED, OBJECTS, MAXLIVE/MAXSTEP/PEAK bytes
where, END and MATCH (main() says what they are).  Unix port only: gc.mem_alloc().
"""
import gc
import sys

# Imported one at a time in this order (each after the modules it needs), so that the
# heap each adds can be told apart; all that a match needs.
MODULES = ("cards", "rules", "scoring", "deal", "rng", "match", "view", "endgame",
           "playout", "sample", "bot")

_m = None           # [rng, bot_rngs, deal, view, match, level, new hand due]
_count = [0, 0]     # hands dealt, decisions taken


def import_module(name):
    """Import sixtysix_core.NAME; returns the names of the modules this loaded ('' if
    none: it was loaded before)."""
    before = [k for k in sys.modules]
    __import__("sixtysix_core." + name)
    new = sorted(k.split(".")[-1] if "." in k else "(package)"
                 for k in sys.modules if k not in before)
    if name in new:                      # the module asked for first, then what it pulled in
        new.remove(name)
        new.insert(0, name)
    return " ".join(new)


def setup(seed, level):
    """Create the objects of mp_bot_match.py in its order and start the match."""
    global _m
    from sixtysix_core import deal as D
    from sixtysix_core import match as M
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    from sixtysix_core.view import PlayerView
    rules = R.RuleSet()
    rng = RNG.Rng(seed)
    bot_rngs = (RNG.Rng(seed * 2 + 1), RNG.Rng(seed * 2 + 2))
    d = D.Deal(rules)
    view = PlayerView(d, 0)
    m = M.Match(rules)
    m.start(rng)
    _m = [rng, bot_rngs, d, view, m, level, True]     # True: a new hand is due


def step():
    """Deal the next hand or take one decision.  Returns the heap bytes allocated during
    the step, or -1 once the match is over.  Garbage is included when no collection runs
    inside the step (main() disables the collector), blocks that the
    runtime frees at once (gc_free, e.g. when a dict grows) are not."""
    from sixtysix_core import bot
    start = gc.mem_alloc()
    rng, bot_rngs, d, view, m, level, new_hand = _m
    if m.is_over():
        return -1
    if new_hand:
        d.new_hand(m.dealer, rng)
        _m[6] = False
        _count[0] += 1
    else:
        seat = d.to_move
        view.set_seat(seat)
        a = bot.choose(view, level, bot_rngs[seat])
        if not d.is_legal(a):
            raise RuntimeError("illegal action %d" % a)
        d.apply(a)
        _count[1] += 1
        if d.is_over():
            m.record(d)
            _m[6] = True
    return gc.mem_alloc() - start


def position():
    """Where the match is: 'hand H decision N' (N counts over the whole match)."""
    return "hand %d decision %d" % (_count[0], _count[1])


def summary():
    m = _m[4]
    return "%d %d %d %d" % (m.hands, _count[1], m.scores[0], m.scores[1])


def _live():
    gc.collect()
    return gc.mem_alloc()


def main(root, seed, level):
    """Live heap after gc.collect() (which also scans the C stack): BASE before the
    imports, IMPORT per module, IMPORTED, OBJECTS after creating the match's objects,
    MAXLIVE (most live after a step), MAXSTEP (most allocated within one step,
    garbage too: the collector is off during a step), PEAK (live before a step + what
    it allocated), END, and MATCH hands decisions score score."""
    sys.path.insert(0, root)
    base = _live()
    print("BASE", base)
    now = base
    for name in MODULES:
        loaded = import_module(name)
        before, now = now, _live()
        if loaded:
            print("IMPORT", loaded.replace(" ", "+"), now - before)
    print("IMPORTED", now)
    setup(seed, level)
    now = _live()
    print("OBJECTS", now)
    high, where, most, most_where, peak, peak_where = now, "start", 0, "start", now, "start"
    while True:
        gc.disable()                    # so that a step's garbage stays countable
        used = step()
        gc.enable()
        if used < 0:
            break
        if now + used > peak:
            peak, peak_where = now + used, position()
        now = _live()
        if now > high:
            high, where = now, position()
        if used > most:
            most, most_where = used, position()
    print("MAXLIVE", high, where)
    print("MAXSTEP", most, most_where)
    print("PEAK", peak, peak_where)
    print("END", _live())
    print("MATCH", summary())


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
