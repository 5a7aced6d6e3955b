"""The replayer (RECORD_FORMAT.md): JSON shape, error lines and messages, fuzzing,
golden playthroughs, and the command line (exit status, no traceback)."""
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import deck_for, record
from sixtysix_core import notation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "host_tests", "records")
GOLDEN = os.path.join(ROOT, "host_tests", "golden_records")
DECK = " ".join(deck_for("KH QH AS AD TC 9S", "AH 9C JS KD QS JD", "9H", ["JC", "QC"]))
HEADER = "rules CLASSIC_66\ndealer 1\ndeck %s\n" % DECK


def replay(text):
    answer, _deal = notation.replay(text)
    json.dumps(answer)                      # always serialisable
    return answer


def error(text):
    answer = replay(text)
    assert not answer["ok"]
    return answer["error"]["line"], answer["error"]["message"]


# ------------------------------------------------------------ shape of the answer

def test_answer_lists_every_legal_set_and_the_next_seat():
    answer = replay(HEADER + "0 QH\n1 AH\n")
    assert answer["ok"] and answer["error"] is None and answer["result"] is None
    assert [a["line"] for a in answer["actions"]] == [4, 5]
    first = answer["actions"][0]
    assert first == {"line": 4, "seat": 0, "action": "QH",
                     "legal": ["9S", "AD", "AS", "KH", "QH", "TC", "close", "meld H", "out"]}
    assert answer["next"] == {"seat": 1, "legal": ["close", "draw", "out"]}


def test_cards_are_read_in_any_accepted_spelling_and_written_canonically():
    header = HEADER.replace(" AS ", " as ").replace(" TC ", " 10c ")
    assert " as " in header and " 10c " in header
    answer = replay(header + "0 qh\n1 Ah\n")
    assert answer["ok"] and [a["action"] for a in answer["actions"]] == ["QH", "AH"]


def test_meld_suit_letter_may_be_lower_case():
    answer = replay(HEADER + "0 meld h\n0 QH\n")
    assert answer["ok"] and answer["actions"][0]["action"] == "meld H"


# ------------------------------------------------------------------- errors

@pytest.mark.parametrize("body,line,words", [
    ("0 QH\n0 AH\n", 5, "seat 0 may not act now: it is seat 1's turn"),
    ("0 QH\n1 AH\n1 9C\n", 6, "seat 1 may not play 9C: the cards must be drawn first"),
    ("0 QH\n1 AH\n1 draw\n1 exchange\n", 7, "seat 1 may not exchange: seat 1 does not hold 9H"),
    ("0 11H\n", 4, "'11H' is not a card or an action"),
    ("0 TX\n", 4, "'TX' is not a card or an action"),
    ("0 DRAW\n", 4, "'DRAW' is not a card or an action"),
    ("0 KD\n", 4, "seat 0 may not play KD: seat 0 does not hold KD"),
    ("0 meld C\n", 4, "seat 0 may not meld C: seat 0 does not hold both KC and QC"),
    ("0 meld X\n", 4, "'X' is not a suit"),
    ("0 trump H\n", 4, "trump is named only in the 3- and 4-player games"),
    ("2 QH\n", 4, "seat 2 does not exist"),
    ("0 QH\nx AH\n", 5, "starts with a seat number"),
    ("0\n", 4, "no action"),
    ("0 QH\ndealer 0\n", 5, "comes after the first action"),
    ("0 out\n1 draw\n", 5, "the hand is already over"),
    ("0 pass\n", 4, "no choice to pass"),
])
def test_bad_action_lines_name_the_line_and_say_why(body, line, words):
    got_line, message = error(HEADER + body)
    assert got_line == line and words in message


def test_everything_before_the_bad_line_is_still_reported():
    answer = replay(HEADER + "0 QH\n1 AH\n1 9C\n")
    assert [a["action"] for a in answer["actions"]] == ["QH", "AH"]
    assert answer["next"] == {"seat": 1, "legal": ["close", "draw", "out"]}


def test_closing_an_exhausted_talon_is_explained():
    deck = deck_for("AC TC KC QC JC 9C", "AS TS KS QS JS 9S", "9H")
    plays = []
    for n_card, d_card in zip("AC TC KC QC JC 9C".split(), "9S JS QS KS TS AS".split()):
        plays += ["0 " + n_card, "1 " + d_card, "0 draw"]
    text = record(deck, plays)
    answer = replay(text)
    assert answer["ok"], answer["error"]
    # the talon ran out after trick 6; now N leads and tries to close
    assert error(text + "0 close\n")[1] == (
        "seat 0 may not close: the talon is already exhausted")


