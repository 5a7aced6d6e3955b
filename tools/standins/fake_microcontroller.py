"""Stand-in for microcontroller (installed as microcontroller.py).

nvm: 8192 bytes (SAMD51), blank (0xFF).  On a board it is flash behind a firmware
object, so the heap holds only what the app reads out of it or writes into it; here it
is kept in 256-byte pages that exist once written (the app writes two), so that the
stand-in does not hold 8 KB of heap that a board does not spend.
"""
PAGE = 256


class _Nvm:
    def __init__(self, size):
        self._size = size
        self._pages = {}

    def __len__(self):
        return self._size

    def _span(self, index):
        if isinstance(index, slice):
            start = 0 if index.start is None else index.start
            stop = self._size if index.stop is None else min(index.stop, self._size)
            return start, stop
        if not 0 <= index < self._size:
            raise IndexError("nvm index out of range")
        return index, index + 1

    def __getitem__(self, index):
        start, stop = self._span(index)
        out = bytearray(b"\xff" * max(0, stop - start))
        for i in range(start, stop):
            page = self._pages.get(i // PAGE)
            if page is not None:
                out[i - start] = page[i % PAGE]
        return out[0] if not isinstance(index, slice) else bytes(out)

    def __setitem__(self, index, value):
        start, stop = self._span(index)
        if not isinstance(index, slice):
            value = (value,)
        if len(value) != stop - start:
            raise ValueError("nvm slice assignment must keep the length")
        for i in range(start, stop):
            page = self._pages.get(i // PAGE)
            if page is None:
                page = self._pages[i // PAGE] = bytearray(b"\xff" * PAGE)
            page[i % PAGE] = value[i - start]


nvm = _Nvm(8192)
