"""Stand-in for i2cdisplaybus on CircuitPython's unix port (installed as i2cdisplaybus.py)."""


class I2CDisplayBus:
    def __init__(self, i2c_bus, *, device_address, reset=None):
        self.device_address = device_address

    def send(self, command, data):
        pass
