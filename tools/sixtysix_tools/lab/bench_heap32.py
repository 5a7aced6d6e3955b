"""`sixtysix.py bench heap32`: live heap of the whole handheld app, 32-bit.

The app runs under CircuitPython 10's unix port (`circuitpython`: 32-bit like the boards,
16-byte GC blocks; found as the test lane finds it, host_tests/mplane.py), from the .mpy
files that `build --mpy --cpy-version 10` writes, with a CircuitPython 9 board's pystack
(1536 bytes): tools/standins/app_steps.py does what code.py does, on Python stand-ins
for displayio, terminalio, keypad, board, ... then plays a whole match against the hard
bot by key presses, on both layouts.  gc.collect() and gc.mem_alloc() are read after
every poll; then the smallest fixed heap in which that script completes (1 KiB steps),
the heaps of the 10 KiB above it in which it does not (the need is not monotonic)
and the smallest pystack (16-byte steps).  (The bot match alone: `bench bot`.)

    python3 tools/sixtysix.py bench heap32 [--app] [--keys SCRIPT] [--py]
        [--rules THREE_PLAYER_PL|FOUR_PLAYER_PL]

  --py: our modules as .py (a build without --mpy): the board compiles them on its heap.
  --rules: a whole 3- or 4-player match against the hard bots instead, started as a
  board starts after "New match" of that preset (tools/standins/app_steps_multi.py: the
  choice in nvm, a reload, the match at once; only the 3/4-player modules loaded).
"""
import os
import shutil
import sys
import tempfile

from sixtysix_tools.lab.bench_bot import smallest

from sixtysix_tools.lab import ROOT
APP_BOARDS = (("pygamer", "PyGamer (TFT)"), ("oled", "OLED 128x64"))
KEYS = ("left", "right", "a")   # the buttons both layouts have (the OLED board's three)


def script_problem(script):
    """A plain sentence if `script` has a token app_steps.py cannot play, else None."""
    for token in script.split():
        name, _, times = token.partition("*")
        if token in ("settle", "hand", "match"):
            continue
        if token.startswith("wait:") and token[5:].isdigit():
            continue
        if name in KEYS and (not times or times.isdigit()):
            continue
        return ("the key script cannot play %r: use left, right, a (a*3 presses three "
                "times), settle, hand, match or wait:MS" % token)
    return None


def _lane():
    sys.path.insert(0, os.path.join(ROOT, "host_tests"))
    import mplane
    return mplane


def parse(text):
    """{word: [the rest of each line that starts with it]} of the steps' output."""
    out = {}
    for line in text.splitlines():
        word, _, rest = line.partition(" ")
        out.setdefault(word, []).append(rest)
    return out


def _num(r, word):
    return int(r[word][0].split()[0])


def _qstr(r, field):
    """A field of the qstr_info line ("qstr pool: n_pool=6, n_qstr=1223, ...")."""
    for item in r.get("qstr", [""])[0].replace(",", " ").split():
        if item.startswith(field + "="):
            return item.split("=")[1]
    return "?"


def run_app(mplane, path, board, heap, script, pystack=None, preset=None):
    args = ["-m", "app_steps", board, path[1], script]
    if preset:
        args = ["-m", "app_steps_multi", board, path[1], script, preset]
    out = mplane.run(args, heap, cwd=path[2], pystack=pystack or mplane.PYSTACK_CP9)
    return out, (parse(out.stdout) if out.returncode == 0 else None)


