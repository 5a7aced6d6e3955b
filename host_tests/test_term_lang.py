"""term and term_multi speak the language of --lang: the host-only catalogs
(tools/sixtysix_tools/lang) have every key of English in its order with the same %s and %d,
a whole match in Polish prints no English sentence, and the Polish commands are understood."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from sixtysix_tools.catalog import CODES, HOST_DIR, Catalog, formats  # noqa: E402


def _keys(cat):
    return [(sec, key) for sec, texts in cat.sections for key, _w, _t in texts]


def test_every_language_has_every_host_key_with_the_same_conversions():
    en = Catalog("en", HOST_DIR)
    for code in CODES:
        cat = Catalog(code, HOST_DIR)
        assert _keys(cat) == _keys(en), code
        texts = cat.texts()
        for key, text in en.texts().items():
            assert formats(texts[key]) == formats(text), (code, key)
            assert texts[key].strip() == texts[key] and texts[key], (code, key)


def test_the_host_catalogs_are_not_on_the_device():
    from sixtysix_tools import devbuild
    shipped = [str(source) for _target, source, _kind in devbuild.project_sources(ROOT)]
    assert any(p.endswith(os.path.join("lang", "pl.txt")) for p in shipped)    # the device's
    assert not any(p.startswith(HOST_DIR) for p in shipped)


def _term(*args, stdin=""):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "term",
                           *args], input=stdin, capture_output=True, text=True, timeout=300,
                          env=env)


def _english_pieces():
    """The fixed words of every English host sentence (what stays when %s and %d are
    taken out), the pieces long enough to be English and not a card or a number."""
    pieces = set()
    for (sec, _key), text in Catalog("en", HOST_DIR).texts().items():
        if sec == "commands":
            continue
        for piece in re.split(r"%[sd]", text):
            piece = piece.strip(" .;:,()|=")
            if len(piece) >= 8 and " " in piece:
                pieces.add(piece)
    return pieces


def _english_in(text):
    return sorted(p for p in _english_pieces() if p in text)


@pytest.mark.parametrize("args", [["--seed", "5"], ["--seed", "2", "--rules", "SCHNAPSEN_AT"],
                                  ["--seed", "3", "--rules", "FOUR_PLAYER_PL"]])
def test_a_polish_match_prints_no_english_sentence(args):
    out = _term("--lang", "pl", "--level", "easy", "--autoplay", *args)
    assert out.returncode == 0, out.stderr
    assert "Koniec partii" in out.stdout
    assert _english_in(out.stdout) == []
    english = _term("--level", "easy", "--autoplay", *args)
    assert _english_in(english.stdout)                   # the check sees English


def test_polish_commands_are_understood_and_listed():
    out = _term("--lang", "pl", "--seed", "3", "--level", "easy",
                stdin="?\nxyz\nmelduj\nzamknij\nogłoś\npas\npodpowiedź\nostatnia\nkoniec\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Możesz: zagrać " in text
    assert "Możesz też wpisać: podpowiedź/hint, ostatnia/last, koniec/quit." in text
    assert "Nie rozumiem 'xyz'" in text and "zamknij/close" in text
    assert "Po 'melduj' musi być jedna litera koloru" in text
    assert "Bot wybrałby: " in text and "Do zobaczenia." in text
    assert _english_in(text) == []
    english = _term("--seed", "3", "--level", "easy", stdin="zamknij\nkoniec\n")
    assert "I don't understand 'zamknij'" in english.stdout   # English takes no Polish


def test_every_refusal_has_words_in_every_language():
    """Each reason explain.py gives on random deals of every preset is either a card's
    reason (the device's [explain] texts) or one of the host's [why] texts."""
    import random
    from sixtysix_core import deal as D
    from sixtysix_core import explain
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.rng import Rng
    from sixtysix_tools.term_words import Words
    words = {code: Words(code, signs=False) for code in CODES}
    en = words["en"]
    rnd = random.Random(1)
    seen = set()
    for name in R.preset_names():
        rules = R.preset(name)
        for seed in range(6):
            d = DealMulti(rules) if rules.players > 2 else D.Deal(rules)
            d.new_hand(seed % rules.players, Rng(seed))
            buf = bytearray(40)
            while True:
                for a in range(D.A_MELD + 8):
                    if d.is_legal(a):
                        continue
                    seat = d.to_move
                    said = {code: w.why_not(d, a, seat) for code, w in words.items()}
                    raw = explain.why_not(d, a, en.name)
                    card = 0 <= a < 24 and explain.card_reason(d, a)[0] < 7
                    clause = raw.replace("seat %d does not" % seat, "you don't").replace(
                        "seat %d" % seat, "you")
                    assert card or any(p.match(clause) for _k, p in en._why), clause
                    for code in ("pl", "cs", "de", "et"):
                        assert said[code] != said["en"], (code, raw)
                    seen.add(said["en"])
                if d.is_over():
                    break
                d.apply(buf[rnd.randrange(d.legal_into(buf))])
    assert len(seen) > 20


def test_every_languages_commands_are_the_english_ones():
    from sixtysix_tools.term_words import Words
    en = Words("en", signs=False)
    for code in CODES:
        w = Words(code, signs=False)
        for key in ("EXCHANGE", "CLOSE", "OUT", "PASS", "DRAW"):
            for word in w.host[("commands", key)].split():
                assert w.parse(word) == en.parse(en.english[key]), (code, word)
        for suit in range(4):
            meld = w.command("MELD").split("/")[0] + " " + w.suit_typed(suit)
            assert w.parse(meld) == en.parse("meld " + "CSHD"[suit]), (code, meld)
            trump = w.command("TRUMP").split("/")[0] + " " + w.suit_typed(suit)
            assert w.parse(trump) == en.parse("trump " + "CSHD"[suit]), (code, trump)
        for key in ("HINT", "LAST", "QUIT"):
            assert all(w.typed[word.lower()] == en.english[key]
                       for word in w.host[("commands", key)].split()), (code, key)
        assert w.parse(w.ranks[2] + "h") == en.parse("QH")              # 'Dh' in Polish
