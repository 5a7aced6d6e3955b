"""A 3- or 4-player match (RULES.md V1, V2, D6) and its save image, in its own nvm region.

Pure core: no hardware imports; imported only for 3- and 4-player matches, so the
two-player app carries none of it.  The app copies images to and from
its own region of microcontroller.nvm (lib/sixtysix_ui/storage.py has the map), two slots as
persist.py's (a power cut spoils at most the slot being written); persist.py's
fletcher16, newer and blank apply unchanged.

MatchMulti: every seat adds the game points its side wins (D6: each member of the
winning side; 4 players: both partners alike).  The deal passes clockwise (the 3- and
4-player rules do not say which member of a winning side deals): the dealer of hand k
(0-based) is (first_dealer + k) % n.  The match ends when a score reaches the target;
`winners` is then the bitmask of the seats with the highest score (equal highest share).

Image layout (version 1; unsigned bytes, 16-bit values little-endian):

  off  size  field
    0     2  magic b"6M"
    2     1  persist.VERSION (bytes 0 .. 12 as persist.py's image, but the magic)
    3     2  n = length of the whole image, checksum included
    5     2  seq: save counter (mod 65536; of two valid slots the newer wins)
    7     1  flags: bit 0 a match is in progress, bit 1 a hand is in progress,
             bit 2 the rules chosen for the next match follow the rng state (only
             with a match on, when they differ from the match's)
    8     4  persist.Settings: level, preset (index into rules.preset_names()),
             auto_draw, reveal
   12     1  k = number of rules options (rules.NUM_OPTIONS)
   13     k  the RuleSet's option value indexes (RuleSet.encode_into)
  13+k    9  match (zeros without one): score[0..3], first_dealer, dealer, hands (2),
             target
  22+k    6  rng state s1, s2, s3 (2 bytes each)
  28+k    k  (only if flags bit 2) the choice: its preset's index, then its k option
             value indexes (k + 1 bytes)
             hand (only if flags bit 1): deck[24] (the deal order), log length L,
             log_action[L].  The dealer is the match's; replaying the log through
             DealMulti.apply rebuilds the hand, every action checked with is_legal.
   n-2    2  Fletcher-16 over bytes 0 .. n-3

The largest image (a 128-action log) is 13 + 34 + 9 + 6 + 35 + 25 + 128 + 2 = 252 bytes.

decode() accepts only what the app could have written (otherwise it returns None and
`why` says why in a plain sentence): a 3/4-player preset with at most APP_OPTIONS
changed (a kept choice as well, and unlike the match's); a match that goes on (every
score below the target) whose scores `hands` hands can give (possible()), whose dealer
is (first_dealer + hands) % n; a hand in progress whose every logged action the engine
accepts on replay.
"""
from micropython import const

from sixtysix_core import cards
from sixtysix_core import persist
from sixtysix_core import rules as R
from sixtysix_core.deal_multi import DealMulti

SLOT_SIZE = 256
NUM_SLOTS = 2
MAGIC0 = 0x36               # "6"
MAGIC1 = 0x4D               # "M"
_HEADER = persist._HEADER
_MATCH = const(9)
_FLAG_CHOICE = const(4)
# The options a 3/4-player match may change on top of its preset (those deal_multi.py
# and the match read); every other option must be the preset's.
APP_OPTIONS = ("match_target", "partner_meld", "undertrump", "declare_window",
               "auto_declare", "last_trick_bonus", "scoring", "false_declaration",
               "meld_before_first_trick", "warszawa_order", "three_player_mode",
               "four_player_trump")

why = ""                    # decode(): why the last image was refused ("" if accepted)


class MatchMulti:
    def __init__(self, rules, first_dealer=0):
        self.rules = rules
        self.n = rules.players
        self.scores = [0, 0, 0, 0]
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.hands = 0
        self.target = rules.match_target
        self.winners = 0

    def start(self, rng):
        """A new match; the first dealer is chosen at random (R3)."""
        self.n = self.rules.players
        for s in range(4):
            self.scores[s] = 0
        self.first_dealer = self.dealer = rng.below(self.n)
        self.hands = 0
        self.target = self.rules.match_target
        self.winners = 0

    def is_over(self):
        return self.winners != 0

    def record(self, deal):
        """Add a finished DealMulti's game points; the deal passes clockwise.  Returns
        winners (0 while the match goes on)."""
        self.hands += 1
        top = 0
        for s in range(self.n):
            self.scores[s] += deal.score_delta[s]
            if self.scores[s] > top:
                top = self.scores[s]
        self.dealer = (self.dealer + 1) % self.n
        if top >= self.target:
            for s in range(self.n):
                if self.scores[s] == top:
                    self.winners |= 1 << s
        return self.winners


