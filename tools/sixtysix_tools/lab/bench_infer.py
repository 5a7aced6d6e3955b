"""`bench infer`: how well sample.unlikely() reads a bot's hand (host tool).

    python3 tools/sixtysix.py bench infer [--hands N] [--seed S] [--rules PRESET]
                                          [--against greedy,expert,hard-v1]

Plays N duplicate deals of `greedy` (the observer: fast, and its play does not matter
for the count) against each bot of --against.  At every decision of the observer
with the talon open or closed, each card the opponent may hold (unseen, not excluded
by the phase-2 facts of view.cannot_hold) is counted as `unlikely` or not, and as
held or not in the true deal.  Prints, per opponent, how often an unlikely card was
held relative to the other cards: determinize() deals it about a third as often as
another (sample.py), so a ratio near 0.3 means the inference is calibrated for that
player, near 1 that his play tells it nothing.  Seeds as in `tournament`.

--by-play asks the question without the bot's marks: at each of the observer's leads
with the talon open, it sorts the cards the opponent may hold by what he did with his
card of the last trick (led it, or followed the observer's lead: took it in suit, went
under, trumped, shed; after a low lead or a ten or ace) and by where the card lies
(the lead's suit above or below it, his card's suit, trumps, other), and prints, for
each class seen often enough, how often such a card was held relative to a card
drawn at random from the pool (1.00: that play tells nothing about it).
"""
import sys

from sixtysix_core.cards import CARD_POINTS as _POINTS
from sixtysix_tools.lab import tournament as T


def measure(against, hands, seed, preset):
    """(ratio held-if-unlikely / held-otherwise, share of card slots unlikely)."""
    from sixtysix_core import sample
    from sixtysix_core import deal as D
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
    _play(observer, against, hands, seed, preset)
    if not n[0] or not n[1]:
        return None, 0.0
    return (held[1] / n[1]) / (held[0] / n[0]), n[1] / (n[0] + n[1])


_RANKS = "9JQKTA"


def _kind(view, trump, mine):
    """(what he did with his card of the last trick, the lead, his card) or None."""
    d = view._deal
    n = 0
    last = [0, 0, 0, 0]                     # seat and card of the last two plays
    for i in range(d.log_len):
        if d.log_action[i] < 24:
            last[0], last[1] = last[2], last[3]
            last[2], last[3] = d.log_seat[i], d.log_action[i]
            n += 1
    if n < 2 or n % 2:
        return None
    lead, card = last[1], last[3]
    if last[0] != mine:
        t = "trump" if lead // 6 == trump else "non-trump " + _RANKS[lead % 6]
        return "he led a " + t, lead, lead
    if card // 6 == lead // 6:
        what = "took it in suit" if card > lead else "went under"
    else:
        what = "trumped" if card // 6 == trump else "shed"
    low = "a ten or ace" if _POINTS[lead] >= 10 else "a low lead"
    return "he %s (%s)" % (what, low), lead, card


def _where(c, lead, card, trump):
    s = c // 6
    if s == trump:
        return "trump"
    if s == lead // 6:
        return "lead suit, " + ("above" if c > lead else "below")
    if s == card // 6:
        return "his suit, " + ("above" if c > card else "below")
    return "other suit"


def by_play(against, hands, seed, preset, least=200):
    """[(what he did, where the card lies, cards counted, held / expected)], classes
    with at least `least` cards counted."""
    from sixtysix_core import cards
    from sixtysix_core import deal as D
    counts = {}
    observe = T.bot_function("greedy")

    def observer(view, rng):
        d = view._deal
        if d.phase == D.PH_LEAD and d.talon_state == D.OPEN and not d.pending_draw:
            opp = 1 - view.seat
            k = _kind(view, d.trump, view.seat)
            pool = view.unseen() & ~view.known_cards(opp)
            held = d.hand[opp] & pool
            if k and pool:
                base = cards.count(held) / cards.count(pool)
                for c in range(24):
                    if pool >> c & 1:
                        e = counts.setdefault((k[0], _where(c, k[1], k[2], d.trump)),
                                              [0, 0, 0.0])
                        e[0] += 1
                        e[1] += held >> c & 1
                        e[2] += base
        return observe(view, rng)
    _play(observer, against, hands, seed, preset)
    return [(k[0], k[1], e[0], e[1] / e[2]) for k, e in sorted(counts.items())
            if e[0] >= least and e[2]]


def _play(observer, against, hands, seed, preset):
    """The observer against `against` on the duplicate deals of `tournament`."""
    from sixtysix_core import deal as D
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
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


def main(command, args):
    from sixtysix_tools.lab import bench_strength
    ap = bench_strength.parser("infer", "calibration of the bot's soft inference against "
                               "other bots.", 300, "CLASSIC_66", "bot")
    ap.add_argument("--against", default="greedy,expert,hard-v1")
    ap.add_argument("--by-play", action="store_true",
                    help="held cards by what he did with his last card, without the marks")
    ns = ap.parse_args(args)
    bad = bench_strength.bad_args(ns, 1)
    names = ns.against.split(",")
    for name in names:
        if name not in T.BOTS:
            bad = "unknown bot %r (choose from %s)" % (name, ", ".join(T.BOTS))
    if bad:
        sys.stderr.write(bad + "\n")
        return 2
    if ns.by_play:
        print("his last card: greedy observes, %s, %d deals, seed %d; a card held this "
              "many times as often as a card of the pool" % (ns.rules, ns.hands, ns.seed))
        for name in names:
            rows = by_play(name, ns.hands, ns.seed, ns.rules)
            if not rows:
                print("  %s: no class of 200 cards yet (more --hands)" % name)
                continue
            cards = sum(r[2] for r in rows)
            print("  %s (deviation from 1: %.3f on average over the cards, at most %.2f)"
                  % (name, sum(r[2] * abs(r[3] - 1) for r in rows) / cards,
                     max(abs(r[3] - 1) for r in rows)))
            for what, where, n, ratio in rows:
                print("    %-34s %-17s %6d cards  %.2f" % (what, where, n, ratio))
        return 0
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
