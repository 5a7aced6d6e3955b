"""The bot decides from a PlayerView only, and the view hides what R22 hides.

Two deals that differ only by a permutation of the cards a seat cannot see (the
opponent's hidden cards and the talon below the upcard; the pack order in `deck` is
scrambled too) must give identical answers to every PlayerView accessor for that
seat, and the bot, with the same rng seed, must choose the same action at every level.
"""
import inspect

from sixtysix_core import bot
from sixtysix_core import deal as D
from sixtysix_core import rng as RNG
from sixtysix_core import rules as R
from sixtysix_core import simple_bots as SB
from sixtysix_core.view import PlayerView


def permuted(d, seat, r):
    """A copy of d with the cards hidden from `seat` dealt again at random."""
    e = D.Deal(d.rules)
    d.copy_into(e)
    opp = 1 - seat
    view = PlayerView(d, seat)
    known = view.known_cards(opp)
    hidden_opp = [c for c in range(24) if (d.hand[opp] & ~known) >> c & 1]
    slots = list(range(d.talon_top, d.talon_top + d.talon_len))
    if view.upcard() != D.NO_CARD:
        slots = slots[:-1]                          # the upcard is public
    pool = hidden_opp + [d.talon[i] for i in slots]
    for i in range(len(pool) - 1, 0, -1):
        j = r.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    h = d.hand[opp] & known
    for c in pool[:len(hidden_opp)]:
        h |= 1 << c
    e.hand[opp] = h
    for i, c in zip(slots, pool[len(hidden_opp):], strict=True):
        e.talon[i] = c
    e.deck[:] = bytes(reversed(d.deck))
    return e


def accessor_answers(view):
    out = {}
    for name, fn in inspect.getmembers(view, inspect.ismethod):
        if name.startswith("_") or name in ("set_seat",):
            continue
        params = list(inspect.signature(fn).parameters)
        if not params:
            out[name] = fn()
        elif params == ["seat"]:
            out[name] = (fn(0), fn(1))
        elif params == ["buf"]:
            buf = bytearray(40)
            n = fn(buf)
            out[name] = bytes(buf[:n])
        elif params == ["action"]:
            out[name] = tuple(fn(a) for a in range(D.NUM_ACTIONS))
        else:
            raise AssertionError("add a case for PlayerView.%s%s" % (name, params))
    return out


def walk_positions(seed, hands, rules=None):
    r = RNG.Rng(seed)
    rules = rules or R.RuleSet()
    d = D.Deal(rules)
    view = PlayerView(d, 0)
    for _ in range(hands):
        d.new_hand(r.below(2), r)
        while not d.is_over():
            yield d, r
            view.set_seat(d.to_move)
            if d.legal_specials() >> (D.A_CLOSE - 24) & 1 and r.below(8) == 0:
                d.apply(D.A_CLOSE)
            else:
                d.apply(SB.greedy_choose(view, r) if r.below(4) else SB.random_choose(view, r))


def test_view_answers_do_not_depend_on_hidden_cards():
    checked = 0
    for d, r in walk_positions(21, 40):
        for seat in (0, 1):
            e = permuted(d, seat, r)
            assert accessor_answers(PlayerView(d, seat)) == accessor_answers(PlayerView(e, seat))
            checked += 1
    assert checked > 500


def test_bot_choice_does_not_depend_on_hidden_cards():
    checked = 0
    for i, (d, r) in enumerate(walk_positions(22, 12)):
        seat = d.to_move
        e = permuted(d, seat, r)
        for level in range(len(bot.LEVELS)):
            a = bot.choose(PlayerView(d, seat), level, RNG.Rng(100 + i))
            b = bot.choose(PlayerView(e, seat), level, RNG.Rng(100 + i))
            assert a == b, (level, a, b)
        checked += 1
    assert checked > 150


def test_permutation_really_changes_hidden_cards():
    changed = 0
    for d, r in walk_positions(23, 5):
        e = permuted(d, d.to_move, r)
        if e.hand[1 - d.to_move] != d.hand[1 - d.to_move]:
            changed += 1
    assert changed > 20
