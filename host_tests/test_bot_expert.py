"""The rule-based `expert`, hard-v1, and the search pieces of hard (RULES.md R7-R14, R22).

expert plays legal 66 under every preset, declares a correct 66 at once, closes only on
its counted points; playout.run's closing candidate scores as a close on the engine
does; `bench strength` refuses bad input in one sentence.
"""
import os
import sys

import pytest

from sixtysix_core import bot
from sixtysix_core import deal as D
from sixtysix_core import endgame
from sixtysix_core import playout
from sixtysix_core import rng as RNG
from sixtysix_core import rules as R
from sixtysix_core.view import PlayerView

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_bot_play import play  # noqa: E402  (players may be choose functions)
from sixtysix_tools.players import expert, hard_v1  # noqa: E402


HARD = bot.LEVELS.index("hard")
HARD_V1 = hard_v1.choose


@pytest.mark.parametrize("preset", ["CLASSIC_66", "POLISH_HOUSE", "CZECH_66", "SCHNAPSEN",
                                    "SCHNAPSEN_AT"])
def test_expert_and_v1_play_legal_actions_under_presets(preset):
    rules = R.preset(preset)
    for seed in range(8):
        play(rules, seed, (expert.choose, HARD))
        play(rules, seed, (HARD_V1, expert.choose))


def test_expert_declares_correct_66_at_once_and_closes_on_counted_points():
    closes = [0, 0]

    def check(d, view, a):
        seat = d.to_move
        if a == D.A_OUT:
            assert d.total(seat) >= 66, "false declaration"
        elif d.is_legal(D.A_OUT) and d.total(seat) >= 66:
            raise AssertionError("did not declare a correct 66")
        if a == D.A_CLOSE:
            assert expert.should_close(view)
            closes[0] += 1
            closes[1] += seat
    for seed in range(40):
        play(R.RuleSet(), seed, (expert.choose, expert.choose), check)
    assert closes[0] >= 2


def test_expert_takes_an_ace_led_with_a_trump_and_keeps_its_marriage():
    d = D.Deal()
    d.deck[:24] = bytes(range(24))
    d.deal_from_deck(0)
    # make a position by hand: seat 1 leads the ace of clubs, seat 0 holds a trump
    trump = d.trump
    d.hand[0] = (1 << (trump * 6 + 1)) | (1 << 6) | (1 << 8) | (1 << 9) | (1 << 13)
    d.hand[1] = (1 << 5) | (1 << 7) | (1 << 12) | (1 << 14) | (1 << 15) | (1 << 16)
    d.leader = 1
    d.to_move = 1
    d.phase = D.PH_LEAD
    d.pending_draw = False
    d.apply(5)                                          # the ace of clubs
    view = PlayerView(d, 0)
    assert expert.choose(view) == trump * 6 + 1         # the cheapest trump takes it


def test_close_candidate_scores_like_closing_on_the_engine():
    """run(card=A_CLOSE) equals a close applied to a copy, then run on the copy; the
    solver's closer and snapshot then describe that close, and load_rules undoes it."""
    r = RNG.Rng(9)
    d = D.Deal()
    e = D.Deal()
    s = endgame.Solver()
    checked = melded = 0
    for h in range(60):
        d.new_hand(h % 2, r)
        while not d.is_over():
            if (d.phase == D.PH_LEAD and not d.pending_draw and d.talon_state == D.OPEN
                    and d.is_legal(D.A_CLOSE) and d.total(d.to_move) < 66):
                # (with 66 the bot declares; it never weighs a close then)
                me = d.to_move
                s.load_rules(d, me)
                before = (s.closer, s.snap_t0, s.snap_t1, s.snap_p0, s.snap_p1)
                a = playout.run(d, me, s, D.A_CLOSE)
                assert s.closer == me
                s.load_rules(d, me)
                assert (s.closer, s.snap_t0, s.snap_t1, s.snap_p0, s.snap_p1) == before
                d.copy_into(e)
                e.apply(D.A_CLOSE)
                if e.phase == D.PH_CLOSE_REPLY:
                    e.apply(playout.policy(e))
                if e.meld_suit >= 0:                    # R12: lead the marriage card
                    e.apply(playout.policy(e))
                    melded += 1
                s.load_rules(e, me)
                assert a == playout.run(e, me, s)
                checked += 1
            melds = d.legal_specials() >> (D.A_MELD - 24) if d.phase == D.PH_LEAD else 0
            if melds and d.meld_suit < 0:
                d.apply(D.A_MELD + cards_lowest(melds))     # then the close test again
            else:
                d.apply(playout.policy(d))
    assert checked >= 20 and melded >= 1


