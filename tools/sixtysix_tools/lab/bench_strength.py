"""`bench strength`: the bot's budget curve, printed (host tool, not a timed test).

    python3 tools/sixtysix.py bench strength [--hands N] [--seed S] [--rules PRESET]
                                             [--against expert] [--jobs 1] [--ceiling]

Plays `hard` at 1/4, 1, 4 and 16 times its work budget (playouts per decision, solver
nodes, sampled worlds for a closed talon) against `--against` (default `expert`), and a
perfect-information `hard` (its determinizations are the true deal: it sees every card;
every playout then plays that one deal, so against the stronger bots this is no
ceiling, README), and a `hard` that sees the opponent's hand but not the talon order
(the ceiling of any inference about his hand).  Duplicate deals as in `tournament` (same
seeds, 95% intervals); the 16x point plays a quarter of the deals.  Prints one line per
point: hard's share of the game points.  --ceiling prints only the last two lines (the
ceilings), on all the deals.  The budgets are changed in this process only (bot.py's
level tables).
"""
import sys

from sixtysix_tools.lab import tournament as T

POINTS = ((1, 4), (1, 1), (4, 1), (16, 1))          # (numerator, denominator)


def _scaled(bot, factor_num, factor_den):
    """Level tables with hard's budgets scaled; returns the originals to restore."""
    saved = (bot._PLAYOUTS, bot._NODE_BUDGET, bot._CLOSED_SAMPLES)
    h = bot.LEVELS.index("hard")

    def scale(t, minimum):
        v = list(t)
        v[h] = max(minimum, t[h] * factor_num // factor_den)
        return tuple(v)
    bot._PLAYOUTS = scale(bot._PLAYOUTS, 2)
    bot._NODE_BUDGET = scale(bot._NODE_BUDGET, 50)
    bot._CLOSED_SAMPLES = scale(bot._CLOSED_SAMPLES, 1)
    return saved


def _restore(bot, saved):
    bot._PLAYOUTS, bot._NODE_BUDGET, bot._CLOSED_SAMPLES = saved


def _perfect(sample):
    """Make sample's determinizations copy the true deal (the ceiling)."""
    saved = (sample.determinize, sample.redeal)
    true = [None]

    def determinize(view, d, rng, exclude, infer=False):
        true[0] = view._deal
        true[0].copy_into(d)

    def redeal(d, rng):
        true[0].copy_into(d)
    sample.determinize = determinize
    sample.redeal = redeal
    return saved


def _hand_known(bot, sample):
    """Make hard (level 2 only) deal the opponent exactly his true hidden cards, the
    talon still at random: the ceiling of any inference about his hand."""
    saved = bot.choose
    level = bot.LEVELS.index("hard")
    real = sample.excluded

    def oracle(view, seat):
        return view.unseen() & ~view._deal.hand[seat]

    def choose(view, lv, rng):
        if lv != level:
            return saved(view, lv, rng)
        sample.excluded = oracle
        try:
            return saved(view, lv, rng)
        finally:
            sample.excluded = real
    bot.choose = choose
    return saved


def _line(label, r):
    s, h = r["a_gp_share"]
    return "  %-24s %5d deals  hard's share of game points %.1f%% +/- %.1f" % (
        label, r["deals"], 100 * s, 100 * h)


def run(hands, seed, preset, against, jobs, out=None, ceiling=False):
    from sixtysix_core import bot, sample
    out = out or sys.stdout
    out.write("%s: hard vs %s, %s, seed %d\n" % (
        "ceilings" if ceiling else "budget curve", against, preset, seed))
    for num, den in () if ceiling else POINTS:
        n = hands // 4 if num == 16 else hands
        saved = _scaled(bot, num, den)
        try:
            r = T.run("hard", against, max(1, n), seed, jobs, preset, False)
        finally:
            _restore(bot, saved)
        f = "%d/%d" % (num, den) if den > 1 else "%d" % num
        out.write(_line("hard x%s budget" % f, r) + "\n")
        out.flush()
    saved = _perfect(sample)
    try:
        r = T.run("hard", against, hands, seed, 1, preset, False)
    finally:
        sample.determinize, sample.redeal = saved
    out.write(_line("hard, perfect information", r) + "\n")
    out.flush()
    saved = _hand_known(bot, sample)
    try:
        r = T.run("hard", against, hands, seed, 1, preset, False)
    finally:
        bot.choose = saved
    out.write(_line("hard, sees his hand only", r) + "\n")
    return 0


def parser(name, description, hands, rules, per):
    """The arguments `bench strength` and `bench infer` share: --hands, --seed, --rules."""
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench " + name, description=description)
    ap.add_argument("--hands", type=cli.number(0), default=hands,
                    help="duplicate deals per " + per)
    ap.add_argument("--seed", type=cli.number(0), default=2026)
    ap.add_argument("--rules", default=rules, help="rules preset")
    return ap


def bad_args(ns, least):
    """One plain sentence on stderr for a bad --hands or --rules, else None."""
    if ns.hands < least:
        return "--hands must be at least %d" % least
    from sixtysix_core import rules as R
    try:
        R.preset(ns.rules)
    except (KeyError, ValueError):
        return "unknown rules preset %r" % ns.rules
    return None


def main(command, args):
    ap = parser("strength", "hard at 1/4..16x its budget, and seeing all cards, against a "
                "baseline bot.", 500, "SCHNAPSEN_AT", "point")
    ap.add_argument("--against", default="expert", choices=T.BOTS)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ceiling", action="store_true",
                    help="only perfect information and seeing his hand")
    ns = ap.parse_args(args)
    bad = bad_args(ns, 4)
    if bad:
        sys.stderr.write(bad + "\n")
        return 2
    return run(ns.hands, ns.seed, ns.rules, ns.against, ns.jobs, ceiling=ns.ceiling)
