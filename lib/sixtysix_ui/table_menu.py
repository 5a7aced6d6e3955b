"""The 3/4-player table's action menu, hint and last trick (table_multi.TableMulti).

Imported for one of these and dropped again once no menu is open (TableMulti._menu),
so that the play does not carry this code.  Each entry point takes the table and one
argument and returns what the table then does itself (an engine action 0 .. 36 the
human chose, _U_QUIT for Save and quit, _U_HINT, or -1 for nothing):
  menu(t, forced)   open the menu (B, or A on "Menu": the engine's actions, then Last
                    trick, Cards played (easy, normal), Hint, Save and quit, Back;
                    forced: the partner's meld turn, a loser's declare turn, only the
                    engine's actions, no B)
  key(t, b)         a key b on the open menu
  last(t, _)        the last trick (R22), or why there is none
  hint(t, _)        _U_HINT: the table runs the search (hint_action, with few frames on
                    the pystack), then
  show_hint(t, a)   the hint a: the cursor on its card, or a menu on the action.
The menu's state lives in the table's popup_* fields (table_multi.py).
"""
from micropython import const

from sixtysix_core import bot_multi
from sixtysix_ui import input as I
from sixtysix_ui.render import NO_CARD, _scroll_chars, unload, wrap
from sixtysix_ui.words import played, tx
from sixtysix_ui.words_multi import card_words, meld_words, name

# words: multi table common
_W_HINT_CARD = const(155)
_W_HINT_TITLE = const(143)
_W_TRICK_CLOSED = const(137)
_W_NO_TRICK = const(136)
_W_LAST_TRICK = const(1188)
_W_DECLARE = const(160)
_W_PASS = const(162)
_W_MENU_LAST = const(148)
_W_MENU_HINT = const(150)
_W_MENU_QUIT = const(151)
_W_MENU_PLAYED = const(188)
_W_MENU_TAKE_BACK = const(189)
_W_TAKEN_BACK = const(190)
_W_BACK = const(19)
_W_DECLARE_OR_PASS = const(141)
_W_MELD_OR_PASS = const(142)
_W_SURE_NO = const(146)
_W_SURE_YES = const(147)
_W_SURE_TITLE = const(145)

_HUMAN = const(0)
_PH_DECLARE = const(3)          # deal.py's codes (host_tests/test_core_multi.py checks)
_A_OUT = const(27)
_A_PASS = const(28)
_A_MELD = const(29)
_NUM_ACTIONS = const(33)
_U_LAST = const(100)            # table_multi.py's codes
_U_HINT = const(101)
_U_QUIT = const(102)
_U_BACK = const(103)
_U_SURE = const(104)
_U_PLAYED = const(106)          # the cards played so far, by suit (easy and normal)
_U_TAKE_BACK = const(107)       # take back the human's last card (easy)
_PREV = const(5)
_NEXT = const(10)


def menu(t, forced):
    _open(t, forced)
    return -1


def key(t, b):
    return _step(t, b)


def last(t, _unused):
    _last_trick(t)
    return -1


def hint(t, _unused):
    return _U_HINT


def show_hint(t, action):
    _hint(t, action)
    return -1


def hint_action(t):
    """The hard bot's choice for the human, seeded from the position (the trump page's
    Hint too)."""
    d = t.app.deal
    if t.hint_rng is None:
        from sixtysix_core.rng import Rng
        t.hint_rng = Rng(7)
    t.hint_rng.seed((d.hand[_HUMAN] ^ (d.played_by[1] << 3) ^ (d.played_by[2] << 5))
                    * 131 + d.log_len * 8 + d.phase)
    return bot_multi.choose(t.app.view, 2, t.hint_rng)


def _hint(t, action):
    app = t.app
    t.note = ""
    if action < 0:
        return
    if action < 24:
        for i in range(t.nslots):
            if t.slots[i] == action:
                t.cursor = i
        t.note = (tx(_W_HINT_CARD) % card_words(action))[:t.L.CHARS]
        app.dirty = True
    else:
        _open(t, False, action, tx(_W_HINT_TITLE))


def _last_trick(t):
    d = t.app.deal
    if t.last[4] == NO_CARD:
        t.note = tx(_W_TRICK_CLOSED if d.trick_n or d.log_len > d.nseats else _W_NO_TRICK)
    else:
        t.show_last = True
        t.note = (tx(_W_LAST_TRICK) % name(t.last[4], d.nseats))[:t.L.CHARS]
        t.after_change()
    t.app.dirty = True


