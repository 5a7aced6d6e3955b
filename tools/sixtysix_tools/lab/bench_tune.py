"""`bench tune`: `hard` with changed constants against a bot, duplicate deals (host tool).

    python3 tools/sixtysix.py bench tune NAME=VALUE [NAME=VALUE ...] [--against hard]
                              [--hands 500] [--seed 2026] [--rules PRESET] [--jobs 1]

The variant is `hard` with the constants set while it decides and put back after each
of its decisions, so `--against hard` plays it against the bot as shipped (and against
hard-v1, which shares playout.py, as shipped too).  NAME (see TUNABLES):
  playouts, closed, nodes   hard's entries of bot.py's level tables (playouts, worlds
                            for a closed talon, solver nodes of a decision; hard plays
                            a closed talon by the playouts, so `closed` changes only
                            a review's values, and `nodes` only an exhausted talon's
                            play);
  halving                   bot.HALVING (1: successive halving, 0: equal shares);
  gp_weight, pts_div        playout.py's score: gp_weight x game points + card points
                            // pts_div;
  close_at                  playout.CLOSE_AT: a playout's leader closes when his total
                            and sure points reach it (0: never);
  end_solve                 a playout's judge (lab/judge.py): where the talon stops being
                            open, the rest of the hand solved exactly with at most this
                            many nodes (more: the playout goes on; 0: as shipped);
  his_leads                 the other seat's leads in the playouts (lab/judge.py): 0 as
                            shipped (they see the bot's hand), 1 blind (his cheapest
                            card), 2 card counting (the bot's hand and the talon still
                            to come may beat it).
Prints the variant's share of the game points with its 95% interval (tournament.py's
duplicate format and seeds).  Screen at 500 deals (about +/- 2.6), confirm at 2,000
(+/- 1.3) on CLASSIC_66 and SCHNAPSEN_AT.
"""
import sys

from sixtysix_tools.lab import tournament as T

# NAME -> (module name, attribute, True if a per-level table whose hard entry changes)
TUNABLES = {"playouts": ("bot", "_PLAYOUTS", True),
            "closed": ("bot", "_CLOSED_SAMPLES", True),
            "nodes": ("bot", "_NODE_BUDGET", True),
            "halving": ("bot", "HALVING", False),
            "gp_weight": ("playout", "GP_WEIGHT", False),
            "pts_div": ("playout", "PTS_DIV", False),
            "close_at": ("playout", "CLOSE_AT", False),
            "end_solve": ("judge", "end_solve", False),
            "his_leads": ("judge", "his_leads", False)}


def parse(settings):
    """[(module, attribute, is_table, int value)] for NAME=VALUE strings; ValueError
    with a sentence for a bad one."""
    out = []
    for item in settings:
        name, sep, value = item.partition("=")
        if not sep or name not in TUNABLES:
            raise ValueError("%r is not NAME=VALUE with NAME one of %s"
                             % (item, ", ".join(sorted(TUNABLES))))
        try:
            v = int(value)
        except ValueError:
            raise ValueError("%s=%r: the value must be a whole number"
                             % (name, value)) from None
        if v < (0 if name in ("halving", "close_at", "end_solve", "his_leads") else 1) or (
                name == "his_leads" and v > 2):
            raise ValueError("%s=%d is out of range" % (name, v))
        out.append(TUNABLES[name] + (v,))
    return out


def variant(changes):
    """choose(view, rng) for hard with `changes` (parse()) in force while it decides."""
    from sixtysix_core import bot, playout
    modules = {"bot": bot, "playout": playout}
    hard = bot.LEVELS.index("hard")
    judged = {attr: v for mod, attr, table, v in changes if mod == "judge"}
    changes = [c for c in changes if c[0] != "judge"]
    if judged.get("end_solve") or judged.get("his_leads"):
        from sixtysix_tools.lab import judge as J
        nodes = judged.get("end_solve")
        run = J.build(judge=J.exact(nodes) if nodes else None,
                      his_leads=(None, "blind", "count")[judged.get("his_leads", 0)])
        changes.append(("playout", "run", False, run))

    def choose(view, rng):
        saved = []
        for mod, attr, table, v in changes:
            m = modules[mod]
            old = getattr(m, attr)
            saved.append((m, attr, old))
            if table:
                t = list(old)
                t[hard] = v
                v = tuple(t)
            setattr(m, attr, v)
        try:
            return bot.choose(view, hard, rng)
        finally:
            for m, attr, old in reversed(saved):
                setattr(m, attr, old)
    return choose


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench tune",
                    description="hard with changed constants against a bot.")
    ap.add_argument("settings", nargs="+", help="NAME=VALUE (%s)" % ", ".join(TUNABLES))
    ap.add_argument("--against", default="hard", choices=T.BOTS)
    ap.add_argument("--hands", type=cli.number(1), default=500,
                    help="duplicate deals (each played twice)")
    ap.add_argument("--seed", type=cli.number(0), default=2026)
    ap.add_argument("--rules", default="CLASSIC_66", help="rules preset")
    ap.add_argument("--jobs", type=cli.number(1), default=1)
    ns = ap.parse_args(args)
    try:
        changes = parse(ns.settings)
    except ValueError as e:
        sys.stderr.write("bench tune: %s\n" % e)
        return 2
    cli.rules_for(ns.rules, "bench")
    T.EXTRA["tuned"] = lambda: variant(changes)
    try:
        r = T.run("tuned", ns.against, ns.hands, ns.seed, ns.jobs, ns.rules, False)
    finally:
        del T.EXTRA["tuned"]
    s, h = r["a_gp_share"]
    print("hard with %s vs %s, %s, %d deals, seed %d: share of game points %.1f%% +/- %.1f"
          % (" ".join(ns.settings), ns.against, ns.rules, r["deals"], ns.seed,
             100 * s, 100 * h))
    return 0
