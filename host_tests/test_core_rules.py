"""RULES.md section 8, T01-T58: every two-player scenario, with the stated outcomes.

Each test names its scenario.  Positions are built field by field (helpers.position) or
played from a deck in canonical order (helpers.deck_for + record), seat 0 = N, seat 1 = D,
hearts trump unless the scenario says otherwise.
"""
import pytest

from helpers import DEALER, N, apply_all, c, deck_for, legal_names, m, names, play
from helpers import position, record, rules_with, tokens
from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core.rng import Rng

OPEN, CLOSED, EXHAUSTED = D.OPEN, D.CLOSED, D.EXHAUSTED


def result(d):
    return d.winner, D.REASON_NAMES[d.reason], d.score_delta[0], d.score_delta[1]


# ---------------------------------------------------------------- tricks (R6)

@pytest.mark.parametrize("lead,follow,winner,gain", [
    ("KS", "TS", DEALER, 14),   # T01: the ten beats the king
    ("AS", "9H", DEALER, 11),   # T02: a trump beats a non-trump
    ("9C", "AD", N, 11),        # T03: an off-suit non-trump cannot win
    ("JH", "AS", N, 13),        # T04
])
def test_t01_t04_trick_winner(lead, follow, winner, gain):
    d = position(lead + " 9D", follow + " JC", talon="QC KC", upcard="AH", lead=lead)
    d.apply(c(follow))
    assert d.tricks[winner] == 1 and d.tricks[1 - winner] == 0
    assert d.cardpts[winner] == gain and d.cardpts[1 - winner] == 0
    assert d.leader == winner and d.to_move == winner and d.pending_draw


def test_t05_phase1_freedom():
    d = position("AC 9S", "KC 9H TD QS JS 9D", talon="QC KD JC JD", upcard="AH", lead="AC")
    assert legal_names(d) == names(m("KC 9H TD QS JS 9D"))


@pytest.mark.parametrize("lead,hand,legal,opt", [
    ("KC", "AC 9C QH JS TD 9S", "AC", {}),           # T06 must head
    ("AC", "TC 9C QH", "TC 9C", {}),                 # T07 follow low
    ("KC", "QH 9H AS TD", "QH 9H", {}),              # T08 must trump
    ("KC", "AS TD JS", "AS TD JS", {}),              # T09 free discard
    ("QH", "KH 9H AC", "KH", {}),                    # T10 trump led, head it
    ("QH", "JH 9H AC", "JH 9H", {}),                 # T10 trump led, lower trump
    ("KC", "AC 9C QH", "AC 9C", {"phase2_rule": "follow_trump"}),   # T11
    ("KC", "QH AS", "QH AS", {"phase2_rule": "follow_only"}),       # T12
])
def test_t06_t12_phase2_duties(lead, hand, legal, opt):
    d = position("%s 9D" % lead, hand, state=EXHAUSTED, lead=lead, rules=rules_with(**opt))
    assert legal_names(d) == names(m(legal))


def test_phase2_duties_apply_after_a_close_too():
    d = position("KC 9D", "AC 9C QH", talon="JS JD", upcard="AH", state=CLOSED, closer=N,
                 lead="KC")
    assert legal_names(d) == ["AC"]


# ---------------------------------------------------------------- drawing (R7)

def test_t13_draw_after_trick_one():
    deck = deck_for("9C JC QC KC TS 9S", "AC TC JS QS KS AS", "AH", ["JD", "QD"])
    answer, d = play(record(deck, ["0 9C", "1 AC"]))
    assert d.to_move == DEALER and d.pending_draw and d.talon_len == 12
    apply_all(d, "draw")
    assert d.hand[DEALER] >> c("JD") & 1 and d.hand[N] >> c("QD") & 1
    assert d.talon_len == 10 and d.leader == DEALER and d.phase == D.PH_LEAD


def test_t14_last_draw_gives_the_upcard():
    d = position("9S TC JC QC KC AC", "AS TD JD QD KD AD", talon="KS", upcard="AH",
                 lead="9S", tricks=(2, 3), trick_no=6)
    d.apply(c("AS"))
    apply_all(d, "draw")
    assert d.hand[DEALER] >> c("KS") & 1 and d.hand[N] >> c("AH") & 1
    assert d.talon_state == EXHAUSTED and d.talon_len == 0
    assert bin(d.hand[N]).count("1") == 6 and bin(d.hand[DEALER]).count("1") == 6
    assert d.leader == DEALER and d.phase == D.PH_LEAD
    d.apply(c("AD"))
    assert d.trick_phase2                      # trick 7 is a phase-2 trick


