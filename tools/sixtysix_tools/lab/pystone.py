"""Pystone: the classic Python port of Weicker's Dhrystone 1.1 benchmark.

Written for Sixty-Six from the published description of pystone (Reinhold P.
Weicker's Dhrystone 1.1 operation mix - record assignments, string compares, integer
arithmetic, array indexing and procedure calls - as the classic pystone adapts it to
Python: 50,000 loops by default, result in "pystones per second").  No package ships
it, so this one runs unchanged under CPython, MicroPython and CircuitPython.

    python3 tools/sixtysix_tools/lab/pystone.py [LOOPS]
    micropython tools/sixtysix_tools/lab/pystone.py [LOOPS]

On a board: copy this one file to CIRCUITPY as code.py and read the serial console
(`sixtysix.py console`, or any terminal at 115200); with 50,000 loops a SAMD51 needs about
half a minute.  That measures the real figure `sixtysix.py bench bot` estimates.
Afterwards put the game back with `sixtysix.py flash`.

`pystones(loops)` returns (seconds, pystones_per_second).  The SAMD51 reference figure
used for estimates is SAMD51_PYSTONES (DEVICE_NOTES.md section 4).
"""
import time

LOOPS = 50000
SAMD51_PYSTONES = 1520

IDENT1, IDENT2, IDENT3, IDENT4, IDENT5 = 1, 2, 3, 4, 5


class Record:
    def __init__(self, PtrComp=None, Discr=0, EnumComp=0, IntComp=0, StringComp=0):
        self.PtrComp = PtrComp
        self.Discr = Discr
        self.EnumComp = EnumComp
        self.IntComp = IntComp
        self.StringComp = StringComp

    def copy(self):
        return Record(self.PtrComp, self.Discr, self.EnumComp,
                      self.IntComp, self.StringComp)


TRUE = 1
FALSE = 0

IntGlob = 0
BoolGlob = FALSE
Char1Glob = "\0"
Char2Glob = "\0"
Array1Glob = [0] * 51
Array2Glob = [[0] * 51 for _ in range(51)]
PtrGlb = None
PtrGlbNext = None


def _ticks():
    """Seconds as a float on every port (ticks_us when the port has it)."""
    if hasattr(time, "ticks_us"):
        return time.ticks_us() / 1000000.0
    if hasattr(time, "perf_counter"):
        return time.perf_counter()
    if hasattr(time, "monotonic_ns"):
        return time.monotonic_ns() / 1e9
    return time.monotonic()


def _elapsed(t0, t1):
    if hasattr(time, "ticks_diff") and hasattr(time, "ticks_us"):
        return time.ticks_diff(int(t1 * 1000000), int(t0 * 1000000)) / 1000000.0
    return t1 - t0


def pystones(loops=LOOPS):
    """Run the benchmark; returns (seconds, pystones per second)."""
    t0 = _ticks()
    for _ in range(loops):
        pass
    nulltime = _ticks() - t0
    t0 = _ticks()
    Proc0(loops)
    benchtime = _ticks() - t0 - nulltime
    if benchtime <= 0.0:
        return 0.0, 0.0
    return benchtime, loops / benchtime


def Proc0(loops):
    global IntGlob, BoolGlob, Char1Glob, Char2Glob, Array1Glob, Array2Glob
    global PtrGlb, PtrGlbNext
    PtrGlbNext = Record()
    PtrGlb = Record()
    PtrGlb.PtrComp = PtrGlbNext
    PtrGlb.Discr = IDENT1
    PtrGlb.EnumComp = IDENT3
    PtrGlb.IntComp = 40
    PtrGlb.StringComp = "DHRYSTONE PROGRAM, SOME STRING"
    String1Loc = "DHRYSTONE PROGRAM, 1'ST STRING"
    Array2Glob[8][7] = 10
    for _ in range(loops):
        Proc5()
        Proc4()
        IntLoc1 = 2
        IntLoc2 = 3
        String2Loc = "DHRYSTONE PROGRAM, 2'ND STRING"
        EnumLoc = IDENT2
        BoolGlob = not Func2(String1Loc, String2Loc)
        while IntLoc1 < IntLoc2:
            IntLoc3 = 5 * IntLoc1 - IntLoc2
            IntLoc3 = Proc7(IntLoc1, IntLoc2)
            IntLoc1 = IntLoc1 + 1
        Proc8(Array1Glob, Array2Glob, IntLoc1, IntLoc3)
        PtrGlb = Proc1(PtrGlb)
        CharIndex = "A"
        while CharIndex <= Char2Glob:
            if EnumLoc == Func1(CharIndex, "C"):
                EnumLoc = Proc6(IDENT1)
            CharIndex = chr(ord(CharIndex) + 1)
        IntLoc3 = IntLoc2 * IntLoc1
        IntLoc2 = IntLoc3 // IntLoc1
        IntLoc2 = 7 * (IntLoc3 - IntLoc2) - IntLoc1
        IntLoc1 = Proc2(IntLoc1)


