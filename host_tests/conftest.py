"""Shared pytest set-up: import paths and a micropython.const fallback for plain CPython."""
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if path not in sys.path:
        sys.path.insert(0, path)

try:
    import micropython  # noqa: F401  (Blinka's, in the venv)
except ImportError:
    _shim = types.ModuleType("micropython")
    _shim.const = lambda value: value
    sys.modules["micropython"] = _shim
