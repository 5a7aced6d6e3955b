"""`console`: record extraction and port choice, without hardware or pyserial."""
import pytest

from sixtysix_tools import deploy, serialconsole
from sixtysix_tools.deploy_base import DeployError
from sixtysix_tools.serialconsole import BEGIN, END, START, save_record, scan

RECORD = "66 record v1\nseed 7\nTH 9S AH\n"
STREAM = ("code.py output:\r\nhello\r\n" + BEGIN + "\r\n"
          + RECORD.replace("\n", "\r\n") + END + "\r\nafter\r\n")


def feed(chunks):
    state, records = START, []
    for chunk in chunks:
        state, found = scan(state, chunk)
        records += found
    return state, records


def test_one_record_in_one_chunk():
    state, records = feed([STREAM])
    assert records == [RECORD]
    assert state == START


@pytest.mark.parametrize("size", [1, 2, 5, 17])
def test_record_split_across_any_chunks(size):
    chunks = [STREAM[i:i + size] for i in range(0, len(STREAM), size)]
    assert feed(chunks)[1] == [RECORD]


def test_two_records_and_noise_between():
    _, records = feed([STREAM, "noise\n", STREAM.replace("seed 7", "seed 8")])
    assert records == [RECORD, RECORD.replace("seed 7", "seed 8")]


def test_marker_after_status_bar_escape():
    text = "\x1b]0;\xf0\x9f\x90\x8dcode.py | 9.2.8\x1b\\" + BEGIN + "\nA\n" + END + "\n"
    assert feed([text])[1] == ["A\n"]


def test_unfinished_record_is_not_returned():
    state, records = feed([BEGIN + "\nhalf a rec"])
    assert records == []
    assert state == ("half a rec", ())


def test_begin_inside_a_record_starts_over():
    text = BEGIN + "\ncut short\n" + BEGIN + "\nwhole\n" + END + "\n"
    assert feed([text])[1] == ["whole\n"]


def test_end_without_begin_is_ignored():
    assert feed([END + "\nx\n"])[1] == []


def test_save_record_numbers_files(tmp_path):
    (tmp_path / "record-0007.txt").write_text("old")
    (tmp_path / "other.txt").write_text("x")
    first = save_record(tmp_path, "A\n")
    second = save_record(tmp_path, "B\n")
    assert (first.name, second.name) == ("record-0008.txt", "record-0009.txt")
    assert first.read_text() == "A\n"
    assert save_record(tmp_path / "new", "C\n").name == "record-0001.txt"


class Port:
    def __init__(self, device, vid, interface=None):
        self.device, self.vid, self.interface = device, vid, interface


def test_find_port_picks_the_adafruit_one():
    ports = [Port("/dev/ttyS0", None), Port("/dev/ttyACM0", 0x239A), Port("/dev/ttyUSB0", 0x10C4)]
    assert serialconsole.find_port(ports) == "/dev/ttyACM0"


def test_find_port_prefers_the_console_of_two_cdc_ports():
    ports = [Port("/dev/ttyACM1", 0x239A, "CircuitPython CDC2 data"),
             Port("/dev/ttyACM0", 0x239A, "CircuitPython CDC control")]
    assert serialconsole.find_port(ports) == "/dev/ttyACM0"


def test_find_port_two_boards_asks_for_port():
    with pytest.raises(DeployError, match="--port"):
        serialconsole.find_port([Port("COM3", 0x239A), Port("COM4", 0x239A)])


def test_find_port_none():
    with pytest.raises(DeployError, match="no CircuitPython serial port"):
        serialconsole.find_port([Port("/dev/ttyS0", None)])


def test_console_on_a_missing_port_is_one_sentence(tmp_path, capsys):
    # Without pyserial: "pyserial is not installed"; with it: "could not open".  Both exit 2.
    assert deploy.main("console", ["--port", str(tmp_path / "no-such-port")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_console_without_a_board(monkeypatch, capsys):
    serial = pytest.importorskip("serial")
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [])
    assert serial is not None
    assert deploy.main("console", []) == 2
    assert "no CircuitPython serial port" in capsys.readouterr().err
