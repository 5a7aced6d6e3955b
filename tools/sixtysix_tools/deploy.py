"""`build`, `flash`, `bundle`, `libs` and `console`: get Sixty-Six onto a board.

    python3 tools/sixtysix.py build [--board B] [--mpy] [--mpy-cross PATH] [--cpy-version 9|10]
    python3 tools/sixtysix.py flash [--path DIR] [--dry-run] [--board B] [--py]
                                    [--mpy-cross PATH]
    python3 tools/sixtysix.py bundle [--board B] [--out FILE]
    python3 tools/sixtysix.py libs [--path DIR]
    python3 tools/sixtysix.py console [--port P] [--save-records DIR]

This module parses the arguments and strings the pieces together: devbuild.py writes
build/CIRCUITPY, mpy.py handles CircuitPython's mpy-cross, drive.py finds the drive and
reads boot_out.txt and guards the drive, flash.py switches the drive to a build in one
step, serialconsole.py echoes the serial console.  `flash` writes our modules as .mpy
compiled for the board's CircuitPython major version (boot_out.txt) unless --py asks
for sources; when no compiler can be had it says so in one sentence and writes nothing.
Every fault the user can act on is a DeployError, printed as one line
`error: <sentence>` with exit status 2, never a traceback.
"""
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from sixtysix_tools import cli, devbuild, drive, flash, serialconsole
from sixtysix_tools.deploy_base import (
    BOARDS, CP_MAJORS, DEFAULT_CP_MAJOR, ROOT, DeployError, board_for_id, check_board, info)


def _build_root():
    return Path(ROOT) / "build"


def _parser(command):
    parser = cli.Parser(prog=f"sixtysix.py {command}")
    if command in ("build", "flash", "bundle"):
        default = "pygamer" if command == "build" else "the build's, else boot_out.txt's"
        parser.add_argument("--board", help=f"one of {', '.join(BOARDS)} (default: {default})")
    if command == "build":
        parser.add_argument("--mpy", action="store_true",
                            help="compile our modules with CircuitPython's mpy-cross")
    if command in ("build", "flash"):
        parser.add_argument("--mpy-cross", metavar="PATH",
                            help="CircuitPython's mpy-cross for the board's major version")
        parser.add_argument("--cpy-version", type=int, default=DEFAULT_CP_MAJOR,
                            help="CircuitPython major version on the board (9 or 10)")
    if command in ("flash", "libs"):
        parser.add_argument("--path", help="the CIRCUITPY drive (found automatically)")
    if command == "flash":
        parser.add_argument("--dry-run", action="store_true",
                            help="show what would change, write nothing to the drive")
        parser.add_argument("--py", action="store_true",
                            help="our modules as .py sources (the board then needs about "
                                 f"{devbuild.PY_HEAP_KIB} KiB of heap) instead of .mpy")
    if command == "bundle":
        parser.add_argument("--out", help="zip file (default build/sixtysix-<board>.zip)")
    if command == "console":
        parser.add_argument("--port", help="serial port (found automatically)")
        parser.add_argument("--save-records", metavar="DIR",
                            help="save each hand record the board prints as a .txt file")
    return parser


def cmd_build(args):
    board = check_board(args.board or "pygamer")
    if args.cpy_version not in CP_MAJORS:
        raise DeployError(f"CircuitPython {args.cpy_version} is not supported: use "
                          "--cpy-version 9 or 10")
    devbuild.run_build(ROOT, _build_root(), board, args.cpy_version, args.mpy, args.mpy_cross)
    return 0


def cmd_flash(args):
    if args.board:
        check_board(args.board)
    target = drive.choose_drive(args.path)
    _flash(target, drive.read_boot_out(target), args.board, args.dry_run, not args.py,
           args.mpy_cross)
    return 0


