"""The table for 3 and 4 players (RULES.md V1, V2): a screen of App, with its scene.

TableMulti plays the match's engine that kind_multi.Kind builds (a deal_multi.DealMulti
in app.deal, a MultiView of the human, seat 0, in app.view and one the bots share in
app.bot_view, moved to the seat to move) on its own displayio scene, built from the
Renderer's parts (render.py: _Text, _Rows, card tiles, inks) and dropped when a page is
shown (_Scene).  Its words are words_multi.py's.
The scene: the match score (status), the trump suit; one column per seat in play order
from the human's left (Left, Partner or Right, You: name(), label()) with its name (the
seat to move highlighted; the trump suit beside the seat that named it) and the card
it played to this trick; the message line; the hand (up to 8 cards) with its cursor
and "Menu"; on the TFT a bottom line with who named trump ("(W)": Warszawa).  With
"My points: show" the human's side total follows the prompt for his turn (R22).

Fields (cards are cards.py ints, NO_CARD for none): slots[0:nslots] the hand, cursor
(nslots = "Menu" on a board without B), legal (mask, 0: not his turn), shown[seat] the
card shown in a column, last[seat] + last[4] the last trick and its winner (last[4] =
NO_CARD: none, or closed since a card was led: R22), note / bot_note (a bot's latest
announcement, kept until the human's move) / message, popup_* (engine actions, or the
table.py U_* codes), toast_lines.  A finished trick stays on the table for _ANIM_SHOW_MS
(longer when a bot won it and leads next) or until A or B.  The trump choice is a page
of its own (trump_page.TrumpPage, screen 7): one row per suit with the cards held in
it, then Warszawa (or the pass of each_for_self) and Hint.  The menu, the hint and the
last trick are table_menu.py's, imported for them.
"""
from micropython import const

from sixtysix_core import bot_multi
from sixtysix_core.deal_multi import A_TRUMP, PH_PMELD, PH_TRUMP
from sixtysix_ui import input as I
from sixtysix_ui.render import NO_CARD, _palette, _Rows, _scroll_chars, _Text, unload, wrap
from sixtysix_ui.words import tx
from sixtysix_ui.words_multi import card_words, did, label, name, score_lines, wins

# words: multi table
_W_THINKS = const(1166)
_W_FOLLOW = const(132)
_W_FOLLOW_SHORT = const(1167)
_W_LEAD = const(131)
_W_LEAD_SHORT = const(1168)
_W_LEAD_MELD = const(1169)
_W_LEAD_MELD_SHORT = const(1170)
_W_POINTS_OWN = const(187)
_W_HAVE_66 = const(133)
_W_HINT_THINKING = const(129)
_W_MENU = const(152)
_W_B_MENU = const(153)

_HUMAN = const(0)
# deal.py's codes (private, folded away: a 3- or 4-player match does not load the
# two-player Deal; host_tests/test_core_multi.py checks them against deal.py)
_PH_LEAD = const(0)
_PH_DECLARE = const(3)
_B_OUT = const(8)
_A_MELD = const(29)
# The same codes and times as table.py (not imported from there: a 3- or 4-player match
# does not load the two-player table)
_U_HINT = const(101)            # table_menu.py's codes: Hint, Save and quit
_U_QUIT = const(102)
_BOT_DELAY_MS = const(450)
_ANIM_SHOW_MS = const(700)
_BOT_WON_MS = const(600)
_EV_TURN = const(1)
_EV_TRICK_WON = const(2)
_EV_MARRIAGE = const(3)
_PREV = const(5)
_SLOTS = const(8)
# Per layout (MONO), in pixels: 0, 1 the columns' left edges for 3 and 4 seats (play
# order from the human's left, the human last); 2 label (dx, y, chars); 3 trick card
# (dx with 3 seats, dx with 4, y); 4 the trump mark beside the seat that named it (dx,
# y); 5 (not used); 6 message (x, y); 7 hand (x, y, step for 8 cards, for 6); 8 "Menu"
# (x, y); 9 bottom line (x, y, chars) or None
_TFT = ((0, 53, 106), (0, 34, 86, 122), (2, 13, 7), (16, 12, 25), (2, 27), (0, 42),
        (2, 62), (4, 78, 18, 26), (2, 116), (50, 116, 18))
