"""Three and four players (RULES.md V1, V2; T60 d-h) through records and the engine."""
import pytest

from helpers import c, m, names
from sixtysix_core import deal as D
from sixtysix_core import notation
from sixtysix_core.deal_multi import DealMulti
from sixtysix_core.rng import Rng
from helpers import rules_with
from invariants import choose_random


def multi(players, deck, dealer=0, **opts):
    rules = rules_with("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL", **opts)
    d = DealMulti(rules)
    d.deck[:] = bytes(c(t) for t in deck.split())
    d.deal_from_deck(dealer)
    return d


DECK = "AS KS QS JS TS 9S AH KH QH JH TH 9H AC KC QC JC TC 9C AD KD QD JD TD 9D"


def test_three_player_deal_and_warszawa():
    d = multi(3, DECK, dealer=0)          # P1 = seat 1, P2 = seat 2, D = seat 0
    assert d.hand[1] == m("AS KS QS JS") and d.hand[2] == m("TS 9S AH KH")
    assert d.hand[0] == m("QH JH TH 9H")
    assert notation.legal_tokens(d) == ["pass", "trump C", "trump D", "trump H", "trump S"]
    d.apply(D.A_PASS)                      # Warszawa
    assert d.to_move == 2
    assert notation.legal_tokens(d) == ["trump C", "trump D", "trump H", "trump S"]
    d.apply(D.A_MELD + 4 + 1)              # P2 names spades
    assert d.chooser == 2 and d.trump == 1 and d.to_move == 1
    assert d.hand[1] == m("AS KS QS JS AC KC QC JC")
    assert [d.side_of[s] for s in range(3)] == [1, 1, 0]


def test_t60d_warszawa_is_a_flat_three_for_each_winner():
    rng = Rng(60)
    seen = set()
    for hand in range(300):
        d = DealMulti(rules_with("THREE_PLAYER_PL"))
        d.new_hand(hand % 3, rng)
        d.apply(D.A_PASS)
        d.apply(D.A_MELD + 4 + rng.below(4))
        while not d.is_over():
            d.apply(choose_random(d, rng))
        winners = d.winners()
        assert all(d.score_delta[s] == 3 for s in winners)
        assert all(d.score_delta[s] == 0 for s in range(3) if s not in winners)
        seen.add(len(winners))
    assert seen == {1, 2}                  # the soloist won some, the defenders others


@pytest.mark.parametrize("hand,legal,opt", [
    ("AH QH KC", "AH", "required"),       # T60 e: must overtrump
    ("QH JH KC", "QH JH", "required"),    # cannot overtrump: still a trump
    ("QH JH KC", "QH JH KC", "optional"),
])
def test_t60e_overtrump(hand, legal, opt):
    d = multi(3, DECK, undertrump=opt)
    d.phase = D.PH_FOLLOW
    d.trump = 2
    d.trick_cards[0], d.trick_cards[1] = c("AS"), c("KH")
    d.trick_n, d.best = 2, 1
    d.to_move = 0
    d.hand[0] = m(hand)
    assert names(d.legal_cards()) == names(m(legal))


def test_t60f_following_after_a_trump():
    d = multi(3, DECK)
    d.phase, d.trump = D.PH_FOLLOW, 2
    d.trick_cards[0], d.trick_cards[1] = c("KS"), c("9H")
    d.trick_n, d.best, d.to_move = 2, 1, 0
    d.hand[0] = m("AS 9S QH")
    assert names(d.legal_cards()) == names(m("AS 9S"))


def test_t60g_partner_winning_still_must_beat():
    d = multi(4, DECK)
    d.phase, d.trump = D.PH_FOLLOW, 2
    d.trick_cards[0], d.trick_cards[1] = c("KC"), c("9C")
    d.trick_n, d.best, d.to_move = 2, 0, 3
    d.hand[3] = m("AC JC 9H")
    assert names(d.legal_cards()) == ["AC"]


def test_t60h_shared_marriage_credit():
    d = multi(4, DECK, dealer=0)           # P1 = 1, P2 = 2, P3 = 3, D = 0
    d.apply(D.A_MELD + 4 + 2)              # P1 names hearts
    d.hand[1] = m("KC QC 9D")
    d.apply(D.A_MELD + 0)                  # P1 melds clubs on lead 1: pending
    assert d.side_pending[0] == 20 and d.total(1) == 0
    assert d.side_of[1] == d.side_of[3] == 0 and d.side_of[2] == d.side_of[0] == 1


def test_four_player_warszawa_orders():
    for order, expected in (("next_player", [2, 3, 0]), ("partner_first", [3, 2, 0])):
        d = multi(4, DECK, dealer=0, warszawa_order=order)
        seen = []
        for _ in range(3):
            d.apply(D.A_PASS)
            seen.append(d.to_move)
        assert seen == expected
        assert "pass" not in notation.legal_tokens(d)      # the dealer must choose


def test_four_player_bottom_card_sets_trump():
    d = multi(4, DECK, dealer=0, four_player_trump="bottom_card")
    assert d.trump == c("9D") // 6 and d.phase == D.PH_LEAD
    assert d.hand[0] >> c("9D") & 1


@pytest.mark.parametrize("players", [3, 4])
def test_random_multi_hands_and_records(players):
    rng = Rng(players)
    from sixtysix_core.record import format_record
    for hand in range(300):
        d = DealMulti(rules_with("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL"))
        d.new_hand(hand % players, rng)
        while not d.is_over():
            assert d.legal_cards() or d.legal_specials()
            d.apply(choose_random(d, rng))
        from sixtysix_core import cards
        in_hands = sum(cards.points(d.hand[s]) for s in range(players))
        on_table = sum(cards.points(1 << d.trick_cards[i]) for i in range(d.trick_n))
        assert sum(d.side_cardpts) + in_hands + on_table == 120
        assert d.won[0] | d.won[1] | d.won[2] | d.won[3] | sum(d.hand) == (
            cards.FULL_DECK & ~sum(1 << d.trick_cards[i] for i in range(d.trick_n)))
        if d.reason == D.REASON_LAST_TRICK:
            assert d.side_tricks[0] + d.side_tricks[1] == 24 // players
        answer, replayed = notation.replay(format_record(d))
        assert answer["ok"], answer["error"]
        assert answer["result"]["winners"] == d.winners()
        assert len(answer["result"]["points"]) == players
