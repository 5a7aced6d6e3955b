"""code.py on a board whose display or buttons are missing: one sentence, no traceback."""
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_missing_oled_gives_one_plain_sentence(tmp_path):
    pytest.importorskip("displayio")              # Blinka, in the project's venv
    (tmp_path / "board.py").write_text('board_id = "feather_m4_express"\n')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.path.join(ROOT, "lib")]))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "code.py")], cwd=str(tmp_path),
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert "Sixty-Six cannot start the display or the buttons" in out.stdout


def test_out_of_memory_gives_one_plain_sentence(tmp_path):
    """A MemoryError that escapes the app on a board: one sentence, no traceback."""
    (tmp_path / "board.py").write_text('board_id = "feather_m4_express"\n')
    for package, module, text in (
            ("sixtysix_boards", "oled128x64", "KEYS = 0\n"),
            ("sixtysix_ui", "app", "class App:\n    def __init__(self, hw):\n"
             "        pass\n\n    def run(self):\n        raise MemoryError('x')\n")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / (module + ".py")).write_text(text)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "code.py")], cwd=str(tmp_path),
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert out.stdout.strip() == ("Sixty-Six ran out of memory. Press reset: the match goes "
                                  "on from its last save.")


def test_code_py_is_short_and_has_the_one_line_flash_sets():
    text = open(os.path.join(ROOT, "code.py")).read()
    assert len(text.splitlines()) <= 40
    assert text.count('\nBUILD = ""\n') == 1


def test_code_py_imports_only_its_build_folder(tmp_path):
    """Flashed, code.py puts sixtysix/<id> first: a stale /lib/sixtysix_* is never used."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from sixtysix_tools import flash

    drive = tmp_path / "CIRCUITPY"
    folder = drive / "sixtysix" / "0123456789ab"
    shutil.copytree(os.path.join(ROOT, "lib"), folder, ignore=shutil.ignore_patterns("__py*"))
    shutil.copytree(os.path.join(ROOT, "sixtysix_core"), folder / "sixtysix_core",
                    ignore=shutil.ignore_patterns("__py*"))
    for stale in ("sixtysix_core", "sixtysix_ui", "sixtysix_boards"):
        (drive / "lib" / stale).mkdir(parents=True)
        (drive / "lib" / stale / "__init__.py").write_text("raise ImportError('stale')\n")
    with open(os.path.join(ROOT, "code.py"), "rb") as f:
        code = flash.code_for(f.read(), "sixtysix/0123456789ab")
    (drive / "code.py").write_bytes(code)
    out = subprocess.run([sys.executable, "-I", "-S", "-B",
                          os.path.join(ROOT, "host_tests", "boot_drive.py"), str(drive)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["polled"] and report["error"] is None, report
    places = {path.split("/")[0] for path, _ in report["modules"].values()}
    assert places == {"sixtysix"} and len(report["modules"]) > 10
