"""ruff over the whole tree (the configuration is in pyproject.toml)."""
import os
import subprocess

import pytest

import mplane


@pytest.mark.skipif(mplane.tool("ruff") is None, reason="ruff not installed")
def test_ruff_is_clean():
    out = subprocess.run([mplane.tool("ruff"), "check", "."], cwd=mplane.ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert os.path.exists(os.path.join(mplane.ROOT, "pyproject.toml"))