def cards_lowest(mask):
    c = 0
    while not mask >> c & 1:
        c += 1
    return c


def test_tournament_knows_expert_and_hard_v1():
    from sixtysix_tools.lab import tournament
    r = tournament.run("hard-v1", "expert", 4, 1, jobs=1, progress=False)
    assert r["deals"] == 4
    assert tournament.run("expert", "greedy", 20, 3, jobs=1, progress=False)[
        "a_gp_share"][0] > 0.5


def test_bench_strength_refuses_bad_input(capsys):
    from sixtysix_tools.lab import bench_strength
    assert bench_strength.main("bench", ["--hands", "2"]) == 2
    assert bench_strength.main("bench", ["--rules", "NOPE"]) == 2
    err = capsys.readouterr().err
    assert "at least 4" in err and "unknown rules preset" in err


def test_playout_leader_closes_on_sure_points_as_the_engine_would():
    """A playout whose leader reaches CLOSE_AT with his total and sure points closes
    there: it scores as the engine's close at that window followed by the same playout,
    and the next playout starts with the world's own closer again."""
    r = RNG.Rng(21)
    d = D.Deal()
    e = D.Deal()
    s = endgame.Solver()
    checked = 0
    for h in range(300):
        d.new_hand(h % 2, r)
        while not d.is_over():
            me = d.to_move
            if (d.phase == D.PH_LEAD and not d.pending_draw and d.talon_state == D.OPEN
                    and d.meld_suit < 0 and d.talon_len >= 2 and d.total(me) < 66):
                hand = d.hand[me]
                mine = d.total(me) + d.meld_pending[me]
                nine = d.exchange_card()
                if (mine > 24 and not hand & (hand >> 1) & 0x104104
                        and not hand >> nine & 1 and not d.hand[1 - me] >> nine & 1
                        and mine + playout._sure(hand, d.hand[1 - me], d.trump) >= 66):
                    s.load_rules(d, me)
                    d.copy_into(e)
                    a = playout.run(e, me, s)
                    assert s.closer == me
                    d.copy_into(e)
                    e.apply(D.A_CLOSE)
                    s.load_rules(e, me)
                    assert a == playout.run(e, me, s)
                    s.load_rules(d, me)
                    d.copy_into(e)
                    playout.CLOSE_AT, saved = 0, playout.CLOSE_AT
                    try:
                        playout.run(e, me, s)
                    finally:
                        playout.CLOSE_AT = saved
                    assert s.closer == -1                   # nobody closed this time
                    checked += 1
            d.apply(playout.policy(d))
    assert checked >= 10


def test_hard_v1_plays_without_playout_closes():
    """hard_v1.choose: its playouts never close, hard's may; CLOSE_AT is put back after
    each decision."""
    seen = {}
    real = playout.run

    def spy(d, me, solver, card=-1):
        seen.setdefault(level[0], set()).add(playout.CLOSE_AT)
        return real(d, me, solver, card)
    level = [0]
    playout.run = spy
    try:
        for lv in (HARD, HARD_V1):
            level[0] = lv
            play(R.RuleSet(), 3, (lv, lv))
    finally:
        playout.run = real
    assert seen[HARD_V1] == {0} and seen[HARD] == {playout.CLOSE_AT} != {0}


