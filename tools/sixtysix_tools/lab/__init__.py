"""The lab: benchmarks, tournaments, probes and soaks that measure the game and its bot
(`sixtysix.py bench ...`, `tournament`, `soak`).  The product commands are one level up."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__)))))
