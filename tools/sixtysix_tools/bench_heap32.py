"""`sixtysix.py bench heap32`: the live GC heap of a full bot-vs-bot match, 32-bit.

The board (Cortex-M4) is a 32-bit MicroPython: 4-byte pointers and 16-byte GC blocks.
Our fixed-heap lane (`micropython -X heapsize=..`, host_tests/mp_bot_match.py) is the
64-bit unix port, where objects take about twice the bytes and GC blocks are 32 bytes.
So this plays the same match (same seed, level and objects; tools/wasm/heap_steps.py)
in the MicroPython WebAssembly port, which is 32-bit, under node
(`@micropython/micropython-webassembly-pyscript`, pinned in tools/wasm/package.json and
installed with `npm ci` into tools/wasm/node_modules on the first run).

That build's heap has no fixed size (it grows), so "the smallest heap that works" cannot
be searched as on the unix port; instead the live bytes are read: the match runs in
steps called from JavaScript (tools/wasm/heap32.mjs, one dealt hand or one decision per
call), and after each step gc.collect() and gc.mem_alloc() are called from JavaScript,
where the collection is not deferred and no C stack holds stale pointers.  A step's own
allocations are read at its end inside the same call: that build never collects inside
a call, so they include the step's garbage (not blocks the runtime frees at once, such
as the old table of a growing dict).  After its first decision the bot allocates
nothing (host_tests/mp_bot_alloc.py checks it under heap_lock), so "live before a step
+ allocated in it" is, but for such blocks, the most heap the match holds at any moment
after the imports.
Import-time peaks (the loader's and compiler's buffers, freed at once) are not measured.

Every figure is in bytes above the interpreter's own live heap (BASE, measured first).
Columns: wasm32 with the core as .mpy (mpy-cross from .venv, when its .mpy version is
the one the wasm build loads), wasm32 from .py, and the same steps on the 64-bit unix
port (.mpy) for comparison.

    python3 tools/sixtysix.py bench heap32 [--seed 1] [--level hard] [--no-unix]

With --app it estimates instead the live heap of the whole handheld app (code.py ->
the board module -> App) for both layouts; see app_main() below.

    python3 tools/sixtysix.py bench heap32 --app [--keys SCRIPT]
"""
import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile

from sixtysix_tools.bench_bot import find_tool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WASM_DIR = os.path.join(ROOT, "tools", "wasm")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
LEVELS = ("easy", "normal", "hard")
TIMEOUT = 600


def _locked_version():
    with open(os.path.join(WASM_DIR, "package-lock.json")) as f:
        lock = json.load(f)
    return lock["packages"]["node_modules/" + PACKAGE]["version"]


def _installed_version():
    path = os.path.join(WASM_DIR, "node_modules", PACKAGE, "package.json")
    try:
        with open(path) as f:
            return json.load(f).get("version")
    except (OSError, ValueError):
        return None


def ensure_package():
    """Install the pinned package with `npm ci` unless it is there; returns an error
    sentence or None."""
    if _installed_version() == _locked_version():
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "bench heap32 needs npm (it comes with Node.js) to install its package once."
    print("installing %s %s into tools/wasm/node_modules (npm ci) ..."
          % (PACKAGE, _locked_version()), flush=True)
    out = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WASM_DIR,
                         capture_output=True, text=True, timeout=TIMEOUT)
    if out.returncode != 0 or _installed_version() != _locked_version():
        return ("npm ci in tools/wasm failed (it needs the npm registry once):\n"
                + (out.stdout + out.stderr)[-1500:])
    return None


def stage(dest, mpy_cross=None):
    """dest/sixtysix_core/ and dest/heap_steps as .py, or as .mpy compiled by mpy_cross."""
    core = os.path.join(dest, "sixtysix_core")
    os.makedirs(core)
    src = os.path.join(ROOT, "sixtysix_core")
    files = [(os.path.join(src, n), os.path.join(core, n))
             for n in sorted(os.listdir(src)) if n.endswith(".py")]
    files.append((os.path.join(WASM_DIR, "heap_steps.py"), os.path.join(dest, "heap_steps.py")))
    for path, target in files:
        if mpy_cross is None:
            shutil.copyfile(path, target)
        else:
            subprocess.run([mpy_cross, "-o", target[:-3] + ".mpy", path], check=True,
                           capture_output=True)
    return dest


