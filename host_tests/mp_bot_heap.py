"""CircuitPython lane: where the heap of a hard-vs-hard match goes (bench bot prints it).

Run: circuitpython -X heapsize=1m host_tests/mp_bot_heap.py ROOT
ROOT holds sixtysix_core/ (.py or .mpy).  Prints one line per item:
    IMPORT name bytes      live heap added by importing a module (code, names, tables)
    OBJECT name bytes      live heap of one object the match creates
    qstr pool: ...         micropython.qstr_info(): the interned names after all imports
Every figure is gc.mem_alloc() after gc.collect(), so it is live memory only.
"""
import gc
import sys

import micropython

MODULES = ("cards", "rng", "rules", "scoring", "deal", "view", "sample", "playout",
           "endgame", "bot", "match")


def live():
    gc.collect()
    return gc.mem_alloc()


def main():
    sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
    import sixtysix_core  # noqa: F401  (the package itself is not counted below)
    before = live()
    for name in MODULES:
        __import__("sixtysix_core." + name)
        now = live()
        print("IMPORT", name, now - before)
        before = now
    from sixtysix_core import bot, deal, match, rng, rules
    from sixtysix_core.view import PlayerView
    objects = []                              # what mp_bot_match.py creates, in order
    for label, make in (("RuleSet", rules.RuleSet), ("Rng", lambda: rng.Rng(1)),
                        ("Deal", lambda: deal.Deal(objects[0])),
                        ("PlayerView", lambda: PlayerView(objects[2], 0)),
                        ("Match", lambda: match.Match(objects[0]))):
        objects.append(make())
        now = live()
        print("OBJECT", label, now - before)
        before = now
    objects[2].new_hand(0, objects[1])
    bot._scratch(objects[3])                  # the bot's scratch Deal, Solver and buffers
    now = live()
    print("OBJECT bot_scratch", now - before)
    micropython.qstr_info()                   # "qstr pool: ... n_total_bytes=N"


main()
