"""`term [--level easy|normal|hard] [--seed S] [--rules PRESET] [--draw auto|hand]
[--records FILE]`: a match against the bot in a terminal (no packages needed).

You type a card (`QH`, `10h`, `q♥`) or an action: `meld H` (or `marriage hearts`),
`exchange` (swap), `close`, `out` (or `66`: declare 66), `pass`, and with --draw hand also
`draw`.  `?` lists what you may do, `hint` asks the bot, `last` shows the last trick,
`quit` leaves.  Like the handheld, the cards are drawn for you after each trick unless
--draw hand.  --records appends each finished hand's record to FILE; --autoplay lets the
greedy bot play your seat (tests and demos).  The game speaks of "you" and "the bot" and
names cards with suit signs (9♥) when the terminal can show them.
"""
import sys

from sixtysix_core import bot, cards, explain, notation
from sixtysix_core import deal as D
from sixtysix_core import match as M
from sixtysix_core.record import format_record
from sixtysix_core.rng import Rng
from sixtysix_core.simple_bots import greedy_choose
from sixtysix_core.view import PlayerView

HUMAN = 0
BOT = 1
SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")
_SIGNS = "\u2663\u2660\u2665\u2666"                 # ♣ ♠ ♥ ♦
_RANKS = ("9", "J", "Q", "K", "10", "A")
_SYNONYMS = {"66": "out", "declare": "out", "swap": "exchange", "marriage": "meld"}


def _can_show_signs(stream):
    try:
        _SIGNS.encode(stream.encoding or "ascii")
        return True
    except (LookupError, UnicodeEncodeError):
        return False


def card_words(lang):
    """(rank words, suit words) of a language's catalog (lib/sixtysix_ui/lang)."""
    from sixtysix_tools.catalog import Catalog
    try:
        texts = Catalog(lang).texts()
    except OSError:                             # no catalog of that language here
        return _RANKS, SUIT_WORDS
    return (tuple(texts[("common", "RANK%d" % i)] for i in range(6)),
            tuple(texts[("common", "SUIT%d" % i)] for i in range(4)))


