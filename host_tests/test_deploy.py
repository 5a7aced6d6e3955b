"""build / flash / bundle / libs against a fake source tree and a fake CIRCUITPY folder.

No network, no real drive, no venv-only package: pip, the mount discovery, the drive's
free space and its writes are replaced where a test needs a fault.
"""
import errno
import hashlib
import json
import os
import shutil
import stat
import sys
import zipfile
from pathlib import Path

import pytest

from sixtysix_tools import deploy, devbuild, drive, flash, mpy
from sixtysix_tools.deploy_base import MANIFEST_NAME, DeployError, sha256_file

BOOT_OUT = ("Adafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit PyGamer with samd51j19\n"
            "Board ID:pygamer\nUID:1A2B3C4D5E6F\n")
USER_FILES = {"notes.txt": b"my notes\n", "lib/my_helper.py": b"X = 1\n",
              "pictures/cat.bmp": b"BM fake"}


def _write(root, files):
    for name, data in files.items():
        path = Path(root) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())


def _snapshot(root):
    """{relative path: bytes} of every file under root."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in Path(root).rglob("*") if p.is_file()}


@pytest.fixture
def src(tmp_path, monkeypatch):
    """A small project tree; deploy.main() builds from it into src/build."""
    root = tmp_path / "src"
    _write(root, {
        "code.py": 'BUILD = ""\nfrom sixtysix_ui import app\napp.run()\n',
        "lib/sixtysix_ui/__init__.py": "",
        "lib/sixtysix_ui/app.py": "def run():\n    return 1\n",
        "lib/sixtysix_ui/notes.md": "not a module\n",
        "lib/sixtysix_ui/__pycache__/app.cpython-311.pyc": b"\x00junk",
        "sixtysix_core/__init__.py": "",
        "sixtysix_core/cards.py": "POINTS = b'\\x00\\x02'\n",
        "sixtysix_core/rules.py": "def legal(mask):\n    return mask\n",
        "requirements-device.txt": "adafruit-circuitpython-ticks==1.1.7\n",
    })
    libs = tmp_path / "pip-target"
    _write(libs, {
        "adafruit_ticks.py": "def ticks_ms():\n    return 0\n",
        "adafruit_display_text/__init__.py": "",
        "adafruit_display_text/label.py": "class Label:\n    pass\n",
        "adafruit_display_text/__pycache__/label.cpython-311.pyc": b"junk",
        "adafruit_circuitpython_ticks-1.1.7.dist-info/METADATA": "Name: x\n",
        "bin/some-script": "#!/bin/sh\n",
    })
    monkeypatch.setattr(devbuild, "fetch_device_libs", lambda src_root, out_root: libs)
    monkeypatch.setattr(deploy, "ROOT", str(root))
    monkeypatch.setattr(drive, "find_drives", lambda: [])
    # No compiler but the ones a test gives: none from this machine, none downloaded.
    monkeypatch.setattr(mpy, "circuitpython_bin", lambda: None)
    monkeypatch.delenv(mpy.ENV_MPY_CROSS, raising=False)
    monkeypatch.setattr(mpy, "cache_dir", lambda: tmp_path / "no-cache")
    monkeypatch.setattr(mpy.urllib.request, "urlopen", _offline)
    return root


def _offline(url, timeout):
    raise OSError("network is unreachable")


@pytest.fixture
def board(tmp_path):
    """A fake CIRCUITPY drive with a real boot_out.txt and some of the user's own files."""
    root = tmp_path / "CIRCUITPY"
    _write(root, {"boot_out.txt": BOOT_OUT, "code.py": "print('hello world')\n", **USER_FILES})
    return root


def flash_main(board, *extra, mpy=False):
    """`flash --path board`: with --py (sources, whose layout the tests read) unless mpy."""
    return deploy.main("flash", ["--path", str(board)] + ([] if mpy else ["--py"])
                       + list(extra))


def error_line(capsys):
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def on_board(board, target):
    """Where flash put build/CIRCUITPY's `target`: lib/X goes into the build's own folder."""
    folder = json.loads((board / MANIFEST_NAME).read_text())["build"]
    return board / folder / target[4:] if target.startswith("lib") else board / target


def no_temp_files(root):
    return not [p for p in Path(root).rglob("*") if p.name.endswith(flash.TEMP_SUFFIX)]


# ---- build ----

def test_build_layout_and_manifest(src, tmp_path):
    manifest = devbuild.run_build(src, tmp_path / "out", "pybadge", 10)
    tree = tmp_path / "out" / "CIRCUITPY"
    files = set(_snapshot(tree))
    assert files == {
        "code.py", "settings.toml", MANIFEST_NAME,
        "lib/sixtysix_ui/__init__.py", "lib/sixtysix_ui/app.py",
        "lib/sixtysix_core/__init__.py", "lib/sixtysix_core/cards.py",
        "lib/sixtysix_core/rules.py",
        "lib/adafruit_ticks.py", "lib/adafruit_display_text/__init__.py",
        "lib/adafruit_display_text/label.py",
    }
    assert manifest["board"] == "pybadge" and manifest["circuitpython"] == 10
    assert manifest["mpy"] is False and manifest["device_libs"] is True
    assert json.loads((tree / MANIFEST_NAME).read_text())["files"] == manifest["files"]
    for target, entry in manifest["files"].items():
        assert sha256_file(tree / target) == entry["sha256"]
    assert manifest["files"]["lib/adafruit_ticks.py"]["kind"] == "devlib"
    assert manifest["files"]["code.py"]["kind"] == "code"
    assert "settings.toml" in (tree / "settings.toml").read_text()


def test_build_uses_the_settings_file_when_there_is_one(src, tmp_path):
    _write(src, {"tools/device_settings.toml": "SIXTYSIX_LEVEL = 2\n"})
    devbuild.run_build(src, tmp_path / "out", "oled")
    assert (tmp_path / "out/CIRCUITPY/settings.toml").read_text() == "SIXTYSIX_LEVEL = 2\n"


def test_build_unknown_board_is_one_sentence(src, capsys):
    assert deploy.main("build", ["--board", "gameboy"]) == 2
    line = error_line(capsys)
    assert "gameboy" in line and "pygamer, pybadge, oled" in line


def test_build_command_writes_build_dir(src):
    assert deploy.main("build", ["--board", "oled"]) == 0
    assert devbuild.current_build(src, src / "build")["board"] == "oled"


