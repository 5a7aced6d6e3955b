"""Every legal move can be made from the table by key presses (lib/sixtysix_ui/table.py).

Over many random positions (random legal play from new hands, the human to act) on both
layouts and on the three-button OLED, a breadth-first search over button presses from
the position finds every engine action the human may take (deal.py encoding; the first
action the engine records is the one reached).  A node of the search is what the
screen shows (cursor, menu and its selection, message box, last trick); it is reached
again by resetting the position (the saved deal copied back and the table entered, as
after a resume) and replaying its presses.  Presses go to App.step as logical buttons;
the hint runs the quick greedy bot.  Where a draw is pending the search plays with
"Draw: by hand" (with the default "auto" the app draws at once, R10 "UI convenience"),
and on the three-button board, where A draws wherever the cursor is, it asks only for
the draw there: a close before the draw is not offered on that board (known gap).
"""
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from sixtysix_core import deal as D  # noqa: E402
from sixtysix_core import simple_bots  # noqa: E402
from sixtysix_core.rng import Rng  # noqa: E402
from sixtysix_core.view import PlayerView  # noqa: E402
from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.sim import Driver  # noqa: E402
from sixtysix_ui import app as A  # noqa: E402
from sixtysix_ui import input as I  # noqa: E402

_KEYS = (I.BTN_RIGHT, I.BTN_DOWN, I.BTN_A, I.BTN_B)
_THREE = (I.BTN_RIGHT, I.BTN_A)                 # "Menu" is a cursor slot there


class _Search:
    DEAL = D.Deal                               # the position's class
    LAST = 0                                    # the table's last-trick slot a reset clears

    def __init__(self, board):
        three = board == "three"
        size = simhw.OLED_SIZE if board != "pygamer" else simhw.TFT_SIZE
        self.d = d = Driver(board, seed=5, display=simhw.NullDisplay(*size),
                            nvm=bytearray(b"\xff" * 8192))
        self.keys = _THREE if three else _KEYS
        self._start()
        self.snap = self.DEAL(d.app.rules)
        self.now = d.now

    def _start(self):
        self.d.run("a settle")                  # New match

    def _settings(self, settings):
        """Before the table is shown again: drawing by hand where a draw is pending."""
        settings.auto_draw = 0 if self.snap.pending_draw else 1

    def _reset(self):
        app = self.d.app
        self.snap.copy_into(app.deal)
        if app.table is None:                   # dropped while the title showed
            app.table = app.kind.table()
        t = app.table
        t.last[self.LAST] = D.NO_CARD
        t.bot_note = ""
        t.cursor = 0
        self._settings(app.settings)
        app.show(t)                             # as after a resume
        self._step(0)                           # a forced menu or the trump page opens,
        #                                         a draw is made

    def _step(self, b):
        self.now += 20
        self.d.app.step(b, self.now)

    def _try(self, path):
        """Replay path from the position: ('action', a) if the engine took a human
        action, else ('screen', what the screen shows) or None (left the table)."""
        app = self.d.app
        self._reset()
        n = self.snap.log_len
        for b in path:
            if app.deal.log_len > n:
                break
            self._step(b)
        if app.deal.log_len > n:
            assert app.deal.log_seat[n] == A.HUMAN
            return "action", app.deal.log_action[n]
        return self._shown()

    def _shown(self):
        """('screen', what the table shows), or None when the table was left."""
        app = self.d.app
        if app.screen != A.S_PLAY:
            return None
        t = app.table
        return "screen", (t.cursor, None if t.popup_actions is None or t.popup_items is None
                          else tuple(t.popup_actions), t.popup_sel, t.show_last,
                          t.toast_lines is not None, t.popup_first,
                          getattr(t, "asked_66", False))    # asked "Declare 66?" once

    def reachable(self, deal):
        deal.copy_into(self.snap)
        reached = set()
        first = self._try(())
        if first[0] == "action":                # e.g. the automatic draw
            return {first[1]}
        seen = {first[1]}
        frontier = [()]
        while frontier:
            nxt = []
            for path in frontier:
                for b in self.keys:
                    got = self._try(path + (b,))
                    if got is None:
                        continue
                    if got[0] == "action":
                        reached.add(got[1])
                    elif got[1] not in seen:
                        seen.add(got[1])
                        nxt.append(path + (b,))
            frontier = nxt
        return reached


def _positions(rules_deal, rng, count):
    """Human-to-act positions from random legal play (a copy each), many of them where
    a swap or a marriage may be done (the one-press shortcuts)."""
    d = rules_deal
    out = []
    special = D.B_EXCHANGE | 15 << (D.A_MELD - 24)
    while len(out) < count:
        d.new_hand(rng.randrange(2), Rng(rng.randrange(1 << 16)))
        while not d.is_over():
            v = PlayerView(d, d.to_move)
            acts = [a for a in range(D.NUM_ACTIONS) if v.is_legal(a)]
            if d.to_move == A.HUMAN and (rng.random() < 0.03 or (
                    v.legal_specials() & special)):
                snap = D.Deal(d.rules)
                d.copy_into(snap)
                out.append(snap)
            acts = [a for a in acts if a != D.A_OUT] or acts
            d.apply(rng.choice(acts))
    return out[:count]


@pytest.mark.slow
@pytest.mark.parametrize("board", ("pygamer", "oled", "three"))
def test_every_legal_action_is_reachable_by_key_presses(board, monkeypatch, live_bot):
    monkeypatch.setattr(live_bot, "choose", lambda view, level, rng:
                        simple_bots.greedy_choose(view, rng))
    s = _Search(board)
    rng = random.Random(board)
    shortcuts = 0
    for deal in _positions(D.Deal(s.d.app.rules), rng, 60):
        v = PlayerView(deal, A.HUMAN)
        legal = {a for a in range(D.NUM_ACTIONS) if v.is_legal(a)}
        reached = s.reachable(deal)
        if board == "three" and deal.pending_draw:
            legal = {D.A_DRAW}                  # see the docstring
        assert legal <= reached, (legal - reached, board)
        assert reached <= legal
        s._reset()
        t = s.d.app.table
        shortcuts += any(t._shortcut(c) >= 0 for c in range(24) if deal.hand[0] >> c & 1)
    assert shortcuts >= 20                      # the shortcut cards were tried