class Game:
    def __init__(self, rules, level, seed, draw_by_hand, autoplay, records, out=print,
                 lang="en"):
        self.rules = rules
        self.ranks, self.suits = card_words(lang) if lang != "en" else (_RANKS, SUIT_WORDS)
        self.level = level
        self.rng = Rng(seed)
        self.hint_rng = Rng(seed + 7)
        self.by_hand = draw_by_hand
        self.autoplay = autoplay
        self.records = records
        self.out = out
        self.signs = _can_show_signs(sys.stdout)
        self.match = M.Match(rules)
        self.deal = D.Deal(rules)
        self.last_action = -1
        self.me = PlayerView(self.deal, HUMAN)
        self.them = PlayerView(self.deal, BOT)

    # ------------------------------------------------------------------ words

    def name(self, c):
        suit = _SIGNS[c // 6] if self.signs else " " + self.suits[c // 6]
        return self.ranks[c % 6] + suit

    def cards_text(self, mask):
        """The cards of mask, trumps first, each suit from the ace down."""
        trump = self.deal.trump
        out = []
        for suit in [trump] + [s for s in (3, 2, 1, 0) if s != trump]:
            out.extend(self.name(c) for c in range(suit * 6 + 5, suit * 6 - 1, -1)
                       if mask >> c & 1)
        return " ".join(out)

    def marriage(self, suit):
        trumps = suit == self.deal.trump
        return "marriage in %s%s (%d)" % (SUIT_WORDS[suit], ", trumps" if trumps else "",
                                         40 if trumps else 20)

    def choice_text(self, action):
        """What a legal action does, for the list of choices and the hint."""
        d = self.deal
        if 0 <= action < 24:
            return self.name(action)
        if action == D.A_DRAW:
            return "draw (take your card from the talon)"
        if action == D.A_EXCHANGE:
            return "exchange (swap your %s for the upcard %s)" % (
                self.name(d.exchange_card()), self.name(d.upcard))
        if action == D.A_CLOSE:
            return "close (the talon: no more drawing, follow suit from now on)"
        if action == D.A_OUT:
            return "out (declare 66: you have %d points)" % d.total(HUMAN)
        if action == D.A_PASS:
            return "pass"
        suit = action - D.A_MELD
        return "meld %s (%s)" % (cards.SUIT_CHARS[suit], self.marriage(suit))

    def refusal(self, action):
        """Why the player may not take action now, as a sentence to a person."""
        text = explain.why_not(self.deal, action, self.name)
        text = text.replace("seat %d does not" % HUMAN, "you don't")
        text = text.replace("seat %d" % HUMAN, "you").replace("seat %d" % BOT, "the bot")
        return text[:1].upper() + text[1:] + "."

    # --------------------------------------------------------------- the table

    def show_table(self):
        d, view = self.deal, self.me
        up = view.upcard()
        state = view.talon_state()
        if state == D.CLOSED:
            talon = "the talon is closed"
        elif state == D.EXHAUSTED:
            talon = "the talon is empty"
        else:
            talon = "%d cards in the talon, the upcard %s at the bottom" % (
                view.talon_len(), self.name(up)) if up != D.NO_CARD else (
                "%d cards in the talon" % view.talon_len())
        self.out("")
        self.out("Trumps are %s; %s." % (SUIT_WORDS[view.trump()], talon))
        pending = view.meld_pending(HUMAN)
        self.out("You have %d points%s and %d trick%s; the bot has %d trick%s." % (
            view.total(HUMAN), " (+%d for your marriage once you win a trick)" % pending
            if pending else "", view.tricks(HUMAN), "" if view.tricks(HUMAN) == 1 else "s",
            view.tricks(BOT), "" if view.tricks(BOT) == 1 else "s"))
        self.out("Your hand: %s" % self.cards_text(view.hand()))
        if d.phase == D.PH_FOLLOW:
            self.out("The bot led %s: play a card to it." % self.name(view.lead_card()))
        elif d.phase == D.PH_CLOSE_REPLY:
            self.out("The bot closed the talon: you may exchange first, or pass.")
        elif d.phase == D.PH_DECLARE:
            self.out("You lost the trick: declare 66 now (out) or pass.")
        elif d.phase == D.PH_NONLEADER:
            self.out("Before the bot leads you may exchange or close, or pass.")
        elif d.pending_draw:
            self.out("You won the trick: draw (or close or declare 66 first).")
        else:
            self.out("Your lead.")

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
            parts.append("play " + self.cards_text(played))
        parts.extend(other)
        return "You may: " + "; ".join(parts)

    # ---------------------------------------------------------------- the turn

    def ask(self):
        while True:
            try:
                line = input("you> ").strip()
            except EOFError:
                return None
            low = line.lower()
            if low in ("quit", "exit", "q"):
                return None
            if low in ("?", "help", ""):
                self.out(self.choices())
                continue
            if low == "hint":
                self.out("The bot would choose: %s" % self.choice_text(
                    bot.choose(self.me, self.level, self.hint_rng)))
                continue
            if low == "last":
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
        for sign, letter in zip(_SIGNS, cards.SUIT_CHARS):
            line = line.replace(sign, letter)
        words = [_SYNONYMS.get(w.lower(), w.lower()) for w in line.split()]
        words = self._english_card(words)
        if len(words) == 2 and words[0] == "meld":
            for i, word in enumerate(SUIT_WORDS):
                if word.startswith(words[1]) and words[1]:
                    words[1] = cards.SUIT_CHARS[i]
        action = notation.action_of(words)
        if isinstance(action, str) and words and words[0] in ("meld", "draw", "exchange",
                                                              "close", "out", "pass"):
            return action[:1].upper() + action[1:] + "."
        if isinstance(action, str):
            return ("I don't understand %r. Type a card such as QH or 10h, an action "
                    "(meld H, exchange, close, out, pass), or ? for your choices." % line)
        return action

    def _english_card(self, words):
        """A card in the language's own words ('D kier', 'Dh' for the queen of hearts in
        Polish) as the record's token ('QH'); other words as they are."""
        if self.ranks is _RANKS:
            return words
        ranks = [r.lower() for r in self.ranks]
        suit = -1
        if len(words) == 2 and words[0] in ranks:
            suit = next((i for i, w in enumerate(self.suits) if w.lower().startswith(words[1])),
                        -1)
            rank = ranks.index(words[0])
        elif len(words) == 1 and words[0][:-1] in ranks and words[0][-1:] in "cshd":
            suit = "cshd".index(words[0][-1])
            rank = ranks.index(words[0][:-1])
        if suit < 0:
            return words
        return [_RANKS[rank] + cards.SUIT_CHARS[suit]]

    def last_trick_text(self):
        last = self.me.last_trick()
        if last is None:
            return ("The last trick can be looked at only until the next card is led, "
                    "and there is none now.")
        lead, follow, winner = last
        mine = self.deal.played_by[HUMAN] >> lead & 1
        return "Last trick: %s led %s, %s %s; %s won it." % (
            "you" if mine else "the bot", self.name(lead),
            "the bot played" if mine else "you played", self.name(follow),
            "you" if winner == HUMAN else "the bot")

    # ------------------------------------------------------------ the bot's words

    def bot_said(self, action, before_up, before_nine, phase):
        d = self.deal
        if 0 <= action < 24:
            return None                       # told with the trick or as "The bot led"
        if action == D.A_EXCHANGE:
            return "The bot swapped its %s for the upcard %s." % (
                self.name(before_nine), self.name(before_up))
        if action == D.A_CLOSE:
            return ("The bot closed the talon: no more drawing; from now on follow suit "
                    "and beat the card led if you can, else play a trump.")
        if action == D.A_OUT:
            return "The bot declares 66."
        if action == D.A_PASS:                # the loser's declare turn: say nothing
            return None if phase == D.PH_DECLARE else "The bot passes."
        if D.A_MELD <= action < D.A_MELD + 4:
            suit = action - D.A_MELD
            later = "" if d.tricks[BOT] else "; it counts once the bot wins a trick"
            return "Bot: %s%s." % (self.marriage(suit), later)
        return None

    # ----------------------------------------------------------------- a hand

    def apply(self, action, seat):
        """Apply an action and tell what happened: the trick, the draw, the bot's move."""
        d = self.deal
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
                self.out("The bot leads %s." % self.name(action))
        if 0 <= action < 24 and lead != D.NO_CARD:
            self.out(self.trick_text())
        if action == D.A_DRAW:
            got = d.hand[HUMAN] & ~hand_before
            mine = ("the upcard " if got == 1 << up else "") + self.cards_text(got)
            if seat == HUMAN:
                theirs = ("the bot takes the upcard %s" % self.name(up)
                          if up != D.NO_CARD and d.talon_state == D.EXHAUSTED and
                          not got >> up & 1 else "the bot draws a card")
                self.out("You draw %s; %s." % (mine, theirs))
            else:
                self.out("The bot draws a card; you draw %s." % mine)
        if d.talon_state == D.EXHAUSTED and state == D.OPEN:
            self.out("The talon is empty: from now on follow suit and beat the card led "
                     "if you can, else play a trump.")

    def trick_text(self):
        lead, follow, winner = self.deal.last_trick
        points = cards.CARD_POINTS[lead] + cards.CARD_POINTS[follow]
        mine, its = (lead, follow) if self.deal.played_by[HUMAN] >> lead & 1 else (follow, lead)
        if winner == HUMAN:
            text = "You win the trick: your %s takes the bot's %s" % (self.name(mine),
                                                                     self.name(its))
        else:
            text = "The bot wins the trick: its %s takes your %s" % (self.name(its),
                                                                    self.name(mine))
        return "%s (%d points)." % (text, points)

    def you_did(self, action):
        """A line confirming the player's own special action."""
        d = self.deal
        if action == D.A_CLOSE:
            return ("You close the talon: no more drawing; now follow suit and beat the "
                    "card led if you can, else trump. You need 66 to win.")
        if D.A_MELD <= action < D.A_MELD + 4:
            suit = action - D.A_MELD
            return "You announce the %s: now lead its king or queen." % self.marriage(suit)
        if action == D.A_EXCHANGE:
            return "You swap your %s for the upcard %s." % (
                self.name(d.exchange_card()), self.name(d.upcard))
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
            self.out("you> %s" % self.choice_text(action).split(" (")[0])
        self.apply(action, HUMAN)
        return True

    def hand_result(self):
        d = self.deal
        w = d.winner
        who = {HUMAN: "You", BOT: "The bot"}
        pts = (d.total(HUMAN), d.total(BOT))
        if w < 0:
            return "A draw: you both have %d points; nobody scores." % pts[0]
        loser = 1 - w
        closer = d.closer
        reason = d.reason
        if reason == D.REASON_DECLARED and self.last_action != D.A_OUT:
            text = "%s reached 66 with the last trick (%d points)" % (who[w], d.total(w))
        elif reason == D.REASON_DECLARED:
            text = "%s declared 66 with %d points" % (who[w], d.total(w))
        elif reason == D.REASON_FALSE_DECLARATION:
            text = "%s declared 66 with only %d points" % (who[loser], d.total(loser))
        elif reason == D.REASON_CLOSER_FAILED:
            text = "%s closed the talon and failed (%d points)" % (who[closer],
                                                                  d.total(closer))
        elif reason == D.REASON_CLOSER_BEATEN:
            text = "%s closed the talon, but %s reached 66 first" % (
                who[closer], who[w].lower() if w == BOT else "you")
        elif reason == D.REASON_LAST_TRICK:
            text = "%s took the last trick" % who[w]
        else:
            text = "The cards ran out: %s %d points to %d" % (
                "you have" if w == HUMAN else "the bot has", d.total(w), d.total(loser))
        gain = d.score_delta[w]
        why = ""
        if reason in (D.REASON_DECLARED, D.REASON_HIGHER_TOTAL) and gain >= 2:
            if d.tricks[loser] == 0:
                why = " (%s took no trick)" % ("you" if loser == HUMAN else "the bot")
            elif d.total(loser) < 33:
                why = " (%s stayed under 33)" % ("you" if loser == HUMAN else "the bot")
        text += ". %s %s %d game point%s%s" % (
            who[w], "score" if w == HUMAN else "scores", gain, "" if gain == 1 else "s", why)
        penalty = d.score_delta[loser]
        if penalty < 0:
            text += "; %s %d" % ("you lose" if loser == HUMAN else "the bot loses", -penalty)
        return text + "."

    def play(self):
        m, d = self.match, self.deal
        m.start(self.rng)
        self.out("Sixty-Six against the %s bot (%s, match to %d). Type ? for your choices, "
                 "hint, last, quit." % (bot.LEVELS[self.level], self.rules.preset, m.target))
        while not m.is_over():
            d.new_hand(m.dealer, self.rng)
            self.out("\n=== Hand %d: %s, so %s first ===" % (
                m.hands + 1, "you deal" if m.dealer == HUMAN else "the bot deals",
                "the bot leads" if m.dealer == HUMAN else "you lead"))
            while not d.is_over():
                if not self.turn():
                    self.out("Bye.")
                    return 0
            m.record(d)
            self.out(self.hand_result())
            self.out("Points: you %d, the bot %d. Match: you %d, the bot %d (to %d)." % (
                d.total(HUMAN), d.total(BOT), m.scores[HUMAN], m.scores[BOT], m.target))
            if self.records:
                with open(self.records, "a") as f:
                    f.write(format_record(d, "a hand played in the terminal") + "\n")
        self.out("Match over: %s. You : the bot %d : %d" % (
            "you won it" if m.winner == HUMAN else "the bot won it", m.scores[HUMAN],
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
                    help="cards named and typed in this language's words (e.g. pl: D kier)")
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
