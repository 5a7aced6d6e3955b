"""Make sure the project's virtual environment exists and is current, then re-run in it.

The venv lives in `.venv/` at the repository root.  A stamp file inside it holds a hash
of requirements-dev.txt and requirements-device.txt; when either changes the venv is
updated with pip.  Setting SIXTYSIX_NO_VENV=1 skips all this (use the current Python).
On POSIX the venv's Python replaces the running process (exec), so that a signal such
as SIGTERM sent to `tools/sixtysix.py` reaches the process that does the work; elsewhere
it runs as a child, which tools/sixtysix.py ends on SIGTERM (subprocess.call kills its
child when the wait is interrupted).
"""
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, ".venv")
STAMP = os.path.join(VENV, ".sixtysix-requirements")
REQUIREMENTS = ("requirements-dev.txt", "requirements-device.txt")


def _venv_python():
    if os.name == "nt":
        return os.path.join(VENV, "Scripts", "python.exe")
    return os.path.join(VENV, "bin", "python")


def _requirements_hash():
    h = hashlib.sha256()
    for name in REQUIREMENTS:
        with open(os.path.join(ROOT, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def _in_venv():
    return os.path.abspath(sys.prefix) == os.path.abspath(VENV)


def ensure_venv():
    """Create or update .venv; returns the path of its Python."""
    python = _venv_python()
    wanted = _requirements_hash()
    try:
        with open(STAMP) as f:
            current = f.read().strip()
    except OSError:
        current = ""
    if os.path.exists(python) and current == wanted:
        return python
    if not os.path.exists(python):
        sys.stderr.write("setting up .venv (first run only) ...\n")
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    else:
        sys.stderr.write("requirements changed: updating .venv ...\n")
    subprocess.check_call([python, "-m", "pip", "install", "--quiet",
                           "--disable-pip-version-check",
                           "-r", os.path.join(ROOT, "requirements-dev.txt")])
    with open(STAMP, "w") as f:
        f.write(wanted + "\n")
    return python


def ensure_venv_and_reexec(argv):
    """Re-run tools/sixtysix.py with the venv's Python, unless already there."""
    if os.environ.get("SIXTYSIX_NO_VENV") == "1":
        return
    python = ensure_venv()
    if _in_venv():
        return
    script = os.path.join(ROOT, "tools", "sixtysix.py")
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(python) + os.pathsep + env.get("PATH", "")
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":          # the venv's Python becomes this process: a signal
        os.execve(python, [python, script] + list(argv), env)     # reaches it directly
    sys.exit(subprocess.call([python, script] + list(argv), env=env))
