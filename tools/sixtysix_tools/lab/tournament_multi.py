"""Duplicate tournaments between bots for 3 and 4 players (RULES.md V1, V2).

    python3 tools/sixtysix.py tournament A B --rules THREE_PLAYER_PL|FOUR_PLAYER_PL
        [--set option=value ...] [--lineup A,B,B] --hands N --seed S [--jobs J]

Bots: random, greedy (bot_multi.greedy_choose), easy, normal, hard.  The lineup names
each seat's bot, relative to the dealer's left (the first entry plays P1, the forehand):
by default A,B,B with 3 players (one A against two B) and A,B,A,B with 4 (team A, P1 +
P3, against team B).  Every deal is played once per distinct rotation of the lineup
(3 with 3 players; 2 for the team lineup with 4, which puts team A on both sides), so
each bot meets the same cards in every seat: the luck of the cards cancels.  Deal i uses
the pack shuffled by Rng(seed * 1000003 + i) and dealer i % players; each seat's bot
gets its own Rng seeded from (seed, i, rotation, seat).

Printed for A and B: game points per seat and hand (a seat's share of its side's win:
every member of the winning side scores the hand's points), and A's share of game
points per seat, A / (A + B), which is 50% for equal bots whatever the lineup; hands
won per seat.  95% confidence intervals: normal approximation over deals (a deal's
rotations are one observation), delta method for the share.
"""
import sys

from sixtysix_core import rng as RNG
from sixtysix_tools.cli import multi_rules as make_rules
from sixtysix_tools.cli import wants_multi as wants  # noqa: F401 (tournament.py)
from sixtysix_tools.lab.duplicate import (_mean_ci, _share_ci, check_bots, choose_by_name,
                                         parser, play_hand, run_deals)

BOTS = ("random", "greedy", "easy", "normal", "hard")


def bot_function(name):
    """choose(view, rng) for a bot name (3 and 4 players)."""
    from sixtysix_core import bot_multi, simple_bots
    return choose_by_name(name, {"random": simple_bots.random_choose,
                                 "greedy": bot_multi.greedy_choose}, BOTS)


def rotations(lineup):
    """The distinct rotations r of the lineup (seat offset from P1)."""
    out = []
    seen = []
    n = len(lineup)
    for r in range(n):
        rot = tuple(lineup[(k + r) % n] for k in range(n))
        if rot not in seen:
            seen.append(rot)
            out.append(r)
    return out


def _deal_job(args):
    """One deal in every rotation: (A points, A seat-hands, B points, B seat-hands,
    A seat-hands won, B seat-hands won)."""
    names, lineup, seed, i, preset, settings = args
    rules = make_rules(preset, settings)
    n = rules.players
    deck = bytearray(range(24))
    RNG.Rng(seed * 1000003 + i).shuffle(deck, 24)
    dealer = i % n
    funcs = {name: bot_function(name) for name in names}
    pa = na = pb = nb = wa = wb = 0
    for r in rotations(lineup):
        bots = [None] * n
        tags = [None] * n
        for k in range(n):                  # k = position from P1
            seat = (dealer + 1 + k) % n
            tag = lineup[(k + r) % n]
            tags[seat] = tag
            bots[seat] = funcs[names[0] if tag == "A" else names[1]]
        rngs = [RNG.Rng(((seed * 7919 + i) * 8 + r * 4 + s) % 1000000007) for s in range(n)]
        d = play_hand(rules, deck, dealer, bots, rngs)
        won = d.winners()
        for s in range(n):
            if tags[s] == "A":
                pa += d.score_delta[s]
                na += 1
                wa += s in won
            else:
                pb += d.score_delta[s]
                nb += 1
                wb += s in won
    return pa, na, pb, nb, wa, wb


def run(a_name, b_name, hands, seed, preset, settings=(), lineup=None, jobs=1,
        progress=True):
    rules = make_rules(preset, settings)
    n = rules.players
    check_bots((a_name, b_name), BOTS)
    if lineup is None:
        lineup = "A,B,B" if n == 3 else "A,B,A,B"
    tags = lineup.split(",")
    if len(tags) != n or any(t not in ("A", "B") for t in tags) or len(set(tags)) != 2:
        raise ValueError("--lineup needs %d entries of A and B, both present, e.g. %s"
                         % (n, "A,B,B" if n == 3 else "A,B,A,B"))
    tasks = [((a_name, b_name), tags, seed, i, preset, tuple(settings)) for i in range(hands)]
    results = run_deals(_deal_job, tasks, jobs, progress)
    return summarize(a_name, b_name, results, seed, preset, settings, lineup)


def summarize(a_name, b_name, results, seed, preset, settings, lineup):
    # per deal: points per seat-hand for A and B
    a = [r[0] / r[1] for r in results]
    b = [r[2] / r[3] for r in results]
    out = {"a": a_name, "b": b_name, "deals": len(results), "seed": seed,
           "rules": " ".join((preset,) + tuple(settings)), "lineup": lineup,
           "hands": sum(r[1] + r[3] for r in results) // len(lineup.split(","))}
    out["a_gp"] = _mean_ci(a)
    out["b_gp"] = _mean_ci(b)
    out["a_share"] = _share_ci(a, b)
    out["a_won"] = _mean_ci([r[4] / r[1] for r in results])
    out["b_won"] = _mean_ci([r[5] / r[3] for r in results])
    return out


def report(r):
    share, half = r["a_share"]
    lines = ["%s vs %s, %s, lineup %s: %d deals (%d hands, every rotation), seed %d"
             % (r["a"], r["b"], r["rules"], r["lineup"], r["deals"], r["hands"], r["seed"])]
    for side in ("a", "b"):
        gm, gh = r[side + "_gp"]
        wm, wh = r[side + "_won"]
        lines.append("  %-7s game points per seat and hand %.3f +/- %.3f   hands won per "
                     "seat %.1f%% +/- %.1f" % (r[side], gm, gh, 100 * wm, 100 * wh))
    lines.append("  %s's share of game points per seat: %.1f%% +/- %.1f"
                 % (r["a"], 100 * share, 100 * half))
    return "\n".join(lines)


def main(command, args):
    ap = parser("Duplicate tournament, 3 or 4 players.", BOTS, 100,
                "deals (each in every rotation)", 1, "THREE_PLAYER_PL", "a 3- or 4-player preset")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                    help="a rules option over the preset (repeatable)")
    ap.add_argument("--lineup", default=None, help="A/B per seat from P1, e.g. A,B,B")
    ns = ap.parse_args(args)
    try:
        r = run(ns.a, ns.b, ns.hands, ns.seed, ns.rules, ns.set, ns.lineup, ns.jobs,
                not ns.quiet)
    except ValueError as e:
        sys.stderr.write("sixtysix.py tournament: %s\n" % e)
        return 2
    print(report(r))
    return 0
