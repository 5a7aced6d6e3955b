"""`term --rules THREE_PLAYER_PL|FOUR_PLAYER_PL`: a 3- or 4-player match in a terminal.

    python3 tools/sixtysix.py term --rules FOUR_PLAYER_PL [--set option=value ...]
        [--level easy|normal|hard] [--seed S] [--records FILE] [--autoplay]
        [--lang en|pl|cs|de|et]

You are seat 0; bots play the other seats (with 4 players your partner, seat 2, is a bot
too).  Type a card (`QH`, `10h`) or an action (`trump H`, `pass` for Warszawa or to
decline a turn, `meld H`, `out`); `?` lists what you may do, `hint` asks the bot,
`last` shows the last trick, `quit` leaves.  The table shows the trump and who named it
(or Warszawa), your partner, the trick so far with who played each card, both sides'
points and tricks, and the match score.  --records appends every finished hand's record
to FILE; --autoplay lets the greedy baseline play your seat (tests and demos).

Match: every seat adds the game points its side wins (RULES.md D6); the first seat at
the target wins (with 4 players both partners reach it together).  The deal passes
clockwise: the 3- and 4-player rules do not say which member of a winning side deals.
"""
from sixtysix_core import bot, bot_multi
from sixtysix_core import deal as D
from sixtysix_core.deal_multi import DealMulti, PH_TRUMP
from sixtysix_core.record import format_record
from sixtysix_core.rng import Rng
from sixtysix_core.view_multi import MultiView
from sixtysix_tools.cli import multi_rules as make_rules
from sixtysix_tools.cli import wants_multi as wants  # noqa: F401 (term.py)
from sixtysix_tools.term_words import Words

HUMAN = 0
W = [None]                  # the Words of the game being played (term_words.Words)


def _w():
    if W[0] is None:
        W[0] = Words("en")
    return W[0]


def _t(key, *args):
    return _w()(key, *args, section="multi")


def _hand(mask):
    return " ".join(_w().name(c) for c in range(23, -1, -1) if mask >> c & 1)


def who(view, seat):
    """'you', 'your partner (seat 2)' or 'seat 1'."""
    if seat == HUMAN:
        return _t("YOU")
    if not view.each_for_self() and view.phase() != PH_TRUMP and \
            view.side_of(seat) == view.side_of(HUMAN):
        return _t("PARTNER", seat)
    return _t("SEAT", seat)


def _trump_line(view):
    t = view.trump()
    if t < 0:
        return _t("TRUMP_NONE")
    by = view.chooser()
    suit = _w().suit(t)
    if by >= 0:
        line = _t("TRUMP_BY", suit, who(view, by))
    elif view.each_for_self():
        line = _t("TRUMP_UP", suit)
    else:
        line = _t("TRUMP_BOTTOM", suit)
    if view.warszawa():
        line = _t("WARSZAWA", line)
    return line


def _joined(names):
    """'you', 'you and seat 2'."""
    text = names[0]
    for name in names[1:]:
        text = _t("AND", text, name)
    return text


def table(view, scores):
    n = view.nseats()
    print()
    print(_t("SCORE", ", ".join("%s %d" % (who(view, s), scores[s]) for s in range(n)),
             _trump_line(view)))
    if view.trump() >= 0:
        sides = []
        done = []
        for s in range(n):
            side = view.side_of(s)
            if side in done:
                continue
            done.append(side)
            members = [who(view, p) for p in range(n) if view.side_of(p) == side]
            pend = view.pending(s)
            sides.append(_t("SIDE", " + ".join(members), view.total(s),
                            " " + _t("PENDING", pend) if pend else "", view.tricks(s)))
        print(_t("SIDES", " | ".join(sides)))
    k = view.trick_n()
    if k:
        lead = view.leader()
        print(_t("TRICK", ", ".join("%s %s" % (who(view, (lead + i) % n),
                                               _w().name(view.trick_card(i)))
                                    for i in range(k))))
    print(_w()("YOUR_HAND", _hand(view.hand())))


def spoken(action):
    """An action in the game's words: a card, 'meld H', 'trump hearts', 'pass'."""
    w = _w()
    if action < 24:
        return w.name(action)
    if action >= D.A_MELD + 4:
        return w.command("TRUMP") + " " + w.suit_typed(action - D.A_MELD - 4)
    if action >= D.A_MELD:
        return w.command("MELD") + " " + w.suit_typed(action - D.A_MELD)
    return w.command(("DRAW", "EXCHANGE", "CLOSE", "OUT", "PASS")[action - D.A_DRAW])


def _choices(d):
    buf = bytearray(40)
    n = d.legal_into(buf)
    return " ".join(spoken(a) for a in sorted(buf[:n], key=lambda a: (a < 24, -a)))


