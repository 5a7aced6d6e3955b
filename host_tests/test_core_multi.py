"""Three and four players (RULES.md V1, V2; T60 d-h) through records and the engine."""
import pytest

from helpers import c, m, names
from sixtysix_core import deal as D
from sixtysix_core import notation
from sixtysix_core.deal_multi import A_TRUMP, PH_PMELD, DealMulti
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


def following(players, trick, best, seat, hand, **opts):
    """A hand of `players` (multi() on DECK, hearts trump) in which seat, holding hand,
    follows to trick (its cards by tokens, in order) won so far by trick card `best`."""
    d = multi(players, DECK, **opts)
    d.phase, d.trump = D.PH_FOLLOW, 2
    played = trick.split()
    for k, token in enumerate(played):
        d.trick_cards[k] = c(token)
    d.trick_n, d.best, d.to_move = len(played), best, seat
    d.hand[seat] = m(hand)
    return d


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
    d = following(3, "AS KH", 1, 0, hand, undertrump=opt)
    assert names(d.legal_cards()) == names(m(legal))


def test_t60f_following_after_a_trump():
    d = following(3, "KS 9H", 1, 0, "AS 9S QH")
    assert names(d.legal_cards()) == names(m("AS 9S"))


def test_t60g_partner_winning_still_must_beat():
    d = following(4, "KC 9C", 0, 3, "AC JC 9H")
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


# ------------------------------------------------ the options of RULES.md section 4

def tokens_after(text):
    answer, deal = notation.replay(text)
    assert answer["ok"], answer["error"]
    return answer, deal


def header(preset, *opts, dealer=0, deck=DECK):
    return "rules %s %s\ndealer %d\ndeck %s\n" % (preset, " ".join(opts), dealer, deck)


def test_each_for_self_deal_and_turned_up_trump():
    # V1 each_for_self: 3 each; P1 passes, so his next card (deck[9] = JH) sets trump
    d = multi(3, DECK, three_player_mode="each_for_self")
    assert d.hand[1] == m("AS KS QS") and d.hand[2] == m("JS TS 9S") and d.hand[0] == m("AH KH QH")
    assert notation.legal_tokens(d) == ["pass", "trump C", "trump D", "trump H", "trump S"]
    d.apply(D.A_PASS)
    assert d.trump == 2 and d.shown[1] == m("JH") and not d.warszawa and d.chooser == -1
    assert d.hand[1] == m("AS KS QS JH TH JC TC 9C")
    assert d.hand[2] == m("JS TS 9S 9H AC AD KD QD")
    assert d.hand[0] == m("AH KH QH KC QC JD TD 9D")
    assert [d.side_of[s] for s in range(3)] == [0, 1, 2]     # every seat for himself
    assert d.to_move == 1 and "out" not in notation.legal_tokens(d)   # nobody declares


def test_each_for_self_named_trump_shows_nothing():
    d = multi(3, DECK, three_player_mode="each_for_self")
    d.apply(A_TRUMP + 0)
    assert d.trump == 0 and d.chooser == 1 and d.shown == [0, 0, 0, 0]
    assert d.hand[1] == m("AS KS QS JH TH JC TC 9C")


def each_end(totals, tricks, last=("AS", "9S", "9C")):
    """each_for_self, the last trick about to be led by seat 1 (P1), hearts trump."""
    d = multi(3, DECK, three_player_mode="each_for_self")
    d.apply(A_TRUMP + 2)
    for seat, card in zip((1, 2, 0), last):
        d.hand[seat] = m(card)
    for s in range(3):
        d.side_cardpts[s], d.side_tricks[s] = totals[s], tricks[s]
    for card in last:
        d.apply(c(card))
    return d


