"""A board's os on CircuitPython's unix port: the port's os plus getenv(), which reads
settings.toml on a board (None here, so the board modules take their defaults).
tools/standins/app_steps.py puts it into sys.modules as "os" before the BASE reading."""
from os import *  # noqa: F401,F403


def getenv(key, default=None):
    return default