def test_device_libs_offline_warns_and_builds_without(tmp_path, monkeypatch, capsys):
    root = tmp_path / "src"
    _write(root, {"requirements-device.txt": "adafruit-circuitpython-ticks==1.1.7\n"})

    class Failed:
        returncode = 1

    monkeypatch.setattr(devbuild.subprocess, "run", lambda *a, **k: Failed())
    assert devbuild.fetch_device_libs(root, tmp_path / "out") is None
    assert "libs" in capsys.readouterr().err


def test_device_libs_come_from_the_cache_without_pip(tmp_path, monkeypatch):
    root = tmp_path / "src"
    _write(root, {"requirements-device.txt": "adafruit-circuitpython-ticks==1.1.7\n"})
    digest = sha256_file(root / "requirements-device.txt")[:16]
    cache = tmp_path / "out" / "devlib-cache" / digest
    _write(cache, {".complete": "ok\n", "adafruit_ticks.py": "X = 1\n"})

    def no_pip(*args, **kwargs):
        raise AssertionError("pip must not run when the cache is complete")

    monkeypatch.setattr(devbuild.subprocess, "run", no_pip)
    assert devbuild.fetch_device_libs(root, tmp_path / "out") == cache


def test_smoke_build_of_the_real_repository(tmp_path, monkeypatch):
    monkeypatch.setattr(devbuild, "fetch_device_libs", lambda src_root, out_root: None)
    repo = Path(__file__).resolve().parent.parent
    manifest = devbuild.run_build(repo, tmp_path / "out", "pygamer")
    tree = tmp_path / "out" / "CIRCUITPY"
    assert (tree / "settings.toml").is_file() and (tree / MANIFEST_NAME).is_file()
    assert not [p for p in tree.rglob("*") if "__pycache__" in p.parts]
    files = manifest["files"]
    assert all(t.endswith(".py") or files[t]["kind"] == "data"
               for t in files if t != "settings.toml")
    langs = sorted(os.listdir(repo / "lib" / "sixtysix_ui" / "lang"))
    assert [t for t in files if files[t]["kind"] == "data"
            and t.endswith(".txt")] == ["lib/sixtysix_ui/lang/" + n for n in langs]
    assert (tree / "lib" / "sixtysix_ui" / "lang" / "en.txt").read_bytes() == \
        (repo / "lib" / "sixtysix_ui" / "lang" / "en.txt").read_bytes()
    for name in ("glyphs.bin", "glyphs.bin.license"):      # the letters and their licence
        assert files["lib/sixtysix_ui/" + name]["kind"] == "data"
        assert (tree / "lib" / "sixtysix_ui" / name).read_bytes() == \
            (repo / "lib" / "sixtysix_ui" / name).read_bytes()


# ---- flash ----

def test_full_flash(src, board, capsys):
    assert flash_main(board) == 0
    build = src / "build" / "CIRCUITPY"
    on_drive = _snapshot(board)
    folder = json.loads(on_drive[MANIFEST_NAME])["build"]
    assert on_drive["code.py"] == flash.code_for((build / "code.py").read_bytes(), folder)
    assert b'BUILD = "sixtysix/' in on_drive["code.py"]
    for target, data in _snapshot(build).items():
        if target not in (MANIFEST_NAME, "code.py"):
            assert on_board(board, target).read_bytes() == data, target
    for target, data in USER_FILES.items():
        assert on_drive[target] == data
    owned = json.loads(on_drive[MANIFEST_NAME])["files"]
    assert f"{folder}/sixtysix_core/cards.py" in owned and "settings.toml" not in owned
    assert "lib/my_helper.py" not in owned
    # the user's hello-world code.py was saved before it was replaced
    assert on_drive[flash.CODE_BACKUP] == b"print('hello world')\n"
    assert no_temp_files(board)


def test_incremental_flash_copies_only_changed_files(src, board, monkeypatch, capsys):
    assert flash_main(board) == 0
    first = on_board(board, "lib")
    written = []
    real_write = flash.write_file

    def counting(path, data):
        written.append(Path(path).relative_to(board).as_posix())
        real_write(path, data)

    monkeypatch.setattr(flash, "write_file", counting)
    _write(src, {"sixtysix_core/rules.py": "def legal(mask):\n    return mask & 7\n"})
    assert flash_main(board) == 0
    # A changed build goes into a folder of its own (every file of it), then code.py
    # switches to it; the journal and the final manifest; nothing else.
    second = on_board(board, "lib")
    folder_files = [p.relative_to(board).as_posix() + flash.TEMP_SUFFIX
                    for p in sorted(second.rglob("*")) if p.is_file()]
    temp = flash.TEMP_SUFFIX
    assert written == [MANIFEST_NAME + temp] + folder_files + ["code.py" + temp,
                                                                MANIFEST_NAME + temp]
    assert on_board(board, "lib/sixtysix_core/rules.py").read_text().endswith("mask & 7\n")
    assert second != first and not first.exists()
    written.clear()
    assert flash_main(board) == 0
    assert written == []
    assert "up to date" in capsys.readouterr().out


def test_dry_run_writes_nothing(src, board, capsys):
    before = _snapshot(board)
    assert flash_main(board, "--dry-run") == 0
    assert _snapshot(board) == before
    out = capsys.readouterr().out
    assert "would copy code.py" in out and "nothing written" in out


def test_flash_removes_what_an_earlier_build_owned_but_never_user_files(src, board):
    _write(src, {"sixtysix_core/old.py": "GONE = 1\n", "lib/sixtysix_extra/x.py": "X = 2\n"})
    assert flash_main(board) == 0
    first = on_board(board, "lib")
    assert (first / "sixtysix_core/old.py").is_file()
    (src / "sixtysix_core/old.py").unlink()
    (src / "lib/sixtysix_extra/x.py").unlink()
    (first / "sixtysix_core/rules.py").write_text("# edited on the board\n")
    (src / "sixtysix_core/rules.py").unlink()
    assert flash_main(board) == 0
    assert not (first / "sixtysix_core/old.py").exists()
    assert not on_board(board, "lib/sixtysix_core/old.py").exists()
    assert not (first / "sixtysix_extra").exists()        # emptied folder pruned
    assert (first / "sixtysix_core/rules.py").read_text() == "# edited on the board\n"
    for target, data in USER_FILES.items():
        assert (board / target).read_bytes() == data


