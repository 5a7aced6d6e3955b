"""A small seedable random generator that gives the same sequence on every port.

The device's `random` has no `shuffle` and gives other sequences than CPython for the same
seed, so the core uses this instead (DEVICE_NOTES.md section 8).  It is Wichmann and
Hill's three small multiplicative generators (moduli 30269, 30307, 30323), combined by
a sum modulo 30269.  Every intermediate value stays below 2**23, so nothing ever becomes
a heap integer on a 32-bit board, and `below()` allocates nothing.

state = three ints s1, s2, s3, each 1 .. modulus-1
"""
from micropython import const

_M1 = const(30269)
_M2 = const(30307)
_M3 = const(30323)


class Rng:
    def __init__(self, seed=1):
        self.s1 = 1
        self.s2 = 1
        self.s3 = 1
        self.seed(seed)

    def seed(self, seed):
        """Seed from any non-negative int (larger seeds are folded, not truncated)."""
        seed = int(seed)
        if seed < 0:
            seed = -seed
        a = 0
        b = 0
        c = 0
        while True:
            a = (a * 31 + seed % 30000) % 29989
            seed //= 30000
            b = (b * 37 + a) % 30011
            c = (c * 41 + b + 7) % 30013
            if seed == 0:
                break
        self.s1 = a % (_M1 - 1) + 1
        self.s2 = b % (_M2 - 1) + 1
        self.s3 = c % (_M3 - 1) + 1
        for _ in range(8):          # stir, so that close seeds diverge at once
            self.next()

    def next(self):
        """Next value, 0 .. 30268."""
        self.s1 = 171 * self.s1 % _M1
        self.s2 = 172 * self.s2 % _M2
        self.s3 = 170 * self.s3 % _M3
        return (self.s1 + self.s2 + self.s3) % _M1

    def below(self, n):
        """Uniform int in 0 .. n-1 for 1 <= n <= 30269 (rejection, no bias).

        The hottest function of every playout: the moduli are written out (on CPython a
        const is a global lookup) and the state is kept in locals."""
        limit = 30269 - 30269 % n
        s1 = self.s1
        s2 = self.s2
        s3 = self.s3
        while True:
            s1 = 171 * s1 % 30269
            s2 = 172 * s2 % 30307
            s3 = 170 * s3 % 30323
            x = (s1 + s2 + s3) % 30269
            if x < limit:
                break
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        return x % n

    def shuffle(self, buf, n):
        """Fisher-Yates shuffle of the first n items of a bytearray or list, in place.

        Swap i takes a uniform j in 0..i.  One generator value serves up to three swaps:
        x is drawn uniform in 0 .. k1*k2*k3 - 1 (rejection, so no bias; 24*23*22 < 30269)
        and split into mixed-radix digits, one per swap.  The state is kept in locals."""
        s1 = self.s1
        s2 = self.s2
        s3 = self.s3
        i = n - 1
        while i > 0:
            span = (i + 1) * (i if i > 1 else 1) * (i - 1 if i > 2 else 1)
            limit = 30269 - 30269 % span
            while True:
                s1 = 171 * s1 % 30269
                s2 = 172 * s2 % 30307
                s3 = 170 * s3 % 30323
                x = (s1 + s2 + s3) % 30269
                if x < limit:
                    break
            for _ in range(3):
                k = i + 1
                j = x % k
                x //= k
                t = buf[i]
                buf[i] = buf[j]
                buf[j] = t
                i -= 1
                if i == 0:
                    break
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3

    def get_state(self):
        return (self.s1, self.s2, self.s3)

    def set_state(self, state):
        self.s1, self.s2, self.s3 = state

    def copy_into(self, other):
        other.s1 = self.s1
        other.s2 = self.s2
        other.s3 = self.s3
