"""`soak [--hands N] [--jobs J] [--seed S]`: play N random hands (default 1,000,000) with
every invariant of host_tests/invariants.py checked after every action, over all
supported presets in turn, and print what was checked.  Not part of CI: it takes minutes.
"""
import multiprocessing
import os
import sys
import time

from sixtysix_tools.lab import ROOT
sys.path.append(os.path.join(ROOT, "host_tests"))


def _presets():
    from sixtysix_core import rules as R
    return [p for p in R.preset_names()
            if R.preset(p).unsupported() is None and R.preset(p).players == 2]


def _chunk(job):
    seed, hands = job
    from invariants import check_state, choose_random
    from sixtysix_core import deal as D
    from sixtysix_core import rules as R
    from sixtysix_core.rng import Rng
    presets = _presets()
    rng = Rng(seed)
    deals = [D.Deal(R.preset(p)) for p in presets]
    scratch = [D.Deal(R.preset(p)) for p in presets]
    reasons = {}
    steps = 0
    for i in range(hands):
        k = i % len(deals)
        d = deals[k]
        d.new_hand(i & 1, rng)
        while not d.is_over():
            check_state(d)
            if i % 16 == 0:
                d.copy_into(scratch[k])
                assert scratch[k].same_as(d)
            d.apply(choose_random(d, rng))
            steps += 1
        check_state(d)
        key = (presets[k], D.REASON_NAMES[d.reason])
        reasons[key] = reasons.get(key, 0) + 1
    return hands, steps, reasons


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py soak", description="Random hands with invariants.")
    ap.add_argument("--hands", type=cli.number(1), default=1000000)
    ap.add_argument("--jobs", type=cli.number(1), default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=cli.number(0), default=1)
    ns = ap.parse_args(args)
    hands, jobs, seed = ns.hands, ns.jobs, ns.seed
    chunk = 10000
    work = [(seed * 100003 + i, min(chunk, hands - i * chunk))
            for i in range((hands + chunk - 1) // chunk)]
    t0 = time.time()
    total_hands = total_steps = 0
    reasons = {}
    with multiprocessing.Pool(jobs) as pool:
        for n, steps, r in pool.imap_unordered(_chunk, work):
            total_hands += n
            total_steps += steps
            for k, v in r.items():
                reasons[k] = reasons.get(k, 0) + v
            sys.stderr.write("\r%d / %d hands" % (total_hands, hands))
    sys.stderr.write("\n")
    print("soak: %d random hands, %d actions, every invariant checked after every action "
          "(%.0f s, %d processes)" % (total_hands, total_steps, time.time() - t0, jobs))
    print("checked: each card in exactly one place; won cards = played cards of finished "
          "tricks; card points = value of won cards; 120 in the pack; totals; pending "
          "marriages only while trickless; talon/upcard consistency; a legal action until "
          "the end; game points in range; draws only on equal totals; copy_into equality")
    for preset in _presets():
        row = ", ".join("%s %d" % (reason, n) for (p, reason), n in sorted(reasons.items())
                        if p == preset)
        print("  %-13s %s" % (preset, row))
    return 0