def test_damaged_drive_manifest_is_survivable(src, board):
    assert flash_main(board) == 0
    (board / MANIFEST_NAME).write_text('{"files": {"../../etc/passwd": {}, "lib/x.py": 3, '
                                       '"code.py": {"sha256": 1}}}')
    assert flash_main(board) == 0
    assert json.loads((board / MANIFEST_NAME).read_text())["tool"] == "sixtysix"
    for target, data in USER_FILES.items():
        assert (board / target).read_bytes() == data


def test_existing_settings_toml_is_never_overwritten(src, board, capsys):
    (board / "settings.toml").write_text("CIRCUITPY_WIFI_SSID = \"home\"\n")
    assert flash_main(board) == 0
    assert (board / "settings.toml").read_text() == "CIRCUITPY_WIFI_SSID = \"home\"\n"
    assert flash_main(board) == 0
    assert (board / "settings.toml").read_text() == "CIRCUITPY_WIFI_SSID = \"home\"\n"


def test_settings_toml_is_written_when_absent(src, board):
    assert flash_main(board) == 0
    assert (board / "settings.toml").is_file()


def test_no_drive(src, capsys):
    assert deploy.main("flash", []) == 2
    assert "no CIRCUITPY drive" in error_line(capsys)


def test_two_drives(src, board, tmp_path, monkeypatch, capsys):
    other = tmp_path / "CIRCUITPY1"
    other.mkdir()
    monkeypatch.setattr(drive, "find_drives", lambda: [str(board), str(other)])
    assert deploy.main("flash", []) == 2
    assert "--path" in error_line(capsys)


def test_single_drive_is_found(src, board, monkeypatch):
    monkeypatch.setattr(drive, "find_drives", lambda: [str(board)])
    assert deploy.main("flash", ["--py"]) == 0
    assert on_board(board, "lib/sixtysix_core/cards.py").is_file()


def test_proc_mounts_parsing(tmp_path):
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n"
                      "/dev/sdb1 /media/ann/CIRCUITPY vfat rw,nosuid 0 0\n"
                      "/dev/sdc1 /mnt/my\\040boards/CIRCUITPY1 vfat rw 0 0\n"
                      "/dev/sdd1 /mnt/NOTCIRCUITPY vfat rw 0 0\n")
    assert drive._linux_mounts(mounts) == ["/media/ann/CIRCUITPY", "/mnt/my boards/CIRCUITPY1"]


def test_windows_drive_labels(monkeypatch):
    import ctypes

    class Kernel32:
        def SetErrorMode(self, mode):
            return 0

        def GetLogicalDrives(self):
            return 0b10101                              # C:, E:, G:

        def GetVolumeInformationW(self, root, label, size, *rest):
            label.value = {"E:\\": "CIRCUITPY", "C:\\": "Windows"}.get(root.value, "")
            return root.value != "G:\\"

    class WinDLL:
        kernel32 = Kernel32()

    monkeypatch.setattr(ctypes, "windll", WinDLL(), raising=False)
    assert drive._windows_drives() == ["E:\\"]


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES])
def test_read_only_drive(src, board, monkeypatch, capsys, code):
    before = _snapshot(board)

    def refuse(path, data):
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(flash, "write_file", refuse)
    assert flash_main(board) == 2
    assert "read-only" in error_line(capsys)
    assert _snapshot(board) == before


def test_full_drive_is_refused_before_writing(src, board, monkeypatch, capsys):
    before = _snapshot(board)

    class Usage:
        total, used, free = 2 << 20, (2 << 20) - 4096, 4096

    monkeypatch.setattr(flash.shutil, "disk_usage", lambda path: Usage())
    assert flash_main(board) == 2
    assert "KB free" in error_line(capsys)
    assert _snapshot(board) == before


def test_drive_filling_up_mid_copy(src, board, monkeypatch, capsys):
    before = _snapshot(board)

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(flash, "write_file", full)
    assert flash_main(board) == 2
    assert "ran out of space" in error_line(capsys)
    assert _snapshot(board) == before


def test_missing_boot_out(src, board, capsys):
    (board / "boot_out.txt").unlink()
    assert flash_main(board) == 2
    assert "boot_out.txt" in error_line(capsys)