@pytest.mark.parametrize("text,line,words", [
    ("rules CLASSIC_66\ndealer 1\n", 0, "no 'deck' line"),
    ("dealer 1\ndeck %s\n" % DECK, 0, "no 'rules' line"),
    ("rules NOPE\ndealer 1\ndeck %s\n" % DECK, 1, "unknown rules preset"),
    ("rules CLASSIC_66 foo=bar\ndealer 1\ndeck %s\n" % DECK, 1, "unknown rules option"),
    ("rules CLASSIC_66 deck=23\ndealer 1\ndeck %s\n" % DECK, 1, "option deck takes"),
    ("rules CLASSIC_66 deck20\ndealer 1\ndeck %s\n" % DECK, 1, "option=value"),
    ("rules CLASSIC_66\ndealer 1\ndealer 0\ndeck %s\n" % DECK, 3, "given twice"),
    ("rules CLASSIC_66\ndealer 2\ndeck %s\n" % DECK, 2, "not a seat"),
    ("rules CLASSIC_66\ndealer one\ndeck %s\n" % DECK, 2, "one seat number"),
    ("rules CLASSIC_66\ndealer 1\ndeck %s\n" % DECK.replace("JC", "QC", 1), 3, "twice"),
    ("rules CLASSIC_66\ndealer 1\ndeck %s\n" % DECK.rsplit(" ", 1)[0], 3, "missing"),
    ("rules CLASSIC_66 deck=20\ndealer 1\ndeck %s\n" % DECK, 3, "not in the 20-card pack"),
    ("format 2\nrules CLASSIC_66\ndealer 1\ndeck %s\n" % DECK, 1, "format 1"),
    ("rules THREE_PLAYER_PL partner_meld=true\ndealer 1\ndeck %s\n" % DECK, 1,
     "for 4 players only"),
    ("rules FOUR_PLAYER_PL\ndealer 4\ndeck %s\n" % DECK, 2, "seats are 0 to 3"),
    ("rules CLASSIC_66\ndeck %s\n0 QH\ndealer 1\n" % DECK, 4, "after the first action"),
    ("", 0, "no 'rules' line"),
    ("rules CLASSIC_66\nplayers 2\ndealer 1\ndeck %s\n" % DECK, 2, "not a header key"),
    ("Rules CLASSIC_66\ndealer 1\ndeck %s\n" % DECK, 1, "not a header key"),
])
def test_header_errors(text, line, words):
    answer = replay(text)
    assert not answer["ok"] and answer["actions"] == [] and answer["next"] is None
    assert answer["error"]["line"] == line and words in answer["error"]["message"]


def test_binary_input_is_an_error_at_line_zero():
    for data in (b"\xff\xfe\x00rules", b"rules CLASSIC_66\x00", b"\x80\x81"):
        answer, _ = notation.replay(data)
        assert answer["error"]["line"] == 0 and not answer["ok"]


def test_the_utf8_check_holds_across_chunk_boundaries(monkeypatch):
    """The whole-input UTF-8 check reads in chunks: a character cut by a chunk's end is
    whole text, a sequence cut off at the end of the input, a bad byte or an encoded
    surrogate anywhere is not (every chunk size from 1 byte)."""
    good = (HEADER + "# \u00e9\u20ac\U0001f600 \u00e9\n0 KH\n").encode()
    for size in (1, 2, 3, 4, 5, 7, 1 << 16):
        monkeypatch.setattr(notation, "_CHUNK", size)
        assert notation.replay(good)[0]["ok"], size
        for bad in (good + b"# \xe2\x82", good + b"# \xff\n", good + b"# \xed\xa0\x80\n",
                    good[:len(HEADER) + 3] + b"\x82" + good[len(HEADER) + 3:]):
            answer, _ = notation.replay(bad)
            assert answer["error"] == {"line": 0, "message": "the record is not UTF-8 text"}


# ------------------------------------------------------------------- fuzzing

TOKENS = st.sampled_from(["rules", "CLASSIC_66", "dealer", "deck", "format", "1", "0", "2",
                          "QH", "AH", "9c", "10d", "draw", "meld", "H", "out", "close",
                          "exchange", "pass", "trump", "#", "x=y", "deck=20", DECK, "\n"])


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=40))
def test_fuzz_token_soup_never_raises(words):
    answer = replay(" ".join(words))
    assert answer["ok"] in (True, False)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_bytes_never_raise(data):
    answer, _ = notation.replay(data)
    assert answer["ok"] in (True, False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["0", "1"]), min_size=1, max_size=30),
       st.lists(st.sampled_from(["QH", "AH", "KH", "AS", "9C", "draw", "close", "out",
                                 "meld H", "exchange", "pass", "JS", "AD", "TC"]),
                min_size=1, max_size=30))
def test_fuzz_action_sequences_on_a_valid_header(seats, actions):
    lines = ["%s %s" % pair for pair in zip(seats, actions)]
    answer = replay(HEADER + "\n".join(lines))
    if not answer["ok"]:
        assert answer["error"]["line"] >= 4 and answer["error"]["message"]
        assert len(answer["actions"]) == answer["error"]["line"] - 4


# ------------------------------------------------------------- golden records