_OLED = ((0, 42, 84), (0, 32, 64, 96), (0, 13, 1), (7, 7, 13), (0, 24), (19, 13),
         (0, 33), (0, 46, 10, 13), (86, 49), None)


class TableMulti:
    ID = 1                      # app.S_PLAY

    def __init__(self, app):
        self.app = app
        self.L = app.layout
        self.slots = bytearray(_SLOTS)
        self.nslots = 0
        self.menu_slot = not app.input.has_b
        self.cursor = 0
        self.legal = 0
        self.shown = bytearray(4)
        self.last = bytearray(5)
        self.last[4] = NO_CARD
        self.show_last = False
        self.message = ""
        self.note = ""
        self.bot_note = ""
        self.popup_items = None
        self.popup_actions = None
        self.popup_lines = None
        self.popup_first = 0
        self.popup_sel = 0
        self.popup_forced = False
        self.toast_lines = None
        self.toast_top = 0
        self.anim_start = -1
        self.bot_since = 0
        self._now = 0
        self._was_mine = False
        self.hint_rng = None
        self._due = True

    def end_hand(self):
        """The hand is over (kind_multi.Kind.record): the scene and the bots' scratch go
        (the scratch is made again at the bots' next turn), so that the summary that
        comes has their memory."""
        self.app.render.drop_scene()
        bot_multi._state[0] = None

    # ------------------------------------------------------------- entering

    def enter(self):
        self.note = ""
        self.popup_items = None
        self.popup_forced = False
        self.toast_lines = None
        self.show_last = False
        self.anim_start = -1
        self._was_mine = False
        unload("sixtysix_ui.trump_page")
        unload("sixtysix_ui.pages")             # the trump page's base: not for the play
        self._due = True                # the bots' scratch, at the table's next step
        import sys
        if "sixtysix_ui.table" not in sys.modules:     # a board: only this kind loaded
            unload("sixtysix_ui.texts")
        if self.app.deal.log_len == 0:
            self.bot_note = ""
            self.last[4] = NO_CARD
        self.after_change()

    def busy(self):
        if self.anim_start >= 0:
            return True
        d = self.app.deal
        if d.is_over() or self.toast_lines is not None or self.show_last:
            return False
        return d.to_move != _HUMAN or d.phase == PH_TRUMP     # the trump page comes

    def draw(self):
        """The message line for the moment (a note, a bot's announcement, whose turn),
        then the scene."""
        d = self.app.deal
        if self.anim_start >= 0 or self.show_last or self.note:
            self.message = self.note
        elif d.is_over():
            self.message = ""
        elif self.bot_note:
            self.message = self.bot_note
        elif d.to_move != _HUMAN:
            self.message = tx(_W_THINKS) % name(d.to_move, d.nseats)
        else:
            # the turn, and with "My points: show" the side's total (R22 reveal_points)
            reveal = self.app.settings.reveal
            text, short = tx(_W_FOLLOW), tx(_W_FOLLOW_SHORT)
            if d.phase == _PH_LEAD:
                if d.legal_specials() >> (_A_MELD - 24) & 15:
                    text, short = tx(_W_LEAD_MELD), tx(_W_LEAD_MELD_SHORT)
                else:
                    text, short = tx(_W_LEAD), tx(_W_LEAD_SHORT)
            chars = self.L.CHARS
            if reveal:
                pts = " " + tx(_W_POINTS_OWN) % d.total(_HUMAN)
                text = text + pts if len(text + pts) <= chars else short + pts
            if d.phase == _PH_LEAD and d.legal_specials() & _B_OUT and \
                    d.total(_HUMAN) >= 66:
                text = tx(_W_HAVE_66)               # no number: also with points hidden
            self.message = text[:chars]
        r = self.app.render
        sc = r._points                  # the scene lives in the two-player scene's places
        if type(sc) is not _Scene:      # (render.py drops them when it shows a page)
            sc = _Scene(r, _OLED if self.L.MONO else _TFT, self.app.deal.nseats)
        sc.draw(self)

    # ------------------------------------------------------------- the engine

    def _apply(self, action, seat):
        app = self.app
        d = app.deal
        k = d.trick_n
        leader = d.leader
        phase = d.phase
        d.apply(action)
        if seat == _HUMAN:
            self.bot_note = ""
        if action >= 24:
            text = did(d, seat, action, phase, self.L.CHARS)
            if seat == _HUMAN:
                self.note = text
            else:
                self.bot_note = text
                self.note = ""
            if _A_MELD <= action < A_TRUMP:
                app.event(_EV_MARRIAGE)
        else:
            self.note = ""
            if k == 0:
                self.last[4] = NO_CARD          # a card led: the old trick is closed (R22)
            elif k == d.nseats - 1:
                n = d.nseats
                for i in range(n):
                    self.last[(leader + i) % n] = d.trick_cards[i]
                self.last[4] = d.leader
                self.anim_start = self._now
                note = wins(d.leader, d.nseats, True)
                self.note = note if len(note) <= self.L.CHARS else wins(d.leader, d.nseats)
                if d.side_of[d.leader] == d.side_of[_HUMAN]:
                    app.event(_EV_TRICK_WON)
                if not d.is_over():
                    app.save()
        if d.is_over() and self.anim_start < 0:
            app.then = app.finish_hand
            return
        self.after_change()

    def after_change(self):
        app = self.app
        d = app.deal
        hand = d.hand[_HUMAN]
        n = 0
        for c in range(24):
            if hand >> c & 1 and n < _SLOTS:
                self.slots[n] = c
                n += 1
        self.nslots = n
        mine = not d.is_over() and d.to_move == _HUMAN and d.phase != PH_TRUMP
        self.legal = d.legal_cards() if mine else 0
        if self.show_last and self.last[4] == NO_CARD:
            self.show_last = False
        src = self.last if self.anim_start >= 0 or self.show_last else None
        for s in range(4):
            self.shown[s] = src[s] if src is not None and s < d.nseats else NO_CARD
        if src is None:
            for i in range(d.trick_n):
                self.shown[(d.leader + i) % d.nseats] = d.trick_cards[i]
        if mine and self.legal and (not self._was_mine or not (
                self.cursor < n and self.legal >> self.slots[self.cursor] & 1)):
            card = bot_multi.heuristic_card(app.view, self.legal)     # a sensible card
            for i in range(n):
                if self.slots[i] == card:
                    self.cursor = i
        if mine and not self._was_mine:
            app.event(_EV_TURN)
        self._was_mine = mine and self.legal != 0
        ring = n + 1 if self.menu_slot else n     # the cursor's places: cards (, Menu)
        if self.cursor >= ring:
            self.cursor = ring - 1 if n else 0
        app.dirty = True

    def step(self, b, now):
        self._now = now
        app = self.app
        d = app.deal
        if self._due and (d.phase != PH_TRUMP or d.to_move != _HUMAN):
            # the bots' scratch early in the hand, before its own allocations cut the
            # heap up, but not under the trump page (whose code is gone by now)
            self._due = False
            bot_multi._scratch(app.bot_view)
        if b & I.BTN_START and not self.popup_forced:
            self.toast_lines = None
            self.popup_items = None
            unload("sixtysix_ui.table_menu")
            app.then = app.quit_to_title
            return
        if self.anim_start >= 0:
            show = _ANIM_SHOW_MS
            if self.last[4] != _HUMAN and not d.is_over():     # the trick's winner
                show += _BOT_WON_MS
            if b & (I.BTN_A | I.BTN_B) or I.ticks_diff(now, self.anim_start) >= show:
                self.anim_start = -1
                self.note = ""
                self.bot_since = now
                if d.is_over():
                    app.then = app.finish_hand
                    return
                self.after_change()
            return
        if self.toast_lines is not None:
            more = len(self.toast_lines) - self.L.TOAST[3]
            if b & I.DIRECTIONS and more > 0:
                top = self.toast_top + (-1 if b & _PREV else 1)
                self.toast_top = 0 if top < 0 else more if top > more else top
            elif b:
                self.toast_lines = None
            app.dirty = True
            return
        if d.is_over():
            if not app.hand_recorded:
                app.then = app.finish_hand
            return
        if self.show_last:
            if b:
                self.show_last = False
                self.note = ""
                self.bot_since = now
                self.after_change()
            return
        if d.to_move == _HUMAN and d.phase == PH_TRUMP:
            app.render.drop_scene()         # its memory for the page's code
            from sixtysix_ui.trump_page import TrumpPage    # dropped once trump is named
            app.show(TrumpPage(app, self))
            return
        if d.to_move != _HUMAN:
            if b & I.DIRECTIONS and self.last[4] != NO_CARD and d.trick_n == 0:
                self._menu("last")          # the last trick before a bot leads (R22)
                return
            # a bot's turn, once its last card has been seen for a moment
            if I.ticks_diff(now, self.bot_since) < _BOT_DELAY_MS:
                return
            self.note = ""
            self.draw()                         # "Left is thinking..." before it starts
            app.render.refresh()
            seat = d.to_move
            view = app.bot_view
            view.set_seat(seat)
            self._apply(bot_multi.choose(view, app.settings.level, app.rng), seat)
            self.bot_since = now
            return
        if self.popup_items is not None:
            self._menu("key", b)
            return
        if d.phase in (_PH_DECLARE, PH_PMELD):
            self._menu("menu", True)
            return
        ring = self.nslots + 1 if self.menu_slot else self.nslots
        if b & (I.BTN_LEFT | I.BTN_RIGHT) and ring:
            self.cursor = (self.cursor + (-1 if b & I.BTN_LEFT else 1)) % ring
            app.dirty = True
        elif b & I.BTN_A:
            if self.cursor >= self.nslots:
                self._menu("menu", False)
            else:
                card = self.slots[self.cursor]
                if d.is_legal(card):
                    self.bot_since = now
                    self._apply(card, _HUMAN)
                    return
                # Imported here and unloaded: only a refused card needs the reasons.
                from sixtysix_core import explain
                k, legal = explain.card_reason(d, card)
                unload("sixtysix_core.explain")
                from sixtysix_ui import words_load
                why = words_load.refusal(tx, k, legal, card_words)
                unload("sixtysix_ui.words_load")
                self.toast_lines = wrap(why,
                                        _scroll_chars(self.L.TOAST[2], app.render.cell_w), [])
                self.toast_top = 0              # a message box: the arrows scroll it
                app.dirty = True
        elif b & I.BTN_B:
            self._menu("menu", False)
        elif b & (I.BTN_SELECT | I.BTN_DOWN):
            self._menu("hint")
        elif b & I.BTN_UP:
            self._menu("last")

    def _menu(self, name, arg=0):
        """The table's cold code: table_menu's entry point `name` (menu, key, last,
        hint) with arg, the module imported for it and dropped unless the menu stays
        open; what the human chose on it is done after that.  The hint's search runs
        from here (a board's pystack holds few frames)."""
        from sixtysix_ui import table_menu
        a = getattr(table_menu, name)(self, arg)
        if a == _U_HINT:
            self.note = tx(_W_HINT_THINKING)
            self.draw()
            self.app.render.refresh()
            a = table_menu.show_hint(self, table_menu.hint_action(self))
        if self.popup_items is None:
            unload("sixtysix_ui.table_menu")
        if a == _U_QUIT:
            self.app.then = self.app.quit_to_title
        elif a >= 0:
            self.note = ""
            self.bot_since = self._now
            self._apply(a, _HUMAN)


