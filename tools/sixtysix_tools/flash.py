"""Copy a build onto a CIRCUITPY drive so that the board always keeps a working build.

The copy runs in phases, and the board's previous build stays runnable until the last:

1. plan: compare the build with the drive; copy only files whose bytes differ.  Files
   a previous flash owned (the drive's .sixtysix-manifest.json) that this build no
   longer has are removed, unless the user changed them since.  Files we never owned
   are never touched, and an existing settings.toml is never overwritten.
2. check free space for every new file at once (shutil.disk_usage).
3. stage: write every new file under a temporary name next to its target, read it
   back and compare its hash.  Any failure here removes the temporary files and leaves
   the old build untouched.
4. commit: os.replace() each temporary file onto its target, code.py last (each write
   of code.py restarts the board), then remove obsolete files, write the manifest and
   sync.
"""
import json
import os
import shutil
from pathlib import Path, PurePosixPath

from sixtysix_tools.devbuild import load_manifest
from sixtysix_tools.deploy_base import (
    BOARDS, DeployError, MANIFEST_FORMAT, MANIFEST_NAME, info, sha256_bytes, sha256_file, warn)

TEMP_SUFFIX = ".sixtysix-tmp"
CODE_BACKUP = "code-before-sixtysix.py"
CLUSTER = 1024          # round each file up to this when estimating space
RESERVE = 16 * 1024     # the manifest, folder entries and a little slack


class Plan:
    """What a flash will do: targets to copy, to remove, and the drive manifest after."""

    def __init__(self):
        self.copy = []           # targets (relative posix paths) to write
        self.remove = []         # targets a previous flash owned that go away
        self.unchanged = 0       # targets already identical on the drive
        self.notes = []          # one line per file left alone on purpose
        self.backup_code = False # the user's own code.py gets saved first
        self.owned = {}          # the drive manifest's "files" after the flash


def _safe_target(target):
    """True for a plain relative path inside the drive (manifests on drives are untrusted)."""
    path = PurePosixPath(target)
    return bool(target) and not path.is_absolute() and ".." not in path.parts \
        and ":" not in target and "\\" not in target


def _same(path, entry):
    try:
        return path.stat().st_size == entry["size"] and sha256_file(path) == entry["sha256"]
    except (OSError, KeyError, TypeError):      # missing file, or a damaged manifest entry
        return False


def _shadowed_by_mpy(drive, target, old_files):
    """A pinned .py library that an .mpy of the user's (from `libs`/circup) replaces."""
    if not target.endswith(".py"):
        return False
    twin = target[:-3] + ".mpy"
    return twin not in old_files and (drive / twin).is_file()


def make_plan(build, manifest, drive, drive_manifest):
    """Compare build/CIRCUITPY (`build`, `manifest`) with `drive`; returns a Plan."""
    plan = Plan()
    old_files = (drive_manifest or {}).get("files", {})
    new_files = manifest["files"]
    placed = set()
    for target, entry in sorted(new_files.items()):
        dest = drive / target
        if entry["kind"] == "settings":
            if dest.exists():
                plan.notes.append(f"keep {target} (the drive's own)")
            else:
                plan.copy.append(target)
            continue
        if entry["kind"] == "devlib" and _shadowed_by_mpy(drive, target, old_files):
            plan.notes.append(f"skip {target} (the drive has its .mpy from `libs`)")
            continue
        placed.add(target)
        plan.owned[target] = entry
        if _same(dest, entry):
            plan.unchanged += 1
        else:
            plan.copy.append(target)
    code = drive / "code.py"
    if "code.py" in plan.copy and "code.py" not in old_files and code.is_file() \
            and not (drive / CODE_BACKUP).exists():
        plan.backup_code = True
    for target, entry in sorted(old_files.items()):
        if target in placed or not _safe_target(target) or not isinstance(entry, dict):
            continue
        if entry.get("kind") == "devlib" and not manifest.get("device_libs"):
            plan.owned[target] = entry      # this build has no libraries: keep the old ones
            continue
        dest = drive / target
        if not dest.is_file():
            continue
        if _same(dest, entry):
            plan.remove.append(target)
        else:
            plan.notes.append(f"leave {target} (changed on the drive since the last flash)")
    # code.py goes last: each write of it restarts the board.
    plan.copy.sort(key=lambda target: (target == "code.py", target))
    return plan


