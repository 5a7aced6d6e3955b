"""The non-volatile memory map: every region and reserved byte of the app, named here only.

`nvm` is microcontroller.nvm on the device (8192 bytes on SAMD51, None on boards
without it, 256 bytes on SAMD21: too small for two slots), or a bytearray in tests and
the simulator.  No other module indexes it: they read and write through Storage.

    offset  size  what                                               written by
         0   512  two-player saves: 2 slots of 256 (persist.py)       Storage.save
       512   256  the rules chosen on the title for the next match     Storage.save_choice
                  (a persist.py image, seq 0)
      1022     2  INTENT: "start a new match after this reload",      title.reload
                  (seq, seq ^ 0xFF) of the newest save; else 0xFF 0xFF
      1024   512  3/4-player saves: 2 slots of 256 (persist_multi.py)  kind_multi.Kind.save
      4096   598  statistics: 2 slots of 299 (stats.py)                Stats.save

Every slot holds a checksummed image whose bytes 0-1 are its magic, 3-4 its length and
5-6 its save counter (seq).  Both save regions take their seq from ONE counter (seq,
the next to write), so the newest save of either kind is the valid image with the
newest seq (persist.newer, mod 65536): start.scan tells which kind that is at the
app's start, from the images' own headers and checksums, and nothing else says which
kind is current.  A
power cut spoils at most the slot being written (one slice assignment per slot, slots
of a region written alternately), and a damaged slot only makes the next valid one the
newest.

INTENT is honoured only if its two bytes are (seq & 0xFF, ~seq & 0xFF) of the newest
save and that save holds no match in progress (start.scan): so no damaged byte can
start a new match over a match that was saved.  Reading the saves back is start.py's
(loaded only at the start); this module writes them.

note is the id of a short text for the title screen (words.py; 0 when all is well).
"""
from micropython import const

from sixtysix_core import persist

SLOT = const(256)               # persist.SLOT_SIZE == persist_multi.SLOT_SIZE
_TWO = const(0)                 # the two-player region
CHOICE = const(512)
INTENT = const(1022)
MULTI = const(1024)             # the 3/4-player region
STATS = const(4096)             # stats.py's region (stats.SLOT bytes a slot)
_END = const(768)               # what saving needs at least: the two regions of 2 slots
_MULTI_END = const(1536)
# words: start
_W_SAVING_OFF = const(1027)
_W_NOT_SAVED = const(1028)


class Storage:
    def __init__(self, nvm):
        self.nvm = nvm
        self.enabled = nvm is not None and len(nvm) >= _END
        self.multi = self.enabled and len(nvm) >= _MULTI_END    # room for 3/4 players
        self.note = 0 if self.enabled else _W_SAVING_OFF
        self.buf = bytearray(SLOT)      # one image being written (either kind)
        self.seq = 1                    # the next save's counter, both kinds
        self.slot = [0, 0]              # the next slot of the two-player / 3-4 region
        self.other = None               # start.scan: the other kind's match, (players,
                                        # the offset of its image), for title.other

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
        if self.write(off, buf):
            return True
        self.note = _W_NOT_SAVED
        return False

    # ----------------------------------------------------------- two-player saves

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
        if self.write(CHOICE, buf):
            return True
        self.note = _W_NOT_SAVED
        return False