def Proc1(PtrParIn):
    PtrParIn.PtrComp = NextRecord = PtrGlb.copy()
    PtrParIn.IntComp = 5
    NextRecord.IntComp = PtrParIn.IntComp
    NextRecord.PtrComp = PtrParIn.PtrComp
    NextRecord.PtrComp = Proc3(NextRecord.PtrComp)
    if NextRecord.Discr == IDENT1:
        NextRecord.IntComp = 6
        NextRecord.EnumComp = Proc6(PtrParIn.EnumComp)
        NextRecord.PtrComp = PtrGlb.PtrComp
        NextRecord.IntComp = Proc7(NextRecord.IntComp, 10)
    else:
        PtrParIn = NextRecord.copy()
    NextRecord.PtrComp = None
    return PtrParIn


def Proc2(IntParIO):
    IntLoc = IntParIO + 10
    EnumLoc = None
    while 1:
        if Char1Glob == "A":
            IntLoc = IntLoc - 1
            IntParIO = IntLoc - IntGlob
            EnumLoc = IDENT1
        if EnumLoc == IDENT1:
            break
    return IntParIO


def Proc3(PtrParOut):
    global IntGlob
    if PtrGlb is not None:
        PtrParOut = PtrGlb.PtrComp
    else:
        IntGlob = 100
    PtrGlb.IntComp = Proc7(10, IntGlob)
    return PtrParOut


def Proc4():
    global Char2Glob
    BoolLoc = Char1Glob == "A"
    BoolLoc = BoolLoc or BoolGlob
    Char2Glob = "B"


def Proc5():
    global Char1Glob, BoolGlob
    Char1Glob = "A"
    BoolGlob = FALSE


def Proc6(EnumParIn):
    EnumParOut = EnumParIn
    if not Func3(EnumParIn):
        EnumParOut = IDENT4
    if EnumParIn == IDENT1:
        EnumParOut = IDENT1
    elif EnumParIn == IDENT2:
        if IntGlob > 100:
            EnumParOut = IDENT1
        else:
            EnumParOut = IDENT4
    elif EnumParIn == IDENT3:
        EnumParOut = IDENT2
    elif EnumParIn == IDENT4:
        pass
    elif EnumParIn == IDENT5:
        EnumParOut = IDENT3
    return EnumParOut


def Proc7(IntParI1, IntParI2):
    IntLoc = IntParI1 + 2
    IntParOut = IntParI2 + IntLoc
    return IntParOut


def Proc8(Array1Par, Array2Par, IntParI1, IntParI2):
    global IntGlob
    IntLoc = IntParI1 + 5
    Array1Par[IntLoc] = IntParI2
    Array1Par[IntLoc + 1] = Array1Par[IntLoc]
    Array1Par[IntLoc + 30] = IntLoc
    for IntIndex in range(IntLoc, IntLoc + 2):
        Array2Par[IntLoc][IntIndex] = IntLoc
    Array2Par[IntLoc][IntLoc - 1] = Array2Par[IntLoc][IntLoc - 1] + 1
    Array2Par[IntLoc + 20][IntLoc] = Array1Par[IntLoc]
    IntGlob = 5


def Func1(CharPar1, CharPar2):
    CharLoc1 = CharPar1
    CharLoc2 = CharLoc1
    if CharLoc2 != CharPar2:
        return IDENT1
    else:
        return IDENT2


def Func2(StrParI1, StrParI2):
    IntLoc = 1
    while IntLoc <= 1:
        if Func1(StrParI1[IntLoc], StrParI2[IntLoc + 1]) == IDENT1:
            CharLoc = "A"
            IntLoc = IntLoc + 1
    if CharLoc >= "W" and CharLoc <= "Z":
        IntLoc = 7
    if CharLoc == "X":
        return TRUE
    else:
        if StrParI1 > StrParI2:
            IntLoc = IntLoc + 7
            return TRUE
        else:
            return FALSE


def Func3(EnumParIn):
    EnumLoc = EnumParIn
    if EnumLoc == IDENT3:
        return TRUE
    return FALSE


def main(argv=None):
    import sys
    if argv is None:
        argv = sys.argv[1:]
    loops = int(argv[0]) if argv else LOOPS
    import gc
    gc.collect()
    benchtime, stones = pystones(loops)
    print("Pystone(1.1) time for %d passes = %g" % (loops, benchtime))
    print("This machine benchmarks at %d pystones/second" % int(stones))
    if hasattr(gc, "mem_free"):                 # MicroPython and CircuitPython
        print("free memory: %d bytes" % gc.mem_free())
    return 0


if __name__ == "__main__":
    main()
