"""Copy a build onto a CIRCUITPY drive as one atomic switch: it boots the old or the new.

On the drive (build/CIRCUITPY is the flat layout of a bundle; flash moves its lib/ into a
folder of its own):

    code.py                   the build's code.py with BUILD = "sixtysix/<id>"
    sixtysix/<id>/            the build's lib/: our packages and the pinned libraries;
                              <id> is a hash of the folder's files
    settings.toml             written only when the drive has none, never removed
    code-before-sixtysix.py   a code.py flash replaced that it had not written itself,
                              kept (the next free name: code-before-sixtysix-2.py, ...)
    .sixtysix-manifest.json   what the tool wrote: path -> sha256, size, kind; "build";
                              while a flash runs, "temps": the temporary files it writes

A flash, every change through drive.DriveOps (nothing outside the drive, no symlinks):
1. plan, check every path it will touch and the free space: nothing written yet.
2. remove temporary files (*.sixtysix-tmp) an interrupted flash left: only those the
   manifest lists as its own temporary files whose content is what it meant to write
   there (or the start of it: a write cut short); any other is left alone with a note.
3. journal: the manifest lists the new folder's files and its temporary files before
   any of them exists, so a later flash can tidy up whatever a stop leaves.
4. write the new folder (each file under a temporary name, read back, renamed),
   settings.toml and the code.py backup.  The old code.py imports only its own folder
   (or /lib), so neither a stop nor CircuitPython's auto-reload runs a mix.
5. commit: code.py.sixtysix-tmp renamed onto code.py, the one switch.
6. tidy: remove the files of older builds whose content still matches the manifest,
   only under sixtysix/, the old flat layout's lib/sixtysix_* and the pinned libraries
   it had in lib/, and the folders they leave empty; then the final manifest.
A manifest entry is trusted only where the file's content is what the tool wrote: an
old build folder's entries only when their hashes give the folder's own name (build_id),
the flat layout's only where the build has that very file (an older flat layout's other
files stay, behind the build folder that code.py imports first).  A file flash would
write over that is not a trusted one of its own is refused in one sentence, before
anything is written; so is a user's file at one of its temporary names.
A fault before 5 undoes 3-4 as far as the drive lets it; either way the old build boots.
A pinned library whose .mpy is in the drive's lib/ (from `libs`) is left out of the
folder, so that the .mpy is the one imported.
"""
import json
import os
import re
import shutil
from pathlib import Path

from sixtysix_tools import drive as drive_mod
from sixtysix_tools.deploy_base import (
    BOARDS, DeployError, MANIFEST_FORMAT, MANIFEST_NAME, info, sha256_bytes, sha256_file, warn)

TEMP_SUFFIX = ".sixtysix-tmp"
CODE_BACKUP = "code-before-sixtysix.py"
BUILDS = "sixtysix"      # the folder of build folders
LEGACY = "lib/sixtysix_"  # the flat layout's packages
NEVER = ("boot_out.txt", "settings.toml", "code.py", MANIFEST_NAME)
BACKUPS = 99             # code-before-sixtysix.py, code-before-sixtysix-2.py ... -99.py
_BACKUP_NAME = re.compile(r"^code-before-sixtysix(-\d+)?\.py$")
TORN_LEAST = 32          # bytes of a cut-short manifest before it counts as the tool's
CLUSTER = 1024           # round each file up to this when estimating space
RESERVE = 16 * 1024      # the manifests, folder entries and a little slack
BEFORE = "the board still has its previous build"
AFTER = "the new build is in place and boots; flash again to tidy up"
_BUILD_LINE = re.compile(r'^BUILD = "[^"\n]*"$', re.MULTILINE)
_OWN_BUILD_LINE = re.compile(rb'^BUILD = "sixtysix/[0-9a-f]{12}"\r?$', re.MULTILINE)
_FOLDER = re.compile(r"^sixtysix/([0-9a-f]{12})/")


class Plan:
    """What a flash will do; targets are relative posix paths on the drive."""

    def __init__(self):
        self.folder = None       # "sixtysix/<id>"
        self.data = {}           # target -> bytes, for every file to write
        self.copy = []           # targets to write, code.py last
        self.remove = []         # older files to remove after the switch
        self.unchanged = 0
        self.notes = []          # one line per file left alone on purpose
        self.backup_code = None  # the name the drive's own code.py is saved as
        self.trusted = {}        # the old manifest's entries that are the tool's own
        self.temp_data = {}      # temporary name -> what the flash writes there
        self.owned = {}          # the manifest's "files" after the flash
        self.journal = {}        # ... while it runs
        self.dirs = []           # folders to create, parents first
        self.temps = []          # leftovers of an interrupted flash, removed first
        self.before = None       # the drive's manifest file as the flash found it
        self.meta = {}           # the build's manifest
        self.libraries = set()   # lib/<name> of every pinned library the build carries