def encode_into(buf, seq, settings, rng_state, match=None, deal=None, rules=None):
    """Write one image into buf (>= SLOT_SIZE bytes); return its length.  match None: no
    match in progress (only `rules`, the choice for the next match, is kept; None: the
    settings' preset); a match that is over is kept as none, with its rules (nothing
    after the match end is saved).  With a match on, `rules` (a 3/4-player choice for
    the next match) is kept too when it differs from the match's.  deal None or over:
    no hand in progress.  Allocates only the checksum's 2-tuple."""
    choice = None
    if match is not None:
        if rules is not None and rules.players > 2 and _differs(rules, match.rules):
            choice = rules
        rules = match.rules
        if match.winners:                   # over: the choice, if any, is what is kept
            match = None
            if choice is not None:
                rules = choice
                choice = None
    elif rules is None:
        rules = R.preset(R.preset_names()[settings.preset])
    flags = 0
    if match is not None:
        flags = persist.FLAG_MATCH
        if deal is not None and not deal.is_over():
            flags |= persist.FLAG_DEAL
        if choice is not None:
            flags |= _FLAG_CHOICE
    buf[0] = MAGIC0
    buf[1] = MAGIC1
    buf[2] = persist.VERSION
    buf[5] = seq & 0xFF
    buf[6] = (seq >> 8) & 0xFF
    buf[7] = flags
    buf[8] = settings.level
    buf[9] = settings.preset
    buf[10] = settings.auto_draw
    buf[11] = settings.reveal
    buf[12] = R.NUM_OPTIONS
    i = _HEADER
    rules.encode_into(buf, i)
    i += R.NUM_OPTIONS
    for j in range(_MATCH):
        buf[i + j] = 0
    if match is not None:
        for s in range(4):
            buf[i + s] = match.scores[s] if 0 <= match.scores[s] < 256 else 255
        buf[i + 4] = match.first_dealer
        buf[i + 5] = match.dealer
        buf[i + 6] = match.hands & 0xFF
        buf[i + 7] = (match.hands >> 8) & 0xFF
        buf[i + 8] = match.target
    i += _MATCH
    for s in rng_state:
        buf[i] = s & 0xFF
        buf[i + 1] = (s >> 8) & 0xFF
        i += 2
    if choice is not None:
        buf[i] = R.preset_names().index(choice.preset)
        choice.encode_into(buf, i + 1)
        i += 1 + R.NUM_OPTIONS
    if flags & persist.FLAG_DEAL:
        for j in range(24):
            buf[i + j] = deal.deck[j]
        i += 24
        buf[i] = deal.log_len
        i += 1
        for j in range(deal.log_len):
            buf[i + j] = deal.log_action[j]
        i += deal.log_len
    n = i + 2
    buf[3] = n & 0xFF
    buf[4] = n >> 8
    s1, s2 = persist.fletcher16(buf, 0, i)
    buf[i] = s1
    buf[i + 1] = s2
    return n


def _differs(a, b):
    """True if RuleSets a and b differ in their preset or an option; allocates nothing
    (every save of a match asks)."""
    if a.preset != b.preset:
        return True
    for name in R._NAMES:
        if getattr(a, name) != getattr(b, name):
            return True
    return False


def decode(buf, offset=0):
    """A persist.Saved (seq, settings, rules, match: a MatchMulti or None, deal: a
    DealMulti or None, rng_state, choice: the rules chosen for the next match, `rules`
    unless the image keeps others) from the image at buf[offset:], or None (then `why`
    says why).  Raises nothing but MemoryError: a save must not be taken for damaged
    (and overwritten) because the heap was too full to read it."""
    global why
    try:
        out = _decode(buf, offset)
    except MemoryError:     # a heap too full to replay the hand: not a damaged save
        raise
    except Exception:       # foreign bytes must never crash the app
        out = "The save is damaged."
    if isinstance(out, str):
        why = out
        return None
    why = ""
    return out


