"""`term [--level easy|normal|hard] [--seed S] [--rules PRESET] [--draw auto|hand]
[--records FILE] [--lang en|pl|cs|de|et]`: a match against the bot in a terminal (no
packages needed).

You type a card (`QH`, `10h`, `q♥`) or an action: `meld H` (or `marriage hearts`),
`exchange` (swap), `close`, `out` (or `66`: declare 66), `pass`, and with --draw hand also
`draw`.  `?` lists what you may do, `hint` asks the bot, `last` shows the last trick,
`quit` leaves.  Like the handheld, the cards are drawn for you after each trick unless
--draw hand.  --records appends each finished hand's record to FILE; --autoplay lets the
greedy bot play your seat (tests and demos).  The game speaks of "you" and "the bot" and
names cards with suit signs (9♥) when the terminal can show them.

--lang speaks another language (`Words`): the terminal's own sentences from the host-only
catalog tools/sixtysix_tools/lang/<code>.txt (not on the device), those the handheld also
shows (card words, "You win the trick", a refused card's reason) from its catalog
lib/sixtysix_ui/lang/<code>.txt; the player may also type the language's commands
(Polish `zamknij`, `pas`) and cards (`D kier`, `Dh`).
"""
import sys

from sixtysix_core import bot, cards
from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core.record import format_record
from sixtysix_core.rng import Rng
from sixtysix_core.simple_bots import greedy_choose
from sixtysix_core.view import PlayerView
from sixtysix_tools.term_words import Words

