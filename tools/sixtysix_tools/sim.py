"""The simulator: the device's lib/ code on a laptop, in a window or headless.

    python3 tools/sixtysix.py play                       window, PyGamer layout
    python3 tools/sixtysix.py sim --board pygamer|pybadge|oled|three [--seed N] [--save FILE]
    python3 tools/sixtysix.py sim --board oled --headless --keys "a wait:500 right a" \\
        --screenshot out.png
    python3 tools/sixtysix.py sim --docs-screens docs/screens    README screenshots
    python3 tools/sixtysix.py sim --rules FOUR_PLAYER_PL ...      a new match of a preset
    python3 tools/sixtysix.py sim --lang pl ...                   in Polish (en pl cs de et)

--rules PRESET starts a new match of that preset (THREE_PLAYER_PL, FOUR_PLAYER_PL, ...)
at once, as "Rules" and "New match" on the title would; --keys then play from its table.

Keys in the window: arrows = joystick/d-pad, z or a = A, x or b = B, enter = Start,
space or backspace = Select, escape = quit.

--keys mini-language (tokens separated by spaces; also run before the window opens):
  left right up down a b start select   press that button (then 150 ms pass)
  NAME*N                                 press it N times, e.g. right*3
  wait:MS                                let MS milliseconds of (fake) time pass
  settle                                 wait until the game waits for you (max 60 s)
  hand                                   play the highlighted card until the hand ends
                                         (A on the trump page too: its first choice)
  shot:FILE                              write the current screen as a PNG
Headless runs use a fake clock that starts at 0, so a script gives the same pictures
every time for the same --seed.
"""
import contextlib
import os
import sys

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")     # the game makes no sound
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")    # no banner on stdout


def _quiet_library_imports():
    """Import Blinka's microcontroller (which the display libraries import) with its
    "WARNING: GENERIC_X86 is not fully supported" lines sent to standard error: standard
    output carries the hand records, which `replay` and the others read as they are.
    Called where the display libraries are first needed, after the arguments are
    checked, so that a refusal stays one line."""
    if "microcontroller" in sys.modules:
        return
    with contextlib.redirect_stdout(sys.stderr):
        try:
            import microcontroller  # noqa: F401
        except Exception:               # not installed (no venv): nothing prints it
            pass


from sixtysix_tools import simhw  # noqa: E402
from sixtysix_tools.catalog import CODES as LANGS  # noqa: E402

KEY_NAMES = ("left", "right", "up", "down", "a", "b", "start", "select")
KEYMAP_TEXT = ("keys: arrows = move, z/a = A (play, choose), x/b = B (menu, back), "
               "enter = Start (title), space/backspace = Select (hint), esc = quit")
_STEP_MS = 20
_ALIASES = {"z": "a", "x": "b", "enter": "start", "space": "select"}


# board "three": the OLED with left, right and A only (key numbers as in KEY_NAMES)
THREE_KEYMAP = ("left", "right", "", "", "a", "", "", "")


class Driver:
    """Builds a host board and the App, and plays --keys scripts on a fake clock.
    board: "pygamer", "oled", or "three" (the OLED with three buttons)."""

    def __init__(self, board="pygamer", seed=None, display=None, font=None, nvm=None,
                 record_out=None, rules=None, lang=None):
        _quiet_library_imports()
        import displayio
        from sixtysix_ui.app import App
        self.kind = "oled" if board in ("oled", "three") else "tft"
        if display is None:
            displayio.release_displays()
            display = simhw.make_oled() if self.kind == "oled" else simhw.make_tft()
        self.display = display
        self.hw = simhw.HostBoard(self.kind, display)
        if board == "three":
            self.hw.KEYMAP = THREE_KEYMAP
        if nvm is not None:
            self.hw.nvm = nvm
        self.font = font if font is not None else simhw.AsciiFont()
        self.records = []
        self.app = App(self.hw, font=self.font, seed=seed,
                       record_out=record_out if record_out else self.records.append)
        self.now = 0
        if lang is not None:                # as chosen on the title: kept in the prefs
            from sixtysix_ui import title
            title.set_lang(self.app, lang)
            self.app.show_title()
        self.tick(0)
        if rules is not None:
            self.new_match(rules)

    def new_match(self, preset_name):
        """A new match of the preset at once (ValueError for one the app cannot play)."""
        from sixtysix_core import rules as R
        app = self.app
        i = R.preset_names().index(preset_name) if preset_name in R.preset_names() else -1
        if i not in app.presets:
            raise ValueError("the app cannot play %r" % preset_name)
        app.settings.preset = i
        R.preset(preset_name).copy_into(app.choice)
        app.new_match()
        self.tick()

    def tick(self, buttons_ms=_STEP_MS):
        app = self.app
        app.step(app.input.poll(self.now), self.now)
        self.now += buttons_ms

    def press(self, name):
        k = KEY_NAMES.index(name)
        self.hw.keys.press(k)
        self.tick()
        self.hw.keys.release(k)
        self.idle(150)

    def idle(self, ms):
        end = self.now + ms
        while self.now < end:
            self.tick()

    def settle(self, limit_ms=60000):
        end = self.now + limit_ms
        while self.app.busy() and self.now < end:
            self.tick()

    def play_hand(self, limit=400):
        """Press A on the highlighted (sensible legal) card until the hand is over."""
        from sixtysix_ui import app as A
        for _ in range(limit):
            self.settle()
            if self.app.screen not in (A.S_PLAY, 7):
                return
            self.press("a")

    def run(self, script):
        for token in script.split():
            if token.startswith("wait:"):
                self.idle(int(token[5:]))
            elif token == "settle":
                self.settle()
            elif token == "hand":
                self.play_hand()
            elif token.startswith("shot:"):
                self.screenshot(token[5:])
            else:
                name, _, times = token.partition("*")
                name = _ALIASES.get(name, name)
                if name not in KEY_NAMES:
                    raise ValueError("unknown key %r; use %s, wait:MS, settle, hand, shot:F"
                                     % (token, " ".join(KEY_NAMES)))
                for _ in range(int(times) if times else 1):
                    self.press(name)

    def rows(self):
        return self.display.rgb_rows()

    def screenshot(self, path):
        w, h = (simhw.OLED_SIZE if self.kind == "oled" else simhw.TFT_SIZE)
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        return simhw.write_png(path, w, h, self.rows())