def test_path_that_is_not_a_folder(src, tmp_path, capsys):
    assert deploy.main("flash", ["--path", str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in error_line(capsys)


def test_unknown_board_on_flash(src, board, capsys):
    assert flash_main(board, "--board", "arduboy") == 2
    assert "arduboy" in error_line(capsys)


def test_board_id_that_is_not_ours_needs_board_option(src, board, capsys):
    (board / "boot_out.txt").write_text(BOOT_OUT.replace("pygamer", "feather_m4_express"))
    assert flash_main(board) == 2
    assert "--board" in error_line(capsys)
    assert flash_main(board, "--board", "oled") == 0


def test_board_mismatch_warns_but_flashes(src, board, capsys):
    assert deploy.main("build", ["--board", "pybadge"]) == 0
    assert flash_main(board) == 0
    assert "warning: this build is for the pybadge" in capsys.readouterr().err


def test_flash_picks_the_board_from_boot_out(src, board):
    (board / "boot_out.txt").write_text(BOOT_OUT.replace("pygamer", "pybadge"))
    assert flash_main(board) == 0
    assert json.loads((board / MANIFEST_NAME).read_text())["board"] == "pybadge"


@pytest.mark.parametrize("fault", [OSError(errno.EIO, "Input/output error"), KeyboardInterrupt()])
@pytest.mark.parametrize("nth", [1, 3])
def test_interrupted_copy_keeps_the_old_build(src, board, monkeypatch, capsys, fault, nth):
    assert flash_main(board) == 0
    before = _snapshot(board)
    _write(src, {"code.py": "BUILD = \"\"\nNEW = 1\n", "sixtysix_core/cards.py": "POINTS = b''\n",
                 "sixtysix_core/rules.py": "# new\n", "lib/sixtysix_ui/app.py": "# new\n"})
    calls = []
    real_write = flash.write_file

    def failing(path, data):
        calls.append(path)
        if len(calls) == nth:
            real_write(path, data[:3])         # a partly written temporary file
            raise fault
        real_write(path, data)

    monkeypatch.setattr(flash, "write_file", failing)
    assert flash_main(board) == 2
    assert "previous build" in error_line(capsys)
    assert _snapshot(board) == before
    assert no_temp_files(board)


def test_failed_rename_leaves_old_code_py(src, board, monkeypatch, capsys):
    assert flash_main(board) == 0
    old_code = (board / "code.py").read_bytes()
    _write(src, {"code.py": "BUILD = \"\"\nNEW = 1\n", "sixtysix_core/cards.py": "# new\n"})
    real_replace = os.replace

    def replace(a, b):
        if Path(b).name == "code.py":
            raise OSError(errno.EIO, "Input/output error")
        real_replace(a, b)

    monkeypatch.setattr(flash.os, "replace", replace)
    assert flash_main(board) == 2
    assert "old code.py" in error_line(capsys)
    assert (board / "code.py").read_bytes() == old_code
    assert no_temp_files(board)


class Unplugged(BaseException):
    """The drive goes away: nothing of the flash runs after it, not even an undo."""


def _unplug_before(monkeypatch, nth, kind):
    seen = []

    def hook(op, target, data):
        if op == kind:
            seen.append(target)
            if len(seen) == nth:
                raise Unplugged()
    monkeypatch.setattr(drive, "op_hook", hook)


@pytest.mark.parametrize("torn", [False, True])
def test_leftover_temp_files_from_an_unplugged_flash_are_removed(src, board, monkeypatch,
                                                                 torn):
    _unplug_before(monkeypatch, 3, "replace")       # two files renamed in, the third not
    with pytest.raises(Unplugged):
        flash_main(board)
    monkeypatch.setattr(drive, "op_hook", None)
    temps = [p for p in board.rglob("*" + flash.TEMP_SUFFIX)]
    assert len(temps) == 1
    if torn:
        temps[0].write_bytes(temps[0].read_bytes()[:3])
    assert flash_main(board) == 0
    assert no_temp_files(board)


@pytest.mark.parametrize("name", ["lib/sixtysix_core/cards.py", "code.py", "notes.txt",
                                  MANIFEST_NAME, "sixtysix/x/y.py"])
def test_a_users_file_with_the_temporary_suffix_is_never_removed(src, board, capsys, name):
    user = {name + flash.TEMP_SUFFIX: b"mine, not the tool's\n"}
    _write(board, user)
    before = _snapshot(board)
    if name in ("code.py", MANIFEST_NAME):       # a name the flash needs: one sentence
        assert flash_main(board) == 2
        line = error_line(capsys)
        assert "needs that name" in line and "nothing was written" in line
        assert _snapshot(board) == before
        return
    assert flash_main(board) == 0
    assert _snapshot(board)[name + flash.TEMP_SUFFIX] == user[name + flash.TEMP_SUFFIX]
    _write(src, {"sixtysix_core/rules.py": "def legal(mask):\n    return mask & 3\n"})
    assert flash_main(board) == 0                  # and not on the next flash either
    assert _snapshot(board)[name + flash.TEMP_SUFFIX] == user[name + flash.TEMP_SUFFIX]


def test_a_listed_temporary_name_with_other_content_is_left_alone(src, board, monkeypatch):
    _unplug_before(monkeypatch, 1, "replace")
    with pytest.raises(Unplugged):
        flash_main(board)
    monkeypatch.setattr(drive, "op_hook", None)
    [temp] = [p for p in board.rglob("*" + flash.TEMP_SUFFIX)]
    temp.write_bytes(b"the user's own, not the start of anything the tool writes\n")
    before = temp.read_bytes()
    assert flash_main(board) == 2 or temp.read_bytes() == before
    assert temp.read_bytes() == before


def test_verification_failure(src, board, monkeypatch, capsys):
    before = _snapshot(board)
    monkeypatch.setattr(flash, "write_file", lambda path, data: Path(path).write_bytes(b"?"))
    assert flash_main(board) == 2
    assert "read back" in error_line(capsys)
    assert _snapshot(board) == before


def test_stale_build_is_rebuilt_before_flashing(src, board):
    assert deploy.main("build", []) == 0
    _write(src, {"sixtysix_core/new_module.py": "Y = 3\n"})
    assert flash_main(board) == 0
    assert on_board(board, "lib/sixtysix_core/new_module.py").read_text() == "Y = 3\n"


def test_offline_build_keeps_the_libraries_already_on_the_drive(src, board, monkeypatch):
    assert flash_main(board) == 0
    monkeypatch.setattr(devbuild, "fetch_device_libs", lambda src_root, out_root: None)
    assert deploy.main("build", []) == 0
    assert flash_main(board) == 0
    ticks = on_board(board, "lib/adafruit_ticks.py")
    assert ticks.is_file()
    owned = json.loads((board / MANIFEST_NAME).read_text())["files"]
    assert owned[ticks.relative_to(board).as_posix()]["kind"] == "devlib"


def test_mpy_libraries_from_circup_are_not_hidden(src, board):
    _write(board, {"lib/adafruit_ticks.mpy": b"C\x06circup"})
    assert flash_main(board) == 0
    assert not (board / "lib/adafruit_ticks.py").exists()
    assert not on_board(board, "lib/adafruit_ticks.py").exists()      # would hide the .mpy
    assert on_board(board, "lib/adafruit_display_text/label.py").is_file()
    assert (board / "lib/adafruit_ticks.mpy").read_bytes() == b"C\x06circup"


def test_parse_boot_out():
    boot = drive.parse_boot_out(BOOT_OUT)
    assert (boot.version, boot.major, boot.board_id) == ("9.2.8", 9, "pygamer")
    old = drive.parse_boot_out("Adafruit CircuitPython 10.0.0-beta.2 on 2025-01-01; X\n")
    assert (old.version, old.major, old.board_id) == ("10.0.0-beta.2", 10, None)
    assert drive.parse_boot_out("hello") is None


# ---- --mpy with a fake compiler ----

def fake_compiler(tmp_path, header):
    """An executable 'mpy-cross' that writes `header` + the source to the -o file."""
    script = tmp_path / f"mpy-cross-{header.hex() or 'none'}"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "out = args[args.index('-o') + 1]\n"
        "src = open(args[-1], 'rb').read()\n"
        f"open(out, 'wb').write({header!r} + src)\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return script


def test_mpy_build_with_circuitpython_compiler(src, tmp_path, capsys):
    compiler = fake_compiler(tmp_path, b"C\x06\x00\x1f")
    assert deploy.main("build", ["--mpy", "--mpy-cross", str(compiler), "--cpy-version",
                                 "9"]) == 0
    manifest = devbuild.current_build(src, src / "build")
    assert manifest["mpy"] is True
    names = set(manifest["files"])
    assert "code.py" in names                                  # never compiled
    assert {"lib/sixtysix_core/cards.mpy", "lib/sixtysix_ui/app.mpy"} <= names
    assert not any(n.startswith(("lib/sixtysix_core/", "lib/sixtysix_ui/")) and
                   n.endswith(".py") for n in names)
    assert "lib/adafruit_ticks.py" in names                    # third-party stays .py
    tree = src / "build" / "CIRCUITPY"
    assert (tree / "lib/sixtysix_core/cards.mpy").read_bytes().startswith(b"C\x06")


@pytest.mark.parametrize("header, says", [(b"M\x06\x00\x1f", "MicroPython"),
                                           (b"garbage", "not a CircuitPython .mpy")])
def test_mpy_build_rejects_wrong_headers(src, tmp_path, capsys, header, says):
    compiler = fake_compiler(tmp_path, header)
    assert deploy.main("build", ["--mpy", "--mpy-cross", str(compiler)]) == 0
    err = capsys.readouterr().err
    assert says in err and ".py files instead" in err
    manifest = devbuild.current_build(src, src / "build")
    assert manifest["mpy"] is False
    assert "lib/sixtysix_core/cards.py" in manifest["files"]
    assert not list((src / "build" / "CIRCUITPY").rglob("*.mpy"))


def test_mpy_missing_compiler_path_falls_back(src, tmp_path, capsys):
    assert deploy.main("build", ["--mpy", "--mpy-cross", str(tmp_path / "nope")]) == 0
    assert "no mpy-cross at" in capsys.readouterr().err
    assert devbuild.current_build(src, src / "build")["mpy"] is False


def test_mpy_download_failure_falls_back(src, tmp_path, monkeypatch, capsys):
    assert deploy.main("build", ["--mpy"]) == 0
    err = capsys.readouterr().err
    assert "could not download" in err and "--mpy-cross PATH" in err
    assert devbuild.current_build(src, src / "build")["mpy"] is False


def test_mpy_build_for_another_major_is_refused(src, board, tmp_path, capsys):
    compiler = fake_compiler(tmp_path, b"C\x06\x00\x1f")
    assert deploy.main("build", ["--mpy", "--mpy-cross", str(compiler),
                                 "--cpy-version", "10"]) == 0
    manifest = devbuild.current_build(src, src / "build")
    with pytest.raises(DeployError, match="cannot load them"):
        flash.check_compatible(manifest, drive.read_boot_out(board))    # the board runs 9
    before = _snapshot(board)
    # flash itself compiles for the board's version: with no compiler for 9, one sentence
    assert flash_main(board, mpy=True) == 2
    assert "no CircuitPython 9.x mpy-cross" in error_line(capsys)
    assert _snapshot(board) == before


def test_switching_to_mpy_removes_the_old_py_modules(src, board, tmp_path):
    assert flash_main(board) == 0
    compiler = fake_compiler(tmp_path, b"C\x06\x00\x1f")
    assert deploy.main("build", ["--mpy", "--mpy-cross", str(compiler)]) == 0
    assert flash_main(board, mpy=True) == 0
    assert on_board(board, "lib/sixtysix_core/cards.mpy").is_file()
    assert not on_board(board, "lib/sixtysix_core/cards.py").exists()   # would shadow it
    assert (board / "code.py").is_file()


# ---- bundle and libs ----

def test_bundle(src):
    assert deploy.main("bundle", ["--board", "pybadge"]) == 0
    out = src / "build" / "sixtysix-pybadge.zip"
    with zipfile.ZipFile(out) as bundle:
        names = set(bundle.namelist())
    assert {"CIRCUITPY/code.py", "CIRCUITPY/lib/sixtysix_core/cards.py",
            "CIRCUITPY/settings.toml", f"CIRCUITPY/{MANIFEST_NAME}"} <= names


def test_bundle_to_a_named_file(src, tmp_path):
    out = tmp_path / "dist" / "game.zip"
    assert deploy.main("bundle", ["--out", str(out)]) == 0
    assert zipfile.is_zipfile(out)


def test_libs_without_circup(src, board, monkeypatch, capsys):
    monkeypatch.setattr(deploy, "_circup", lambda: None)
    assert deploy.main("libs", ["--path", str(board)]) == 2
    assert "circup" in error_line(capsys)


def test_libs_offline(src, board, monkeypatch, capsys):
    monkeypatch.setattr(deploy, "_circup", lambda: ["circup"])
    monkeypatch.setattr(deploy, "_online", lambda: False)
    assert deploy.main("libs", ["--path", str(board)]) == 2
    assert "internet" in error_line(capsys)


def test_libs_runs_circup_and_drops_hidden_py_libraries(src, board, tmp_path, monkeypatch):
    assert flash_main(board) == 0
    fake = tmp_path / "circup"
    fake.write_text(f"#!{sys.executable}\n"
                    "import sys, pathlib\n"
                    "path = pathlib.Path(sys.argv[sys.argv.index('--path') + 1])\n"
                    "assert sys.argv[-2:][0] == '-r'\n"
                    "(path / 'lib' / 'adafruit_ticks.mpy').write_bytes(b'C\\x06')\n")
    fake.chmod(0o755)
    monkeypatch.setattr(deploy, "_circup", lambda: [str(fake)])
    monkeypatch.setattr(deploy, "_online", lambda: True)
    assert deploy.main("libs", ["--path", str(board)]) == 0
    assert (board / "lib/adafruit_ticks.mpy").is_file()
    assert not (board / "lib/adafruit_ticks.py").exists()
    assert not on_board(board, "lib/adafruit_ticks.py").exists()      # would hide the .mpy
    owned = json.loads((board / MANIFEST_NAME).read_text())["files"]
    assert "lib/adafruit_ticks.py" not in owned
    assert not [t for t in owned if t.endswith("/adafruit_ticks.py")]


def test_deploy_error_is_an_exception():
    assert issubclass(DeployError, Exception)


# ---- the drive is a boundary ----

class Recorder:
    """Every write, rename, delete and mkdir at the os level, with its real path."""

    def __init__(self, monkeypatch):
        self.paths = []
        real_open = open

        def opening(file, mode="r", *args, **kwargs):
            if isinstance(file, (str, os.PathLike)) and set(mode) & set("wax+"):
                self.paths.append(("open " + mode, os.path.realpath(file)))
            return real_open(file, mode, *args, **kwargs)

        monkeypatch.setattr("builtins.open", opening)
        for name in ("replace", "rename", "remove", "unlink", "mkdir", "rmdir"):
            monkeypatch.setattr(os, name, self._wrap(name, getattr(os, name)))

    def _wrap(self, name, function):
        def recorded(*paths, **kwargs):
            for path in paths[:2] if name in ("replace", "rename") else paths[:1]:
                self.paths.append((name, os.path.realpath(path)))
            return function(*paths, **kwargs)
        return recorded

    def outside(self, board):
        root = os.path.realpath(board)
        return [(op, path) for op, path in self.paths
                if os.path.commonpath([path, root]) != root]


def flat_drive(board):
    """The drive as the flat layout left it (a bundle copied on, or the flash before
    build folders): code.py, lib/sixtysix_* and a manifest that owns them."""
    assert deploy.main("build", []) == 0
    tree = devbuild.build_dir(deploy.ROOT + "/build")
    for path in sorted(tree.rglob("*")):
        if path.is_file():
            _write(board, {path.relative_to(tree).as_posix(): path.read_bytes()})
    assert (board / "lib/sixtysix_core/cards.py").is_file()
    return tree


@pytest.mark.parametrize("link", ["lib", "lib/sixtysix_core", "lib/sixtysix_ui", "sixtysix"])
def test_symlinked_folders_are_refused_and_nothing_outside_is_touched(
        src, board, tmp_path, monkeypatch, capsys, link):
    flat_drive(board)
    outside = tmp_path / "outside"
    if (board / link).exists():
        shutil.move(str(board / link), str(outside))
    else:
        outside.mkdir()
    _write(outside, {"precious.txt": "mine\n"})
    (board / link).symlink_to(outside, target_is_directory=True)
    before, before_outside = _snapshot(board), _snapshot(outside)
    recorder = Recorder(monkeypatch)
    assert flash_main(board) == 2
    line = error_line(capsys)
    assert f"{link} on the drive is a symbolic link" in line and "nothing was written" in line
    assert recorder.outside(board) == []
    assert _snapshot(outside) == before_outside
    assert _snapshot(board) == before


@pytest.mark.parametrize("name", ["code.py", MANIFEST_NAME, "lib/sixtysix_core/cards.py"])
def test_a_dangling_symlink_at_a_temporary_name_is_refused(src, board, tmp_path, monkeypatch,
                                                           capsys, name):
    flat_drive(board)
    victim = tmp_path / "outside" / "created-through-the-link"
    victim.parent.mkdir()
    link = board / (name + flash.TEMP_SUFFIX)
    link.symlink_to(victim)
    recorder = Recorder(monkeypatch)
    if name.startswith("lib/"):     # a name the flash no longer writes: left alone
        assert flash_main(board) == 0
        assert f"leave {name + flash.TEMP_SUFFIX}" in capsys.readouterr().out
        assert link.is_symlink()
    else:
        assert flash_main(board) == 2
        assert "is a symbolic link" in error_line(capsys)
    assert recorder.outside(board) == []
    assert not victim.exists() and list(victim.parent.iterdir()) == []


def test_a_manifest_that_owns_the_users_files_removes_none_of_them(src, board, monkeypatch,
                                                                  capsys):
    (board / "settings.toml").write_text('CIRCUITPY_WIFI_SSID = "home"\n')
    _write(board, {"lib/sixtysix_notes/mine.py": "MINE = 1\n"})      # looks like ours
    claimed = {}
    for path in sorted(board.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            claimed[path.relative_to(board).as_posix()] = {
                "sha256": hashlib.sha256(data).hexdigest(), "size": len(data),
                "kind": "devlib" if "lib/" in path.as_posix() else "project"}
    claimed.pop("lib/sixtysix_notes/mine.py")
    (board / MANIFEST_NAME).write_text(json.dumps({"files": claimed}))
    assert deploy.main("build", []) == 0            # the build is written outside the drive
    before = _snapshot(board)
    recorder = Recorder(monkeypatch)
    assert flash_main(board) == 0
    after = _snapshot(board)
    for target in claimed:
        assert after[target] == before[target] or target == "code.py", target
    assert after[flash.CODE_BACKUP] == before["code.py"]
    assert after["lib/sixtysix_notes/mine.py"] == b"MINE = 1\n"
    assert recorder.outside(board) == []


def _nested(depth):
    return '{"files": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("text, why", [
    ("{not json", "not valid JSON"),
    ('{"files": {"lib/x.py": {"sha256": "ab", "size": "12", "kind": "project"}}}', "damaged"),
    ('{"files": []}', "damaged"),
    ('[1, 2]', "damaged"),
    ('{"files": {"../../etc/passwd": {"sha256": "' + "0" * 64 + '", "size": 1, '
     '"kind": "devlib"}}}', "damaged"),
    ('{"files": {}, "build": "/etc"}', "damaged"),
    (_nested(100_000), "not valid JSON"),
    ('{"files": {}, "pad": "' + "x" * (2 << 20) + '"}', "larger than 1 MB"),
    (b"\xff\xfe{}", "not valid JSON"),
])
def test_a_malformed_manifest_is_ignored_with_one_line(src, board, capsys, text, why):
    flat_drive(board)
    _write(board, {MANIFEST_NAME: text})
    assert flash_main(board) == 0
    err = capsys.readouterr().err
    notes = [line for line in err.splitlines() if MANIFEST_NAME in line]
    assert len(notes) == 1 and why in notes[0] and "treating the drive as never flashed" \
        in notes[0], err
    assert "Traceback" not in err and "RecursionError" not in err
    assert (board / "lib/sixtysix_core/cards.py").is_file()     # nothing old removed
    for target, data in USER_FILES.items():
        assert (board / target).read_bytes() == data
    assert json.loads((board / MANIFEST_NAME).read_text())["tool"] == "sixtysix"


def test_flat_layout_is_replaced_by_a_build_folder(src, board):
    tree = flat_drive(board)
    assert flash_main(board) == 0
    assert not (board / "lib/sixtysix_core").exists()
    assert not (board / "lib/sixtysix_ui").exists()
    assert not (board / "lib/adafruit_ticks.py").exists()       # the folder carries it
    assert on_board(board, "lib/adafruit_ticks.py").read_bytes() == \
        (tree / "lib/adafruit_ticks.py").read_bytes()
    assert (board / flash.CODE_BACKUP).read_bytes() == (tree / "code.py").read_bytes()
    for target, data in USER_FILES.items():
        assert (board / target).read_bytes() == data


@pytest.mark.parametrize("text, board_id", [
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyGamer with samd51j19\n",
     "pygamer"),
    ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit Pybadge with samd51j19\r\n"
     "UID:1234\n", "pybadge"),
    ("UID:1234\nAdafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit Feather M4 Express "
     "with samd51j19\n", "feather_m4_express"),
    ("Adafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit PyGamer with samd51j19\n"
     "Board ID:pygamer_advance\n", "pygamer_advance"),
])
def test_board_named_on_any_line_of_boot_out(text, board_id):
    assert drive.parse_boot_out(text).board_id == board_id