def mpy_header(mpy_cross, tmp):
    """The first 4 bytes of a file written by mpy_cross."""
    src = os.path.join(tmp, "probe.py")
    with open(src, "w") as f:
        f.write("x = 1\n")
    subprocess.run([mpy_cross, "-o", src[:-3] + ".mpy", src], check=True, capture_output=True)
    with open(src[:-3] + ".mpy", "rb") as f:
        return f.read(4)


def mpy_loadable(header, sys_mpy):
    """Whether a .mpy with this header loads where sys.implementation._mpy == sys_mpy on
    a 32-bit port: the same version byte; bytecode only (no native architecture in the
    flags byte; the sub-version is only written, and checked, with native code); small
    ints of at most 31 bits."""
    return (len(header) == 4 and header[0:1] == b"M" and header[1] == sys_mpy & 0xFF
            and header[2] >> 2 == 0 and header[3] <= 31)


def parse(text, required=("BASE", "IMPORTED", "OBJECTS", "MAXLIVE", "MATCH")):
    """The lines of heap32.mjs / heap_steps.main() or of app32.mjs as a dict; `required`
    names the lines that must be there."""
    r = {"IMPORT": []}
    for line in text.splitlines():
        p = line.split(None, 2)
        if not p:
            continue
        if p[0] == "IMPORT":
            r["IMPORT"].append((p[1].replace("+", ", "), int(p[2])))
        elif p[0] in ("MPY", "BASE", "BOARD", "IMPORTED", "OBJECTS", "BUILT", "END", "POLLS"):
            r[p[0]] = int(p[1])
        elif p[0] in ("MAXLIVE", "MAXSTEP", "PEAK"):
            r[p[0]] = (int(p[1]), p[2] if len(p) > 2 else "")
        elif p[0] == "MATCH":
            r["MATCH"] = tuple(int(x) for x in line.split()[1:])
        elif p[0] in ("WHERE", "STATE"):
            r[p[0]] = line.split(None, 1)[1] if len(p) > 1 else ""
        elif p[0] == "CALIB":
            r["CALIB"] = {k: int(v) for k, v in (w.split("=") for w in line.split()[1:])}
        elif p[0] == "CENSUS":
            w = line.split()[1:]
            r["CENSUS"] = {w[i]: (int(w[i + 1]), int(w[i + 2])) for i in range(0, len(w), 4)}
    missing = [k for k in required if k not in r]
    if missing:
        raise RuntimeError("no %s in the output:\n%s" % (", ".join(missing), text[-2000:]))
    return r


def run_wasm(node, staged, seed, level):
    out = subprocess.run([node, os.path.join(WASM_DIR, "heap32.mjs"), staged, str(seed),
                          str(level)], cwd=WASM_DIR, capture_output=True, text=True,
                         timeout=TIMEOUT)
    if out.returncode != 0:
        raise RuntimeError("heap32.mjs failed (exit %d):\n%s"
                           % (out.returncode, (out.stdout + out.stderr)[-2000:]))
    return parse(out.stdout)


def run_unix(micropython, staged, seed, level):
    code = ("import sys\nsys.path.insert(0, %r)\nimport heap_steps\n"
            "heap_steps.main(%r, %d, %d)\n" % (staged, staged, seed, level))
    out = subprocess.run([micropython, "-X", "heapsize=16m", "-c", code],
                         capture_output=True, text=True, timeout=TIMEOUT)
    if out.returncode != 0:
        raise RuntimeError("heap_steps on the unix port failed:\n"
                           + (out.stdout + out.stderr)[-2000:])
    return parse(out.stdout)


def module_docstrings(names):
    """Bytes of the module docstrings of these sixtysix_core modules (UTF-8)."""
    total = 0
    for name in names:
        path = os.path.join(ROOT, "sixtysix_core", name + ".py")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                doc = ast.get_docstring(ast.parse(f.read()), clean=False)
            total += len((doc or "").encode("utf-8"))
    return total


