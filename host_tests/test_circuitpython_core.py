"""Every module of sixtysix_core/ imports on CircuitPython, alone, from its .mpy.

The core is compiled as `build --mpy` compiles it (CircuitPython 10's mpy-cross, -O3),
then each module is imported in a fresh `circuitpython` process whose sys.path holds
only that compiled core: no firmware stand-ins, no lib/, nothing of the laptop's.  So a
module passes only if it and what it imports need nothing CircuitPython lacks (codecs,
typing, ...) and nothing outside the core.  The core's host-side imports are checked
without the lane by test_the_core_imports_only_the_core_and_builtins.
"""
import ast
import os

import pytest

import mplane

ROOT = mplane.ROOT
CORE = os.path.join(ROOT, "sixtysix_core")
MODULES = sorted(n[:-3] for n in os.listdir(CORE) if n.endswith(".py") and n != "__init__.py")
# what the core may import besides itself: CircuitPython's built-in modules that touch no
# hardware, no clock and no randomness (the core's Rng is its own)
BUILTINS = ("micropython", "gc", "sys", "io", "array", "struct", "math")
# each case passes or fails for itself; a module listed here must still fail (strict)
KNOWN = {}
HEAP = "1m"          # an import check, not a memory budget (bench heap32 measures those)

lane = pytest.mark.skipif(mplane.binaries() is None, reason=mplane.HOW_TO_GET)


def _cases():
    for name in MODULES:
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[name])] if name in KNOWN else []
        yield pytest.param(name, marks=marks, id=name)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """A folder whose lib/sixtysix_core/ holds every core module as .mpy."""
    dest = str(tmp_path_factory.mktemp("cpcore"))
    mplane.compile_core(os.path.join(dest, "lib"))
    return dest


@lane
@pytest.mark.parametrize("name", list(_cases()))
def test_the_core_module_imports_on_circuitpython(compiled, name):
    code = ("import sys\nsys.path[:] = ['lib']\nimport sixtysix_core.%s\n"
            "assert sys.modules['sixtysix_core.%s'].__file__.endswith('.mpy')\n"
            "print('IMPORTED')\n" % (name, name))
    r = mplane.run(["-c", code], HEAP, cwd=compiled, timeout=120)
    assert r.returncode == 0 and r.stdout.strip().endswith("IMPORTED"), (
        "sixtysix_core.%s does not import on CircuitPython:\n%s%s"
        % (name, r.stdout[-1500:], r.stderr[-1500:]))


def _outside_imports(path):
    """The modules outside the core that the file imports, anywhere in it."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module.split(".")[0])
    return sorted(found - {"sixtysix_core"})


@pytest.mark.parametrize("name", list(_cases()))
def test_the_core_imports_only_the_core_and_builtins(name):
    outside = sorted(set(_outside_imports(os.path.join(CORE, name + ".py"))) - set(BUILTINS))
    assert not outside, "sixtysix_core.%s imports %s (the core may import only itself and %s)" % (
        name, ", ".join(outside), ", ".join(BUILTINS))


def test_the_import_reader_sees_a_planted_import(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("import gc\n\ndef f():\n    import time\n"
                       "    from sixtysix_core import rules\n")
    assert _outside_imports(str(planted)) == ["gc", "time"]