def test_flash_picks_the_board_from_the_first_line_of_boot_out(src, board, capsys):
    (board / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; "
                                        "Adafruit Pybadge with samd51j19\n")
    assert flash_main(board) == 0
    assert json.loads((board / MANIFEST_NAME).read_text())["board"] == "pybadge"
    assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize("code, says", [(errno.EIO, "check the cable"),
                                        (errno.EROFS, "read-only"),
                                        (errno.ENOSPC, "ran out of space")])
@pytest.mark.parametrize("kind", ["write", "replace", "remove", "mkdir"])
def test_a_drive_fault_is_one_sentence_and_the_drive_boots(src, board, monkeypatch, capsys,
                                                           code, says, kind):
    tree = flat_drive(board)
    old_code = (board / "code.py").read_bytes()

    def fault(op, target, data):
        if op == kind:
            raise OSError(code, os.strerror(code), target)

    monkeypatch.setattr(drive, "op_hook", fault)
    assert flash_main(board) == 2
    line = error_line(capsys)
    assert says in line
    if kind == "remove":           # the first removal is after the switch
        assert line.endswith(flash.AFTER)
        assert b'BUILD = "sixtysix/' in (board / "code.py").read_bytes()
    else:
        assert line.endswith(flash.BEFORE)
        assert (board / "code.py").read_bytes() == old_code
        assert (board / "lib/sixtysix_core/cards.py").read_bytes() == \
            (tree / "lib/sixtysix_core/cards.py").read_bytes()
    monkeypatch.setattr(drive, "op_hook", None)
    assert flash_main(board) == 0
    assert not (board / "lib/sixtysix_core").exists() and no_temp_files(board)


