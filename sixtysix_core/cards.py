"""Cards for Sixty-Six: the int encoding every other module uses.

card  = suit * 6 + rank, an int 0..23
rank  = 0..5 for 9 J Q K T A, ascending trick strength (RULES.md R1: the ten beats
        the king), so inside one suit the higher int wins the trick
suit  = 0..3 for C S H D (clubs, spades, hearts, diamonds), the order of RECORD_FORMAT.md
mask  = an int with bit `card` set for each card in a set; 24 bits, always a small int
        on every port (below 2**30)

The 20-card pack of Schnapsen (RULES.md V3, deck=20) is FULL_DECK minus NINES.
Names such as "TH" exist only at the edges (notation.py, the UI); RANK_CHARS and
SUIT_CHARS are here because both of those need them.
"""
from micropython import const

RANKS = const(6)
NUM_CARDS = const(24)
R9 = const(0)
RJ = const(1)
RQ = const(2)
RK = const(3)
RT = const(4)
RA = const(5)

RANK_CHARS = "9JQKTA"
SUIT_CHARS = "CSHD"

FULL_DECK = const(0xFFFFFF)
NINES = const(0x041041)          # bit 0 of each 6-bit suit group
SUIT_MASK = (0x00003F, 0x000FC0, 0x03F000, 0xFC0000)

# RULES.md R2: A 11, T 10, K 4, Q 3, J 2, 9 0; each suit is worth 30.
RANK_POINTS = b"\x00\x02\x03\x04\x0a\x0b"
CARD_POINTS = RANK_POINTS * 4    # indexed by card

# ABOVE[card]: the cards of the same suit that beat it (R1, R6).
ABOVE = tuple(SUIT_MASK[c // RANKS] & ~((2 << c) - 1) for c in range(NUM_CARDS))


def _rank_tables():
    low = bytearray(64)
    high = bytearray(64)
    pop = bytearray(64)
    for x in range(1, 64):
        r = 0
        while not x >> r & 1:
            r += 1
        low[x] = r
        r = 5
        while not x >> r & 1:
            r -= 1
        high[x] = r
        pop[x] = pop[x & (x - 1)] + 1
    return bytes(low), bytes(high), bytes(pop)


# For a 6-bit suit pattern x (one suit's bits of a mask, x = mask >> (suit * 6) & 63):
# LOW_RANK[x] / HIGH_RANK[x] the lowest / highest rank present, POP6[x] how many cards.
LOW_RANK, HIGH_RANK, POP6 = _rank_tables()
del _rank_tables                 # run once: its code need not stay in the heap


def card(suit, rank):
    return suit * RANKS + rank


def suit_of(c):
    return c // RANKS


def rank_of(c):
    return c % RANKS


def count(mask):
    """Number of cards in `mask` (portable: no int.bit_count on the board)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def points(mask):
    """Sum of the card values in `mask` (R2)."""
    total = 0
    c = 0
    while mask:
        if mask & 1:
            total += CARD_POINTS[c]
        mask >>= 1
        c += 1
    return total


def lowest(mask):
    """The lowest card in a non-empty `mask`."""
    c = 0
    while not mask >> c & 1:
        c += 1
    return c


def nth(mask, n):
    """The n-th card (0-based, ascending) of `mask`; -1 if it has fewer cards."""
    c = 0
    while mask:
        if mask & 1:
            if n == 0:
                return c
            n -= 1
        mask >>= 1
        c += 1
    return -1


def name(c):
    """Record token of a card, e.g. 'TH' (cold path: builds a str)."""
    return RANK_CHARS[c % RANKS] + SUIT_CHARS[c // RANKS]