def test_each_for_self_highest_total_wins_and_each_other_seat_pays():
    # seat 1 wins the last trick: 50 + 11 + 10 = 71; seat 2 has 40 (pays 1), seat 0 no
    # trick (pays 3): seat 1 scores 4, the others nothing
    d = each_end((9, 50, 40), (0, 3, 2))
    assert d.is_over() and d.winners() == [1] and d.reason == D.REASON_HIGHER_TOTAL
    assert d.total(1) == 71 and d.score_delta[:3] == [0, 4, 0]
    d = each_end((20, 50, 39), (1, 3, 2))       # seat 0 has 20 with a trick: pays 2
    assert d.score_delta[:3] == [0, 2 + 1, 0]


def test_each_for_self_the_last_trick_does_not_decide_alone():
    # seat 1 takes the last trick (10 + 11 + 10 = 31) but seat 2 still has more
    d = each_end((0, 10, 90), (0, 2, 4))
    assert d.winners() == [2] and d.total(1) == 31 and d.score_delta[:3] == [0, 0, 3 + 2]


def test_each_for_self_shared_highest_total_is_a_draw():
    d = each_end((0, 39, 60), (0, 2, 3))        # 39 + 11 + 10 = 60 = 60
    assert d.winner < 0 and d.winners() == [] and d.reason == D.REASON_DRAW
    assert d.score_delta == [0, 0, 0, 0]


def test_each_for_self_marriage_is_the_melders_own():
    d = multi(3, DECK, three_player_mode="each_for_self")
    d.apply(A_TRUMP + 2)                        # P1 (seat 1) names hearts; seat 0 holds KH QH
    d.hand[1] = m("KS QS AD")
    d.apply(D.A_MELD + 1)                       # seat 1 melds spades before any trick
    assert d.side_pending[1] == 20 and d.side_pending[0] == d.side_pending[2] == 0
    assert notation.legal_tokens(d) == ["KS", "QS"]


def test_each_for_self_random_hands_are_scored_by_the_rule():
    rng = Rng(11)
    for hand in range(200):
        d = DealMulti(rules_with("THREE_PLAYER_PL", three_player_mode="each_for_self"))
        d.new_hand(hand % 3, rng)
        while not d.is_over():
            assert not d.legal_specials() & D.B_OUT
            d.apply(choose_random(d, rng))
        totals = [d.total(s) for s in range(3)]
        assert sum(totals) == 130 + sum(d.side_credited[:3])
        top = max(totals)
        if totals.count(top) > 1:
            assert d.winners() == [] and d.score_delta == [0, 0, 0, 0]
            continue
        w = totals.index(top)
        expected = sum(3 if d.side_tricks[s] == 0 else 2 if totals[s] < 33 else 1
                       for s in range(3) if s != w)
        assert d.winners() == [w] and d.score_delta[w] == expected
        assert sum(d.score_delta) == expected


PARTNER = header("FOUR_PLAYER_PL", "partner_meld=true")
# dealer 0: P1 = 1 gets AS KS QS + AC KC QC, P2 = 2 JS TS 9S + JC TC 9C,
#           P3 = 3 AH KH QH + AD KD QD, D = 0 JH TH 9H + JD TD 9D


def test_partner_meld_turn_comes_before_the_leaders_window():
    answer, d = tokens_after(PARTNER + "1 trump H\n")
    assert answer["next"] == {"seat": 3, "legal": ["meld D", "meld H", "pass"]}
    answer, d = tokens_after(PARTNER + "1 trump H\n3 meld H\n")
    assert d.side_pending[0] == 40 and d.to_move == 1
    # the partner has no duty to lead it; the leader may lead anything or meld his own
    assert answer["next"]["legal"] == ["AC", "AS", "KC", "KS", "QC", "QS",
                                       "meld C", "meld S", "out"]