def write_file(path, data):
    """Write `data` to `path` and push it to the device (tests replace this to inject faults)."""
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _entry(data, kind):
    return {"sha256": sha256_bytes(data), "size": len(data), "kind": kind}


def _same(path, entry):
    try:
        return path.stat().st_size == entry["size"] and sha256_file(path) == entry["sha256"]
    except (OSError, KeyError, TypeError):
        return False


def build_id(folder_files):
    """12 hex digits naming a build folder: a hash of its paths and contents."""
    return _id_of({inner: entry for inner, (_, entry) in folder_files.items()})


def _id_of(entries):
    lines = sorted(f"{inner} {entry['sha256']}" for inner, entry in entries.items())
    return sha256_bytes("\n".join(lines).encode())[:12]


def trusted_entries(old_files, shipped):
    """The entries of a drive's manifest that are the tool's own: an old build folder's
    when their hashes give the folder's name, the flat layout's lib/ entries where the
    build has that very file (`shipped`: lib/ path -> sha256 of the build's files), and
    code.py when it is one flash wrote (its BUILD line names a build folder)."""
    folders = {}
    for target, entry in old_files.items():
        found = _FOLDER.match(target)
        if found:
            folders.setdefault(found.group(1), {})[target[len(found.group(0)):]] = entry
    good = {folder for folder, entries in folders.items() if _id_of(entries) == folder}
    trusted = {}
    for target, entry in old_files.items():
        found = _FOLDER.match(target)
        if found:
            ok = found.group(1) in good
        elif target.startswith("lib/"):
            ok = shipped.get(target) == entry["sha256"]
        else:
            ok = target == "code.py"
        if ok:
            trusted[target] = entry
    return trusted


def own_code(data):
    """True for a code.py that a flash wrote: its BUILD line names a build folder."""
    return len(_OWN_BUILD_LINE.findall(data)) == 1


def is_backup(target):
    return _BACKUP_NAME.match(target) is not None


def backup_name(drive, code):
    """Where to save the drive's code.py (`code`, bytes) before it is replaced: None when
    it needs no copy (a copy of it is there already), else the first free backup name;
    DeployError when all of them are taken."""
    names = [CODE_BACKUP] + [f"code-before-sixtysix-{n}.py" for n in range(2, BACKUPS + 1)]
    for name in names:
        path = drive / name
        if path.is_file() and not path.is_symlink() and path.read_bytes() == code:
            return None
    for name in names:
        if not os.path.lexists(drive / name):
            return name
    raise DeployError(f"the drive's code.py is not one flash wrote and {CODE_BACKUP} to "
                      f"code-before-sixtysix-{BACKUPS}.py are all taken, so there is no free "
                      "name to keep a copy of it: move some of them off the drive and flash "
                      "again; nothing was written")


def code_for(code, folder):
    """The build's code.py with its BUILD line naming `folder`."""
    text = code.decode("utf-8")
    if len(_BUILD_LINE.findall(text)) != 1:
        raise DeployError('the build\'s code.py has no line `BUILD = ""`, so flash cannot '
                          "point it at the build's folder: restore that line and flash again")
    return _BUILD_LINE.sub(f'BUILD = "{folder}"', text).encode("utf-8")


def _drive_has_mpy(drive, name):
    """True when the drive's lib/ holds `name` as .mpy (a module or a package with .mpy)."""
    lib = drive / "lib"
    if (lib / (name + ".mpy")).is_file():
        return True
    return (lib / name).is_dir() and any(p.suffix == ".mpy" for p in (lib / name).rglob("*"))


def _top_name(inner):
    first = inner.split("/")[0]
    return first[:-3] if first.endswith(".py") else first[:-4] if first.endswith(".mpy") \
        else first


def _inner(target, old_build):
    """Path inside a build folder of an old manifest's library target, or None."""
    if target.startswith("lib/") and not target.startswith(LEGACY):
        return target[4:]
    if old_build and target.startswith(old_build + "/"):
        return target[len(old_build) + 1:]
    return None