def report(columns, seed, level):
    """Print the table: columns is [(title, result dict)]."""
    def cells(fn):
        return "".join("%14s" % fn(r) for _, r in columns)

    def kb(n):
        return "{:,}".format(n)

    print("%-48s%s" % ("bytes above the interpreter's own live heap",
                       "".join("%14s" % t for t, _ in columns)))
    print("%-48s%s" % ("  (the interpreter's own: BASE)", cells(lambda r: kb(r["BASE"]))))
    print("%-48s%s" % ("after importing rules, deal, rng, match, view, bot",
                       cells(lambda r: kb(r["IMPORTED"] - r["BASE"]))))

    print("%-48s%s" % ("after creating the match's objects",
                       cells(lambda r: kb(r["OBJECTS"] - r["BASE"]))))
    print("%-48s%s" % ("most live at a decision boundary",
                       cells(lambda r: kb(r["MAXLIVE"][0] - r["BASE"]))))
    print("%-48s%s" % ("most allocated within one step (garbage too)",
                       cells(lambda r: kb(r["MAXSTEP"][0]))))
    print("%-48s%s" % ("most live before a step + allocated in it",
                       cells(lambda r: kb(r["PEAK"][0] - r["BASE"]))))
    print("%-48s%s" % ("live after the match",
                       cells(lambda r: kb(r["END"] - r["BASE"]))))
    for title, r in columns:
        print("%s: most live at %s; most allocated in a step at %s"
              % (title, r["MAXLIVE"][1], r["MAXSTEP"][1]))
    matches = {r["MATCH"] for _, r in columns}
    hands, decisions, s0, s1 = columns[0][1]["MATCH"]
    print("match (seed %d, level %s, both seats the bot): %d hands, %d decisions, "
          "scores %d-%d%s" % (seed, LEVELS[level], hands, decisions, s0, s1,
                              "" if len(matches) == 1 else
                              "; THE COLUMNS PLAYED DIFFERENT MATCHES: %s" % sorted(matches)))


def per_module(columns):
    """Per-import figures, kB, for the columns that loaded .mpy (and the .py one)."""
    names = [n for n, _ in columns[0][1]["IMPORT"]]
    print("live heap added by each import, in this order, kB (an import that loads more "
          "than one module names them all; qstr pools grow in steps, so a module may pay "
          "for names of the next ones)")
    width = max(len(n) for n in names) + 2
    print("  %-*s%s" % (width, "module", "".join("%14s" % t for t, _ in columns)))
    for name in names:
        row = []
        for _, r in columns:
            found = dict(r["IMPORT"]).get(name)
            row.append("%14s" % ("-" if found is None else "%.1f" % (found / 1000)))
        print("  %-*s%s" % (width, name, "".join(row)))


def main(command, args):
    ap = argparse.ArgumentParser(prog="sixtysix.py bench heap32")
    ap.add_argument("--seed", type=int, default=1, help="match seed (as mp_bot_match.py)")
    ap.add_argument("--level", default="hard", choices=LEVELS + ("0", "1", "2"),
                    help="bot level for both seats")
    ap.add_argument("--no-unix", action="store_true",
                    help="skip the 64-bit unix-port comparison column")
    ap.add_argument("--app", action="store_true",
                    help="estimate the whole handheld app's live heap (both layouts) "
                         "instead of the core's bot-vs-bot match")
    ap.add_argument("--keys", default=APP_SCRIPT,
                    help="with --app: the key script (sim.py's --keys language; use only "
                         "left, right and a, the OLED board's three buttons)")
    if args and args[0] == "heap32":
        args = args[1:]
    ns = ap.parse_args(args)
    level = int(ns.level) if ns.level.isdigit() else LEVELS.index(ns.level)
    node = shutil.which("node")
    if node is None:
        sys.stderr.write("bench heap32 needs Node.js (node and npm) on PATH, "
                         "which this machine does not have.\n")
        return 2
    error = ensure_package()
    if error:
        sys.stderr.write(error + "\n")
        return 2 if "needs npm" in error else 1
    if ns.app:
        return app_main(node, ns.keys)
    mpy_cross = find_tool("mpy-cross")
    micropython = None if ns.no_unix else find_tool("micropython")
    tmp = tempfile.mkdtemp(prefix="sixtysix_heap32_")
    try:
        py = run_wasm(node, stage(os.path.join(tmp, "py")), ns.seed, level)
        sys_mpy = py["MPY"]
        print("MicroPython %s WebAssembly in node %s: 32-bit, 16-byte GC blocks "
              "(sys.implementation._mpy 0x%x)" % (_installed_version(),
                                                  _node_version(node), sys_mpy))
        columns = []
        mpy_dir = None
        if mpy_cross is None:
            print("no mpy-cross (run inside .venv): the core is measured from .py only")
        else:
            header = mpy_header(mpy_cross, tmp)
            if mpy_loadable(header, sys_mpy):
                mpy_dir = stage(os.path.join(tmp, "mpy"), mpy_cross)
                columns.append(("wasm32 .mpy", run_wasm(node, mpy_dir, ns.seed, level)))
            else:
                print("mpy-cross writes .mpy files (header %s) that this build cannot "
                      "load (it loads version %d, bytecode only, small ints of 31 bits): "
                      "the core is measured from .py only" % (header.hex(), sys_mpy & 0xFF))
        columns.append(("wasm32 .py", py))
        if micropython is not None and mpy_dir is not None:
            unix_dir = stage(os.path.join(tmp, "unix"), mpy_cross)
            columns.append(("unix64 .mpy", run_unix(micropython, unix_dir, ns.seed, level)))
        print()
        report(columns, ns.seed, level)
        docs = module_docstrings([n if n != "(package)" else "__init__"
                                  for label, _ in py["IMPORT"]
                                  for n in label.split(", ")])
        print("the .py column includes the modules' docstrings (%s bytes of text): this "
              "build keeps them from .py files (MICROPY_ENABLE_DOC_STRING); mpy-cross, "
              "the unix port and CircuitPython do not" % "{:,}".format(docs))
        print()
        per_module(columns)
    except (RuntimeError, subprocess.SubprocessError, OSError) as e:
        sys.stderr.write("bench heap32 failed: %s\n" % e)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


