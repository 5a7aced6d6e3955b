"""Shared pytest set-up: import paths, micropython.const on a plain CPython (the core does it)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The repository root holds the device's code.py, which would shadow the standard
# library's `code` module (pdb imports it): the root goes after the standard library.
while "" in sys.path:
    sys.path.remove("")
while ROOT in sys.path:
    sys.path.remove(ROOT)
for path in (ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if path not in sys.path:
        sys.path.append(path)

import sixtysix_core  # noqa: E402,F401  (first: micropython.const on a plain CPython)

# The app reads a board's first-start language from settings.toml (os.getenv): a
# laptop's own SIXTYSIX_LANG must not change what the tests read.
os.environ.pop("SIXTYSIX_LANG", None)

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that plays in another language (or breaks the catalog) leaves the next one
    English (words.py keeps the language loaded in the module, as the device does)."""
    yield
    words = sys.modules.get("sixtysix_ui.words")
    if words is not None and (words.lang != "en" or words._file is None):
        words.lang = ""
        words.load("en")


@pytest.fixture
def live_bot(monkeypatch):
    """The two-player bot module the app plays with, kept loaded for the test: the app
    drops the bot's modules at a hand's end (kind_two.unload), and a patch on a module
    that is dropped would not reach the next hand's import."""
    import importlib
    from sixtysix_ui import kind_two
    monkeypatch.setattr(kind_two, "_BOT_MODULES", ())
    return importlib.import_module("sixtysix_core.bot")