def _decode(buf, o):
    """A persist.Saved, or a sentence saying why the image is refused."""
    if len(buf) - o < _HEADER + 2:
        return "The save is damaged."
    if buf[o] != MAGIC0 or buf[o + 1] != MAGIC1 or buf[o + 2] != persist.VERSION:
        return "No 3/4-player save here."
    n = buf[o + 3] | buf[o + 4] << 8
    if n < _HEADER + 2 or n > SLOT_SIZE or o + n > len(buf):
        return "The save is damaged."
    s1, s2 = persist.fletcher16(buf, o, o + n - 2)
    if buf[o + n - 2] != s1 or buf[o + n - 1] != s2:
        return "The save's checksum is wrong."
    end = o + n - 2
    out = persist.Saved()
    out.seq = buf[o + 5] | buf[o + 6] << 8
    flags = buf[o + 7]
    if flags & ~(persist.FLAG_MATCH | persist.FLAG_DEAL | _FLAG_CHOICE) or (
            flags & (persist.FLAG_DEAL | _FLAG_CHOICE) and not flags & persist.FLAG_MATCH):
        return "The save is damaged."
    # the header as persist.py's (kept apart: persist.py is on the two-player app's heap)
    st = persist.Settings(buf[o + 8], buf[o + 9], buf[o + 10], buf[o + 11])
    names = R.preset_names()
    if (st.level >= persist.NUM_LEVELS or st.auto_draw > 1 or st.reveal > 1
            or st.preset >= len(names) or buf[o + 12] != R.NUM_OPTIONS):
        return "The save is damaged."
    out.settings = st
    # st.preset is the title's choice (any preset); the rules are found by app_rules
    rules = R.preset(names[st.preset])
    i = o + _HEADER
    if not rules.decode_from(buf, i) or not app_rules(rules):
        return "The save's rules are not a 3- or 4-player game of the app."
    out.rules = out.choice = rules
    i += R.NUM_OPTIONS
    if flags & persist.FLAG_MATCH:
        m = MatchMulti(rules, buf[i + 4])
        for s in range(4):
            m.scores[s] = buf[i + s]
        m.dealer = buf[i + 5]
        m.hands = buf[i + 6] | buf[i + 7] << 8
        m.target = buf[i + 8]
        if not possible(m):
            return "The save's match score cannot happen."
        out.match = m
    else:
        for j in range(_MATCH):
            if buf[i + j]:
                return "The save is damaged."
    i += _MATCH
    state = []
    for _ in range(3):
        state.append(buf[i] | buf[i + 1] << 8)
        i += 2
    if state[0] < 1 or state[0] >= 30269 or state[1] < 1 or state[1] >= 30307 \
            or state[2] < 1 or state[2] >= 30323:
        return "The save is damaged."
    out.rng_state = (state[0], state[1], state[2])
    if flags & _FLAG_CHOICE:
        if buf[i] >= len(names) or i + 1 + R.NUM_OPTIONS > end:
            return "The save is damaged."
        choice = R.preset(names[buf[i]])
        if (choice.players == 2 or not choice.decode_from(buf, i + 1)
                or not app_rules(choice) or not _differs(choice, rules)):
            return "The save's rules are not a 3- or 4-player game of the app."
        out.choice = choice
        i += 1 + R.NUM_OPTIONS
    if flags & persist.FLAG_DEAL:
        d = DealMulti(rules)
        seen = 0
        for j in range(24):
            c = buf[i + j]
            if c > 23:
                return "The save is damaged."
            seen |= 1 << c
            d.deck[j] = c
        if seen != cards.FULL_DECK:
            return "The save is damaged."
        i += 24
        d.deal_from_deck(out.match.dealer)
        count = buf[i]
        i += 1
        if i + count != end:
            return "The save is damaged."
        for j in range(count):
            a = buf[i + j]
            if d.is_over() or not d.is_legal(a):
                return "The saved hand has an illegal action."
            d.apply(a)
        i += count
        if d.is_over():
            return "The saved hand is over."
        out.deal = d
    if i != end:
        return "The save is damaged."
    return out


