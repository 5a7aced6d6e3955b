#!/usr/bin/env python3
"""Sixty-Six laptop tools: one entry point for every command.

The product (the game, its records and getting it onto a board):
    python3 tools/sixtysix.py play            set up .venv, open the simulator (the game)
    python3 tools/sixtysix.py sim --board pygamer|oled [--headless --keys ... --screenshot F]
    python3 tools/sixtysix.py term            a game against the bot in the terminal
    python3 tools/sixtysix.py replay FILE [--json]
    python3 tools/sixtysix.py review RECORD [--seat S] [--all]
    python3 tools/sixtysix.py bot RECORD --level L --seed S
    python3 tools/sixtysix.py build|flash|bundle|libs|console ...
    python3 tools/sixtysix.py test            set up .venv, run the host test suite
    python3 tools/sixtysix.py words [--fix]   the text catalogs: what each language lacks
    python3 tools/sixtysix.py glyphs [--check|--show]  the letters beyond ASCII (glyphs.bin)
The lab (measurements, tools/sixtysix_tools/lab/):
    python3 tools/sixtysix.py bench engine|bot|heap32|fuzz|ux|strength|infer|tune
    python3 tools/sixtysix.py tournament A B --hands N --seed S
    python3 tools/sixtysix.py soak [--hands N]   1,000,000 random hands with invariants

Commands that need third-party packages first make sure `.venv/` exists with
requirements-dev.txt installed (only when the file changed since the last install), then
re-run themselves with the venv's Python.  `replay` and `term` need nothing but Python.
"""
import os
import signal
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# After the standard library: the root's code.py must not shadow the stdlib `code`.
sys.path.extend([ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")])
import sixtysix_core  # noqa: E402,F401  (first: micropython.const without the venv)

# command -> (module in tools/sixtysix_tools, needs the venv)
COMMANDS = {
    # the product
    "play": ("sim", True),
    "sim": ("sim", True),
    "term": ("term", False),
    "replay": ("replay", False),
    "review": ("review", False),
    "bot": ("botcli", False),
    "build": ("deploy", False),
    "flash": ("deploy", False),
    "bundle": ("deploy", False),
    "libs": ("deploy", True),
    "console": ("deploy", True),
    "test": ("testrun", True),
    "words": ("catalog", False),
    "glyphs": ("glyphs", True),
    # the lab
    "bench": ("lab.bench", True),
    "tournament": ("lab.tournament", False),
    "soak": ("lab.soak", False),
}


def usage():
    sys.stdout.write(__doc__.split("\n\n")[1] + "\n")


def _terminate(signum, frame):
    """SIGTERM: leave through SystemExit, so that a child started with subprocess.call
    (the test runner's pytest, circup, ...) is ended too, and exit with 128 + 15."""
    raise SystemExit(128 + signum)


def main(argv):
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _terminate)
    if argv and argv[0] in ("-h", "--help", "help"):
        usage()
        return 0
    if not argv:
        sys.stderr.write("sixtysix.py: give a command: %s (see --help)\n" % ", ".join(COMMANDS))
        return 2
    command = argv[0]
    if command not in COMMANDS:
        sys.stderr.write("unknown command %r; try: %s\n" % (command, ", ".join(COMMANDS)))
        return 2
    module_name, needs_venv = COMMANDS[command]
    if needs_venv:
        from sixtysix_tools import bootstrap
        bootstrap.ensure_venv_and_reexec(argv)
    import importlib
    from sixtysix_tools.cli import BadInput
    module = importlib.import_module("sixtysix_tools." + module_name)
    try:
        return module.main(command, argv[1:])
    except BadInput as e:                       # bad input: one plain line, status 2
        sys.stderr.write("sixtysix.py %s: %s\n" % (command, e))
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:                     # output piped into `head` and the like
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