def test_partner_meld_credit_declare_and_no_second_showing():
    text = (PARTNER + "1 trump H\n3 meld H\n1 meld S\n1 QS\n2 TS\n3 AH\n0 9H\n")
    answer, d = tokens_after(text)
    # P3 won (24 card points); both marriages (40 + 20) are credited to P1 + P3: 84
    assert d.total(3) == d.total(1) == 84 and d.side_credited[0] == 60
    assert answer["next"] == {"seat": 1, "legal": ["meld C", "pass"]}   # P1, the partner
    answer, d = tokens_after(text + "1 pass\n")
    assert answer["next"]["seat"] == 3 and "meld H" not in answer["next"]["legal"]
    assert "meld D" in answer["next"]["legal"]
    answer, d = tokens_after(text + "1 pass\n3 out\n")
    assert answer["result"]["winners"] == [1, 3] and answer["result"]["score_delta"] == [0, 3, 0, 3]


def test_without_partner_meld_the_partner_gets_no_turn():
    answer, d = tokens_after(header("FOUR_PLAYER_PL") + "1 trump H\n")
    assert answer["next"]["seat"] == 1
    answer = notation.replay(header("FOUR_PLAYER_PL") + "1 trump H\n3 meld H\n")[0]
    assert not answer["ok"] and "seat 3 may not act now" in answer["error"]["message"]


def test_partner_meld_turn_only_with_a_marriage_to_show():
    deck = DECK.replace("JS", "x").replace("QH", "JS").replace("x", "QH")
    deck = deck.replace("JC", "x").replace("QD", "JC").replace("x", "QD")
    d = multi(4, deck, partner_meld="true")
    d.apply(A_TRUMP + 2)
    assert d.hand[3] == m("AH KH JS AD KD JC")  # P3 holds no marriage: no turn
    assert d.to_move == 1 and d.phase == D.PH_LEAD
    d = multi(4, DECK, partner_meld="true", meld_before_first_trick="forbidden")
    d.apply(A_TRUMP + 2)                        # P3 has marriages but his team no trick
    assert d.to_move == 1 and d.phase == D.PH_LEAD


AFTER = header("THREE_PLAYER_PL", "declare_window=after_any_trick")
# dealer 0: P1 = 1 gets AS KS QS JS + AC KC QC JC, P2 = 2 TS 9S AH KH + TC 9C AD KD,
#           D = 0 QH JH TH 9H + QD JD TD 9D


def test_after_any_trick_each_loser_gets_a_turn_clockwise():
    text = AFTER + "1 trump C\n1 AS\n2 9S\n0 9H\n"       # the soloist (seat 1) wins
    answer, d = tokens_after(text)
    assert answer["next"] == {"seat": 2, "legal": ["out", "pass"]} and d.phase == D.PH_DECLARE
    answer, d = tokens_after(text + "2 pass\n")
    assert answer["next"] == {"seat": 0, "legal": ["out", "pass"]}
    answer, d = tokens_after(text + "2 pass\n0 pass\n")
    assert answer["next"]["seat"] == 1 and "KS" in answer["next"]["legal"]
    # a loser's declaration is for his side: the defenders have 0, so it is false
    answer, d = tokens_after(text + "2 pass\n0 out\n")
    assert answer["result"]["winners"] == [1] and answer["result"]["reason"] == "false_declaration"
    assert answer["result"]["score_delta"] == [0, 2, 0]


def test_after_any_trick_only_the_other_side_gets_the_turn():
    text = AFTER + "1 trump C\n1 AS\n2 9S\n0 9H\n2 pass\n0 pass\n1 KS\n2 TS\n0 TH\n"
    answer, d = tokens_after(text)               # P2, a defender, won: only the soloist
    assert answer["next"] == {"seat": 1, "legal": ["out", "pass"]}
    answer, d = tokens_after(text + "1 pass\n")
    assert answer["next"]["seat"] == 2 and "out" in answer["next"]["legal"]


