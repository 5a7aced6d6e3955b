"""Host-only players for the tournaments and benchmarks (never on the device).

hard_v1   hard-v1: the hard level with budgets of 192 playouts, playouts in which nobody
          closes, and closing only when the exact solver proves it wins in every sampled
          world;
hard_v2   today's hard, kept for the tables (a fingerprint test pins its decisions);
expert    a rule-based player from published table strategy;
rdeep     the sampling baseline of the VU Amsterdam schnapsen course;
pimc      pimc-deep: sampled deals, each candidate judged in every deal by a playout,
          a search to the end of the hand or the exact solver, as the talon allows.

Each has choose(view, rng) -> action.  None of them changes a core module when imported.
"""