def _flash(target, boot, board, dry_run=False, use_mpy=True, mpy_cross=None):
    if use_mpy and boot.major not in CP_MAJORS:
        raise DeployError(f"the board runs CircuitPython {boot.version}, for which flash "
                          "compiles no .mpy (9 and 10 only): update the board's firmware, "
                          f"or flash --py for a .py build, which needs about "
                          f"{devbuild.PY_HEAP_KIB} KiB of heap")
    if not use_mpy:
        info(f"a .py build: the board compiles every module on its own heap at import and "
             f"needs about {devbuild.PY_HEAP_KIB} KiB of heap for it (the .mpy build flash "
             "writes without --py needs less)")
    manifest = devbuild.ensure_build(
        ROOT, _build_root(), board, fallback_board=board_for_id(boot.board_id),
        cp_major=boot.major if boot.major in CP_MAJORS else None, use_mpy=use_mpy,
        mpy_cross=mpy_cross)
    flash.check_compatible(manifest, boot)
    info(f"flashing {manifest['board']} build onto {target} "
         f"(CircuitPython {boot.version}, board {boot.board_id})")
    flash.flash_build(devbuild.build_dir(_build_root()), manifest, target, dry_run)


def cmd_bundle(args):
    if args.board:
        check_board(args.board)
    manifest = devbuild.ensure_build(ROOT, _build_root(), args.board, fallback_board="pygamer")
    out = devbuild.write_bundle(_build_root(), manifest, args.out)
    info(f"wrote {out}: unzip it and copy the contents of its CIRCUITPY folder onto the "
         "drive (keep your own settings.toml if you have one)")
    return 0


def _online(host="github.com", port=443, timeout=5):
    try:
        socket.create_connection((host, port), timeout=timeout).close()
        return True
    except OSError:
        return False


def _circup():
    """Command prefix that runs circup, or None."""
    beside = Path(sys.executable).parent / ("circup.exe" if os.name == "nt" else "circup")
    found = str(beside) if beside.is_file() else shutil.which("circup")
    return [found] if found else None


def cmd_libs(args):
    target = drive.choose_drive(args.path)
    boot = drive.read_boot_out(target)
    circup = _circup()
    if circup is None:
        raise DeployError("circup is not installed: run `python3 tools/sixtysix.py libs`, "
                          "which sets up .venv with it")
    if not _online():
        raise DeployError("cannot reach github.com, where circup gets Adafruit's library "
                          "bundle: connect to the internet and run libs again")
    requirements = Path(ROOT) / devbuild.REQUIREMENTS
    command = circup + ["--path", str(target), "install", "-r", str(requirements)]
    info("running " + " ".join(command))
    try:
        status = subprocess.call(command)
    except OSError as exc:
        raise DeployError(f"could not run circup ({exc.strerror or exc})") from None
    if status != 0:
        raise DeployError(f"circup failed (exit status {status}); its output above says why")
    on_drive, _ = drive.read_manifest(target)
    if on_drive and on_drive.get("build"):
        # CircuitPython imports the build's folder first: flash again so that it leaves
        # out the libraries circup has just put in lib/ as .mpy.
        info("flashing Sixty-Six again so that it uses the .mpy libraries")
        _flash(target, boot, None, use_mpy=bool(on_drive.get("mpy")))
    return 0


def cmd_console(args):
    return serialconsole.run_console(args.port, args.save_records)


COMMANDS = {"build": cmd_build, "flash": cmd_flash, "bundle": cmd_bundle,
            "libs": cmd_libs, "console": cmd_console}


def main(command, args):
    """Run one command; returns the exit status (2 for a DeployError)."""
    if command not in COMMANDS:
        sys.stderr.write(f"error: unknown command {command!r}\n")
        return 2
    options = _parser(command).parse_args(args)
    try:
        return COMMANDS[command](options)
    except DeployError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("error: interrupted\n")
        return 130
    except Exception as exc:       # a bug: one line, the traceback only on request
        if os.environ.get("SIXTYSIX_DEBUG"):
            raise
        sys.stderr.write(f"error: unexpected {type(exc).__name__}: {exc} (set "
                         "SIXTYSIX_DEBUG=1 to see where, and please report it)\n")
        return 1
