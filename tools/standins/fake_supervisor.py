"""Stand-in for supervisor on CircuitPython's unix port (installed as supervisor.py): a fake clock
that tools/standins/app_steps.py advances.  No reload(): no lane script starts the other kind
of match (App._reload then finds none and changes nothing), and on a board the
name is in the firmware, not on the heap."""
_now = [0]


def ticks_ms():
    return _now[0]

