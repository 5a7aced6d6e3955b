"""The CircuitPython lane: CircuitPython's own unix port runs the bytes that go on a board.

The binaries are CircuitPython 10's unix port (`circuitpython`: 32-bit, pystack on, like
the boards) and its `mpy-cross`, in the folder $SIXTYSIX_CIRCUITPYTHON_BIN or else
../shared/circuitpython/bin beside the project (tools/sixtysix_tools/mpy.py finds it).

build_tree() writes what `build --mpy --cpy-version 10` writes (devbuild.run_build with
that mpy-cross), so the lane scripts load the board's own .mpy files from its lib/.
run() starts a script under `circuitpython -X heapsize=HEAP` with the pystack of a
CircuitPython 9 board (MICROPY_UNIX_PYSTACK_BYTES=1536; CircuitPython 10 boards have 2048
and this port takes the pystack from outside the heap, so passing with 1536 covers both).
The lane scripts (host_tests/mp_*.py, host_tests/mp/) use `micropython.heap_lock`,
`gc.mem_alloc` and `time.ticks_us`, which only the unix port has: none of it is device code.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tools"))

from sixtysix_tools import mpy  # noqa: E402

PYSTACK_CP9 = 1536
PYSTACK_CP10 = 2048
STAND_INS = os.path.join(ROOT, "tools", "standins")
HOW_TO_GET = ("CircuitPython lane skipped: no circuitpython and mpy-cross in $%s or "
              "../shared/circuitpython/bin (point $%s at a folder holding CircuitPython "
              "10's unix port as `circuitpython` and its `mpy-cross`, built from "
              "CircuitPython 10.2.1's source with 32-bit pystack on, as "
              "../shared/circuitpython/build.sh does)" % (mpy.ENV_BIN, mpy.ENV_BIN))


def binaries():
    """(circuitpython, mpy-cross) paths, or None if either is missing."""
    folder = mpy.circuitpython_bin()
    if folder is None:
        return None
    cp, cross = folder / "circuitpython", folder / "mpy-cross"
    if not (cp.is_file() and cross.is_file()):
        return None
    return str(cp), str(cross)


def tool(name):
    """Path of a tool: the lane's "circuitpython" and "mpy-cross" (binaries()), any
    other one from venv_tool(); None if absent."""
    if name in ("circuitpython", "mpy-cross"):
        found = binaries()
        return None if found is None else found[name == "mpy-cross"]
    return venv_tool(name)


def venv_tool(name):
    """Path of a tool next to this Python (the venv) or on PATH; None if absent."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else shutil.which(name)


def build_tree(out_root, use_mpy=True):
    """`build --mpy --cpy-version 10` (or without --mpy) into out_root; returns
    out_root/CIRCUITPY.  The device libraries come from the project's own pip cache
    (build/devlib-cache)."""
    from sixtysix_tools import devbuild
    cache = os.path.join(ROOT, "build", "devlib-cache")
    os.makedirs(cache, exist_ok=True)
    os.makedirs(out_root, exist_ok=True)
    link = os.path.join(out_root, "devlib-cache")
    if not os.path.exists(link):
        os.symlink(cache, link)
    # no --mpy-cross: the build finds the lane's mpy-cross itself (mpy.local_compiler)
    manifest = devbuild.run_build(ROOT, out_root, "pygamer", 10, use_mpy, None)
    if manifest["mpy"] != use_mpy:
        raise RuntimeError("build --mpy fell back to .py with " + tool("mpy-cross"))
    return os.path.join(out_root, "CIRCUITPY")


def compile_core(dest, packages=("sixtysix_core",)):
    """mpy-cross every module of the packages into dest/<package>/ as `build --mpy`
    compiles them; returns dest."""
    for package in packages:
        out_dir = os.path.join(dest, package)
        os.makedirs(out_dir, exist_ok=True)
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            if name.endswith(".py"):
                problem = mpy.compile_file(tool("mpy-cross"), os.path.join(ROOT, package, name),
                                           os.path.join(out_dir, name[:-3] + ".mpy"), name)
                if problem:
                    raise RuntimeError(problem)
    return dest


def stage_app(tree, dest):
    """dest/fw/: the firmware stand-ins (tools/standins/fake_*.py) under their module names,
    and dest/fake_os and dest/app_steps, all compiled to .mpy (laptop-only code, so
    compiling it keeps the compiler's own memory out of the measurement), and dest/lib,
    a link to the build's lib/; returns the sys.path of a run from dest: fw, lib, dest.
    (Paths relative to the run's folder: a module's __file__ is interned, so that it
    costs what "/lib/sixtysix_core/deal.mpy" costs on a board, not a long temp path.)"""
    fw = os.path.join(dest, "fw")
    os.makedirs(fw, exist_ok=True)
    os.symlink(os.path.join(tree, "lib"), os.path.join(dest, "lib"))
    for name in sorted(os.listdir(STAND_INS)):
        steps = name in ("app_steps.py", "app_steps_multi.py")
        if not name.endswith(".py") or not (name.startswith("fake_") or steps):
            continue
        module = name if steps or name == "fake_os.py" else name[len("fake_"):]
        target = os.path.join(dest if module == name else fw, module[:-3] + ".mpy")
        # the source name a traceback shows: the bare module name, interned on import
        # anyway (as devbuild names our modules), not "keypad.py", one more qstr each
        problem = mpy.compile_file(tool("mpy-cross"), os.path.join(STAND_INS, name), target,
                                   module[:-3])
        if problem:
            raise RuntimeError(problem)
    return ["fw", "lib", dest]


def run(args, heap, cwd=None, pystack=PYSTACK_CP9, timeout=600):
    """Run `circuitpython -X heapsize=heap ARGS...` with the given pystack bytes."""
    env = dict(os.environ, MICROPY_UNIX_PYSTACK_BYTES=str(pystack))
    return subprocess.run([tool("circuitpython"), "-X", "heapsize=" + heap] + list(args),
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def run_script(script, heap, *args, **kw):
    """Run a lane script (a path) with ARGS; the CompletedProcess.  Lane scripts take
    the folder that holds sixtysix_core/ first: run them with cwd=the build tree and
    "lib", as a board's /lib."""
    return run([script] + [str(a) for a in args], heap, **kw)
