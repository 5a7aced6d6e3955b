"""Match: game points over a series of hands (RULES.md R4, R17, R21).

scores[seat]  game points so far (may go below zero under scoring=czech, V6)
dealer        the seat that deals the next hand
target        the match target (match_target: 7, 6 or 10)
draw_bonus    1 while a drawn hand is waiting for the next winner (draw_bonus=true)
winner        the seat that won the match, or -1 while it goes on
"""


class Match:
    def __init__(self, rules, first_dealer=0):
        self.rules = rules
        self.scores = [0, 0, 0, 0]
        self.dealer = first_dealer
        self.target = rules.match_target
        self.draw_bonus = 0
        self.hands = 0
        self.winner = -1

    def start(self, rng):
        """A new match; the first dealer is chosen at random (R3)."""
        self.scores[0] = 0
        self.scores[1] = 0
        self.dealer = rng.below(2)
        self.draw_bonus = 0
        self.hands = 0
        self.winner = -1
        self.target = self.rules.match_target

    def is_over(self):
        return self.winner >= 0

    def record(self, deal):
        """Add a finished hand's game points and pick the next dealer (R4, R17, R21)."""
        self.hands += 1
        for s in range(2):
            self.scores[s] += deal.score_delta[s]
        w = deal.winner
        if w < 0:                                   # R17: a draw; same dealer again
            if self.rules.draw_bonus:
                self.draw_bonus = 1
            if self.rules.next_dealer == 1:
                self.dealer = 1 - self.dealer
        else:
            if self.draw_bonus:                     # the draw_bonus option (R17)
                self.scores[w] += self.draw_bonus
                self.draw_bonus = 0
            self.dealer = w if self.rules.next_dealer == 0 else 1 - self.dealer
        for s in range(2):
            if self.scores[s] >= self.target:
                # Only the hand's winner can have gained; with a Czech penalty the
                # other seat loses points, so at most one seat crosses the target.
                self.winner = s
        return self.winner
