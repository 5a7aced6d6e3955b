"""The handheld app: screens driven only by step(buttons, now_ms).

buttons  logical button bits pressed since the last step (input.py: BTN_*)
now_ms   ticks in ms (supervisor.ticks_ms on the device, a fake clock in tests)
screen   the id of the screen shown (S_* below); `current` is that screen's object
seats    the human is seat HUMAN = 0, the bot seat BOT = 1

Each screen is a small object that owns its state (table.py Table, title.py Title,
pages.py Summary, help.py Page) with enter(), step(buttons, now_ms) and draw().  The App only
dispatches step() to the current screen and holds what the screens share: the engine
(the core's Deal and Match, the two PlayerViews, the rules of the match and the rules
chosen for the next one), the settings, the renderer, the storage and the match flow
(new match, next hand, finishing and saving).  A screen sets app.dirty when it must be
drawn again; step() draws once and refreshes.  A screen that moves the match on (to the
table, the hand's end, the title) sets app.then to the App's method for it: step() runs it
once the screen's step has returned, so that the screen's module is off the stack and
can be dropped before the next one loads (the title's code is gone before the table's
and the bot's are imported, the table's before the hand's end).

Hooks: App.event(kind) is called on the table's events (table.py EV_TURN, EV_TRICK_WON,
EV_MARRIAGE, EV_HAND_END) and forwards them to `sound.play(kind)` when the board has a
speaker (sound.py; None: silent; step() polls it).  extra (Title.add) and
summary_extra take more menu entries, (text id, handler): "Statistics" (stats_page.py)
and "Sound" on the title, "Review" (review_page.py) on the hand summary; those pages are
imported when first opened (open_page).  The summary (pages.Summary) is made at a hand's
end and dropped with pages.py for the play, as the title is.  The statistics (stats.py)
live in their own nvm region and count every finished hand and match; their module is
loaded only when they are read or written (App.stats).

The game is saved after every trick, at the end of every hand and when leaving for the
title; a finished hand is printed between BEGIN/END SIXTYSIX RECORD lines.

Two kinds of match, one object each (app.kind, the interface in kind_multi.py): two
players (kind_two.Kind: table.py, the core's Deal, Match and PlayerViews) and three or
four (kind_multi.Kind: table_multi.py, DealMulti, MatchMulti, MultiViews, bots in every
seat but 0).  The App asks the kind and never how many seats there are; only set_kind()
imports one, by the rules' number of players.  On a board a new match of the other kind
reloads first (title.reload), so that one start never holds both kinds' modules; the newest
valid save says which kind starts (Storage.latest).
"""
from micropython import const

from sixtysix_core import persist
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng
from sixtysix_ui import input as I
from sixtysix_ui.render import Renderer, unload
from sixtysix_ui.storage import Storage
from sixtysix_ui.words import tx

# words: title end common
_W_STATISTICS = const(402)
_W_SOUND = const(403)
_W_ON = const(17)
_W_OFF = const(18)
_W_NO_MEMORY = const(406)
_W_REVIEW = const(299)

HUMAN = const(0)                # the seats (table.py and table_multi.py use the same)
BOT = const(1)
_EV_HAND_END = const(4)         # table.py EV_HAND_END
_PREF_QUIET = const(1)          # stats.PREF_QUIET
_PREF_LESSON = const(112)       # stats.PREF_LESSON: bits 4-6, the lesson's step


S_TITLE = const(0)
S_PLAY = const(1)
S_SUMMARY = const(2)
S_MATCH_END = const(3)
S_HELP = const(4)
S_STATS = const(5)              # stats_page.py
S_REVIEW = const(6)             # review_page.py
# screen 7: the trump choice of 3 and 4 players (trump_page.py TrumpPage)
# screen 8: the title's house rules of 3 and 4 players (house_page.py Page)


def supported_presets():
    """Indexes into rules.preset_names() of the presets this app can play: nothing
    RuleSet.unsupported() refuses (the human is seat 0, bots play the other seats)."""
    out = []
    names = R.preset_names()
    for i in range(len(names)):
        rules = R.preset(names[i])
        if rules.unsupported() is None:
            out.append(i)
    return tuple(out)