HUMAN = 0
BOT = 1
class Game:
    def __init__(self, rules, level, seed, draw_by_hand, autoplay, records, out=print,
                 lang="en"):
        self.rules = rules
        self.w = Words(lang)
        self.ranks, self.suits = self.w.ranks, self.w.suits
        self.level = level
        self.rng = Rng(seed)
        self.hint_rng = Rng(seed + 7)
        self.by_hand = draw_by_hand
        self.autoplay = autoplay
        self.records = records
        self.out = out
        self.signs = self.w.signs
        self.match = M.Match(rules)
        self.deal = D.Deal(rules)
        self.last_action = -1
        self.me = PlayerView(self.deal, HUMAN)
        self.them = PlayerView(self.deal, BOT)

    # ------------------------------------------------------------------ words

    def name(self, c):
        return self.w.name(c)

    def cards_text(self, mask):
        """The cards of mask, trumps first, each suit from the ace down."""
        trump = self.deal.trump
        out = []
        for suit in [trump] + [s for s in (3, 2, 1, 0) if s != trump]:
            out.extend(self.name(c) for c in range(suit * 6 + 5, suit * 6 - 1, -1)
                       if mask >> c & 1)
        return " ".join(out)

    def marriage(self, suit):
        return self.w.marriage(suit, suit == self.deal.trump)

    def choice_text(self, action):
        """What a legal action does, for the list of choices and the hint."""
        d, w = self.deal, self.w
        if 0 <= action < 24:
            return self.name(action)
        if action == D.A_DRAW:
            return w("CHOICE_DRAW", w.command("DRAW"))
        if action == D.A_EXCHANGE:
            return w("CHOICE_EXCHANGE", w.command("EXCHANGE"), self.name(d.exchange_card()),
                     self.name(d.upcard))
        if action == D.A_CLOSE:
            return w("CHOICE_CLOSE", w.command("CLOSE"))
        if action == D.A_OUT:
            return w("CHOICE_OUT", w.command("OUT"), d.total(HUMAN))
        if action == D.A_PASS:
            return w.command("PASS")
        suit = action - D.A_MELD
        return w("CHOICE_MELD", w.command("MELD"), w.suit_typed(suit), self.marriage(suit))

    def refusal(self, action):
        """Why the player may not take action now, as a sentence to a person."""
        return self.w.sentence(self.w.why_not(self.deal, action))

    # --------------------------------------------------------------- the table

    def show_table(self):
        d, view, w = self.deal, self.me, self.w
        up = view.upcard()
        state = view.talon_state()
        if state == D.CLOSED:
            talon = w("TALON_CLOSED")
        elif state == D.EXHAUSTED:
            talon = w("TALON_EMPTY")
        else:
            talon = w("TALON_UP", view.talon_len(), self.name(up)) if up != D.NO_CARD else (
                w("TALON_LEFT", view.talon_len()))
        self.out("")
        self.out(w("TRUMPS", w.suit(view.trump()), talon))
        pending = view.meld_pending(HUMAN)
        self.out(w("POINTS", view.total(HUMAN), " " + w("PENDING", pending) if pending else "",
                   w.tricks(view.tricks(HUMAN)), w.tricks(view.tricks(BOT))))
        self.out(w("YOUR_HAND", self.cards_text(view.hand())))
        if d.phase == D.PH_FOLLOW:
            self.out(w("BOT_LED", self.name(view.lead_card())))
        elif d.phase == D.PH_CLOSE_REPLY:
            self.out(w("BOT_CLOSED_REPLY"))
        elif d.phase == D.PH_DECLARE:
            self.out(w("DECLARE_NOW", w.command("OUT")))
        elif d.phase == D.PH_NONLEADER:
            self.out(w("NONLEADER"))
        elif d.pending_draw:
            self.out(w("WON_DRAW"))
        else:
            self.out(w.dev("table", "LEAD") + ".")

    def choices(self):
        buf = bytearray(40)
        n = self.deal.legal_into(buf)
        played = 0
        for i in range(n):
            if buf[i] < 24:
                played |= 1 << buf[i]
        other = [self.choice_text(buf[i]) for i in range(n) if buf[i] >= 24]
        parts = []
        if played:
            parts.append(self.w("PLAY", self.cards_text(played)))
        parts.extend(other)
        return self.w("YOU_MAY", "; ".join(parts)) + "\n" + self.w("ALSO", self.w.also())

    # ---------------------------------------------------------------- the turn

    def ask(self):
        w = self.w
        while True:
            try:
                line = input(w("PROMPT") + " ").strip()
            except EOFError:
                return None
            low = line.lower()
            said = w.typed.get(low, low)
            if said in ("quit", "exit", "q"):
                return None
            if said in ("?", "help", ""):
                self.out(self.choices())
                continue
            if said == "hint":
                self.out(w("HINT", self.choice_text(
                    bot.choose(self.me, self.level, self.hint_rng))))
                continue
            if said == "last":
                self.out(self.last_trick_text())
                continue
            action = self.parse(line)
            if isinstance(action, str):
                self.out(action)
                continue
            if not self.deal.is_legal(action):
                self.out(self.refusal(action))
                continue
            return action

    def parse(self, line):
        """The action a player typed, or a sentence saying what was not understood."""
        action = self.w.parse(line)
        if isinstance(action, tuple):
            head, why = action
            if head:
                return self.w.sentence(why)
            w = self.w
            actions = ", ".join([w.command("MELD") + " H"] + [
                w.command(k) for k in ("EXCHANGE", "CLOSE", "OUT", "PASS")])
            return w("NOT_UNDERSTOOD", line, w.card_example(), actions)
        return action

    def _english_card(self, words):
        return self.w._english_card(words)

    def last_trick_text(self):
        w = self.w
        last = self.me.last_trick()
        if last is None:
            return w("NO_LAST")
        lead, follow, winner = last
        mine = self.deal.played_by[HUMAN] >> lead & 1
        won = w("LAST_WON_YOU") if winner == HUMAN else w("LAST_WON_BOT")
        return w("LAST_MINE" if mine else "LAST_ITS", self.name(lead), self.name(follow), won)

    # ------------------------------------------------------------ the bot's words

    def bot_said(self, action, before_up, before_nine, phase):
        d, w = self.deal, self.w
        if 0 <= action < 24:
            return None                       # told with the trick or as "The bot led"
        if action == D.A_EXCHANGE:
            return w("BOT_SWAPPED", self.name(before_nine), self.name(before_up))
        if action == D.A_CLOSE:
            return w("BOT_CLOSED")
        if action == D.A_OUT:
            return w("BOT_DECLARES")
        if action == D.A_PASS:                # the loser's declare turn: say nothing
            return None if phase == D.PH_DECLARE else w("BOT_PASSES")
        if D.A_MELD <= action < D.A_MELD + 4:
            suit = action - D.A_MELD
            return w("BOT_MELD" if d.tricks[BOT] else "BOT_MELD_LATER", self.marriage(suit))
        return None

    # ----------------------------------------------------------------- a hand

    def apply(self, action, seat):
        """Apply an action and tell what happened: the trick, the draw, the bot's move."""
        d, w = self.deal, self.w
        hand_before = d.hand[HUMAN]
        lead = d.lead_card
        up, nine = d.upcard, d.exchange_card() if d.upcard != D.NO_CARD else D.NO_CARD
        state = d.talon_state
        phase = d.phase
        if seat == HUMAN and self.you_did(action):
            self.out(self.you_did(action))
        d.apply(action)
        self.last_action = action
        if seat == BOT:
            said = self.bot_said(action, up, nine, phase)
            if said:
                self.out(said)
            if 0 <= action < 24 and lead == D.NO_CARD:
                self.out(w("BOT_LEADS", self.name(action)))
        if 0 <= action < 24 and lead != D.NO_CARD:
            self.out(self.trick_text())
        if action == D.A_DRAW:
            got = d.hand[HUMAN] & ~hand_before
            mine = w("THE_UPCARD", self.cards_text(got)) if got == 1 << up else (
                self.cards_text(got))
            if seat == HUMAN:
                theirs = (w("BOT_TAKES_UP", self.name(up))
                          if up != D.NO_CARD and d.talon_state == D.EXHAUSTED and
                          not got >> up & 1 else w("BOT_DRAWS_CARD"))
                self.out(w("YOU_DRAW", mine, theirs))
            else:
                self.out(w("BOT_DRAWS", mine))
        if d.talon_state == D.EXHAUSTED and state == D.OPEN:
            self.out(w("TALON_GONE"))

    def trick_text(self):
        w = self.w
        lead, follow, winner = self.deal.last_trick
        points = cards.CARD_POINTS[lead] + cards.CARD_POINTS[follow]
        mine, its = (lead, follow) if self.deal.played_by[HUMAN] >> lead & 1 else (follow, lead)
        if winner == HUMAN:
            return w("TRICK_YOU", w.dev("table", "YOU_WIN_TRICK"), self.name(mine),
                     self.name(its), points)
        return w("TRICK_BOT", self.name(its), self.name(mine), points)

    def you_did(self, action):
        """A line confirming the player's own special action."""
        d, w = self.deal, self.w
        if action == D.A_CLOSE:
            return w("YOU_CLOSE")
        if D.A_MELD <= action < D.A_MELD + 4:
            return w("YOU_MELD", self.marriage(action - D.A_MELD))
        if action == D.A_EXCHANGE:
            return w("YOU_SWAP", self.name(d.exchange_card()), self.name(d.upcard))
        return None

    def turn(self):
        """One action by the seat to move; False if the player quit."""
        d = self.deal
        seat = d.to_move
        if seat == BOT:
            self.apply(bot.choose(self.them, self.level, self.rng), BOT)
            return True
        if d.phase == D.PH_LEAD and d.pending_draw and not self.by_hand:
            self.apply(D.A_DRAW, HUMAN)             # drawn for you, as on the handheld
            return True
        if d.phase == D.PH_DECLARE and d.total(HUMAN) < 66:
            self.apply(D.A_PASS, HUMAN)             # declaring now could only lose
            return True
        self.show_table()
        action = greedy_choose(self.me, self.rng) if self.autoplay else self.ask()
        if action is None:
            return False
        if self.autoplay:
            self.out("%s %s" % (self.w("PROMPT"), self.choice_text(action).split(" (")[0]))
        self.apply(action, HUMAN)
        return True

    def hand_result(self):
        d, w = self.deal, self.w
        win = d.winner
        if win < 0:
            return w("RESULT_DRAW", d.total(HUMAN))
        loser = 1 - win
        closer = d.closer
        reason = d.reason
        me = "YOU" if win == HUMAN else "BOT"
        if reason == D.REASON_DECLARED and self.last_action != D.A_OUT:
            text = w("REACHED_" + me, d.total(win))
        elif reason == D.REASON_DECLARED:
            text = w("DECLARED_" + me, d.total(win))
        elif reason == D.REASON_FALSE_DECLARATION:
            text = w("FALSE_" + ("YOU" if loser == HUMAN else "BOT"), d.total(loser))
        elif reason == D.REASON_CLOSER_FAILED:
            text = w("CLOSE_FAILED_" + ("YOU" if closer == HUMAN else "BOT"), d.total(closer))
        elif reason == D.REASON_CLOSER_BEATEN:
            text = w("CLOSE_BEATEN_" + ("YOU" if closer == HUMAN else "BOT"))
        elif reason == D.REASON_LAST_TRICK:
            text = w("LAST_TRICK_" + me)
        else:
            text = w("RAN_OUT_" + me, d.total(win), d.total(loser))
        gain = d.score_delta[win]
        why = ""
        them = "YOU" if loser == HUMAN else "BOT"
        if reason in (D.REASON_DECLARED, D.REASON_HIGHER_TOTAL) and gain >= 2:
            if d.tricks[loser] == 0:
                why = " " + w("NO_TRICK_" + them)
            elif d.total(loser) < 33:
                why = " " + w("UNDER_" + them)
        text = w("GAIN_%s1" % me, text, why) if gain == 1 else w("GAIN_" + me, text, gain, why)
        penalty = d.score_delta[loser]
        if penalty < 0:
            text = w("LOSE_" + them, text, -penalty)
        return text + "."

    def play(self):
        m, d, w = self.match, self.deal, self.w
        m.start(self.rng)
        self.out(w("WELCOME", w.level(self.level), self.rules.preset, m.target, w.also()))
        while not m.is_over():
            d.new_hand(m.dealer, self.rng)
            self.out("\n" + w("HAND_YOU_DEAL" if m.dealer == HUMAN else "HAND_BOT_DEALS",
                              m.hands + 1))
            while not d.is_over():
                if not self.turn():
                    self.out(w("BYE"))
                    return 0
            m.record(d)
            self.out(self.hand_result())
            self.out(w("HAND_POINTS", d.total(HUMAN), d.total(BOT), m.scores[HUMAN],
                       m.scores[BOT], m.target))
            if self.records:
                with open(self.records, "a") as f:
                    f.write(format_record(d, "a hand played in the terminal") + "\n")
        self.out(w("MATCH_YOU" if m.winner == HUMAN else "MATCH_BOT", m.scores[HUMAN],
                   m.scores[BOT]))
        return 0


