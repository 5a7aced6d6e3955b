"""`test`: run the host test suite (pytest) from the repository root."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(command, args):
    return subprocess.call([sys.executable, "-m", "pytest", "host_tests"] + list(args), cwd=ROOT)
