"""The handheld app in steps, so that the heap can be measured between the steps.

The CircuitPython lane (host_tests/test_circuitpython.py) and `sixtysix.py bench heap32
--app` run this under CircuitPython's unix port.  It does what code.py does on a board,
on stand-ins for the firmware modules (tools/standins/fake_*.py, installed under their real
names): import the board module by name, import App, build App(hw), and then, instead
of App.run(), the simulator's key scripts (the --keys
language of tools/sixtysix_tools/sim.py: a press is one poll with the key down, then
150 ms of 20 ms polls; `settle` polls until the app waits for the human; `hand` presses
A until the hand is over; `match` plays hands, A on each summary, until the match-end
screen), one poll (App.step) per call.

Keys go through the board module's own wiring: on the PyGamer left/right/up/down are
joystick deflections (the AnalogIn values), A/B/Start/Select its four shift-register
keys; on the OLED board the three buttons left, A, right.  So scripts use only
`left right a` to run on both.

prepare() imports every stand-in (and creates terminalio.FONT, microcontroller.nvm and
the PyGamer's board.DISPLAY, all firmware-resident on a board); main() reads BASE after
it.  Run from the folder that holds this module (compiled to .mpy, as the stand-ins):

    circuitpython -X heapsize=128k -m app_steps BOARD LIB [SCRIPT]

A 3- or 4-player start: `-m app_steps_multi BOARD LIB SCRIPT PRESET` (that module
drives this one, so that its names do not weigh on two-player runs).

LIB is a build's lib/ (sixtysix_core, sixtysix_ui, sixtysix_boards and the device
libraries); the stand-ins are in ./fw.  MAXLIVE is read after a collection after each
poll (the collector also scans the C stack there).
"""
import gc
import sys

STEP_MS = 20                # as sim.Driver
PRESS_IDLE_MS = 150
SETTLE_MS = 60000
# The title: level -> hard, back to "New match", start it; then a whole match to 7.
MATCH_SCRIPT = "right a left a settle match"
FIRMWARE = ("micropython", "displayio", "fontio", "terminalio", "board",
            "busio", "busdisplay", "i2cdisplaybus", "keypad", "analogio", "microcontroller",
            "supervisor", "audioio", "audiocore", "digitalio")

# What `from sixtysix_ui.app import App` loads, imported one at a time in this order
# (each after the modules it needs) so that each one's heap can be told apart.  Keep it
# in step with the app's imports: a module listed here is counted even if the app does
# not import it; one the app imports that is missing here is counted with the module
# that imports it (import_module names it).  Modules the app imports later, on a rare
# path (sixtysix_core.explain), are counted when the script takes that path; so are
# the ones the app unloads after use (sixtysix_ui.sprites once the card sheets are
# built, sixtysix_core.record after each hand's record).
APP_MODULES = ("sixtysix_core.cards", "sixtysix_core.rules", "sixtysix_core.scoring",
               "sixtysix_core.deal", "sixtysix_core.rng", "sixtysix_core.match",
               "sixtysix_core.view", "sixtysix_core.persist",
               "sixtysix_ui.input", "sixtysix_ui.texts", "sixtysix_ui.render",
               "sixtysix_ui.storage",
               "sixtysix_ui.kind_two", "sixtysix_ui.app")
_s = {}                     # board, hw, app, script generator, counters


def _live():
    gc.collect()
    return gc.mem_alloc()


def prepare(board, script):
    """Everything that is firmware on a board, and the driver, before BASE."""
    import fake_os
    sys.modules["os"] = fake_os
    for name in FIRMWARE:
        __import__(name)
    _s["board"] = board
    _s["module"] = "pygamer" if board == "pygamer" else "oled128x64"
    _s["script"] = script
    _s["polls"] = 0
    _s["presses"] = 0
    _s["gen"] = _run_script()


def import_board():
    hw = __import__("sixtysix_boards." + _s["module"], None, None, [_s["module"]])
    _s["hw"] = hw
    return _s["module"]


def import_module(name):
    """Import one module of APP_MODULES; the names of the modules this loaded, first
    the one asked for ('' if it was loaded before)."""
    before = [k for k in sys.modules]
    __import__(name)
    new = sorted(k for k in sys.modules if k not in before)
    if name in new:
        new.remove(name)
        new.insert(0, name)
    return " ".join(new)


def build():
    """App(hw) and its first screen (the first poll, as the simulator does)."""
    from sixtysix_ui.app import App
    _s["app"] = App(_s["hw"])
    _poll(0)
    return "title"


def step():
    """One poll of the script; the heap bytes allocated during it (garbage included;
    0 when the collector ran inside the poll, as it does when the heap runs low), or -1
    when the script is done."""
    start = gc.mem_alloc()
    try:
        next(_s["gen"])
    except StopIteration:
        return -1
    return max(0, gc.mem_alloc() - start)


