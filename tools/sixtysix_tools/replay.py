"""`replay FILE [--json]`: replay a hand record (RECORD_FORMAT.md).

With --json, print the replayer's JSON object (RECORD_FORMAT.md section 5); without it,
a readable account of the hand.  The file is read a line at a time, up to its first
fault, so memory stays small whatever its size.  Exit status 0 for a valid record, 2
for an invalid one; no exception escapes, whatever the input.
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


def main(command, args):
    as_json = "--json" in args
    files = [a for a in args if a != "--json"]
    if len(files) != 1 or files[0].startswith("-"):
        sys.stderr.write("usage: sixtysix.py replay FILE [--json]\n")
        return 2
    deal = None
    try:
        with open(files[0], "rb") as f:         # read a line at a time (notation.replay)
            answer, deal = notation.replay(f)
    except OSError as e:
        answer = _failed("cannot read %s: %s" % (files[0], e.strerror or e))
    except Exception as e:          # a bug of ours: still one plain answer, exit 2
        answer = _failed("internal error: %r" % (e,))
    if as_json:
        sys.stdout.write(json.dumps(answer) + "\n")
    else:
        sys.stdout.write(_account(answer, deal) + "\n")
    return 0 if answer["ok"] else 2
