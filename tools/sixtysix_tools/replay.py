"""`replay FILE [--json] [--hand N]`: replay a hand record (RECORD_FORMAT.md).

With --json, print the replayer's JSON object (RECORD_FORMAT.md section 5); without it,
a readable account of the hand.  FILE is taken as the device, `sim` and `term` leave
it (recordfile.py): the BEGIN/END SIXTYSIX RECORD lines and the lines around them, or
several records one after another, of which --hand N picks one (default the first).
The file is read a line at a time, up to its first fault, so memory stays small
whatever its size.  Exit status 0 for a valid record, 2 for an invalid one; no
exception escapes, whatever the input.
"""
import json
import sys

from sixtysix_core import cards
from sixtysix_core import notation


def _account(answer, deal):
    out = []
    if deal is not None:
        out.append("Dealer: seat %d; trump %s; upcard %s" % (
            deal.dealer, "CSHD"[deal.trump] if deal.trump >= 0 else "not named",
            cards.name(deal.deck[12]) if deal.rules.trump_mode == 0 and deal.deck_size == 24
            and deal.nseats == 2 else "-"))
    for entry in answer["actions"]:
        out.append("line %3d  seat %d  %-8s (could: %s)" % (
            entry["line"], entry["seat"], entry["action"], " ".join(entry["legal"])))
    if answer["error"]:
        err = answer["error"]
        out.append("ERROR at line %d: %s" % (err["line"], err["message"]))
    result = answer["result"]
    if result:
        who = (" and ".join("seat %d" % w for w in result["winners"]) if result["winners"]
               else "nobody (a draw)")
        out.append("Result: %s %s, reason %s; game points %s; totals %s; tricks %s" % (
            who, "win" if len(result["winners"]) > 1 else "wins", result["reason"],
            result["score_delta"], result["points"], result["tricks"]))
    elif answer["next"]:
        out.append("Next: seat %d to act; legal: %s" % (
            answer["next"]["seat"], " ".join(answer["next"]["legal"])))
    return "\n".join(out)


def _failed(message):
    return {"format": 1, "ok": False, "error": {"line": 0, "message": message},
            "actions": [], "next": None, "result": None}


USAGE = "usage: sixtysix.py replay FILE [--json] [--hand N]\n"


def _arguments(args):
    """(file, as_json, hand), or None for arguments replay does not take."""
    as_json, hand, files = False, 1, []
    rest = list(args)
    while rest:
        a = rest.pop(0)
        if a == "--json":
            as_json = True
        elif a == "--hand" or a.startswith("--hand="):
            value = a.split("=", 1)[1] if "=" in a else (rest.pop(0) if rest else "")
            if not (value.isascii() and value.isdigit()) or int(value) < 1:
                return None
            hand = int(value)
        elif a.startswith("-") and a != "-":
            return None
        else:
            files.append(a)
    return (files[0], as_json, hand) if len(files) == 1 else None


def main(command, args):
    from sixtysix_tools import recordfile
    parsed = _arguments(args)
    if parsed is None:
        sys.stderr.write(USAGE)
        return 2
    path, as_json, hand = parsed
    deal = None
    try:
        view, count = recordfile.open_record(path, hand)
        with view:                              # read a line at a time (notation.replay)
            recordfile.note_others(path, count, hand, "replay")
            answer, deal = notation.replay(view)
    except OSError as e:
        answer = _failed("cannot read %s: %s" % (path, e.strerror or e))
    except ValueError as e:
        answer = _failed(str(e))
    except Exception as e:          # a bug of ours: still one plain answer, exit 2
        answer = _failed("internal error: %r" % (e,))
    if as_json:
        sys.stdout.write(json.dumps(answer) + "\n")
    else:
        sys.stdout.write(_account(answer, deal) + "\n")
    return 0 if answer["ok"] else 2