def _golden_files():
    return sorted(f for f in os.listdir(GOLDEN) if f.endswith(".txt"))


@pytest.mark.parametrize("name", _golden_files())
def test_golden_playthroughs(name):
    """Each golden record replays to exactly the stored JSON: any rule change shows up."""
    with open(os.path.join(GOLDEN, name), "rb") as f:
        answer, _ = notation.replay(f.read())
    with open(os.path.join(GOLDEN, name[:-4] + ".json")) as f:
        expected = json.load(f)
    assert answer == expected


# ------------------------------------------------------------- command line

def run_cli(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"),
                           "replay", *args], capture_output=True, text=True, timeout=60)


def test_cli_json_and_exit_status(tmp_path):
    good = run_cli(os.path.join(RECORDS, "t24_example.txt"), "--json")
    assert good.returncode == 0 and json.loads(good.stdout)["result"]["score_delta"] == [2, 0]
    bad = tmp_path / "bad.txt"
    bad.write_text(HEADER + "0 QH\n0 AH\n")
    out = run_cli(str(bad), "--json")
    assert out.returncode == 2 and json.loads(out.stdout)["error"]["line"] == 5
    missing = run_cli(str(tmp_path / "nope.txt"), "--json")
    assert missing.returncode == 2 and json.loads(missing.stdout)["error"]["line"] == 0
    assert "Traceback" not in missing.stderr + out.stderr
    text = run_cli(os.path.join(RECORDS, "t24_example.txt"))
    assert text.returncode == 0 and "seat 0 wins, reason declared" in text.stdout


# ------------------------------------------------ characters, limits, bounded reading

@pytest.mark.parametrize("char", ["\u017f", "\u3000", "\u00a0", "\u2028", "\u001c", "\u001d",
                                  "\u001e", "\u001f", "\x0b", "\x0c", "\r", "\u0130"])
def test_only_ascii_outside_comments(char):
    # U+017F (long s) upper-cases to S; the others are white space to str.split()
    text = HEADER + "0 K%s\n" % char if char == "\u017f" else HEADER + "0%sQH\n" % char
    line, message = error(text)
    assert line == 4 and "U+%04X" % ord(char) in message


def test_any_text_in_comments_and_crlf_line_ends():
    text = HEADER.replace("\n", "\r\n") + "0 QH  # ♥ \u3000 \u017f comment\r\n1\tAH\r\n"
    answer = replay(text)
    assert answer["ok"], answer["error"]
    assert notation.parse_card("K\u017f") is None and notation.parse_card("\u0131h") is None


def test_long_lines_and_long_numbers_are_errors_at_their_line():
    assert error(HEADER + "0 QH " + "x" * notation.LINE_LIMIT + "\n") == (
        4, "the line is longer than %d bytes" % notation.LINE_LIMIT)
    line, message = error("rules CLASSIC_66\ndealer %s\ndeck %s\n" % ("9" * 4000, DECK))
    assert line == 2 and "at most 9 digits" in message and len(message) < 100
    line, message = error(HEADER + "0 QH\n%s AH\n" % ("1" * 4000))
    assert line == 5 and "at most 9 digits" in message
    comment = "# " + "c" * (notation.LINE_LIMIT - 3) + "\n"    # exactly the limit
    assert replay(HEADER + comment + "0 QH\n")["ok"]


def test_reading_stops_at_the_first_fault(tmp_path):
    """A file whose fault is on line 5 is not read much beyond it."""
    import io
    data = (HEADER + "0 draw\n" * 200000).encode()
    f = io.BytesIO(data)
    answer, _ = notation.replay(f)
    assert answer["error"]["line"] == 4
    # the whole-file text check reads everything once, the line reader only the start
    lines_read = data[:f.tell()].count(b"\n")
    assert lines_read < 100


def test_peak_memory_on_a_large_record_is_small(tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "w") as f:
        f.write(HEADER)
        chunk = "0 draw\n" * 10000
        for _ in range(150):                            # about 10 MB
            f.write(chunk)
    code = ("import resource, sys; sys.path.insert(0, %r)\n"
            "from sixtysix_core import notation\n"
            "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "with open(%r, 'rb') as f: answer, _ = notation.replay(f)\n"
            "print(answer['error']['line'], "
            "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base)\n" % (ROOT, str(big)))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    line, grown_kib = out.stdout.split()
    assert line == "4"
    assert int(grown_kib) < 8 * 1024, grown_kib         # the file is 10 MB


def test_cli_never_prints_an_internal_error_for_big_numbers(tmp_path):
    bad = tmp_path / "n.txt"
    bad.write_text("rules CLASSIC_66\ndealer %s\ndeck %s\n" % ("9" * 5000, DECK))
    out = run_cli(str(bad), "--json")
    err = json.loads(out.stdout)["error"]
    assert out.returncode == 2 and err["line"] == 2 and "internal" not in err["message"]
