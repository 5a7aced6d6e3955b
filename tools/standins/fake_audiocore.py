"""Stand-in for audiocore on the CircuitPython lane (installed as audiocore.py): RawSample
keeps a reference to the caller's buffer, as the C object does (it copies nothing)."""


class RawSample:
    def __init__(self, buffer, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.sample_rate = sample_rate