class _Scene:
    """The displayio scene of the 3- and 4-player table (the Renderer's parts), held by
    the Renderer as its two-player table scene is (table_group, and this object in
    _points), so that Renderer.page() drops it in the same way."""

    def __init__(self, r, G, n):
        import displayio
        L = r.L
        self._r = r
        r.drop_scene()              # the page and two-player table scenes go
        g = displayio.Group()
        g.append(r.solid(0, 0, L.WIDTH, L.HEIGHT, L.BG))
        self._status = _Text(r, g, L.STATUS[0], L.STATUS[1], L.TEXT)
        pal = _palette((None, L.TEXT, L.TEXT, L.CARD[3] if not L.MONO else L.TEXT))
        suits = r._suits

        def suit(x, y):             # a trump mark: one tile of the suit sheet, hidden
            grid = displayio.TileGrid(suits, pixel_shader=pal, width=1, height=1,
                                      tile_width=suits.height, tile_height=suits.height,
                                      x=x, y=y)
            grid.hidden = True
            g.append(grid)
            return grid
        self._trump = suit(L.TRUMP_ICON[0], L.TRUMP_ICON[1])
        cards = displayio.Group(scale=L.CARD_SCALE)
        g.append(cards)
        cols = G[0] if n == 3 else G[1]
        lx, ly, lchars = G[2]
        dx = G[3][0] if n == 3 else G[3][1]
        self._deco = []
        self._trick_bot = []
        for i in range(n):
            x = cols[i]
            self._deco.append(_Text(r, g, x + lx, ly, L.TEXT, lchars))
            self._trick_bot.append(r._card(cards, x + dx, G[3][2]))
        # one trump mark, moved beside the column of the seat that named trump
        self._trick_me = (suit(cols[0] + G[4][0], G[4][1]), cols, G[4][0])
        self._message = _Text(r, g, G[6][0], G[6][1], L.TEXT)
        hx, hy, step8, step6 = G[7]
        step = step8 if n == 3 else step6
        self._upcard = hy
        self._hand = [r._card(cards, hx + i * step, hy) for i in range(_SLOTS if n == 3 else 6)]
        x, y = G[8]
        self._more_bar = r.solid(x - 1, y - 1, 44, L.LINE_H, L.HILITE)
        self._more_bar.hidden = True
        g.append(self._more_bar)
        self._more = _Text(r, g, x, y, L.TEXT, 7)
        self._talon_text = None if G[9] is None else _Text(r, g, G[9][0], G[9][1], L.TEXT_SOFT,
                                                      G[9][2])
        self.group = g
        self._popup = None
        self._toast = 0
        self._cache = None
        r.table_group = g
        r._points = self

    def draw(self, t):
        r = self._r
        L = r.L
        app = t.app
        d = app.deal
        n = d.nseats
        m = app.match
        key = (m.scores[0], m.scores[1], m.scores[2], d.trump, d.chooser, d.warszawa,
               d.to_move, d.side_of[1], d.side_of[2])
        if key != self._cache:         # the text of the seats, trump and score: on change
            self._cache = key
            text, trump = score_lines(d, m, L.CHARS - 2)
            self._status.set(text)
            if d.trump >= 0:
                self._trump[0] = d.trump
            self._trump.hidden = d.trump < 0
            for i in range(n):
                seat = (i + 1) % n
                lab = self._deco[i]
                lab.set(label(d, seat, L.MONO))    # the OLED: a letter
                lab.set_color(L.HILITE if seat == d.to_move else L.TEXT)
            mark, cols, dx = self._trick_me
            mark.hidden = d.trump < 0 or d.chooser < 0
            if not mark.hidden:
                mark[0] = d.trump
                mark.x = cols[(d.chooser - 1) % n] + dx
            if self._talon_text is not None:
                self._talon_text.set(trump)
        for i in range(n):
            r._show_card(self._trick_bot[i], t.shown[(i + 1) % n])
        scale = L.CARD_SCALE
        legal = t.legal
        for i in range(len(self._hand)):
            grid = self._hand[i]
            if i < t.nslots:
                card = t.slots[i]
                r._show_card(grid, card)
                selected = i == t.cursor and legal
                illegal = legal and not legal >> card & 1
                pal = r._pal_sel if selected else r._pal_dim if illegal else r._pal
                if grid.pixel_shader is not pal:
                    grid.pixel_shader = pal
                y = (self._upcard - (L.RAISE if selected else 0)
                     + (L.ILLEGAL_DROP if illegal else 0)) // scale
                if grid.y != y:
                    grid.y = y
            elif not grid.hidden:
                grid.hidden = True
        on_more = t.cursor == t.nslots and legal
        self._more_bar.hidden = not on_more
        self._more.set(tx(_W_MENU if t.menu_slot else _W_B_MENU))
        self._more.set_color(L.HILITE_TEXT if on_more else L.TEXT)
        self._message.set(t.message)
        kind = 1 if t.popup_items is not None else 2 if t.toast_lines is not None else 0
        if kind != self._toast:   # the menu or the message box: built while shown
            if self._popup is not None:
                self.group.remove(self._popup.group)
                self._popup = None
            if kind:
                x, y, w, rows = L.POPUP if kind == 1 else L.TOAST
                self._popup = _Rows(r, x, y, w, rows, True, L.LINE_H)
                self.group.append(self._popup.group)
            self._toast = kind
        if kind == 1:
            self._popup.show(t.popup_lines, t.popup_sel + t.popup_first, t.popup_first)
        elif kind == 2:
            self._popup.show(t.toast_lines, -1, 0, t.toast_top)
        r._set_root(self.group)
