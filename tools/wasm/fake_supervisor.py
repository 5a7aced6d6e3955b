"""Stand-in for supervisor on CircuitPython's unix port (installed as supervisor.py): a fake clock
that tools/wasm/app_steps.py advances."""
_now = [0]


def ticks_ms():
    return _now[0]
