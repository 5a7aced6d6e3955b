"""Save format: the match, the hand in progress and the app settings as a few bytes.

Pure core: no hardware imports.  The app's storage.py copies an image to and from
microcontroller.nvm; this module only builds and reads bytes.

Image layout (version 1; all ints unsigned bytes, 16-bit values little-endian):

  off  size  field
    0     2  magic b"66"
    2     1  VERSION
    3     2  n = length of the whole image, checksum included
    5     2  seq: save counter; of two valid slots the newer seq wins (mod 65536)
    7     1  flags: bit 0 a match is in progress, bit 1 a hand is in progress
    8     1  settings.level (index into bot.LEVELS)
    9     1  settings.preset (index into rules.preset_names()): the title's choice for
             the next match, of any number of players; not the preset of the rules below
   10     1  settings.auto_draw (0/1)
   11     1  settings.reveal (0/1: show the player his own points, reveal_points)
   12     1  k = number of rules options (rules.NUM_OPTIONS)
   13     k  the RuleSet's option value indexes in table order (RuleSet.encode_into)
  13+k    9  match: score0 + 128, score1 + 128, dealer, target, draw_bonus, hands (2),
             winner + 1 (0: none yet)
  22+k    6  rng state s1, s2, s3 (each < 30323, 2 bytes)
  28+k       hand (only if flags bit 1): dealer, deck size d, deck[d] (the deal order),
             log length L, log_action[L].  Replaying the log through Deal.apply rebuilds
             the hand exactly; every action is checked with is_legal on the way.
   n-2    2  Fletcher-16 over bytes 0 .. n-3 (sum1, sum2; each 0..254)

The largest image (24-card deck, full 128-action log) is 13 + 34 + 9 + 6 + 155 + 2 = 219
bytes, so a slot of SLOT_SIZE = 256 bytes always fits.  Two slots are written
alternately, each with a single slice assignment, so a power cut during a
write spoils at most the slot being written and the other still holds the previous save.

Fletcher-16 catches every single-bit flip: a flipped bit changes one byte by 2**k
(k < 8), never a multiple of 255, so sum1 changes.

A checksum only proves the bytes are the ones written: persist_load.py reads the images
back and accepts only what the app could have written (kept apart, so that a board
loads the readers only at its start).
"""
from sixtysix_core import rules as R

VERSION = 1
SLOT_SIZE = 256
NUM_SLOTS = 2
MAGIC0 = 0x36               # "6"
MAGIC1 = 0x36
FLAG_MATCH = 1
FLAG_DEAL = 2
_HEADER = 13
NUM_LEVELS = 3              # len(bot.LEVELS): easy, normal, hard


class Settings:
    """App settings that are saved: bot level, rules preset index, auto draw, reveal."""

    def __init__(self, level=1, preset=0, auto_draw=1, reveal=1):
        self.level = level
        self.preset = preset
        self.auto_draw = auto_draw
        self.reveal = reveal

    def same_as(self, other):
        return (self.level == other.level and self.preset == other.preset
                and self.auto_draw == other.auto_draw and self.reveal == other.reveal)


class Saved:
    """What persist_load.decode() found: seq, settings, rules, match (or None), deal (or
    None), rng."""

    def __init__(self):
        self.seq = 0
        self.settings = None
        self.rules = None
        self.match = None
        self.deal = None
        self.rng_state = None


def fletcher16(buf, start, end):
    s1 = 0
    s2 = 0
    for i in range(start, end):
        s1 = (s1 + buf[i]) % 255
        s2 = (s2 + s1) % 255
    return s1, s2


def encode_into(buf, seq, settings, rng_state, match=None, deal=None, rules=None):
    """Write one image into buf (>= SLOT_SIZE bytes); return its length.

    match None: no match in progress (only the settings and `rules`, the rules chosen
    for the next match, are kept; None: the settings' preset).  deal None or over: no
    hand in progress (the next hand is dealt on resume)."""
    if match is not None:
        rules = match.rules
    flags = 0
    if match is not None:
        flags |= FLAG_MATCH
        if deal is not None and not deal.is_over():
            flags |= FLAG_DEAL
    buf[0] = MAGIC0
    buf[1] = MAGIC1
    buf[2] = VERSION
    buf[5] = seq & 0xFF
    buf[6] = (seq >> 8) & 0xFF
    buf[7] = flags
    buf[8] = settings.level
    buf[9] = settings.preset
    buf[10] = settings.auto_draw
    buf[11] = settings.reveal
    buf[12] = R.NUM_OPTIONS
    i = _HEADER
    if rules is None:
        rules = R.preset(R.preset_names()[settings.preset])
    rules.encode_into(buf, i)
    i += R.NUM_OPTIONS
    if match is not None:
        buf[i] = _clamp(match.scores[0] + 128)
        buf[i + 1] = _clamp(match.scores[1] + 128)
        buf[i + 2] = match.dealer
        buf[i + 3] = match.target
        buf[i + 4] = match.draw_bonus
        buf[i + 5] = match.hands & 0xFF
        buf[i + 6] = (match.hands >> 8) & 0xFF
        buf[i + 7] = match.winner + 1
    else:
        for j in range(8):
            buf[i + j] = 0
    buf[i + 8] = 0
    i += 9
    for s in rng_state:
        buf[i] = s & 0xFF
        buf[i + 1] = (s >> 8) & 0xFF
        i += 2
    if flags & FLAG_DEAL:
        n = deal.deck_size
        buf[i] = deal.dealer
        buf[i + 1] = n
        i += 2
        for j in range(n):
            buf[i + j] = deal.deck[j]
        i += n
        buf[i] = deal.log_len
        i += 1
        for j in range(deal.log_len):
            buf[i + j] = deal.log_action[j]
        i += deal.log_len
    n = i + 2
    buf[3] = n & 0xFF
    buf[4] = n >> 8
    s1, s2 = fletcher16(buf, 0, i)
    buf[i] = s1
    buf[i + 1] = s2
    return n


def _clamp(v):
    return 0 if v < 0 else 255 if v > 255 else v


def newer(a, b):
    """True if save counter a is newer than b (mod 65536)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


def blank_at(mem, start, end):
    """True if mem[start:end] is all 0x00 or all 0xFF (never written)."""
    first = mem[start] if end > start else 0
    if first not in (0, 0xFF):
        return False
    for i in range(start, end):
        if mem[i] != first:
            return False
    return True