def test_t15_reproducible_deal():
    deck = [c(t) for t in deck_for("AC TC KC QC JC 9C", "AS TS KS QS JS 9S", "9H",
                                   ["TD"])]
    d = D.Deal()
    d.deck[:] = bytes(deck)
    d.deal_from_deck(DEALER)
    assert d.hand[N] == sum(1 << x for x in deck[0:3] + deck[6:9])
    assert d.hand[DEALER] == sum(1 << x for x in deck[3:6] + deck[9:12])
    assert d.upcard == deck[12] and d.trump == deck[12] // 6
    assert d.talon[d.talon_top] == deck[13] == c("TD")
    assert d.talon_len == 12 and d.talon[11] == deck[12]


# ---------------------------------------------------------------- exchange (R11)

def test_t16_exchange():
    d = position("9H KS QC", "AS TS KC", talon="JC JD QD KD TD AD QS", upcard="AH",
                 tricks=(1, 1), trick_no=3)
    assert d.talon_len == 8
    assert "exchange" in tokens(d)
    apply_all(d, "exchange")
    assert d.hand[N] >> c("AH") & 1 and not d.hand[N] >> c("9H") & 1
    assert d.upcard == c("9H") and d.talon_len == 8 and d.trump == 2
    assert d.talon[d.talon_top + d.talon_len - 1] == c("9H")


def test_t17_exchange_needs_a_trick():
    args = dict(talon="JC JD QD KD TD AD QS JS AC TC 9C", upcard="AH")
    d = position("9H KS QC AS TS KC", "9S QS 9D KH QH JH", **args)
    assert "exchange" not in tokens(d)
    d = position("9H KS QC AS TS KC", "9S QS 9D KH QH JH",
                 rules=rules_with(exchange_requires_trick=False), **args)
    assert "exchange" in tokens(d)


def test_t18_follower_cannot_exchange():
    d = position("AS KS", "9H TS", talon="JC JD QD KD", upcard="AH", tricks=(1, 1),
                 pending_draw=True, leader=N)
    apply_all(d, "draw")
    assert d.to_move == N and "exchange" not in tokens(d)
    d = position("AS KS", "9H TS", talon="JC JD QD KD", upcard="AH", tricks=(1, 1),
                 pending_draw=True, leader=N,
                 rules=rules_with(exchange_by="either_between_tricks"))
    apply_all(d, "draw")
    assert d.to_move == DEALER and tokens(d) == ["exchange", "pass"]
    apply_all(d, "exchange")
    assert d.hand[DEALER] >> c("AH") & 1 and d.to_move == N and d.phase == D.PH_LEAD


def test_t19_exchange_with_two_left():
    d = position("9H KS QC AS TS", "KC 9S QS 9D KD", talon="JC", upcard="AH",
                 tricks=(3, 2), trick_no=6)
    assert d.talon_len == 2 and "exchange" in tokens(d)
    d = position("9H KS QC AS TS", "KC 9S QS 9D KD", talon="JC", upcard="AH",
                 tricks=(3, 2), trick_no=6, rules=rules_with(exchange_not_when_two_left=True))
    assert "exchange" not in tokens(d)


def test_t20_no_exchange_once_exhausted():
    d = position("9H KS QC AS TS KC", "JC 9S QS 9D KD AD", state=EXHAUSTED,
                 tricks=(3, 3), trick_no=7)
    assert "exchange" not in tokens(d)


def test_t21_exchange_off_is_never_offered():
    rules = rules_with(exchange="off")
    rng = Rng(21)
    d = D.Deal(rules)
    buf = bytearray(40)
    for hand in range(300):
        d.new_hand(hand % 2, rng)
        while not d.is_over():
            assert not d.legal_specials() >> (D.A_EXCHANGE - 24) & 1
            n = d.legal_into(buf)
            d.apply(buf[rng.below(n)])


