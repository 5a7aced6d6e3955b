"""Stand-in for analogio on CircuitPython's unix port (installed as analogio.py): the PyGamer
joystick axes; tools/standins/app_steps.py moves them by setting .value."""


class AnalogIn:
    def __init__(self, pin):
        self.value = 32768

    def deinit(self):
        pass
