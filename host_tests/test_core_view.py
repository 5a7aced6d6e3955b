"""PlayerView (RULES.md R22): inferences are sound and the R11.3 reply stays hidden."""
from helpers import DEALER, N, apply_all, position, rules_with
from invariants import choose_random
from sixtysix_core import deal as D
from sixtysix_core.rng import Rng
from sixtysix_core.view import PlayerView


def test_cannot_hold_never_excludes_a_card_the_seat_holds():
    rng = Rng(22)
    for spec in ({}, {"phase2_rule": "follow_trump"}, {"phase2_rule": "follow_only"}):
        d = D.Deal(rules_with(**spec))
        views = (PlayerView(d, 0), PlayerView(d, 1))
        inferred = 0
        for hand in range(300):
            d.new_hand(hand % 2, rng)
            while not d.is_over():
                for s in (0, 1):
                    other = views[1 - s]
                    assert other.cannot_hold(s) & d.hand[s] == 0
                    inferred |= other.cannot_hold(s)
                d.apply(choose_random(d, rng))
        assert inferred                      # the inference did say something


def test_close_reply_is_hidden_from_the_closer():
    d = position("9H KS QC AS", "AC TC 9C KH", talon="JC JD QD KD TD AD QS JS", upcard="TH",
                 leader=DEALER, tricks=(0, 2), trick_no=3)
    closer = PlayerView(d, DEALER)
    apply_all(d, "close")
    assert d.phase == D.PH_CLOSE_REPLY and d.to_move == N
    assert closer.phase() == D.PH_LEAD and closer.to_move() == DEALER
    assert PlayerView(d, N).phase() == D.PH_CLOSE_REPLY
    apply_all(d, "pass")
    assert closer.phase() == D.PH_LEAD
    assert closer.snapshot_tricks(N) == 0 and closer.snapshot_total(DEALER) == 0
