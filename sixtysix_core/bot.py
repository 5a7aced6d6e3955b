"""The built-in bot: choose(view, level, rng) -> action.

Placeholder until the strong bot lands: every level plays the greedy rule of thumb of
simple_bots.py.  The interface is final: `view` is a PlayerView for the seat to move,
`level` an index into LEVELS, `rng` an Rng; the result is a legal action int (deal.py).
"""
from sixtysix_core import simple_bots

LEVELS = ("easy", "normal", "hard")


def choose(view, level, rng):
    return simple_bots.greedy_choose(view, rng)
