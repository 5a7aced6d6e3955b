"""`test`: run the host test suite (pytest) from the repository root."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(command, args):
    # -P: do not put the working directory first on sys.path, where the device's code.py
    # would shadow the standard library's `code` module.
    return subprocess.call([sys.executable, "-P", "-m", "pytest", "host_tests"] + list(args),
                           cwd=ROOT)
