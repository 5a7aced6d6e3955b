"""`bench tools [--args N] [--seed S] [--no-flash]`: probes of the laptop
tools from the outside (printed figures, never a timed test).

Flash over seeded drives: three starting drives (empty; the flat layout, code.py and
lib/sixtysix_* with a manifest, as a bundle copied by hand leaves it; an earlier build in
its own folder), each flashed once cleanly to learn every name the flash uses (the files
it writes, renames, removes, its temporary names, the backup names, the manifest's
paths, the old and new build folders), plus non-ASCII names.  Then, for every such
name, a user's file is put there (over the tool's own file where there is one), with
the drive's manifest as the tool wrote it and again edited by hand to claim that file
with its true hash; the drive is flashed twice and the user's file must still be there,
byte for byte (the user's code.py: a copy of it on the drive).  A refusal in one
sentence (DeployError) is a safe answer and is counted.  Then malformed manifests (NUL,
lone surrogates, over-long and non-ASCII names, damaged temporary lists, not JSON, deep
nesting, too big): each must be ignored with exactly one line and lose no user file.

Garbage arguments: N runs of `tools/sixtysix.py COMMAND ...` (every command but `test`,
whose arguments go to pytest, and every bench subcommand) with random garbage among
real option names (no --help), or, one run in three, arguments that parse but ask what
no command can do (a bad value for a real option, a file that is no hand record, a bot
that does not exist); counts tracebacks and refusals longer than one line, and runs
that were accepted (exit status 0) or did not answer within 20 s.

    python3 tools/sixtysix.py bench tools            (--args 0: the flash probe only)
"""
import contextlib
import hashlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sixtysix_tools.lab import ROOT

SCENARIOS = ("empty", "flat", "folder")
EXTRA_NAMES = ("lib/sixtysix_notes/mine.py", "sixtysix/mine.txt", "lib/\u00e9.py",
               "lib/sixtysix_\u00fcn\u00ef/m\u00efne.py", "sixtysix/\u00dfuild/\u00e9.py",
               "code-before-sixtysix-\u00e9.py", "\u00e9.sixtysix-tmp",
               "lib/\u00e9.py.sixtysix-tmp", "sixtysix/\u00e9.sixtysix-tmp",
               "code-before-sixtysix-7.py", "settings.toml")
BAD_MANIFESTS = (
    ("NUL in a name", '{"files": {"lib/a\\u0000b.py": {"sha256": "%s", "size": 1, '
                      '"kind": "project"}}}' % ("0" * 64)),
    ("NUL in the build", '{"files": {}, "build": "sixtysix/\\u0000x"}'),
    ("a lone surrogate", '{"files": {"lib/\\udc80.py": {"sha256": "%s", "size": 1, '
                         '"kind": "project"}}}' % ("0" * 64)),
    ("an over-long name", '{"files": {"lib/%s.py": {"sha256": "%s", "size": 1, '
                          '"kind": "project"}}}' % ("x" * 300, "0" * 64)),
    ("damaged temps", '{"files": {}, "temps": {"code.py.sixtysix-tmp": "ab"}}'),
    ("temps not a dict", '{"files": {}, "temps": [1]}'),
    ("not JSON", '{"files": '),
    ("deep nesting", '{"files": ' + "[" * 100000 + "]" * 100000 + "}"),
    ("NUL bytes in the file", '{"files": {}}\x00\x00'),
    ("not UTF-8", b'\xff\xfe{"files": {}}'),
    ("too big", '{"files": {}, "pad": "' + "x" * (2 << 20) + '"}'),
)


