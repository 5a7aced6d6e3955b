"""The 3- and 4-player bot (bot_multi.py) and what a seat may know (view_multi.py)."""
import pytest

from helpers import GAMES_MULTI, c, m, multi_hands, names, rules_with
from invariants import choose_random
from sixtysix_core import bot
from sixtysix_core import bot_multi as BM
from sixtysix_core import deal as D
from sixtysix_core.deal_multi import A_TRUMP, PH_PMELD, DealMulti
from sixtysix_core.rng import Rng
from sixtysix_core.view_multi import MultiView

DECK = "AS KS QS JS TS 9S AH KH QH JH TH 9H AC KC QC JC TC 9C AD KD QD JD TD 9D"


def multi(players, deck=DECK, dealer=0, **opts):
    d = DealMulti(rules_with("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL", **opts))
    d.deck[:] = bytes(c(t) for t in deck.split())
    d.deal_from_deck(dealer)
    return d


def play(d, tokens):
    from sixtysix_core import notation
    for t in tokens.split(","):
        seat, *words = t.split()
        a = notation.action_of(words)
        assert d.to_move == int(seat) and d.is_legal(a), t
        d.apply(a)


@pytest.mark.parametrize("preset,opts", GAMES_MULTI + [
    ("FOUR_PLAYER_PL", {"partner_meld": "true", "warszawa_order": "partner_first"}),
    ("THREE_PLAYER_PL", {"declare_window": "after_any_trick", "undertrump": "optional"}),
    ("FOUR_PLAYER_PL", {"declare_window": "any_own_turn", "four_player_trump": "bottom_card"}),
])
def test_every_level_chooses_legal_actions_and_never_a_false_66(preset, opts):
    for _hand, d, rng in multi_hands(preset, opts, 3, 6):
        view = MultiView(d, 0)
        while not d.is_over():
            view.set_seat(d.to_move)
            for level in range(3):
                a = bot.choose(view, level, rng)
                assert d.is_legal(a), (level, a)
                if a == D.A_OUT:
                    assert d.total(d.to_move) >= 66
            g = BM.greedy_choose(view, rng)
            assert d.is_legal(g)
            d.apply(a)
        assert d.reason != D.REASON_FALSE_DECLARATION


def test_choose_is_minus_one_off_turn():
    d = multi(3)
    assert bot.choose(MultiView(d, 0), 2, Rng(1)) == -1      # P1 (seat 1) is to move


def test_trump_choice_warszawa_with_a_weak_hand_and_the_forced_choice():
    d = multi(3)
    d.hand[1] = m("9S JC 9D QH")                      # P1: nothing worth playing alone
    assert bot.choose(MultiView(d, 1), 2, Rng(1)) == D.A_PASS
    d.apply(D.A_PASS)
    d.hand[2] = m("9S JC 9D QH")                      # P2 must name: no pass offered
    assert bot.choose(MultiView(d, 2), 2, Rng(1)) >= A_TRUMP
    d = multi(3)
    d.hand[1] = m("AH TH KH AS")                      # strong in hearts with a side ace
    assert bot.choose(MultiView(d, 1), 2, Rng(1)) == A_TRUMP + 2


def test_four_players_choose_rather_than_hand_the_choice_to_an_opponent():
    d = multi(4)
    d.hand[1] = m("9S JC 9D")
    assert bot.choose(MultiView(d, 1), 2, Rng(1)) >= A_TRUMP
    d = multi(4, warszawa_order="partner_first")
    d.hand[1] = m("9S JC 9D")                         # weak: the partner chooses next
    assert bot.choose(MultiView(d, 1), 2, Rng(1)) == D.A_PASS


def test_declares_for_the_side_at_a_losers_turn_and_melds_as_partner():
    d = multi(4, declare_window="after_any_trick")
    d.apply(A_TRUMP + 2)
    d.side_cardpts[0], d.side_tricks[0] = 70, 3
    d.hand[1], d.hand[2], d.hand[3], d.hand[0] = m("9S JC"), m("AS 9C"), m("JS TC"), m("QS KC")
    for card in ("9S", "AS", "JS", "QS"):
        d.apply(c(card))
    assert d.phase == D.PH_DECLARE and d.to_move == 3
    for level in range(3):
        assert bot.choose(MultiView(d, 3), level, Rng(1)) == D.A_OUT
    d = multi(4, partner_meld="true")
    d.apply(A_TRUMP + 2)
    assert d.phase == PH_PMELD and d.to_move == 3
    assert bot.choose(MultiView(d, 3), 2, Rng(1)) == D.A_MELD + 2     # 40 before 20


