"""The rules engine and the bots: pure Python, no hardware imports.

Its modules write `from micropython import const` (folded at compile time on the boards).
A CPython with nothing installed has no `micropython` module (the venv has Blinka's):
there this package puts a stand-in in sys.modules before any of its modules loads, whose
const(value) is the value, so the core imports on a plain Python as it is.
"""
try:
    import micropython  # noqa: F401
except ImportError:
    import sys
    sys.modules["micropython"] = _stand_in = type(sys)("micropython")
    _stand_in.const = lambda value: value  # type: ignore[attr-defined]