def app_main(mplane, tree, tmp, script, kind, preset=None):
    path = mplane.stage_app(tree, os.path.join(tmp, "app"))
    print("The whole app on CircuitPython 10 unix (32-bit), our modules as %s as the build "
          "writes them, stand-ins for the firmware modules (tools/standins/fake_*.py), "
          "pystack %d bytes; %sscript: %s" % (kind, mplane.PYSTACK_CP9,
                                              "a %s match from its start, " % preset
                                              if preset else "", script))
    rows = []
    for board, label in APP_BOARDS:
        out, r = run_app(mplane, path, board, "1m", script, preset=preset)
        if r is None:
            raise RuntimeError("app_steps (%s) failed:\n%s" % (board, (out.stdout
                                                                      + out.stderr)[-2000:]))
        # complete: ends where the 1 MB run ended (a run can also stop short without
        # an error: a MemoryError inside the script's generator ends it early)
        def done(got, end=(r["WHERE"], r["STATE"])):
            return got is not None and (got["WHERE"], got["STATE"]) == end

        heap = smallest(lambda k, b=board: done(run_app(mplane, path, b, "%dk" % k,
                                                        script, None, preset)[1]), 64, 256, 1)
        pystack = smallest(lambda n, b=board: done(run_app(mplane, path, b, "1m", script,
                                                           n, preset)[1]), 256, 4096, 16)
        # the heap a run needs is not monotonic in the heap's size (where collections
        # fall cuts the heap up differently): every heap of the 10 KiB above is tried
        fails = [k for k in range(heap + 1, heap + 11) if not done(
            run_app(mplane, path, board, "%dk" % k, script, None, preset)[1])] if heap else []
        rows.append((label, r, (heap, pystack, fails)))
    kb = "{:,}".format

    def row(title, fn):
        print("%-64s%s" % (title, "".join("%16s" % fn(r, k) for _, r, k in rows)))

    print("%-64s%s" % ("live heap, bytes", "".join("%16s" % label for label, _, _ in rows)))
    row("interpreter, stand-ins and driver loaded (BASE)", lambda r, k: kb(_num(r, "BASE")))
    row("  of which the interpreter and app_steps (before the stand-ins)",
        lambda r, k: kb(_num(r, "INTERP")))
    row("app above BASE: board module imported", lambda r, k: kb(_num(r, "BOARD")
                                                                 - _num(r, "BASE")))
    row("app above BASE: app modules imported", lambda r, k: kb(_num(r, "IMPORTED")
                                                                - _num(r, "BASE")))
    row("app above BASE: App(hw) built, title drawn", lambda r, k: kb(_num(r, "BUILT")
                                                                      - _num(r, "BASE")))
    row("app above BASE: most live after a poll (APP PEAK)",
        lambda r, k: kb(_num(r, "MAXLIVE") - _num(r, "BASE")))
    row("most live after a poll, all included", lambda r, k: kb(_num(r, "MAXLIVE")))
    row("interned names (qstrs) at the end of the script", lambda r, k: _qstr(r, "n_qstr"))
    row("  their pools (each new pool a step of several KB)", lambda r, k: _qstr(r, "n_pool"))
    row("smallest fixed heap that completes the script (KiB)",
        lambda r, k: "none" if k[0] is None else "%d" % k[0])
    row("heaps up to 10 KiB above it that do not complete it (KiB)",
        lambda r, k: ",".join(str(f) for f in k[2]) or "none")
    row("smallest pystack that completes it (bytes; boards: %d or %d)"
        % (mplane.PYSTACK_CP9, mplane.PYSTACK_CP10),
        lambda r, k: "none" if k[1] is None else "%d" % k[1])
    for label, r, _ in rows:
        print("%s: %s polls; ended at %s; %s; most live at %s"
              % (label, r["POLLS"][0], r["WHERE"][0], r["STATE"][0],
                 r["MAXLIVE"][0].split(None, 1)[1]))
    return 0


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench heap32")
    ap.add_argument("--app", action="store_true",
                    help="the whole handheld app (the only measurement now; kept so that "
                         "older commands work)")
    ap.add_argument("--py", action="store_true",
                    help="our modules as .py, as a build without --mpy")
    ap.add_argument("--rules", default=None, metavar="PRESET",
                    help="a 3- or 4-player match: THREE_PLAYER_PL or FOUR_PLAYER_PL")
    ap.add_argument("--keys", default=None,
                    help="the key script (sim.py's --keys language plus "
                         "`match`; use only left, right and a, the OLED board's buttons)")
    from sixtysix_tools.catalog import CODES
    ap.add_argument("--lang", choices=CODES, default=None,
                    help="the app's language at its first start, as settings.toml's "
                         "SIXTYSIX_LANG on a board")
    if args and args[0] == "heap32":
        args = args[1:]
    ns = ap.parse_args(args)
    if ns.lang:                 # the lane's os.getenv reads the environment
        os.environ["SIXTYSIX_LANG"] = ns.lang
    if ns.rules is not None and ns.rules not in ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"):
        sys.stderr.write("bench heap32: --rules %s: the 3- or 4-player match is "
                         "THREE_PLAYER_PL or FOUR_PLAYER_PL.\n" % ns.rules)
        return 2
    mplane = _lane()
    if mplane.binaries() is None:
        sys.stderr.write("bench heap32: " + mplane.HOW_TO_GET.split(": ", 1)[1] + "\n")
        return 2
    sys.path.insert(0, mplane.STAND_INS)
    import app_steps
    default = app_steps.MATCH_SCRIPT
    if ns.rules:
        import app_steps_multi
        default = app_steps_multi.MATCH_SCRIPT
    problem = script_problem(ns.keys or default)
    if problem:
        sys.stderr.write("bench heap32: %s.\n" % problem)
        return 2
    tmp = tempfile.mkdtemp(prefix="sixtysix_heap32_")
    try:
        tree = mplane.build_tree(os.path.join(tmp, "build"), not ns.py)
        return app_main(mplane, tree, tmp, ns.keys or default, ".py" if ns.py else ".mpy",
                        ns.rules)
    except (RuntimeError, OSError) as e:
        sys.stderr.write("bench heap32 failed: %s\n" % e)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main("bench", sys.argv[1:]))
