"""`bench ux`: how many button presses a player needs per card, on both layouts.

    python3 tools/sixtysix.py bench ux [--matches N] [--seed S] [--level L]

A scripted player plays whole matches against the app's bot (level L, default the
app's own default, normal)
through the key interface only (the simulator's Driver, fake clock, a NullDisplay: the
scenes are built and updated, no pixels drawn).  At each of its turns it asks the
`easy` bot (sixtysix_core.bot level 0, its own rng; not the hint) what to do and
presses the fewest keys that do it from where the screen is: left/right to the card
and A; B to open the menu, up/down to the entry and A (a card whose A press would swap
or show a marriage too: to it, B, its "alone" entry); A on a hand summary.  A third
line plays the OLED layout with three buttons (left, right, A: the FeatherWing's
default), where the menu is the cursor's "Menu" slot and menus move with left/right.  Printed
per layout: presses per card (every press of the match over the cards the player
played, the A on each hand summary included), the same without the summaries' presses
(what playing the cards alone takes), and the most presses any
single move needed.  The title's "New match" press is not counted.
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

_MAX_PRESSES = 400              # per move: a screen the script cannot drive is a bug


class _Player:
    def __init__(self, board, seed, level, three=False):
        from sixtysix_core.rng import Rng
        from sixtysix_tools import simhw
        from sixtysix_tools.sim import Driver
        size = simhw.OLED_SIZE if board == "oled" else simhw.TFT_SIZE
        # three: left, right and A only ("Menu" is a cursor slot)
        self.d = d = Driver("three" if three else board, seed=seed,
                            display=simhw.NullDisplay(*size), nvm=bytearray(b"\xff" * 8192))
        self.three = three
        d.app.settings.level = level
        self.rng = Rng(seed + 1000)
        self.presses = 0
        self.summary_presses = 0
        self.cards = 0
        self.worst = 0
        self.moves = 0

    def press(self, name):
        self.d.press(name)
        self.presses += 1

    def _steer(self, now, want, size, up, down):
        """Presses from index now to want in a list of size that wraps."""
        fwd = (want - now) % size
        back = (now - want) % size
        return [down] * fwd if fwd <= back else [up] * back

    def _shortcut(self, app, want):
        """The card whose A press does the special `want` (the swap: the trump nine;
        a marriage: its queen, shown and led), if that takes fewer presses than the
        menu (B, down to the entry, A), else -1."""
        from sixtysix_core import deal as D
        d = app.deal
        t = app.table
        if t.popup_items is not None or d.phase != D.PH_LEAD or d.pending_draw:
            return -1
        if want == D.A_EXCHANGE:
            card = d.exchange_card()
            menu = 2
        elif D.A_MELD <= want < D.A_MELD + 4:
            card = (want - D.A_MELD) * 6 + 2
            specials = app.view.legal_specials()
            menu = 2 + bin(specials & ((1 << (want - 24)) - 1) & ~D.B_DRAW).count("1")
            menu += 1                       # and then the lead
        else:
            return -1
        slots = [t.slots[i] for i in range(t.nslots)]
        if card not in slots:
            return -1
        steps = len(self._steer(t.cursor, slots.index(card), t.ring(), "left", "right"))
        return card if steps + 1 <= menu else -1

    def move(self):
        """One decision of the player (or A on a summary); False when the match is over."""
        from sixtysix_core import bot
        from sixtysix_ui import app as A
        from sixtysix_ui import table as T
        d = self.d
        app = d.app
        d.settle()
        d.idle(40)                      # a forced choice opens its menu by itself
        d.settle()
        if app.screen == A.S_MATCH_END:
            return False
        before = self.presses
        if app.screen == A.S_SUMMARY:
            self.press("a")
            self.summary_presses += 1
        elif app.screen == A.S_PLAY:
            t = app.table
            want = bot.choose(app.view, 0, self.rng)
            if want < 0:
                raise RuntimeError("the player has no move on the table")
            card = self._shortcut(app, want)
            if card >= 0:
                want = card                 # A on that card does it (table.py _try_card)
            entry = want
            if want < 24 and card < 0 and t._shortcut(want) >= 0:
                entry = T.U_ALONE + want    # A would do more: the menu's "alone" entry
            for _ in range(_MAX_PRESSES):
                if entry < 24 and t.popup_items is None and t.toast_lines is None:
                    slot = [t.slots[i] for i in range(t.nslots)].index(want)
                    for key in self._steer(t.cursor, slot, t.ring(), "left", "right"):
                        self.press(key)
                    self.press("a")
                    self.cards += 1
                    break
                if t.toast_lines is not None:
                    self.press("a")
                    continue
                if t.popup_items is None and self.three:
                    for key in self._steer(t.cursor, t.nslots, t.ring(), "left", "right"):
                        self.press(key)
                    self.press("a")             # A on "Menu"
                    continue
                if t.popup_items is None:
                    if entry != want:       # the entry is for the highlighted card
                        slot = [t.slots[i] for i in range(t.nslots)].index(want)
                        for key in self._steer(t.cursor, slot, t.ring(), "left", "right"):
                            self.press(key)
                    self.press("b")
                    continue
                acts = t.popup_actions
                back = T.U_SURE not in acts and entry not in acts   # a menu it did not ask
                target = acts.index(T.U_SURE if T.U_SURE in acts else T.U_BACK if back
                                    else entry)     # for (66 after a marriage): Back
                up, down = ("left", "right") if self.three else ("up", "down")
                for key in self._steer(t.popup_sel, target, len(acts), up, down):
                    self.press(key)
                self.press("a")
                if not back and T.U_SURE not in (t.popup_actions or ()):
                    break
            else:
                raise RuntimeError("could not do action %d" % want)
        else:
            raise RuntimeError("unexpected screen %d" % app.screen)
        self.worst = max(self.worst, self.presses - before)
        self.moves += 1
        return True


def run(board, matches, seed, level, three=False):
    """(presses, presses on summaries, cards, most presses for one move)"""
    total_presses = total_cards = worst = summaries = 0
    for m in range(matches):
        p = _Player(board, seed + m, level, three)
        p.d.run("a")                    # New match (not counted)
        while p.move():
            pass
        total_presses += p.presses
        summaries += p.summary_presses
        total_cards += p.cards
        worst = max(worst, p.worst)
    return total_presses, summaries, total_cards, worst


def main(command, args):
    from sixtysix_tools import cli
    parser = cli.Parser(prog="sixtysix.py bench ux")
    parser.add_argument("--matches", type=cli.number(1), default=10, help="matches per layout")
    parser.add_argument("--seed", type=cli.number(0), default=1)
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                        help="the app's bot, the opponent (default: the app's default)")
    opts = parser.parse_args(args)
    if opts.matches < 1:
        parser.error("--matches must be at least 1")
    from sixtysix_core import bot
    level = bot.LEVELS.index(opts.level)
    print("Sixty-Six UX benchmark: %d match(es) per layout against the %s bot, the "
          "player choosing as the easy bot (seed %d)" % (opts.matches, opts.level, opts.seed))
    for board, name, three in (("pygamer", "PyGamer 160x128", False),
                               ("oled", "OLED 128x64", False),
                               ("oled", "OLED, 3 buttons", True)):
        presses, summaries, cards, worst = run(board, opts.matches, opts.seed, level, three)
        n = max(1, cards)
        print("%-16s presses per card: %.2f  (%d presses, %d cards; without the %d on hand "
              "summaries: %.2f; most for one move: %d)"
              % (name, presses / n, presses, cards, summaries, (presses - summaries) / n,
                 worst))
    return 0