def test_t22_exchange_at_the_opponents_close():
    def window():
        return dict(talon="JC JD QD KD TD AD QS JS", upcard="TH", leader=DEALER,
                    tricks=(0, 2), trick_no=3)
    d = position("9H KS QC AS", "AC TC 9C KH", **window())
    apply_all(d, "close")
    assert d.to_move == N and tokens(d) == ["exchange", "pass"]
    apply_all(d, "exchange")
    assert d.hand[N] >> c("TH") & 1 and d.to_move == DEALER
    assert "exchange" not in tokens(d)
    d = position("9H KS QC AS", "AC TC 9C KH", **window())
    apply_all(d, "close, pass")
    assert d.to_move == DEALER
    apply_all(d, "AC")
    assert d.hand[N] >> c("9H") & 1 and "exchange" not in tokens(d)
    d = position("9H KS QC AS", "AC TC 9C KH",
                 rules=rules_with(exchange_on_opponent_close=False), **window())
    apply_all(d, "close")
    assert d.to_move == DEALER and d.phase == D.PH_LEAD


def test_t23_twenty_card_pack_exchanges_the_jack():
    d = position("JH KS QC AS", "AC TC TD KH", talon="JC QD KD TS", upcard="AH",
                 tricks=(1, 1), rules=rules_with(deck=20))
    assert d.exchange_card() == c("JH") and "exchange" in tokens(d)
    assert not d.pack() >> c("9H") & 1


# ---------------------------------------------------------------- marriages (R12)

def test_t24_pending_marriage_credited_later():
    with open("host_tests/records/t24_example.txt") as f:
        text = f.read()
    answer, d = play(text.replace("0 out", ""))
    answer, d = play(text.split("1 AH")[0] + "1 AH\n")
    assert d.meld_credited[N] == 0 and d.meld_pending[N] == 40 and d.cardpts[DEALER] == 14
    answer, d = play(text.split("\n0 draw")[0])
    assert d.total(N) == 50 and d.meld_credited[N] == 40
    answer, d = play(text)
    assert answer["result"] == {"winners": [0], "reason": "declared", "score_delta": [2, 0],
                                "points": [78, 14], "tricks": [3, 1]}


def test_t25_marriage_never_credited():
    d = position("9S JD", "AS KD", talon="", state=EXHAUSTED, lead="9S", leader=N,
                 pending=(20, 0), tricks=(0, 10), cardpts=(0, 58), trick_no=11)
    d.apply(c("AS"))                            # D: 58 + 11 = 69
    apply_all(d, "out")
    assert result(d) == (DEALER, "declared", 0, 3)
    assert d.total(N) == 0


def test_t26_follower_cannot_meld():
    d = position("9S JD 9C", "KS QS AD", talon="JC QD KD TS", upcard="AH", lead="9S")
    assert d.legal_specials() == 0


def test_t27_one_marriage_per_lead():
    d = position("KC QC KD QD 9S", "AS TS JS 9D AD", talon="JC 9C TD JD", upcard="AH",
                 tricks=(1, 1))
    apply_all(d, "meld C")
    assert legal_names(d) == ["KC", "QC"]
    assert not d.is_legal(c("KD")) and "meld D" not in tokens(d)
    apply_all(d, "KC, 9D, draw")
    assert "meld D" in tokens(d)


def test_t28_out_by_marriage():
    d = position("KH QH 9S", "AS TS JS", talon="JC 9C TD JD", upcard="AC", trump="C",
                 tricks=(2, 1), cardpts=(48, 10))
    d.trump = c("KH") // 6                      # hearts trump: the 40
    apply_all(d, "meld H, out")
    assert d.total(N) == 88
    assert result(d) == (N, "declared", 2, 0)   # D has 10 and a trick: 2


def test_t29_no_marriage_in_phase2():
    args = dict(state=EXHAUSTED, tricks=(3, 3), trick_no=7)
    d = position("KS QS 9C", "AS TS JS", **args)
    assert "meld S" not in tokens(d)
    d = position("KS QS 9C", "AS TS JS", rules=rules_with(marriages_in_phase2=True), **args)
    apply_all(d, "meld S")
    assert d.meld_credited[N] == 20


def test_t30_meld_then_close():
    args = dict(talon="JD QD KD TD", upcard="AH", tricks=(1, 1))
    d = position("KC QC 9S", "AS TS JS", **args)
    apply_all(d, "meld C, close")
    assert legal_names(d) == ["KC", "QC"]
    d = position("KC QC 9S", "AS TS JS", **args)
    apply_all(d, "close")
    assert "meld C" not in tokens(d)


