"""No default throws away what the player has won (lib/sixtysix_ui/table.py).

From 200 random two-player positions per board (the human to act; random legal play,
many of them where a swap, a marriage or a declaration may be made), every default and
every one-press shortcut is played out by key presses: A on the card the cursor starts
on, A on each card that has a shortcut (the trump nine, a marriage's king or queen), and
the action menu's default entry (B then A; on three buttons the "Menu" slot, then A).
What the engine then records for the human is compared with what the position offered
and with the bot's own choice there:
  * a correct declaration was open (66 credited) and the press played a card or closed
    instead (a draw keeps the declaration open): a hand the player had won, thrown away;
  * a marriage could be shown and the press led its king or queen without showing it;
  * the swap was open and the press led the trump nine without making it.
None of these may happen.  (A press of A on any other card plays that card: the
player's choice, not a default.)
"""
import random

import pytest

from test_app_reach import _Search, _positions
from sixtysix_core import bot, cards, simple_bots
from sixtysix_core import deal as D
from sixtysix_core.rng import Rng
from sixtysix_core.view import PlayerView
from sixtysix_ui import app as A
from sixtysix_ui import input as I

_POSITIONS = 200


def _credited_positions(deal, rng, count):
    """Positions where the human holds 66 credited and may declare (random play never
    declares), to go with _positions' swaps and marriages."""
    out = []
    while len(out) < count:
        deal.new_hand(rng.randrange(2), Rng(rng.randrange(1 << 16)))
        while not deal.is_over():
            v = PlayerView(deal, deal.to_move)
            if (deal.to_move == A.HUMAN and v.is_legal(D.A_OUT)
                    and deal.total(A.HUMAN) >= 66):
                snap = D.Deal(deal.rules)
                deal.copy_into(snap)
                out.append(snap)
                break
            acts = [a for a in range(D.NUM_ACTIONS) if v.is_legal(a) and a != D.A_OUT]
            deal.apply(rng.choice(acts or [D.A_OUT]))
    return out


def _human_actions(s, presses):
    """Play presses from the reset position, then A if they opened a menu (its
    default); the human's actions the engine recorded (in order) before the bot's."""
    app = s.d.app
    s._reset()
    n = s.snap.log_len
    for b in presses:
        if app.deal.log_len > n or app.screen != A.S_PLAY:
            break
        s._step(b)
    if app.deal.log_len == n and app.screen == A.S_PLAY and app.table.popup_items:
        s._step(I.BTN_A)                # a menu opened: its default entry too
    out = []
    d = app.deal
    for i in range(n, d.log_len):
        if d.log_seat[i] != A.HUMAN:
            break
        out.append(d.log_action[i])
    return out


def _presses(s, deal, board):
    """(what, presses) for the defaults and shortcuts of the reset position."""
    s._reset()
    t = s.d.app.table
    right = I.BTN_RIGHT
    out = [("the card the cursor starts on", (I.BTN_A,))]
    start = t.cursor
    ring = t.ring()
    for i in range(t.nslots):
        if t._shortcut(t.slots[i]) >= 0:
            out.append(("A on %s" % cards.name(t.slots[i]),
                        (right,) * ((i - start) % ring) + (I.BTN_A,)))
    if board == "three":
        out.append(("the menu's default", (right,) * ((t.nslots - start) % ring)
                    + (I.BTN_A, I.BTN_A)))
    else:
        out.append(("the menu's default", (I.BTN_B, I.BTN_A)))
    return out


def _traps(before, taken):
    """What the taken actions threw away of what `before` (the position) offered."""
    v = PlayerView(before, A.HUMAN)
    specials = v.legal_specials()
    lost = []
    if v.is_legal(D.A_OUT) and before.total(A.HUMAN) >= 66 and D.A_OUT not in taken \
            and any(a < 24 or a == D.A_CLOSE for a in taken):     # a draw keeps it
        lost.append("a won hand (66 credited, not declared)")
    melded = [a - D.A_MELD for a in taken if D.A_MELD <= a < D.A_MELD + 4]
    for a in taken:
        if a < 24 and a % 6 in (2, 3) and specials >> (D.A_MELD - 24 + a // 6) & 1 \
                and a // 6 not in melded:
            lost.append("the marriage of %s" % cards.name(a))
        if a < 24 and specials & D.B_EXCHANGE and a == before.exchange_card() \
                and D.A_EXCHANGE not in taken:
            lost.append("the swap of %s" % cards.name(a))
    return lost


@pytest.mark.parametrize("board", ("pygamer", "oled", "three"))
def test_no_default_or_shortcut_throws_away_a_marriage_a_swap_or_a_won_hand(
        board, monkeypatch, live_bot):
    monkeypatch.setattr(live_bot, "choose", lambda view, level, rng: D.A_OUT
                        if view.is_legal(D.A_OUT) else simple_bots.greedy_choose(view, rng))
    s = _Search(board)
    rng = random.Random("traps " + board)
    positions = _positions(D.Deal(s.d.app.rules), rng, _POSITIONS - 40)
    positions += _credited_positions(D.Deal(s.d.app.rules), rng, 40)
    found = []
    tried = {"swap": 0, "marriage": 0, "declare": 0}
    for deal in positions:
        deal.copy_into(s.snap)
        v = PlayerView(deal, A.HUMAN)
        specials = v.legal_specials()
        tried["swap"] += bool(specials & D.B_EXCHANGE)
        tried["marriage"] += bool(specials >> (D.A_MELD - 24) & 15)
        tried["declare"] += v.is_legal(D.A_OUT) and deal.total(A.HUMAN) >= 66
        best = bot.choose(PlayerView(deal, A.HUMAN), 1, Rng(7))     # the bot's choice
        for what, presses in _presses(s, deal, board):
            taken = _human_actions(s, presses)
            for lost in _traps(deal, taken):
                found.append("%s: %s lost (took %s; the bot: %s)" % (what, lost, taken, best))
    assert not found, "\n".join(found[:20])
    # the positions held what the test is about
    assert tried["swap"] >= 20 and tried["marriage"] >= 40 and tried["declare"] >= 40, tried


def test_with_66_credited_a_asks_first_and_after_back_a_plays_on(monkeypatch, live_bot):
    monkeypatch.setattr(live_bot, "choose", lambda view, level, rng:
                        simple_bots.greedy_choose(view, rng))
    s = _Search("pygamer")
    deal = next(d for d in _credited_positions(D.Deal(s.d.app.rules), random.Random(3), 20)
                if not d.pending_draw)
    deal.copy_into(s.snap)
    s._reset()
    t = s.d.app.table
    card = t.slots[t.cursor]
    assert _human_actions(s, (I.BTN_A,)) == [D.A_OUT]           # A, A: declared
    s._reset()
    for b in (I.BTN_A, I.BTN_B):                                 # asked, then Back
        s._step(b)
    assert s.d.app.deal.log_len == s.snap.log_len and t.popup_items is None
    s._step(I.BTN_A)                                             # now A plays the card
    assert s.d.app.deal.log_action[s.snap.log_len] == card
