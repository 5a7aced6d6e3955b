"""Stand-in for keypad on CircuitPython's unix port (installed as keypad.py).

Keys and ShiftRegisterKeys hold an EventQueue that tools/standins/app_steps.py feeds with
record(key, pressed); get_into() drains it like the C queue.
"""


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class EventQueue:
    def __init__(self, max_events=64):
        self._keys = bytearray(max_events)
        self._pressed = bytearray(max_events)
        self._n = 0

    def record(self, key, pressed):
        if self._n < len(self._keys):
            self._keys[self._n] = key
            self._pressed[self._n] = 1 if pressed else 0
            self._n += 1

    def get_into(self, event):
        if self._n == 0:
            return False
        event.key_number = self._keys[0]
        event.pressed = self._pressed[0] == 1
        event.released = not event.pressed
        for i in range(1, self._n):
            self._keys[i - 1] = self._keys[i]
            self._pressed[i - 1] = self._pressed[i]
        self._n -= 1
        return True

    def __len__(self):
        return self._n

    def clear(self):
        self._n = 0


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02,
                 max_events=64):
        self.key_count = len(pins)
        self.events = EventQueue(max_events)


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed,
                 value_to_latch=True, interval=0.02, max_events=64):
        self.key_count = key_count
        self.events = EventQueue(max_events)
