"""Soft inference (sample.unlikely): the cards a player's phase-1 play makes unlikely,
read from the public play only, and determinize() dealing them to him less often.

The scripted hand: dealer 0, so seat 1 leads trick 1; trump hearts (upcard TH).
Seat 1 holds KC and five hearts and plays only hearts after leading KC; seat 0 holds
low clubs, spades and diamonds and sheds its lowest non-heart card.
"""
import pytest

from sixtysix_core import bot
from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import rng as RNG
from sixtysix_core import rules as R
from sixtysix_core import sample
from sixtysix_core.view import PlayerView
from test_bot_view import permuted

C = cards.card
KC, TH = C(0, cards.RK), C(2, cards.RT)
HEARTS = cards.SUIT_MASK[2]


def scripted():
    seat1 = [KC, C(2, 0), C(2, 1), C(2, 2), C(2, 3), C(2, 5)]         # KC 9H JH QH KH AH
    seat0 = [C(0, 0), C(0, 1), C(1, 0), C(1, 1), C(3, 0), C(3, 1)]    # 9C JC 9S JS 9D JD
    rest = [c for c in range(24) if c not in seat1 + seat0 + [TH]]
    deck = seat1[:3] + seat0[:3] + seat1[3:] + seat0[3:] + [TH] + rest
    d = D.Deal(R.preset("CLASSIC_66"))
    d.deck[:24] = bytes(deck)
    d.deal_from_deck(0)
    return d


def step(d):
    """One scripted action; returns True after a draw."""
    specials = d.legal_specials()
    if specials & D.B_DRAW:
        d.apply(D.A_DRAW)
        return True
    legal = d.legal_cards()
    if not legal or d.phase not in (D.PH_LEAD, D.PH_FOLLOW):
        d.apply(D.A_PASS)
        return False
    if d.to_move == 1:
        mine = legal & HEARTS if d.log_len else 1 << KC     # KC first, then hearts
    else:
        mine = legal & ~HEARTS or legal
    d.apply(cards.lowest(mine))
    return False


# the cards below a king outside hearts: 9, J, Q of clubs, spades and diamonds
BELOW_KING = sum(1 << C(s, r) for s in (0, 1, 3) for r in range(3))


def test_a_lead_makes_the_lower_non_trumps_unlikely_for_age_draws_and_no_partner():
    d = scripted()
    step(d)                                   # seat 1 leads KC
    assert d.lead_card == KC
    view = PlayerView(d, 0)
    assert sample.unlikely(view, 1) == BELOW_KING
    assert sample.unlikely(view, 0) == 0      # seat 0 has played nothing
    draws = 0
    while draws <= sample._AGE:
        assert sample.unlikely(view, 1) == BELOW_KING, draws
        draws += step(d)                      # only hearts from seat 1 from now on
    assert not d.is_over() and d.talon_state == D.OPEN
    # _AGE + 1 draws later he may have drawn them; but a king led without a marriage
    # still says he had no queen of clubs (he would have melded)
    assert sample.unlikely(view, 1) == 1 << C(0, cards.RQ)


def test_a_losing_follow_makes_the_cards_above_the_lead_unlikely():
    d = scripted()
    step(d)                                   # seat 1 leads KC, seat 0 follows 9C
    step(d)
    step(d)                                   # seat 1 draws
    view = PlayerView(d, 1)
    # seat 0 threw 9C on the king: no lower card to shed, but he could not beat KC
    assert sample.unlikely(view, 0) == cards.ABOVE[KC]
    d.apply(D.A_CLOSE)                        # a close keeps what phase 1 showed
    assert sample.unlikely(view, 0) == cards.ABOVE[KC]


def test_a_follow_that_beats_in_suit_or_trumps_marks_the_cheaper_winners():
    from helpers import c, m
    seat1 = [c(t) for t in "9C AS 9H JH QH KH".split()]
    seat0 = [c(t) for t in "TC 9S JS 9D JD QS".split()]
    rest = [x for x in range(24) if x not in seat1 + seat0 + [TH]]
    d = D.Deal(R.preset("CLASSIC_66"))
    d.deck[:24] = bytes(seat1[:3] + seat0[:3] + seat1[3:] + seat0[3:] + [TH] + rest)
    d.deal_from_deck(0)
    for action in (c("9C"), c("TC"), D.A_DRAW, c("9S")):
        d.apply(action)
    # seat 0 took 9C with TC: no cheaper club winner (JC QC KC)
    assert sample.unlikely(PlayerView(d, 1), 0) == m("JC QC KC")
    d.apply(c("9H"))
    # seat 1 trumped 9S: no spade that beats it (trumps are never marked)
    assert sample.unlikely(PlayerView(d, 0), 1) == cards.ABOVE[c("9S")]


def test_unlikely_reads_only_public_play():
    d = scripted()
    r = RNG.Rng(3)
    for _ in range(9):
        step(d)
        for seat in (0, 1):
            e = permuted(d, seat, r)
            assert (sample.unlikely(PlayerView(e, seat), 1 - seat)
                    == sample.unlikely(PlayerView(d, seat), 1 - seat))