@pytest.mark.parametrize("name, says", [(MANIFEST_NAME, "is a folder where flash writes a file"),
                                        ("sixtysix", "is a file where flash writes a folder")])
def test_a_folder_or_file_in_the_way_is_one_sentence(src, board, capsys, name, says):
    (board / name).mkdir() if name == MANIFEST_NAME else (board / name).write_text("x")
    before = _snapshot(board)
    assert flash_main(board) == 2
    line = error_line(capsys)
    assert says in line and "nothing was written" in line
    assert _snapshot(board) == before


def test_a_flat_layout_library_that_would_hide_a_circup_mpy_is_removed(src, board):
    flat_drive(board)
    _write(board, {"lib/adafruit_ticks.mpy": b"C\x06circup"})
    assert flash_main(board) == 0
    assert not (board / "lib/adafruit_ticks.py").exists()          # it would hide the .mpy
    assert not on_board(board, "lib/adafruit_ticks.py").exists()
    assert (board / "lib/adafruit_ticks.mpy").read_bytes() == b"C\x06circup"


# ---- the user's files are never replaced or removed ----

def test_code_py_is_kept_under_a_free_name_when_the_backup_name_is_taken(src, board):
    _write(board, {flash.CODE_BACKUP: "print('an older program of mine')\n"})
    assert flash_main(board) == 0
    assert (board / "code-before-sixtysix-2.py").read_bytes() == b"print('hello world')\n"
    assert (board / flash.CODE_BACKUP).read_bytes() == b"print('an older program of mine')\n"


