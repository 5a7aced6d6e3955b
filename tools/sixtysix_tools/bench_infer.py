"""`bench infer`: how well sample.unlikely() reads a bot's hand (host tool).

    python3 tools/sixtysix.py bench infer [--hands N] [--seed S] [--rules PRESET]
                                          [--against greedy,expert,hard-v1]

Plays N duplicate deals of `greedy` (the observer: fast, and its play does not matter
for the count) against each bot of --against.  At every decision of the observer
with the talon open or closed, each card the opponent may hold (unseen, not excluded
by the phase-2 facts of view.cannot_hold) is counted as `unlikely` or not, and as
held or not in the true deal.  Prints, per opponent, how often an unlikely card was
held relative to the other cards: determinize() deals it (1 + u) / (2 + u) as often
(about half), so a ratio near 0.5 means the inference is calibrated for that player,
near 1 that his play tells it nothing.  Seeds as in `tournament`.
"""
import sys

from sixtysix_tools import tournament as T


def measure(against, hands, seed, preset):
    """(ratio held-if-unlikely / held-otherwise, share of card slots unlikely)."""
    from sixtysix_core import sample
    from sixtysix_core import deal as D
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    n = [0, 0]          # card slots: [other, unlikely]
    held = [0, 0]
    observe = T.bot_function("greedy")

    def observer(view, rng):
        d = view._deal
        if d.talon_state != D.EXHAUSTED:
            opp = 1 - view.seat
            pool = view.unseen() & ~view.cannot_hold(opp)
            soft = sample.unlikely(view, opp)
            for c in range(24):
                if pool >> c & 1:
                    k = soft >> c & 1
                    n[k] += 1
                    held[k] += d.hand[opp] >> c & 1
        return observe(view, rng)
    rules = R.preset(preset)
    other = T.bot_function(against)
    for i in range(hands):
        shuffle = D.Deal(rules)
        shuffle.shuffle_deck(RNG.Rng(seed * 1000003 + i))
        deck = list(shuffle.deck[:rules.deck])
        for game in range(2):
            bots = [observer, other] if game == 0 else [other, observer]
            rngs = [RNG.Rng(((seed * 7919 + i) * 4 + game * 2 + s) % 1000000007)
                    for s in range(2)]
            T.play_hand(rules, deck, i % 2, bots, rngs)
    if not n[0] or not n[1]:
        return None, 0.0
    return (held[1] / n[1]) / (held[0] / n[0]), n[1] / (n[0] + n[1])


def main(command, args):
    from sixtysix_tools import bench_strength
    ap = bench_strength.parser("infer", "calibration of the bot's soft inference against "
                               "other bots.", 300, "CLASSIC_66", "bot")
    ap.add_argument("--against", default="greedy,expert,hard-v1")
    ns = ap.parse_args(args)
    bad = bench_strength.bad_args(ns, 1)
    names = ns.against.split(",")
    for name in names:
        if name not in T.BOTS:
            bad = "unknown bot %r (choose from %s)" % (name, ", ".join(T.BOTS))
    if bad:
        sys.stderr.write(bad + "\n")
        return 2
    print("soft inference: greedy observes, %s, %d deals, seed %d" % (
        ns.rules, ns.hands, ns.seed))
    for name in names:
        ratio, share = measure(name, ns.hands, ns.seed, ns.rules)
        if ratio is None:
            print("  %-8s no unlikely cards seen" % name)
        else:
            print("  %-8s an unlikely card is held %.2f times as often as another "
                  "(%.0f%% of the card slots unlikely)" % (name, ratio, 100 * share))
    return 0
