"""Short tones on boards with a speaker (PyGamer, PyBadge); boards without one have none.

A board module exports `speaker` (an audioio.AudioOut on board.SPEAKER, or None) and
`speaker_enable` (the amplifier's DigitalInOut, or None).  One period of a sine wave,
SAMPLES unsigned 16-bit values around 0x8000 (AudioOut's quiet level, so a tone starts
and stops without a click), is computed once into an array and wrapped in one RawSample.
A note of f Hz is that sample looped at sample_rate = f * SAMPLES; poll() stops it or
starts the next note when its time is up.  A cue is a tuple of (Hz, ms) notes, CUES[kind]
for the table's events (table.py EV_*, passed on by App.event):

  1 TURN      your move            2 TRICK     you won a trick
  3 MARRIAGE  a marriage shown     4 HAND_END  the hand is over

play(kind) only marks the cue; App.step calls poll(now) on every step, which starts it
and moves on.  After the start nothing allocates: play() and poll() write ints and
compare ticks (input.ticks_diff).  With `on` false every call returns at once and the amplifier is
off.  Without audiocore (the laptop) a plain stand-in sample is used.
"""
from micropython import const

from sixtysix_ui.input import ticks_add, ticks_diff

SAMPLES = const(16)
_AMPLITUDE = const(6000)            # of 32767: a quiet beep for a small speaker

TURN = ((880, 60),)
TRICK = ((660, 50), (990, 70))
MARRIAGE = ((784, 60), (988, 60), (1175, 90))
HAND_END = ((523, 90), (659, 90), (784, 160))
CUES = (None, TURN, TRICK, MARRIAGE, HAND_END)


class _Sample:
    """audiocore.RawSample's shape, for boards and hosts without audiocore."""

    def __init__(self, buffer, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate


class Sound:
    def __init__(self, out, enable=None):
        import array
        import math
        try:
            from audiocore import RawSample
        except ImportError:
            RawSample = _Sample
        wave = array.array("H", [0x8000] * SAMPLES)
        for i in range(SAMPLES):
            wave[i] = 0x8000 + int(math.sin(2 * math.pi * i / SAMPLES) * _AMPLITUDE)
        self._wave = wave
        self._sample = RawSample(wave, sample_rate=8000)
        self._out = out
        self._enable = enable
        self._cue = None
        self._note = 0
        self._until = 0
        self.on = False
        self.set_on(True)

    def set_on(self, on):
        self.on = bool(on)
        if self._enable is not None:
            self._enable.value = self.on
        if not self.on:
            self._stop()

    def _stop(self):
        if self._cue is not None:
            self._out.stop()
            self._cue = None

    def _start(self, now):
        hz, ms = self._cue[self._note]
        self._out.stop()
        self._sample.sample_rate = hz * SAMPLES
        self._out.play(self._sample, loop=True)
        self._until = ticks_add(now, ms)

    def play(self, kind):
        """Mark the cue of event `kind` (cutting off one that still plays); the next
        poll() starts it."""
        if self.on and 0 < kind < len(CUES):
            self._cue = CUES[kind]
            self._note = -1

    def poll(self, now):
        """Start a marked cue, move on to its next note, or stop; call on every step."""
        if self._cue is None:
            return
        if self._note >= 0 and ticks_diff(now, self._until) < 0:
            return
        self._note += 1
        if self._note >= len(self._cue):
            self._stop()
        else:
            self._start(now)