@pytest.mark.parametrize("dangling", [False, True])
def test_code_py_is_kept_when_the_backup_name_is_a_symlink(src, board, tmp_path, dangling):
    elsewhere = tmp_path / "elsewhere.py"
    if not dangling:
        elsewhere.write_text("X = 1\n")
    (board / flash.CODE_BACKUP).symlink_to(elsewhere)
    assert flash_main(board) == 0
    assert (board / "code-before-sixtysix-2.py").read_bytes() == b"print('hello world')\n"
    assert (board / flash.CODE_BACKUP).is_symlink()
    assert dangling != elsewhere.exists()


def test_code_py_edited_after_a_flash_is_kept_and_our_own_is_not_copied(src, board):
    assert flash_main(board) == 0
    _write(src, {"sixtysix_core/rules.py": "def legal(mask):\n    return mask & 7\n"})
    assert flash_main(board) == 0           # code.py is the tool's own: no second copy
    assert not (board / "code-before-sixtysix-2.py").exists()
    (board / "code.py").write_text("print('my own again')\n")
    _write(src, {"sixtysix_core/rules.py": "def legal(mask):\n    return mask & 5\n"})
    assert flash_main(board) == 0
    assert (board / "code-before-sixtysix-2.py").read_bytes() == b"print('my own again')\n"
    assert (board / flash.CODE_BACKUP).read_bytes() == b"print('hello world')\n"


def test_every_backup_name_taken_is_one_sentence_and_writes_nothing(src, board, capsys):
    _write(board, {flash.CODE_BACKUP: "A = 1\n"})
    _write(board, {f"code-before-sixtysix-{n}.py": f"A = {n}\n" for n in range(2, 100)})
    before = _snapshot(board)
    assert flash_main(board) == 2
    assert "no free name" in error_line(capsys)
    assert _snapshot(board) == before


