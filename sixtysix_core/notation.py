"""Record files and tokens (RECORD_FORMAT.md, format 1): host and debug only.

parse_card(token)        card int, or None if the token is not a card
action_of(words)         action int from an action line's words after the seat, or a
                         message string saying what is wrong with them
legal_tokens(deal)       the legal actions of the seat to move as sorted record tokens
deal_cards(deal, dealer, hands, talon, upcard)  deal given cards into a two-player Deal
                         (here, not in deal.py, so the device never loads it)
replay(data)             (answer, deal): answer is the replayer's JSON object as a dict
                         (RECORD_FORMAT.md section 5); deal is the Deal at the end of the
                         valid prefix, or None when the header is invalid.  data: bytes,
                         str or a seekable binary file; read a line at a time (at most
                         LINE_LIMIT bytes each) and only up to the first fault, after one
                         pass that checks the whole input is UTF-8 without NUL bytes.

No core module imports this one, so it never loads on the device; it imports on
CircuitPython and MicroPython too (no module they lack).
"""
import io

from sixtysix_core import cards
from sixtysix_core import deal as D
from sixtysix_core import explain
from sixtysix_core import rules as R
from sixtysix_core.deal_multi import DealMulti
from sixtysix_core.record import action_token

HEADER_KEYS = ("format", "rules", "dealer", "deck")
_KEYWORDS = {"draw": D.A_DRAW, "exchange": D.A_EXCHANGE, "close": D.A_CLOSE,
             "out": D.A_OUT, "pass": D.A_PASS}
_TRUMP = D.A_MELD + 4    # "trump <suit>" (3 and 4 players): _TRUMP + suit


def parse_card(token):
    """'TH', 'th', '10h', 'Qs' -> card int; anything else -> None (RECORD_FORMAT.md 3).
    Only ASCII letters count: 'Kſ' (U+017F, whose upper case is S) is not a card."""
    if not _ascii(token):
        return None
    if len(token) == 3 and token[:2] == "10":
        rank_char, suit_char = "T", token[2]
    elif len(token) == 2:
        rank_char, suit_char = token[0].upper(), token[1]
    else:
        return None
    suit_char = suit_char.upper()
    if rank_char not in cards.RANK_CHARS or suit_char not in cards.SUIT_CHARS:
        return None
    return cards.card(cards.SUIT_CHARS.index(suit_char), cards.RANK_CHARS.index(rank_char))


def _parse_suit(token):
    if len(token) == 1 and _ascii(token) and token.upper() in cards.SUIT_CHARS:
        return cards.SUIT_CHARS.index(token.upper())
    return None


def action_of(words):
    """Action int for the words after the seat, or an error message (str)."""
    if not words:
        return "the line names a seat but no action"
    head = words[0]
    if head in _KEYWORDS:
        if len(words) > 1:
            return "'%s' takes nothing after it" % head
        return _KEYWORDS[head]
    if head in ("meld", "trump"):
        if len(words) != 2:
            return "'%s' must be followed by one suit letter (C, S, H or D)" % head
        suit = _parse_suit(words[1])
        if suit is None:
            return "'%s' is not a suit: use C, S, H or D" % _shown(words[1])
        return (D.A_MELD if head == "meld" else _TRUMP) + suit
    c = parse_card(head)
    if c is None:
        return "'%s' is not a card or an action" % _shown(head)
    if len(words) > 1:
        return "a card must be alone on its line after the seat"
    return c


def deal_cards(deal, dealer, hands, talon, upcard=D.NO_CARD):
    """Deal given cards into a two-player Deal: hands[seat] (6 cards each, 5 with
    deck=20), the talon top first without the upcard, and the upcard (NO_CARD with
    trump_mode=fixed_hearts).  Writes them into deal.deck in the canonical order (R3, V3,
    V5) and deals them; ValueError if they are not the pack exactly once."""
    fore = list(hands[1 - dealer])
    dealt = list(hands[dealer])
    up = [] if deal.rules.trump_mode == R.TRUMP_FIXED_HEARTS else [upcard]
    order = fore[:3] + dealt[:3]
    if deal.deck_size == 20:
        order += up + fore[3:] + dealt[3:]
    else:
        order += fore[3:] + dealt[3:] + up
    order += list(talon)
    each = deal.deck_size // 4
    seen = 0
    for c in order:
        seen |= 1 << c if 0 <= c < 24 else 1 << 24
    if (len(fore) != each or len(dealt) != each or len(order) != deal.deck_size
            or seen != deal.pack()):
        raise ValueError("the hands (%d cards each), the talon and the upcard must hold "
                         "the %d-card pack exactly once" % (each, deal.deck_size))
    deal.deck[0:deal.deck_size] = bytes(order)
    deal.deal_from_deck(dealer)


def legal_tokens(deal):
    buf = bytearray(40)
    n = deal.legal_into(buf)
    return sorted(action_token(buf[i]) for i in range(n))


# ------------------------------------------------------------------ replaying

class _Fault(Exception):
    def __init__(self, line, message, header=False):
        super().__init__(message)
        self.line = line
        self.message = message
        self.header = header