# ------------------------------------------------------------------------ --app
#
# The whole handheld app, estimated.  tools/wasm/app32.mjs runs tools/wasm/app_steps.py,
# which does what code.py does (import the board module by name, import App, App(hw))
# on stand-ins for the firmware modules (tools/wasm/fake_*.py, installed under their
# module names), then plays a key script one App.step poll per call, with gc.collect()
# and gc.mem_alloc() from JavaScript between the calls.  The firmware-resident things
# (terminalio.FONT, microcontroller.nvm, the PyGamer's board.DISPLAY) and the stand-in
# modules themselves are created before BASE, so they are not counted.

# title: Level -> hard, back to "New match", start it; play the first hand out, then
# the first tricks of the second.
APP_SCRIPT = "right a left a settle hand a settle a settle a settle a settle"
APP_BOARDS = (("pygamer", "TFT 160x128"), ("oled", "OLED 128x64"))
# What the C structs of the stand-in display objects weigh on a 32-bit CircuitPython,
# in whole 16-byte GC blocks (tools/wasm/fake_displayio.py explains them).
C_STRUCT = {"Bitmap": 48, "Palette": 16, "TileGrid": 96, "Group": 64}


def _device_libs():
    """[(path under lib/, source)] of the pinned device libraries (the build's pip
    cache, fetched once), or None."""
    from pathlib import Path

    from sixtysix_tools import devbuild
    libs = devbuild.fetch_device_libs(ROOT, Path(ROOT) / "build")
    if libs is None:
        return None
    return [(target[len("lib/"):], str(source))
            for target, source in devbuild.device_lib_files(libs)
            if target.endswith(".py")]


