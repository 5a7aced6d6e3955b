"""The displayio scenes: built when shown, updated in place, one refresh per change.

Two scenes: the *page* (title menu, hand summary, match end, help: a header, rows with
an optional highlight, a footer) and the *table* (status line, trump, talon, upcard, the
trick, the message line, the hand with its cursor, the popup menu and a message box).
Only one scene is kept (both at start, so that the title can be drawn at once): going
from the table to a page drops the table scene, and back the page scene, so the heap
holds one of them (the TFT's table scene is about 6 KB, its page scene 5 KB); the popup
menu and the message box exist only while the table shows one.  The card and suit
sheets and the glyph sheet are built once and kept (the glyph sheet made again and the
faces' rank letters drawn again for a language: set_letters).
A layout module (layout_tft / layout_oled) gives positions and colours; the code is the
same for both.  Cards are tiles of one sprite sheet (tile = card int, sprites.TILE_BACK);
text is tiles of one glyph sheet copied from the font at start and made again with a
language's letters (glyphs.py; _Text), and every
colour has one shared Palette (ink()).  Both cost far less heap than bitmap_label
objects, which also allocated a new bitmap whenever a text changed length.

The renderer reads the table screen's plain fields (table.py Table: slots, cursor,
legal, message, popup_*, toast_lines, trick_bot / trick_me at bot_x, bot_y / me_x,
me_y), the App's match, rules and settings, and the human's PlayerView, never the
other way round.  Each text has a place of a fixed number of characters; a longer text
is cut there and remembered in Renderer.overflow (empty unless a text does not fit:
the host tests check it).  Every setter returns early when its value is unchanged, so a refresh
only carries real changes; text is rebuilt only when a shown number changed.
"""
import displayio
from micropython import const

from sixtysix_ui.words import tx

NO_CARD = 255
_MAX_SLOTS = 6
# The table scene's parts (Renderer._build_table), dropped while a page shows
_TABLE_SCENE = ("table_group", "_status", "_trump", "_talon", "_upcard", "_hand",
                "_trick_bot", "_trick_me", "_talon_text", "_message", "_more_bar", "_more",
                "_points", "_popup", "_toast")
_FIRST = const(32)          # the glyph sheet (glyphs.py) holds printable ASCII, " " (tile 0)
_LAST = const(126)          # to "~", then the letters of Renderer.letters (tile 95 on)
# words: table
_W_STATUS_TO_GO = const(182)
_W_STATUS_OF = const(183)
_W_TALON_CLOSED = const(184)
_W_TALON_LEFT = const(185)
_W_POINTS = const(186)


def _palette(colors):
    pal = displayio.Palette(len(colors))
    for i in range(len(colors)):
        if colors[i] is None:
            pal[i] = 0
            pal.make_transparent(i)
        else:
            pal[i] = colors[i]
    return pal


class _Text:
    """One line of text with its top-left at (x, y): a TileGrid over the glyph sheet with
    one tile per character up to the screen's right edge, as terminalio's own Terminal
    draws.  Changing the text writes tile numbers (its one allocation: the text's UTF-8
    bytes, dropped at once), and a line costs a few dozen bytes, where a bitmap_label
    holds a Python object, a palette and a bitmap of its own (and allocates new ones as
    the text changes).  A character beyond ASCII is a letter of Renderer.letters (tile
    95 on) or blank."""

    def __init__(self, r, group, x, y, color, chars=0):
        self.text = ""
        self.color = color
        self._r = r
        self._n = chars or (r.L.WIDTH - x) // r.cell_w
        self.grid = displayio.TileGrid(r.glyphs, pixel_shader=r.ink(color), width=self._n,
                                       height=1, tile_width=r.cell_w, tile_height=r.cell_h,
                                       x=x, y=y)
        group.append(self.grid)

    def set(self, text):
        if text == self.text:
            return
        self.text = text
        grid = self.grid
        if len(text) > self._n:
            self._r.overflow.append(text)
        # Read as UTF-8 bytes (one buffer a change): text[i] would make every character
        # shown an interned string (a qstr, kept for good).
        raw = text.encode()
        m = len(raw)
        letters = self._r.letters
        j = 0
        for i in range(self._n):
            code = _FIRST
            if j < m:
                code = raw[j]
                j += 1
                if code > 127:              # a character of 2 to 4 bytes
                    code &= 0x1F if code < 0xF0 else 0x07
                    while j < m and raw[j] >> 6 == 2:
                        code = code << 6 | raw[j] & 0x3F
                        j += 1
                    k = len(letters) - 2
                    while k >= 0 and letters[k] << 8 | letters[k + 1] != code:
                        k -= 2
                    if k >= 0:              # a letter of the language (set_letters)
                        grid[i] = _LAST - _FIRST + 1 + k // 2
                        continue
            if code < _FIRST or code > _LAST:
                # No such glyph on the device (DEVICE_NOTES.md 2): drawn blank, but asked
                # of the font all the same, so that the host's ASCII-only font notes it.
                self._r.font.get_glyph(code)
                code = _FIRST
            grid[i] = code - _FIRST

    def set_color(self, color):
        if color != self.color:
            self.color = color
            self.grid.pixel_shader = self._r.ink(color)