def _ask(view, d, level, rng, last):
    w = _w()
    while True:
        try:
            line = input(_t("PROMPT") + " ").strip()
        except EOFError:
            return None
        said = w.typed.get(line.lower(), line)
        if said in ("quit", "exit"):
            return None
        if said in ("?", "help", ""):
            print(w("YOU_MAY", _choices(d)))
            print(w("ALSO", w.also()))
            continue
        if said == "hint":
            print(_t("HINT", spoken(bot.choose(view, level, rng))))
            continue
        if said == "last":
            print(_t("LAST", last[0] if last[0] else _t("NONE_YET")))
            continue
        action = w.parse(line)
        if isinstance(action, tuple) or action < 0:
            print(_t("NOT_UNDERSTOOD", action[1] if isinstance(action, tuple) else line))
            continue
        if not d.is_legal(action):
            print(_t("NOT_ALLOWED", w.why_not(d, action, d.to_move)))
            continue
        return action


def main(command, args):
    import sys
    from sixtysix_tools import cli
    from sixtysix_tools.catalog import CODES
    ap = cli.Parser(prog="sixtysix.py term", stream=sys.stdout,
                    description="A 3- or 4-player match against bots in the terminal.")
    ap.add_argument("--level", choices=bot.LEVELS, default="normal")
    ap.add_argument("--seed", type=cli.number(0), default=None)
    ap.add_argument("--rules", default="THREE_PLAYER_PL", help="a 3- or 4-player preset")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                    help="a rules option over the preset (repeatable)")
    ap.add_argument("--records", metavar="FILE", help="append each hand's record here")
    ap.add_argument("--autoplay", action="store_true", help="the greedy bot plays for you")
    ap.add_argument("--lang", choices=CODES, default="en",
                    help="the game speaks this language (cards typed in its words too)")
    ns = ap.parse_args(args)
    level = bot.LEVELS.index(ns.level)
    seed, preset, settings, records, autoplay = ns.seed, ns.rules, ns.set, ns.records, ns.autoplay
    try:
        rules = make_rules(preset, settings, "term")
        if records:
            cli.writable(records, "--records")
    except (ValueError, cli.BadInput) as e:
        print("sixtysix.py term: %s" % e)
        return 2
    W[0] = Words(ns.lang)
    w = W[0]
    n = rules.players
    rng = Rng(seed if seed is not None else __import__("time").time_ns() % 1000003)
    scores = [0] * n
    dealer = rng.below(n)
    d = DealMulti(rules)
    me = MultiView(d, HUMAN)
    them = MultiView(d, 1)
    print(_t("WELCOME", n, " ".join([preset] + settings), w.level(level), w.also()))
    while max(scores) < rules.match_target:
        d.new_hand(dealer, rng)
        print("\n" + (_t("NEW_HAND_YOU", who(me, d.forehand)) if dealer == HUMAN else
                      _t("NEW_HAND", who(me, dealer), who(me, d.forehand))))
        last = [None]
        while not d.is_over():
            seat = d.to_move
            if seat == HUMAN:
                table(me, scores)
                action = bot_multi.greedy_choose(me, rng) if autoplay else _ask(
                    me, d, level, rng, last)
                if action is None:
                    return 0
            else:
                them.set_seat(seat)
                action = bot.choose(them, level, rng)
                if action != D.A_PASS or d.phase == PH_TRUMP:
                    print(_t("SAID", _capital(who(me, seat)), _spoken(d, action)))
            k = d.trick_n
            lead = d.leader
            d.apply(action)
            if action < 24 and k == n - 1:
                text = ", ".join("%s %s" % (who(me, (lead + i) % n),
                                            w.name(d.trick_cards[i])) for i in range(n))
                last[0] = _t("TRICK_DONE", text, who(me, d.leader))
                print("  " + last[0])
        for s in range(n):
            scores[s] += d.score_delta[s]
        winners = d.winners()
        gains = ", ".join("%s +%d" % (who(me, s), d.score_delta[s]) for s in range(n))
        reason = _t("REASON%d" % d.reason)
        print(_t("HAND_WON", _joined([who(me, s) for s in winners]), reason, gains)
              if winners else _t("HAND_DRAW", reason, gains))
        if records:
            with open(records, "a") as f:
                f.write(format_record(d, "a hand played in the terminal") + "\n")
        dealer = (dealer + 1) % n
    top = max(scores)
    print(_t("MATCH_OVER", _joined([who(me, s) for s in range(n) if scores[s] == top]),
             " : ".join(str(scores[s]) for s in range(n))))
    return 0


def _capital(text):
    return text[:1].upper() + text[1:]


def _spoken(d, action):
    if action == D.A_PASS and d.phase == PH_TRUMP:
        return _t("SAID_WARSZAWA") if not d.each else _t("SAID_PASS")
    if action >= D.A_MELD + 4:
        return _t("NAME_TRUMP", _w().suit(action - D.A_MELD - 4))
    if action >= D.A_MELD:
        suit = action - D.A_MELD
        return _w().marriage(suit, suit == d.trump)
    return spoken(action)
