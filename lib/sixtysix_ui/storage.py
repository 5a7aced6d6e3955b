"""Copies sixtysix_core.persist images to and from non-volatile memory.

`nvm` is microcontroller.nvm on the device (8192 bytes on SAMD51, None on boards
without it, 256 bytes on SAMD21: too small for two slots), or a bytearray in tests and
the simulator.  Slot k is nvm[k * SLOT_SIZE : (k + 1) * SLOT_SIZE]; every save writes
one whole slot with a single slice assignment, alternating slots (persist.next_slot),
so a power cut can only spoil the slot being written.  After the slots, when the nvm
has room, one more slot holds the rules chosen for the next match (save_choice): the
slots keep the rules of the match in progress, so an option changed on the title during
a match would otherwise be lost on restart.

3- and 4-player matches (and a 3- or 4-player choice) are kept in persist_multi's own
region (nvm[1024:1536], two slots): table_multi.py, imported only for them.
Two bytes between the regions: KIND (nvm[1022]) says which one holds the latest state
(0x4D: the 3/4-player region; anything else: the two-player slots), written only when
it changes; INTENT (nvm[1023]) asks the next start for a new match of the kept choice
(table_multi._reload: 0x4E, else 0xFF); the App reads and clears it at its start.

note is a short text for the title screen ("" when all is well).
"""
from sixtysix_core import persist

_NEED = persist.NUM_SLOTS * persist.SLOT_SIZE
_CHOICE_END = _NEED + persist.SLOT_SIZE


class Storage:
    def __init__(self, nvm):
        self.nvm = nvm
        self.enabled = nvm is not None and len(nvm) >= _NEED
        self.note = "" if self.enabled else "Saving is off: no nvm"
        self._buf = bytearray(persist.SLOT_SIZE)
        self._choice = self.enabled and len(nvm) >= _CHOICE_END
        self._slot = 0
        self._seq = 1

    def load(self):
        """The newest valid save (persist.Saved) or None; sets note on damaged data."""
        if not self.enabled:
            return None
        mem = self.nvm[0:_NEED]
        slot, saved = persist.newest(mem)
        if saved is None:
            if not persist.blank(mem):
                self.note = "Old save unreadable"
            self._slot, self._seq = 0, 1
            return None
        if persist.damaged(mem):
            self.note = "Skipped a bad save"
        self._slot = (slot + 1) % persist.NUM_SLOTS
        self._seq = (saved.seq + 1) & 0xFFFF
        return saved

    def save_choice(self, settings, rules):
        """Keep the rules chosen for the next match (cold: on a title option change)."""
        if not self._choice:
            return False
        buf = self._buf
        n = persist.encode_into(buf, 0, settings, (1, 1, 1), None, None, rules)
        for i in range(n, persist.SLOT_SIZE):
            buf[i] = 0xFF
        return self._write(_NEED, buf)

    def load_choice(self, rules):
        """Copy the kept choice into rules if there is a valid one."""
        if not self._choice:
            return
        saved = persist.decode(self.nvm[_NEED:_CHOICE_END])
        if saved is not None and saved.rules.unsupported() is None:
            saved.rules.copy_into(rules)

    def _write(self, start, buf, size=persist.SLOT_SIZE):
        try:
            self.nvm[start:start + size] = buf
        except (OSError, RuntimeError):
            self.note = "Could not save"
            return False
        return True

    def save(self, settings, rng_state, match=None, deal=None, rules=None):
        """Write one image into the next slot; False if saving is off or it failed."""
        if not self.enabled:
            return False
        buf = self._buf
        n = persist.encode_into(buf, self._seq, settings, rng_state, match, deal, rules)
        for i in range(n, persist.SLOT_SIZE):
            buf[i] = 0xFF
        if not self._write(self._slot * persist.SLOT_SIZE, buf):
            return False
        self._slot = (self._slot + 1) % persist.NUM_SLOTS
        self._seq = (self._seq + 1) & 0xFFFF
        if len(self.nvm) > 1023 and self.nvm[1022] == 0x4D:    # KIND: these are current
            self._write(1022, b"\xff", 1)
        return True
