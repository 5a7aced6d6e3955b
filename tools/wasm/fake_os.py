"""CircuitPython's os on CircuitPython's unix port: MicroPython's os plus getenv() (settings.toml;
None here, so the board modules take their defaults).  tools/wasm/app_steps.py puts it
into sys.modules as "os" before the BASE reading."""
from os import *  # noqa: F401,F403


def getenv(key, default=None):
    return default
