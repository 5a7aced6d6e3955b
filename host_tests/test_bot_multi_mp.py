"""The 3- and 4-player bot on the device lanes: nothing allocated under heap_lock.

host_tests/mp_bot_multi_alloc.py runs with the core compiled to .mpy, under the unix
MicroPython of the lane and under CircuitPython 10's unix port from the shared folder
(../shared/circuitpython/bin: circuitpython and its own mpy-cross), when present.
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
SHARED_CP = os.path.join(os.path.dirname(ROOT), "shared", "circuitpython", "bin")


def _lanes():
    from sixtysix_tools.bench_bot import find_tool
    out = []
    mp, cross = find_tool("micropython"), find_tool("mpy-cross")
    if mp and cross:
        out.append(("micropython", mp, cross))
    cp = os.path.join(SHARED_CP, "circuitpython")
    cp_cross = os.path.join(SHARED_CP, "mpy-cross")
    if os.path.exists(cp) and os.path.exists(cp_cross):
        out.append(("circuitpython", cp, cp_cross))
    return out


LANES = _lanes()


@pytest.mark.skipif(not LANES, reason="no micropython / circuitpython lane found")
@pytest.mark.parametrize("lane", LANES, ids=[lane[0] for lane in LANES])
def test_multi_bot_allocates_nothing(lane, tmp_path):
    from sixtysix_tools.bench_bot import build_mpy
    _name, exe, cross = lane
    root = build_mpy(cross, str(tmp_path))
    r = subprocess.run([exe, "-X", "heapsize=160k",
                        os.path.join(ROOT, "host_tests", "mp_bot_multi_alloc.py"), root, "2"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "PASS" in r.stdout, r.stdout + r.stderr