class _World:
    """The builds (the current repository and an earlier one) and the start drives."""

    def __init__(self, base):
        from sixtysix_tools import devbuild, flash
        self.base = base
        real_fetch = devbuild.fetch_device_libs
        devbuild.fetch_device_libs = lambda src_root, out_root: None     # no network
        try:
            earlier = base / "src-earlier"
            for name in ("lib", "sixtysix_core"):
                shutil.copytree(Path(ROOT) / name, earlier / name,
                                ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copy(Path(ROOT) / "code.py", earlier / "code.py")
            with open(earlier / "sixtysix_core" / "cards.py", "a") as f:
                f.write("# the earlier build\n")
            with _silent():
                self.earlier = devbuild.run_build(earlier, base / "out-earlier", "pygamer")
                self.current = devbuild.run_build(ROOT, base / "out-current", "pygamer")
        finally:
            devbuild.fetch_device_libs = real_fetch
        self.earlier_dir = devbuild.build_dir(base / "out-earlier")
        self.current_dir = devbuild.build_dir(base / "out-current")
        self.flash = flash

    def start(self, scenario):
        root = self.base / ("start-" + scenario)
        if root.exists():
            return root
        root.mkdir()
        (root / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.8 on 2025-05-28; "
                                           "Adafruit PyGamer with samd51j19\n"
                                           "Board ID:pygamer\n")
        if scenario == "flat":
            tree = self.earlier_dir
            for path in sorted(tree.rglob("*")):
                if path.is_file():
                    dest = root / path.relative_to(tree)
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, dest)
        elif scenario == "folder":
            with _silent():
                self.flash.flash_build(self.earlier_dir, self.earlier, root)
        return root


@contextlib.contextmanager
def _silent():
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield err


def _flash(world, root):
    """None after a flash, "refused" for a DeployError, "crash: ..." for anything else;
    and what it wrote on stderr."""
    from sixtysix_tools.deploy_base import DeployError
    with _silent() as err:
        try:
            world.flash.flash_build(world.current_dir, world.current, root)
            outcome = None
        except DeployError:
            outcome = "refused"
        except Exception as exc:        # noqa: BLE001 - the probe counts every kind
            outcome = "crash: %s: %s" % (type(exc).__name__, exc)
    return outcome, err.getvalue()


def _names_used(world, scenario, tmp):
    """Every name a clean flash of the scenario touches, and the manifest's paths."""
    from sixtysix_tools import drive
    from sixtysix_tools.deploy_base import MANIFEST_NAME
    root = tmp / ("names-" + scenario)
    shutil.copytree(world.start(scenario), root)
    names = set()
    try:
        old = json.loads((root / MANIFEST_NAME).read_text())["files"]
    except OSError:
        old = {}
    names.update(old)
    drive.op_hook = lambda kind, target, data: names.add(target)
    try:
        assert _flash(world, root)[0] is None
    finally:
        drive.op_hook = None
    names.update(json.loads((root / MANIFEST_NAME).read_text())["files"])
    flash = world.flash
    names.update(t + flash.TEMP_SUFFIX for t in list(names))
    names.update([flash.CODE_BACKUP] + ["code-before-sixtysix-%d.py" % n for n in (2, 3)])
    for folder in {t.split("/")[1] for t in names if t.startswith("sixtysix/")}:
        names.add("sixtysix/%s/mine.py" % folder)
    names.update(EXTRA_NAMES)
    shutil.rmtree(root)
    return sorted(n for n in names if n not in ("boot_out.txt", MANIFEST_NAME)
                  and not n.startswith(MANIFEST_NAME))


def _seed(root, name):
    """Put the user's file at `name`; False where a folder is in the way."""
    path = root / name
    for parent in list(path.parents)[:-1]:
        if parent != root and parent.exists() and not parent.is_dir():
            return False
    if path.is_dir():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink():
        path.unlink()
    path.write_bytes(("the user's own file at %s\n" % name).encode())
    return True


def _claim(root, name):
    from sixtysix_tools.deploy_base import MANIFEST_NAME
    path = root / MANIFEST_NAME
    try:
        manifest = json.loads(path.read_text())
    except (OSError, ValueError):
        manifest = {"format": 1, "tool": "sixtysix", "files": {}}
    data = (root / name).read_bytes()
    manifest["files"][name] = {"sha256": hashlib.sha256(data).hexdigest(),
                               "size": len(data), "kind": "project"}
    path.write_text(json.dumps(manifest))


def _kept(root, name):
    want = ("the user's own file at %s\n" % name).encode()
    path = root / name
    if path.is_file() and path.read_bytes() == want:
        return True
    if name == "code.py":               # replaced: a copy must be on the drive
        return any(p.read_bytes() == want for p in root.glob("code-before-sixtysix*.py")
                   if p.is_file())
    return False