def app_rules(rules):
    """True if a 3/4-player match of the app could have these rules: a 3/4-player
    preset with at most APP_OPTIONS changed, and playable.  Sets rules.preset to that
    preset's name (rules.preset is tried first).  Cold path: a RuleSet per preset tried."""
    if rules.players == 2 or rules.unsupported() is not None:
        return False
    names = R.preset_names()
    first = rules.preset
    for k in range(-1, len(names)):
        name = first if k < 0 else names[k]
        if (k >= 0 and name == first) or R.preset(name).players == 2:
            continue
        rules.preset = name
        for opt, _ in rules.overrides():
            if opt not in APP_OPTIONS:
                break
        else:
            return True
    return False


def possible(match):
    """True if the app could have saved match m: it goes on (every score below the
    target, the rules' target), the dealer is (first_dealer + hands) % n, and `hands`
    hands can give these scores.  A hand gives 1 to 3 game points (G, the flat 3 of
    Warszawa, a false declaration's 2 or 3, V6's bands) to each seat of one side:
    4 players, a partnership (partners' scores stay equal); 3 players, the soloist
    alone or the two defenders alike; each_for_self, the winner alone 2 to 6 (1 to 3
    from each other seat), or nobody (a draw)."""
    m = match
    n = m.n
    s = m.scores
    h = m.hands
    if (m.target != m.rules.match_target or m.first_dealer >= n
            or m.dealer != (m.first_dealer + h) % n):
        return False
    for k in range(4):
        if s[k] >= (m.target if k < n else 1):
            return False
    if n == 4:
        return (s[0] == s[2] and s[1] == s[3]
                and (s[0] + 2) // 3 + (s[1] + 2) // 3 <= h <= s[0] + s[1])
    if m.rules.three_player_mode == 1:
        lo = 0
        for k in range(3):
            if s[k] == 1:
                return False
            lo += (s[k] + 5) // 6
        return lo <= h
    # solo_vs_two: y[k] = points the defenders won against soloist k (each defender
    # got them), x[k] = points k won as the soloist; s[k] = x[k] + the y of the others.
    for y0 in range(min(s[1], s[2]) + 1):
        for y1 in range(min(s[0], s[2] - y0) + 1):
            for y2 in range(min(s[0] - y1, s[1] - y0) + 1):
                x0 = s[0] - y1 - y2
                x1 = s[1] - y0 - y2
                x2 = s[2] - y0 - y1
                lo = ((x0 + 2) // 3 + (x1 + 2) // 3 + (x2 + 2) // 3
                      + (y0 + 2) // 3 + (y1 + 2) // 3 + (y2 + 2) // 3)
                if lo <= h <= x0 + x1 + x2 + y0 + y1 + y2:
                    return True
    return False


# The slot functions as persist.py's, for this decoder (persist.py keeps its own: it is
# on the two-player app's heap, which must not grow for this module).

def newest(mem):
    """(slot, persist.Saved) of the newest valid slot of the region mem, or (-1, None)."""
    best = -1
    found = None
    for slot in range(NUM_SLOTS):
        if len(mem) < (slot + 1) * SLOT_SIZE:
            break
        saved = decode(mem, slot * SLOT_SIZE)
        if saved is not None and (found is None or persist.newer(saved.seq, found.seq)):
            best = slot
            found = saved
    return best, found


def next_slot(mem):
    """(slot, seq) for the next write into the region mem: not the newest save's slot."""
    slot, saved = newest(mem)
    if saved is None:
        return 0, 1
    return (slot + 1) % NUM_SLOTS, (saved.seq + 1) & 0xFFFF


def damaged(mem):
    """How many slots of the region mem hold neither a valid save nor blank memory."""
    out = 0
    for slot in range(NUM_SLOTS):
        start = slot * SLOT_SIZE
        if len(mem) >= start + SLOT_SIZE and decode(mem, start) is None \
                and not persist.blank_at(mem, start, start + SLOT_SIZE):
            out += 1
    return out


def blank(mem):
    """True if the region mem looks never written (all 0x00 or all 0xFF)."""
    return persist.blank_at(mem, 0, min(len(mem), NUM_SLOTS * SLOT_SIZE))
