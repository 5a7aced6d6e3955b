"""The terminal's words in one language (term.py, term_multi.py): its own sentences
(tools/sixtysix_tools/lang/<code>.txt), the handheld's texts it shares
(lib/sixtysix_ui/lang/<code>.txt), card words and the commands a player types."""
import re
import sys

from sixtysix_core import cards, explain, notation
from sixtysix_core import deal as D

SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")
_SIGNS = "\u2663\u2660\u2665\u2666"                 # ♣ ♠ ♥ ♦
_RANKS = ("9", "J", "Q", "K", "10", "A")
_SYNONYMS = {"66": "out", "declare": "out", "swap": "exchange", "marriage": "meld"}
_COMMANDS = ("MELD", "EXCHANGE", "CLOSE", "OUT", "PASS", "DRAW", "TRUMP", "HINT", "LAST",
             "QUIT")
_CARD_REASONS = 7                   # explain.card_reason's reasons with a device text


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


def _pattern(text):
    """A regular expression matching an English text with its %s and %d filled."""
    out = ""
    for part in re.split(r"(%[sd])", text):
        out += "(.+?)" if part == "%s" else r"(\d+)" if part == "%d" else re.escape(part)
    return re.compile("^" + out + "$")


class Words:
    """The terminal's words in one language: its own sentences (tools/sixtysix_tools/
    lang/<code>.txt), the handheld's texts it shares (lib/sixtysix_ui/lang/<code>.txt),
    the card names and the commands a player may type."""

    def __init__(self, lang="en", signs=None):
        from sixtysix_tools.catalog import HOST_DIR, Catalog
        self.lang = lang
        english = Catalog("en", HOST_DIR).texts()
        try:
            self.host = dict(english)
            self.host.update(Catalog(lang, HOST_DIR).texts())
            self.device = Catalog(lang).texts()
        except OSError:                         # no catalog of that language here
            self.lang = "en"
            self.host = english
            self.device = Catalog("en").texts()
        self.ranks, self.suits = card_words(self.lang) if self.lang != "en" else (
            _RANKS, SUIT_WORDS)
        self.signs = _can_show_signs(sys.stdout) if signs is None else signs
        why = sorted(((k, t) for (s, k), t in english.items() if s == "why"),
                     key=lambda kt: -len(re.sub(r"%[sd]", "", kt[1])))
        self._why = [(k, _pattern(t)) for k, t in why]
        self.typed = {}                         # a typed word -> the English command
        self.english = {}                       # a command's key -> its English word
        for key in _COMMANDS:
            token = self.english[key] = english[("commands", key)]
            self.typed[token] = token
            for word in self.host[("commands", key)].split():
                self.typed.setdefault(word.lower(), token)

    def __call__(self, key, *args, section="term"):
        text = self.host[(section, key)]
        return text % args if args else text

    def dev(self, section, key, *args):
        text = self.device[(section, key)]
        return text % args if args else text

    def command(self, key):
        """A command as "?" shows it: 'close', or 'zamknij/close' in another language."""
        english = self.english[key]
        own = self.host[("commands", key)].split()[0]
        return english if own == english else own + "/" + english

    def name(self, c):
        suit = _SIGNS[c // 6] if self.signs else " " + self.suits[c // 6]
        return self.ranks[c % 6] + suit

    def suit(self, suit):
        return self.suits[suit]

    def suit_typed(self, suit):
        """A suit as a player types it after 'meld': H in English, 'kier' in Polish."""
        return cards.SUIT_CHARS[suit] if self.ranks is _RANKS else self.suits[suit]

    def level(self, level):
        return self.dev("common", "LEVEL%d" % level)

    def marriage(self, suit, trumps):
        word = self("IN_TRUMPS", self.suits[suit]) if trumps else self.suits[suit]
        return self.dev("table", "MOVE_MARRIAGE", word, 40 if trumps else 20)

    def tricks(self, n):
        return self("TRICK1" if n == 1 else "TRICKS", n)

    def translate(self, clause):
        """An English reason of explain.py or notation.py in this language (the English
        text itself if no pattern matches)."""
        for key, pattern in self._why:
            m = pattern.match(clause)
            if m:
                text = self.host[("why", key)]
                fills = re.findall(r"%[sd]", text)
                args = tuple(int(a) if f == "%d" else a for a, f in zip(m.groups(), fills))
                return text % args if args else text
        return clause

    def why_not(self, deal, action, seat=0):
        """Why the player (the seat to move) may not take action, a clause in this
        language: a card's reason by the handheld's [explain] texts, the others by the
        host's [why] texts."""
        if 0 <= action < 24 or deal.phase == D.PH_OVER:
            k, legal = explain.card_reason(deal, action if 0 <= action < 24 else 0)
            if 0 <= k < _CARD_REASONS:
                keys = ("OVER", "FOLLOW_HIGHER", "FOLLOW", "TRUMP", "STRICT",
                        "MARRIAGE_LEAD", "DRAW_FIRST")
                text = self.dev("explain", keys[k])
                if "%s" in text:
                    names = [self.name(i) for i in range(23, -1, -1) if legal >> i & 1]
                    while len(names) > 2:
                        names[-3:-1] = [names[-3] + ", " + names[-2]]
                    text = text % (self.dev("explain", "OR", *names) if len(names) == 2
                                   else "".join(names))
                return text
        text = explain.why_not(deal, action, self.name)
        text = text.replace("seat %d does not" % seat, "you don't")
        text = text.replace("seat %d" % seat, "you")
        return self.translate(text)

    def sentence(self, clause):
        return clause[:1].upper() + clause[1:] + "."

    def card_example(self):
        if self.ranks is _RANKS:
            return "QH or 10h"
        return self("CARD_OR", self.ranks[2] + "h", self.ranks[2] + " " + self.suits[2])

    def parse(self, line):
        """The action a player typed, or (the English command word or '', the reason in
        this language) if it was not understood."""
        for sign, letter in zip(_SIGNS, cards.SUIT_CHARS):
            line = line.replace(sign, letter)
        typed = line.split()
        words = [w.lower() for w in typed]
        if words:
            words[0] = self.typed.get(words[0], _SYNONYMS.get(words[0], words[0]))
        words = self._english_card(words)
        if len(words) == 2 and words[0] in ("meld", "trump"):
            for suits in (SUIT_WORDS, [w.lower() for w in self.suits]):
                for i, word in enumerate(suits):
                    if word.startswith(words[1]) and words[1]:
                        words[1] = cards.SUIT_CHARS[i]
        action = notation.action_of(words)
        if isinstance(action, str):
            head = words[0] if words and words[0] in ("meld", "draw", "exchange", "close",
                                                      "out", "pass", "trump") else ""
            for word, was in zip(words, typed):          # the words as typed: 'melduj'
                action = action.replace("'%s'" % word, "'%s'" % was)
            return head, self.translate(action)
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

    def also(self):
        """The words beside the choices, for "?": hint, last, quit."""
        return ", ".join(self.command(k) for k in ("HINT", "LAST", "QUIT"))
