"""The handheld app: screens driven only by step(buttons, now_ms).

buttons  logical button bits pressed since the last step (input.py: BTN_*)
now_ms   ticks in ms (supervisor.ticks_ms on the device, a fake clock in tests)
screen   the id of the screen shown (S_* below); `current` is that screen's object
seats    the human is seat HUMAN = 0, the bot seat BOT = 1

Each screen is a small object that owns its state (table.py Table, pages.py Title and
Summary, help.py Help) with enter(), step(buttons, now_ms) and draw().  The App only
dispatches step() to the current screen and holds what the screens share: the engine
(the core's Deal and Match, the two PlayerViews, the rules of the match and the rules
chosen for the next one), the settings, the renderer, the storage and the match flow
(new match, next hand, finishing and saving).  A screen sets app.dirty when it must be
drawn again; step() draws once and refreshes.

Hooks: App.event(kind) is called on the table's events (table.py EV_TURN, EV_TRICK_WON,
EV_MARRIAGE, EV_HAND_END) and forwards them to `sound.play(kind)` when the board has a
speaker (sound.py; None: silent; step() polls it).  Title.add and Summary.add
(pages.py) take more menu entries: "Statistics" (stats_page.py) and "Sound" on the
title, "Review" (review_page.py) on the hand summary; those pages are imported when
first opened.  The statistics (stats.py) live in their own nvm region and count every
finished hand and match.

The game is saved after every trick, at the end of every hand and when leaving for the
title; a finished hand is printed between BEGIN/END SIXTYSIX RECORD lines.

Two kinds of match: two players (table.py, the core's Deal, Match and PlayerViews) and
three or four (table_multi.py: DealMulti, persist_multi.MatchMulti, MultiViews, bots in
every seat but 0; nseats is 3 or 4 then).  configure() imports the table of the kind of
self.rules only; on a board a new match of the other kind reloads first (new_match,
table_multi._reload), so that one start never holds both kinds' modules.  The latest
save says which kind starts (storage.py KIND).
"""
from micropython import const

from sixtysix_core import persist
from sixtysix_core import rules as R
from sixtysix_core.rng import Rng
from sixtysix_ui import input as I
from sixtysix_ui.pages import Summary, Title
from sixtysix_ui.render import Renderer, unload
from sixtysix_ui.stats import PREF_QUIET, Stats
from sixtysix_ui.storage import Storage

HUMAN = const(0)                # the seats (table.py and table_multi.py use the same)
BOT = const(1)
_EV_HAND_END = const(4)         # table.py EV_HAND_END


