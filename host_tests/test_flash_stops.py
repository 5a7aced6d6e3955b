"""A flash stopped before any one of its drive operations leaves a drive that boots.

Three drives get the repository's current build: one with the flat layout that every
flashed drive had before builds got folders of their own (code.py and lib/sixtysix_*
with a format-1 manifest, laid out here as that flash laid them out), an empty one, and
one with an earlier build in its own folder.  Each flash is first counted operation by
operation (drive.op_hook), then run again and stopped before operation k, for every k:
as a kill (nothing more reaches the drive), a torn write (half the file, then the kill),
an unplugged drive (that operation and every later one fail with EIO: the flash's undo
fails too) and Ctrl-C (the flash undoes what it did).  Every drive left behind is booted
on CPython with the firmware stand-ins (boot_drive.py): code.py must be the old build's
or the new one's, every module it imports must be a file of that same build, and the
app must have polled once.  Then a flash without faults must turn each of them into
exactly the drive an uninterrupted flash gives: the same files and the same folders
(no empty folder left from a stopped tidy).
"""
import errno
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from sixtysix_tools import devbuild, drive, flash
from sixtysix_tools.deploy_base import DeployError, sha256_bytes
from test_deploy import BOOT_OUT, _write

ROOT = Path(__file__).resolve().parent.parent
USER_FILES = {"notes.txt": b"my notes\n", "lib/my_helper.py": b"X = 1\n",
              "settings.toml": b'CIRCUITPY_WIFI_SSID = "home"\n'}
DEVICE_LIBS = {"adafruit_ticks.py": "def ticks_ms():\n    return 0\n",
               "adafruit_fake/__init__.py": "", "adafruit_fake/part.py": "P = 1\n"}

# code.py as the flat layout had it (before BUILD): the modules come from /lib.
FLAT_CODE_PY = '''"""Sixty-Six: pick the board module, build the App, run it."""
import gc
import os

import board

name = os.getenv("SIXTYSIX_BOARD") or board.board_id
module = "pygamer" if "pygamer" in name else "pybadge" if "badge" in name else "oled128x64"
hw = None  # type: object
try:
    hw = __import__("sixtysix_boards." + module, None, None, [module])
except (OSError, RuntimeError, ValueError, AttributeError, ImportError) as e:
    print("Sixty-Six cannot start the display or the buttons (%s)" % e)
if hw:
    gc.collect()
    from sixtysix_ui.app import App

    gc.collect()
    App(hw).run()
'''


class Kill(BaseException):
    """The flash process dies: no handler of the flash may see it."""


def snapshot(root):
    """{path: sha256} of every file under root."""
    return {p.relative_to(root).as_posix(): sha256_bytes(p.read_bytes())
            for p in sorted(Path(root).rglob("*")) if p.is_file()}


def folders(root):
    """Every folder under root."""
    return sorted(p.relative_to(root).as_posix() for p in Path(root).rglob("*") if p.is_dir())


def tree_key(root):
    """Everything that can change how a drive boots: its folders and files."""
    return tuple((p.relative_to(root).as_posix(),
                  sha256_bytes(p.read_bytes()) if p.is_file() else "folder")
                 for p in sorted(Path(root).rglob("*")))