def position():
    """Where the script is: presses so far, the screen (and on the table the hand and
    how many cards the human holds), polls so far."""
    from sixtysix_core import cards
    from sixtysix_ui import app as A
    app = _s.get("app")
    if app is None:
        return "start"
    names = ("title", "table", "summary", "match end", "help")
    screen = names[app.screen] if app.screen < len(names) else str(app.screen)
    if app.screen == A.S_PLAY:
        screen += ", hand %d, %d cards in hand" % (app.match.hands + 1,
                                                   cards.count(app.deal.hand[0]))
    return "press %d (%s), poll %d" % (_s["presses"], screen, _s["polls"])


def _poll(buttons_ms):
    import supervisor
    app = _s["app"]
    now = supervisor._now[0]
    app.step(app.input.poll(now), now)
    supervisor._now[0] = now + buttons_ms
    _s["polls"] += 1


def _key(name, down):
    hw = _s["hw"]
    if hw.joystick is not None and name in ("left", "right", "up", "down"):
        axis = 0 if name in ("left", "right") else 1
        low = name in ("left", "up")
        hw.joystick[axis].value = (0 if low else 65535) if down else 32768
        return
    hw.keys.events.record(hw.KEYMAP.index(name), down)


def _run_script():
    """A generator: one poll per next()."""
    from sixtysix_ui import app as A
    for token in _s["script"].split():
        app = _s["app"]
        if token == "settle":
            end = _now() + SETTLE_MS
            while app.busy() and _now() < end:
                _poll(STEP_MS)
                yield
            continue
        if token == "hand":
            yield from _hand()
            continue
        if token == "match":
            for _ in range(40):
                while app.busy():
                    _poll(STEP_MS)
                    yield
                if app.screen == A.S_MATCH_END:
                    break
                if app.screen == A.S_PLAY:
                    yield from _hand()
                else:
                    yield from _press("a")
            continue
        if token.startswith("wait:"):
            end = _now() + int(token[5:])
            while _now() < end:
                _poll(STEP_MS)
                yield
            continue
        name, _, times = token.partition("*")
        for _ in range(int(times) if times else 1):
            yield from _press(name)


def _hand():
    from sixtysix_ui import app as A
    app = _s["app"]
    for _ in range(400):
        end = _now() + SETTLE_MS
        while app.busy() and _now() < end:
            _poll(STEP_MS)
            yield
        if app.screen != A.S_PLAY:
            break
        yield from _press("a")


def _press(name):
    _s["presses"] += 1
    _key(name, True)
    _poll(STEP_MS)
    _key(name, False)
    yield
    end = _now() + PRESS_IDLE_MS
    while _now() < end:
        _poll(STEP_MS)
        yield


def _now():
    import supervisor
    return supervisor._now[0]


def summary():
    """'level L, hands N, scores A-B[-C-D]' of the app at the end of the script."""
    from sixtysix_ui.pages import level_name
    app = _s["app"]
    n = app.rules.players
    return "level %s, hand %d, scores %s" % (level_name(app.settings.level), app.match.hands + 1,
                                             "-".join(str(s) for s in app.match.scores[:n]))


def main(board, script):
    """Play the script; prints the live heap (gc.mem_alloc() after gc.collect()) as
    INTERP (before the stand-ins, this module loaded), BASE (the stand-ins loaded),
    BOARD (the board module imported), IMPORTED (the app modules), BUILT (App(hw) and its
    first screen), MAXLIVE bytes where (the most after any poll), FREE (the least
    gc.mem_free() after a poll) and END, then WHERE, STATE (bot level, hand, scores),
    POLLS and the interned-name table (qstr_info's line: pools and names)."""
    interp = _live()
    prepare(board, script)
    print("INTERP", interp)
    print("BASE", _live())
    import_board()
    print("BOARD", _live())
    for name in APP_MODULES:
        import_module(name)
    print("IMPORTED", _live())
    build()
    high, where, free = _live(), "title", gc.mem_free()
    print("BUILT", high)
    while step() >= 0:
        now = _live()
        if now > high:
            high, where = now, position()
        free = min(free, gc.mem_free())
    print("MAXLIVE", high, where)
    print("FREE", free)
    print("END", _live())
    print("WHERE", position())
    print("STATE", summary())
    print("POLLS", _s["polls"])
    import micropython
    micropython.qstr_info()                 # "qstr pool: n_pool=P, n_qstr=N, ..."


if __name__ == "__main__":
    # circuitpython -m app_steps BOARD LIB [SCRIPT], from the folder holding this module
    sys.path[:] = ["fw", sys.argv[2], ""]
    main(sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else MATCH_SCRIPT)