def _window(board, seed, script, nvm, rules=None, lang=None):
    _quiet_library_imports()
    import displayio
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    from sixtysix_ui.app import App
    w, h = simhw.OLED_SIZE if board in ("oled", "three") else simhw.TFT_SIZE
    displayio.release_displays()
    real = PyGameDisplay(width=w * 4, height=h * 4, auto_refresh=False,
                         caption="Sixty-Six (%s)" % board)
    scaled = simhw.ScaledDisplay(real, 4)
    driver = Driver(board, seed, display=scaled, nvm=nvm, record_out=print, rules=rules,
                    lang=lang)
    if script:
        driver.run(script)
    app: App = driver.app
    keys = {pygame.K_LEFT: 0, pygame.K_RIGHT: 1, pygame.K_UP: 2, pygame.K_DOWN: 3,
            pygame.K_z: 4, pygame.K_a: 4, pygame.K_x: 5, pygame.K_b: 5,
            pygame.K_RETURN: 6, pygame.K_SPACE: 7, pygame.K_BACKSPACE: 7}
    import time
    start = time.monotonic()
    while True:
        if real.check_quit(delay=0.01):
            return 0
        for event in pygame.event.get((pygame.KEYDOWN, pygame.KEYUP)):
            if event.key == pygame.K_ESCAPE:
                pygame.quit()
                return 0
            k = keys.get(event.key)
            if k is not None:
                if event.type == pygame.KEYDOWN:
                    driver.hw.keys.press(k)
                else:
                    driver.hw.keys.release(k)
        now = int((time.monotonic() - start) * 1000) & 0x1FFFFFFF
        app.step(app.input.poll(now), now)


DOCS_SCRIPTS = (
    ("title", "", ()),
    ("table", "a settle", ()),
    ("menu", "a settle b", ()),
    ("summary", "a settle hand", ()),
    ("follow", "a settle a settle a settle a settle", 49),  # cards that may not be played
    ("review", "a settle hand down a settle", 4),          # a hand with a costly card
    ("stats", "a settle hand a settle hand a settle start down*9 a", ()),
    # the title's Rules to 4 players PL, then its House rules page (house_page.py)
    ("house_rules", "down down a*6 down*2 a", ()),
)


# 3 and 4 players: name, preset, script, seed
DOCS_MULTI = (
    ("multi4_table", "FOUR_PLAYER_PL", "settle", 1),        # the trick so far, by seat
    ("multi4_trump", "FOUR_PLAYER_PL", "settle", 3),        # the trump page
    ("multi3_table", "THREE_PLAYER_PL", "settle a settle", 4),
    ("multi3_summary", "THREE_PLAYER_PL", "settle hand", 4),
)


def docs_screens(out_dir, seed=3):
    """The README screenshots: title, table, menu, summary, a follow, the review, the
    statistics and the house rules page of 3 and 4 players, and the 3- and 4-player
    table, trump page and summary, for both layouts."""
    written = []
    for board in ("pygamer", "oled"):
        shots = [(name, script, own_seed or seed, None) for name, script, own_seed
                 in DOCS_SCRIPTS] + [(name, script, own_seed, preset) for name, preset,
                                     script, own_seed in DOCS_MULTI]
        for name, script, own_seed, preset in shots:
            d = Driver(board, own_seed, nvm=bytearray(b"\xff" * 8192), rules=preset)
            d.run(script)
            path = os.path.join(out_dir, "%s_%s.png" % (board, name))
            d.screenshot(path)
            written.append(path)
    return written


