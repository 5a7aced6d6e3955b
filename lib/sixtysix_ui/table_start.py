"""The start of a 3/4-player match from its save (kind_multi.Kind.resume).

Imported for a start and dropped after it, so that the play does not carry this code.
The 3/4-player saves are persist_multi images in storage.py's MULTI region; resume()
reads the newest valid one and puts its settings, choice, match and hand into the App.
"""
from sixtysix_core import persist
from sixtysix_core import persist_multi as PM
from sixtysix_core import rules as R
from sixtysix_ui.storage import MULTI, SLOT


def load(st):
    """The newest valid 3/4-player save (a persist.Saved of persist_multi) or None; sets
    st.note on damaged data, and when even a collection leaves no heap to replay it."""
    import gc
    mem = st.read(MULTI, PM.NUM_SLOTS * SLOT)
    if not mem:
        return None
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
    return saved


def resume(app):
    """The settings, the choice, and the match and hand in progress of the newest save;
    False if there is no valid one."""
    saved = load(app.storage)
    if saved is None:
        return False
    app.settings = saved.settings
    if saved.rng_state is not None:
        app.rng.set_state(saved.rng_state)
    saved.choice.copy_into(app.choice)     # the match's rules, or those chosen since
    saved.rules.copy_into(app.rules)
    app.match_preset = R.preset_names().index(app.rules.preset)
    app.kind.configure()
    if saved.match is not None:
        m = saved.match
        m.rules = app.rules
        app.match = m
        if saved.deal is not None:
            saved.deal.copy_into(app.deal)
        else:
            app.deal.new_hand(m.dealer, app.rng)
        app.in_match = True
    return True
