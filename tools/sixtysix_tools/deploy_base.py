"""Shared pieces of the build/flash/bundle/libs/console commands.

Holds the one exception type (DeployError: its message is the single sentence the user
sees), the table of supported boards, the manifest name, and small helpers for hashing
and for printing progress (stdout) and warnings (stderr).
"""
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The file, on the drive and at the top of build/CIRCUITPY, that lists what a build owns.
MANIFEST_NAME = ".sixtysix-manifest.json"
MANIFEST_FORMAT = 1

# Our board name -> the `Board ID:` values of boot_out.txt it fits.  The OLED build runs
# on any board with a 128x64 SSD1306, so it has no fixed id and is never flagged.
BOARDS = {
    "pygamer": ("pygamer", "pygamer_advance"),
    "pybadge": ("pybadge", "edgebadge"),
    "oled": (),
}
DEFAULT_CP_MAJOR = 9
CP_MAJORS = (9, 10)


class DeployError(Exception):
    """A fault the user can act on; str(error) is one sentence, printed without traceback."""


def check_board(board):
    """Return `board` if we build for it, else raise DeployError listing the valid ones."""
    if board not in BOARDS:
        raise DeployError(f"unknown board {board!r}: choose one of {', '.join(BOARDS)}")
    return board


def board_for_id(board_id):
    """Our board name for a boot_out.txt `Board ID`, or None when it is not one we know."""
    for board, ids in BOARDS.items():
        if board_id in ids:
            return board
    return None


def sha256_bytes(data):
    return hashlib.sha256(data).hexdigest()


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def info(message):
    print(message, flush=True)


def warn(message):
    sys.stderr.write(f"warning: {message}\n")
    sys.stderr.flush()