def flat_layout(src, libs, drive_root):
    """What the flash before build folders wrote: code.py, lib/<packages>,
    lib/sixtysix_core, lib/<pinned libraries> and a format-1 manifest."""
    files = {"code.py": (FLAT_CODE_PY.encode(), "code")}
    for prefix, folder in (("lib", src / "lib"), ("lib/sixtysix_core", src / "sixtysix_core")):
        for path in sorted(p for p in folder.rglob("*") if p.suffix in (".py", ".txt", ".bin")):
            files[f"{prefix}/{path.relative_to(folder).as_posix()}"] = (path.read_bytes(),
                                                                        "project")
    for path in sorted(libs.rglob("*.py")):
        files[f"lib/{path.relative_to(libs).as_posix()}"] = (path.read_bytes(), "devlib")
    _write(drive_root, {target: data for target, (data, _) in files.items()})
    manifest = {"format": 1, "tool": "sixtysix", "board": "pygamer", "circuitpython": 9,
                "mpy": False, "device_libs": True, "built": "2026-11-01T10:00:00",
                "files": {t: {"sha256": sha256_bytes(d), "size": len(d), "kind": k}
                          for t, (d, k) in files.items()}}
    (drive_root / ".sixtysix-manifest.json").write_text(json.dumps(manifest, indent=1))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """The sources (with an earlier version), the device libraries, and both builds."""
    base = tmp_path_factory.mktemp("stops")
    src = base / "src"
    for name in ("lib", "sixtysix_core"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("code.py", "tools/device_settings.toml"):
        _write(src, {name: (ROOT / name).read_bytes()})
    libs = base / "libs"
    _write(libs, DEVICE_LIBS)
    real_fetch = devbuild.fetch_device_libs
    devbuild.fetch_device_libs = lambda src_root, out_root: libs
    try:
        earlier = base / "src-earlier"
        shutil.copytree(src, earlier)
        for name in ("sixtysix_core/cards.py", "lib/sixtysix_ui/app.py"):
            with open(earlier / name, "a") as f:
                f.write("# the earlier build\n")
        builds = {}
        for name, tree in (("earlier", earlier), ("current", src)):
            manifest = devbuild.run_build(tree, base / f"out-{name}", "pygamer")
            builds[name] = (devbuild.build_dir(base / f"out-{name}"), manifest)
    finally:
        devbuild.fetch_device_libs = real_fetch
    return {"base": base, "src": src, "libs": libs, "builds": builds}


def start_drive(world, scenario):
    """A drive as the scenario starts: user files and boot_out.txt, plus the old build."""
    root = world["base"] / f"start-{scenario}"
    if root.exists():
        return root
    _write(root, {"boot_out.txt": BOOT_OUT})
    if scenario == "empty":
        return root
    _write(root, USER_FILES)
    if scenario == "flat":
        flat_layout(world["src"], world["libs"], root)
    else:
        build, manifest = world["builds"]["earlier"]
        flash.flash_build(build, manifest, root)
    return root


class Stop:
    """drive.op_hook: counts the operations; with `at`, stops the flash before that one."""

    def __init__(self, at=None, fault=None):
        self.at = at
        self.fault = fault
        self.seen = []
        self.root = None

    def __call__(self, kind, target, data):
        k = len(self.seen)
        self.seen.append((kind, target))
        if self.at is None or k < self.at:
            return
        if self.fault == "ctrl-c":
            if k == self.at:
                raise KeyboardInterrupt()
            return
        if self.fault == "unplug":
            raise OSError(errno.EIO, "Input/output error", target)
        if self.fault == "torn" and kind == "write":
            with open(self.root / target, "wb") as f:
                f.write(data[:len(data) // 2])
        raise Kill()


def run_flash(monkeypatch, build, manifest, root, stop):
    """Flash with `stop` as the hook; returns None, "killed" or the error sentence."""
    stop.root = root
    monkeypatch.setattr(drive, "op_hook", stop)
    try:
        flash.flash_build(build, manifest, root)
    except Kill:
        return "killed"
    except DeployError as exc:
        return str(exc)
    finally:
        monkeypatch.setattr(drive, "op_hook", None)
    return None


def boot(drives):
    """boot_drive.py's reports for `drives`, in order."""
    out = subprocess.run([sys.executable, "-I", "-S", "-B", str(ROOT / "host_tests" /
                                                                  "boot_drive.py")]
                         + [str(d) for d in drives], capture_output=True, text=True,
                         timeout=900)
    assert out.returncode == 0, out.stderr
    reports = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(reports) == len(drives)
    return reports


def verdict(report, root, old, new):
    """"old" or "new" when the drive booted that build and nothing else, else why not."""
    if report["code"] == "absent":
        return "old" if "code.py" not in old else "no code.py"
    code = hashlib.sha256((Path(root) / "code.py").read_bytes()).hexdigest()
    for name, files in (("old", old), ("new", new)):
        if files.get("code.py") != code:
            continue
        strangers = [rel for rel, digest in report["modules"].values()
                     if files.get(rel) != digest]
        if strangers:
            return f"{name} code.py imported {strangers[:3]}"
        if report["error"] or not report["polled"]:
            return f"{name} build did not start: {report['error'] or report['printed']}"
        return name
    return "code.py is neither build's"


FAULTS = ("kill", "torn", "unplug", "ctrl-c")
# Some thousand small drives are written and removed: in memory where there is a tmpfs.
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["flat", "empty", "folder"])
def test_a_flash_stopped_before_any_operation_leaves_a_drive_that_boots(
        world, scenario, monkeypatch, capsys):
    with tempfile.TemporaryDirectory(dir=SCRATCH) as scratch:
        _stop_everywhere(world, scenario, Path(scratch), monkeypatch, capsys)


def _stop_everywhere(world, scenario, tmp_path, monkeypatch, capsys):
    build, manifest = world["builds"]["current"]
    monkeypatch.setattr(flash, "write_file", lambda path, data: Path(path).write_bytes(data))
    monkeypatch.setattr(flash.os, "sync", lambda: None, raising=False)   # no fsync: tmp
    start = tmp_path / "start"
    shutil.copytree(start_drive(world, scenario), start)
    old = snapshot(start)
    clean = tmp_path / "clean"
    shutil.copytree(start, clean)
    counter = Stop()
    assert run_flash(monkeypatch, build, manifest, clean, counter) is None
    new = snapshot(clean)
    new_folders = folders(clean)
    operations = len(counter.seen)
    kinds = {kind for kind, _ in counter.seen}
    assert {"write", "replace", "mkdir"} <= kinds
    if scenario != "empty":
        assert {"remove", "rmdir"} <= kinds
    faults = FAULTS if scenario == "flat" else FAULTS[:2]    # the flat layout: all four
    points = [(k, fault) for k in range(operations) for fault in faults
              if fault != "torn" or counter.seen[k][0] == "write"]
    assert verdict(boot([clean])[0], clean, old, new) == "new"
    stops, verdicts = {}, {}        # drive left -> how many stops left it; what it booted
    for first in range(0, len(points), 60):       # a batch of drives at a time
        batch = []
        for k, fault in points[first:first + 60]:
            root = tmp_path / f"{k}-{fault}"
            # Hard links: the flash never writes into a file, it renames new ones in.
            shutil.copytree(start, root, copy_function=os.link)
            outcome = run_flash(monkeypatch, build, manifest, root, Stop(k, fault))
            assert outcome is not None, (k, fault)
            if outcome != "killed":            # one plain sentence saying what boots
                assert "\n" not in outcome
                assert outcome.endswith((flash.BEFORE, flash.AFTER)), outcome
            key = tree_key(root)
            stops[key] = stops.get(key, 0) + 1
            if stops[key] > 1:                 # the same drive as an earlier stop left
                shutil.rmtree(root)
            else:
                batch.append((k, fault, root, key))
        for (k, fault, root, key), report in zip(batch, boot([b[2] for b in batch])):
            verdicts[key] = verdict(report, root, old, new)
            assert verdicts[key] in ("old", "new"), (k, fault, counter.seen[k], verdicts[key])
        for k, fault, root, _ in batch:            # flashing again finishes the job
            assert run_flash(monkeypatch, build, manifest, root, Stop()) is None, (k, fault)
            assert snapshot(root) == new, (k, fault, counter.seen[k])
            assert folders(root) == new_folders, (k, fault, counter.seen[k])   # none empty
            shutil.rmtree(root)
    booted = {"old": 0, "new": 0}
    for key, count in stops.items():
        booted[verdicts[key]] += count
    assert sum(booted.values()) == len(points)
    with capsys.disabled():
        print(f"\n[flash stops] {scenario}: stopped before each of its {operations} drive "
              f"operations ({', '.join(faults)}: {len(points)} stops, {len(stops)} distinct "
              f"drives left): {100 * sum(booted.values()) // len(points)}% boot "
              f"({booted['old']} the old build, {booted['new']} the new one); flashing "
              "again gives the clean drive every time")
