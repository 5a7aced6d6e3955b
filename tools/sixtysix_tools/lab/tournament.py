"""Duplicate tournaments between bots (host tool).

    python3 tools/sixtysix.py tournament A B --hands N --seed S [--jobs J] [--rules PRESET]

Bots: random, greedy, rdeep, expert, easy, normal, hard, and host only
(tools/sixtysix_tools/players/): hard-v1 (the hard level with a solver-proven close
test), hard-v2 (hard as kept for the tables), pimc-deep (each sampled deal searched).  Each of the N
deals is played twice with the seats swapped (duplicate format), so luck of the cards
cancels.  Deal i uses the pack shuffled by Rng(seed * 1000003 + i) and dealer i % 2;
each seat's bot gets its own Rng seeded from (seed, i, game, seat), so a run is
reproducible with any --jobs.

Printed for each side: hands won, game points per hand (net: a penalty counts
negative), game-point share (its gains plus the other side's penalties, over all such
credits: defined and within 0..1 also under CZECH_66's negative game points), and
matches won, where matches to the preset's match_target are played from the stream of
hands in deal order.  95% confidence intervals: normal approximation over
deals (a deal's two hands are one paired observation), delta method for shares,
Wilson for matches.
"""
from sixtysix_core import deal as D
from sixtysix_core import rules as R
from sixtysix_core import rng as RNG
from sixtysix_tools.lab.duplicate import (_mean_ci, _progress, _share_ci,  # noqa: F401
                                         _wilson, check_bots, choose_by_name, parser,
                                         play_hand, run_deals)

BOTS = ("random", "greedy", "rdeep", "expert", "easy", "normal", "hard", "hard-v1", "hard-v2",
        "pimc-deep")
EXTRA = {}          # more bots: name -> a function making choose(view, rng) (bench tune)


def bot_function(name):
    """choose(view, rng) for a bot name."""
    from sixtysix_core import simple_bots
    from sixtysix_tools.players import expert, hard_v1, hard_v2, pimc, rdeep
    if name in EXTRA:
        return EXTRA[name]()
    return choose_by_name(name, {"random": simple_bots.random_choose,
                                 "greedy": simple_bots.greedy_choose,
                                 "rdeep": rdeep.choose, "expert": expert.choose,
                                 "hard-v1": hard_v1.choose, "hard-v2": hard_v2.choose,
                                 "pimc-deep": pimc.choose}, BOTS)


def _deal_job(args):
    """One duplicate deal: ((A's gp, B's gp, A won, B won) for game 1 and game 2)."""
    a_name, b_name, seed, i, preset = args
    rules = R.preset(preset)
    shuffle = D.Deal(rules)
    shuffle.shuffle_deck(RNG.Rng(seed * 1000003 + i))
    deck = list(shuffle.deck[:rules.deck])
    dealer = i % 2
    fa = bot_function(a_name)
    fb = bot_function(b_name)
    out = []
    for game in range(2):
        a_seat = game                     # game 0: A is seat 0; game 1: A is seat 1
        bots = [None, None]
        bots[a_seat] = fa
        bots[1 - a_seat] = fb
        rngs = [RNG.Rng(((seed * 7919 + i) * 4 + game * 2 + s) % 1000000007)
                for s in range(2)]
        d = play_hand(rules, deck, dealer, bots, rngs)
        ga = d.score_delta[a_seat]
        gb = d.score_delta[1 - a_seat]
        out.append((ga, gb, int(d.winner == a_seat), int(d.winner == 1 - a_seat)))
    return out


def _matches(stream, target):
    """Matches to `target` from a stream of (gp A, gp B) hands: (A wins, B wins)."""
    wa = wb = 0
    sa = sb = 0
    for ga, gb in stream:
        sa += ga
        sb += gb
        if sa >= target or sb >= target:
            if sa >= target and sa >= sb:
                wa += 1
            else:
                wb += 1
            sa = sb = 0
    return wa, wb


