"""The player's statistics: matches and hands against the bot, kept in their own nvm region.

Counters per ruleset (the index of the match's preset in rules.preset_names(), below
PRESETS) and bot level (below LEVELS), COUNTERS of them in this order:
  C_MATCH_WON, C_MATCH_LOST, C_HAND_WON, C_HAND_LOST, C_SCHWARZ (hands won with the bot
  taking no trick), C_CLOSE_WON (hands won after closing the talon oneself)
Each is 0..65535 and stops at 65535.  Counter n = (preset * LEVELS + level) * COUNTERS + k.

Image (version 1, SLOT bytes, 16-bit values little-endian); Stats.image is the image
itself, so the counters cost no other heap:
  off  size  field
    0     2  magic b"St"
    2     1  version 1
    3     2  seq: of two valid slots the newer wins (mod 65536, persist.newer)
    5     1  PRESETS, 6 LEVELS, 7 COUNTERS (an image of another shape is refused)
    8     1  prefs: bit 0 set = sound off (the title's "Sound" option, sound.py), bits
             1-3 the title's language (1 + its index in words.LANGS; 0: not chosen,
             settings.toml's SIXTYSIX_LANG or English), bits 4-6 the step "Learn 66"
             resumes at (lesson.py, 0: the first); kept here so that the game's
             save format stays as it is; reset() keeps it
    9   2*N  the N = PRESETS * LEVELS * COUNTERS counters, counter n at 9 + 2n
  9+2N    2  Fletcher-16 over bytes 0 .. 8+2N (persist.fletcher16: every single-bit
             flip is caught)
The region is storage.STATS (storage.py's map), two slots written alternately through
the Storage, each with one slice assignment, so a power cut spoils at most the slot
being written.  A slot counts as valid only if its checksum holds and its counters are
ones that some sequence of matches gives (possible()); if neither slot is valid and
the region is not blank, the counters start from zero and `note` says so; the game
itself never depends on them.
"""
from micropython import const

from sixtysix_core.persist import fletcher16, newer
from sixtysix_ui.storage import STATS

PRESETS = const(8)
LEVELS = const(3)
COUNTERS = const(6)
C_MATCH_WON = const(0)
C_MATCH_LOST = const(1)
C_HAND_WON = const(2)
C_HAND_LOST = const(3)
C_SCHWARZ = const(4)
C_CLOSE_WON = const(5)
PREF_QUIET = const(1)
PREF_LANG = const(14)           # bits 1-3: 1 + the index in words.LANGS, 0: not chosen
PREF_LESSON = const(112)        # bits 4-6: the step "Learn 66" resumes at (lesson.py)
# words: stats
_W_DAMAGED = const(653)
_W_NOT_SAVED = const(654)
REGION = STATS
N = const(144)                  # PRESETS * LEVELS * COUNTERS
SLOT = const(299)               # 9 + 2 * N + 2
_BODY = const(297)
_HEAD = b"St\x01\x00\x00\x08\x03\x06"


def valid(mem, off):
    """The seq of a valid image at mem[off:], or -1 (reads mem byte by byte)."""
    if len(mem) < off + SLOT:
        return -1
    for i in range(8):
        if i != 3 and i != 4 and mem[off + i] != _HEAD[i]:
            return -1
    s1, s2 = fletcher16(mem, off, off + _BODY)
    if mem[off + _BODY] != s1 or mem[off + _BODY + 1] != s2:
        return -1
    if not possible(mem, off):
        return -1
    return mem[off + 3] | mem[off + 4] << 8


def possible(mem, off):
    """True if matches could give the image's counters: only the sound bit, a lesson
    step and a language (1..5, words.LANGS) among the prefs; nothing counted for a preset the app
    cannot play; per preset and level no more matches won than hands won (a match is
    won by winning hands), lost than hands lost, schwarz or close wins than hands won;
    no schwarz or close with 3 or 4 players (not counted there)."""
    from sixtysix_core import rules as R
    prefs = mem[off + 8]
    if prefs & ~(PREF_QUIET | PREF_LANG | PREF_LESSON) or (prefs & PREF_LANG) >> 1 > 5:
        return False
    names = R.preset_names()
    for p in range(PRESETS):
        players = 0
        if p < len(names):
            rules = R.preset(names[p])
            if rules.unsupported() is None:
                players = rules.players
        for lv in range(LEVELS):
            i = off + 9 + 2 * (p * LEVELS + lv) * COUNTERS
            c = [mem[i + 2 * k] | mem[i + 2 * k + 1] << 8 for k in range(COUNTERS)]
            if not players:
                if any(c):
                    return False
            elif (c[C_MATCH_WON] > c[C_HAND_WON] or c[C_MATCH_LOST] > c[C_HAND_LOST]
                  or c[C_SCHWARZ] > c[C_HAND_WON] or c[C_CLOSE_WON] > c[C_HAND_WON]
                  or players > 2 and (c[C_SCHWARZ] or c[C_CLOSE_WON])):
                return False
    return True


