"""The 3- and 4-player saves: persist_multi images in their own nvm region.

A Storage (storage.py) holds the nvm and its one slot buffer; the functions here add
the region nvm[persist_multi.BASE : BASE + 2 * SLOT_SIZE], written in alternate slots
as the two-player saves are (a power cut spoils at most the slot being written), and
mark it current in Storage's KIND byte.  The next slot and seq are kept on the Storage
(mslot, mseq; read from the region before the first write of a run).  Imported only
for 3- and 4-player matches and choices: the two-player app's heap does not carry it.
"""
from sixtysix_core import persist
from sixtysix_core import persist_multi as PM

KIND = 1022                 # storage.py: which region is current (0x4D: this one)
INTENT = 1023               # storage.py: 0x4E asks the next start for a new match

_SIZE = PM.NUM_SLOTS * PM.SLOT_SIZE


def load(st):
    """The newest valid 3/4-player save (persist_multi.SavedMulti) or None; sets
    st.note on damaged data."""
    mem = st.nvm[PM.BASE:PM.BASE + _SIZE]
    slot, saved = PM.newest(mem)
    if saved is None:
        if not persist.blank(mem):
            st.note = "Old save unreadable"
        return None
    if PM.damaged(mem):
        st.note = "Skipped a bad save"
    st.mslot = (slot + 1) % PM.NUM_SLOTS
    st.mseq = (saved.seq + 1) & 0xFFFF
    return saved


def save(st, settings, rng_state, match=None, deal=None, rules=None):
    """Write one image (persist_multi.encode_into) into the region's next slot; False
    if saving is off or it failed."""
    if not st.enabled or len(st.nvm) <= INTENT:
        return False
    if getattr(st, "mslot", -1) < 0:        # not over newer saves of an earlier run
        st.mslot, st.mseq = PM.next_slot(st.nvm[PM.BASE:PM.BASE + _SIZE])
    buf = st._buf
    n = PM.encode_into(buf, st.mseq, settings, rng_state, match, deal, rules)
    for i in range(n, persist.SLOT_SIZE):
        buf[i] = 0xFF
    if not st._write(PM.BASE + st.mslot * PM.SLOT_SIZE, buf):
        return False
    st.mslot = (st.mslot + 1) % PM.NUM_SLOTS
    st.mseq = (st.mseq + 1) & 0xFFFF
    if st.nvm[KIND] != 0x4D:
        st._write(KIND, b"\x4d", 1)
    return True


def save_app(app):
    """The App's state into the region of its kind: a 3/4-player match or choice here,
    a two-player choice (no match on) in the two-player slots."""
    st = app.storage
    on = app.nseats > 2 and app.in_match
    if on or app.choice.players != 2:
        save(st, app.settings, app.rng.get_state(), app.match if on else None,
             app.deal if on else None, app.choice)
    else:
        st.save(app.settings, app.rng.get_state(), None, None, app.choice)


def reload(app, reload_now):
    """Start a match of the other kind after a reload (app.App._reload): the old match
    is given up (as a new match does), the choice kept, a new match asked for at the
    next start (Storage.INTENT), then reload_now() (supervisor.reload)."""
    app.in_match = False
    save_app(app)
    st = app.storage
    if not st._choice or len(st.nvm) <= INTENT or not st._write(INTENT, b"\x4e", 1):
        return False
    reload_now()
    return True