def probe_flash():
    from sixtysix_tools.deploy_base import MANIFEST_NAME
    start = time.time()
    scratch = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        tmp = Path(tmp)
        world = _World(tmp)
        from sixtysix_tools import flash as flash_mod
        real_write, real_sync = flash_mod.write_file, getattr(os, "sync", None)
        flash_mod.write_file = lambda path, data: Path(path).write_bytes(data)
        os.sync = lambda: None
        try:
            seeded = lost = refused = crashes = 0
            examples = []
            for scenario in SCENARIOS:
                for name in _names_used(world, scenario, tmp):
                    for claimed in (False, True):
                        root = tmp / "drive"
                        shutil.copytree(world.start(scenario), root)
                        if not _seed(root, name):
                            shutil.rmtree(root)
                            continue
                        if claimed:
                            _claim(root, name)
                        seeded += 1
                        outcomes = [_flash(world, root)[0], _flash(world, root)[0]]
                        refused += "refused" in outcomes
                        bad = [o for o in outcomes if o and o.startswith("crash")]
                        crashes += bool(bad)
                        if not _kept(root, name):
                            lost += 1
                            examples.append("%s, %s%s: %s" % (
                                scenario, name, " (claimed)" if claimed else "",
                                "refused" if "refused" in outcomes else "flashed"))
                        if bad:
                            examples.append("%s, %s: %s" % (scenario, name, bad[0]))
                        shutil.rmtree(root)
            malformed = not_one_line = malformed_lost = 0
            for scenario in SCENARIOS:
                for why, text in BAD_MANIFESTS:
                    root = tmp / "drive"
                    shutil.copytree(world.start(scenario), root)
                    users = ["notes.txt", "lib/sixtysix_notes/mine.py", "\u00e9.txt"]
                    for name in users:
                        _seed(root, name)
                    data = text if isinstance(text, bytes) else text.encode("utf-8",
                                                                           "surrogatepass")
                    (root / MANIFEST_NAME).write_bytes(data)
                    malformed += 1
                    outcome, err = _flash(world, root)
                    lines = [line for line in err.splitlines() if MANIFEST_NAME in line]
                    if outcome is not None or len(lines) != 1:
                        not_one_line += 1
                        examples.append("%s manifest (%s): %s, %d lines" % (
                            why, scenario, outcome or "flashed", len(lines)))
                    malformed_lost += sum(not _kept(root, n) for n in users)
                    shutil.rmtree(root)
        finally:
            flash_mod.write_file = real_write
            if real_sync is not None:
                os.sync = real_sync
    print("flash over drives seeded with user files at every name it uses (%d drives: "
          "%d names x manifest as written and hand-edited to claim the file, each flashed "
          "twice): user files changed or removed %d (goal 0); refused in one sentence %d; "
          "crashes %d (%.0f s)" % (seeded, seeded // 2, lost, refused, crashes,
                                   time.time() - start))
    print("malformed manifests (%d kinds x %d drives = %d): not ignored with exactly one "
          "line %d (goal 0); user files changed or removed %d (goal 0)"
          % (len(BAD_MANIFESTS), len(SCENARIOS), malformed, not_one_line, malformed_lost))
    for text in examples[:8]:
        print("  e.g.", text)
    return lost + crashes + not_one_line + malformed_lost


COMMANDS = ("play", "sim", "term", "replay", "review", "bot", "build", "flash", "bundle",
            "libs", "console", "tournament", "soak", "bench")
BENCHES = ("engine", "bot", "heap32", "fuzz", "ux", "strength", "infer", "tune", "tools",
           "nothing")
OPTIONS = ("--seed", "--hands", "--rules", "--board", "--path", "--keys", "--level",
           "--json", "--hand", "--seat", "--players", "--matches", "--records", "--out",
           "--port", "--mpy-cross", "--cpy-version", "--jobs", "--set", "--lineup", "--all",
           "--bench", "--save", "--screenshot", "--against", "--dry-run", "--py", "-x", "-")
GARBAGE = ("abc", "-1", "0", "99999999999999999999999", "", " ", "\u00e9\u00df",
           "NOSUCH", "--", "---", "--=", "--seed=", "=", "/no/such/dir", "/dev/null",
           "wait:", "a*", "*", "x" * 300, "\u202e", "1e9", "0x10", "CLASSIC_66", "A,B")


BAD_VALUES = ("abc", "-1", "", " ", "\u00e9\u00df", "NOSUCH", "/no/such/dir", "wait:",
              "a*", "*", "x" * 300, "\u202e", "1e9", "0x10", "=", "0")
