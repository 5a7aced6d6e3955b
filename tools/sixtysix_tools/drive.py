"""Find the board's CIRCUITPY drive, read its boot_out.txt, and guard every change to it.

Looks where the operating systems mount it: /media/<user>/CIRCUITPY and
/run/media/<user>/CIRCUITPY and any mount point in /proc/mounts ending in /CIRCUITPY
(Linux; a second board shows up as CIRCUITPY1), /Volumes/CIRCUITPY (macOS; a second one
is "CIRCUITPY 1"), and on Windows every drive letter whose volume label is CIRCUITPY.
Exactly one drive must be found, or `--path` names it.

DriveOps is the only way flash.py changes the drive: paths are relative posix paths
("sixtysix/ab12/x.py"), and before each mkdir, write, rename, remove or rmdir it refuses
(DeployError, one sentence) a path that passes through a symbolic link or whose real
path is outside the drive.  read_manifest() reads the drive's .sixtysix-manifest.json
as untrusted input: anything malformed counts as no manifest.
"""
import glob
import json
import os
import re
import stat
import string
import sys
from pathlib import Path

from sixtysix_tools.deploy_base import MANIFEST_NAME, DeployError

LABEL = "CIRCUITPY"
_MOUNT_NAME = re.compile(r"^CIRCUITPY( ?\d+)?$")
_VERSION = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)\S*")
_BOARD_ID = re.compile(r"^Board ID:\s*(\S+)", re.MULTILINE)
# "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyGamer with samd51j19"
_BOARD_NAME = re.compile(r";\s*(?:Adafruit\s+)?(.+?)\s+with\s+\S+\s*$", re.IGNORECASE)


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
    return BootInfo(version.group(0).split()[1], int(version.group(1)), _board_id(text))


def _board_id(text):
    """The `Board ID:` line, else the board named on any line ("...; Adafruit PyGamer with
    samd51j19" gives "pygamer"), as a board id: lower case, spaces as "_"."""
    found = _BOARD_ID.search(text)
    if found:
        return found.group(1)
    for line in text.splitlines():
        named = _BOARD_NAME.search(line)
        if named:
            return re.sub(r"[^a-z0-9]+", "_", named.group(1).lower()).strip("_") or None
    return None


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


op_hook = None              # see DriveOps
MANIFEST_LIMIT = 1 << 20     # a real manifest is a few KB


def _valid_entry(target, entry):
    return (isinstance(target, str) and safe_target(target) and isinstance(entry, dict)
            and isinstance(entry.get("sha256"), str)
            and re.fullmatch(r"[0-9a-f]{64}", entry["sha256"]) is not None
            and type(entry.get("size")) is int and entry["size"] >= 0
            and isinstance(entry.get("kind"), str))


def read_manifest(root):
    """(manifest, None), (None, None) when there is none, or (None, why) when it is
    malformed: not JSON, too deep, too big, or any entry of the wrong shape."""
    path = Path(root) / MANIFEST_NAME
    try:
        if not path.is_file():
            return None, None
        if path.stat().st_size > MANIFEST_LIMIT:
            return None, f"it is larger than {MANIFEST_LIMIT >> 20} MB"
        manifest = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        return None, f"it cannot be read ({exc.strerror or exc})"
    except (ValueError, RecursionError):
        return None, "it is not valid JSON"
    except MemoryError:
        return None, "it is nested too deeply"
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if not isinstance(files, dict) or not all(_valid_entry(t, e) for t, e in files.items()):
        return None, "its list of files is damaged"
    build = manifest.get("build")
    if build is not None and not (isinstance(build, str) and safe_target(build)):
        return None, "its build folder is damaged"
    temps = manifest.get("temps", {})
    if not isinstance(temps, dict) or not all(
            safe_target(t) and isinstance(hashes, list) and all(
                isinstance(h, str) and re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes)
            for t, hashes in temps.items()):
        return None, "its list of temporary files is damaged"
    return manifest, None


def safe_target(target):
    """True for a plain relative posix path (no .., no drive letter, no backslash, no
    control characters such as NUL, valid UTF-8, no part longer than a FAT name)."""
    if not isinstance(target, str) or not target or len(target) > 1024:
        return False
    try:
        target.encode("utf-8")
    except UnicodeEncodeError:          # a lone surrogate from "\udc80" in JSON
        return False
    parts = target.split("/")
    return not target.startswith("/") and ":" not in target and "\\" not in target \
        and not any(ord(c) < 32 or ord(c) == 127 for c in target) \
        and all(part not in ("", ".", "..") and len(part) <= 255 for part in parts)


class DriveOps:
    """Every change flash makes to the drive, each checked first (see the module doc).

    `write(path, data)` is the function that writes a file (flash.write_file).  The
    module's `op_hook`, if set, is called as op_hook(kind, target, data) before each
    operation: the tests use it to stop a flash at any one of them.
    """

    def __init__(self, root, write):
        self.root = os.path.realpath(root)
        self._write = write

    def path(self, target):
        return os.path.join(self.root, *target.split("/"))

    def check(self, target):
        """DeployError unless `target` is inside the drive with no symbolic link on the way.

        Its real path is resolved from the drive's real root one component at a time (an
        lstat each): a component that is a link is refused, so the path stays inside.
        """
        if not safe_target(target):
            raise DeployError(f"{target!r} is not a plain path inside the drive, so flash "
                              "will not touch it")
        here = self.root
        for part in target.split("/"):
            here = os.path.join(here, part)
            try:
                mode = os.lstat(here).st_mode
            except (FileNotFoundError, NotADirectoryError):
                break
            if stat.S_ISLNK(mode):
                shown = os.path.relpath(here, self.root).replace(os.sep, "/")
                raise DeployError(f"{shown} on the drive is a symbolic link (to "
                                  f"{os.readlink(here)}), and flash changes nothing "
                                  "outside the drive: replace it with a real folder or file "
                                  "and flash again")
        if os.name == "nt":       # junctions are not links to lstat
            real = os.path.realpath(self.path(target))
            if os.path.commonpath([real, self.root]) != self.root:
                raise DeployError(f"{target} leads outside the drive ({real}), and flash "
                                  "changes nothing outside the drive: replace it with a "
                                  "real folder or file and flash again")
        return self.path(target)

    def _op(self, kind, target, data=None):
        path = self.check(target)
        if op_hook is not None:
            op_hook(kind, target, data)
        return path

    def mkdir(self, target):
        os.mkdir(self._op("mkdir", target))

    def write(self, target, data):
        self._write(self._op("write", target, data), data)

    def replace(self, source, target):
        self.check(source)
        os.replace(self.path(source), self._op("replace", target))

    def remove(self, target):
        os.remove(self._op("remove", target))

    def rmdir(self, target):
        os.rmdir(self._op("rmdir", target))
