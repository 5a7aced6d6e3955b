"""Every legal action of a 3- or 4-player hand can be taken by key presses (table_multi.py).

As host_tests/test_app_reach.py does for two players: random positions (random legal
play from new hands of DealMulti, the human, seat 0, to act: the trump choice too) under
the presets and the options that add actions (partner_meld, the declare windows,
each_for_self, the bottom-card trump), on both layouts and the three-button OLED.  A
breadth-first search over presses from each position (reset: the deal copied back and
the table entered, as after a resume) must reach exactly the engine's legal actions.
The hint runs the quick greedy bot.
"""
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import bot_multi  # noqa: E402
from sixtysix_core import deal as D  # noqa: E402
from sixtysix_core import rules as R  # noqa: E402
from sixtysix_core.deal_multi import DealMulti  # noqa: E402
from sixtysix_core.rng import Rng  # noqa: E402
import test_app_reach  # noqa: E402

RULES = (
    ("THREE_PLAYER_PL", ()),
    ("FOUR_PLAYER_PL", ()),
    ("FOUR_PLAYER_PL", (("partner_meld", "true"), ("declare_window", "after_any_trick"))),
    ("THREE_PLAYER_PL", (("declare_window", "any_own_turn"),)),
    ("THREE_PLAYER_PL", (("three_player_mode", "each_for_self"),)),
    ("FOUR_PLAYER_PL", (("four_player_trump", "bottom_card"), ("warszawa_order",
                                                                "partner_first"))),
)


class _Search(test_app_reach._Search):
    """The two-player search (test_app_reach.py) on a 3- or 4-player match: its own
    start, position class and last-trick slot, and the trump page is a screen of the
    search too."""

    DEAL = DealMulti
    LAST = 4

    def __init__(self, board, preset, options):
        self.preset = preset
        self.options = options
        super().__init__(board)

    def _start(self):
        rules = R.preset(self.preset)
        for name, value in self.options:
            rules.set(name, value)
        app = self.d.app
        app.settings.preset = R.preset_names().index(self.preset)
        rules.copy_into(app.choice)
        app.new_match()

    def _settings(self, settings):
        pass                                    # no draw by hand here

    def _shown(self):
        app = self.d.app
        if app.screen == 7:                     # trump_page.TrumpPage
            return "screen", ("trump", app.current.sel)
        return super()._shown()


def _legal(d):
    return {a for a in range(37) if d.is_legal(a)}


def _positions(rules, rng, count):
    """Human-to-act positions from random legal play (a copy each), every special turn
    (trump choice, marriage, declaring, the partner's meld) and some card plays."""
    d = DealMulti(rules)
    out = []
    while len(out) < count:
        d.new_hand(rng.randrange(rules.players), Rng(rng.randrange(1 << 16)))
        while not d.is_over():
            acts = sorted(_legal(d))
            if d.to_move == 0 and (rng.random() < 0.15 or d.legal_specials()):
                snap = DealMulti(rules)
                d.copy_into(snap)
                out.append(snap)
            d.apply(rng.choice([a for a in acts if a != D.A_OUT] or acts))
    return out[:count]


@pytest.mark.slow
@pytest.mark.parametrize("board", ("pygamer", "oled", "three"))
@pytest.mark.parametrize("preset,options", RULES)
def test_every_legal_multi_action_is_reachable_by_key_presses(board, preset, options,
                                                               monkeypatch):
    monkeypatch.setattr(bot_multi, "choose", lambda view, level, rng:
                        bot_multi.greedy_choose(view, rng))
    s = _Search(board, preset, options)
    rng = random.Random(board + preset + str(options))
    kinds = set()
    for deal in _positions(s.d.app.rules, rng, 14):
        legal = _legal(deal)
        reached = s.reachable(deal)
        assert reached == legal, (legal - reached, reached - legal, board, deal.phase)
        kinds.add(deal.phase)
        kinds.update(a for a in legal if a >= 24)
    assert len(kinds) >= 3                      # not only card plays were tried
