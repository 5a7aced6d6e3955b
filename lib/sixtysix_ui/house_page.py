"""The "House rules" page of the title: the options that shape a 3- or 4-player game.

Opened from the title's "House rules" entry (shown only when the rules chosen are 3 or
4 players) through enter(app): the title imports this module then and the page drops it
again when it closes, so that neither the two-player app nor a match carries it.

ROWS: (option, who, label, number of values) per option of RULES.md section 4 that
the 3- and 4-player engine reads (deal_multi.py; persist_multi.APP_OPTIONS keeps them in
a save), in rules.py's value order (0 is the default).  who: 3 or 4 (those players
only) or 0 (both); the label is a text id, its values' texts follow it and then one
explanation per value (words.py, the catalog's [house] section).  A row reads
"label: value" (at most 19 characters, a scrolling page row) and the footer explains the
highlighted value in one line (21 characters, the OLED's width). Rows that cannot apply
are left out: they would be refused by RuleSet.unsupported() (each_for_self with 4
players, partner_meld with 3) or mean nothing with the other choices (the Warszawa order
when the bottom card sets trump; when and how badly one says 66 when nobody says it:
each_for_self, or "Auto 66").

Keys: up/down move; A (or right) sets the next value, left the one before; on a board
without up/down (the three-button OLED) left/right move and A sets the next value.
"Back", B or Start returns to the title.  Every change is kept at once as the title's
own options are (App.save, Storage.save_choice) and applies to the next match.
"""
from micropython import const

from sixtysix_ui import input as I
from sixtysix_ui import pages
from sixtysix_ui.render import unload
from sixtysix_ui.words import tx

_ROW_CHARS = const(19)          # a scrolling page row, either layout
_TIP_CHARS = const(21)          # the OLED footer

# words: house common
_W_PLAY = const(774)            # each label is followed by its values, then a tip for
_W_TRUMP = const(779)           # each value (en.txt's order)
_W_WARSZAWA = const(784)
_W_PARTNER = const(789)
_W_UNDER = const(794)
_W_SAY66 = const(799)
_W_WRONG = const(806)
_W_EARLY = const(813)
_W_LAST = const(818)
_W_SCORING = const(823)
_W_ROW = const(771)
_W_BACK = const(19)
_W_HEADER = const(768)
_W_HEADER_NEXT = const(769)
_W_HEADER_PLAYERS = const(770)
_W_A_B_BACK = const(772)
_W_A_TITLE = const(773)

ROWS = (
    ("three_player_mode", 3, _W_PLAY, 2),
    ("four_player_trump", 4, _W_TRUMP, 2),
    ("warszawa_order", 4, _W_WARSZAWA, 2),
    ("partner_meld", 4, _W_PARTNER, 2),
    ("undertrump", 0, _W_UNDER, 2),
    ("declare_window", 0, _W_SAY66, 3),
    ("false_declaration", 0, _W_WRONG, 3),
    ("meld_before_first_trick", 0, _W_EARLY, 2),
    ("last_trick_bonus", 0, _W_LAST, 2),
    ("scoring", 0, _W_SCORING, 2),
)


def shown(rules):
    """The ROWS that apply to rules (3 or 4 players), in order."""
    n = rules.players
    each = n == 3 and rules.three_player_mode == 1
    out = []
    for row in ROWS:
        opt = row[0]
        if row[1] and row[1] != n:
            continue
        if opt == "warszawa_order" and rules.four_player_trump == 1:
            continue
        if opt in ("declare_window", "false_declaration") and (each or rules.auto_declare):
            continue
        out.append(row)
    return out


def _index(rules, row):
    """The value index of row's option (last_trick_bonus is stored as the number)."""
    value = getattr(rules, row[0])
    if row[0] == "last_trick_bonus":
        return 0 if value == 10 else 1
    return value


def set_index(rules, row, k):
    """Set row's option to its k-th value (k wraps)."""
    k %= row[3]
    if row[0] == "last_trick_bonus":
        rules.last_trick_bonus = 10 if k == 0 else 0
    else:
        setattr(rules, row[0], k)


class Page(pages.Page):
    ID = 8                      # app.py: screen 8

    def __init__(self, app):
        super().__init__(app)
        self.rows = []
        self.back = app.title.sel           # the title's "House rules", on return
        hw = app.hw
        self.updown = hw.joystick is not None or "up" in hw.KEYMAP

    def enter(self):
        self.sel = 0
        self._lines()

    def _lines(self):
        app = self.app
        choice = app.choice
        self.rows = shown(choice)
        lines = []
        for row in self.rows:
            lines.append((tx(_W_ROW) % (tx(row[2]), tx(row[2] + 1 + _index(choice, row))))
                         [:_ROW_CHARS])
        lines.append(tx(_W_BACK))
        self.lines = lines
        self.sel = min(self.sel, len(lines) - 1)
        wide = not app.layout.MONO
        self.header = tx(_W_HEADER_NEXT if app.in_match else _W_HEADER_PLAYERS if wide
                         else _W_HEADER)
        if wide and not app.in_match:
            self.header = self.header % choice.players
        if self.sel < len(self.rows):
            row = self.rows[self.sel]
            self.footer = tx(row[2] + 1 + row[3] + _index(choice, row))[:_TIP_CHARS]
        else:
            self.footer = tx(_W_A_B_BACK if app.input.has_b else _W_A_TITLE)
        app.dirty = True

    def _close(self):
        app = self.app
        app.then = app.show_title
        app.title.sel = self.back
        unload("sixtysix_ui.house_page")

    def _change(self, step):
        app = self.app
        row = self.rows[self.sel]
        set_index(app.choice, row, _index(app.choice, row) + step)
        app.save()
        app.storage.save_choice(app.settings, app.choice)
        self._lines()

    def step(self, b, now):
        n = len(self.lines)
        back = self.sel == n - 1
        up, down, left, right = b & I.BTN_UP, b & I.BTN_DOWN, b & I.BTN_LEFT, b & I.BTN_RIGHT
        if not self.updown:                 # left/right move, A alone changes
            up, down, left, right = up | left, down | right, 0, 0
        if b & (I.BTN_B | I.BTN_START) or (back and b & I.BTN_A):
            self._close()
        elif up or down:
            self.sel = (self.sel + (1 if down else -1)) % n
            self._lines()
        elif not back and (b & I.BTN_A or right):
            self._change(1)
        elif not back and left:
            self._change(-1)
