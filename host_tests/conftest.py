"""Shared pytest set-up: import paths and a micropython.const fallback for plain CPython."""
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The repository root holds the device's code.py, which would shadow the standard
# library's `code` module (pdb imports it): the root goes after the standard library.
while "" in sys.path:
    sys.path.remove("")
while ROOT in sys.path:
    sys.path.remove(ROOT)
for path in (ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if path not in sys.path:
        sys.path.append(path)

try:
    import micropython  # noqa: F401  (Blinka's, in the venv)
except ImportError:
    _shim = types.ModuleType("micropython")
    _shim.const = lambda value: value
    sys.modules["micropython"] = _shim