def _scroll_chars(bar_w, cell_w):
    """Characters of a row of a list that scrolls: its bar less the scroll mark."""
    return (bar_w - 4) // cell_w - 1


class _Rows:
    """A list of text rows with a highlight bar and scrolling (menus and pages).  When
    the list is longer than the rows, one mark at the right end of the bar says that it
    scrolls: "v" on the last row while more is below, else "^" on the first row (the
    rows of such a list end before it).  `soft` rows at the top (a title) take the soft
    colour."""

    def __init__(self, r, x, y, width, rows, panel, line_h, bar_w=0):
        L = r.L
        self.group = displayio.Group()
        self._L = L
        self._r = r
        self.rows = rows
        self.top = 0
        self._line_h = line_h
        bar_w = bar_w or width
        if panel:
            self.group.append(r.solid(x, y, width, rows * line_h + 4, L.PANEL))
        self._bar = r.solid(x + 1, y + 2, bar_w - 2, line_h, L.HILITE)
        self._bar.hidden = True
        self.group.append(self._bar)
        self._y = y + 2
        self.chars = (width - 4) // r.cell_w
        mx = x + bar_w - r.cell_w - 1
        self._scroll_chars = _scroll_chars(bar_w, r.cell_w)
        self.lines = [_Text(r, self.group, x + 3, y + 2 + i * line_h, L.TEXT, self.chars)
                      for i in range(rows)]
        self._mark = _Text(r, self.group, mx, y + 2, L.TEXT_SOFT, 1)
        self._mark_y = (y + 2, y + 2 + (rows - 1) * line_h)

    def show(self, items, sel, soft=0, first=0):
        """items: a list of str; sel: the highlighted index, or -1 and `first` the
        top row shown."""
        n = len(items)
        rows = self.rows
        top = self.top
        if sel < 0:
            top = first
        elif sel < top:
            top = sel
        elif sel >= top + rows:
            top = sel - rows + 1
        if soft and sel < rows:
            top = 0                         # the title stays while it can
        if top > n - rows:
            top = n - rows if n > rows else 0
        self.top = top
        L = self._L
        scrolls = n > rows
        for i in range(rows):
            j = top + i
            line = self.lines[i]
            text = items[j] if j < n else ""
            if scrolls and len(text) > self._scroll_chars:
                self._r.overflow.append(text)
            line.set(text)
            line.set_color(L.HILITE_TEXT if j == sel else L.TEXT_SOFT if j < soft
                           else L.TEXT)
        mark = self._mark
        if top + rows < n:
            mark.set("v")
            mark.grid.y = self._mark_y[1]
            on_bar = sel == top + rows - 1
        else:
            mark.set("^" if top > 0 else "")
            mark.grid.y = self._mark_y[0]
            on_bar = sel == top
        # on the highlight bar the mark takes the bar's ink (the OLED's bar is white)
        mark.set_color(L.HILITE_TEXT if on_bar else L.TEXT_SOFT)
        if sel < 0:
            self._bar.hidden = True
        else:
            self._bar.hidden = False
            self._bar.y = self._y + (sel - top) * self._line_h


