"""`sixtysix.py bot RECORD --level L --seed S`: the bot's action for a hand record.

Reads a (partial) hand record (RECORD_FORMAT.md), replays it with
sixtysix_core.notation, and prints the record token of the action the built-in bot
(sixtysix_core.bot.choose) would take for the seat to act, e.g. `QH`, `draw`,
`meld H`, `close`, `out`.  RECORD may be `-` for standard input.

    --level easy|normal|hard (or 0|1|2)   default hard
    --seed S                              the bot's Rng seed (default 1)
    --json                                print {"seat": .., "action": "..", "level": ..}

Exit status: 0 with an action; 2 for an invalid record, a finished hand, or bad
arguments (the message names the record line, as `replay` does).  RECORD is taken as
the device, `sim` and `term` leave it (recordfile.py); --hand N picks one of several.
"""
import json
import sys

from sixtysix_core import bot
from sixtysix_core import notation
from sixtysix_core import rng as RNG
from sixtysix_core.record import action_token
from sixtysix_core.view import PlayerView


def parse_level(text):
    if text in bot.LEVELS:
        return bot.LEVELS.index(text)
    if text.isdigit() and int(text) < len(bot.LEVELS):
        return int(text)
    raise ValueError("unknown level %r (choose from %s)" % (text, ", ".join(bot.LEVELS)))


def decide(record_text, level, seed):
    """(seat, action int) the bot chooses for the record (str, bytes or a seekable binary
    file, as notation.replay takes), or raises ValueError.  level: a name of bot.LEVELS
    ("hard") or its index (2)."""
    if not isinstance(level, int):
        level = parse_level(level)
    elif not 0 <= level < len(bot.LEVELS):
        raise ValueError("unknown level %d (choose from 0 to %d)" % (level, len(bot.LEVELS) - 1))
    answer, deal = notation.replay(record_text)
    if not answer["ok"]:
        err = answer["error"]
        raise ValueError("line %d: %s" % (err["line"], err["message"]))
    if deal is None or deal.is_over():
        raise ValueError("the hand is over: there is no action to choose")
    seat = deal.to_move
    if deal.nseats == 2:
        view = PlayerView(deal, seat)
    else:                                       # 3 and 4 players
        from sixtysix_core.view_multi import MultiView
        view = MultiView(deal, seat)
    action = bot.choose(view, level, RNG.Rng(seed))
    if not deal.is_legal(action):               # never expected; say so plainly
        raise RuntimeError("bot chose an illegal action %d" % action)
    return seat, action


def main(command, args):
    from sixtysix_tools import cli
    ap = cli.Parser(prog="sixtysix.py bot",
                    description="Print the bot's action for a hand record.")
    ap.add_argument("record", help="hand record file, or - for standard input")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seed", type=cli.number(0), default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--hand", type=cli.number(1), default=1,
                    help="which record of a file that holds several (default 1)")
    try:
        ns = ap.parse_args(args)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        level = parse_level(ns.level)
        from sixtysix_tools import recordfile
        view, count = recordfile.open_record(ns.record, ns.hand)   # read a line at a time
        with view:
            recordfile.note_others(ns.record, count, ns.hand, "bot")
            seat, action = decide(view, level, ns.seed)
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    except OSError as e:
        sys.stderr.write("error: cannot read %s: %s\n" % (ns.record, e.strerror or e))
        return 2
    token = action_token(action)
    if ns.json:
        print(json.dumps({"seat": seat, "action": token, "level": bot.LEVELS[level],
                          "seed": ns.seed}))
    else:
        print(token)
    return 0
