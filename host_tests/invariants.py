"""Random-play invariants, shared by the pytest suite and tools/soak.py.

check_state(deal) raises AssertionError when a hand state breaks an invariant:
every card of the pack in exactly one place (a hand, the talon, or played), won cards
equal to the played cards of finished tricks, card points equal to the won cards' values,
a non-empty legal set for the seat to move until the end, game points in range at the end.
play_hand(deal, rng, ...) plays one hand with a random policy and checks every step.
"""
from sixtysix_core import cards
from sixtysix_core import deal as D

_BUF = bytearray(40)


def check_state(d):
    pack = d.pack()
    assert cards.points(pack) == 120
    talon = 0
    for i in range(d.talon_top, d.talon_top + d.talon_len):
        talon |= 1 << d.talon[i]
    played = d.played_by[0] | d.played_by[1]
    places = (d.hand[0], d.hand[1], talon, d.played_by[0], d.played_by[1])
    union = 0
    count = 0
    for p in places:
        union |= p
        count += cards.count(p)
    assert union == pack and count == cards.count(pack), "a card is lost or doubled"
    on_table = 0 if d.lead_card == D.NO_CARD else 1 << d.lead_card
    assert d.won[0] | d.won[1] == played & ~on_table
    assert d.won[0] & d.won[1] == 0
    for s in (0, 1):
        assert d.cardpts[s] == cards.points(d.won[s])
        assert d.tricks[s] * 2 == cards.count(d.won[s])
        assert d.total(s) == d.cardpts[s] + d.meld_credited[s] + d.bonus[s]
        assert d.meld_pending[s] == 0 or d.tricks[s] == 0
    assert d.cardpts[0] + d.cardpts[1] + cards.points(on_table) <= 120
    if d.talon_state == D.OPEN and d.talon_len and d.upcard != D.NO_CARD:
        assert d.talon[d.talon_top + d.talon_len - 1] == d.upcard
    if d.talon_state == D.EXHAUSTED:
        assert d.talon_len == 0
    if d.is_over():
        assert d.to_move == -1
        scored = d.score_delta[0] + d.score_delta[1]
        if d.rules.scoring == 0 and d.rules.failed_close != 3:
            assert d.score_delta[0] >= 0 and d.score_delta[1] >= 0
            assert scored in (0, 1, 2, 3)
            assert (scored == 0) == (d.winner < 0)
        if d.winner < 0:
            assert d.reason == D.REASON_DRAW and d.total(0) == d.total(1)
    else:
        assert d.to_move in (0, 1)
        assert d.legal_cards() or d.legal_specials(), "no legal action"


def choose_random(d, rng, false_out_odds=40, close_odds=6):
    """Uniform over legal actions, but a false 'out' is taken only once in false_out_odds
    tries and a close once in close_odds, so that most hands are played out."""
    n = d.legal_into(_BUF)
    while True:
        a = _BUF[rng.below(n)]
        if n == 1:
            return a
        if a == D.A_OUT:
            if d.total(d.to_move) >= 66 or rng.below(false_out_odds) == 0:
                return a
        elif a != D.A_CLOSE or rng.below(close_odds) == 0:
            return a


def play_hand(d, rng, dealer, scratch=None, check=True):
    """Deal and play one random hand; with `scratch`, also check copy_into each step."""
    d.new_hand(dealer, rng)
    steps = 0
    while not d.is_over():
        if check:
            check_state(d)
        if scratch is not None:
            d.copy_into(scratch)
            assert scratch.same_as(d)
        d.apply(choose_random(d, rng))
        steps += 1
        assert steps < 100
    if check:
        check_state(d)
    return steps