def test_t31_last_chance_to_meld():
    d = position("KC QC 9S AS TS", "AD TD JS 9D KD", talon="JD", upcard="AH",
                 tricks=(3, 2), trick_no=6)
    assert "meld C" in tokens(d)
    d = position("KC QC 9S AS", "AD TD JS 9D", talon="JD", upcard="AH",
                 tricks=(4, 2), trick_no=7, pending_draw=True)
    assert "meld C" not in tokens(d) and tokens(d) == ["draw", "out"]


def test_t32_meld_before_first_trick_forbidden():
    args = dict(talon="JC JD QD KD TD AD QC JH AC TC 9C", upcard="AH")
    d = position("KS QS 9S 9D TS 9C", "AS JS KD QH KH 9H", **args)
    assert "meld S" in tokens(d)
    d = position("KS QS 9S 9D TS 9C", "AS JS KD QH KH 9H",
                 rules=rules_with(meld_before_first_trick="forbidden"), **args)
    assert "meld S" not in tokens(d)


# ---------------------------------------------------------------- closing (R13)

def test_t33_close_before_trick_one():
    deck = deck_for("AC TC KC QC JC 9C", "AS TS KS QS JS 9S", "9H")
    answer, d = play(record(deck, ["0 close"]))
    assert d.talon_state == CLOSED and d.closer == N and d.talon_len == 12
    apply_all(d, "AC")
    assert d.trick_phase2 and legal_names(d) == names(m("AS TS KS QS JS 9S"))
    # play out: N takes every trick with clubs, D discards spades; nobody draws
    for x in ("AS", "TC", "TS", "KC", "KS", "QC", "QS", "JC", "JS", "9C", "9S"):
        apply_all(d, x)
        assert d.talon_len == 12
    assert d.bonus[N] == 0 and d.total(N) == 60        # clubs and spades: 30 + 30
    assert result(d) == (DEALER, "closer_failed", 0, 3)  # D was trickless at the close


def test_t34_close_before_drawing():
    args = dict(talon="JD QD KD TD AD QC JH", upcard="AH", tricks=(1, 2), trick_no=4,
                leader=DEALER, pending_draw=True)
    d = position("9S KS QS JS 9D", "AS TS KC 9C TC", **args)
    assert d.talon_len == 8 and "close" in tokens(d)
    apply_all(d, "close")
    assert bin(d.hand[N]).count("1") == 5 and bin(d.hand[DEALER]).count("1") == 5
    assert not d.pending_draw and d.talon_len == 8
    d = position("9S KS QS JS 9D", "AS TS KC 9C TC", rules=rules_with(close_before_draw=False),
                 **args)
    assert tokens(d) == ["draw", "out"]
    apply_all(d, "draw")
    assert "close" in tokens(d)


def test_t35_close_window_limits():
    before = dict(talon="JD QD KD", upcard="AH", tricks=(2, 3), trick_no=6, pending_draw=True)
    d = position("9S KS QS JS", "AS TS KC 9C", **before)
    assert d.talon_len == 4 and "close" in tokens(d)
    for flag, expected in ((False, True), (True, False)):
        d = position("9S KS QS JS", "AS TS KC 9C", rules=rules_with(
            close_needs_more_than_two=flag), **before)
        apply_all(d, "draw")
        assert d.talon_len == 2 and ("close" in tokens(d)) == expected
    for opts in ({}, {"close_needs_more_than_two": True}, {"close_before_draw": False}):
        d = position("9S KS QS JS", "AS TS KC 9C", talon="JD", upcard="AH", tricks=(3, 3),
                     trick_no=7, pending_draw=True, rules=rules_with(**opts))
        assert "close" not in tokens(d)


def test_t36_follower_cannot_close():
    d = position("9S KS QS", "AS TS KC", talon="JD QD KD", upcard="AH", lead="9S")
    assert not d.is_legal(D.A_CLOSE)


# ---------------------------------------------------- declaring, closed hands (R14-R20)

def closed_position(**kw):
    """D closed after trick 3; N had 1 trick and 20 points then."""
    base = dict(talon="JD QD KD TD AD QC", upcard="AH", state=CLOSED, closer=DEALER,
                tricks=(1, 2), cardpts=(20, 40), leader=DEALER)
    base.update(kw)
    return position(**base)