def test_view_hides_the_partners_meld_turn_and_other_hands():
    d = multi(4, partner_meld="true")
    d.apply(A_TRUMP + 2)
    other = MultiView(d, 2)
    assert other.to_move() == 1 and other.phase() == D.PH_LEAD
    assert MultiView(d, 3).phase() == PH_PMELD
    me = MultiView(d, 1)
    assert me.unseen() == m(DECK) & ~d.hand[1]
    assert me.legal_cards() == 0 and me.hand() == d.hand[1]


def test_cannot_hold_from_the_strict_rule():
    d = multi(3)                                  # P1 = 1, P2 = 2, D = 0
    d.apply(A_TRUMP + 2)                          # P1 names hearts
    d.hand[1] = m("AS QC KD")
    d.hand[2] = m("KH 9H AD")                     # void in spades: must trump
    d.hand[0] = m("AH QH KC")
    play(d, "1 AS,2 9H,0 AH")                     # seat 0 overtrumps
    v = MultiView(d, 1)
    assert names(v.cannot_hold(2)) == names(m("AS KS QS JS TS 9S"))
    assert v.cannot_hold(0) & m("KS 9S")          # void in spades too
    d = multi(3)
    d.apply(A_TRUMP + 2)
    d.hand[1] = m("AS QC KD")
    d.hand[2] = m("KH 9H AD")
    d.hand[0] = m("QH JD KC")
    play(d, "1 AS,2 KH,0 QH")                     # seat 0 undertrumps: no trump above KH
    v = MultiView(d, 1)
    assert v.cannot_hold(0) & m("TH AH") == m("TH AH") and not v.cannot_hold(0) & m("JH 9H")
    d = multi(3)
    d.apply(A_TRUMP + 2)
    d.hand[1] = m("KS QC KD")
    d.hand[2] = m("9S 9H AD")                     # follows under KS: no AS or TS
    d.hand[0] = m("AS QH KC")
    play(d, "1 KS,2 9S")
    assert names(MultiView(d, 1).cannot_hold(2)) == ["AS", "TS"]


def test_cannot_hold_void_in_trumps_and_optional_undertrump():
    d = multi(3, undertrump="optional")
    d.apply(A_TRUMP + 2)
    d.hand[1] = m("AS QC KD")
    d.hand[2] = m("KH 9H AD")
    d.hand[0] = m("QH JD KC")
    play(d, "1 AS,2 KH,0 KC")                     # may throw: only no trump above KH
    v = MultiView(d, 1)
    assert v.cannot_hold(0) & m("AH TH") == m("AH TH") and not v.cannot_hold(0) & m("QH 9H")
    d = multi(3)
    d.apply(A_TRUMP + 2)
    d.hand[1] = m("AS QC KD")
    d.hand[2] = m("JD 9C AD")                     # neither spades nor trumps
    d.hand[0] = m("QH JH KC")
    play(d, "1 AS,2 JD")
    assert MultiView(d, 1).cannot_hold(2) & m("AH 9H QS") == m("AH 9H QS")


def test_sampled_worlds_respect_the_view():
    rng = Rng(8)
    for players in (3, 4):
        for hand in range(8):
            d = DealMulti(rules_with("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL"))
            d.new_hand(hand % players, rng)
            steps = 0
            while not d.is_over():
                if d.trump >= 0 and steps % 3 == 0:
                    view = MultiView(d, d.to_move)
                    s = BM._scratch(view)
                    BM.prepare(view, s)
                    for _try in range(3):                # as bot_multi._search does
                        BM._copy_play(s.root, s.base)
                        if BM.sample(s, s.base, players, view.seat, rng):
                            break
                    w = s.base
                    union = 0
                    for p in range(players):
                        assert w.hand[p] & union == 0
                        union |= w.hand[p]
                        assert bin(w.hand[p]).count("1") == bin(d.hand[p]).count("1")
                        assert w.hand[p] & view.known_cards(p) == view.known_cards(p)
                        if p != view.seat:
                            # the true hand fits the facts, so a world can always too
                            assert not d.hand[p] & view.cannot_hold(p)
                            assert not w.hand[p] & view.cannot_hold(p)
                    assert w.hand[view.seat] == d.hand[view.seat]
                    assert union == sum(d.hand[p] for p in range(players))
                d.apply(choose_random(d, rng))
                steps += 1