def main(command, args):
    from sixtysix_tools import term_multi
    if term_multi.wants(args):                      # 3 and 4 players: their own module
        return term_multi.main(command, args)
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py term", stream=sys.stdout,
                    description="A match against the bot in the terminal.")
    ap.add_argument("--level", choices=bot.LEVELS, default="normal")
    ap.add_argument("--seed", type=cli.number(0), default=None)
    ap.add_argument("--rules", default="CLASSIC_66", help="rules preset")
    ap.add_argument("--draw", choices=("auto", "hand"), default="auto",
                    help="auto: the cards are drawn for you after each trick")
    ap.add_argument("--records", metavar="FILE", help="append each hand's record here")
    ap.add_argument("--autoplay", action="store_true", help="the greedy bot plays for you")
    from sixtysix_tools.catalog import CODES
    ap.add_argument("--lang", choices=CODES, default="en",
                    help="the game speaks this language (cards typed in its words too: pl: D kier)")
    ns = ap.parse_args(args)
    try:
        rules = cli.rules_for(ns.rules, "term")
        if ns.records:
            cli.writable(ns.records, "--records")
    except cli.BadInput as e:
        print("sixtysix.py term: %s" % e)
        return 2
    seed = ns.seed if ns.seed is not None else __import__("time").time_ns() % 1000003
    game = Game(rules, bot.LEVELS.index(ns.level), seed, ns.draw == "hand", ns.autoplay,
                ns.records, lang=ns.lang)
    return game.play()
