"""The text catalogs on the laptop: parse, check, and keep the modules' ids in step.

A catalog (lib/sixtysix_ui/lang/<code>.txt, format in lib/sixtysix_ui/words.py) is read
into `Catalog`: its header (name, letters), its sections in order, and per section the
(key, width, text) of each text.  A module names a text by a private constant
`_W_<KEY> = const(id)` (`_W_<SECTION>_<KEY>` where two sections share a key name is not
needed: each module's constants are its own), id = section << 7 | index;
`module_ids(path)` finds them, `check_module` says which are wrong and `fix_module`
rewrites them from the English catalog (`python3 tools/sixtysix.py words --fix`).
"""
import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANG_DIR = os.path.join(ROOT, "lib", "sixtysix_ui", "lang")
# the terminal game's own sentences (term.py), same format; not on the device
HOST_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lang")
CODES = ("en", "pl", "cs", "de", "et")
_FORMAT = re.compile(r"%[sd%]")


class Catalog:
    def __init__(self, code, folder=LANG_DIR):
        self.code = code
        self.name = ""
        self.letters = ""
        self.sections = []              # [(name, [(key, width, text), ...])]
        path = os.path.join(folder, code + ".txt")
        with open(path, encoding="utf-8") as f:
            for line in f.read().split("\n"):
                if not line or line.startswith("#"):
                    continue
                if line.startswith("["):
                    self.sections.append((line.strip("[]"), []))
                elif line.startswith("!"):
                    key, _, value = line[1:].partition(" ")
                    setattr(self, key, value)
                else:
                    key, _, text = line.partition(" ")
                    key, _, width = key.partition("/")
                    self.sections[-1][1].append((key, int(width) if width else 0, text))

    def ids(self):
        """{(section, key): id}."""
        out = {}
        for s, (sec, texts) in enumerate(self.sections):
            for i, (key, _w, _t) in enumerate(texts):
                out[(sec, key)] = s << 7 | i
        return out

    def texts(self):
        """{(section, key): text}."""
        return {(sec, key): text for sec, texts in self.sections for key, _w, text in texts}

    def widths(self):
        return {(sec, key): w for sec, texts in self.sections for key, w, _t in texts}


def formats(text):
    """The % conversions of a text, in order ('%%' dropped)."""
    return [m for m in _FORMAT.findall(text) if m != "%%"]


def shown_len(text):
    """The longest line of a text as shown with %d as two digits and %s empty."""
    return max(len(line) for line in text.replace("%d", "99").replace("%s", "")
               .replace("%%", "%").split("\\n"))


def module_ids(path):
    """[(line, name, value)] of the `_W_... = const(n)` of a module; the section is
    given by a comment `# words: <section>` on the line before the first one, or by
    `_W_<SECTION>__<KEY>` names."""
    src = open(path, encoding="utf-8").read()
    out = []
    for node in ast.parse(src).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.startswith("_W_")
                and isinstance(node.value, ast.Call) and node.value.args
                and isinstance(node.value.args[0], ast.Constant)):
            out.append((node.lineno, node.targets[0].id, node.value.args[0].value))
    return out


def section_of(path):
    """The `# words: a b` sections a module takes its texts from, in order of lookup."""
    for line in open(path, encoding="utf-8"):
        if line.startswith("# words:"):
            return line.split(":", 1)[1].split()
    return []


def expected(path, cat=None):
    """{name: id} of every _W_ constant of the module, from the English catalog: the
    key is looked up in the module's `# words:` sections in order (a name
    `_W_<KEY>`), or in the section a double underscore names (`_W_<sec>__<KEY>`)."""
    cat = cat or Catalog("en")
    ids = cat.ids()
    secs = section_of(path)
    out = {}
    for _line, name, _value in module_ids(path):
        key = name[3:]
        if "__" in key:
            sec, key = key.split("__", 1)
            want = ids.get((sec.lower(), key))
        else:
            want = next((ids[(s, key)] for s in secs if (s, key) in ids), None)
        out[name] = want
    return out


def fix_module(path, cat=None):
    """Rewrite the module's _W_ constants to the catalog's ids; the names with no text."""
    want = expected(path, cat)
    lines = open(path, encoding="utf-8").read().split("\n")
    missing = []
    for line, name, value in module_ids(path):
        if want[name] is None:
            missing.append(name)
        elif want[name] != value:
            text = re.sub(r"const\(\s*\w+\s*\)", "const(%d)" % want[name],
                          lines[line - 1], count=1)
            code, hash_, comment = text.partition("#")
            if hash_:                   # the comment at column 32, as the modules have it
                code = code.rstrip()
                text = code + " " * max(2, 32 - len(code)) + "#" + comment
            lines[line - 1] = text
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return missing


def device_modules():
    """The paths of the device's modules that may take texts."""
    out = []
    for folder in (os.path.join(ROOT, "lib", "sixtysix_ui"),):
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                out.append(os.path.join(folder, name))
    return out


def main(command, args):
    """`words [--fix]`: per language, the texts it has and lacks and those longer than
    their place; --fix rewrites the modules' text ids from the English catalog."""
    from sixtysix_tools.cli import BadInput
    if args not in ([], ["--fix"]):
        raise BadInput("words takes only --fix")
    if args:
        for path in device_modules():
            for name in fix_module(path):
                print("%s: %s names no text" % (os.path.relpath(path, ROOT), name))
        return 0
    en = Catalog("en")
    width = en.widths()
    for code in CODES:
        if not os.path.exists(os.path.join(LANG_DIR, code + ".txt")):
            print("%s: no catalog" % code)
            continue
        texts = Catalog(code).texts()
        missing = [k for k in en.texts() if k not in texts]
        long = [k for k, t in texts.items() if width.get(k) and shown_len(t) > width[k]]
        print("%s: %d texts, %d missing, %d too long" % (code, len(texts), len(missing),
                                                         len(long)))
        for k in missing + long:
            print("  %s %s" % k)
    return 0
