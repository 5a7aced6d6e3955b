"""hard-v2 (host only): the hard level as the device plays it on 2026-12-02, kept
under this name so the tables can measure a new hard against it.

Today it is bot.choose at the "hard" level; host_tests/test_bot_pimc.py holds a
fingerprint of its decisions on fixed seeds, so a change of hard that would also change
hard-v2 fails there (then keep today's code here, as hard_v1.py keeps level 3's close
test).
"""
from sixtysix_core import bot

LEVEL = bot.LEVELS.index("hard")


def choose(view, rng):
    """hard-v2's action for the seat to move in `view`."""
    return bot.choose(view, LEVEL, rng)