def test_the_bot_does_not_peek_at_hidden_cards():
    # the same view with the other seats' hidden cards swapped gives the same choice
    rng = Rng(4)
    checked = 0
    for hand in range(20):
        d = DealMulti(rules_with("FOUR_PLAYER_PL"))
        d.new_hand(hand % 4, rng)
        while not d.is_over():
            seat = d.to_move
            if d.trump >= 0 and d.legal_cards() & (d.legal_cards() - 1) and d.trick_n == 0:
                a, b = (seat + 1) % 4, (seat + 2) % 4
                hidden_a = d.hand[a] & ~d.shown[a]
                hidden_b = d.hand[b] & ~d.shown[b]
                if bin(hidden_a).count("1") == bin(hidden_b).count("1") and hidden_a:
                    first = bot.choose(MultiView(d, seat), 2, Rng(9))
                    e = DealMulti(d.rules)
                    d.copy_into(e)
                    e.hand[a] = d.hand[a] & d.shown[a] | hidden_b
                    e.hand[b] = d.hand[b] & d.shown[b] | hidden_a
                    # the played history must still fit: only swap when no voids are known
                    v = MultiView(e, seat)
                    if not (e.hand[a] & v.cannot_hold(a) or e.hand[b] & v.cannot_hold(b)):
                        assert bot.choose(v, 2, Rng(9)) == first
                        checked += 1
            d.apply(choose_random(d, rng))
    assert checked >= 5


def test_easy_feeds_a_partner_who_wins_with_the_trump_ace():
    d = multi(4)
    d.apply(A_TRUMP + 2)                          # hearts; P1 = 1, P2 = 2, P3 = 3, D = 0
    d.hand[1], d.hand[2], d.hand[3], d.hand[0] = m("AH KC"), m("9H 9C"), m("TC 9D"), m("JS 9S")
    play(d, "1 AH,2 9H")                           # P3 (P1's partner), void in hearts
    view = MultiView(d, 3)
    assert BM.heuristic_card(view, d.legal_cards()) == c("TC")


def _brute(d, me, mine):
    """Plain recursive minimax with copies (the reference for bot_multi._minimax)."""
    BM._settle(d)
    if d.is_over():
        return BM._value(d, me)
    moves = BM._moves(d)
    values = []
    while moves:
        low = moves & -moves
        moves ^= low
        e = DealMulti(d.rules)
        d.copy_into(e)
        e._play(e.to_move, low.bit_length() - 1)
        values.append(_brute(e, me, mine))
    return max(values) if d.side_of[d.to_move] == mine else min(values)


@pytest.mark.parametrize("preset,opts", GAMES_MULTI)
def test_exact_search_matches_plain_minimax(preset, opts):
    checked = 0
    for _hand, d, rng in multi_hands(preset, opts, 12, 40):
        while not d.is_over():
            if (d.trump >= 0 and d.phase == D.PH_LEAD and d.meld_suit < 0
                    and bin(d.hand[d.to_move]).count("1") <= 2 and not d.legal_specials() & 0x1E0):
                view = MultiView(d, d.to_move)
                s = BM._scratch(view)
                me = d.to_move
                root = DealMulti(d.rules)
                BM._copy_play(d, root)
                got = BM._minimax(root, me, s)
                assert s.plays > 0
                assert got == _brute(root, me, d.side_of[me])
                checked += 1
            d.apply(choose_random(d, rng))
    assert checked >= 20


@pytest.mark.parametrize("preset,opts", GAMES_MULTI + [
    ("FOUR_PLAYER_PL", {"partner_meld": "true", "undertrump": "optional"}),
    ("THREE_PLAYER_PL", {"declare_window": "after_any_trick",
                         "meld_before_first_trick": "forbidden"}),
])
def test_fused_playout_makes_the_engine_policys_choices(preset, opts):
    compared = 0
    for hand, d, rng in multi_hands(preset, opts, 21, 30):
        rules = d.rules
        while not d.is_over():
            if d.trump >= 0:
                a, b = DealMulti(rules), DealMulti(rules)
                d.copy_into(a)
                d.copy_into(b)
                ra, rb = Rng(hand), Rng(hand)
                BM.playout(a, ra)
                BM.playout_steps(b, rb)
                assert (a.winner_side, a.reason, a.score_delta, a.hand) == (
                    b.winner_side, b.reason, b.score_delta, b.hand)
                assert [a.total(s) for s in range(rules.players)] == [
                    b.total(s) for s in range(rules.players)]
                assert (ra.s1, ra.s2, ra.s3) == (rb.s1, rb.s2, rb.s3)
                compared += 1
            d.apply(choose_random(d, rng))
    assert compared > 100
