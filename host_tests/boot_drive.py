"""Boot fake CIRCUITPY drives on CPython the way a board boots them, with stand-ins.

    python -I -S -B boot_drive.py DRIVE...      one JSON line per drive on stdout

For each drive, in a clean state (the modules of the drive before are forgotten):
* the firmware modules are the stand-ins of tools/standins/fake_*.py, under their real
  names (board is the PyGamer's), plus micropython.const;
* sys.path is the device's ["", "/", "/lib"], and a path hook maps every such path
  ("/" is the drive's root, so code.py's "/sixtysix/<id>" too) into the drive, where
  names are found as MicroPython finds them (_Finder);
* the drive's code.py runs as __main__ until the App has polled once: the stand-in
  clock stops it at run()'s second supervisor.ticks_ms().
Reported: "code" ("absent" or "ran"), "polled" (True once App.run polled), "error" (the
exception, or None), "printed", and "modules": {name: [path on the drive, sha256]} for
every module imported from the drive.
"""
import hashlib
import importlib.machinery as machinery
import io
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAKES = os.path.join(os.path.dirname(HERE), "tools", "standins")
DEVICE_PATH = ["", "/", "/lib"]       # CircuitPython's sys.path, less .frozen


class Polled(BaseException):
    """Raised by the stand-in clock once the app has polled."""


def _standins():
    folder = tempfile.mkdtemp(prefix="sixtysix-fw-")
    for name in os.listdir(FAKES):
        if name.startswith("fake_") and name.endswith(".py") and name != "fake_os.py":
            shutil.copy(os.path.join(FAKES, name), os.path.join(folder, name[5:]))
    with open(os.path.join(folder, "micropython.py"), "w") as f:
        f.write("def const(value):\n    return value\n")
    return folder


class _Loader(machinery.SourceFileLoader):
    """Compiles each distinct source once (the drives hold the same files many times)."""
    compiled = {}

    def get_code(self, fullname):
        source = self.get_data(self.path)
        key = hashlib.sha256(source).digest()
        if key not in self.compiled:
            self.compiled[key] = compile(source, self.path, "exec", dont_inherit=True)
        return self.compiled[key]


class _Folder:
    """Loads a folder without __init__.py as an empty package."""

    @staticmethod
    def create_module(spec):
        return None

    @staticmethod
    def exec_module(module):
        pass


class _Finder(machinery.FileFinder):
    """As MicroPython imports: the first sys.path entry with the name wins, and a folder
    there is a package even without __init__.py (CPython would look further for a
    package with one, and merge folders without)."""

    def find_spec(self, fullname, target=None):
        folder = os.path.join(self.path, fullname.rpartition(".")[2])
        if os.path.isdir(folder) and not os.path.isfile(os.path.join(folder, "__init__.py")):
            spec = machinery.ModuleSpec(fullname, _Folder(), is_package=True)
            spec.submodule_search_locations = [folder]
            return spec
        return super().find_spec(fullname, target)


class Booter:
    def __init__(self):
        self.fw = _standins()
        self.host = [p for p in sys.path if p and p != HERE]
        self.drive = None
        sys.path_hooks.insert(0, self._hook)

    def _hook(self, path):
        if path == self.drive or path.startswith(self.drive + os.sep):
            return self._finder(path)
        host = any(path == h or path.startswith(h + os.sep) for h in self.host)
        if host or path.startswith(self.fw) or not path.startswith("/"):
            raise ImportError(path)
        return self._finder(self.drive + path)

    @staticmethod
    def _finder(path):
        return _Finder(path, (_Loader, machinery.SOURCE_SUFFIXES))

    def boot(self, drive):
        drive = os.path.realpath(drive)
        result = {"drive": drive, "code": "absent", "polled": False, "error": None,
                  "printed": "", "modules": {}}
        code = os.path.join(drive, "code.py")
        if not os.path.isfile(code):
            return result
        result["code"] = "ran"
        modules, path, cwd, stdout = set(sys.modules), list(sys.path), os.getcwd(), sys.stdout
        self.drive = drive
        sys.path[:] = [self.fw] + DEVICE_PATH + self.host
        sys.path_importer_cache.clear()
        os.chdir(drive)
        sys.stdout = io.StringIO()
        try:
            import supervisor
            calls = [0]

            def ticks_ms():
                calls[0] += 1
                if calls[0] > 1:
                    raise Polled()
                return 0

            supervisor.ticks_ms = ticks_ms
            with open(code, "rb") as f:
                source = f.read()
            exec(compile(source, "code.py", "exec"), {"__name__": "__main__"})
        except Polled:
            result["polled"] = True
        except BaseException as exc:     # anything a board would show as a traceback
            result["error"] = f"{type(exc).__name__}: {exc}"
        finally:
            result["printed"] = sys.stdout.getvalue()[-500:]
            sys.stdout = stdout
            for name in set(sys.modules) - modules:
                module = sys.modules.pop(name)
                where = getattr(module, "__file__", None) or ""
                if where.startswith(drive + os.sep):
                    with open(where, "rb") as f:
                        digest = hashlib.sha256(f.read()).hexdigest()
                    rel = os.path.relpath(where, drive).replace(os.sep, "/")
                    result["modules"][name] = [rel, digest]
            sys.path[:] = path
            sys.path_importer_cache.clear()
            os.chdir(cwd)
        return result


def main(drives):
    os.environ.pop("SIXTYSIX_BOARD", None)
    booter = Booter()
    try:
        for drive in drives:
            print(json.dumps(booter.boot(drive)), flush=True)
    finally:
        shutil.rmtree(booter.fw, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
