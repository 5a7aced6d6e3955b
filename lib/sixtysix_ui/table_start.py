"""The starts of a 3/4-player match: the app's start on a 3/4-player save, and the reload
for a 3/4-player match from a two-player start (table_multi.enter, steps 0 and 2).

Imported for a start and dropped after it (table_multi.enter), so that the play does not
carry this code.  The 3/4-player saves are persist_multi images in their own nvm region,
nvm[persist_multi.BASE : BASE + 2 * SLOT_SIZE] (table_multi.save writes them); load()
reads the newest and sets the Storage's next slot and seq (mslot, mseq).
"""
from micropython import const

from sixtysix_core import persist
from sixtysix_core import persist_multi as PM
from sixtysix_ui.render import unload
from sixtysix_ui.table_multi import save_app

_INTENT = const(1023)           # storage.py: 0x4E asks the next start for a new match
_REGION = const(512)            # persist_multi's region: NUM_SLOTS * SLOT_SIZE


def enter(app, step, supervisor=None):
    """Step 0: the two-player slot counters, then the latest 3/4-player save resumed;
    step 2: save and reload (_reload); step 3: the review's import ran out of heap
    (TableMulti._open_review): the modules it finished go again (`supervisor`: the
    names in sys.modules before it) and the summary says so in one line."""
    if step == 2:
        return _reload(app, supervisor)
    import sys
    if step == 3:
        for name in list(sys.modules):
            if name not in supervisor:
                unload(name)
        app.summary.footer = "No memory to review"
        app.dirty = True
        return False
    st = app.storage
    engine = [m for m in ("sixtysix_core.deal", "sixtysix_core.match") if m not in sys.modules]
    st.load()                   # the two-player slot counters (its saves go after them)
    for m in engine:            # a two-player save replayed (persist.decode): not kept
        unload(m)
    _resume(app, load(st))
    return True


def load(st):
    """The newest valid 3/4-player save (a persist.Saved of persist_multi) or None; sets
    st.note on damaged data, and when even a collection leaves no heap to replay it."""
    import gc
    mem = st.nvm[PM.BASE:PM.BASE + _REGION]
    for tries in (1, 2):
        try:
            slot, saved = PM.newest(mem)
            break
        except MemoryError:         # a full heap is no damaged save (persist_multi)
            gc.collect()
            if tries == 2:
                st.note = "No memory to resume"
                return None
    if saved is None:
        if not persist.blank(mem):
            st.note = "Old save unreadable"
        return None
    try:
        if PM.damaged(mem):
            st.note = "Skipped a bad save"
    except MemoryError:
        pass
    st.mslot = (slot + 1) % PM.NUM_SLOTS
    st.mseq = (saved.seq + 1) & 0xFFFF
    return saved


def _reload(app, supervisor):
    """Start a match of the other kind after a reload (App.new_match on a board): the old
    match is given up (as a new match does), the choice kept, a new match asked for at
    the next start (Storage._INTENT), then supervisor.reload() (False, and nothing
    changed, without it: the laptop plays both kinds in one heap).  The name `reload` is
    here, not in app.py: the two-player app's heap holds no name it does not use."""
    reload_now = getattr(supervisor, "reload", None)
    if reload_now is None:
        return False
    app.in_match = False
    save_app(app)
    st = app.storage
    if not st._choice or len(st.nvm) <= _INTENT or not st._write(_INTENT, b"\x4e", 1):
        return False
    reload_now()
    return True


def _resume(app, saved):
    """The settings, the choice, and the match and hand in progress of a save."""
    from sixtysix_core import rules as R
    if saved is None:
        return
    app.settings = saved.settings
    if saved.rng_state is not None:
        app.rng.set_state(saved.rng_state)
    saved.choice.copy_into(app.choice)     # the match's rules, or those chosen since
    if saved.match is not None:
        saved.rules.copy_into(app.rules)
        app.match_preset = R.preset_names().index(app.rules.preset)
        app.configure()
        m = saved.match
        m.rules = app.rules
        app.match = m
        if saved.deal is not None:
            saved.deal.copy_into(app.deal)
        else:
            app.deal.new_hand(m.dealer, app.rng)
        app.in_match = True
