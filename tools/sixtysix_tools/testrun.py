"""`test`: run the host test suite (pytest) from the repository root."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(command, args):
    # -P: do not put the working directory first on sys.path, where the device's code.py
    # would shadow the standard library's `code` module.
    # Paths among the arguments choose the tests; otherwise the whole suite runs.
    paths = [a for a in args if not a.startswith("-") and os.path.exists(os.path.join(ROOT, a))]
    return subprocess.call([sys.executable, "-P", "-m", "pytest"]
                           + ([] if paths else ["host_tests"]) + list(args), cwd=ROOT)