def test_t37_closer_wins_basis():
    for basis, expected in (("end", 1), ("at_close", 2)):
        d = closed_position(n_hand="9S 9D", d_hand="JS 9C",
                            rules=rules_with(closed_win_basis=basis))
        d.tricks[N], d.cardpts[N] = 2, 35          # later N won a trick worth 15
        d.tricks[DEALER], d.cardpts[DEALER] = 4, 70
        apply_all(d, "out")
        assert result(d)[:2] == (DEALER, "declared") and d.score_delta[DEALER] == expected


def test_t38_closer_runs_out():
    d = closed_position(n_hand="9S", d_hand="AS", leader=N, tricks=(2, 9), cardpts=(25, 50),
                        trick_no=12)
    apply_all(d, "9S, AS")
    assert d.bonus[DEALER] == 0 and d.total(DEALER) == 61
    assert result(d) == (N, "closer_failed", 2, 0)


def test_t42_failed_close_flat3():
    d = closed_position(n_hand="9S", d_hand="AS", leader=N, tricks=(2, 9), cardpts=(25, 50),
                        trick_no=12, rules=rules_with(failed_close="flat3"))
    apply_all(d, "9S, AS")
    assert result(d) == (N, "closer_failed", 3, 0)


def test_t39_closer_fails_opponent_trickless_at_close():
    for test, expected in (("at_close", 3), ("at_end", 2)):
        d = position("9S", "AS", talon="JD QD KD TD AD QC JC QS KS TS JS", upcard="AH",
                     state=CLOSED, closer=N, leader=DEALER, tricks=(0, 0),
                     rules=rules_with(failed_close_trick_test=test))
        d.tricks[N], d.cardpts[N] = 6, 60           # later: N never reached 66
        d.tricks[DEALER], d.cardpts[DEALER] = 5, 49
        d.trick_no = 12
        apply_all(d, "AS, 9S")
        assert result(d) == (DEALER, "closer_failed", 0, expected)


def test_t40_non_closer_goes_out_first():
    for opt, n_tricks_at_close, expected in (("flat2", 1, 2), ("flat2", 0, 2),
                                             ("as_failed_close", 1, 2),
                                             ("as_failed_close", 0, 3)):
        d = closed_position(n_hand="AS 9D", d_hand="9S JC", leader=DEALER,
                            tricks=(n_tricks_at_close, 3), cardpts=(55, 40), lead="9S",
                            rules=rules_with(closer_beaten=opt))
        d.to_move, d.leader = N, DEALER
        apply_all(d, "AS, out")                         # N: 55 + 11 = 66
        assert result(d) == (N, "closer_beaten", expected, 0)


def test_t41_closer_misses_his_window():
    # D passed 66 (70) but led without declaring; N wins every remaining trick.
    d = closed_position(n_hand="AS TS", d_hand="9S JS", leader=DEALER, tricks=(1, 4),
                        cardpts=(20, 70), trick_no=11)
    d.cardpts[N] = 20
    apply_all(d, "9S, AS")
    assert d.to_move == N and d.is_legal(D.A_OUT)
    apply_all(d, "TS, JS")                              # N: 20 + 11 + 12 = 43 < 66
    assert result(d) == (N, "closer_failed", 2, 0)
    d = closed_position(n_hand="AS TS", d_hand="9S JS", leader=DEALER, tricks=(1, 4),
                        cardpts=(45, 70), trick_no=11)
    apply_all(d, "9S, AS, TS, JS")                      # N: 45 + 23 = 68 with the last
    assert result(d) == (N, "closer_beaten", 2, 0)


def test_t43_czech_penalty():
    rules = rules_with(failed_close="czech_penalty")
    for d_points, penalty in ((40 - 11, -3), (25 - 11, -6)):
        d = closed_position(n_hand="9S", d_hand="AS", leader=N, tricks=(2, 9),
                            cardpts=(40, d_points), trick_no=12, rules=rules)
        apply_all(d, "9S, AS")
        assert result(d) == (N, "closer_failed", 0, penalty)
    match = M.Match(rules)
    match.scores[DEALER] = 2
    match.record(d)
    assert match.scores[DEALER] == -4 and match.scores[N] == 0
    d = closed_position(n_hand="9S", d_hand="AS", leader=N, tricks=(2, 9), cardpts=(40, 29),
                        trick_no=12, rules=rules)
    apply_all(d, "9S, AS")
    match = M.Match(rules)
    match.scores[DEALER] = 2
    match.record(d)
    assert match.scores[DEALER] == -1