def test_after_any_trick_loser_declares_correctly():
    # T46 in four: team A passed 66 but led on; team B wins a trick, and at the loser's
    # turn right after it team A declares and wins
    d = multi(4, DECK, declare_window="after_any_trick")
    d.apply(A_TRUMP + 2)                        # P1 (seat 1) names hearts
    d.side_cardpts[0], d.side_tricks[0] = 70, 3
    d.side_cardpts[1], d.side_tricks[1] = 30, 1   # team B: 30 + 16 = 46 after the trick
    d.hand[1], d.hand[2], d.hand[3], d.hand[0] = m("9S JC"), m("AS 9C"), m("JS TC"), m("QS KC")
    for card in ("9S", "AS", "JS", "QS"):       # P2 (team B) wins
        d.apply(c(card))
    assert d.phase == D.PH_DECLARE and d.to_move == 3
    d.apply(D.A_OUT)
    assert d.winners() == [1, 3] and d.reason == D.REASON_DECLARED and d.score_delta[1] == 1


def test_after_any_trick_with_auto_declare_has_no_loser_turn():
    answer, d = tokens_after(header("THREE_PLAYER_PL", "declare_window=after_any_trick",
                                    "auto_declare=true") + "1 trump C\n1 AS\n2 9S\n0 9H\n")
    assert answer["next"]["seat"] == 1 and "out" not in answer["next"]["legal"]


def test_any_own_turn_adds_out_when_following_but_not_at_the_trump_choice():
    text = header("FOUR_PLAYER_PL", "declare_window=any_own_turn")
    answer, d = tokens_after(text)
    assert "out" not in answer["next"]["legal"]
    answer, d = tokens_after(text + "1 trump H\n1 AS\n")
    assert answer["next"] == {"seat": 2, "legal": ["9S", "JS", "TS", "out"]}
    answer, d = tokens_after(text + "1 trump H\n1 AS\n2 out\n")
    assert answer["result"]["reason"] == "false_declaration"
    assert answer["result"]["winners"] == [1, 3]


@pytest.mark.parametrize("opts", [
    {"three_player_mode": "each_for_self"},
    {"declare_window": "after_any_trick"}, {"declare_window": "any_own_turn"},
    {"declare_window": "after_any_trick", "players": 4},
    {"declare_window": "any_own_turn", "players": 4, "auto_declare": "true"},
    {"partner_meld": "true", "players": 4},
    {"partner_meld": "true", "players": 4, "four_player_trump": "bottom_card"},
])
def test_random_hands_under_each_option_replay_and_copy(opts):
    opts = dict(opts)
    players = int(opts.pop("players", 3))
    preset = "THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL"
    rules = rules_with(preset, **opts)
    assert rules.unsupported() is None
    rng = Rng(7)
    from sixtysix_core.record import format_record
    scratch = DealMulti(rules)
    phases = set()
    for hand in range(120):
        d = DealMulti(rules)
        d.new_hand(hand % players, rng)
        while not d.is_over():
            phases.add(d.phase)
            d.copy_into(scratch)
            assert scratch.same_as(d)
            assert d.legal_cards() or d.legal_specials()
            d.apply(choose_random(d, rng))
        answer, _ = notation.replay(format_record(d))
        assert answer["ok"], answer["error"]
        assert answer["result"]["winners"] == d.winners()
    if "declare_window" in opts and opts["declare_window"] == "after_any_trick":
        assert D.PH_DECLARE in phases
    if "partner_meld" in opts:
        assert PH_PMELD in phases


def test_refusals_in_the_new_turns_say_why():
    from sixtysix_core import explain
    answer, d = tokens_after(PARTNER + "1 trump H\n")       # P3's partner-meld turn
    assert "meld a marriage or pass" in explain.why_not(d, c("AH"))
    answer, d = tokens_after(AFTER + "1 trump C\n1 AS\n2 9S\n0 9H\n")   # a loser's turn
    assert "declare 66 or pass" in explain.why_not(d, D.A_MELD + 0)
    assert "declare 66 or pass" in explain.why_not(d, c("TS"))
    d = multi(3, DECK, three_player_mode="each_for_self")
    d.apply(A_TRUMP + 2)
    assert "nobody declares" in explain.why_not(d, D.A_OUT)
    answer, d = tokens_after(PARTNER + "1 trump H\n3 meld H\n1 meld S\n1 QS\n2 TS\n3 AH\n0 9H\n"
                             "1 pass\n")
    assert "already been shown" in explain.why_not(d, D.A_MELD + 2)


