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
    for sec, texts in EN.sections:
        keys = [k for k, _w, _t in texts]
        assert len(keys) == len(set(keys)), sec
        assert len(keys) <= 128, sec
        for key, _w, text in texts:
            assert text and text == text.strip(), (sec, key)


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