def _open(t, forced, select=-1, title=None):
    """The action menu: the engine's actions (forced: only those, no B), then Last
    trick, Cards played (easy and normal), Hint, Save and quit, Back.  It opens on
    `select`, else on the first action that is not Declare 66 (on Declare 66 with 66 for
    the side), else on Back or Pass."""
    app = t.app
    d = app.deal
    items = []
    actions = []
    specials = d.legal_specials()
    chars = _scroll_chars(t.L.POPUP[2], app.render.cell_w)
    for a in (_A_MELD + d.trump, _A_MELD, _A_MELD + 1, _A_MELD + 2, _A_MELD + 3,
              _A_OUT, _A_PASS):
        if specials >> (a - 24) & 1 and a not in actions:
            items.append(tx(_W_DECLARE) if a == _A_OUT else tx(_W_PASS) if a == _A_PASS
                         else meld_words("", a - _A_MELD, d.trump, chars))
            actions.append(a)
    if not forced:
        if t.last[4] != NO_CARD:
            items.append(tx(_W_MENU_LAST))
            actions.append(_U_LAST)
        if app.settings.level == 0:
            from sixtysix_core import takeback  # only for this, dropped after
            if takeback.kept(d, _HUMAN) >= 0:
                items.append(tx(_W_MENU_TAKE_BACK))     # against easy: learning
                actions.append(_U_TAKE_BACK)
            unload("sixtysix_core.takeback")
        mask = d.played_by[0] | d.played_by[1] | d.played_by[2] | d.played_by[3]
        if app.settings.level < 2 and mask:
            items.append(tx(_W_MENU_PLAYED))    # a learner's help: not against hard
            actions.append(_U_PLAYED)
        items.append(tx(_W_MENU_HINT))
        actions.append(_U_HINT)
        items.append(tx(_W_MENU_QUIT))
        actions.append(_U_QUIT)
        items.append(tx(_W_BACK))
        actions.append(_U_BACK)
    elif title is None:
        title = tx(_W_DECLARE_OR_PASS if d.phase == _PH_DECLARE else _W_MELD_OR_PASS)
    if _A_OUT in actions and d.total(_HUMAN) >= 66:
        select = _A_OUT
    sel = -1
    if select in actions:
        sel = actions.index(select)
    else:
        for i in range(len(actions)):
            if actions[i] < _NUM_ACTIONS and actions[i] != _A_OUT:
                sel = i
                break
        if sel < 0:
            sel = len(actions) - 1
    _show(t, items, actions, sel, forced, title)


def _show(t, items, actions, sel, forced, title):
    t.popup_items = items
    t.popup_actions = actions
    t.popup_sel = sel
    t.popup_forced = forced
    t.popup_first = 0 if title is None else 1
    t.popup_lines = items if title is None else [title] + items
    t.app.dirty = True


def _step(t, b):
    app = t.app
    d = app.deal
    n = len(t.popup_items)
    if b & _PREV:
        t.popup_sel = (t.popup_sel - 1) % n
        app.dirty = True
    elif b & _NEXT:
        t.popup_sel = (t.popup_sel + 1) % n
        app.dirty = True
    elif b & I.BTN_B and not t.popup_forced:
        t.popup_items = None
        app.dirty = True
    elif b & I.BTN_A:
        a = t.popup_actions[t.popup_sel]
        if a == _A_OUT and d.total(_HUMAN) < 66:
            _show(t, [tx(_W_SURE_NO), tx(_W_SURE_YES)], [_U_BACK, _U_SURE], 0,
                  t.popup_forced, tx(_W_SURE_TITLE))
            return -1
        forced = t.popup_forced
        t.popup_items = None
        t.popup_forced = False
        app.dirty = True
        if a == _U_SURE:
            a = _A_OUT
        if a == _U_LAST:
            _last_trick(t)
        elif a == _U_TAKE_BACK:
            from sixtysix_core import takeback
            takeback.replay(d, takeback.kept(d, _HUMAN))
            unload("sixtysix_core.takeback")
            app.save()
            t.last[4] = NO_CARD
            t.bot_note = ""
            t.enter()
            t.note = tx(_W_TAKEN_BACK)
        elif a == _U_PLAYED:
            mask = d.played_by[0] | d.played_by[1] | d.played_by[2] | d.played_by[3]
            t.toast_lines = played(mask, app.render.toast_chars, wrap)
            t.toast_top = 0
        elif a == _U_BACK and forced:
            _open(t, True)
        elif a == _U_BACK:
            t.after_change()        # off "Menu" to a card: A then plays, not the menu
        elif a == _U_QUIT or a == _U_HINT or a < _U_LAST and d.is_legal(a):
            return a
    return -1
