"""Experiments with the judge of a candidate in one sampled deal (host tool).

hard judges a candidate in a sampled deal by one playout of playout.py's rule of thumb.
This module builds changed copies of playout.run from its source (so the rest stays
the same code) and plays hard with one in force while it decides:

  * build(judge=f): where the talon stops being open (a playout's close, or the last
    draw), at the next lead, the position goes to
        f(solver, me, h0, h1, p0, p1, q0, q1, t0, t1, leader) -> score or None
    (the playout's ints; None: the playout goes on); exact(budget) makes such an f;
  * build(his_leads=KIND): the other seat's leads in the playout do not see `me`'s
    hand: KIND "blind" (his cheapest card), "count" (he counts cards: my hand and the
    talon's cards still to come are the cards that may beat his lead).

variant(run) is hard with that run in force.  Host only: nothing here is on the device.
"""
import inspect

from sixtysix_core import endgame
from sixtysix_core import playout

_ANCHOR = """        # ---- the leader's window
        hl = h0 if ldr == 0 else h1"""
_HOOK = """        if lead < 0 and not is_open and forced < 0:
            v = JUDGE(solver, me, h0, h1, p0, p1, q0, q1, t0, t1, ldr)
            if v is not None:
                return v
"""
_LEAD = "                lead = lead_card(hl, ho, trump)\n"
_LEADS = {"blind": "                lead = lead_card(hl, ho if ldr == me else 0, trump)\n",
          "count": ("                lead = lead_card(hl, ho if ldr == me else ho | _rest("
                    "talon, top, tlen, is_open), trump)\n")}

def _rest(talon, top, tlen, is_open):
    m = 0
    if is_open:
        for i in range(top, top + tlen):
            m |= 1 << talon[i]
    return m


def build(judge=None, his_leads=None):
    src = inspect.getsource(playout.run)
    for old in (_ANCHOR, _LEAD):
        if old not in src:
            raise RuntimeError("playout.run changed: judge.py no longer fits")
    if judge:
        src = src.replace(_ANCHOR, _HOOK + _ANCHOR)
    if his_leads:
        src = src.replace(_LEAD, _LEADS[his_leads])
    ns = dict(vars(playout))
    ns["JUDGE"] = judge
    ns["_rest"] = _rest
    exec(compile(src, "<judge.run>", "exec"), ns)
    return ns["run"]


def tie(me, p0, p1):
    return (p0 - p1) // playout.PTS_DIV if me == 0 else (p1 - p0) // playout.PTS_DIV


def exact(budget):
    """A judge: the exact solver (at most `budget` nodes, else the playout goes on)."""
    def judge(solver, me, h0, h1, p0, p1, q0, q1, t0, t1, ldr):
        solver.h0[0] = h0
        solver.h1[0] = h1
        solver.p0[0] = p0
        solver.p1[0] = p1
        solver.q0[0] = q0
        solver.q1[0] = q1
        solver.t0[0] = t0
        solver.t1[0] = t1
        solver.leader[0] = ldr
        solver.lead[0] = -1
        solver.exhausted = solver.closer < 0
        v = solver.solve(budget)
        if v == endgame.NO_VALUE:
            return None
        return v * playout.GP_WEIGHT + tie(me, p0, p1)
    return judge


def variant(run, level=2):
    """choose(view, rng): bot.choose at `level` with `run` in force while it decides."""
    from sixtysix_core import bot

    def choose(view, rng):
        old = playout.run
        playout.run = run
        try:
            return bot.choose(view, level, rng)
        finally:
            playout.run = old
    return choose