LINE_LIMIT = 4096        # bytes in a line, comment included (docs/RECORD_FORMAT.md)
NUMBER_LIMIT = 9         # digits in a seat or dealer number
_CHUNK = 1 << 16


def _source(data):
    """A binary file for data (bytes, str or a seekable binary file); _Fault at line 0 if
    the text is not UTF-8 or holds a NUL byte anywhere (one pass, bounded memory)."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeError:
            raise _Fault(0, "the record is not UTF-8 text", True) from None
    f = io.BytesIO(data) if isinstance(data, (bytes, bytearray)) else data
    carry = b""
    while True:
        raw = f.read(_CHUNK)
        if b"\x00" in raw:
            raise _Fault(0, "the record contains a NUL byte; it is not a text file", True)
        chunk = carry + raw
        cut = _complete(chunk) if raw else len(chunk)   # at the end: all of it
        carry = chunk[cut:]
        try:
            chunk[:cut].decode("utf-8")
        except UnicodeError:
            raise _Fault(0, "the record is not UTF-8 text", True) from None
        if not raw:
            break
    f.seek(0)
    return f


def _complete(chunk):
    """The length of chunk without a UTF-8 sequence cut off at its end (at most 3 bytes
    are held back for the next chunk)."""
    n = len(chunk)
    i = n - 1
    while i >= 0 and i > n - 4 and chunk[i] & 0xC0 == 0x80:
        i -= 1                                  # continuation bytes
    if i < 0:
        return n
    b = chunk[i]
    need = 2 if b >> 5 == 6 else 3 if b >> 4 == 14 else 4 if b >> 3 == 30 else 1
    return i if n - i < need else n


def _ascii(text):
    """True if text holds only ASCII characters."""
    return len(text.encode("utf-8")) == len(text)


def _first_unprintable(text):
    """The first character of text outside printable ASCII (space to tilde), or None."""
    for ch in text:
        if not " " <= ch <= "~":
            return ch
    return None


def _lines(data):
    """Yield (line number, words) of the non-empty lines, reading one line at a time;
    raises _Fault at the first line that is too long or holds a character a record may
    not use outside a comment (only printable ASCII, spaces and tabs)."""
    f = _source(data)
    number = 0
    while True:
        raw = f.readline(LINE_LIMIT + 1)
        if not raw:
            return
        number += 1
        if len(raw) > LINE_LIMIT and raw[-1:] != b"\n":
            raise _Fault(number, "the line is longer than %d bytes" % LINE_LIMIT)
        line = raw.decode("utf-8")
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        if line.endswith("\n"):
            line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
        text = line.split("#", 1)[0]
        plain = text.replace("\t", " ")
        bad = _first_unprintable(plain)
        if bad is not None:
            raise _Fault(number, "the character U+%04X may not appear outside a comment: a "
                         "record uses ASCII letters, digits, spaces and tabs" % ord(bad))
        words = text.split()
        if words:
            yield number, words


def _shown(word):
    """A word as a message quotes it: long ones cut to 20 characters."""
    return word if len(word) <= 24 else word[:20] + "..."


def _seat_number(number, word, what):
    """int(word) for a seat number of at most NUMBER_LIMIT digits, else _Fault."""
    if len(word) > NUMBER_LIMIT:
        raise _Fault(number, "%s %s is not a seat: a seat number has at most %d digits"
                     % (what, _shown(word), NUMBER_LIMIT), what == "dealer")
    return int(word)


class _Header:
    def __init__(self):
        self.rules = None
        self.dealer = None
        self.deck = None
        self.lines = {}

    def take(self, number, words):
        key = words[0]
        if key not in HEADER_KEYS:
            raise _Fault(number, "'%s' is not a header key (format, rules, dealer, deck) and "
                         "not a seat number" % _shown(key), True)
        if key in self.lines:
            raise _Fault(number, "the header key '%s' is given twice (first on line %d)"
                         % (key, self.lines[key]), True)
        self.lines[key] = number
        values = words[1:]
        if key == "format":
            if values != ["1"]:
                raise _Fault(number, "only record format 1 is supported", True)
        elif key == "rules":
            self.rules = _parse_rules(number, values)
        elif key == "dealer":
            if len(values) != 1 or not _is_number(values[0]):
                raise _Fault(number, "'dealer' takes one seat number", True)
            self.dealer = _seat_number(number, values[0], "dealer")
        else:
            deck = []
            for tok in values:
                c = parse_card(tok)
                if c is None:
                    raise _Fault(number, "'%s' in the deck is not a card" % _shown(tok),
                                 True)
                deck.append(c)
            self.deck = deck

    def check(self):
        """Cross-checks that need several header lines, then missing keys (line 0)."""
        faults = []
        if self.rules is not None and self.dealer is not None:
            if self.dealer >= self.rules.players:
                faults.append(_Fault(self.lines["dealer"], "dealer %d is not a seat: seats are "
                                     "0 to %d" % (self.dealer, self.rules.players - 1), True))
        if self.rules is not None and self.deck is not None:
            message = _deck_problem(self.deck, self.rules)
            if message:
                faults.append(_Fault(self.lines["deck"], message, True))
        if faults:
            raise min(faults, key=lambda f: f.line)
        for key in ("rules", "dealer", "deck"):
            if key not in self.lines:
                raise _Fault(0, "the record has no '%s' line" % key, True)


def _parse_rules(number, values):
    if not values:
        raise _Fault(number, "'rules' needs a preset name such as CLASSIC_66", True)
    try:
        rules = R.preset(values[0])
    except ValueError as e:
        raise _Fault(number, str(e), True) from None
    seen = set()
    for item in values[1:]:
        name, eq, value = item.partition("=")
        if not eq or not name or not value:
            raise _Fault(number, "'%s' is not an option=value pair" % item, True)
        if name in seen:
            raise _Fault(number, "the option %s is given twice" % name, True)
        seen.add(name)
        try:
            rules.set(name, value)
        except ValueError as e:
            raise _Fault(number, str(e), True) from None
    problem = rules.unsupported()
    if problem:
        raise _Fault(number, problem, True)
    return rules


def _deck_problem(deck, rules):
    pack = cards.FULL_DECK if rules.deck == 24 else cards.FULL_DECK & ~cards.NINES
    seen = 0
    for c in deck:
        if not pack >> c & 1:
            return "%s is not in the %d-card pack" % (cards.name(c), rules.deck)
        if seen >> c & 1:
            return "the deck lists %s twice" % cards.name(c)
        seen |= 1 << c
    missing = pack & ~seen
    if missing:
        return "the deck is missing %s" % cards.name(cards.lowest(missing))
    return ""


def _result(deal):
    n = deal.nseats
    return {
        "winners": deal.winners(),
        "reason": D.REASON_NAMES[deal.reason],
        "score_delta": [deal.score_delta[s] for s in range(n)],
        "points": [deal.total(s) for s in range(n)],
        "tricks": [deal.tricks_of(s) for s in range(n)],
    }


def _answer(actions, deal, fault):
    over = deal is not None and deal.is_over()
    nxt = None
    if deal is not None and not over:
        nxt = {"seat": deal.to_move, "legal": legal_tokens(deal)}
    return {
        "format": 1,
        "ok": fault is None,
        "error": None if fault is None else {"line": fault.line, "message": fault.message},
        "actions": actions,
        "next": nxt,
        "result": _result(deal) if over else None,
    }


def replay(data):
    """Replay a record: bytes, str or a seekable binary file, read one line at a time and
    only up to its first fault.  Returns (answer dict, final Deal or None)."""
    header = _Header()
    lines = None
    first = None
    try:
        lines = _lines(data)
        # The header runs until the first line that starts with a seat number; a line
        # before that with an unknown first word is a bad header line.
        for number, words in lines:
            if _is_number(words[0]):
                first = (number, words)
                break
            header.take(number, words)
        try:
            header.check()
        except _Fault as fault:
            if fault.line == 0:         # a bad header line beats a missing key
                if first is not None:
                    for number, words in lines:
                        if words[0] in HEADER_KEYS:
                            raise _late_header(number, words) from None
            raise
    except _Fault as fault:
        return _answer([], None, fault), None
    deal = D.Deal(header.rules) if header.rules.players == 2 else DealMulti(header.rules)
    deal.deck[:len(header.deck)] = bytes(header.deck)
    deal.deal_from_deck(header.dealer)
    actions = []
    try:
        if first is not None:
            actions.append(_apply_line(deal, *first))
            for number, words in lines:
                actions.append(_apply_line(deal, number, words))
    except _Fault as fault:
        if fault.header:
            return _answer([], None, fault), None
        return _answer(actions, deal, fault), deal
    return _answer(actions, deal, None), deal


def _late_header(number, words):
    return _Fault(number, "the header line '%s' comes after the first action" % words[0], True)


def _is_number(word):
    for ch in word:
        if ch not in "0123456789":
            return False
    return word != ""


def _apply_line(deal, number, words):
    if words[0] in HEADER_KEYS:
        raise _late_header(number, words)
    seat_word = words[0]
    if not _is_number(seat_word):
        raise _Fault(number, "an action line starts with a seat number, not '%s'"
                     % _shown(seat_word))
    seat = _seat_number(number, seat_word, "seat")
    if seat >= deal.nseats:
        raise _Fault(number, "seat %d does not exist: seats are 0 to %d"
                     % (seat, deal.nseats - 1))
    action = action_of(words[1:])
    if isinstance(action, str):
        raise _Fault(number, action)
    if deal.is_over():
        raise _Fault(number, "the hand is already over")
    if seat != deal.to_move:
        raise _Fault(number, "seat %d may not act now: it is seat %d's turn"
                     % (seat, deal.to_move))
    legal = legal_tokens(deal)
    if not deal.is_legal(action):
        raise _Fault(number, explain.sentence(deal, seat, action))
    deal.apply(action)
    return {"line": number, "seat": seat, "action": action_token(action), "legal": legal}