def _folder_files(build, manifest, drive, old, plan):
    """{path inside the folder: (bytes, entry)}: the build's lib/, less the libraries
    that the drive has as .mpy, plus the drive's libraries when the build has none."""
    files = {}
    for target, entry in sorted(manifest["files"].items()):
        if target.startswith("lib/") and entry["kind"] in ("project", "data", "devlib"):
            data = (build / target).read_bytes()
            files[target[4:]] = (data, _entry(data, entry["kind"]))
    if old and not manifest.get("device_libs"):     # offline build: keep the drive's own
        for target, entry in sorted(old["files"].items()):
            inner = _inner(target, old.get("build"))
            if entry["kind"] == "devlib" and inner and inner not in files \
                    and _same(drive / target, entry):
                data = (drive / target).read_bytes()
                files[inner] = (data, _entry(data, "devlib"))
    plan.libraries = {"lib/" + i for i, (_, e) in files.items() if e["kind"] == "devlib"}
    for name in sorted({_top_name(i) for i, (_, e) in files.items() if e["kind"] == "devlib"}):
        if _drive_has_mpy(drive, name):
            plan.notes.append(f"skip {name} (the drive has its .mpy in lib/ from `libs`)")
            for inner in [i for i in files if _top_name(i) == name]:
                del files[inner]
    return files


def _ours(target, libraries):
    """A path the tool may remove: older build folders, the flat layout's packages, and
    the flat layout's pinned libraries (the same names this build carries)."""
    if target in NEVER or is_backup(target):
        return False
    return target.startswith((BUILDS + "/", LEGACY)) or target in libraries


def make_plan(build, manifest, drive, old):
    """Compare build/CIRCUITPY (`build`, `manifest`) with `drive`; `old` is the drive's
    manifest (validated) or None.  Returns a Plan."""
    plan = Plan()
    plan.meta = manifest
    old_files = old["files"] if old else {}
    shipped = {t: e["sha256"] for t, e in manifest["files"].items() if t.startswith("lib/")}
    plan.trusted = trusted_entries(old_files, shipped)
    if "code.py" not in manifest["files"]:
        raise DeployError("this build has no code.py, which is what switches the board to "
                          "a new build: put code.py back in the repository and flash again")
    files = _folder_files(build, manifest, drive, old, plan)
    plan.folder = f"{BUILDS}/{build_id(files)}"
    for inner, (data, entry) in sorted(files.items()):
        target = f"{plan.folder}/{inner}"
        plan.owned[target] = entry
        if _same(drive / target, entry):
            plan.unchanged += 1
        else:
            plan.data[target] = data
    parents = {str(Path(t).parent.as_posix()) for t in plan.data}
    for folder in sorted({"/".join(p.split("/")[:n]) for p in parents
                          for n in range(1, p.count("/") + 2)}):
        if not (drive / folder).is_dir():
            plan.dirs.append(folder)
    settings = manifest["files"].get("settings.toml")
    if settings is not None:
        if os.path.lexists(drive / "settings.toml"):
            plan.notes.append("keep settings.toml (the drive's own)")
        else:
            plan.data["settings.toml"] = (build / "settings.toml").read_bytes()
    code = code_for((build / "code.py").read_bytes(), plan.folder)
    plan.owned["code.py"] = _entry(code, "code")
    on_drive = drive / "code.py"
    if _same(on_drive, plan.owned["code.py"]):
        plan.unchanged += 1
    else:
        plan.data["code.py"] = code
        # A code.py that flash did not write is never replaced without a copy.
        if on_drive.is_file() and not on_drive.is_symlink():
            current = on_drive.read_bytes()
            entry = plan.trusted.get("code.py")
            if not (entry and own_code(current) and _same(on_drive, entry)):
                plan.backup_code = backup_name(drive, current)
                if plan.backup_code:
                    plan.data[plan.backup_code] = current
    for target, entry in sorted(old_files.items()):
        if target in plan.owned or not _ours(target, plan.libraries):
            continue
        if target not in plan.trusted:
            found = _FOLDER.match(target)
            shown = found.group(0) if found else target
            note = f"leave {shown} (not files flash can tell it wrote)"
            if os.path.lexists(drive / target) and note not in plan.notes:
                plan.notes.append(note)
        elif _same(drive / target, entry):
            plan.remove.append(target)
        elif os.path.lexists(drive / target):
            plan.notes.append(f"leave {target} (changed on the drive since the last flash)")
    plan.copy = sorted(plan.data, key=lambda t: (t == "code.py", not is_backup(t), t))
    plan.journal = {**old_files, **{t: e for t, e in plan.owned.items() if t != "code.py"}}
    plan.temp_data = {t + TEMP_SUFFIX: plan.data[t] for t in plan.copy}
    return plan


