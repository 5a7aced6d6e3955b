"""`bench saves [--every N]`: probes of the handheld's saves from the outside (printed
figures, never a timed test).

Title actions: a match of each kind (2, 3 and 4 players) a few moves in, back to the
title, one title entry pressed once, twice or three times (and any page it opens left
again), then a restart on the same nvm: the same match must come back (rules, scores,
hand count, the hand's deal and log).

Damaged bytes: nvm holding a two-player match and a 3-player match, each kind in turn
saved last; every other value of every byte in nvm 1016-1031 (the intent bytes, the
end of the choice slot, the 3/4-player region's first header) and every single-bit
change of each region's slot headers (bytes 0-12 of nvm 0, 256, 1024 and 1280), then
a boot: counted as right when a match resumes that is the newest valid one of either
kind; wrong when no match or another one comes back while a valid one was there, or a
new match is started.  (--every N boots every Nth change only.)

Statistics: checksum-valid blocks with one impossible counter set (no more matches
than hands, no schwarz or close wins without won hands, none with 3 or 4 players, none
for a preset the app cannot play, no unknown preference bit) must all be refused, and
as many possible ones all accepted.

    python3 tools/sixtysix.py bench saves
"""
import os
import random
import sys

from sixtysix_tools.lab import ROOT

KINDS = ("CLASSIC_66", "THREE_PLAYER_PL", "FOUR_PLAYER_PL")


def _host():
    for p in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "host_tests")):
        if p not in sys.path:
            sys.path.insert(0, p)
    import test_saves_kept as T
    return T


def title_actions():
    """(resumed, tried) over every title entry and kind."""
    T = _host()
    from sixtysix_ui import app as A
    tried = resumed = 0
    for preset in KINDS:
        d = T._driver("pygamer", 4, preset)
        T._into_match(d)
        entries = T._title_entries(d)
        for label in entries:
            if label in ("Continue match", "New match"):
                continue
            for times in (1, 2, 3):
                d = T._driver("pygamer", 4, preset)
                T._into_match(d)
                T._title_entries(d)
                want = T._state(d.app)
                for _ in range(times):
                    title = d.app.title
                    if label not in title.lines:
                        break
                    title.sel = title.lines.index(label)
                    d.press("a")
                    d.settle()
                    T._back_to_title(d)
                app = T._restart(d)
                tried += 1
                if app.in_match and T._state(app) == want and app.screen == A.S_TITLE:
                    resumed += 1
    return resumed, tried


def damaged_bytes(every):
    """(right, booted, changes) over both kinds saved last."""
    T = _host()
    right = booted = total = 0
    for newest in ("CLASSIC_66", "THREE_PLAYER_PL"):
        nvm, older, want = T._nvm_with_both_kinds(newest)
        headers = [o + i for o in (0, 256, 1024, 1280) for i in range(13)]
        changes = [(i, v) for i in range(1016, 1032) for v in range(256) if v != nvm[i]]
        changes += [(i, nvm[i] ^ (1 << b)) for i in headers for b in range(8)]
        total += len(changes)
        for k, (i, v) in enumerate(changes):
            if k % every:
                continue
            mem = bytearray(nvm)
            mem[i] = v
            d = T._driver("oled", 7, None, nvm=mem)
            booted += 1
            got = T._state(d.app) if d.app.in_match else None
            # a change inside the newest slot's header spoils that slot: the slot before
            # it (the same match, a trick or so back) is then the newest valid save
            newest_at = 0 if newest == "CLASSIC_66" else 1024
            in_newest = newest_at <= i < newest_at + 512
            if got == want or (in_newest and got is not None and got[:2] == want[:2]):
                right += 1
    return right, booted, total


def statistics(n, seed):
    """(impossible accepted, impossible tried, possible refused, possible tried)."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from sixtysix_core import rules as R
    from sixtysix_ui import stats as S
    from sixtysix_ui.storage import Storage
    rng = random.Random(seed)
    names = R.preset_names()

    def block(impossible):
        st = S.Stats(Storage(bytearray(b"\xff" * 8192)))
        img = st.image
        for p in range(len(names)):
            players = R.preset(names[p]).players
            for lv in range(S.LEVELS):
                n0 = (p * S.LEVELS + lv) * S.COUNTERS
                won, lost = rng.randrange(0, 60000), rng.randrange(0, 60000)
                vals = {S.C_HAND_WON: won, S.C_HAND_LOST: lost,
                        S.C_MATCH_WON: rng.randrange(0, won + 1),
                        S.C_MATCH_LOST: rng.randrange(0, lost + 1),
                        S.C_SCHWARZ: 0 if players > 2 else rng.randrange(0, won + 1),
                        S.C_CLOSE_WON: 0 if players > 2 else rng.randrange(0, won + 1)}
                for k, v in vals.items():
                    img[9 + 2 * (n0 + k)] = v & 0xFF
                    img[10 + 2 * (n0 + k)] = v >> 8
        if impossible:
            p = rng.randrange(S.PRESETS)
            lv = rng.randrange(S.LEVELS)
            n0 = 9 + 2 * (p * S.LEVELS + lv) * S.COUNTERS

            def get(k):
                return img[n0 + 2 * k] | img[n0 + 2 * k + 1] << 8

            def put(k, v):
                img[n0 + 2 * k] = v & 0xFF
                img[n0 + 2 * k + 1] = v >> 8
            kind = rng.randrange(5)
            if p >= len(names):
                put(rng.randrange(S.COUNTERS), rng.randrange(1, 65536))
            elif kind == 0:
                put(S.C_MATCH_WON, get(S.C_HAND_WON) + rng.randrange(1, 100))
            elif kind == 1:
                put(S.C_MATCH_LOST, get(S.C_HAND_LOST) + rng.randrange(1, 100))
            elif kind == 2:
                put(S.C_SCHWARZ, get(S.C_HAND_WON) + rng.randrange(1, 100))
            elif kind == 3:
                put(S.C_CLOSE_WON, get(S.C_HAND_WON) + rng.randrange(1, 100))
            else:
                st.prefs = 1 << rng.randrange(1, 8)
        st.finish()
        mem = bytearray(b"\xff" * 8192)
        mem[S.REGION:S.REGION + S.SLOT] = st.image
        return S.Stats(Storage(mem)).note == ""

    bad_ok = sum(block(True) for _ in range(n))
    good_refused = sum(not block(False) for _ in range(n))
    return bad_ok, n, good_refused, n


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench saves", description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=cli.number(1), default=1,
                    help="boot every Nth damaged-byte change (1: all)")
    ap.add_argument("--stats", type=cli.number(1), default=2000,
                    help="statistics blocks of each sort")
    ap.add_argument("--seed", type=cli.number(0), default=1)
    ns = ap.parse_args(args)
    resumed, tried = title_actions()
    print("title actions during a match, then a restart: %d of %d resumed the same match"
          % (resumed, tried))
    right, booted, total = damaged_bytes(ns.every)
    print("damaged nvm bytes (1016-1031 every value, headers every bit; %d changes, %d "
          "booted): the newest valid match resumed in %d (%.1f%%), wrong in %d"
          % (total, booted, right, 100.0 * right / booted, booted - right))
    bad_ok, bad_n, good_no, good_n = statistics(ns.stats, ns.seed)
    print("statistics: impossible counter sets accepted %d of %d; possible ones refused %d "
          "of %d" % (bad_ok, bad_n, good_no, good_n))
    faults = (tried - resumed) + (booted - right) + bad_ok + good_no
    print("saves: %s" % ("all checks hold" if not faults else "%d FAULTS" % faults))
    return 0 if not faults else 1