class Renderer:
    # the letters beyond ASCII drawn (set_letters sets its own): a class attribute, so
    # that English adds no entry to the instance's attributes
    letters = b""
    faces = b"\x00\x01\x02\x03\x04\x05"   # the ranks' art on the card sheet (sprites.py)

    def __init__(self, display, layout, font):
        L = layout
        self.display = display
        self.L = L
        self._root = None
        display.auto_refresh = False
        self.font = font
        self.overflow = []          # texts that did not fit their place (a bug if any)
        self.cell_w, self.cell_h = font.get_bounding_box()[:2]
        # glyphs.py and sprites.py are needed only here: unloaded once the sheets are built
        from sixtysix_ui import glyphs
        self.glyphs = glyphs.sheet(font, b"")
        unload("sixtysix_ui.glyphs")
        self._inks = {}
        self._tiles = {}
        from sixtysix_ui import sprites
        self._sheet = sprites.card_sheet(L.HOLLOW_RED)
        self._suits = sprites.suit_sheet(L.HOLLOW_RED)
        unload("sixtysix_ui.sprites")
        self._pal = _palette(L.CARD)
        self._pal_sel = _palette(L.CARD_SELECTED)
        self._pal_dim = _palette(L.CARD_DIM)
        self.page_group = None
        self._build_page()
        self._build_table()

    def set_letters(self, letters):
        """Draw the characters of the str `letters` beyond ASCII (a language's letters,
        e.g. "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ") from now on, "" for ASCII only (as at the start).  The
        glyph sheet is made again with one more cell a letter, read from glyphs.bin, and
        the scenes it has with it (the display shows nothing until the next draw).  A
        letter the file lacks draws blank and is noted as any unknown character.
        Renderer.letters holds the code points drawn, 2 bytes each (big-endian), in tile
        order (glyphs.py).  The card faces take the current catalog's rank letters
        (words.rank; sprites.py draws them over the card sheet, in place)."""
        if letters or self.letters:
            from sixtysix_ui import glyphs      # its code only while it draws
            glyphs.use(self, letters, _TABLE_SCENE)
            del glyphs
            unload("sixtysix_ui.glyphs")
        from sixtysix_ui import sprites         # the same: only while it draws
        sprites.use(self)
        del sprites
        unload("sixtysix_ui.sprites")

    # ------------------------------------------------------------- building

    def ink(self, color):
        """The one Palette of a colour, shared by its texts and rectangles: index 0 is
        transparent, 1 the colour."""
        pal = self._inks.get(color)
        if pal is None:
            pal = displayio.Palette(2)
            pal[0] = 0
            pal.make_transparent(0)
            pal[1] = color
            self._inks[color] = pal
        return pal

    def solid(self, x, y, w, h, color):
        """A filled rectangle, its size rounded up to whole 4-pixel steps: a one-colour
        square tile repeated, the largest of 32, 16, 8 and 4 pixels that fits, since the
        tile map takes a byte per tile (1,280 for the whole screen in 4-pixel tiles, 20
        in 32-pixel ones) and a tile bitmap of up to 32 pixels costs one word per row."""
        w = (w + 3) // 4 * 4
        h = (h + 3) // 4 * 4
        size = 32
        while size > 4 and (w % size or h % size):
            size //= 2
        tile = self._tiles.get(size)
        if tile is None:
            tile = displayio.Bitmap(size, size, 2)
            tile.fill(1)
            self._tiles[size] = tile
        return displayio.TileGrid(tile, pixel_shader=self.ink(color), width=w // size,
                                  height=h // size, tile_width=size, tile_height=size,
                                  x=x, y=y)

    def _card(self, group, x, y):
        scale = self.L.CARD_SCALE
        sheet = self._sheet                 # 25 tiles: the cards and the back
        grid = displayio.TileGrid(sheet, pixel_shader=self._pal, width=1, height=1,
                                  tile_width=sheet.width // 25, tile_height=sheet.height,
                                  x=x // scale, y=y // scale)
        grid.hidden = True
        group.append(grid)
        return grid

    def _build_page(self):
        L = self.L
        g = displayio.Group()
        g.append(self.solid(0, 0, L.WIDTH, L.HEIGHT, L.BG))
        cards = displayio.Group(scale=L.CARD_SCALE)
        g.append(cards)
        self._deco = [self._card(cards, x, y) for (x, y) in L.DECO]
        self._page_header = _Text(self, g, L.PAGE_HEADER[0], L.PAGE_HEADER[1], L.HILITE)
        x, y, rows = L.PAGE_ROWS
        self._page_rows = _Rows(self, x - 3, y - 2, L.WIDTH - 2 * x + 6, rows, False,
                                L.PAGE_LINE_H, L.PAGE_BAR_W)
        g.append(self._page_rows.group)
        self._page_footer = _Text(self, g, L.PAGE_FOOTER[0], L.PAGE_FOOTER[1], L.TEXT_SOFT)
        self.page_group = g

    def _build_table(self):
        L = self.L
        suits = self._suits
        g = displayio.Group()
        g.append(self.solid(0, 0, L.WIDTH, L.HEIGHT, L.BG))
        self._status = _Text(self, g, L.STATUS[0], L.STATUS[1], L.TEXT)
        self._trump = displayio.TileGrid(suits,
                                         pixel_shader=_palette((None, L.TEXT, L.TEXT,
                                                                L.CARD[3] if not L.MONO
                                                                else L.TEXT)),
                                         width=1, height=1, tile_width=suits.height,
                                         tile_height=suits.height,
                                         x=L.TRUMP_ICON[0], y=L.TRUMP_ICON[1])
        g.append(self._trump)
        cards = displayio.Group(scale=L.CARD_SCALE)
        g.append(cards)
        self._talon = self._card(cards, L.TALON[0], L.TALON[1])
        self._talon[0] = 24                 # sprites.TILE_BACK
        self._upcard = self._card(cards, L.UPCARD[0], L.UPCARD[1])
        self._hand = [self._card(cards, L.HAND[0] + i * L.HAND_STEP, L.HAND[1])
                      for i in range(_MAX_SLOTS)]
        self._trick_bot = self._card(cards, L.TRICK_BOT[0], L.TRICK_BOT[1])
        self._trick_me = self._card(cards, L.TRICK_ME[0], L.TRICK_ME[1])
        self._talon_text = _Text(self, g, L.TALON_TEXT[0], L.TALON_TEXT[1], L.TEXT_SOFT,
                                 L.TALON_TEXT[2])
        self._message = _Text(self, g, L.MESSAGE[0], L.MESSAGE[1], L.TEXT)
        self._more_bar = self.solid(L.MORE[0] - 1, L.MORE[1] - 1, 28, L.LINE_H, L.HILITE)
        self._more_bar.hidden = True
        g.append(self._more_bar)
        self._more = _Text(self, g, L.MORE[0], L.MORE[1], L.TEXT)
        self._points = _Text(self, g, L.POINTS[0], L.POINTS[1], L.TEXT_SOFT, L.POINTS[2])
        self.table_group = g
        self._popup = self._toast = None
        self.toast_chars = _scroll_chars(L.TOAST[2], self.cell_w)
        self.popup_chars = _scroll_chars(L.POPUP[2], self.cell_w)
        self._cache = [-1] * 8      # status numbers, talon, points, trump

    def _overlays(self, on):
        """Build the popup menu and the message box on top of the table scene, or drop
        them (on false): they exist only while the table shows one of them, so neither
        the bot's turns nor the pages carry their heap (about 5 KB on the TFT)."""
        g = self.table_group
        if not on:
            g.remove(self._popup.group)
            if self._toast is not self._popup:
                g.remove(self._toast.group)
            self._popup = self._toast = None
            return
        L = self.L
        x, y, w, rows = L.POPUP
        self._popup = _Rows(self, x, y, w, rows, True, L.LINE_H)
        self._popup.group.hidden = True
        g.append(self._popup.group)
        if L.TOAST == L.POPUP:          # one box serves both (never shown together)
            self._toast = self._popup
        else:
            x, y, w, rows = L.TOAST
            self._toast = _Rows(self, x, y, w, rows, True, L.LINE_H)
            self._toast.group.hidden = True
            g.append(self._toast.group)

    # -------------------------------------------------------------- screens

    def _set_root(self, group):
        if self._root is not group:
            self._root = group
            self.display.root_group = group

    def drop_scene(self):
        """Drop the scene shown (the page's or the table's; the display shows nothing
        until the next draw builds its own), so that the next screen's code is imported
        into its memory."""
        self._set_root(None)
        self.page_group = self._deco = self._page_rows = None
        self._page_header = self._page_footer = None
        for name in _TABLE_SCENE:
            setattr(self, name, None)

    def page(self, header, lines, sel, footer, deco=None):
        """A page screen: header text, rows (sel = highlighted row or -1), footer, and
        optionally decoration cards (a tuple of card ints, TFT only)."""
        if self.page_group is None:
            if self._root is self.table_group:      # from the table: drop its scene
                self.drop_scene()
            self._build_page()
        self._page_header.set(header)
        self._page_rows.show(lines, sel)
        self._page_footer.set(footer)
        for i in range(len(self._deco)):
            grid = self._deco[i]
            if deco is not None and i < len(deco):
                grid[0] = deco[i]
                grid.hidden = False
            else:
                grid.hidden = True
        self._set_root(self.page_group)

    @staticmethod
    def _show_card(grid, card):
        if card == NO_CARD:
            if not grid.hidden:
                grid.hidden = True
            return
        if grid[0] != card:
            grid[0] = card
        if grid.hidden:
            grid.hidden = False

    @staticmethod
    def _place(grid, x, y):
        if grid.x != x:
            grid.x = x
        if grid.y != y:
            grid.y = y

    def table(self, t):
        """Draw the table screen t (table.py Table)."""
        if self.page_group is not None:     # the table needs none of the page scene
            self.drop_scene()
        if self.table_group is None:
            self._build_table()
        L = self.L
        app = t.app
        view = app.view
        cache = self._cache
        # status line: game points of both sides (numbers cached: text only on change)
        match = app.match
        s0 = match.scores[0]
        s1 = match.scores[1]
        down = app.rules.match_count == 1
        if cache[0] != s0 or cache[1] != s1 or cache[2] != match.target or cache[3] != down:
            cache[0] = s0
            cache[1] = s1
            cache[2] = match.target
            cache[3] = down
            if down:
                text = tx(_W_STATUS_TO_GO) % (match.target - s0, match.target - s1)
            else:
                text = tx(_W_STATUS_OF) % (s0, s1, match.target)
            self._status.set(text)
        trump = view.trump()
        if cache[4] != trump:
            cache[4] = trump
            self._trump[0] = trump
        # talon and upcard
        n = view.talon_len()
        state = view.talon_state()
        key = n * 4 + state
        if cache[5] != key:
            cache[5] = key
            if state == 1:
                self._talon_text.set(tx(_W_TALON_CLOSED))
            elif n:
                self._talon_text.set(tx(_W_TALON_LEFT) % n)
            else:
                self._talon_text.set("")
        self._talon.hidden = n == 0
        self._show_card(self._upcard, view.upcard() if state == 0 else NO_CARD)
        # trick in progress, the last trick on request, or the trick animation
        scale = L.CARD_SCALE
        self._show_card(self._trick_bot, t.trick_bot)
        self._show_card(self._trick_me, t.trick_me)
        self._place(self._trick_bot, t.bot_x // scale, t.bot_y // scale)
        self._place(self._trick_me, t.me_x // scale, t.me_y // scale)
        # hand with cursor; illegal cards dimmed (TFT) and set lower (both layouts)
        legal = t.legal
        for i in range(_MAX_SLOTS):
            grid = self._hand[i]
            if i < t.nslots:
                card = t.slots[i]
                self._show_card(grid, card)
                selected = i == t.cursor and t.cursor_visible
                illegal = legal and not legal >> card & 1
                if selected:
                    pal = self._pal_sel
                elif illegal:
                    pal = self._pal_dim
                else:
                    pal = self._pal
                if grid.pixel_shader is not pal:
                    grid.pixel_shader = pal
                y = (L.HAND[1] - (L.RAISE if selected else 0)
                     + (L.ILLEGAL_DROP if illegal else 0)) // scale
                if grid.y != y:
                    grid.y = y
            elif not grid.hidden:
                grid.hidden = True
        on_more = t.cursor == t.nslots and t.cursor_visible
        self._more_bar.hidden = not on_more
        self._more.set(t.menu_label)
        self._more.set_color(L.HILITE_TEXT if on_more else L.TEXT)
        # own points (reveal_points, R22)
        pts = view.total(view.seat) if app.settings.reveal else -1
        if cache[6] != pts:
            cache[6] = pts
            self._points.set("" if pts < 0 else tx(_W_POINTS) % pts)
        self._message.set(t.message)
        # overlays (the table never shows both at once; built only while one shows)
        shown = t.popup_items is not None or t.toast_lines is not None
        if shown != (self._popup is not None):
            self._overlays(shown)
        if shown:
            self._popup.group.hidden = True
            self._toast.group.hidden = True
            if t.popup_items is not None:
                self._popup.show(t.popup_lines, t.popup_sel + t.popup_first, t.popup_first)
                self._popup.group.hidden = False
            else:
                self._toast.show(t.toast_lines, -1, 0, t.toast_top)
                self._toast.group.hidden = False
        self._set_root(self.table_group)

    def refresh(self):
        self.display.refresh()


def unload(name):
    """Forget module `name` (dotted) so that its code and tables are freed once nothing
    else holds them; the next import loads it again."""
    import sys
    if name in sys.modules:
        del sys.modules[name]
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)


def wrap(text, width, out):
    """Word-wrap text into lines of at most width chars, appended to out (cold path)."""
    line = ""
    for word in text.split(" "):
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line = line + " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out
