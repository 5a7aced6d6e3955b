"""code.py on a board whose display or buttons are missing: one sentence, no traceback."""
import os
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
