"""Type-check the device code against circuitpython-stubs (DEVICE_NOTES.md section 9).

mypy checks code.py, lib/ and sixtysix_core/ with the PyGamer's board stub selected
(circuitpython_setboard) and tools/stubs/gc.pyi for gc.mem_free; the configuration is
[tool.mypy] in pyproject.toml.  Skipped where mypy or the stubs are not installed.
"""
import subprocess

import pytest

import mplane


def _needs(name):
    return pytest.mark.skipif(mplane.tool(name) is None, reason="%s not installed" % name)


@_needs("mypy")
@_needs("circuitpython_setboard")
def test_device_code_type_checks():
    subprocess.run([mplane.tool("circuitpython_setboard"), "pygamer"], check=True,
                   capture_output=True)
    for target in (["-p", "sixtysix_core", "-p", "sixtysix_ui", "-p", "sixtysix_boards"],
                   ["code.py"]):
        out = subprocess.run([mplane.tool("mypy")] + target, cwd=mplane.ROOT,
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr
