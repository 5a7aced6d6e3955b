"""Build build/CIRCUITPY/: the exact file tree that goes onto the board, plus its manifest.

Layout written, the flat one of a bundle copied by hand (the device's sys.path holds /
and /lib); `flash` moves lib/ into a folder of its own on the drive (see flash.py):

    code.py                        from the repository root (BUILD = "": modules in /lib)
    lib/<our packages>/            lib/* of the repository (.py only, no __pycache__)
    lib/sixtysix_core/             sixtysix_core/ of the repository
    lib/<pinned device libraries>  requirements-device.txt, fetched with pip into a cache
    settings.toml                  template; flash never overwrites one on the drive
    .sixtysix-manifest.json        what the build owns: path -> sha256, size, kind

Kinds in the manifest: "code" (code.py), "project" (our modules), "devlib" (pinned
third-party libraries) and "settings".  The manifest also records the board, the
CircuitPython major version, whether our modules are .mpy, and a fingerprint of the
sources so `flash` and `bundle` can tell whether the build is stale.

With --mpy our modules (not code.py) are compiled by CircuitPython's mpy-cross
(see mpy.py); without a suitable compiler `build --mpy` falls back to .py, while the
build `flash` asks for (.mpy unless --py) is refused in one sentence (MpyUnavailable).
"""
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from sixtysix_tools import mpy
from sixtysix_tools.deploy_base import (
    BOARDS, CP_MAJORS, DEFAULT_CP_MAJOR, MANIFEST_FORMAT, MANIFEST_NAME, DeployError,
    check_board, info, sha256_bytes, sha256_file, warn)

REQUIREMENTS = "requirements-device.txt"
SETTINGS_SOURCE = Path("tools") / "device_settings.toml"
DEVLIB_SKIP_DIRS = ("__pycache__", "bin")
DEVLIB_SKIP_SUFFIXES = (".dist-info", ".egg-info", ".pyc", ".pyi", ".pth")
PIP_TIMEOUT = 300

SETTINGS_TEMPLATE = """\
# settings.toml for Sixty-Six: CircuitPython reads it at start-up (os.getenv).
# `flash` writes this file only when the drive has none, so your edits stay.
# Uncomment to change a value.
#
# CIRCUITPY_PYSTACK_SIZE = 2048     # Python stack; CircuitPython 9.2 uses 1536 bytes
# SIXTYSIX_LANG = "pl"               # the first start's language: en pl cs de et
"""


def build_dir(out_root):
    return Path(out_root) / "CIRCUITPY"


# the app's data files: lang/*.txt, the letters (glyphs.bin) and their font's licence,
# which the SIL OFL asks to go with every copy (glyphs.bin.license)
DATA_SUFFIXES = (".txt", ".bin", ".license")


def _python_files(folder, data=False):
    """Sorted .py files under `folder` (data: the data files instead), skipping
    __pycache__ and hidden folders."""
    found = []
    suffixes = DATA_SUFFIXES if data else (".py",)
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        found.extend(Path(here) / name for name in files if name.endswith(suffixes))
    return sorted(found)


def project_sources(src_root):
    """[(target path on the drive, source path, kind)] for code.py, lib/ and sixtysix_core/."""
    src_root = Path(src_root)
    items = []
    code = src_root / "code.py"
    if code.is_file():
        items.append(("code.py", code, "code"))
    for prefix, folder in (("lib", src_root / "lib"),
                           ("lib/sixtysix_core", src_root / "sixtysix_core")):
        for path in _python_files(folder):
            items.append((f"{prefix}/{path.relative_to(folder).as_posix()}", path, "project"))
    for path in _python_files(src_root / "lib", True):
        items.append((f"lib/{path.relative_to(src_root / 'lib').as_posix()}", path, "data"))
    return items


def _settings_text(src_root):
    path = Path(src_root) / SETTINGS_SOURCE
    return path.read_bytes() if path.is_file() else SETTINGS_TEMPLATE.encode()


def source_fingerprint(src_root):
    """One hash over every input of a build, to tell whether build/CIRCUITPY is stale."""
    src_root = Path(src_root)
    parts = [f"format {MANIFEST_FORMAT}"]
    for target, path, kind in project_sources(src_root):
        parts.append(f"{target} {kind} {sha256_file(path)}")
    requirements = src_root / REQUIREMENTS
    if requirements.is_file():
        parts.append(f"{REQUIREMENTS} {sha256_file(requirements)}")
    parts.append(f"settings {sha256_bytes(_settings_text(src_root))}")
    return sha256_bytes("\n".join(parts).encode())


def fetch_device_libs(src_root, out_root):
    """Folder holding the pinned device libraries (pip --target, cached), or None."""
    requirements = Path(src_root) / REQUIREMENTS
    if not requirements.is_file():
        warn(f"there is no {REQUIREMENTS}, so this build has no third-party device libraries")
        return None
    digest = sha256_file(requirements)[:16]
    cache = Path(out_root) / "devlib-cache" / digest
    if (cache / ".complete").is_file():
        return cache
    partial = cache.with_name(digest + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--no-compile", "--retries", "1", "--timeout", "15",
               "--target", str(partial), "-r", str(requirements)]
    info(f"fetching the device libraries pinned in {REQUIREMENTS} with pip ...")
    try:
        ok = subprocess.run(command, capture_output=True, timeout=PIP_TIMEOUT).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    if not ok:
        shutil.rmtree(partial, ignore_errors=True)
        warn("pip could not fetch the pinned device libraries (offline?), so this build has "
             "none: run `python3 tools/sixtysix.py libs` with the board plugged in")
        return None
    (partial / ".complete").write_text("pip install --no-deps --target ok\n")
    shutil.rmtree(cache, ignore_errors=True)
    os.replace(partial, cache)
    return cache


def device_lib_files(libs_dir):
    """[(target path on the drive, source path)] for the libraries pip put in `libs_dir`."""
    items = []
    for here, dirs, files in os.walk(libs_dir):
        dirs[:] = sorted(d for d in dirs if d not in DEVLIB_SKIP_DIRS
                         and not d.endswith(DEVLIB_SKIP_SUFFIXES) and not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name == "py.typed" or name.endswith(DEVLIB_SKIP_SUFFIXES):
                continue
            path = Path(here) / name
            items.append((f"lib/{path.relative_to(libs_dir).as_posix()}", path))
    return items


def _write(tree, target, data, kind, files):
    path = tree / target
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    files[target] = {"sha256": sha256_bytes(data), "size": len(data), "kind": kind}


def _module_name(target):
    """"sixtysix_core.deal" for lib/sixtysix_core/deal.py: the name tracebacks show
    (mpy-cross -s).  The board interns the module's dotted name on import anyway, so
    this costs no qstr of its own, where "deal.py" would cost one per module (and the
    app sits near the size at which the qstr table doubles: README)."""
    name = target[:-3]
    if name.startswith("lib/"):
        name = name[4:]
    if name.endswith("/__init__"):
        name = name[:-len("/__init__")]
    return name.replace("/", ".")


def _compile_project(tree, files, compiler):
    """Replace the project .py files in `tree` by .mpy; False (tree untouched) on failure."""
    compiled = {}
    for target, entry in files.items():
        if entry["kind"] != "project":
            continue
        mpy_target = target[:-3] + ".mpy"
        problem = mpy.compile_file(compiler, tree / target, tree / mpy_target,
                                   _module_name(target))
        if problem:
            for done in compiled:
                (tree / done).unlink(missing_ok=True)
            (tree / mpy_target).unlink(missing_ok=True)
            warn(f"{problem}, so this build ships .py files instead of .mpy")
            return False
        compiled[mpy_target] = target
    for mpy_target, target in compiled.items():
        (tree / target).unlink()
        data = (tree / mpy_target).read_bytes()
        del files[target]
        files[mpy_target] = {"sha256": sha256_bytes(data), "size": len(data), "kind": "project"}
    return True


PY_HEAP_KIB = 160      # what a .py build needs (bench heap32 --py: 161 KiB; .mpy: 127 KiB)


class MpyUnavailable(DeployError):
    """No CircuitPython mpy-cross for the board's version: one sentence, what to do."""


def run_build(src_root, out_root, board, cp_major=None, use_mpy=False, mpy_cross=None,
              require_mpy=False):
    """Write out_root/CIRCUITPY from src_root and return its manifest (a dict).  With
    require_mpy, no suitable compiler is MpyUnavailable before anything is written."""
    check_board(board)
    cp_major = cp_major or DEFAULT_CP_MAJOR
    if cp_major not in CP_MAJORS:
        raise DeployError(f"CircuitPython {cp_major} is not supported: use --cpy-version 9 or 10")
    if use_mpy and require_mpy:
        compiler, reason = mpy.find_compiler(cp_major, mpy_cross)
        if compiler is None:
            raise MpyUnavailable(
                f"{reason}, so flash has no CircuitPython {cp_major}.x mpy-cross to compile "
                f"the board's .mpy build and wrote nothing: pass --mpy-cross PATH (or set "
                f"${mpy.ENV_MPY_CROSS}) with CircuitPython {cp_major}.x's own mpy-cross, or "
                f"flash --py for a .py build, which needs about {PY_HEAP_KIB} KiB of heap "
                "on the board")
        mpy_cross = str(compiler)
    src_root, out_root = Path(src_root), Path(out_root)
    tree = out_root / "CIRCUITPY.partial"
    try:
        shutil.rmtree(tree, ignore_errors=True)
        tree.mkdir(parents=True)
        manifest = _fill_tree(src_root, out_root, tree, board, cp_major, use_mpy, mpy_cross)
        final = build_dir(out_root)
        shutil.rmtree(final, ignore_errors=True)
        os.replace(tree, final)
    except OSError as exc:
        reason = exc.strerror or exc
        raise DeployError(f"could not write the build in {out_root} ({reason})") from None
    mode = ".mpy" if manifest["mpy"] else ".py"
    info(f"built {final} for {board}, CircuitPython {cp_major}.x, our modules as {mode}: "
         f"{len(manifest['files'])} files")
    return manifest


def _fill_tree(src_root, out_root, tree, board, cp_major, use_mpy, mpy_cross):
    files = {}
    sources = project_sources(src_root)
    if not any(kind == "code" for _, _, kind in sources):
        warn(f"there is no code.py in {src_root} yet, so the build has none")
    for target, path, kind in sources:
        _write(tree, target, path.read_bytes(), kind, files)
    libs_dir = fetch_device_libs(src_root, out_root)
    if libs_dir is not None:
        for target, path in device_lib_files(libs_dir):
            if target not in files:
                _write(tree, target, path.read_bytes(), "devlib", files)
    _write(tree, "settings.toml", _settings_text(src_root), "settings", files)
    compiled = False
    if use_mpy:
        compiler = mpy.usable_compiler(cp_major, mpy_cross)
        compiled = compiler is not None and _compile_project(tree, files, compiler)
    manifest = {
        "format": MANIFEST_FORMAT,
        "tool": "sixtysix",
        "board": board,
        "circuitpython": cp_major,
        "mpy": bool(compiled),
        "mpy_cross": str(mpy_cross) if mpy_cross else None,
        "device_libs": libs_dir is not None,
        "source_fingerprint": source_fingerprint(src_root),
        "built": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "files": dict(sorted(files.items())),
    }
    (tree / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def load_manifest(folder):
    """The manifest in `folder` as a dict, or None if it is missing or unreadable."""
    try:
        with open(Path(folder) / MANIFEST_NAME, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        return None
    return manifest


def current_build(src_root, out_root):
    """The manifest of build/CIRCUITPY if it exists and matches the sources, else None."""
    manifest = load_manifest(build_dir(out_root))
    if manifest is None or manifest.get("board") not in BOARDS:
        return None
    if manifest.get("source_fingerprint") != source_fingerprint(src_root):
        return None
    tree = build_dir(out_root)
    if not all((tree / target).is_file() for target in manifest["files"]):
        return None
    return manifest


def ensure_build(src_root, out_root, board=None, fallback_board=None, cp_major=None,
                 use_mpy=None, mpy_cross=None):
    """A current build for `board` (or the existing build's board), building when needed.
    use_mpy None: the kind of build there is; True: .mpy for CircuitPython `cp_major`
    (MpyUnavailable when no compiler can be had); False: .py sources."""
    manifest = current_build(src_root, out_root)
    wanted = use_mpy is None or (bool(manifest and manifest.get("mpy")) == use_mpy and (
        not use_mpy or manifest.get("circuitpython") == cp_major))
    if manifest is not None and board in (None, manifest["board"]) and wanted:
        return manifest
    old = load_manifest(build_dir(out_root)) or {}
    board = board or old.get("board") or fallback_board
    if board is None:
        raise DeployError("cannot tell which board to build for: pass --board "
                          f"{' or '.join(BOARDS)}")
    check_board(board)
    if use_mpy is None:
        use_mpy = bool(old.get("mpy")) and old.get("board") == board
        if use_mpy:
            cp_major = old.get("circuitpython")
    if use_mpy and mpy_cross is None and old.get("circuitpython") == cp_major:
        mpy_cross = old.get("mpy_cross")
    info("build/CIRCUITPY is missing or out of date: building it first")
    return run_build(src_root, out_root, board, cp_major, use_mpy, mpy_cross,
                     require_mpy=use_mpy)


def write_bundle(out_root, manifest, out_file=None):
    """Zip build/CIRCUITPY (with fixed timestamps) and return the zip's path."""
    out_file = Path(out_file or Path(out_root) / f"sixtysix-{manifest['board']}.zip")
    tree = build_dir(out_root)
    names = sorted(manifest["files"]) + [MANIFEST_NAME]
    try:
        out_file.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(out_file, "w", zipfile.ZIP_DEFLATED) as bundle:
            for name in names:
                entry = zipfile.ZipInfo(f"CIRCUITPY/{name}", date_time=(2024, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                bundle.writestr(entry, (tree / name).read_bytes())
    except OSError as exc:
        raise DeployError(f"could not write {out_file} ({exc.strerror or exc})") from None
    return out_file