def manifest_bytes(plan, files, temps=None):
    """The manifest flash writes: the build's facts, `files`, and while it runs `temps`."""
    record = {key: plan.meta.get(key) for key in
              ("board", "circuitpython", "mpy", "device_libs", "built")}
    record.update(format=MANIFEST_FORMAT, tool="sixtysix", build=plan.folder,
                  files=dict(sorted(files.items())))
    if temps:
        record["temps"] = dict(sorted(temps.items()))
    return (json.dumps(record, indent=1) + "\n").encode()


def _leftover_temps(drive, old, plan, before):
    """(temporary files an interrupted flash left that are its own, the other files with
    the temporary suffix): in the tool's own places only.  Its own: the manifest lists
    the name and its hash is the one listed, or its content is the start of what this
    flash writes under that name (a write cut short); for the manifest's temporary file,
    the start of a manifest this flash writes.  `before` is the manifest file's bytes."""
    listed = (old or {}).get("temps", {})
    mine = dict(plan.temp_data)
    mine[MANIFEST_NAME + TEMP_SUFFIX] = None
    manifests = [manifest_bytes(plan, plan.journal, _journal_temps(plan, before)),
                 manifest_bytes(plan, plan.owned)] + ([before] if before else [])
    ours, others = [], []
    for target in _temp_files(drive):
        path = drive / target
        try:
            data = None if path.is_symlink() else path.read_bytes()
        except OSError:
            data = None
        if data is None:
            others.append(target)
        elif sha256_bytes(data) in listed.get(target, ()):
            ours.append(target)
        elif target == MANIFEST_NAME + TEMP_SUFFIX and len(data) >= TORN_LEAST and any(
                m.startswith(data) for m in manifests):
            ours.append(target)
        elif target in listed and mine.get(target) is not None and \
                mine[target].startswith(data):
            ours.append(target)
        else:
            others.append(target)
    return ours, others


def _journal_temps(plan, before):
    """Every temporary file this flash may write, with the hash of its content."""
    temps = {t: [sha256_bytes(d)] for t, d in plan.temp_data.items()}
    # the final manifest, and the one an undo puts back
    temps[MANIFEST_NAME + TEMP_SUFFIX] = [sha256_bytes(manifest_bytes(plan, plan.owned))] \
        + ([sha256_bytes(before)] if before else [])
    return temps


def _temp_files(drive):
    """Files with the temporary suffix in the tool's own places."""
    found = [name for name in os.listdir(drive) if name.endswith(TEMP_SUFFIX)]
    lib = drive / "lib"
    if lib.is_dir() and not lib.is_symlink():
        found += ["lib/" + n for n in os.listdir(lib) if n.endswith(TEMP_SUFFIX)]
    tops = [drive / BUILDS] + (sorted(lib.glob("sixtysix_*")) if lib.is_dir() else [])
    for top in tops:
        if top.is_symlink() or not top.is_dir():
            continue
        for here, _dirs, names in os.walk(top):
            rel = Path(here).relative_to(drive).as_posix()
            found += [f"{rel}/{n}" for n in names if n.endswith(TEMP_SUFFIX)]
    return sorted(t for t in found if os.path.isfile(drive / t) or os.path.islink(drive / t))


