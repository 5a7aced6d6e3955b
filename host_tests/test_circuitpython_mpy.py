"""`build --mpy` finds a CircuitPython mpy-cross before downloading one (mpy.py).

Order: --mpy-cross PATH; $SIXTYSIX_MPY_CROSS; mpy-cross in $SIXTYSIX_CIRCUITPYTHON_BIN or
../shared/circuitpython/bin; a download.  Found (not given) compilers count only if
`mpy-cross --version` names the board's CircuitPython major version.  Fake compilers
here: scripts that print a version and write C\\x06 + the source.
"""
import stat
import sys

import pytest

from sixtysix_tools import mpy


def fake(tmp_path, name, version, header=b"C\x06\x00\x1f"):
    script = tmp_path / name
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "if args == ['--version']:\n"
        f"    print({version!r}); sys.exit(0)\n"
        "out = args[args.index('-o') + 1]\n"
        f"open(out, 'wb').write({header!r} + open(args[-1], 'rb').read())\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


@pytest.fixture
def offline(monkeypatch, tmp_path):
    """No download, no shared folder, no environment: only what a test sets."""
    def no_download(url, timeout):
        raise AssertionError("tried to download " + url)
    monkeypatch.setattr(mpy.urllib.request, "urlopen", no_download)
    monkeypatch.setattr(mpy, "cache_dir", lambda: tmp_path / "cache")
    monkeypatch.setattr(mpy, "SHARED_BIN", tmp_path / "no-shared")
    monkeypatch.delenv(mpy.ENV_BIN, raising=False)
    monkeypatch.delenv(mpy.ENV_MPY_CROSS, raising=False)
    return monkeypatch


def found(offline, tmp_path, where, version):
    """A fake compiler where the search looks: $SIXTYSIX_MPY_CROSS ("env"), the folder
    $SIXTYSIX_CIRCUITPYTHON_BIN ("bin") or the shared folder ("shared")."""
    folder = tmp_path / where
    folder.mkdir()
    cross = fake(folder, "mpy-cross", version)
    if where == "env":
        offline.setenv(mpy.ENV_MPY_CROSS, str(cross))
    elif where == "bin":
        offline.setenv(mpy.ENV_BIN, str(folder))
        assert mpy.circuitpython_bin() == folder
    else:
        offline.setattr(mpy, "SHARED_BIN", folder)
    return cross


@pytest.mark.parametrize("where, version", [
    ("env", "CircuitPython 10.2.1 on 2026-12-01; mpy v6.3"),
    ("bin", "CircuitPython 10.0.3 on 2025-01-01"),
    ("shared", "CircuitPython 10.2.1"),                  # the default
])
def test_a_found_compiler_is_used_before_a_download(offline, tmp_path, where, version):
    cross = found(offline, tmp_path, where, version)
    assert mpy.usable_compiler(10) == cross


def test_the_env_compiler_is_used_before_the_bin_folder(offline, tmp_path):
    in_folder = found(offline, tmp_path, "bin", "CircuitPython 10.0.3 on 2025-01-01")
    assert mpy.usable_compiler(10) == in_folder
    env = found(offline, tmp_path, "env", "CircuitPython 10.2.1")
    assert mpy.usable_compiler(10) == env


def test_a_found_compiler_of_another_major_version_is_not_used(offline, tmp_path, capsys):
    cross = fake(tmp_path, "mpy-cross-10", "CircuitPython 10.2.1")
    offline.setenv(mpy.ENV_MPY_CROSS, str(cross))
    offline.setattr(mpy, "fetch_compiler", lambda major: (None, "offline"))
    assert mpy.usable_compiler(9) is None                    # no download here either
    assert "offline" in capsys.readouterr().err
    micro = fake(tmp_path, "mpy-cross-mp", "MicroPython v1.29.0", b"M\x06\x00\x1f")
    offline.setenv(mpy.ENV_MPY_CROSS, str(micro))
    assert mpy.usable_compiler(10) is None


def test_the_flag_wins_and_files_are_compiled_with_o3(offline, tmp_path):
    given = fake(tmp_path, "given", "CircuitPython 9.2.8")
    offline.setenv(mpy.ENV_MPY_CROSS, str(fake(tmp_path, "env", "CircuitPython 10.2.1")))
    assert mpy.usable_compiler(10, str(given)) == given
    log = tmp_path / "args"
    logger = tmp_path / "logger"
    logger.write_text(f"#!{sys.executable}\nimport sys\nopen({str(log)!r}, 'w').write("
                      "' '.join(sys.argv[1:]))\nargs = sys.argv[1:]\n"
                      "open(args[args.index('-o') + 1], 'wb').write(b'C\\x06')\n")
    logger.chmod(logger.stat().st_mode | stat.S_IXUSR)
    src = tmp_path / "deal.py"
    src.write_text("x = 1\n")
    assert mpy.compile_file(logger, src, tmp_path / "deal.mpy", "lib/sixtysix_core/deal.py") is None
    args = log.read_text().split()
    assert args[0] == "-O3" and args[args.index("-s") + 1] == "deal.py"
