"""The non-volatile memory map: every region and reserved byte of the app, named here only.

`nvm` is microcontroller.nvm on the device (8192 bytes on SAMD51, None on boards
without it, 256 bytes on SAMD21: too small for two slots), or a bytearray in tests and
the simulator.  No other module indexes it: they read and write through Storage.

    offset  size  what                                               written by
         0   512  two-player saves: 2 slots of 256 (persist.py)       Storage.save
       512   256  the rules chosen on the title for the next match     Storage.save_choice
                  (a persist.py image, seq 0)
      1022     2  INTENT: "start a new match after this reload",      Storage.set_intent
                  (seq, seq ^ 0xFF) of the newest save; else 0xFF 0xFF
      1024   512  3/4-player saves: 2 slots of 256 (persist_multi.py)  kind_multi.Kind.save
      4096   598  statistics: 2 slots of 299 (stats.py)                Stats.save

Every slot holds a checksummed image whose bytes 0-1 are its magic, 3-4 its length and
5-6 its save counter (seq).  Both save regions take their seq from ONE counter (seq,
the next to write), so the newest save of either kind is the valid image with the
newest seq (persist.newer, mod 65536): latest() tells which kind that is, from the
images' own headers and checksums, and nothing else says which kind is current.  A
power cut spoils at most the slot being written (one slice assignment per slot, slots
of a region written alternately), and a damaged slot only makes the next valid one the
newest.

INTENT is honoured only if its two bytes are (seq & 0xFF, ~seq & 0xFF) of the newest
save and that save holds no match in progress (intent()): so no damaged byte can start
a new match over a match that was saved.

note is a short text for the title screen ("" when all is well).
"""
from micropython import const

from sixtysix_core import persist

SLOT = const(256)               # persist.SLOT_SIZE == persist_multi.SLOT_SIZE
_TWO = const(0)                 # the two-player region
_CHOICE = const(512)
INTENT = const(1022)
MULTI = const(1024)             # persist_multi.BASE
STATS = const(4096)             # stats.py's region (stats.SLOT bytes a slot)
_END = const(768)               # what saving needs at least: the two regions of 2 slots
_MULTI_END = const(1536)


