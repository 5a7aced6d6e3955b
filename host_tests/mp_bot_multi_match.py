"""MicroPython lane: a whole 3- or 4-player match of hard bots in a fixed heap.

Run: micropython -X heapsize=N host_tests/mp_bot_multi_match.py ROOT PLAYERS [SEED]
Every seat is the hard bot (bot_multi.choose); hands are dealt until a seat reaches
the match target, the deal passing clockwise.  Prints MATCH <hands> <scores...> and
the free heap, or dies with MemoryError.  `bench bot --players` searches the smallest
heap that completes.
"""
import gc
import sys


def main():
    root = sys.argv[1]
    players = int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    sys.path.insert(0, root)
    # bot_multi straight (bot.choose hands it 3- and 4-player views, but importing bot
    # also loads the two-player search, about 17 KB more)
    from sixtysix_core import bot_multi as bot
    from sixtysix_core import rng as RNG
    from sixtysix_core import rules as R
    from sixtysix_core.deal_multi import DealMulti
    from sixtysix_core.view_multi import MultiView
    rules = R.preset("THREE_PLAYER_PL" if players == 3 else "FOUR_PLAYER_PL")
    d = DealMulti(rules)
    view = MultiView(d, 0)
    r = RNG.Rng(seed)
    scores = [0] * players
    dealer = r.below(players)
    hands = 0
    while max(scores) < rules.match_target:
        d.new_hand(dealer, r)
        while not d.is_over():
            view.set_seat(d.to_move)
            d.apply(bot.choose(view, 2, r))
        for s in range(players):
            scores[s] += d.score_delta[s]
        dealer = (dealer + 1) % players
        hands += 1
    gc.collect()
    print("MATCH", hands, " ".join(str(x) for x in scores))
    print("MEMFREE", gc.mem_free())


main()