S_TITLE = const(0)
S_PLAY = const(1)
S_SUMMARY = const(2)
S_MATCH_END = const(3)
S_HELP = const(4)
S_STATS = const(5)              # stats_page.py
S_REVIEW = const(6)             # review_page.py
# screen 7: the trump choice of 3 and 4 players (trump_page.py TrumpPage)
# screen 8: the title's house rules of 3 and 4 players (house_page.py HousePage)


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
        self.stats = Stats(nvm)
        self.match_preset = 0                   # index in preset_names() of self.rules
        self.review_done = None                 # (hand key, result): review_page.py
        self._record_out = record_out
        self.presets = supported_presets()
        self.settings = persist.Settings()
        self.rules = R.RuleSet()                # the rules of the match being played
        self.choice = R.RuleSet()               # the rules chosen for the next match
        self.match = None                       # configure(): the kind's match
        self.nseats = 2                         # of the kind of match built (configure)
        self.deal = self.view = self.bot_view = self.table = None
        self.rng = Rng(seed if seed is not None else 66)
        self.in_match = False
        self.hand_recorded = False
        self.sound = None                       # sound.Sound, or None (no speaker)
        if getattr(hw, "speaker", None) is not None:
            from sixtysix_ui.sound import Sound  # only where there is a speaker
            self.sound = Sound(hw.speaker, getattr(hw, "speaker_enable", None))
        self.dirty = True
        self.title = Title(self)
        self.summary = Summary(self)
        self.title.add("Statistics", self._open_stats)
        if self.sound is not None:
            self.sound.set_on(not self.stats.prefs & PREF_QUIET)
            self.title.add(self._sound_label, self._toggle_sound)
        self.summary.add("Review", self._open_review)
        self.current = self.title
        self.screen = S_TITLE
        st = self.storage
        # storage.py's KIND byte (nvm[1022]): the latest save is of 3 or 4 players
        boot = st.enabled and len(st.nvm) > 1023
        if boot and st.nvm[1022] == 0x4D:
            from sixtysix_ui import table_multi
            table_multi.enter(self, 0)          # the 3/4-player save, resumed
        else:
            saved = self.storage.load()
            if saved is not None:
                self._resume(saved)
        if self.table is None:                  # no match resumed: the choice's kind
            self.choice.copy_into(self.rules)
            self.configure()
        self.show_title()
        if boot and st.nvm[1023] == 0x4E:       # INTENT: asked for before a reload
            st._write(1023, b"\xff", 1)
            self.new_match()

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

    # ---------------------------------------------- statistics, sound, review

    def _open_stats(self):
        from sixtysix_ui.stats_page import StatsPage
        self.show(StatsPage(self))

    def _sound_label(self):
        return "Sound: " + ("on" if self.sound.on else "off")

    def _toggle_sound(self):
        self.sound.set_on(not self.sound.on)
        self.stats.prefs ^= PREF_QUIET
        self.stats.save()

    def _open_review(self):
        from sixtysix_ui.review_page import ReviewPage
        self.show(ReviewPage(self))

    # ------------------------------------------------------------ match flow

    def show_title(self):
        unload("sixtysix_ui.help")          # the title's own pages: loaded when opened
        unload("sixtysix_ui.stats_page")
        self.show(self.title)

    def quit_to_title(self):
        self.save()
        self.show_title()

    def _resume(self, saved):
        self.settings = saved.settings
        if saved.rng_state is not None:
            self.rng.set_state(saved.rng_state)
        if self.settings.preset not in self.presets:
            self.settings.preset = self.presets[0]
        if saved.rules.unsupported() is not None:
            return
        saved.rules.copy_into(self.choice)
        if saved.rules.players == 2 and saved.match is not None and not saved.match.is_over():
            saved.rules.copy_into(self.rules)
            self.match_preset = R.preset_names().index(self.rules.preset)
            self.configure()
            m = saved.match
            for s in range(2):
                self.match.scores[s] = m.scores[s]
            self.match.dealer = m.dealer
            self.match.target = m.target
            self.match.draw_bonus = m.draw_bonus
            self.match.hands = m.hands
            self.match.winner = -1
            if saved.deal is not None:
                saved.deal.copy_into(self.deal)
            else:
                self.deal.new_hand(self.match.dealer, self.rng)
            self.in_match = True
        self.storage.load_choice(self.choice)   # options changed during the match

    def configure(self):
        """The deal, the views and the table screen for the kind of match of self.rules
        (two players: table.py; three or four: table_multi.py), imported only then: on
        a board one start loads one kind (new_match reloads for the other: _reload)."""
        multi = self.rules.players != 2
        if self.table is not None and multi == (self.nseats > 2):
            self.nseats = self.rules.players
            self.deal.configure()
            return
        self.table = self.deal = self.view = self.bot_view = None
        self.nseats = self.rules.players
        if multi:
            from sixtysix_ui import table_multi
            table_multi.enter(self, 1)          # the table, its DealMulti and MultiViews
            return
        # the two-player engine: imported here, so that a 3/4-player start never loads it
        from sixtysix_core import deal as D
        from sixtysix_core import match as M
        from sixtysix_core.view import PlayerView
        from sixtysix_ui.table import Table
        self.match = M.Match(self.rules)
        self.deal = D.Deal(self.rules)
        self.view = PlayerView(self.deal, HUMAN)
        self.bot_view = PlayerView(self.deal, BOT)
        self.table = Table(self)

    def new_match(self):
        self.match_preset = self.settings.preset    # the choice's preset (pages.Title)
        self.choice.copy_into(self.rules)
        if (self.rules.players == 2) != (self.nseats == 2):
            # the other kind on a board: after a reload, on a fresh heap
            try:
                import supervisor
            except ImportError:
                supervisor = None           # the laptop: both kinds in one heap
            if supervisor is not None:
                from sixtysix_ui import table_multi
                if table_multi.enter(self, 2, supervisor):  # table_multi._reload
                    return
        self.configure()
        self.match.start(self.rng)
        self.in_match = True
        self.next_hand()

    def next_hand(self):
        self.hand_recorded = False
        self.deal.new_hand(self.match.dealer, self.rng)
        self.save()
        self.enter_play()

    def enter_play(self):
        self.show(self.table)

    def save(self):
        if self.nseats > 2:                      # table_multi.save_app, through the table
            self.table.save()
            return
        if self.choice.players != 2 and not self.in_match:
            return                          # a 3/4-player choice: kept by _reload
        self.storage.save(self.settings, self.rng.get_state(),
                          self.match if self.in_match else None, self.deal, self.choice)

    def finish_hand(self):
        d = self.deal
        self.hand_recorded = True
        preset = self.match_preset
        if self.nseats > 2:
            self.table.record()             # the match, the statistics (3 and 4 players)
        else:
            self.match.record(d)
            self.stats.hand(preset, self.settings.level, d, HUMAN)
        # The record writer is loaded only for this serial console copy (RECORD_FORMAT.md).
        from sixtysix_core import record
        self._record_out("BEGIN SIXTYSIX RECORD\n" + record.format_record(d)
                         + "END SIXTYSIX RECORD")
        unload("sixtysix_core.record")
        if self.match.is_over():
            self.in_match = False
            self.stats.match(preset, self.settings.level, self.match.winner == HUMAN)
        self.stats.save()
        self.save()
        self.event(_EV_HAND_END)
        self.show(self.summary)