def test_t44_false_declaration():
    for d_tricks, opt, expected in ((2, "flat2", 2), (0, "flat2", 2), (0, "two_or_three", 3),
                                    (2, "two_or_three", 2)):
        d = position("AS 9D", "9S JC", talon="JD QD KD TD", upcard="AH", tricks=(3, d_tricks),
                     cardpts=(60, 10 * d_tricks), rules=rules_with(false_declaration=opt))
        apply_all(d, "out")
        assert result(d) == (DEALER, "false_declaration", 0, expected)


def test_t45_closers_false_declaration():
    for n_tricks, expected in ((1, 2), (0, 3)):
        d = closed_position(n_hand="AS 9D", d_hand="9S JC", tricks=(n_tricks, 4),
                            cardpts=(10 * n_tricks, 61))
        apply_all(d, "out")
        assert result(d) == (N, "closer_failed", expected, 0)


def test_t46_missed_declaration():
    args = dict(talon="", state=EXHAUSTED, leader=N, tricks=(4, 3), cardpts=(30, 55),
                credited=(40, 0), trick_no=8)
    d = position("9S JC KC", "AS JD KD", **args)
    assert d.total(N) == 70
    apply_all(d, "9S, AS")                              # D wins 11: 66
    assert d.to_move == DEALER and "out" in tokens(d)
    apply_all(d, "out")
    assert result(d) == (DEALER, "declared", 0, 1)
    d = position("9S JC KC", "AS JD KD", rules=rules_with(declare_window="after_any_trick"),
                 **args)
    apply_all(d, "9S, AS")
    assert d.to_move == N and tokens(d) == ["out", "pass"]
    apply_all(d, "out")
    assert result(d) == (N, "declared", 1, 0)


@pytest.mark.parametrize("total,correct", [(66, True), (65, False)])
def test_t47_exactly_66(total, correct):
    d = position("AS 9D", "9S JC", talon="JD QD KD TD", upcard="AH", tricks=(3, 2),
                 cardpts=(total, 20))
    apply_all(d, "out")
    assert (d.winner == N) == correct
    assert D.REASON_NAMES[d.reason] == ("declared" if correct else "false_declaration")


def test_t48_auto_declare():
    rules = rules_with(auto_declare=True)
    d = position("AS 9D", "9S JC QD", talon="JD QC KD TD", upcard="AH", tricks=(3, 2),
                 cardpts=(60, 20), lead="9S", leader=DEALER, rules=rules)
    assert "out" not in tokens(position("AS", "9S", talon="JD QC", upcard="AH", rules=rules))
    apply_all(d, "AS")
    assert result(d) == (N, "declared", 2, 0)           # D: 20 with tricks, Schneider


# ------------------------------------------------ end without declaration (R16-R18)

def last_trick(n_card, d_card, n_pts, d_pts, leader=N, credited=(0, 0), rules=None):
    d = position(n_card, d_card, state=EXHAUSTED, leader=leader, tricks=(5, 6),
                 cardpts=(n_pts, d_pts), credited=credited, trick_no=12, rules=rules)
    first, second = (n_card, d_card) if leader == N else (d_card, n_card)
    apply_all(d, first + ", " + second)
    return d


def test_t49_natural_end():
    d = last_trick("9S", "AS", 58, 51)                  # D wins 11 + 10: 72 vs 58
    assert (d.total(DEALER), d.total(N)) == (72, 58)
    assert result(d) == (DEALER, "declared", 0, 1)
    d = last_trick("AS", "9S", 39, 70)                  # N wins: 60 vs 70
    assert (d.total(N), d.total(DEALER)) == (60, 70)
    assert result(d) == (DEALER, "higher_total", 0, 1)


def test_t50_higher_total_schneider():
    d = last_trick("AS", "9S", 79, 30)
    assert (d.total(N), d.total(DEALER)) == (100, 30)
    assert d.score_delta[N] == 2


