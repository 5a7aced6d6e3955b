"""`test`: run the host test suite (pytest) from the repository root.

    test                the quick suite: every test not marked `slow`
    test --all          every test (what CI runs, .ci/run)
    test PATH...        every test in those files or folders, slow ones included
The tests run in one process a CPU core (pytest-xdist's `-n auto`); `-n 0` runs them in
this one (as do `-s`, `--pdb` and a `-p` of your own).  Any other argument goes to
pytest as it is (-q, -x, -k EXPR, --durations=N, ...); a `-m` of your own replaces the
choice above; an argument pytest refuses is answered in one line (exit status 2).
`slow` (registered in pyproject.toml) marks the long searches: every legal action
reachable by key presses, 100k random presses, a flash stopped before each of its drive
operations, the four-player match in every heap from 128k to 136k.  The quick suite
still has quick tests of every area: the core's rules, records and saves, the app on
both layouts, build, flash and deploy, and the lane.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QUICK = "not slow"


def pytest_args(args):
    """The pytest arguments for `test ARGS`."""
    args = list(args)
    everything = "--all" in args
    args = [a for a in args if a != "--all"]
    # Paths among the arguments choose the tests (all of them); otherwise the suite runs.
    paths = [a for a in args if not a.startswith("-")
             and os.path.exists(os.path.join(ROOT, a.split("::")[0]))]
    chosen = any(a == "-m" or a.startswith("-m") and not a.startswith("--") for a in args)
    quick = [] if everything or paths or chosen else ["-m", QUICK]
    own = any(a in ("-s", "--pdb", "--capture=no") or a.startswith(("-n", "--numprocesses", "-p"))
              for a in args)
    workers = [] if own else ["-n", "auto"]
    return workers + quick + ([] if paths else ["host_tests"]) + args


USAGE_ERROR = 4                 # pytest's exit status for arguments it refuses


def main(command, args):
    # -P: do not put the working directory first on sys.path, where the device's code.py
    # would shadow the standard library's `code` module.  pytest reports on stdout; its
    # standard error is passed on at the end, or, for arguments it refuses (several
    # lines of usage), only the line that says why.
    from sixtysix_tools.cli import BadInput
    with subprocess.Popen([sys.executable, "-P", "-m", "pytest"] + pytest_args(args),
                          cwd=ROOT, stderr=subprocess.PIPE, text=True) as run:
        try:
            _, err = run.communicate()
        except BaseException:
            run.kill()
            raise
    if run.returncode == USAGE_ERROR:
        why = [line.split("error:", 1)[1].strip() for line in err.splitlines()
               if "error:" in line]
        raise BadInput((why[-1] if why else "pytest refused the arguments")
                       + " (pytest's own options: python3 -m pytest --help)")
    sys.stderr.write(err)
    return run.returncode