def check_space(build, plan, drive):
    """DeployError if the staged files would not fit on the drive next to the old ones."""
    sizes = [(build / target).stat().st_size for target in plan.copy]
    if plan.backup_code:
        sizes.append((drive / "code.py").stat().st_size)
    needed = sum(-(-size // CLUSTER) * CLUSTER for size in sizes) + RESERVE
    free = shutil.disk_usage(drive).free
    if needed > free:
        raise DeployError(f"the new files need {needed // 1024} KB but {drive} has only "
                          f"{free // 1024} KB free: delete files you no longer need from the "
                          "drive, or build with --mpy, and flash again")


def write_file(path, data):
    """Write `data` to `path` and push it to the device (tests replace this to inject faults)."""
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _stage(drive, target, data):
    """Write `data` beside `target` under a temporary name and verify it; returns that name.

    On any failure the temporary file is removed before the exception goes on.
    """
    dest = drive / target
    temp = dest.with_name(dest.name + TEMP_SUFFIX)
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_file(temp, data)
        if sha256_file(temp) != sha256_bytes(data):
            raise DeployError(f"{target} read back differently from what was written: the "
                              "drive may be failing; the board still has its previous build")
    except BaseException:
        _discard([temp])
        raise
    return temp


def _discard(paths):
    for path in paths:
        try:
            os.remove(path)
        except OSError:
            pass


def _remove_leftover_temps(drive):
    """Remove temporary files an earlier flash left when the board was unplugged mid-copy."""
    _discard(path for path in drive.rglob("*" + TEMP_SUFFIX) if path.is_file())


def _os_error_sentence(exc, drive, during):
    errno_name = {30: "read-only", 13: "read-only", 1: "read-only", 28: "full"}.get(exc.errno)
    if errno_name == "read-only":
        return (f"{drive} is read-only ({exc.strerror}) {during}: the board's code may have "
                "remounted it (storage.remount) or the OS mounted it read-only; reset the "
                "board and flash again; the board still has its previous build")
    if errno_name == "full":
        return (f"{drive} ran out of space {during}: delete files you no longer need and "
                "flash again; the board still has its previous build")
    return (f"writing to {drive} failed {during} ({exc.strerror or exc}); the board still "
            "has its previous build: check the cable and flash again")


def stage_all(build, plan, drive):
    """Phase 3: every new file written under a temporary name; returns [(temp, dest)]."""
    staged = []
    try:
        if plan.backup_code:
            temp = _stage(drive, CODE_BACKUP, (drive / "code.py").read_bytes())
            staged.append((temp, drive / CODE_BACKUP))
        for target in plan.copy:
            staged.append((_stage(drive, target, (build / target).read_bytes()), drive / target))
        return staged
    except OSError as exc:
        _discard(temp for temp, _ in staged)
        raise DeployError(_os_error_sentence(exc, drive, "while copying")) from None
    except KeyboardInterrupt:
        _discard(temp for temp, _ in staged)
        raise DeployError("the copy was interrupted before anything was replaced: the board "
                          "still has its previous build; flash again") from None
    except DeployError:
        _discard(temp for temp, _ in staged)
        raise


def commit(staged, plan, drive, manifest):
    """Phase 4: move staged files into place (code.py last), remove obsolete ones, sync."""
    try:
        for index, (temp, dest) in enumerate(staged):
            os.replace(temp, dest)
            staged[index] = (None, dest)
    except (OSError, KeyboardInterrupt) as exc:
        _discard([t for t, _ in staged if t is not None])
        detail = getattr(exc, "strerror", None) or type(exc).__name__
        raise DeployError(f"moving the new files into place on {drive} failed ({detail}); "
                          "the old code.py is still there: flash again to finish") from None
    for target in plan.remove:
        try:
            os.remove(drive / target)
            _prune_empty_dirs(drive, (drive / target).parent)
        except OSError:
            warn(f"could not remove the old {target} from the drive")
    _write_drive_manifest(drive, manifest, plan.owned)
    if hasattr(os, "sync"):
        os.sync()


def _prune_empty_dirs(drive, folder):
    """Remove folders emptied by removals, up to (not including) / and /lib."""
    keep = {drive.resolve(), (drive / "lib").resolve()}
    while folder.resolve() not in keep and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def _write_drive_manifest(drive, manifest, owned):
    record = {key: manifest.get(key) for key in
              ("board", "circuitpython", "mpy", "device_libs", "built")}
    record["format"] = MANIFEST_FORMAT
    record["tool"] = "sixtysix"
    record["files"] = dict(sorted(owned.items()))
    try:
        temp = _stage(drive, MANIFEST_NAME, (json.dumps(record, indent=1) + "\n").encode())
        os.replace(temp, drive / MANIFEST_NAME)
    except OSError as exc:
        raise DeployError(f"the new build is in place but its manifest could not be written "
                          f"({exc.strerror or exc}): flash again so later flashes can tidy "
                          "up") from None


def check_compatible(manifest, boot):
    """Warn when the build is for another board; refuse .mpy files of another major."""
    board = manifest["board"]
    if boot.board_id is None:
        warn("boot_out.txt has no Board ID line, so the board could not be checked")
    elif BOARDS[board] and boot.board_id not in BOARDS[board]:
        warn(f"this build is for the {board} but the drive's board is {boot.board_id!r}: "
             "flashing anyway (use --board to build for another board)")
    if manifest.get("mpy") and boot.major != manifest.get("circuitpython"):
        raise DeployError(f"this build's .mpy files are for CircuitPython "
                          f"{manifest.get('circuitpython')}.x but the board runs "
                          f"{boot.version}, which cannot load them: rebuild with "
                          f"`build --mpy --cpy-version {boot.major}` or without --mpy")
    if boot.major < 9:
        warn(f"the board runs CircuitPython {boot.version}; Sixty-Six needs 9 or newer: "
             "update the firmware (copy the .uf2 to the ...BOOT drive)")


def describe(plan):
    """Lines telling what the plan does."""
    lines = [f"copy {target}" for target in plan.copy]
    lines += [f"remove {target}" for target in plan.remove]
    lines += plan.notes
    if plan.backup_code:
        lines.insert(0, f"save the drive's own code.py as {CODE_BACKUP}")
    return lines


def flash_build(build, manifest, drive, dry_run=False):
    """Bring `drive` in line with the build; returns the Plan that was (or would be) done."""
    build, drive = Path(build), Path(drive)
    drive_manifest = load_manifest(drive)
    plan = make_plan(build, manifest, drive, drive_manifest)
    for line in describe(plan):
        info(("would " if dry_run else "") + line)
    if dry_run:
        info(f"dry run: {len(plan.copy)} to copy, {len(plan.remove)} to remove, "
             f"{plan.unchanged} unchanged; nothing written")
        return plan
    if not plan.copy and not plan.remove and drive_manifest is not None \
            and drive_manifest["files"] == plan.owned:
        info(f"{drive} is already up to date ({plan.unchanged} files)")
        return plan
    if "code.py" not in manifest["files"]:
        warn("this build has no code.py, so the board keeps the code.py it has")
    _remove_leftover_temps(drive)
    check_space(build, plan, drive)
    staged = stage_all(build, plan, drive)
    commit(staged, plan, drive, manifest)
    info(f"flashed {drive}: {len(plan.copy)} copied, {len(plan.remove)} removed, "
         f"{plan.unchanged} unchanged")
    return plan


def drop_shadowed_devlibs(drive):
    """After `libs`: remove our pinned .py libraries that now have an .mpy twin.

    CircuitPython imports foo.py before foo.mpy, so a leftover .py would hide the smaller
    .mpy that circup installed.  Only unchanged files we own are removed.
    """
    drive = Path(drive)
    drive_manifest = load_manifest(drive)
    if drive_manifest is None:
        return []
    owned = dict(drive_manifest["files"])
    removed = []
    for target, entry in sorted(drive_manifest["files"].items()):
        if not (_safe_target(target) and isinstance(entry, dict)
                and entry.get("kind") == "devlib"
                and _shadowed_by_mpy(drive, target, drive_manifest["files"])):
            continue
        del owned[target]
        if _same(drive / target, entry):
            try:
                os.remove(drive / target)
                removed.append(target)
            except OSError:
                warn(f"could not remove {target}, which hides its .mpy")
    if removed or len(owned) != len(drive_manifest["files"]):
        _write_drive_manifest(drive, drive_manifest, owned)
        info(f"removed {len(removed)} .py libraries that the new .mpy ones replace")
    return removed