def run(a_name, b_name, hands, seed, jobs=2, preset="CLASSIC_66", progress=True):
    """Play the tournament; returns a dict of results (see report())."""
    check_bots((a_name, b_name), BOTS + tuple(EXTRA))
    R.preset(preset)                    # ValueError here, not in a worker
    tasks = [(a_name, b_name, seed, i, preset) for i in range(hands)]
    results = run_deals(_deal_job, tasks, jobs, progress)
    target = R.preset(preset).match_target
    return summarize(a_name, b_name, results, seed, target)


def _credit(mine, theirs):
    """Game points a hand credits a side for the share: its own gains and the other
    side's penalties (CZECH_66's failed close: -6 for the closer counts +6 for the
    other side), so both credits are >= 0 and the share lies in 0..1."""
    return max(mine, 0) + max(-theirs, 0)


def summarize(a_name, b_name, results, seed, target=7):
    gpa = [g[0][0] + g[1][0] for g in results]           # per deal, two hands
    gpb = [g[0][1] + g[1][1] for g in results]
    cra = [_credit(g[0][0], g[0][1]) + _credit(g[1][0], g[1][1]) for g in results]
    crb = [_credit(g[0][1], g[0][0]) + _credit(g[1][1], g[1][0]) for g in results]
    wa = [g[0][2] + g[1][2] for g in results]
    wb = [g[0][3] + g[1][3] for g in results]
    stream = [(h[0], h[1]) for g in results for h in g]
    ma, mb = _matches(stream, target)
    n_hands = 2 * len(results)
    out = {"a": a_name, "b": b_name, "deals": len(results), "hands": n_hands,
           "seed": seed, "target": target}
    for side, gp, cr, w, m in (("a", gpa, cra, wa, ma), ("b", gpb, crb, wb, mb)):
        mean, half = _mean_ci([x / 2 for x in gp])
        out[side + "_gp_per_hand"] = (mean, half)
        out[side + "_hands_won"] = sum(w)
        share, shalf = _share_ci(w, wb if side == "a" else wa)
        out[side + "_hand_share"] = (share, shalf)
        gshare, ghalf = _share_ci(cr, crb if side == "a" else cra)
        out[side + "_gp_share"] = (gshare, ghalf)
        out[side + "_matches"] = m
    p, lo, hi = _wilson(ma, ma + mb)
    out["a_match_share"] = (p, lo, hi)
    out["matches"] = ma + mb
    return out


def report(r):
    lines = ["%s vs %s: %d duplicate deals (%d hands), seed %d"
             % (r["a"], r["b"], r["deals"], r["hands"], r["seed"])]
    for side in ("a", "b"):
        name = r[side]
        hs, hh = r[side + "_hand_share"]
        gm, gh = r[side + "_gp_per_hand"]
        gs, gsh = r[side + "_gp_share"]
        lines.append("  %-7s hands won %5d (%.1f%% +/- %.1f)   game points/hand %.3f +/- %.3f"
                     "   game-point share %.1f%% +/- %.1f   matches %d"
                     % (name, r[side + "_hands_won"], 100 * hs, 100 * hh, gm, gh,
                        100 * gs, 100 * gsh, r[side + "_matches"]))
    p, lo, hi = r["a_match_share"]
    lines.append("  matches to %d from the hand stream: %s won %d of %d (%.1f%%, 95%% CI "
                 "%.1f-%.1f%%)" % (r.get("target", 7), r["a"], r["a_matches"], r["matches"],
                                   100 * p, 100 * lo, 100 * hi))
    return "\n".join(lines)


def main(command, args):
    from sixtysix_tools import cli
    if cli.wants_multi(args):                       # 3 and 4 players: their own module
        from sixtysix_tools.lab import tournament_multi
        return tournament_multi.main(command, args)
    ap = parser("Duplicate tournament between two bots.", BOTS, 200,
                "duplicate deals (each played twice)", 2, "CLASSIC_66", "rules preset")
    ns = ap.parse_args(args)
    cli.rules_for(ns.rules, "tournament")      # before any worker starts
    r = run(ns.a, ns.b, ns.hands, ns.seed, ns.jobs, ns.rules, not ns.quiet)
    print(report(r))
    return 0