class App:
    def __init__(self, hw, font=None, seed=None, nvm=None, layout=None, record_out=print):
        if layout is None:
            if hw.MONO:
                from sixtysix_ui import layout_oled as layout
            else:
                from sixtysix_ui import layout_tft as layout
        if font is None:
            import terminalio
            font = terminalio.FONT
        self.hw = hw
        self.layout = layout
        self.input = I.Input(hw.keys, hw.KEYMAP, hw.joystick)
        self.render = Renderer(hw.display, layout, font)
        nvm = nvm if nvm is not None else getattr(hw, "nvm", None)
        self.storage = Storage(nvm)
        self.prefs = self.stats().prefs         # the statistics' prefs byte (stats.py)
        unload("sixtysix_ui.stats")
        self.stats_note = 0                     # a statistics write that failed, or 0
        self.match_preset = 0                   # index in preset_names() of self.rules
        self.review_done = None                 # (hand key, result, more): review_page.py
        self._record_out = record_out
        self.presets = supported_presets()
        self.settings = persist.Settings()
        self.rules = R.RuleSet()                # the rules of the match being played
        self.choice = R.RuleSet()               # the rules chosen for the next match
        self.kind = None                        # set_kind(): kind_two.Kind or kind_multi.Kind
        self.match = self.deal = self.view = self.bot_view = self.table = None
        self.rng = Rng(seed if seed is not None else 66)
        self.in_match = False
        self.hand_recorded = False
        self.lesson = 0                         # 1 in "Learn 66" (lesson.py), 2 at its end
        self.sound = None                       # sound.Sound, or None (no speaker)
        if getattr(hw, "speaker", None) is not None:
            from sixtysix_ui.sound import Sound  # only where there is a speaker
            self.sound = Sound(hw.speaker, getattr(hw, "speaker_enable", None))
        self.dirty = True
        self.then = None                        # an App method step() runs next
        self.title = None                       # title.Title while the title shows
        self.extra = [(_W_STATISTICS, lambda: self.open_page("sixtysix_ui.stats_page"))]
        self.summary = None                     # pages.Summary at a hand's end
        self.summary_extra = [(_W_REVIEW, lambda: self.open_page("sixtysix_ui.review_page"))]
        if self.sound is not None:
            self.sound.set_on(not self.prefs & _PREF_QUIET)
            self.extra.append((self._sound_label, self._toggle_sound))
        self.current = None
        self.screen = S_TITLE
        from sixtysix_ui import start           # the start's code: loaded once, dropped
        intent = start.start(self)
        del start
        unload("sixtysix_ui.start")
        if intent:                              # asked for before a reload (title.py):
            self.new_match()                    # the title's code is never loaded
        else:
            self.show_title()

    def set_kind(self, multi):
        """Make the kind object of 3 and 4 players (multi) or of two, its module imported
        only then: the one place that asks how many players there are.  (Both modules
        name it Kind; their names are long strings, so no interned name is added.)"""
        self.kind = __import__("sixtysix_ui.kind_multi" if multi else "sixtysix_ui.kind_two",
                               None, None, (1,)).Kind(self)

    # ---------------------------------------------------------------- driving

    def run(self):
        """The device loop: poll buttons, step, repeat (no other sleeping)."""
        import supervisor
        import time
        while True:
            now = supervisor.ticks_ms()
            self.step(self.input.poll(now), now)
            time.sleep(0.01)

    def busy(self):
        """True while the app moves on by itself (animation, the bot's turn, a review)."""
        return self.current.busy()

    def step(self, buttons, now_ms):
        self.current.step(buttons, now_ms)
        then = self.then
        if then is not None:
            self.then = None
            then()
        if self.sound is not None:
            self.sound.poll(now_ms)
        if self.dirty:
            self.dirty = False
            self.current.draw()
            self.render.refresh()

    def show(self, screen):
        """Make `screen` (an object with ID, enter, step, draw) the current one."""
        self.current = screen
        self.screen = screen.ID
        screen.enter()
        self.dirty = True

    def event(self, kind):
        if self.sound is not None:
            self.sound.play(kind)

    # ---------------------------------------------------- pages, sound

    def open_page(self, name):
        """The page of module `name` (help, stats_page, house_page, review_page: each
        module's class Page), imported now and dropped when it closes.  When the heap cannot
        even hold its code, what the import loaded goes again and the page shown says
        so in its footer ("No memory to ..." and the module's last word)."""
        import sys
        had = list(sys.modules)
        try:
            self.show(__import__(name, None, None, (1,)).Page(self))
        except MemoryError:
            for module in list(sys.modules):
                if module not in had:
                    unload(module)
            self.current.footer = tx(_W_NO_MEMORY)
            self.dirty = True

    def stats(self):
        """The statistics (stats.Stats), read from their region now.  Their module is
        loaded only for the start, a hand's end, the statistics page and a change of the
        preferences, and dropped after (drop_stats): the play does not carry it."""
        from sixtysix_ui.stats import Stats
        return Stats(self.storage)

    def drop_stats(self, st):
        """After a save of Stats `st`: its note kept, its module dropped."""
        self.stats_note = st.note
        unload("sixtysix_ui.stats")

    def set_prefs(self, prefs):
        """Keep the preferences byte (sound, language, the lesson's step) with the
        statistics."""
        if prefs != self.prefs:
            self.prefs = prefs
            st = self.stats()
            st.prefs = prefs
            st.save()
            self.drop_stats(st)

    def _sound_label(self):
        return tx(_W_SOUND) % tx(_W_ON if self.sound.on else _W_OFF)

    def _toggle_sound(self):
        self.sound.set_on(not self.sound.on)
        self.set_prefs(self.prefs ^ _PREF_QUIET)

    # ------------------------------------------------------------ match flow

    def show_title(self):
        """The title, its module imported (title.py); the table and the pages the title
        opens are dropped.  Out of the lesson; after its end, a new match against easy."""
        unload("sixtysix_ui.help")
        unload("sixtysix_ui.stats_page")
        unload("sixtysix_ui.stats")
        if self.lesson and self._unlearn():
            self.settings.level = 0         # the next step, from the title, as its New
            self.then = self.new_match      # match (not under the lesson's frames)
        if self.table is not None:
            self.kind.unload()
            self.current = self.table = None
        if self.title is None:
            from sixtysix_ui.title import Title
            self.title = Title(self)
        self.show(self.title)

    def learn(self):
        """The title's "Learn 66": the lesson (lesson.py: a table on the App's deal),
        at the step it was left at (the prefs' bits 4-6), its module imported now; the
        title's code is dropped first, as for the play, and the match saved."""
        self.title = self.current = None
        unload("sixtysix_ui.title")
        unload("sixtysix_ui.pages")
        unload("sixtysix_core.rules_text")
        self.render.drop_scene()
        self.save()                         # the match (and settings) to go back to
        self.lesson = 1
        self.table = __import__("sixtysix_ui.lesson", None, None, (1,)).Lesson(
            self, (self.prefs & _PREF_LESSON) >> 4)
        self.show(self.table)

    def _unlearn(self):
        """Out of the lesson: its module, the table's and its scene dropped, then the
        match, rules and settings read back from the save App.learn made (start.resume;
        without one, no match), its step kept in the prefs; True at its end."""
        done = self.lesson == 2
        step = self.table.step_no % 7       # 7 steps; after the last one: the first
        settings = self.table.kept
        self.lesson = 0
        unload("sixtysix_ui.lesson")
        self.kind.unload()
        self.current = self.table = None
        self.render.drop_scene()            # its scene too: the next code has its heap
        from sixtysix_ui import start
        if not start.resume(self, False):
            self.settings = settings
            self.in_match = False
            self.choice.copy_into(self.rules)
            self.deal.configure()
        unload("sixtysix_ui.start")
        unload("sixtysix_core.persist_load")
        self.set_prefs(self.prefs & ~_PREF_LESSON | step << 4)
        return done

    def quit_to_title(self):
        self.save()
        self.show_title()

    def new_match(self):
        self.match_preset = self.settings.preset    # the choice's preset (title.py)
        self.choice.copy_into(self.rules)
        multi = self.rules.players > 2
        if multi != self.kind.MULTI:
            from sixtysix_ui import title
            if title.reload(self, multi):
                return
            self.set_kind(multi)            # the laptop: both kinds in one heap
            self.table = self.deal = None
        self.kind.configure()
        self.match.start(self.rng)
        self.in_match = True
        self.next_hand()
        if self.storage.other is not None and multi == (self.storage.other[0] > 2):
            # the laptop's switch of kind: the match given up is now the other kind's
            from sixtysix_ui import start
            start.scan(self.storage)
            unload("sixtysix_ui.start")

    def next_hand(self):
        self.hand_recorded = False
        self.deal.new_hand(self.match.dealer, self.rng)
        self.save()
        self.enter_play()

    def enter_play(self):
        """The table (made again after the title); the title's code is dropped for the
        play (show_title loads it)."""
        self.title = None
        self.current = self.summary = None      # not the title nor the summary: their
        unload("sixtysix_ui.title")             # code goes now, with the pages'
        unload("sixtysix_ui.pages")             # and the rules' spellings (title,
        unload("sixtysix_core.rules_text")      # start, record: rules.py)
        if self.table is None:
            self.render.drop_scene()            # the page's scene: its memory too
            self.table = self.kind.table()
        self.show(self.table)

    def save(self):
        if not self.lesson:                 # the lesson's deal is no match's
            self.kind.save()

    def finish_hand(self):
        d = self.deal
        self.hand_recorded = True
        self.kind.unload()                  # the table's code, scene and scratch: the
        self.current = self.table = None    # summary and the review have its heap
        self.render.drop_scene()
        st = self.stats()
        won = self.kind.record(st)          # the match and the statistics
        # The record writer is loaded only for this serial console copy (RECORD_FORMAT.md).
        from sixtysix_core import record
        self._record_out("BEGIN SIXTYSIX RECORD\n" + record.format_record(d)
                         + "END SIXTYSIX RECORD")
        unload("sixtysix_core.record")
        unload("sixtysix_core.rules_text")
        if self.match.is_over():
            self.in_match = False
            st.match(self.match_preset, self.settings.level, won)
        st.save()
        self.drop_stats(st)
        self.save()
        self.event(_EV_HAND_END)
        from sixtysix_ui.pages import Summary
        self.summary = Summary(self)
        self.show(self.summary)
