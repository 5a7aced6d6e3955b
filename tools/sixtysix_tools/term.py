"""`term [--level easy|normal|hard] [--seed S] [--rules PRESET] [--records FILE]`: play a
match against the bot in a terminal (no packages needed).  You are seat 0.  Type a card
(`QH`, `10h`) or an action (`draw`, `exchange`, `meld H`, `close`, `out`, `pass`); `?`
lists what you may do, `hint` asks the bot, `last` shows the last trick, `quit` leaves.
--records appends each finished hand's record to FILE; --autoplay lets the greedy bot
play your seat (for tests and demos).
"""
from sixtysix_core import bot, cards, explain, notation
from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core import rules as R
from sixtysix_core.record import action_token, format_record
from sixtysix_core.rng import Rng
from sixtysix_core.simple_bots import greedy_choose
from sixtysix_core.view import PlayerView

HUMAN = 0
SUITS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}


def _hand(mask):
    return " ".join(cards.name(c) for c in range(23, -1, -1) if mask >> c & 1)


def _table(view, d, match):
    up = view.upcard()
    talon = ("closed" if view.talon_state() == D.CLOSED else
             "exhausted" if view.talon_state() == D.EXHAUSTED else "%d cards" % view.talon_len())
    print()
    print("Score you %d - bot %d   trump %s   upcard %s   talon %s" % (
        match.scores[HUMAN], match.scores[1], SUITS["CSHD"[view.trump()]],
        cards.name(up) if up != D.NO_CARD else "-", talon))
    print("Your points %d (+%d pending), tricks %d | bot tricks %d" % (
        view.total(HUMAN), view.meld_pending(HUMAN), view.tricks(HUMAN), view.tricks(1)))
    if view.lead_card() != D.NO_CARD:
        print("Bot led: %s" % cards.name(view.lead_card()))
    print("Your hand: %s" % _hand(view.hand()))


def _ask(view, d, level, rng):
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
            last = view.last_trick()
            print("Last trick: %s" % ("none" if last is None else "%s %s, won by %s" % (
                cards.name(last[0]), cards.name(last[1]), "you" if last[2] == HUMAN else "bot")))
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
    from sixtysix_tools import term_multi
    if term_multi.wants(args):                      # 3 and 4 players: their own module
        return term_multi.main(command, args)
    level = 1
    seed = None
    preset = "CLASSIC_66"
    records = None
    autoplay = "--autoplay" in args          # the greedy bot plays for you (tests, demos)
    it = iter(args)
    for a in it:
        if a == "--level":
            level = bot.LEVELS.index(next(it, "normal"))
        elif a == "--seed":
            seed = int(next(it, "1"))
        elif a == "--rules":
            preset = next(it, "CLASSIC_66")
        elif a == "--records":
            records = next(it, None)
    try:
        rules = R.preset(preset)
    except ValueError as e:
        print(e)
        return 2
    if rules.unsupported():
        print(rules.unsupported())
        return 2
    rng = Rng(seed if seed is not None else __import__("time").time_ns() % 1000003)
    match = M.Match(rules)
    match.start(rng)
    d = D.Deal(rules)
    me, them = PlayerView(d, HUMAN), PlayerView(d, 1)
    print("Sixty-Six against the bot (%s, %s). Type ? for your choices, hint, last, quit."
          % (bot.LEVELS[level], preset))
    while not match.is_over():
        d.new_hand(match.dealer, rng)
        print("\n=== New hand: %s deals ===" % ("you" if match.dealer == HUMAN else "the bot"))
        while not d.is_over():
            if d.to_move == HUMAN:
                _table(me, d, match)
                action = greedy_choose(me, rng) if autoplay else _ask(me, d, level, rng)
                if action is None:
                    return 0
            else:
                action = bot.choose(them, level, rng)
                print("Bot: %s" % action_token(action))
            d.apply(action)
        match.record(d)
        who = "nobody (a draw)" if d.winner < 0 else ("you" if d.winner == HUMAN else "the bot")
        print("Hand over: %s won (%s). Points you %d, bot %d; game points %d : %d" % (
            who, D.REASON_NAMES[d.reason], d.total(0), d.total(1),
            d.score_delta[0], d.score_delta[1]))
        if records:
            with open(records, "a") as f:
                f.write(format_record(d, "a hand played in the terminal") + "\n")
    print("Match over: %s won %d : %d" % ("you" if match.winner == HUMAN else "the bot",
                                          match.scores[0], match.scores[1]))
    return 0
