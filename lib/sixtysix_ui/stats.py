"""The player's statistics: matches and hands against the bot, kept in their own nvm region.

Counters per ruleset (the index of the match's preset in rules.preset_names(), below
PRESETS) and bot level (below LEVELS), COUNTERS of them in this order:
  C_MATCH_WON, C_MATCH_LOST, C_HAND_WON, C_HAND_LOST, C_SCHWARZ (hands won with the bot
  taking no trick), C_CLOSE_WON (hands won after closing the talon oneself)
Each is 0..65535 and stops at 65535.  counts[(preset * LEVELS + level) * COUNTERS + k].

Image (version 1, SLOT bytes, 16-bit values little-endian):
  off  size  field
    0     2  magic b"St"
    2     1  VERSION
    3     2  seq: of two valid slots the newer wins (mod 65536, persist.newer)
    5     1  PRESETS, 6 LEVELS, 7 COUNTERS (an image of another shape is refused)
    8     1  prefs: bit 0 set = sound off (the title's "Sound" option, sound.py; kept
             here so that the game's save format stays as it is; reset() keeps it)
    9   2*N  the N = PRESETS * LEVELS * COUNTERS counters
  9+2N    2  Fletcher-16 over bytes 0 .. 8+2N (persist.fletcher16: every single-bit
             flip is caught)
The region is nvm[REGION : REGION + 2 * SLOT], away from the game's save (persist.py,
from offset 0), two slots written alternately, each with one slice assignment, so a
power cut spoils at most the slot being written.  If neither slot is valid and the
region is not blank, the counters start from zero and `note` says so; the game itself
never depends on them.
"""
from micropython import const

from sixtysix_core.persist import fletcher16, newer

PRESETS = const(8)
LEVELS = const(3)
COUNTERS = const(6)
C_MATCH_WON = const(0)
C_MATCH_LOST = const(1)
C_HAND_WON = const(2)
C_HAND_LOST = const(3)
C_SCHWARZ = const(4)
C_CLOSE_WON = const(5)
VERSION = const(1)
REGION = const(4096)
_N = PRESETS * LEVELS * COUNTERS
_BODY = 9 + 2 * _N
PREF_QUIET = const(1)
SLOT = _BODY + 2
_MAX = const(65535)


def decode_into(counts, mem, off):
    """The seq of a valid image at mem[off:], with its counters written into counts
    and its prefs byte into counts[N], or -1 (counts untouched) if it is not valid."""
    if len(mem) < off + SLOT:
        return -1
    if (mem[off] != 0x53 or mem[off + 1] != 0x74 or mem[off + 2] != VERSION
            or mem[off + 5] != PRESETS or mem[off + 6] != LEVELS
            or mem[off + 7] != COUNTERS):
        return -1
    s1, s2 = fletcher16(mem, off, off + _BODY)
    if mem[off + _BODY] != s1 or mem[off + _BODY + 1] != s2:
        return -1
    for i in range(_N):
        counts[i] = mem[off + 9 + 2 * i] | mem[off + 10 + 2 * i] << 8
    counts[_N] = mem[off + 8]
    return mem[off + 3] | mem[off + 4] << 8


def encode_into(buf, seq, counts, prefs=0):
    """Write the image of counts and prefs with save counter seq into buf (SLOT bytes)."""
    buf[0] = 0x53
    buf[1] = 0x74
    buf[2] = VERSION
    buf[3] = seq & 0xFF
    buf[4] = seq >> 8 & 0xFF
    buf[5] = PRESETS
    buf[6] = LEVELS
    buf[7] = COUNTERS
    buf[8] = prefs
    for i in range(_N):
        v = counts[i]
        buf[9 + 2 * i] = v & 0xFF
        buf[10 + 2 * i] = v >> 8
    s1, s2 = fletcher16(buf, 0, _BODY)
    buf[_BODY] = s1
    buf[_BODY + 1] = s2


class Stats:
    def __init__(self, nvm):
        self.nvm = nvm
        self.enabled = nvm is not None and len(nvm) >= REGION + 2 * SLOT
        self.counts = [0] * _N
        self.prefs = 0
        self.note = ""
        self._buf = bytearray(SLOT)
        self._slot = 0
        self._seq = 1
        if self.enabled:
            self.load()

    def load(self):
        """Read the newer valid slot; zero counters (with a note) if none is valid."""
        mem = self.nvm[REGION:REGION + 2 * SLOT]
        best = -1
        best_seq = 0
        spare = [0] * (_N + 1)
        for slot in range(2):
            seq = decode_into(spare, mem, slot * SLOT)
            if seq >= 0 and (best < 0 or newer(seq, best_seq)):
                best = slot
                best_seq = seq
                for i in range(_N):
                    self.counts[i] = spare[i]
                self.prefs = spare[_N]
        if best < 0:
            for i in range(_N):
                self.counts[i] = 0
            self.prefs = 0
            first = mem[0]
            for b in mem:
                if b != first or first not in (0, 0xFF):
                    self.note = "Statistics were damaged: reset to zero"
                    break
            self._slot, self._seq = 0, 1
        else:
            self._slot = 1 - best
            self._seq = (best_seq + 1) & 0xFFFF

    def save(self):
        """Write the counters into the next slot; False if off or the write failed."""
        if not self.enabled:
            return False
        encode_into(self._buf, self._seq, self.counts, self.prefs)
        start = REGION + self._slot * SLOT
        try:
            self.nvm[start:start + SLOT] = self._buf
        except (OSError, RuntimeError):
            self.note = "Could not save the statistics"
            return False
        self._slot = 1 - self._slot
        self._seq = (self._seq + 1) & 0xFFFF
        return True

    def get(self, preset, level, k):
        if 0 <= preset < PRESETS and 0 <= level < LEVELS:
            return self.counts[(preset * LEVELS + level) * COUNTERS + k]
        return 0

    def _add(self, preset, level, k):
        if 0 <= preset < PRESETS and 0 <= level < LEVELS:
            i = (preset * LEVELS + level) * COUNTERS + k
            if self.counts[i] < _MAX:
                self.counts[i] += 1

    def hand(self, preset, level, deal, me):
        """Count a finished hand of seat `me` (deal.py fields); a draw counts nothing."""
        w = deal.winner
        if w < 0:
            return
        self._add(preset, level, C_HAND_WON if w == me else C_HAND_LOST)
        if w == me and deal.tricks[1 - me] == 0:
            self._add(preset, level, C_SCHWARZ)
        if w == me and deal.closer == me:
            self._add(preset, level, C_CLOSE_WON)

    def match(self, preset, level, won):
        self._add(preset, level, C_MATCH_WON if won else C_MATCH_LOST)

    def reset(self):
        for i in range(_N):
            self.counts[i] = 0
        self.note = ""
        return self.save()
