"""A board's os on CircuitPython's unix port: the port's os plus getenv(), which reads
settings.toml on a board: here the process's environment stands in for its
SIXTYSIX_LANG (bench heap32 --lang sets it), and every other key is None, so the board
modules take their defaults.
tools/standins/app_steps.py puts it into sys.modules as "os" before the BASE reading."""
import os as _port
from os import *  # noqa: F401,F403


def getenv(key, default=None):
    if key == "SIXTYSIX_LANG":
        value = _port.getenv(key)
        if value is not None:
            return value
    return default
