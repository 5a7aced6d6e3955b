"""Find the board's CIRCUITPY drive and read its boot_out.txt.

Looks where the operating systems mount it: /media/<user>/CIRCUITPY and
/run/media/<user>/CIRCUITPY and any mount point in /proc/mounts ending in /CIRCUITPY
(Linux; a second board shows up as CIRCUITPY1), /Volumes/CIRCUITPY (macOS; a second one
is "CIRCUITPY 1"), and on Windows every drive letter whose volume label is CIRCUITPY.
Exactly one drive must be found, or `--path` names it.
"""
import glob
import os
import re
import string
import sys
from pathlib import Path

from sixtysix_tools.deploy_base import DeployError

LABEL = "CIRCUITPY"
_MOUNT_NAME = re.compile(r"^CIRCUITPY( ?\d+)?$")
_VERSION = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)\S*")
_BOARD_ID = re.compile(r"^Board ID:\s*(\S+)", re.MULTILINE)


class BootInfo:
    """What boot_out.txt says: `version` ("9.2.8"), `major` (9) and `board_id` (or None)."""

    def __init__(self, version, major, board_id):
        self.version = version
        self.major = major
        self.board_id = board_id


def parse_boot_out(text):
    """BootInfo from the text of boot_out.txt, or None if it is not CircuitPython's."""
    version = _VERSION.search(text)
    if version is None:
        return None
    board_id = _BOARD_ID.search(text)
    return BootInfo(version.group(0).split()[1], int(version.group(1)),
                    board_id.group(1) if board_id else None)


def read_boot_out(drive):
    """BootInfo of the drive; DeployError if boot_out.txt is missing or not CircuitPython's."""
    path = Path(drive) / "boot_out.txt"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        raise DeployError(f"{drive} has no readable boot_out.txt, so it does not look like a "
                          "CircuitPython drive: check --path, or reset the board so "
                          "CircuitPython writes the file again") from None
    boot = parse_boot_out(text)
    if boot is None:
        raise DeployError(f"{path} does not name a CircuitPython version: is this a "
                          "CircuitPython drive?")
    return boot


def _linux_mounts(mounts_file="/proc/mounts"):
    """Mount points from /proc/mounts whose last part is CIRCUITPY (or CIRCUITPY1, ...)."""
    try:
        with open(mounts_file, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        fields = line.split()
        if len(fields) < 2:
            continue
        # /proc/mounts escapes space, tab, newline and backslash as octal (\040 ...).
        mount = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[1])
        if _MOUNT_NAME.match(os.path.basename(mount)):
            found.append(mount)
    return found


def _windows_drives():
    """Drive roots whose volume label is CIRCUITPY (Windows only)."""
    import ctypes

    kernel32 = ctypes.windll.kernel32
    old_mode = kernel32.SetErrorMode(1)   # no "insert a disk" dialogs for empty readers
    found = []
    try:
        mask = kernel32.GetLogicalDrives()
        for index, letter in enumerate(string.ascii_uppercase):
            if not mask >> index & 1:
                continue
            root = f"{letter}:\\"
            label = ctypes.create_unicode_buffer(261)
            ok = kernel32.GetVolumeInformationW(ctypes.c_wchar_p(root), label, len(label),
                                                None, None, None, None, 0)
            if ok and label.value == LABEL:
                found.append(root)
    finally:
        kernel32.SetErrorMode(old_mode)
    return found


def find_drives():
    """Every mounted CIRCUITPY drive on this machine (normalised, no duplicates)."""
    if sys.platform == "win32":
        candidates = _windows_drives()
    elif sys.platform == "darwin":
        candidates = [p for p in glob.glob("/Volumes/CIRCUITPY*")
                      if _MOUNT_NAME.match(os.path.basename(p))]
    else:
        candidates = []
        for pattern in ("/media/*/CIRCUITPY*", "/run/media/*/CIRCUITPY*", "/media/CIRCUITPY*"):
            candidates += [p for p in glob.glob(pattern)
                           if _MOUNT_NAME.match(os.path.basename(p))]
        candidates += _linux_mounts()
    drives = []
    for path in candidates:
        real = os.path.realpath(path)
        if os.path.isdir(real) and real not in drives:
            drives.append(real)
    return drives


def choose_drive(path=None):
    """The drive to use: `path` when given, else the single CIRCUITPY drive found."""
    if path:
        if not os.path.isdir(path):
            raise DeployError(f"{path} is not a folder: pass --path the mounted CIRCUITPY drive")
        return Path(path)
    drives = find_drives()
    if not drives:
        raise DeployError("no CIRCUITPY drive is mounted: plug the board in with a data USB "
                          "cable (press reset once if it does not show up), or pass --path")
    if len(drives) > 1:
        raise DeployError(f"found {len(drives)} CIRCUITPY drives ({', '.join(drives)}): "
                          "pick one with --path")
    return Path(drives[0])
