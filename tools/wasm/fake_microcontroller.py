"""Stand-in for microcontroller in the wasm build (installed as microcontroller.py).

nvm: 8192 bytes (SAMD51), blank (0xFF).  On a board it is flash behind a firmware
object, so it is created at import, before the BASE reading: not counted.
"""
nvm = bytearray(b"\xff" * 8192)