def test_t51_sixty_five_all():
    d = last_trick("9S", "9D", 55, 65)
    assert (d.total(N), d.total(DEALER)) == (65, 65)
    assert result(d) == (-1, "draw", 0, 0)
    match = M.Match(rules_with(draw_bonus=True), first_dealer=DEALER)
    match.record(d)
    assert match.dealer == DEALER and match.scores[:2] == [0, 0]
    d2 = last_trick("AS", "9S", 79, 30)
    match.record(d2)
    assert match.scores[N] == 2 + 1
    d = last_trick("9S", "9D", 55, 65, rules=rules_with(end_without_declaration="last_trick_wins"))
    assert result(d) == (N, "last_trick", 1, 0)


def test_t52_equal_totals_with_a_marriage():
    d = last_trick("9S", "9D", 45, 75, credited=(20, 0))
    assert (d.total(N), d.total(DEALER)) == (75, 75)
    assert result(d) == (N, "declared", 1, 0)


def test_t53_last_trick_reaches_66():
    d = last_trick("9S", "9D", 58, 62)
    assert d.total(N) == 68 and result(d) == (N, "declared", 1, 0)


def test_t54_no_bonus_in_a_closed_hand():
    d = closed_position(n_hand="9S", d_hand="9D", leader=N, tricks=(5, 6), cardpts=(60, 60),
                        trick_no=12)
    apply_all(d, "9S, 9D")
    assert d.bonus[N] == 0 and d.bonus[DEALER] == 0 and d.total(N) == 60


def test_t55_thresholds():
    def declare_against(d_tricks, d_points, pending=0):
        d = position("AS 9D", "9S JC", talon="JD QD KD TD", upcard="AH", tricks=(4, d_tricks),
                     cardpts=(70, d_points), pending=(0, pending))
        apply_all(d, "out")
        return d.score_delta[N]
    assert declare_against(2, 33) == 1
    assert declare_against(2, 32) == 2
    assert declare_against(1, 0) == 2          # the only trick was 9C + 9D
    assert declare_against(0, 0, pending=40) == 3


def test_t56_schwarz_by_going_out():
    d = position("AS 9D", "9S JC", talon="JD QD KD TD", upcard="AH", tricks=(3, 0),
                 cardpts=(66, 0))
    apply_all(d, "out")
    assert result(d) == (N, "declared", 3, 0)


# ---------------------------------------------------------------- match (R4, R21)

def test_t57_match_end():
    for target, over in ((7, True), (10, False)):
        match = M.Match(rules_with(match_target=target))
        match.scores[N] = 6
        d = last_trick("9S", "AS", 58, 51)          # a 1-point hand ...
        d.winner, d.score_delta[N], d.score_delta[DEALER] = N, 1, 0   # ... won by A = N
        match.record(d)
        assert match.scores[N] == 7 and match.is_over() == over
        assert match.winner == (N if over else -1)


def test_t58_next_dealer():
    match = M.Match(rules_with(), first_dealer=DEALER)
    match.record(last_trick("AS", "9S", 79, 30))    # N wins
    assert match.dealer == N
    match.record(last_trick("9S", "9D", 55, 65))    # a draw: same dealer
    assert match.dealer == N
    alt = M.Match(rules_with(next_dealer="alternate"), first_dealer=DEALER)
    alt.record(last_trick("9S", "AS", 58, 51))      # D wins, the deal still passes
    assert alt.dealer == N
    alt.record(last_trick("9S", "9D", 55, 65))
    assert alt.dealer == DEALER


# ------------------------------------------------------- variants (T59, T60 a-c)

def test_t59_czech_bands():
    czech = dict(scoring="czech", false_declaration="czech_bands")

    def declare(d_points, n_points=70, d_tricks=2, **opts):
        d = position("AS 9D", "9S JC", talon="JD QD KD TD", upcard="AH", tricks=(4, d_tricks),
                     cardpts=(n_points, d_points), rules=rules_with(**opts))
        apply_all(d, "out")
        return result(d)
    assert declare(40, **czech)[2] == 2 and declare(40)[2] == 1
    assert declare(20, **czech)[2] == 3 and declare(20)[2] == 2
    assert declare(50, **czech)[2] == 1
    assert declare(10, n_points=50, **czech) == (DEALER, "false_declaration", 0, 1)
    assert declare(10, n_points=20, **czech) == (DEALER, "false_declaration", 0, 3)


