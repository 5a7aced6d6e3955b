"""The text catalogs (lib/sixtysix_ui/lang/*.txt, words.py): every language has every
text, in the same sections and order, with the same %s/%d, within its place's width;
the modules' text ids name the texts their constants say; the device's reader gives
back exactly the catalog's texts."""
import os
import unicodedata

import pytest

from sixtysix_tools import catalog as C
from sixtysix_ui import words

PRESENT = [c for c in C.CODES if os.path.exists(os.path.join(C.LANG_DIR, c + ".txt"))]
EN = C.Catalog("en")


def test_english_keys_are_unique_and_sections_fit_the_id():
    assert len(EN.sections) <= 16
    assert sum(len(t) for _s, t in EN.sections) <= 448         # words._MAX
    for sec, texts in EN.sections:
        keys = [k for k, _w, _t in texts]
        assert len(keys) == len(set(keys)), sec
        assert len(keys) <= 128, sec
        for key, _w, text in texts:
            assert text and text == text.strip(), (sec, key)
            assert len(text.encode()) <= 127, (sec, key)          # words._buf


@pytest.mark.parametrize("code", PRESENT)
def test_every_language_has_every_text_in_the_same_place(code):
    cat = C.Catalog(code)
    assert [s for s, _ in cat.sections] == [s for s, _ in EN.sections]
    for (sec, texts), (_s, en) in zip(cat.sections, EN.sections):
        assert [k for k, _w, _t in texts] == [k for k, _w, _t in en], sec


@pytest.mark.parametrize("code", PRESENT)
def test_every_text_has_the_english_conversions_and_fits_its_width(code):
    cat = C.Catalog(code).texts()
    widths = EN.widths()
    bad = []
    for where, en in EN.texts().items():
        text = cat.get(where)
        if text is None:
            continue
        if len(text.encode()) > 127:
            bad.append((where, text, "over 127 bytes"))
        if C.formats(text) != C.formats(en) or not text or text != text.strip():
            bad.append((where, text, "conversions or spaces"))
        elif widths[where] and C.shown_len(text) > widths[where]:
            bad.append((where, text, "longer than %d" % widths[where]))
        if where[1].startswith("PAGE") and not where[1].endswith("_H"):
            if text.count("\\n") > 3:
                bad.append((where, text, "more than 4 lines"))
    assert not bad, bad


@pytest.mark.parametrize("code", PRESENT)
def test_the_letters_header_lists_exactly_the_letters_beyond_ascii(code):
    cat = C.Catalog(code)
    used = set()
    for text in cat.texts().values():
        used.update(ch for ch in text if ord(ch) > 126)
    assert "".join(sorted(used)) == cat.letters
    for ch in used:
        assert unicodedata.category(ch)[0] in "LP", repr(ch)


@pytest.mark.parametrize("code", PRESENT)
def test_the_devices_reader_gives_every_text_back(code):
    cat = C.Catalog(code)
    assert words.load(code)
    try:
        assert words.lang == code and words.name == cat.name
        assert words.letters == cat.letters
        for s, (_sec, texts) in enumerate(cat.sections):
            for i, (_key, _w, text) in enumerate(texts):
                assert words.tx(s << 7 | i) == text
    finally:
        words.load("en")


def test_an_unknown_or_damaged_language_leaves_english(tmp_path, monkeypatch):
    words.load("en")
    assert words.load("xx") and words.lang == "en"
    bad = tmp_path / "lang"
    bad.mkdir()
    (bad / "pl.txt").write_bytes(b"no sections here\n")
    monkeypatch.setattr(words, "_DIR", str(tmp_path))
    monkeypatch.setattr(words, "lang", "")
    assert not words.load("pl")
    assert words.note == "Language file damaged"


def test_every_modules_text_ids_are_the_catalogs():
    bad = []
    for path in C.device_modules():
        want = C.expected(path, EN)
        for _line, name, value in C.module_ids(path):
            if want[name] != value:
                bad.append((os.path.basename(path), name, value, want[name]))
    assert not bad, "run: python3 tools/sixtysix.py words --fix  " + repr(bad)