def check_keys(script):
    """BadInput with one sentence for the first bad --keys token, before the game starts."""
    from sixtysix_tools import cli
    from sixtysix_tools.cli import BadInput
    for token in script.split():
        name, star, times = token.partition("*")
        if token.startswith("wait:"):
            if not token[5:].isdigit():
                raise BadInput("--keys %s: wait takes milliseconds, e.g. wait:500" % token)
        elif token.startswith("shot:"):
            cli.writable(token[5:], "--keys shot:")
        elif token in ("settle", "hand"):
            pass
        elif _ALIASES.get(name, name) not in KEY_NAMES:
            raise BadInput("--keys: unknown key %r; use %s, NAME*N, wait:MS, settle, hand, "
                           "shot:FILE" % (token, " ".join(KEY_NAMES)))
        elif star and not (times.isdigit() and int(times) >= 1):
            raise BadInput("--keys %s: after * comes how many presses, e.g. right*3" % token)


def _check_rules(name):
    """BadInput with one sentence unless the app can play preset `name`."""
    from sixtysix_core import rules as R
    from sixtysix_tools.cli import BadInput
    from sixtysix_ui.app import supported_presets
    names = R.preset_names()
    ok = [names[i] for i in supported_presets()]
    if name not in ok:
        raise BadInput("--rules %s: %s; the app plays %s" % (
            name, "no such preset" if name not in names else "the app cannot play it",
            ", ".join(ok)))


def _check_display():
    """BadInput if `play` cannot open a window (Linux without X11 or Wayland)."""
    from sixtysix_tools.cli import BadInput
    if (sys.platform.startswith("linux") and not os.environ.get("DISPLAY")
            and not os.environ.get("WAYLAND_DISPLAY")
            and os.environ.get("SDL_VIDEODRIVER") in (None, "", "x11", "wayland")):
        raise BadInput("there is no display to open the game's window on; play in the "
                       "terminal with `python3 tools/sixtysix.py term`, or run a script "
                       "with `python3 tools/sixtysix.py sim --headless --keys ...`")


def main(command, args):
    from sixtysix_tools import cli
    parser = cli.Parser(prog="sixtysix.py " + command,
                        description="Sixty-Six simulator (see tools/"
                        "sixtysix_tools/sim.py for the --keys language)")
    parser.add_argument("--board", choices=("pygamer", "pybadge", "oled", "three"),
                        default="pygamer", help="three: the OLED with left, right and A only")
    parser.add_argument("--headless", action="store_true", help="no window; use --keys")
    parser.add_argument("--keys", default="", help='e.g. "a settle right a wait:1500"')
    parser.add_argument("--screenshot", help="PNG of the last frame (headless)")
    parser.add_argument("--seed", type=cli.number(0), default=None)
    parser.add_argument("--save", help="file that keeps the saved game between runs")
    parser.add_argument("--docs-screens", metavar="DIR", help="write the README screenshots")
    parser.add_argument("--rules", metavar="PRESET",
                        help="start a new match of this preset (e.g. FOUR_PLAYER_PL)")
    parser.add_argument("--lang", choices=LANGS, help="the language of every text (as "
                        "chosen on the title; default: the saved one, else English)")
    opts = parser.parse_args(args)
    if opts.docs_screens:
        for path in docs_screens(opts.docs_screens):
            print(path)
        return 0
    check_keys(opts.keys)
    if opts.rules is not None:
        _check_rules(opts.rules)
    if opts.screenshot:
        cli.writable(opts.screenshot, "--screenshot")
    seed = opts.seed if opts.seed is not None else int.from_bytes(os.urandom(2), "little")
    nvm = bytearray(b"\xff" * 8192)
    if opts.save:
        cli.writable(opts.save, "--save")
        try:
            with open(opts.save, "ab") as f:    # fails now, not after the game
                pass
            with open(opts.save, "rb") as f:
                data = f.read(8192)
        except OSError as e:
            raise cli.BadInput("--save %s: %s" % (opts.save, e.strerror or e)) from None
        nvm[:len(data)] = data
    if not opts.headless:
        _check_display()
    try:
        if opts.headless:
            driver = Driver(opts.board, seed, nvm=nvm, record_out=print, rules=opts.rules,
                            lang=opts.lang)
            driver.run(opts.keys)
            if opts.screenshot:
                driver.screenshot(opts.screenshot)
                print("wrote", opts.screenshot)
            return 0
        print(KEYMAP_TEXT)
        sys.stdout.flush()
        return _window(opts.board, seed, opts.keys, nvm, opts.rules, opts.lang)
    finally:
        if opts.save:
            with open(opts.save, "wb") as f:
                f.write(bytes(nvm))
