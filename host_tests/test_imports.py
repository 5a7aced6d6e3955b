"""The import graph of the whole tree: no import circles, and no import back up a layer.

Every `import` and `from ... import` of sixtysix_core/, lib/ (sixtysix_ui, sixtysix_boards),
code.py and tools/ is read with `ast`, together with `__import__("literal", ...)` calls.
Imports at module level (also inside `try` or `if` there, and in class bodies) run when the
module is imported; imports inside a function run when it is first called: the device
imports many modules that way, lazily, so both kinds count as edges, and a report names the
lazy ones "(in a function)". `from package import name` is an edge to package.name when
that is a module of the tree, else to the package.

The layers, bottom to top (a module imports only from its own layer or below):
  1. sixtysix_core: the rules, engines and bots; imports nothing from lib/ or tools/.
  2. sixtysix_boards: one module a board (display, keys); imports the core at most.
  3. sixtysix_ui: the app, in the order of UI_ORDER below; never imports tools/.
  4. code.py: what a board runs; nothing imports it.
  5. tools/: the laptop side (sixtysix_tools and the firmware stand-ins); nothing on the
     device imports it.
Inside sixtysix_ui (UI_ORDER, bottom to top): keys and measures (input, layouts,
sprites, glyphs); words and state (texts, sound, storage, stats); drawing (render); the
start (which save resumes: below the pages, as the title runs it again to resume the other
kind's match); pages (pages, the title and the pages built on them); the parts a table
opens and drops (trump page, menu); the two tables; the kinds of match (kind_two,
kind_multi: build and save a match of two, or of three or four, players and open its
table); the app, which holds one kind and switches screens.  A module imports its own
rank or below; a circle inside a rank is caught by the circle test.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# the folders whose .py files are the tree's modules, with the dotted prefix each gets
# (tools/ other than sixtysix_tools holds the stand-ins and lane scripts, imported by
# their bare names, as the lane puts their folder on sys.path)
PACKAGES = (("sixtysix_core", "sixtysix_core"),
            (os.path.join("lib", "sixtysix_ui"), "sixtysix_ui"),
            (os.path.join("lib", "sixtysix_boards"), "sixtysix_boards"),
            (os.path.join("tools", "sixtysix_tools"), "sixtysix_tools"))
LAYERS = {"sixtysix_core": 1, "sixtysix_boards": 2, "sixtysix_ui": 3, "code": 4}
TOOLS_LAYER = 5

# sixtysix_ui, bottom to top: every module imports sixtysix_ui modules of its own rank or
# a lower one only.  A module missing here fails test_every_ui_module_has_a_rank (add it
# where it belongs).
UI_ORDER = (
    # keys, measures, the catalog, the letters
    ("input", "layout_oled", "layout_tft", "sprites", "words", "words_load", "glyphs"),
    ("texts", "texts_end", "texts_multi", "words_multi", "sound", "storage",
     "stats"),                                                           # words, state
    ("render",),                                                         # drawing
    ("start",),                                                          # the start
    ("pages", "title", "help", "house_page", "stats_page", "review_page"),  # pages
    ("trump_page", "table_menu"),                                        # a table's parts
    ("table", "table_multi"),                                            # the tables
    ("lesson",),                                                         # "Learn 66"
    ("kind_two", "kind_multi"),                                          # match kinds
    ("app",),                                                            # the app
)


def _module_files(root):
    """{dotted module name: (path relative to root)} of every module of the tree."""
    found = {"code": "code.py"}
    for folder, prefix in PACKAGES:
        for here, dirs, files in os.walk(os.path.join(root, folder)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            rel = os.path.relpath(here, os.path.join(root, folder))
            parts = [prefix] + ([] if rel == "." else rel.split(os.sep))
            for name in sorted(files):
                if name.endswith(".py"):
                    dotted = parts + ([] if name == "__init__.py" else [name[:-3]])
                    found[".".join(dotted)] = os.path.relpath(os.path.join(here, name), root)
    tools = os.path.join(root, "tools")
    for here, dirs, files in os.walk(tools):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "sixtysix_tools"))
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.relpath(os.path.join(here, name), root)
                found.setdefault("tools:" + name[:-3], path)
    return found


def _layer(module):
    if module.startswith("tools:"):
        return TOOLS_LAYER
    return LAYERS.get(module.split(".")[0], TOOLS_LAYER)


class _Imports(ast.NodeVisitor):
    """(target name, line, in a function) of each import in one module's tree."""

    def __init__(self, package):
        self.package = package          # the package a relative import starts from
        self.depth = 0
        self.found = []

    def _function(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_Import(self, node):
        for alias in node.names:
            self.found.append(([alias.name], node.lineno, self.depth > 0))

    def visit_ImportFrom(self, node):
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")[:len(self.package.split(".")) - node.level + 1]
            base = ".".join(parts + ([base] if base else []))
        # each name: package.name if that is a module of the tree, else the package
        for alias in node.names:
            self.found.append(([base + "." + alias.name, base], node.lineno, self.depth > 0))

    def visit_Call(self, node):
        if (isinstance(node.func, ast.Name) and node.func.id == "__import__" and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            self.found.append(([node.args[0].value], node.lineno, self.depth > 0))
        self.generic_visit(node)


def _resolve(candidates, modules, bare):
    """The module of the tree a candidate names (the deepest one), or None."""
    for name in candidates:
        parts = name.split(".")
        while parts:
            dotted = ".".join(parts)
            if dotted in modules:
                return dotted
            if len(parts) == 1 and dotted in bare:
                return bare[dotted]
            parts.pop()
    return None


def import_graph(root=ROOT):
    """{module: [(imported module, "path:line", lazy)]} over the modules of the tree."""
    files = _module_files(root)
    modules = {m for m in files if not m.startswith("tools:")}
    bare = {m.split(":", 1)[1]: m for m in files if m.startswith("tools:")}
    graph = {}
    for module, path in sorted(files.items()):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        is_package = path.endswith("__init__.py")
        package = module if is_package else module.rpartition(".")[0]
        visitor = _Imports(package)
        visitor.visit(tree)
        edges = []
        for candidates, line, lazy in visitor.found:
            # a bare name means the stand-in only for modules outside the packages
            target = _resolve(candidates, modules,
                              bare if module.startswith("tools:") or module == "code" else {})
            edge = (target, "%s:%d" % (path, line), lazy)
            if target is not None and target != module and edge not in edges:
                edges.append(edge)
        graph[module] = edges
    return graph


def circles(graph):
    """The strongly connected components of more than one module (Tarjan), each sorted,
    with the edges inside it: [(members, [(from, to, where, lazy)])]."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v):                       # the tree is small: recursion is fine
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w, _, _ in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.append(w)
                if w == v:
                    break
            if len(members) > 1:
                out.append(sorted(members))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    result = []
    for members in sorted(out):
        inside = set(members)
        edges = [(m, w, where, lazy) for m in members for w, where, lazy in graph[m]
                 if w in inside]
        result.append((members, edges))
    return result


def _ui_rank(module):
    leaf = module.split(".", 1)[1]
    for rank, names in enumerate(UI_ORDER):
        if leaf in names:
            return rank
    return None


def upward_imports(graph):
    """Every import from a lower layer (or sixtysix_ui rank) into a higher one, as
    'from -> to (path:line[, in a function])' lines."""
    found = []
    for module, edges in sorted(graph.items()):
        for target, where, lazy in edges:
            up = _layer(target) > _layer(module)
            if (not up and module.startswith("sixtysix_ui.")
                    and target.startswith("sixtysix_ui.")):
                mine, theirs = _ui_rank(module), _ui_rank(target)
                up = mine is not None and theirs is not None and theirs > mine
            if up or target == "code":
                found.append("%s -> %s (%s%s)" % (module, target, where,
                                                  ", in a function" if lazy else ""))
    return found


def _report(found):
    lines = []
    for members, edges in found:
        lines.append("circle of %d: %s" % (len(members), ", ".join(members)))
        lines.extend("    %s -> %s (%s%s)" % (m, w, where, ", in a function" if lazy else "")
                     for m, w, where, lazy in edges)
    return "\n".join(lines)


GRAPH = import_graph()
CIRCLES = circles(GRAPH)


def test_the_walker_sees_the_tree():
    # the walker finds the modules and both kinds of import (a test that cannot fail
    # because it reads nothing is no test)
    assert {"sixtysix_core.deal", "sixtysix_ui.app", "sixtysix_boards.pygamer", "code",
            "sixtysix_tools.cli"} <= set(GRAPH)
    app = {target for target, _, _ in GRAPH["sixtysix_ui.app"]}
    assert "sixtysix_core.rules" in app or "sixtysix_core.match" in app, app
    assert any(lazy for edges in GRAPH.values() for _, _, lazy in edges)
    assert any(not lazy for edges in GRAPH.values() for _, _, lazy in edges)
    assert "sixtysix_ui.app" in {t for t, _, _ in GRAPH["code"]}


def test_the_walker_reads_every_kind_of_import(tmp_path):
    files = {
        "code.py": "import board\nfrom sixtysix_ui.app import App\n",
        "sixtysix_core/__init__.py": "",
        "sixtysix_core/a.py": ("from sixtysix_core import b, c\nimport gc\n\n\n"
                               "def f():\n    import sixtysix_ui.app\n"),
        "sixtysix_core/b.py": "from . import c\nfrom .c import X\n",
        "sixtysix_core/c.py": "try:\n    from sixtysix_core.a import f\nexcept ImportError:\n"
                              "    pass\nX = 1\n",
        "lib/sixtysix_ui/app.py": ("class App:\n    from sixtysix_core import a\n    g = "
                                   "lambda: __import__('sixtysix_ui.pages', None, None, (1,))\n"),
        "lib/sixtysix_ui/pages.py": "",
        "tools/standins/app_steps.py": "import fake_os\nimport code\n",
        "tools/standins/fake_os.py": "",
        "tools/sixtysix_tools/__init__.py": "",
        "tools/sixtysix_tools/lab/bench.py": "from sixtysix_tools import cli\n",
        "tools/sixtysix_tools/cli.py": "",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    graph = {m: sorted((t, lazy) for t, _, lazy in edges)
             for m, edges in import_graph(str(tmp_path)).items()}
    assert graph == {
        "code": [("sixtysix_ui.app", False)],
        "sixtysix_core": [],
        "sixtysix_core.a": [("sixtysix_core.b", False), ("sixtysix_core.c", False),
                            ("sixtysix_ui.app", True)],
        "sixtysix_core.b": [("sixtysix_core.c", False), ("sixtysix_core.c", False)],
        "sixtysix_core.c": [("sixtysix_core.a", False)],
        "sixtysix_ui.app": [("sixtysix_core.a", False), ("sixtysix_ui.pages", True)],
        "sixtysix_ui.pages": [],
        "sixtysix_tools": [],
        "sixtysix_tools.cli": [],
        "sixtysix_tools.lab.bench": [("sixtysix_tools.cli", False)],
        "tools:app_steps": [("code", False), ("tools:fake_os", False)],
        "tools:fake_os": [],
    }
    # c -> a -> b -> c, and a -> app -> a (lazily): one strongly connected component
    assert [m for m, _ in circles(import_graph(str(tmp_path)))] == [
        ["sixtysix_core.a", "sixtysix_core.b", "sixtysix_core.c", "sixtysix_ui.app"]]


def test_the_circle_finder_finds_a_planted_circle():
    planted = {"a": [("b", "a.py:1", False)], "b": [("c", "b.py:1", True)],
               "c": [("a", "c.py:1", False)], "d": [("a", "d.py:1", False)]}
    assert circles(planted) == [(["a", "b", "c"], [("a", "b", "a.py:1", False),
                                                   ("b", "c", "b.py:1", True),
                                                   ("c", "a", "c.py:1", False)])]
    assert circles({"a": [("b", "a.py:1", False)], "b": []}) == []


def test_every_ui_module_has_a_rank():
    missing = [m for m in GRAPH if m.startswith("sixtysix_ui.") and _ui_rank(m) is None]
    assert not missing, "add these to UI_ORDER in host_tests/test_imports.py: %s" % missing


def test_no_import_circles():
    assert not CIRCLES, "import circles:\n" + _report(CIRCLES)


def test_no_import_runs_back_up_a_layer():
    found = upward_imports(GRAPH)
    assert not found, "imports back up a layer:\n" + "\n".join(found)


def test_the_layer_check_finds_planted_upward_imports():
    planted = {"sixtysix_core.deal": [("sixtysix_ui.app", "deal.py:3", True)],
               "sixtysix_ui.texts": [("sixtysix_ui.table", "texts.py:1", False)],
               "sixtysix_boards.pygamer": [("tools:fake_board", "pygamer.py:2", False)],
               "sixtysix_ui.app": [("sixtysix_core.deal", "app.py:1", False),
                                   ("sixtysix_ui.texts", "app.py:2", True)],
               "sixtysix_tools.sim": [("code", "sim.py:5", False)]}
    assert upward_imports(planted) == [
        "sixtysix_boards.pygamer -> tools:fake_board (pygamer.py:2)",
        "sixtysix_core.deal -> sixtysix_ui.app (deal.py:3, in a function)",
        "sixtysix_tools.sim -> code (sim.py:5)",
        "sixtysix_ui.texts -> sixtysix_ui.table (texts.py:1)"]
