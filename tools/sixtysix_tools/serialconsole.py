"""`console`: echo the board's serial console and save the hand records it prints.

The device prints a hand record between a line `BEGIN SIXTYSIX RECORD` and a line
`END SIXTYSIX RECORD`.  `scan()` is the whole line-splitting and record-extraction logic
as a pure function (state in, state out), so it is tested without hardware; everything
that touches pyserial lives in `run_console()`.
"""
import codecs
import re
import sys
from pathlib import Path

from sixtysix_tools.deploy_base import DeployError, info

BEGIN = "BEGIN SIXTYSIX RECORD"
END = "END SIXTYSIX RECORD"
ADAFRUIT_VID = 0x239A
BAUD = 115200            # ignored by USB CDC, but pyserial wants a number
START = ("", None)       # scan state: (unfinished last line, lines of the open record)
_RECORD_FILE = re.compile(r"^record-(\d+)\.txt$")


def scan(state, text):
    """Feed one chunk of console text; returns (new state, [finished records]).

    `state` is START or what the previous call returned.  A record is the text of the
    lines between the markers, each ending in "\\n", with "\\r" removed.  A marker may
    follow other output on its line (CircuitPython's status-bar escapes); a BEGIN inside
    an open record starts over, since the earlier one was cut short (a reset).
    """
    pending, current = state
    lines = (pending + text).split("\n")
    pending = lines.pop()
    records = []
    for raw in lines:
        line = raw.rstrip("\r")
        marker = line.rstrip()
        if marker.endswith(BEGIN):
            current = ()
        elif current is not None and marker.endswith(END):
            records.append("".join(part + "\n" for part in current))
            current = None
        elif current is not None:
            current = current + (line,)
    return (pending, current), records


def save_record(folder, text):
    """Write `text` to the next free record-NNNN.txt in `folder`; returns its path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    numbers = [int(m.group(1)) for m in map(_RECORD_FILE.match, (p.name for p in
                                                                  folder.iterdir())) if m]
    path = folder / f"record-{max(numbers, default=0) + 1:04d}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def find_port(ports):
    """The serial device of the one CircuitPython console among pyserial's `ports`."""
    ours = [p for p in ports if getattr(p, "vid", None) == ADAFRUIT_VID]
    if len(ours) > 1:    # a board with usb_cdc data enabled has two: prefer the console
        consoles = [p for p in ours if "CDC control" in (getattr(p, "interface", "") or "")]
        ours = consoles or ours
    if not ours:
        raise DeployError("no CircuitPython serial port found (USB vendor id 0x239A): plug "
                          "the board in with a data cable, or pass --port")
    if len(ours) > 1:
        names = ", ".join(p.device for p in ours)
        raise DeployError(f"found several Adafruit serial ports ({names}): pick one with --port")
    return ours[0].device


def run_console(port=None, save_dir=None):
    """Echo the console until Ctrl-C; with `save_dir`, save each record as a .txt file."""
    try:
        import serial
        from serial.tools import list_ports
    except ImportError:
        raise DeployError("pyserial is not installed: run `python3 tools/sixtysix.py "
                          "console`, which sets up .venv with it") from None
    port = port or find_port(list_ports.comports())
    try:
        connection = serial.Serial(port, BAUD, timeout=0.2)
    except (serial.SerialException, OSError) as exc:
        raise DeployError(f"could not open {port} ({exc}): close other programs using it "
                          "(screen, Mu, tio) and try again") from None
    info(f"console on {port}; Ctrl-C to quit")
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    state = START
    with connection:
        try:
            while True:
                text = decoder.decode(connection.read(connection.in_waiting or 1))
                if not text:
                    continue
                sys.stdout.write(text)
                sys.stdout.flush()
                if save_dir:
                    state, records = scan(state, text)
                    for record in records:
                        sys.stderr.write(f"\n[saved {save_record(save_dir, record)}]\n")
        except KeyboardInterrupt:
            return 0
        except (serial.SerialException, OSError) as exc:
            raise DeployError(f"lost the serial connection to {port} ({exc}): was the board "
                              "unplugged?") from None