def test_t60a_fixed_heart_trumps():
    rules = rules_with(trump_mode="fixed_hearts")
    d = D.Deal(rules)
    rng = Rng(60)
    for hand in range(50):
        d.new_hand(hand % 2, rng)
        assert d.trump == 2 and d.upcard == D.NO_CARD and d.talon_len == 12
        assert d.talon[11] == d.deck[23] and d.talon[0] == d.deck[12]
        while not d.is_over():
            assert not d.is_legal(D.A_EXCHANGE)
            d.apply(D.A_DRAW if d.pending_draw else d.legal_cards().bit_length() - 1
                    if d.legal_cards() else D.A_OUT)
    d = position("KH QH 9S", "AS TS JS", trump="H", talon="JD QD KD TD", tricks=(1, 1),
                 rules=rules)
    apply_all(d, "meld H")
    assert d.meld_credited[N] == 40


def test_t60b_twenty_card_pack():
    rules = rules_with(deck=20)
    d = D.Deal(rules)
    d.new_hand(DEALER, Rng(5))
    assert bin(d.hand[N]).count("1") == 5 and bin(d.hand[DEALER]).count("1") == 5
    assert d.talon_len == 10 and d.talon[9] == d.upcard
    from sixtysix_core import cards
    assert cards.points(d.pack()) == 120 and cards.count(d.pack()) == 20
    tricks = 0
    while d.talon_state == D.OPEN:
        if d.pending_draw:
            apply_all(d, "draw")
            continue
        d.apply(cards.lowest(d.legal_cards()))
        d.apply(cards.lowest(d.legal_cards()))
        tricks += 1
    assert tricks == 5 and d.talon_state == D.EXHAUSTED
    assert bin(d.hand[N]).count("1") == 5


def test_t60c_schnapsen_at_last_trick_wins_one():
    rules = rules_with("SCHNAPSEN_AT")
    d = position("9S", "9D", state=EXHAUSTED, leader=N, tricks=(4, 5), cardpts=(50, 70),
                 trick_no=10, rules=rules)
    d.hand[N], d.hand[DEALER] = m("JS"), m("JD")             # no nines in this pack
    apply_all(d, "JS, JD")
    assert d.bonus[N] == 0 and d.total(N) == 54
    assert result(d) == (N, "last_trick", 1, 0)


def test_option_table_size_matches_the_saved_layout():
    """persist.py stores NUM_OPTIONS option bytes: the table and the constant must agree."""
    from sixtysix_core import rules as R
    assert len(R.options()) == R.NUM_OPTIONS
    assert len({name for name, _values in R.options()}) == R.NUM_OPTIONS
    # rules.py's copies of the spellings' shape: what decode_from checks and __init__ sets
    from sixtysix_core import rules_text as T
    assert len(R._NAMES) == T._VALUES.count("|") + 1 == R.NUM_OPTIONS
    assert "  " not in T._VALUES and " |" not in T._VALUES and "| " not in T._VALUES
    assert R._COUNTS == bytes(len(values) for _name, values in R.options())
    assert R._NUMERIC == tuple((i, tuple(int(v) for v in values))
                               for i, (name, values) in enumerate(R.options())
                               if name in ("players", "deck", "last_trick_bonus", "match_target"))
    assert R.PRESETS == tuple(item.split()[0] for item in T._PRESETS.split("|"))
    assert (T._TRUMP_FIXED_HEARTS, T._TRUMP_CHOSEN) == (R.TRUMP_FIXED_HEARTS, R.TRUMP_CHOSEN)
    assert all(len(values) >= 2 for _name, values in R.options())


def test_rules_save_and_restore_round_trip_and_refuse_bad_indexes():
    from sixtysix_core import rules as R
    for name in R.preset_names():
        rules = R.preset(name)
        rules.set("match_target", "10")
        buf = bytearray(R.NUM_OPTIONS)
        rules.encode_into(buf, 0)
        back = R.RuleSet()
        back.preset = name
        assert back.decode_from(buf, 0)
        assert back.overrides() == rules.overrides() == [("match_target", "10")]
        assert (back.players, back.deck, back.match_target) == (
            rules.players, rules.deck, 10)
    for i, (_name, values) in enumerate(R.options()):
        buf = bytearray(R.NUM_OPTIONS)
        buf[i] = len(values)                   # one past the last value
        assert not R.RuleSet().decode_from(buf, 0)
        buf[i] = len(values) - 1
        assert R.RuleSet().decode_from(buf, 0)
