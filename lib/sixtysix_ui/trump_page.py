"""The trump choice of a 3- or 4-player hand (RULES.md V1, V2, D3): a page of its own.

One row per suit with the cards the human holds in it ("Hearts: A 10 K"), then
Warszawa (each_for_self: the pass that turns up his next card) where he may pass, and
Hint (the hard bot's choice is highlighted and named in the footer).  A (or B) names
the highlighted suit or passes.  Imported when the page opens and dropped once trump
is named (table_multi.TableMulti), so that the play does not carry it.
"""
from micropython import const

from sixtysix_core.deal_multi import A_TRUMP
from sixtysix_ui import input as I
from sixtysix_ui.pages import Page
from sixtysix_ui.render import unload
from sixtysix_ui.words import tx
from sixtysix_ui.words_multi import rank, suit

# words: multi table
_W_SUIT_ROW = const(1194)
_W_PASS_NEXT = const(1192)
_W_WARSZAWA_PASS = const(1193)
_W_MENU_HINT = const(150)
_W_NAME_TRUMP = const(1189)
_W_MUST_NAME = const(1190)
_W_NAME_IT = const(1191)
_W_HINT = const(1195)

_PREV = const(5)
_NEXT = const(10)
_HUMAN = const(0)
_U_HINT = const(101)            # table_menu.py's code for the hint
_B_PASS = const(16)             # deal.py's B_PASS, A_PASS (test_core_multi.py)
_A_PASS = const(28)


class TrumpPage(Page):
    """The trump choice (RULES.md V1, V2 D3): the suits with the cards held in each, then
    Warszawa where the seat may pass, and Hint (the hard bot's choice, highlighted)."""
    ID = 7                      # app.S_TRUMP

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.actions = []

    def enter(self):
        app = self.app
        d = app.deal
        specials = d.legal_specials()
        hand = d.hand[_HUMAN]
        lines = []                          # "Hearts: A 10 K": the cards of each suit
        for s in range(4):
            ranks = [rank(c % 6) for c in range(s * 6 + 5, s * 6 - 1, -1) if hand >> c & 1]
            lines.append(tx(_W_SUIT_ROW) % (suit(s, True), " ".join(ranks) if ranks else "-"))
        self.lines = lines
        self.actions = [A_TRUMP, A_TRUMP + 1, A_TRUMP + 2, A_TRUMP + 3]
        if specials & _B_PASS:
            self.lines.append(tx(_W_PASS_NEXT if d.each else _W_WARSZAWA_PASS))
            self.actions.append(_A_PASS)
        self.lines.append(tx(_W_MENU_HINT))
        self.actions.append(_U_HINT)
        best = 0
        for s in range(4):                  # opens on the longest suit
            if len(self.lines[s]) > len(self.lines[best]):
                best = s
        self.sel = best
        self.header = tx(_W_NAME_TRUMP if specials & _B_PASS else _W_MUST_NAME)
        self.footer = (self.table.bot_note or tx(_W_NAME_IT))[:self.app.layout.CHARS]
        app.dirty = True

    def step(self, b, now):
        app = self.app
        t = self.table
        if b & I.BTN_START:
            app.then = app.quit_to_title
        elif b & _PREV:
            self.sel = (self.sel - 1) % len(self.lines)
            app.dirty = True
        elif b & _NEXT:
            self.sel = (self.sel + 1) % len(self.lines)
            app.dirty = True
        elif b & (I.BTN_A | I.BTN_B):
            a = self.actions[self.sel]
            if a == _U_HINT:
                from sixtysix_ui import table_menu
                a = table_menu.hint_action(t)
                unload("sixtysix_ui.table_menu")
                self.sel = self.actions.index(a)
                self.footer = tx(_W_HINT) % (suit(a - A_TRUMP, True) if a != _A_PASS
                                             else self.lines[self.sel])
                self.footer = self.footer[:self.app.layout.CHARS]
                app.dirty = True
                return
            app.show(t)
            t.bot_since = now
            t._apply(a, _HUMAN)
