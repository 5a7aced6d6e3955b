"""Records round-trip between the commands: whatever the device, `sim` and `term` print
as a record, `replay`, `review` and `bot` take as it is (tools/sixtysix_tools/recordfile.py),
and `review` reads it a line at a time, as `replay` does."""
import os
import subprocess
import sys
import tracemalloc

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

from sixtysix_tools import recordfile, replay, review  # noqa: E402


def run(*args, stdin=None):
    return subprocess.run([sys.executable, os.path.join(TOOLS, "sixtysix.py"), *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, input=stdin)


@pytest.fixture(scope="module")
def sim_out(tmp_path_factory):
    """What `sim` prints on standard output for one hand, redirected to a file."""
    out = run("sim", "--headless", "--keys", "a settle hand", "--seed", "4")
    assert out.returncode == 0, out.stderr
    path = tmp_path_factory.mktemp("sim") / "sim.out"
    path.write_text(out.stdout)
    return path


@pytest.fixture(scope="module")
def term_records(tmp_path_factory):
    """What `term --records FILE` appends over a whole match: several records."""
    path = tmp_path_factory.mktemp("term") / "hands.txt"
    out = run("term", "--autoplay", "--records", str(path), "--seed", "3", stdin="q\n")
    assert path.is_file(), out.stdout + out.stderr
    return path


def test_sim_prints_only_the_record_on_standard_output(sim_out):
    lines = sim_out.read_text().splitlines()
    assert lines[0] == "BEGIN SIXTYSIX RECORD", lines[:3]
    assert lines[-1] == "END SIXTYSIX RECORD"
    assert not [line for line in lines if line.startswith(("WARNING", "pygame"))]


@pytest.mark.parametrize("command", [["replay"], ["review"], ["bot"]])
def test_the_simulators_output_is_taken_as_it_is(sim_out, command):
    out = run(*command, str(sim_out))
    if command == ["bot"]:              # a finished hand: nothing to choose, said plainly
        assert out.returncode == 2 and "the hand is over" in out.stderr, out.stderr
    else:
        assert out.returncode == 0, out.stdout + out.stderr
        assert "Traceback" not in out.stderr


def test_a_device_console_log_with_noise_and_crlf_is_taken_as_it_is(sim_out, tmp_path):
    body = sim_out.read_text().splitlines()
    cut = body[:12]                              # a hand in progress, as a console shows
    log = ["Auto-reload is on.", "code.py output:", "Sixty-Six 66"] + cut \
        + ["END SIXTYSIX RECORD", "", "Code done running."]
    path = tmp_path / "console.txt"
    path.write_bytes("\r\n".join(log).encode() + b"\r\n")
    out = run("bot", str(path))
    assert out.returncode == 0 and out.stdout.strip(), out.stdout + out.stderr
    out = run("replay", str(path))
    assert out.returncode == 0 and "Next: seat" in out.stdout, out.stdout


@pytest.mark.parametrize("command", ["replay", "review"])
def test_terms_record_file_with_several_hands_is_taken_as_it_is(term_records, command):
    count = recordfile.find(open(term_records, "rb"), 1)[2]
    assert count > 1
    for hand in (1, count):
        out = run(command, str(term_records), "--hand", str(hand))
        assert out.returncode == 0, out.stdout + out.stderr
        assert f"holds {count} hand records; this is hand {hand}" in out.stderr
    out = run(command, str(term_records), "--hand", str(count + 1))
    assert out.returncode == 2 and f"there is no hand {count + 1}" in out.stdout + out.stderr


def test_standard_input_is_taken_as_it_is(sim_out):
    out = run("replay", "-", stdin=sim_out.read_text())
    assert out.returncode == 0, out.stdout + out.stderr
    out = run("review", "-", stdin=sim_out.read_text())
    assert out.returncode == 0, out.stdout + out.stderr


def _peak(function):
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("junk", ["a long line", "lines after the record"])
def test_review_streams_with_the_bounds_of_replay(sim_out, tmp_path, junk, capsys):
    path = tmp_path / "big.txt"
    with open(path, "wb") as f:
        if junk == "a long line":
            f.write(b"format 1\n# " + b"x" * (12 << 20) + b"\n")
        else:
            f.write(sim_out.read_bytes())
            for _ in range(12 << 20 >> 6):
                f.write(b"#" * 63 + b"\n")
    peak_replay = _peak(lambda: replay.main("replay", [str(path)]))
    peak_review = _peak(lambda: review.main("review", [str(path)]))
    capsys.readouterr()
    assert peak_replay < 2 << 20 and peak_review < 2 << 20, (peak_replay, peak_review)
