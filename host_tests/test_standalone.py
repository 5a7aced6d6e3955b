"""The repository stands alone: its own rules and record documents, a core that plain
CPython imports without any shim, and a README API section that runs as written."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
MARK = "<!-- The contract below is kept word for word equal to"


def _read(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as f:
        return f.read()


def _plain_python(code):
    """Run code with -S -E (no site-packages, so no Blinka `micropython`) from the root."""
    return subprocess.run([sys.executable, "-S", "-E", "-c", code], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", ["RULES.md", "RECORD_FORMAT.md"])
def test_docs_are_in_the_repository_and_equal_to_the_contract(name):
    text = _read(ROOT, "docs", name)
    assert MARK in text
    body = text.split(MARK, 1)[1].split("\n", 1)[1].lstrip("\n")
    assert body.startswith("# Sixty-Six")
    if os.path.exists(os.path.join(SHARED, name)):
        assert body == _read(SHARED, name), "docs/%s differs from ../shared/%s" % (name, name)


def test_readme_points_at_the_documents():
    readme = _read(ROOT, "README.md")
    for name in ("docs/RULES.md", "docs/RECORD_FORMAT.md"):
        assert name in readme
        assert os.path.exists(os.path.join(ROOT, name))
    assert "shared folder" not in readme


def test_core_imports_without_micropython():
    out = _plain_python(
        "import importlib.util, sys\n"
        "assert importlib.util.find_spec('micropython') is None\n"
        "from sixtysix_core import bot, deal, deal_multi, notation, persist, record\n"
        "print(bot.LEVELS)\n")
    assert out.returncode == 0, out.stderr
    assert "hard" in out.stdout


def _api_blocks():
    readme = _read(ROOT, "README.md")
    section = readme.split("### Python API for outside harnesses", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_api_blocks_run_as_written():
    blocks = _api_blocks()
    assert len(blocks) == 2
    for code in blocks:
        out = _plain_python(code)
        assert out.returncode == 0, code + out.stderr
    winner, points, reason = _plain_python(blocks[0]).stdout.split()
    assert winner in ("-1", "0", "1") and reason


def test_botcli_decide_takes_the_level_name():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        from sixtysix_tools import botcli
    finally:
        sys.path.pop(0)
    record = _read(ROOT, "host_tests", "records", os.listdir(
        os.path.join(ROOT, "host_tests", "records"))[0])
    text = "\n".join(line for line in record.split("\n")
                     if not line[:1].isdigit())          # the header only: seat 0's lead
    by_name = botcli.decide(text, "hard", 1)
    assert by_name == botcli.decide(text, 2, 1)
    with pytest.raises(ValueError):
        botcli.decide(text, "expert", 1)
    with pytest.raises(ValueError):
        botcli.decide(text, 7, 1)


def test_deal_cards_deals_the_canonical_order():
    from sixtysix_core import deal as D
    from sixtysix_core import notation
    from sixtysix_core import rng
    from sixtysix_core import rules as R
    for preset in R.preset_names():
        rules = R.preset(preset)
        if rules.players != 2:
            continue
        for dealer in (0, 1):
            a = D.Deal(rules)
            a.new_hand(dealer, rng.Rng(dealer + 5))
            hands = [[c for c in range(24) if a.hand[s] >> c & 1] for s in (0, 1)]
            talon = list(a.talon[0:a.talon_len])
            upcard = D.NO_CARD
            if rules.trump_mode != R.TRUMP_FIXED_HEARTS:
                upcard = talon.pop()
            b = D.Deal(rules)
            notation.deal_cards(b, dealer, hands, talon, upcard)
            assert sorted(b.deck[:b.deck_size]) == sorted(a.deck[:a.deck_size])
            b.deck[:] = a.deck                  # the hands' own order may differ
            assert b.same_as(a), preset
            with pytest.raises(ValueError):
                notation.deal_cards(b, dealer, hands, talon[1:] + talon[:1] * 2, upcard)
            with pytest.raises(ValueError):
                notation.deal_cards(b, dealer, [hands[0][:-1], hands[1] + hands[0][-1:]],
                                    talon, upcard)