def _claim(board, manifest, names):
    """The drive's manifest, edited by hand to claim `names` with their true hashes."""
    for name in names:
        data = (board / name).read_bytes()
        manifest["files"][name] = {"sha256": hashlib.sha256(data).hexdigest(),
                                   "size": len(data), "kind": "project"}
    (board / MANIFEST_NAME).write_text(json.dumps(manifest))


@pytest.mark.parametrize("where", ["old build folder", "flat layout"])
def test_a_hand_edited_manifest_cannot_remove_a_users_file(src, board, where):
    assert flash_main(board) == 0
    manifest = json.loads((board / MANIFEST_NAME).read_text())
    folder = manifest["build"]
    mine = (f"{folder}/my_module.py" if where == "old build folder"
            else "lib/sixtysix_mine/mine.py")
    _write(board, {mine: "MINE = 1\n"})
    _claim(board, manifest, [mine])
    _write(src, {"sixtysix_core/rules.py": "def legal(mask):\n    return mask & 7\n"})
    assert flash_main(board) == 0
    assert json.loads((board / MANIFEST_NAME).read_text())["build"] != folder
    assert (board / mine).read_bytes() == b"MINE = 1\n"
    if where == "old build folder":         # the folder no longer matches its name: kept
        assert (board / folder / "sixtysix_core" / "cards.py").is_file()


def test_a_users_file_where_the_new_build_goes_is_refused(src, board, tmp_path, capsys):
    other = tmp_path / "OTHER"
    _write(other, {"boot_out.txt": BOOT_OUT})
    assert flash_main(other) == 0
    folder = json.loads((other / MANIFEST_NAME).read_text())["build"]
    _write(board, {f"{folder}/sixtysix_core/cards.py": "# my own file\n"})
    before = _snapshot(board)
    assert flash_main(board) == 2
    line = error_line(capsys)
    assert "is not a file flash wrote" in line and "nothing was written" in line
    assert _snapshot(board) == before


@pytest.mark.parametrize("text", [
    '{"files": {"lib/a\\u0000b.py": {"sha256": "' + "0" * 64 + '", "size": 1, '
    '"kind": "project"}}}',
    '{"files": {}, "build": "sixtysix/\\u0000"}',
    '{"files": {"lib/\\udc80.py": {"sha256": "' + "0" * 64 + '", "size": 1, '
    '"kind": "project"}}}',
    '{"files": {"lib/' + "x" * 300 + '.py": {"sha256": "' + "0" * 64 + '", "size": 1, '
    '"kind": "project"}}}',
    '{"files": {}, "temps": {"code.py.sixtysix-tmp": "ab"}}',
    '{"files": {}, "temps": [1]}',
])
def test_a_manifest_with_nul_or_unusable_names_is_ignored_with_one_line(src, board, capsys,
                                                                        text):
    flat_drive(board)
    _write(board, {MANIFEST_NAME: text})
    assert flash_main(board) == 0
    err = capsys.readouterr().err
    notes = [line for line in err.splitlines() if MANIFEST_NAME in line]
    assert len(notes) == 1 and "treating the drive as never flashed" in notes[0], err
    assert "error" not in err and "Traceback" not in err
    for target, data in USER_FILES.items():
        assert (board / target).read_bytes() == data


# ---- flash writes the .mpy build for the board's CircuitPython by default ----

@pytest.mark.parametrize("version", ["9.2.8", "10.0.3"])
def test_flash_writes_mpy_for_the_boards_major_version(src, board, tmp_path, version):
    (board / "boot_out.txt").write_text(BOOT_OUT.replace("9.2.8", version))
    compiler = fake_compiler(tmp_path, b"C\x06\x00\x1f")
    assert flash_main(board, "--mpy-cross", str(compiler), mpy=True) == 0
    manifest = json.loads((board / MANIFEST_NAME).read_text())
    assert manifest["mpy"] is True and manifest["circuitpython"] == int(version[:2].strip("."))
    assert on_board(board, "lib/sixtysix_core/cards.mpy").read_bytes().startswith(b"C\x06")
    assert not on_board(board, "lib/sixtysix_core/cards.py").exists()


def test_flash_finds_the_compiler_for_the_boards_version(src, board, tmp_path, monkeypatch):
    compiler = fake_compiler(tmp_path, b"C\x06\x00\x1f")
    monkeypatch.setattr(mpy, "local_compiler", lambda major: compiler if major == 9 else None)
    assert deploy.main("build", []) == 0               # a .py build is there: not used
    assert flash_main(board, mpy=True) == 0
    assert on_board(board, "lib/sixtysix_core/cards.mpy").is_file()
    assert json.loads((board / MANIFEST_NAME).read_text())["circuitpython"] == 9


def test_flash_without_a_compiler_says_what_to_do_and_writes_nothing(src, board, capsys):
    before = _snapshot(board)
    assert flash_main(board, mpy=True) == 2
    line = error_line(capsys)
    assert "could not download" in line and "--py" in line and "160 KiB" in line
    assert "--mpy-cross PATH" in line
    assert _snapshot(board) == before


def test_flash_py_writes_sources_and_says_what_they_need(src, board, capsys):
    assert flash_main(board, "--py", mpy=True) == 0
    assert on_board(board, "lib/sixtysix_core/cards.py").is_file()
    said = capsys.readouterr()
    assert len([line for line in said.out.splitlines() if "160 KiB" in line]) == 1
    assert "error" not in said.err


def test_flash_refuses_mpy_for_a_version_it_cannot_compile_for(src, board, capsys):
    (board / "boot_out.txt").write_text(BOOT_OUT.replace("9.2.8", "8.2.10"))
    before = _snapshot(board)
    assert flash_main(board, mpy=True) == 2
    assert "flash --py" in error_line(capsys)
    assert _snapshot(board) == before


def test_a_hand_edited_manifest_cannot_remove_a_users_file_at_one_of_our_paths(src, board):
    flat_drive(board)
    mine = "lib/sixtysix_core/cards.py"              # the flat layout's path of a module
    _write(board, {mine: "# my own cards module\n"})
    _claim(board, json.loads((board / MANIFEST_NAME).read_text()), [mine])
    assert flash_main(board) == 0
    assert (board / mine).read_bytes() == b"# my own cards module\n"
    assert not (board / "lib/sixtysix_core/rules.py").exists()     # the build's own: gone
