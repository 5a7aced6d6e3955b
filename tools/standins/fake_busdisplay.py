"""Stand-in for busdisplay on CircuitPython's unix port (installed as busdisplay.py).

BusDisplay keeps the root group and counts refreshes; it renders nothing.  On a board
its C object sits in a static display slot, not on the GC heap, and it keeps no
framebuffer (it renders areas into a stack buffer), so only the Python part of a
subclass (adafruit_displayio_ssd1306.SSD1306) is app memory.
"""


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, **kwargs):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = kwargs.get("auto_refresh", True)
        self.refreshes = 0

    def refresh(self, *args, **kwargs):
        self.refreshes += 1
        return True
