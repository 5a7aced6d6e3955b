"""The app's start: which save resumes, its resume, and the new-match intent.

Imported once by App.__init__ and dropped after it, with the save readers it loaded
(sixtysix_core.persist_load, persist_multi's decoder), so that neither the title nor the
play carries this code.  The offsets are storage.py's (the nvm map); this module reads
copies of the regions (Storage.read) and writes only through the Storage.

start(app)   scan the save regions, resume the newest valid save of either kind (else
             the other kind's, else nothing: the choice's kind, fresh); True if a valid
             intent asks for a new match at once (before a reload to the other kind)
scan(st)     (kind of the newest checksum-valid save: 2, 3 for 3 or 4 players, 0 for
             none; intent; found: bit 0 a two-player image, bit 1 a 3/4-player one):
             sets st.seq, st.slot and st.note, and st.other (the other kind's newest
             save holds a match: (its players, its offset), else None), from the images'
             own headers (bytes 0-1 magic, 3-4 length, 5-6 seq, 7 flags, 13 the
             players) and checksums
resume(app, multi)   a kind's newest valid save into the App (its settings, choice,
             match and hand); False if there is none
"""
from micropython import const

from sixtysix_core import persist
from sixtysix_core import rules as R
from sixtysix_ui.render import unload
from sixtysix_ui.storage import CHOICE, INTENT, MULTI, SLOT

_PREF_LANG = const(14)          # stats.PREF_LANG
# words: start
_W_UNREADABLE = const(1024)
_W_SKIPPED = const(1025)
_W_LANG_DAMAGED = const(1029)
_W_NO_MEMORY = const(1026)


def scan(st):
    """(kind, intent, found) of the nvm: see the module's docstring; found has bit 0
    for a two-player image, bit 1 for a 3/4-player one."""
    found = 0
    if not st.enabled:
        return 0, False, 0
    mem = st.read(0, MULTI + 2 * SLOT) if st.multi else st.read(0, 3 * SLOT)
    best = newest = other = -1
    st.other = None
    for region in (0, MULTI):
        multi = region == MULTI
        if multi and not st.multi:
            break
        top = -1
        for k in (0, 1):
            off = region + k * SLOT         # a checksum-valid image of its magic: its seq
            n = mem[off + 3] | mem[off + 4] << 8
            if mem[off] != 0x36 or mem[off + 1] != (0x4D if multi else 0x36) \
                    or n < 15 or n > SLOT:
                continue
            s1, s2 = persist.fletcher16(mem, off, off + n - 2)
            if mem[off + n - 2] != s1 or mem[off + n - 1] != s2:
                continue
            seq = mem[off + 5] | mem[off + 6] << 8
            if top < 0 or persist.newer(seq, top):
                top = seq
                st.slot[multi] = 1 - k
        if top < 0:
            if not persist.blank_at(mem, region, region + 2 * SLOT):
                st.note = _W_UNREADABLE
            continue
        found |= 2 if multi else 1
        at = region + (1 - st.slot[multi]) * SLOT
        if best < 0 or persist.newer(top, best):
            if newest >= 0:
                other = newest
            best = top
            newest = at
        else:
            other = at
    if newest < 0:
        return 0, False, found
    st.seq = (best + 1) & 0xFFFF
    # the other kind's newest save, when it holds a match: the title offers it too
    # (byte 7 the flags, byte 13 the players' value index: 2, 3 or 4 players)
    if other >= 0 and mem[other + 7] & persist.FLAG_MATCH:
        st.other = (2 + mem[other + 13], other)
    s = mem[newest + 5]         # the intent names the newest save, which holds no match
    intent = (len(mem) > INTENT + 1 and mem[INTENT] == s and mem[INTENT + 1] == s ^ 0xFF
              and not mem[newest + 7] & persist.FLAG_MATCH)
    return (3 if newest >= MULTI else 2), intent, found


def set_lang(app, code):
    """Speak language `code` (words.LANGS) from now on: its catalog and its letters (a
    note on the title if its catalog could not be read)."""
    from sixtysix_ui import words
    if not words.load(code) and not app.storage.note:
        app.storage.note = _W_LANG_DAMAGED
    app.render.set_letters(words.letters)


