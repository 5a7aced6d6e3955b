# CircuitPython lane for the core (run: circuitpython -X heapsize=48k
# host_tests/mp/lane_core.py [ROOT], ROOT holding sixtysix_core/, default ".").
# Plain asserts, no pytest: CircuitPython has none.
#
# Plays 200 seeded random hands and, with micropython.heap_lock() held, generates the legal
# actions, applies each action and copies the state into a scratch Deal, and saves and
# restores the RuleSet: any allocation there raises MemoryError and the lane fails.
# Prints PASS/FAIL lines; exit status 1 on any failure.
import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
import gc
import micropython

from sixtysix_core import deal as D
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng

HANDS = 200
failures = 0


def report(name, ok, detail=""):
    global failures
    if ok:
        print("PASS", name, detail)
    else:
        failures += 1
        print("FAIL", name, detail)


def play_locked(d, scratch, rng, buf, hands):
    """Returns (hands, steps, error text or None)."""
    steps = 0
    for hand in range(hands):
        d.new_hand(hand % 2, rng)
        gc.collect()
        micropython.heap_lock()
        try:
            while d.phase != D.PH_OVER:
                n = d.legal_into(buf)
                a = buf[rng.below(n)]
                if a == D.A_OUT and d.total(d.to_move) < 66 and n > 1:
                    a = buf[0]
                d.copy_into(scratch)
                scratch.apply(a)
                d.apply(a)
                steps += 1
            d.legal_cards()
            d.legal_specials()
        except MemoryError:
            micropython.heap_unlock()
            return hand, steps, "allocation in a hot path (hand %d, step %d)" % (hand, steps)
        micropython.heap_unlock()
    return hands, steps, None


def check_same(a, b):
    for s in range(2):
        if (a.hand[s] != b.hand[s] or a.cardpts[s] != b.cardpts[s]
                or a.score_delta[s] != b.score_delta[s]):
            return False
    return a.phase == b.phase and a.winner == b.winner


def rules_locked(rules):
    """encode_into, decode_from and copy_into (every save and resume) under heap_lock;
    returns (round trip equal, error text or None)."""
    buf = bytearray(R.NUM_OPTIONS + 2)
    back = R.RuleSet()
    back.preset = rules.preset          # the preset index is saved apart (persist.py)
    copy = R.RuleSet()
    gc.collect()
    micropython.heap_lock()
    try:
        rules.encode_into(buf, 2)
        ok = back.decode_from(buf, 2)
        back.copy_into(copy)
    except MemoryError:
        micropython.heap_unlock()
        return False, "allocation in RuleSet save/restore"
    micropython.heap_unlock()
    return ok and copy.overrides() == rules.overrides(), None


def main():
    rng = Rng(66)
    seq = [rng.below(24) for _ in range(8)]
    report("rng sequence matches CPython", seq == [18, 8, 3, 6, 8, 9, 1, 23], str(seq))
    for preset in ("CLASSIC_66", "SCHNAPSEN_AT", "CZECH_66"):
        rules = R.preset(preset)
        d = D.Deal(rules)
        scratch = D.Deal(rules)
        buf = bytearray(40)
        rng = Rng(2026)
        hands, steps, err = play_locked(d, scratch, rng, buf, HANDS)
        report("heap_lock: legal/apply/copy_into allocate nothing, " + preset, err is None,
               "%d hands, %d steps%s" % (hands, steps, "" if err is None else "; " + err))
        report("copy_into + apply equals apply, " + preset, check_same(d, scratch))
        ok, err = rules_locked(rules)
        report("heap_lock: RuleSet encode/decode/copy allocate nothing, " + preset, ok,
               "" if err is None else err)
    gc.collect()
    print("mem_free after lane:", gc.mem_free())
    if failures:
        print("LANE FAILED:", failures)
        sys.exit(1)
    print("LANE OK")


main()