class Storage:
    def __init__(self, nvm):
        self.nvm = nvm
        self.enabled = nvm is not None and len(nvm) >= _END
        self.multi = self.enabled and len(nvm) >= _MULTI_END    # room for 3/4 players
        self.note = "" if self.enabled else "Saving is off: no nvm"
        self.buf = bytearray(SLOT)      # one image being written (either kind)
        self.seq = 1                    # the next save's counter, both kinds
        self.slot = [0, 0]              # the next slot of the two-player / 3-4 region
        self._newest = -1               # latest(): the region offset of the newest save
        self.found = 0                  # latest(): bit 0 a two-player save, bit 1 a 3/4
        self.latest()

    # ---------------------------------------------------------------- the raw map

    def read(self, start, size):
        """A copy of nvm[start:start + size] (b"" when saving is off)."""
        if self.nvm is None or len(self.nvm) < start + size:
            return b""
        return self.nvm[start:start + size]

    def write(self, start, buf, size=SLOT):
        """nvm[start:start + size] = buf in one assignment; False if it failed."""
        try:
            self.nvm[start:start + size] = buf
        except (OSError, RuntimeError):
            return False
        return True

    def _seq_at(self, off, magic1):
        """The seq of a checksum-valid image of magic b"6" + magic1 at nvm[off:], or -1."""
        nvm = self.nvm
        if nvm[off] != 0x36 or nvm[off + 1] != magic1:
            return -1
        n = nvm[off + 3] | nvm[off + 4] << 8
        if n < 15 or n > SLOT:
            return -1
        s1, s2 = persist.fletcher16(nvm, off, off + n - 2)
        if nvm[off + n - 2] != s1 or nvm[off + n - 1] != s2:
            return -1
        return nvm[off + 5] | nvm[off + 6] << 8

    def latest(self):
        """Scan both save regions' headers: 2 or 3 (3 or 4 players) for the kind of the
        newest checksum-valid save, 0 for none; sets found, seq, each region's next slot
        (the slot after the region's newest save), and the note for a region that holds
        no valid image and is not blank."""
        self._newest = -1
        self.found = 0
        if not self.enabled:
            return 0
        best = -1
        for region in (_TWO, MULTI):
            multi = region == MULTI
            if multi and not self.multi:
                break
            top = -1
            for k in (0, 1):
                seq = self._seq_at(region + k * SLOT, 0x4D if multi else 0x36)
                if seq >= 0 and (top < 0 or persist.newer(seq, top)):
                    top = seq
                    self.slot[multi] = 1 - k
            if top < 0:
                if not persist.blank_at(self.nvm, region, region + 2 * SLOT):
                    self.note = "Old save unreadable"
                continue
            self.found |= 2 if multi else 1
            if best < 0 or persist.newer(top, best):
                best = top
                self._newest = region + (1 - self.slot[multi]) * SLOT
        if best >= 0:
            self.seq = (best + 1) & 0xFFFF
        return 0 if self._newest < 0 else 2 if self._newest < MULTI else 3

    def put(self, region, n):
        """Write self.buf's image of length n (seq: self.seq) into the next slot of a
        region (0 for two players, MULTI), 0xFF after it; the counters move on as if it
        was written (a failed write only skips a seq)."""
        buf = self.buf
        for i in range(n, SLOT):
            buf[i] = 0xFF
        k = region != _TWO
        off = region + self.slot[k] * SLOT
        self.slot[k] ^= 1
        self.seq = (self.seq + 1) & 0xFFFF
        self._newest = off
        if self.write(off, buf):
            return True
        self.note = "Could not save"
        return False

    # ------------------------------------------------------- the new-match intent

    def set_intent(self):
        """Ask the next start for a new match (before a reload to the other kind)."""
        s = (self.seq - 1) & 0xFF           # the save just written
        return self.write(INTENT, bytes((s, s ^ 0xFF)), 2)

    def intent(self):
        """True if a valid intent names the newest save and that save has no match."""
        if self._newest < 0 or len(self.nvm) < INTENT + 2:
            return False
        nvm = self.nvm
        s = nvm[self._newest + 5]
        if nvm[INTENT] != s or nvm[INTENT + 1] != s ^ 0xFF:
            return False
        return not nvm[self._newest + 7] & persist.FLAG_MATCH

    def clear_intent(self):
        if self.nvm[INTENT] != 0xFF or self.nvm[INTENT + 1] != 0xFF:
            self.write(INTENT, b"\xff\xff", 2)

    # ----------------------------------------------------------- two-player saves

    def load(self):
        """The newest valid two-player save (persist.Saved) or None; sets note on
        damaged data."""
        if not self.enabled:
            return None
        mem = self.nvm[_TWO:_CHOICE]
        slot, saved = persist.newest(mem)
        if saved is None:
            if not persist.blank(mem):
                self.note = "Old save unreadable"
            return None
        if persist.damaged(mem):
            self.note = "Skipped a bad save"
        return saved

    def save(self, settings, rng_state, match=None, deal=None, rules=None):
        """Write one two-player image into the next slot; False if saving is off or it
        failed."""
        if not self.enabled:
            return False
        n = persist.encode_into(self.buf, self.seq, settings, rng_state, match, deal, rules)
        return self.put(_TWO, n)

    def save_choice(self, settings, rules):
        """Keep the rules chosen for the next match (cold: on a title option change)."""
        if not self.enabled:
            return False
        buf = self.buf
        n = persist.encode_into(buf, 0, settings, (1, 1, 1), None, None, rules)
        for i in range(n, SLOT):
            buf[i] = 0xFF
        if self.write(_CHOICE, buf):
            return True
        self.note = "Could not save"
        return False

    def load_choice(self, rules):
        """Copy the kept two-player choice into rules if there is a valid one."""
        if not self.enabled:
            return
        saved = persist.decode(self.nvm[_CHOICE:_CHOICE + SLOT])
        if saved is not None and saved.rules.unsupported() is None:
            saved.rules.copy_into(rules)
