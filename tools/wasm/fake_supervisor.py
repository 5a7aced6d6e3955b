"""Stand-in for supervisor on CircuitPython's unix port (installed as supervisor.py): a fake clock
that tools/wasm/app_steps.py advances."""
_now = [0]


def ticks_ms():
    return _now[0]


def reload():
    """A board restarts code.py (the App asks for it to start the other kind of match:
    table_multi._reload); no lane script does that, so here it only ends the run."""
    raise SystemExit("supervisor.reload")