def test_the_texts_the_code_finds_by_an_offset_are_in_that_order():
    """texts.py, texts_end.py: a bot's text follows the human's (YOU_X, BOT_X; a
    marriage's two forms: YOU_M, YOU_M_SHORT, BOT_M, BOT_M_SHORT); help: PAGEn_H, PAGEn;
    house: a label, its values, a tip per value; multi: LEFT, PARTNER, RIGHT, their
    letters LEFT_L ..., MELD's three forms; explain: one text per explain._CARD_REASONS,
    NOT_NOW after them."""
    from sixtysix_core import explain
    ids = EN.ids()
    for (sec, key), i in ids.items():
        if key.startswith("YOU_") and (sec, "BOT_" + key[4:]) in ids:
            step = 2 if (sec, key + "_SHORT") in ids or key.endswith("_SHORT") else 1
            assert ids[(sec, "BOT_" + key[4:])] == i + step, key
    for n in range(1, 7):
        assert ids[("help", "PAGE%d" % n)] == ids[("help", "PAGE%d_H" % n)] + 1
        assert ids[("help", "PAGE%d_H" % n)] == ids[("help", "PAGE1_H")] + 2 * (n - 1)
    from sixtysix_ui import house_page as H
    for _opt, _who, label, n in H.ROWS:
        sec, key = [k for k, v in ids.items() if v == label][0]
        for k in range(n):
            assert ids[(sec, "%s%s%d" % (key, "_" if key[-1].isdigit() else "", k))] == \
                label + 1 + k
            assert ids[(sec, "%s%s%d_TIP" % (key, "_" if key[-1].isdigit() else "", k))] \
                == label + 1 + n + k
    assert [ids[("multi", k)] for k in ("LEFT", "PARTNER", "RIGHT")] == \
        list(range(ids[("multi", "LEFT")], ids[("multi", "LEFT")] + 3))
    assert [ids[("multi", k)] for k in ("LEFT_L", "PARTNER_L", "RIGHT_L")] == \
        list(range(ids[("multi", "LEFT_L")], ids[("multi", "LEFT_L")] + 3))
    assert [ids[("multi", k)] for k in ("MELD", "MELD_SHORT", "MELD_SHORTEST")] == \
        list(range(ids[("multi", "MELD")], ids[("multi", "MELD")] + 3))
    keys = [k for k, _w, _t in dict(EN.sections)["explain"]]
    assert keys.index("NOT_NOW") == len(explain._CARD_REASONS)
    for k in range(6):
        assert ids[("common", "RANK%d" % k)] == ids[("common", "RANK0")] + k
    for k in range(4):
        assert ids[("common", "SUIT%d" % k)] == ids[("common", "SUIT0")] + k
        assert ids[("common", "SUITCAP%d" % k)] == ids[("common", "SUITCAP0")] + k
    from sixtysix_core import rules as R
    assert len([1 for k, _w, _t in dict(EN.sections)["title"] if k.startswith("PRESET")]) \
        == len(R.preset_names())


@pytest.mark.parametrize("code", PRESENT)
def test_the_seats_column_letters_differ_in_every_language(code):
    """The OLED's 3-4 player table names a column by one letter: LEFT_L, PARTNER_L,
    RIGHT_L and the first letter of YOU differ (Polish Partner / Prawy do not)."""
    cat = C.Catalog(code).texts()
    seats = [cat[("multi", k)] for k in ("LEFT_L", "PARTNER_L", "RIGHT_L")]
    assert all(len(s) == 1 and s.isalpha() for s in seats), seats
    seats.append(cat[("common", "YOU")][0])
    assert len(set(s.upper() for s in seats)) == 4, seats


def test_the_oled_table_labels_its_columns_by_those_letters():
    from types import SimpleNamespace
    from sixtysix_ui import words_multi as M
    for code in PRESENT:
        assert words.load(code)
        try:
            cat = C.Catalog(code).texts()
            want = {k: cat[("multi", k + "_L")] for k in ("LEFT", "PARTNER", "RIGHT")}
            four = SimpleNamespace(nseats=4, each=False, chooser=1, side_of=[0, 1, 0, 1])
            assert [M.label(four, s, True) for s in (1, 2, 3)] == \
                [want["LEFT"], want["PARTNER"], want["RIGHT"]]
            assert M.label(four, 0, True) == cat[("common", "YOU")][0]
            assert [M.label(four, s) for s in (1, 2, 3)] == \
                [cat[("multi", k)] for k in ("LEFT", "PARTNER", "RIGHT")]
            three = SimpleNamespace(nseats=3, each=False, chooser=1, side_of=[0, 1, 0])
            assert [M.label(three, s, True) for s in (1, 2)] == [want["LEFT"], want["PARTNER"]]
            three.chooser, three.side_of = 2, [0, 0, 1]
            assert [M.label(three, s, True) for s in (1, 2)] == [want["PARTNER"], want["RIGHT"]]
            three.chooser = -1
            assert [M.label(three, s, True) for s in (1, 2)] == [want["LEFT"], want["RIGHT"]]
        finally:
            words.load("en")


def test_a_damaged_catalog_leaves_the_english_texts_whole(tmp_path, monkeypatch):
    """A catalog that fails half way through its index does not leave English's texts
    read at the damaged offsets."""
    words.load("en")
    want = [words.tx(s << 7 | i) for s, (_sec, t) in enumerate(EN.sections)
            for i in range(len(t))]
    bad = tmp_path / "lang"
    bad.mkdir()
    (bad / "en.txt").write_bytes(open(os.path.join(C.LANG_DIR, "en.txt"), "rb").read())
    (bad / "pl.txt").write_bytes(b"[common]\nCARD 2 1\nRANK0 " + b"x" * 300 + b"\n")
    monkeypatch.setattr(words, "_DIR", str(tmp_path))
    assert not words.load("pl")
    assert words.lang == "en" and words.note == "Language file damaged"
    assert [words.tx(s << 7 | i) for s, (_sec, t) in enumerate(EN.sections)
            for i in range(len(t))] == want


def test_no_module_uses_a_const_above_its_line():
    """MicroPython folds a `_X = const(n)` only into code below it: a private constant
    used above its definition is a NameError on the device (not on CPython)."""
    import ast
    import glob
    bad = []
    for path in C.device_modules() + sorted(glob.glob(os.path.join(C.ROOT, "sixtysix_core",
                                                                  "*.py"))):
        tree = ast.parse(open(path, encoding="utf-8").read())
        consts = {}
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id.startswith("_")
                    and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", "") == "const"):
                consts[node.targets[0].id] = node.lineno
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in consts \
                    and node.lineno < consts[node.id]:
                bad.append((os.path.basename(path), node.id, node.lineno))
    assert not bad, bad