def _lang(app):
    """The language chosen on the title (statistics' prefs), else settings.toml's
    SIXTYSIX_LANG ("pl"), else English."""
    from sixtysix_ui import words
    k = (app.prefs & _PREF_LANG) >> 1
    if 0 < k <= len(words.LANGS):
        return words.LANGS[k - 1]
    try:
        from os import getenv
        return getenv("SIXTYSIX_LANG") or "en"
    except ImportError:
        return "en"


def start(app):
    import sys
    set_lang(app, _lang(app))                   # before any text is read
    st = app.storage
    newest, intent, found = scan(st)
    if st.read(INTENT, 2) not in (b"", b"\xff\xff"):
        st.write(INTENT, b"\xff\xff", 2)        # read once: cleared
    for multi in ((True, False) if newest == 3 else (False, True)):
        if not found & (2 if multi else 1):
            continue
        had = list(sys.modules)
        app.set_kind(multi)
        if resume(app, multi):
            break
        app.kind = app.match = app.deal = app.view = app.bot_view = app.table = None
        for name in list(sys.modules):
            if name not in had:
                unload(name)
    names = R.preset_names()
    if app.settings.preset not in app.presets:
        app.settings.preset = app.presets[0]
    if app.choice.preset != names[app.settings.preset]:     # the title's choice
        R.preset(names[app.settings.preset]).copy_into(app.choice)
    if app.kind is None:                    # nothing resumed: the choice's kind, fresh
        app.choice.copy_into(app.rules)
        app.set_kind(app.rules.players > 2)
        app.kind.configure()
    unload("sixtysix_core.persist_load")
    return intent


def resume(app, multi):
    """The newest valid save of a kind (app.kind, made: two players, or 3/4 with multi)
    into the App: its settings, choice, match and hand; False if there is none."""
    if multi:
        return _resume_multi(app)
    from sixtysix_core import persist_load as PL
    st = app.storage
    mem = st.read(0, 2 * SLOT)
    slot, saved = PL.newest(mem)
    if saved is None:
        if not persist.blank_at(mem, 0, len(mem)):
            st.note = _W_UNREADABLE
        return False
    if PL.damaged(mem):
        st.note = _W_SKIPPED
    app.settings = saved.settings
    if saved.rng_state is not None:
        app.rng.set_state(saved.rng_state)
    saved.rules.copy_into(app.choice)
    saved.rules.copy_into(app.rules)
    app.match_preset = R.preset_names().index(saved.rules.preset)
    app.kind.configure()
    m = saved.match
    if m is not None and not m.is_over():
        mine = app.match
        for s in range(2):
            mine.scores[s] = m.scores[s]
        mine.dealer = m.dealer
        mine.target = m.target
        mine.draw_bonus = m.draw_bonus
        mine.hands = m.hands
        mine.winner = -1
        if saved.deal is not None:
            saved.deal.copy_into(app.deal)
        else:
            app.deal.new_hand(mine.dealer, app.rng)
        app.in_match = True
    # the rules chosen on the title since (two players: the CHOICE slot)
    kept = PL.decode(st.read(CHOICE, SLOT))
    if kept is not None and kept.rules.unsupported() is None:
        kept.rules.copy_into(app.choice)
    return True


def _resume_multi(app):
    """The newest valid 3/4-player save (persist_multi.newest) into the App; when even a
    collection leaves no heap to replay it, the note says so (the save is kept)."""
    import gc
    from sixtysix_core import persist_multi as PM
    st = app.storage
    mem = st.read(MULTI, 2 * SLOT)
    if not mem:
        return False
    for tries in (1, 2):
        try:
            slot, saved = PM.newest(mem)
            break
        except MemoryError:         # a full heap is no damaged save (persist_multi)
            gc.collect()
            if tries == 2:
                st.note = _W_NO_MEMORY
                return False
    if saved is None:
        if not persist.blank_at(mem, 0, len(mem)):
            st.note = _W_UNREADABLE
        return False
    try:
        if PM.damaged(mem):
            st.note = _W_SKIPPED
    except MemoryError:
        pass
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