def stage_app(dest, libs, mpy_cross=None):
    """dest/fw/ the stand-ins under their module names, dest/fake_os.py,
    dest/app_steps.py, and dest/lib/ as a board's CIRCUITPY/lib (our modules and the
    device libraries), as .py or compiled by mpy_cross."""
    fw = os.path.join(dest, "fw")
    os.makedirs(fw)
    for name in sorted(os.listdir(WASM_DIR)):
        if name.startswith("fake_") and name.endswith(".py"):
            target = (os.path.join(dest, name) if name == "fake_os.py"
                      else os.path.join(fw, name[len("fake_"):]))
            shutil.copyfile(os.path.join(WASM_DIR, name), target)
    shutil.copyfile(os.path.join(WASM_DIR, "app_steps.py"), os.path.join(dest, "app_steps.py"))
    files = list(libs)
    for top, folder in (("sixtysix_core", os.path.join(ROOT, "sixtysix_core")),
                        ("sixtysix_ui", os.path.join(ROOT, "lib", "sixtysix_ui")),
                        ("sixtysix_boards", os.path.join(ROOT, "lib", "sixtysix_boards"))):
        files += [(top + "/" + n, os.path.join(folder, n))
                  for n in sorted(os.listdir(folder)) if n.endswith(".py")]
    for rel, source in files:
        target = os.path.join(dest, "lib", *rel.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mpy_cross is None:
            shutil.copyfile(source, target)
        else:
            subprocess.run([mpy_cross, "-o", target[:-3] + ".mpy", source], check=True,
                           capture_output=True)
    return dest


def run_app(node, staged, board, script):
    out = subprocess.run([node, os.path.join(WASM_DIR, "app32.mjs"), staged, board, script],
                         cwd=WASM_DIR, capture_output=True, text=True, timeout=TIMEOUT)
    if out.returncode != 0:
        raise RuntimeError("app32.mjs (%s) failed (exit %d):\n%s"
                           % (board, out.returncode, (out.stdout + out.stderr)[-2000:]))
    return parse(out.stdout, ("BASE", "BOARD", "IMPORTED", "BUILT", "MAXLIVE", "END",
                              "CENSUS", "CALIB"))


def struct_correction(r):
    """Bytes to add to a reading so that the stand-in display objects the app holds at
    the end weigh what their C structs would (negative: the stand-ins are heavier)."""
    census, calib = r["CENSUS"], r["CALIB"]
    total = 0
    for name in ("Bitmap", "Palette", "TileGrid", "Group"):
        total += census[name][0] * (C_STRUCT[name] - calib[name])
    return total


def app_report(columns, script):
    def cells(fn):
        return "".join("%14s" % fn(r) for _, r in columns)

    def kb(n):
        return "{:,}".format(n)

    def row(title, fn):
        print("%-52s%s" % (title, cells(fn)))

    print("%-52s%s" % ("bytes above BASE (firmware stand-ins loaded)",
                       "".join("%14s" % t for t, _ in columns)))
    row("  (BASE: the interpreter and the stand-ins)", lambda r: kb(r["BASE"]))
    row("after importing the board module", lambda r: kb(r["BOARD"] - r["BASE"]))
    row("after importing the app modules", lambda r: kb(r["IMPORTED"] - r["BASE"]))
    row("after App(hw) and its first screen (title)", lambda r: kb(r["BUILT"] - r["BASE"]))
    row("most live at a poll boundary of the script", lambda r: kb(r["MAXLIVE"][0] - r["BASE"]))
    row("most allocated within one poll (garbage too)", lambda r: kb(r["MAXSTEP"][0]))
    row("most live before a poll + allocated in it", lambda r: kb(r["PEAK"][0] - r["BASE"]))
    row("live at the end of the script", lambda r: kb(r["END"] - r["BASE"]))
    row("C structs instead of stand-in objects (estimate)", lambda r: kb(struct_correction(r)))
    row("=> ESTIMATE: most live, C structs", lambda r: kb(r["MAXLIVE"][0] - r["BASE"]
                                                         + struct_correction(r)))
    row("=> ESTIMATE: most live + one poll's garbage", lambda r: kb(r["PEAK"][0] - r["BASE"]
                                                                   + struct_correction(r)))
    print()
    print("script (--keys, sim.py's language, one App.step poll per call): %s" % script)
    for title, r in columns:
        print("%s: %d polls; ended at %s; %s" % (title, r.get("POLLS", 0), r.get("WHERE", "?"),
                                                 r.get("STATE", "?")))
        print("    most live at %s; most allocated in a poll at %s"
              % (r["MAXLIVE"][1], r["MAXSTEP"][1]))
    print()
    print("stand-in display objects the app holds at the end (count, buffer bytes that the "
          "C objects allocate too; what one stand-in object weighs here beside its buffers "
          "-> its C struct):")
    for title, r in columns:
        c, cal = r["CENSUS"], r["CALIB"]
        parts = ["%s %d (%s B)" % (n, c[n][0], kb(c[n][1])) for n in
                 ("Bitmap", "Palette", "TileGrid", "Group")]
        print("  %s: %s" % (title, ", ".join(parts)))
    cal = columns[0][1]["CALIB"]
    print("  per object: " + ", ".join("%s %d -> %d" % (n, cal[n], C_STRUCT[n]) for n in
                                       ("Bitmap", "Palette", "TileGrid", "Group")))


def app_main(node, script):
    """`bench heap32 --app`: both layouts, the app as .mpy (when mpy-cross's files load
    in this build) and as .py."""
    libs = _device_libs()
    if libs is None:
        sys.stderr.write("bench heap32 --app needs the device libraries pinned in "
                         "requirements-device.txt (adafruit_displayio_ssd1306): pip could "
                         "not fetch them into build/devlib-cache.\n")
        return 1
    mpy_cross = find_tool("mpy-cross")
    tmp = tempfile.mkdtemp(prefix="sixtysix_heap32app_")
    try:
        py_dir = stage_app(os.path.join(tmp, "py"), libs)
        results = {(APP_BOARDS[0][0], ".py"): run_app(node, py_dir, APP_BOARDS[0][0], script)}
        sys_mpy = results[(APP_BOARDS[0][0], ".py")]["MPY"]
        kinds = [(".py", py_dir)]
        if mpy_cross is None:
            print("no mpy-cross (run inside .venv): the app is measured from .py only")
        else:
            header = mpy_header(mpy_cross, tmp)
            if mpy_loadable(header, sys_mpy):
                kinds.insert(0, (".mpy", stage_app(os.path.join(tmp, "mpy"), libs, mpy_cross)))
            else:
                print("mpy-cross writes .mpy files (header %s) that this build cannot load "
                      "(it loads version %d, bytecode only, small ints of 31 bits): the app "
                      "is measured from .py only" % (header.hex(), sys_mpy & 0xFF))
        columns = []
        for board, label in APP_BOARDS:
            for kind, staged in kinds:
                r = results.get((board, kind)) or run_app(node, staged, board, script)
                columns.append(("%s %s" % (label.split()[0], kind), r))
        print("MicroPython %s WebAssembly in node %s: 32-bit, 16-byte GC blocks "
              "(sys.implementation._mpy 0x%x)" % (_installed_version(), _node_version(node),
                                                  columns[0][1]["MPY"]))
        print("ESTIMATED live heap of the whole app: code.py's steps (board module, "
              "`from sixtysix_ui.app import App`, App(hw)), then a scripted game against "
              "the hard bot, on stand-ins for displayio, terminalio, keypad, board, ...")
        print()
        app_report(columns, script)
        print()
        per_module(columns)
        print()
        for line in APP_CAVEATS:
            print(line)
    except (RuntimeError, subprocess.SubprocessError, OSError) as e:
        sys.stderr.write("bench heap32 --app failed: %s\n" % e)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


APP_CAVEATS = (
    "Caveats (an estimate, not a board measurement):",
    "* This is MicroPython 1.27 (wasm32, 16-byte GC blocks) running our code, not "
    "CircuitPython on a SAMD51: object layouts are close but not the same.",
    "* displayio, terminalio, fontio, keypad, board, busio, busdisplay, "
    "i2cdisplaybus, analogio, microcontroller and supervisor are Python stand-ins "
    "(tools/wasm/fake_*.py). Their buffers are sized as the C code sizes them (bitmap "
    "words, 12 bytes per palette colour, tile maps of more than 4 tiles, group member "
    "lists); the C structs are estimated from CircuitPython's headers (the 'C structs "
    "instead of stand-in objects' row, counted on the objects held at the end).",
    "* Not counted (created before BASE, firmware-resident on a board): terminalio.FONT "
    "and its glyph bitmap, microcontroller.nvm (8 KB), the PyGamer's board.DISPLAY, the "
    "stand-in modules' code. The displays keep no framebuffer on the GC heap "
    "(DEVICE_NOTES.md section 7), so none is modelled.",
    "* The .py columns include docstrings (this build keeps them; CircuitPython does "
    "not), and neither column includes the compiler's transient memory while a .py "
    "imports (it can be much larger than the result: DEVICE_NOTES.md section 4). The "
    ".mpy columns are nearer to a board either way.",
    "* Fragmentation is not included: a board needs a contiguous block for each "
    "allocation, so the heap needed is more than the live bytes. 'Most allocated "
    "within one poll' is garbage included (no collection runs inside a call here); "
    "on a board the collector runs whenever the heap is full.",
    "* A short script, not a whole match: later hands, other screens (help, match end, "
    "the action menu) and other rule presets may hold more.",
)


def _node_version(node):
    out = subprocess.run([node, "--version"], capture_output=True, text=True)
    return out.stdout.strip() or "?"


if __name__ == "__main__":
    sys.exit(main("bench", sys.argv[1:]))