def deal_counts(view, infer, seed, times=4000):
    """How often each card lands in the opponent's hand over `times` determinizations."""
    w = D.Deal(view.rules())
    r = RNG.Rng(seed)
    opp = 1 - view.seat
    counts = [0] * 24
    for i in range(times):
        if i == 0:
            sample.determinize(view, w, r, 0, infer)
        else:
            sample.redeal(w, r)
        assert w.hand[opp] & ~view.unseen() == 0
        assert cards.count(w.hand[opp]) == view.hand_size(opp)
        for c in range(24):
            counts[c] += w.hand[opp] >> c & 1
    return counts


def mean(counts, mask):
    return sum(counts[c] for c in range(24) if mask >> c & 1) / cards.count(mask)


def test_determinize_deals_unlikely_cards_about_a_third_as_often():
    d = scripted()
    for _ in range(3):
        step(d)                               # KC, 9C (seat 0 could not beat it), draw
    view = PlayerView(d, 1)
    pool = view.unseen()
    infer = sample.unlikely(view, 0) & pool
    assert infer == cards.ABOVE[KC] and pool & ~infer
    counts = deal_counts(view, infer, 11)
    assert 0.3 < mean(counts, infer) / mean(counts, pool & ~infer) < 0.45
    counts = deal_counts(view, 0, 11)         # without `infer`: uniform over the pool
    rates = [counts[c] for c in range(24) if pool >> c & 1]
    assert max(rates) < 1.2 * min(rates)


def test_the_lead_to_the_trick_in_progress_excludes_the_cards_it_marks():
    """He led KC just now: he has no lower non-trump (greedy, expert: 0.07 times as
    often as another card), so the follower's deals give him none while they can."""
    d = scripted()
    step(d)                                   # seat 1 leads KC; seat 0 to follow
    view = PlayerView(d, 0)
    pool = view.unseen()
    infer = sample.unlikely(view, 1) & pool
    assert infer == BELOW_KING & pool and infer
    assert mean(deal_counts(view, infer, 5, 300), infer) == 0
    assert mean(deal_counts(view, 0, 5, 300), infer) > 0


def test_hard_v1_does_not_infer(monkeypatch):
    """hard-v1 (level 3) does not infer from his play: it never asks."""
    from sixtysix_tools.players import hard_v1
    d = scripted()
    step(d)

    def boom(view, seat):
        raise AssertionError("hard-v1 asked for unlikely cards")
    monkeypatch.setattr(sample, "unlikely", boom)
    assert d.is_legal(hard_v1.choose(PlayerView(d, 0), RNG.Rng(1)))
    with pytest.raises(AssertionError):
        bot.choose(PlayerView(d, 0), 2, RNG.Rng(1))


def test_bench_infer_prints_the_ratio_and_refuses_bad_input(capsys):
    from sixtysix_tools.lab import bench_infer
    assert bench_infer.main("bench", ["--hands", "0"]) == 2
    assert bench_infer.main("bench", ["--rules", "NOPE"]) == 2
    assert bench_infer.main("bench", ["--against", "greedy,nobody"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "nobody" in err[2]
    assert bench_infer.main("bench", ["--hands", "2", "--against", "greedy"]) == 0
    assert "times as often as another" in capsys.readouterr().out


def test_bench_infer_by_play_reads_greedy_sheds_and_prints_a_table(capsys):
    """greedy takes a low lead whenever a card of its suit beats it, so after he shed
    on one he rarely holds the lead suit's cards above it (only by a draw since)."""
    from sixtysix_tools.lab import bench_infer
    rows = {(what, where): (n, ratio) for what, where, n, ratio in
            bench_infer.by_play("greedy", 40, 1, "CLASSIC_66", least=30)}
    n, ratio = rows[("he shed (a low lead)", "lead suit, above")]
    assert n >= 30 and ratio < 0.6
    assert all(r > 0 for _, r in rows.values())
    assert bench_infer.main("bench", ["--by-play", "--hands", "20", "--against",
                                      "greedy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("his last card") and "deviation from 1" in out[1]
    assert bench_infer.main("bench", ["--by-play", "--hands", "1", "--against",
                                      "random"]) == 0
    assert "no class of 200 cards yet" in capsys.readouterr().out


def test_bench_strength_ceiling_prints_only_the_two_ceilings(capsys):
    from sixtysix_tools.lab import bench_strength
    assert bench_strength.main("bench", ["--ceiling", "--hands", "4", "--against",
                                         "random", "--rules", "SCHNAPSEN_AT"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[0].startswith("ceilings: hard vs random")
    assert "perfect information" in out[1] and "sees his hand only" in out[2]
    assert all("4 deals" in line for line in out[1:])


def test_bench_strength_hand_known_deals_hard_the_true_hand(monkeypatch):
    from sixtysix_tools.lab import bench_strength
    d = scripted()
    step(d)                                   # seat 1 leads KC; seat 0 (hard) follows
    seen = []
    real = sample.determinize

    def spy(view, w, rng, exclude, infer=0):
        real(view, w, rng, exclude, infer)
        seen.append(w.hand[1])
    monkeypatch.setattr(sample, "determinize", spy)
    saved = bench_strength._hand_known(bot, sample)
    try:
        bot.choose(PlayerView(d, 0), bot.LEVELS.index("hard"), RNG.Rng(2))
    finally:
        bot.choose = saved
    assert seen and all(h == d.hand[1] for h in seen)
    assert sample.excluded.__module__ == "sixtysix_core.sample" and bot.choose is saved