def check_space(plan, drive):
    """DeployError if the new files would not fit on the drive next to the old ones."""
    sizes = [len(data) for data in plan.data.values()] + [len(json.dumps(plan.journal))] * 2
    needed = sum(-(-size // CLUSTER) * CLUSTER for size in sizes) + RESERVE \
        + CLUSTER * len(plan.dirs)
    try:
        free = shutil.disk_usage(drive).free
    except OSError as exc:
        raise DeployError(f"reading {drive} failed ({exc.strerror or exc}): check the cable "
                          f"and flash again; {BEFORE}") from None
    if needed > free:
        raise DeployError(f"the new build needs {needed // 1024} KB but {drive} has only "
                          f"{free // 1024} KB free: delete files you no longer need from the "
                          "drive, or build with --mpy, and flash again")


def _os_error_sentence(exc, drive, during, state):
    errno_name = {30: "read-only", 13: "read-only", 1: "read-only", 28: "full"}.get(exc.errno)
    if errno_name == "read-only":
        return (f"{drive} is read-only ({exc.strerror}) {during}: the board's code may have "
                "remounted it (storage.remount) or the OS mounted it read-only; reset the "
                f"board and flash again; {state}")
    if errno_name == "full":
        return (f"{drive} ran out of space {during}: delete files you no longer need and "
                f"flash again; {state}")
    return (f"writing to {drive} failed {during} ({exc.strerror or exc}): check the cable "
            f"and flash again; {state}")


class _Run:
    """One flash in progress: what it created, so that a fault before the switch can
    undo it."""

    def __init__(self, ops, plan, drive):
        self.ops = ops
        self.plan = plan
        self.drive = drive
        self.created = []        # files, newest last
        self.dirs = []
        self.manifest_before = False     # False: untouched; None: there was none

    def put(self, target, data, switch=False):
        """Write `data` as target + TEMP_SUFFIX, read it back, rename it onto `target`."""
        temp = target + TEMP_SUFFIX
        self.created.append(temp)
        self.ops.write(temp, data)
        if sha256_file(self.ops.path(temp)) != sha256_bytes(data):
            raise DeployError(f"{target} read back differently from what was written: the "
                              "drive may be failing")
        if switch:
            return temp
        self.ops.replace(temp, target)
        self.created[-1] = target
        return target

    def write_manifest(self, data):
        path = self.drive / MANIFEST_NAME
        before = path.read_bytes() if path.is_file() else None
        self.put(MANIFEST_NAME, data)
        self.created.pop()        # the manifest is restored, not removed, on undo
        if self.manifest_before is False:
            self.manifest_before = before

    def undo(self):
        """Best effort: remove what this flash created, put the old manifest back."""
        for action in self._undo_steps():
            try:
                action()
            except (OSError, DeployError):
                pass

    def _undo_steps(self):
        for target in reversed(self.created):
            if os.path.lexists(self.drive / target):
                yield lambda t=target: self.ops.remove(t)
        for folder in reversed(self.dirs):
            yield lambda f=folder: self.ops.rmdir(f)
        if self.manifest_before is None:
            yield lambda: self.ops.remove(MANIFEST_NAME)
        elif self.manifest_before is not False:
            yield lambda: self.put(MANIFEST_NAME, self.manifest_before)


def _switch(run):
    """Steps 2-5.  Returns once code.py names the new folder."""
    plan, ops = run.plan, run.ops
    for target in plan.temps:
        ops.remove(target)
    run.write_manifest(manifest_bytes(plan, plan.journal, _journal_temps(plan, plan.before)))
    for folder in plan.dirs:
        ops.mkdir(folder)
        run.dirs.append(folder)
    for target in plan.copy:
        if target != "code.py":
            run.put(target, plan.data[target])
    if "code.py" in plan.data:
        temp = run.put("code.py", plan.data["code.py"], switch=True)
        _sync()                  # the new folder reaches the drive before the switch
        try:
            ops.replace(temp, "code.py")
        except OSError as exc:
            raise DeployError(f"moving the new code.py into place on {run.drive} failed "
                              f"({exc.strerror or exc}): the old code.py is still "
                              "there") from None


def _tidy(run):
    """Step 6: remove older files that still match the manifest, then the final one."""
    plan, ops = run.plan, run.ops
    for target in plan.remove:
        if _same(run.drive / target, plan.journal[target]):
            ops.remove(target)
    # The folders of every old file of ours, also those an earlier, stopped tidy emptied.
    folders = {str(Path(t).parent.as_posix()) for t in plan.trusted
               if t not in plan.owned and _ours(t, plan.libraries)}
    for folder in sorted(folders, key=lambda f: (-f.count("/"), f)):
        while folder not in (".", "lib", BUILDS) and not plan.folder.startswith(folder + "/") \
                and _empty_dir(run.drive / folder):
            ops.rmdir(folder)
            folder = str(Path(folder).parent.as_posix())
    run.write_manifest(manifest_bytes(plan, plan.owned))
    _sync()


def _empty_dir(path):
    try:
        return path.is_dir() and not path.is_symlink() and not any(path.iterdir())
    except OSError:
        return False


def _sync():
    if hasattr(os, "sync"):
        os.sync()


def describe(plan):
    """Lines telling what the plan does."""
    lines = [f"copy {target}" for target in plan.copy if target != plan.backup_code]
    lines += [f"remove {target}" for target in plan.remove]
    lines += plan.notes
    if plan.backup_code:
        lines.insert(0, f"save the drive's own code.py as {plan.backup_code}")
    return lines


def _manifest_of(drive):
    manifest, problem = drive_mod.read_manifest(drive)
    if problem:
        warn(f"ignoring the drive's {MANIFEST_NAME} ({problem}): treating the drive as "
             "never flashed, so no old files are removed")
    return manifest


def flash_build(build, manifest, drive, dry_run=False):
    """Bring `drive` in line with the build; returns the Plan that was (or would be) done."""
    build, drive = Path(build), Path(os.path.realpath(drive))
    try:
        old = _manifest_of(drive)
        plan = make_plan(build, manifest, drive, old)
    except OSError as exc:
        raise DeployError(f"reading {drive} failed ({exc.strerror or exc}): check the cable "
                          f"and flash again; {BEFORE}") from None
    for line in describe(plan):
        info(("would " if dry_run else "") + line)
    if dry_run:
        info(f"dry run: {len(plan.copy)} to copy, {len(plan.remove)} to remove, "
             f"{plan.unchanged} unchanged; nothing written")
        return plan
    if not plan.copy and not plan.remove and old is not None \
            and old["files"] == plan.owned and old.get("build") == plan.folder:
        info(f"{drive} is already up to date ({plan.unchanged} files)")
        return plan
    ops = drive_mod.DriveOps(drive, lambda path, data: write_file(path, data))
    path = drive / MANIFEST_NAME
    plan.before = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    plan.temps, others = _leftover_temps(drive, old, plan, plan.before)
    for target in others:
        info(f"leave {target} (flash did not write it)")
    targets = plan.copy + plan.remove + plan.dirs + plan.temps + [MANIFEST_NAME, "code.py"]
    try:
        for target in targets + [t + TEMP_SUFFIX for t in plan.copy + [MANIFEST_NAME]]:
            ops.check(target)
        clashes = [(t, "folder", "file") for t in plan.copy + [MANIFEST_NAME]
                   if (drive / t).is_dir()]
        clashes += [(t, "file", "folder") for t in plan.dirs if os.path.lexists(drive / t)]
        for target, found, wanted in clashes[:1]:
            raise DeployError(f"{target} on the drive is a {found} where flash writes a "
                              f"{wanted}: move it away and flash again")
        _refuse_strangers(plan, drive, others)
    except DeployError as exc:
        raise DeployError(f"{exc}; nothing was written") from None
    check_space(plan, drive)
    run = _Run(ops, plan, drive)
    _guarded(run, _switch, "while copying", BEFORE, undo=True)
    _guarded(run, _tidy, "while removing the old build", AFTER, undo=False)
    info(f"flashed {drive}: {plan.folder} ({len(plan.copy)} copied, {len(plan.remove)} "
         f"removed, {plan.unchanged} unchanged)")
    return plan


def _refuse_strangers(plan, drive, others):
    """DeployError naming the first file flash would write over that is not its own:
    a user's file at a temporary name or at a path of the new build folder."""
    for target in plan.copy:
        if target in ("code.py", "settings.toml") or is_backup(target):
            continue            # code.py is copied first; the other two never overwritten
        entry = plan.trusted.get(target)
        if os.path.lexists(drive / target) and not (entry and _same(drive / target, entry)):
            raise DeployError(f"{target} on the drive is not a file flash wrote, and flash "
                              "would write over it: move it away and flash again")
    names = set(plan.temp_data) | {MANIFEST_NAME + TEMP_SUFFIX}
    for target in others:
        if target in names:
            raise DeployError(f"{target} on the drive is not a file flash wrote, and flash "
                              "needs that name for a moment: move it away and flash again")


def _guarded(run, step, during, state, undo):
    """Run one phase; any fault becomes one sentence (DeployError) saying what boots."""
    try:
        step(run)
    except (OSError, KeyboardInterrupt, DeployError) as exc:
        if undo:
            run.undo()
        if isinstance(exc, DeployError):
            raise DeployError(f"{exc}; {state}") from None
        if isinstance(exc, KeyboardInterrupt):
            raise DeployError(f"the flash was interrupted {during}: {state}") from None
        raise DeployError(_os_error_sentence(exc, run.drive, during, state)) from None


def check_compatible(manifest, boot):
    """Warn when the build is for another board; refuse .mpy files of another major."""
    board = manifest["board"]
    if boot.board_id is None:
        warn("boot_out.txt does not name the board, so the board could not be checked")
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
