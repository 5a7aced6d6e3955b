"""What the duplicate tournaments share (tournament.py: two players, tournament_multi.py:
3 and 4): the bots by name, the deals run in workers, one hand played by bots, the
progress bar and the 95% confidence intervals."""
import math
import sys

from sixtysix_core import deal as D
from sixtysix_core.view import PlayerView


def check_bots(names, known):
    """ValueError for the first of names not among known (a tournament's bots)."""
    for name in names:
        if name not in known:
            raise ValueError("unknown bot %r (choose from %s)" % (name, ", ".join(known)))


def choose_by_name(name, named, known):
    """choose(view, rng) for a bot name: named[name], or a level of sixtysix_core.bot;
    ValueError for any other name (known: the names the message offers)."""
    from sixtysix_core import bot
    if name in named:
        return named[name]
    if name in bot.LEVELS:
        level = bot.LEVELS.index(name)
        return lambda view, rng: bot.choose(view, level, rng)
    raise ValueError("unknown bot %r (choose from %s)" % (name, ", ".join(known)))


def parser(description, bots, hands, hands_help, jobs, rules, rules_help):
    """The command line a tournament shares: bots a and b, --hands, --seed, --jobs,
    --rules and --quiet (with these defaults and help)."""
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py tournament", description=description)
    ap.add_argument("a", choices=bots)
    ap.add_argument("b", choices=bots)
    ap.add_argument("--hands", type=cli.number(1), default=hands, help=hands_help)
    ap.add_argument("--seed", type=cli.number(0), default=1)
    ap.add_argument("--jobs", type=cli.number(1), default=jobs)
    ap.add_argument("--rules", default=rules, help=rules_help)
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap


def run_deals(job, tasks, jobs, progress):
    """job(task) for every task, in order, in a pool of `jobs` workers when jobs > 1 and
    there is more than one task; with a progress bar on stderr if progress."""
    results = []
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for res in pool.imap(job, tasks, chunksize=4):
                results.append(res)
                if progress:
                    _progress(len(results), len(tasks))
    else:
        for t in tasks:
            results.append(job(t))
            if progress:
                _progress(len(results), len(tasks))
    if progress:
        sys.stderr.write("\n")
    return results


def play_hand(rules, deck, dealer, bots, rngs):
    """Play one hand; bots[seat] is choose(view, rng).  Returns the finished Deal (a
    DealMulti seen through MultiViews with 3 or 4 players)."""
    if rules.players == 2:
        d = D.Deal(rules)
        view = PlayerView(d, 0)
    else:
        from sixtysix_core.deal_multi import DealMulti
        from sixtysix_core.view_multi import MultiView
        d = DealMulti(rules)
        view = MultiView(d, 0)
    d.deck[:len(deck)] = bytes(deck)
    d.deal_from_deck(dealer)
    while not d.is_over():
        seat = d.to_move
        view.set_seat(seat)
        a = bots[seat](view, rngs[seat])
        if not d.is_legal(a):
            raise RuntimeError("bot for seat %d chose illegal action %r" % (seat, a))
        d.apply(a)
    return d


def _mean_ci(xs):
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def _share_ci(a, b):
    """Share sum(a) / sum(a + b) over paired per-deal values, delta-method CI."""
    n = len(a)
    ta = sum(a)
    tt = ta + sum(b)
    if tt == 0:
        return 0.5, 0.0
    r = ta / tt
    t = [x + y for x, y in zip(a, b, strict=True)]
    mt = tt / n
    resid = [x - r * y for x, y in zip(a, t, strict=True)]
    mr = sum(resid) / n
    var = sum((z - mr) ** 2 for z in resid) / max(1, n - 1)
    return r, 1.96 * math.sqrt(var / n) / mt


def _wilson(k, n):
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, centre - half, centre + half


def _progress(done, total, width=40):
    filled = width * done // max(1, total)
    sys.stderr.write("\r[%s%s] %d/%d deals" % ("#" * filled, "." * (width - filled),
                                                 done, total))
    sys.stderr.flush()