def test_importing_the_host_players_changes_no_core_module():
    """The host-only players are chosen by the tools; importing them (in a fresh
    process) leaves every name of every loaded core module as it was."""
    import subprocess
    code = ("import sys\nsys.path[:0] = [%r, %r]\n"
            "from sixtysix_core import bot, deal, playout, sample, endgame\n"
            "def snap():\n"
            "    return {(m, k): id(v) for m, mod in list(sys.modules.items())\n"
            "            if m.startswith('sixtysix_core') for k, v in vars(mod).items()}\n"
            "before = snap()\n"
            "from sixtysix_tools.players import expert, hard_v1, hard_v2, pimc, rdeep\n"
            "after = snap()\n"
            "changed = sorted(k for k in before if after.get(k) != before[k])\n"
            "print('CHANGED', changed)\n" % (ROOT, os.path.join(ROOT, "tools")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert "CHANGED []" in out.stdout, out.stdout


def test_bench_tune_plays_a_variant_and_refuses_bad_input(capsys):
    from sixtysix_tools.lab import bench_tune
    from sixtysix_tools.lab import tournament
    assert bench_tune.main("bench", ["nope=3"]) == 2
    assert bench_tune.main("bench", ["playouts=x"]) == 2
    assert bench_tune.main("bench", ["playouts=0"]) == 2
    err = capsys.readouterr().err
    assert "NAME=VALUE" in err and "whole number" in err and "out of range" in err
    saved = bot._PLAYOUTS
    assert bench_tune.main("bench", ["playouts=8", "close_at=0", "--hands", "2"]) == 0
    assert "share of game points" in capsys.readouterr().out
    assert bot._PLAYOUTS is saved and playout.CLOSE_AT == 66 and not tournament.EXTRA


def _card_choice(d):
    """A lead (no draw pending, no marriage to lead) or a follow of a hand in play."""
    return (d.phase == D.PH_FOLLOW or d.phase == D.PH_LEAD and not d.pending_draw
            and d.meld_suit < 0) and d.legal_cards() != 0


def _position(rules, seed, stop):
    """A hand played by the playouts' rule of thumb with random cards until stop(d)
    holds at a card choice; None if the hand ended first."""
    r = RNG.Rng(seed)
    d = D.Deal(rules)
    d.new_hand(r.below(2), r)
    while d.phase != D.PH_OVER:
        if _card_choice(d):
            if stop(d):
                return d
            legal = d.legal_cards()
            c = 0
            for _ in range(1 + r.below(bin(legal).count("1"))):
                while not legal >> c & 1:
                    c += 1
                c += 1
            d.apply(c - 1)
        else:
            d.apply(playout.policy(d))
    return None


def test_judge_copies_of_the_playout_score_as_it_does_unless_changed():
    """lab/judge.py's copy of playout.run scores every card as playout.run does; its
    other seat's leads without the bot's hand change some scores; its exact judge at an
    exhausted talon scores the solver's value (64 x game points + card points // 4)."""
    from sixtysix_tools.lab import judge as J
    rules = R.preset("CLASSIC_66")
    same = J.build()
    blind = J.build(his_leads="blind")
    count = J.build(his_leads="count")
    solver = endgame.Solver()
    n = diff_blind = diff_count = 0
    for seed in range(40):
        tricks = seed % 4
        d = _position(rules, seed,
                      lambda d, t=tricks: d.talon_state == D.OPEN and d.trick_no >= t)
        if d is None:
            continue
        me = d.to_move
        legal = d.legal_cards()
        for c in range(24):
            if legal >> c & 1:
                solver.load_rules(d, me)
                want = playout.run(d, me, solver, c)
                solver.load_rules(d, me)
                assert same(d, me, solver, c) == want
                solver.load_rules(d, me)
                diff_blind += blind(d, me, solver, c) != want
                solver.load_rules(d, me)
                diff_count += count(d, me, solver, c) != want
                n += 1
    assert n > 100 and diff_blind > 0 and diff_count > 0
    exact = J.build(judge=J.exact(10 ** 6))
    ref = endgame.Solver()
    checked = 0
    for seed in range(60):
        d = _position(rules, 1000 + seed,
                      lambda d: d.talon_state == D.EXHAUSTED and d.phase == D.PH_LEAD)
        if d is None:
            continue
        me = 1 - d.to_move if seed % 2 else d.to_move
        ref.load(d, me)
        v = ref.solve(10 ** 6)
        p = d.total(me) - d.total(1 - me)
        solver.load_rules(d, me)
        assert exact(d, me, solver) == v * playout.GP_WEIGHT + p // playout.PTS_DIV
        checked += 1
    assert checked > 20


def test_bench_tune_plays_the_judge_variants():
    from sixtysix_tools.lab import bench_tune
    from sixtysix_tools.lab import tournament
    saved = playout.run
    assert bench_tune.main("bench", ["his_leads=3"]) == 2
    assert bench_tune.main("bench", ["end_solve=500", "his_leads=2", "--hands", "2"]) == 0
    assert playout.run is saved and not tournament.EXTRA
