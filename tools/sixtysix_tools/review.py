"""`sixtysix.py review RECORD`: the player's costliest decision of a hand record.

Replays a hand record (RECORD_FORMAT.md), taken as the device, `sim` and `term` leave
it (recordfile.py: BEGIN/END SIXTYSIX RECORD lines and the lines around them, or several
records of which --hand N picks one), read a line at a time as `replay` reads it, and
runs sixtysix_core.review, the same review the handheld shows on its hand summary:
every decision of SEAT among two or more actions (cards, closing the talon, declaring
66, a marriage, the trump-nine swap, a draw or a pass) is valued by the bot's own
search (review.action_value at `hard`; 3 and 4 players: the card choices, review_multi
with bot_multi.action_values) and the one that cost the most is named, in game points.
RECORD may be `-` for standard input.

    --seat S      whose choices (default 0: the human in the handheld's records)
    --all         print every judged decision, not just the costliest
    --seed N      the review's seed (default 66, as on the device)
    --hand N      which record of a file that holds several (default 1, the first)
    --time        print how long the review took
    --bench [N]   no RECORD: time the review of N fixed hands (default 16) under the
                  CircuitPython lane (core as .mpy) and CPython, and print the ESTIMATED
                  SAMD51 time (lane time x its pystones/s measured in the same run /
                  1,520, as `bench bot` does)
    --rules P     with --bench: hands of THREE_PLAYER_PL or FOUR_PLAYER_PL

Exit status: 0 after a review; 2 for an unreadable or invalid record or bad arguments.
"""
import sys
import time

from sixtysix_core import notation
from sixtysix_core import review

SUITS = ("\u2663", "\u2660", "\u2665", "\u2666")     # clubs spades hearts diamonds
RANKS = ("9", "J", "Q", "K", "10", "A")


def card_text(card):
    """'A♠' for the ace of spades (cards.py encoding)."""
    return RANKS[card % 6] + SUITS[card // 6]


def run(data, seat, seed=66, out=None):
    """Review the record `data`; returns the finished review.Review (raises ValueError
    with a plain sentence for a record that cannot be reviewed).  With `out`, every
    judged choice is passed to out(rev) as it is judged.  `data`: bytes, str, or a
    seekable binary file (recordfile.RecordView); its first record is reviewed."""
    if isinstance(data, (bytes, bytearray, str)):
        import io
        from sixtysix_tools import recordfile
        f = io.BytesIO(data.encode("utf-8", "surrogatepass") if isinstance(data, str)
                       else bytes(data))
        start, end, _count = recordfile.find(f, 1)
        data = recordfile.RecordView(f, start, end)
    answer, deal = notation.replay(data)
    if not answer["ok"]:
        err = answer["error"]
        raise ValueError("line %d: %s" % (err["line"], err["message"]))
    if deal is None:
        raise ValueError("the record holds no hand to review")
    n = deal.rules.players
    if not 0 <= seat < n:
        raise ValueError("the seat must be 0 to %d for %d players" % (n - 1, n))
    if n == 2:
        rev = review.Review(deal.rules)
    else:
        from sixtysix_core.review_multi import ReviewMulti
        rev = ReviewMulti(deal.rules)
    rev.start(deal, seat, seed=seed)
    judged = 0
    more = rev.n > 0
    while more:
        more = rev.step()
        if out is not None and rev.decisions > judged:
            judged = rev.decisions
            out(rev)
    return rev


def _print_choice(rev):
    t = review.tenths(rev.last_loss)
    mark = "" if rev.last_better == rev.last_played else "  (better: %s, %d.%d)" % (
        review.action_text(rev.last_better, card_text), t // 10, t % 10)
    print("trick %2d: %s %s%s" % (rev.last_trick, "played" if rev.last_played < 24 else "chose",
                                  review.action_text(rev.last_played, card_text), mark))


def main(command, args):
    from sixtysix_tools import cli, recordfile
    ap = cli.Parser(prog="sixtysix.py review",
                    description="Name the costliest decision of a hand.")
    ap.add_argument("record", nargs="?", help="hand record file, or - for standard input")
    ap.add_argument("--seat", type=cli.number(0), default=0)
    ap.add_argument("--all", action="store_true", help="print every judged choice")
    ap.add_argument("--seed", type=cli.number(0), default=66)
    ap.add_argument("--hand", type=cli.number(1), default=1,
                    help="which record of a file that holds several (default 1)")
    ap.add_argument("--time", action="store_true", help="print the review's time")
    ap.add_argument("--bench", type=cli.number(0), nargs="?", const=16, metavar="N",
                    help="time the review of N fixed hands (no RECORD)")
    ap.add_argument("--rules", metavar="PRESET",
                    help="with --bench: hands of THREE_PLAYER_PL or FOUR_PLAYER_PL")
    try:
        ns = ap.parse_args(args)
    except SystemExit as e:
        return 2 if e.code else 0
    if ns.bench is not None:
        if ns.bench < 1:
            sys.stderr.write("error: --bench needs at least one hand\n")
            return 2
        if ns.rules is not None and ns.rules not in ("THREE_PLAYER_PL", "FOUR_PLAYER_PL"):
            sys.stderr.write("error: --rules takes THREE_PLAYER_PL or FOUR_PLAYER_PL\n")
            return 2
        from sixtysix_tools.lab import bench_review    # the lab's timing of this review
        return bench_review.bench(ns.bench, ns.rules)
    if ns.record is None:
        sys.stderr.write("error: give a hand record file (or - for standard input)\n")
        return 2
    start = time.perf_counter()
    try:
        view, count = recordfile.open_record(ns.record, ns.hand)
        with view:                          # read a line at a time, as replay reads it
            recordfile.note_others(ns.record, count, ns.hand, "review")
            rev = run(view, ns.seat, ns.seed, _print_choice if ns.all else None)
    except OSError as e:
        sys.stderr.write("error: cannot read %s: %s\n" % (ns.record, e.strerror or e))
        return 2
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    took = time.perf_counter() - start
    print(review.sentence(rev, card_text))
    if ns.time:
        print("review time: %.3f s for %d choices (CPython)" % (took, rev.decisions))
    return 0
