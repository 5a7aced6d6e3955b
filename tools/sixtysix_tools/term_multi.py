"""`term --rules THREE_PLAYER_PL|FOUR_PLAYER_PL`: a 3- or 4-player match in a terminal.

    python3 tools/sixtysix.py term --rules FOUR_PLAYER_PL [--set option=value ...]
        [--level easy|normal|hard] [--seed S] [--records FILE] [--autoplay]

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
from sixtysix_core import bot, bot_multi, cards, explain, notation
from sixtysix_core import deal as D
from sixtysix_core.deal_multi import DealMulti, PH_TRUMP
from sixtysix_core.record import action_token, format_record
from sixtysix_core.rng import Rng
from sixtysix_core.view_multi import MultiView
from sixtysix_tools.cli import multi_rules as make_rules
from sixtysix_tools.cli import wants_multi as wants  # noqa: F401 (term.py)

HUMAN = 0
SUITS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}


def _hand(mask):
    return " ".join(cards.name(c) for c in range(23, -1, -1) if mask >> c & 1)


def who(view, seat):
    """'you', 'your partner (seat 2)' or 'seat 1'."""
    if seat == HUMAN:
        return "you"
    if not view.each_for_self() and view.phase() != PH_TRUMP and \
            view.side_of(seat) == view.side_of(HUMAN):
        return "your partner (seat %d)" % seat
    return "seat %d" % seat


def _trump_line(view):
    t = view.trump()
    if t < 0:
        return "trump not named yet"
    by = view.chooser()
    line = "trump %s" % SUITS["CSHD"[t]]
    if by >= 0:
        line += ", named by %s" % who(view, by)
    elif view.each_for_self():
        line += ", turned up"
    else:
        line += " (the dealer's bottom card)"
    if view.warszawa():
        line += "; Warszawa: the hand is worth 3"
    return line


def table(view, scores):
    n = view.nseats()
    print()
    print("Score " + ", ".join("%s %d" % (who(view, s), scores[s]) for s in range(n))
          + "   | " + _trump_line(view))
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
            sides.append("%s: %d points%s, %d tricks" % (
                " + ".join(members), view.total(s), " (+%d pending)" % pend if pend else "",
                view.tricks(s)))
        print("Sides: " + " | ".join(sides))
    k = view.trick_n()
    if k:
        lead = view.leader()
        print("Trick: " + ", ".join("%s %s" % (who(view, (lead + i) % n),
                                               cards.name(view.trick_card(i)))
                                    for i in range(k)))
    print("Your hand: %s" % _hand(view.hand()))


def _ask(view, d, level, rng, last):
    while True:
        try:
            line = input("your move> ").strip()
        except EOFError:
            return None
        if line in ("quit", "exit"):
            return None
        if line in ("?", "help", ""):
            print("You may:", " ".join(notation.legal_tokens(d)))
            continue
        if line == "hint":
            print("The bot would play:", action_token(bot.choose(view, level, rng)))
            continue
        if line == "last":
            print("Last trick: %s" % (last[0] if last[0] else "none yet"))
            continue
        action = notation.action_of(line.split())
        if isinstance(action, str) or action < 0:
            print("Not understood:", action if isinstance(action, str) else line)
            continue
        if not d.is_legal(action):
            print("Not allowed:", explain.why_not(d, action))
            continue
        return action


def main(command, args):
    import sys
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py term", stream=sys.stdout,
                    description="A 3- or 4-player match against bots in the terminal.")
    ap.add_argument("--level", choices=bot.LEVELS, default="normal")
    ap.add_argument("--seed", type=cli.number(0), default=None)
    ap.add_argument("--rules", default="THREE_PLAYER_PL", help="a 3- or 4-player preset")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                    help="a rules option over the preset (repeatable)")
    ap.add_argument("--records", metavar="FILE", help="append each hand's record here")
    ap.add_argument("--autoplay", action="store_true", help="the greedy bot plays for you")
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
    n = rules.players
    rng = Rng(seed if seed is not None else __import__("time").time_ns() % 1000003)
    scores = [0] * n
    dealer = rng.below(n)
    d = DealMulti(rules)
    me = MultiView(d, HUMAN)
    them = MultiView(d, 1)
    print("Sixty-Six for %d (%s, bots: %s). Type ? for your choices, hint, last, quit."
          % (n, " ".join([preset] + settings), bot.LEVELS[level]))
    while max(scores) < rules.match_target:
        d.new_hand(dealer, rng)
        print("\n=== New hand: %s deal%s; first to choose trump: %s ===" % (
            who(me, dealer), "" if dealer == HUMAN else "s", who(me, d.forehand)))
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
                    print("%s: %s" % (who(me, seat).capitalize(), _spoken(d, action)))
            k = d.trick_n
            lead = d.leader
            d.apply(action)
            if action < 24 and k == n - 1:
                text = ", ".join("%s %s" % (who(me, (lead + i) % n),
                                            cards.name(d.trick_cards[i])) for i in range(n))
                last[0] = "%s; won by %s" % (text, who(me, d.leader))
                print("  trick: %s" % last[0])
        for s in range(n):
            scores[s] += d.score_delta[s]
        winners = d.winners()
        print("Hand over: %s (%s). Game points: %s" % (
            "a draw" if not winners else " and ".join(who(me, s) for s in winners) + " won",
            D.REASON_NAMES[d.reason],
            ", ".join("%s +%d" % (who(me, s), d.score_delta[s]) for s in range(n))))
        if records:
            with open(records, "a") as f:
                f.write(format_record(d, "a hand played in the terminal") + "\n")
        dealer = (dealer + 1) % n
    top = max(scores)
    print("Match over: %s won; %s" % (
        " and ".join(who(me, s) for s in range(n) if scores[s] == top),
        " : ".join(str(scores[s]) for s in range(n))))
    return 0


def _spoken(d, action):
    if action == D.A_PASS and d.phase == PH_TRUMP:
        return "Warszawa" if not d.each else "pass (my next card sets trump)"
    return action_token(action)