VALUED = ("--seed", "--hands", "--rules", "--board", "--path", "--keys", "--level",
          "--hand", "--seat", "--players", "--matches", "--out", "--port", "--mpy-cross",
          "--cpy-version", "--jobs", "--set", "--lineup", "--save", "--screenshot",
          "--against", "--records", "--bench")
PATHS = ("/no/such/file", "/dev/null", "README.md", ".git/HEAD", "tools", "-")


def _bad_value(rng):
    """Arguments that parse but say something no command can do: a bad value for an
    option, a file that is no record, a bot that does not exist."""
    command = rng.choice(COMMANDS)
    args = [rng.choice(BENCHES[:-1])] if command == "bench" else []
    if command in ("replay", "review", "bot"):
        args.append(rng.choice(PATHS))
    elif command == "tournament":
        args += [rng.choice(("random", "greedy", "nobody")), rng.choice(BAD_VALUES)]
    args += [rng.choice(VALUED), rng.choice(BAD_VALUES)]
    return command, args


def _garbage(rng):
    """A command and an argument list with at least one token no command takes, or
    (one run in three) arguments with a bad value (_bad_value)."""
    if rng.random() < 1 / 3:
        return _bad_value(rng)
    command = rng.choice(COMMANDS)
    args = [rng.choice(BENCHES)] if command == "bench" else []
    n = rng.randint(1, 4)
    for _ in range(n):
        pick = rng.random()
        args.append(rng.choice(OPTIONS) if pick < 0.5 else rng.choice(GARBAGE))
    args.append(rng.choice(("--no-such-option", "--seed", "--hands", "-q", "--rules")))
    return command, args


def probe_args(runs, seed):
    rng = random.Random(seed)
    tracebacks = long_answers = accepted = silent = 0
    examples = []
    start = time.time()
    python = os.path.join(ROOT, ".venv", "bin", "python")
    python = python if os.path.exists(python) else sys.executable
    env = dict(os.environ, SIXTYSIX_NO_VENV="1", DISPLAY="", WAYLAND_DISPLAY="",
               SDL_VIDEODRIVER="")
    with tempfile.TemporaryDirectory() as cwd:        # nothing lands in the repository
        for name in ("README.md", "tools"):
            os.symlink(os.path.join(ROOT, name), os.path.join(cwd, name))
        os.makedirs(os.path.join(cwd, ".git"))
        shutil.copy(os.path.join(ROOT, "code.py"), os.path.join(cwd, ".git", "HEAD"))
        for _ in range(runs):
            command, args = _garbage(rng)
            try:
                out = subprocess.run([python, os.path.join(ROOT, "tools", "sixtysix.py"),
                                      command] + args, capture_output=True, text=True,
                                     timeout=20, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                     errors="replace")
            except subprocess.TimeoutExpired:
                silent += 1
                examples.append("no answer in 20 s: %s %s" % (command, args))
                continue
            text = out.stdout + out.stderr
            lines = [line for line in text.splitlines() if line.strip()]
            if "Traceback" in text:
                tracebacks += 1
                examples.append("traceback: %s %s: %s" % (command, args, lines[-1:]))
            elif out.returncode == 0:
                accepted += 1
                examples.append("accepted: %s %s" % (command, args))
            elif len(lines) != 1:
                long_answers += 1
                examples.append("%d lines: %s %s: %s" % (len(lines), command, args,
                                                        lines[:2]))
    print("garbage arguments (%d runs of every command but test, seed %d): tracebacks %d "
          "(goal 0), refusals longer than one line %d (goal 0); accepted %d, no answer "
          "in 20 s %d (%.0f s)" % (runs, seed, tracebacks, long_answers, accepted, silent,
                                   time.time() - start))
    for text in examples[:8]:
        print("  e.g.", text[:300])
    return tracebacks + long_answers


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bench tools", description=__doc__.split("\n\n")[0])
    ap.add_argument("--args", type=cli.number(0), default=350, help="garbage-argument runs")
    ap.add_argument("--seed", type=cli.number(0), default=1)
    ap.add_argument("--no-flash", action="store_true", help="skip the flash probe")
    ns = ap.parse_args(args)
    faults = 0 if ns.no_flash else probe_flash()
    if ns.args:
        faults += probe_args(ns.args, ns.seed)
    print("tools: %s" % ("all checks hold" if not faults else "%d FAULTS" % faults))
    return 0 if not faults else 1