class Stats:
    def __init__(self, storage):
        self.storage = storage
        self.enabled = len(storage.read(REGION, 2 * SLOT)) == 2 * SLOT
        self.note = 0
        self.prefs = 0
        self.image = bytearray(SLOT)
        self._slot = 0
        self._seq = 1
        self._clear()
        if self.enabled:
            self.load()

    def _clear(self):
        img = self.image
        for i in range(SLOT):
            img[i] = 0
        img[0:8] = _HEAD

    def load(self):
        """Take the newer valid slot; zero counters (with a note) if none is valid."""
        mem = self.storage.read(REGION, 2 * SLOT)
        best = -1
        best_seq = 0
        for slot in range(2):
            seq = valid(mem, slot * SLOT)
            if seq >= 0 and (best < 0 or newer(seq, best_seq)):
                best = slot
                best_seq = seq
        if best < 0:
            self._clear()
            first = mem[0]
            for i in range(2 * SLOT):
                if mem[i] != first or first not in (0, 0xFF):
                    self.note = _W_DAMAGED
                    break
            return
        off = best * SLOT
        self.image[:] = mem[off:off + SLOT]
        self.prefs = self.image[8]
        self._slot = 1 - best
        self._seq = (best_seq + 1) & 0xFFFF

    def finish(self):
        """Put seq, prefs and the checksum into the image (save() writes it)."""
        img = self.image
        img[3] = self._seq & 0xFF
        img[4] = self._seq >> 8
        img[8] = self.prefs
        s1, s2 = fletcher16(img, 0, _BODY)
        img[_BODY] = s1
        img[_BODY + 1] = s2

    def save(self):
        """Write the image into the next slot; False if off or the write failed."""
        if not self.enabled:
            return False
        self.finish()
        if not self.storage.write(REGION + self._slot * SLOT, self.image, SLOT):
            self.note = _W_NOT_SAVED
            return False
        self._slot = 1 - self._slot
        self._seq = (self._seq + 1) & 0xFFFF
        return True

    def get(self, preset, level, k):
        if 0 <= preset < PRESETS and 0 <= level < LEVELS:
            i = 9 + 2 * ((preset * LEVELS + level) * COUNTERS + k)
            return self.image[i] | self.image[i + 1] << 8
        return 0

    def add(self, preset, level, k):
        """Counter k of a preset and level, plus one (stops at 65535)."""
        v = self.get(preset, level, k)
        if 0 <= preset < PRESETS and 0 <= level < LEVELS and v < 65535:
            i = 9 + 2 * ((preset * LEVELS + level) * COUNTERS + k)
            self.image[i] = (v + 1) & 0xFF
            self.image[i + 1] = (v + 1) >> 8

    def hand(self, preset, level, deal, me):
        """Count a finished hand of seat `me` (deal.py fields); a draw counts nothing."""
        w = deal.winner
        if w < 0:
            return
        self.add(preset, level, C_HAND_WON if w == me else C_HAND_LOST)
        if w == me and deal.tricks[1 - me] == 0:
            self.add(preset, level, C_SCHWARZ)
        if w == me and deal.closer == me:
            self.add(preset, level, C_CLOSE_WON)

    def match(self, preset, level, won):
        self.add(preset, level, C_MATCH_WON if won else C_MATCH_LOST)

    def reset(self):
        self._clear()
        self.note = 0
        return self.save()

    def counts(self):
        """Every counter, counter n at index n (the page and tests; allocates)."""
        img = self.image
        return [img[9 + 2 * n] | img[10 + 2 * n] << 8 for n in range(N)]