def test_private_copies_of_the_engine_codes_are_the_engines():
    """A module that must not load deal.py (the 3/4-player modules, view.py, record.py)
    keeps private copies `_NAME = const(n)` of the codes it uses (folded away on the
    device, no interned name): each is deal.py's, deal_multi.py's or table.py's NAME."""
    import os
    import re
    from sixtysix_core import deal_multi
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = [os.path.join(root, "sixtysix_core", n)
             for n in sorted(os.listdir(os.path.join(root, "sixtysix_core")))]
    files += [os.path.join(root, "lib", "sixtysix_ui", n)
              for n in sorted(os.listdir(os.path.join(root, "lib", "sixtysix_ui")))]
    const = re.compile(r"^(_?)([A-Z][A-Z0-9_]*) = const\((\d+)\)", re.M)
    with open(os.path.join(root, "lib", "sixtysix_ui", "table.py")) as f:
        codes = {n: int(v) for p, n, v in const.findall(f.read()) if not p}
    for module in (D, deal_multi):
        codes.update((n, v) for n, v in vars(module).items()
                     if n.isupper() and type(v) is int)
    from sixtysix_ui import stats       # loaded only when used: its codes are copied
    codes.update((n, v) for n, v in vars(stats).items()
                 if n.startswith(("C_", "PREF_")) and type(v) is int)
    checked = {}
    for path in files:
        if not path.endswith(".py"):
            continue
        with open(path) as f:
            for private, name, value in const.findall(f.read()):
                if private and name in codes:
                    assert int(value) == codes[name], (path, name)
                    checked.setdefault(os.path.basename(path), []).append(name)
    for name in ("deal_multi.py", "bot_multi.py", "view_multi.py", "table_multi.py",
                 "table_menu.py", "trump_page.py", "texts_multi.py", "record.py", "view.py",
                 "review.py", "takeback.py"):
        assert name in checked, name
    assert "U_QUIT" in checked["table_multi.py"] and "A_OUT" in checked["table_menu.py"]
    assert "PREF_QUIET" in checked["app.py"] and "C_HAND_WON" in checked["kind_multi.py"]


def test_multiview_answers_as_playerview_does():
    """MultiView writes out PlayerView's accessors (a 3/4-player match does not load
    view.py): on the same DealMulti, every accessor both have and MultiView does not
    answer in its own way (side totals, the hidden partner meld turn) answers alike."""
    from sixtysix_core.view import PlayerView
    from sixtysix_core.view_multi import MultiView
    own = ("to_move", "phase", "tricks", "total", "unseen", "cannot_hold")
    shared = [n for n in vars(MultiView) if not n.startswith("_") and n not in own
              and callable(getattr(PlayerView, n, None))]
    assert len(shared) >= 17, shared
    rng = Rng(12)
    for players in (3, 4, 3, 4):
        d = DealMulti(rules_with("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL"))
        d.new_hand(rng.below(players), rng)
        while not d.is_over():
            for seat in range(players):
                a, b = MultiView(d, 0), PlayerView(d, 0)
                a.set_seat(seat)
                b.set_seat(seat)
                for n in shared:
                    if n == "set_seat":
                        continue
                    if n == "legal_into":
                        ba, bb = bytearray(64), bytearray(64)
                        assert a.legal_into(ba) == b.legal_into(bb) and ba == bb
                    elif n == "is_legal":
                        assert all(a.is_legal(x) == b.is_legal(x) for x in range(37))
                    elif n in ("played_by", "won", "hand_size", "known_cards"):
                        assert all(getattr(a, n)(s) == getattr(b, n)(s)
                                   for s in range(players)), n
                    else:
                        assert getattr(a, n)() == getattr(b, n)(), n
            d.apply(choose_random(d, rng))
