"""Phase 10 (``shared_rules.phase10.game``): the end of a hand. When a player goes out: the
penalty points, who advances, the end of the game or the tiebreak (P10C-17, P10C-18, P10C-21),
then the next deal; the places at the end (``ranking``). Loaded by ``Phase10`` when a player goes
out (code is RAM on a board: a turn needs none of it).
"""

from shared_rules import cards as C

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_OVER = const(3)  # shared_rules.phase10.game.OVER
_EVERYONE = const(1)  # shared_rules.phase10.game.EVERYONE
_FREE = const(2)  # shared_rules.phase10.game.FREE


def hand_over(self, seat):
    """``seat`` went out: penalties, progression, end of game or the next deal."""
    self.went_out = seat
    n = self.n
    points = [0] * n
    advanced = [False] * n
    for s in range(n):
        if not self.active[s]:
            continue
        if s != seat:
            p = 0
            for c in self.hands[s]:
                p += C.penalty(c)
            points[s] = p
    self.last_hand = (seat, points, advanced)
    if self.tiebreak:  # nobody laid the tiebreak phase: deal the tiebreak again
        _next_deal(self)
        return
    for s in range(n):
        self.scores[s] += points[s]
        if self.progression == _EVERYONE:
            self.progress[s] += 1
            advanced[s] = True
        elif self.laid[s]:
            advanced[s] = True
            if self.progression == _FREE:
                self.progress[s] |= 1 << self.phase_numbers.index(self.laid[s])
            else:
                self.progress[s] += 1
    total = len(self.phase_numbers)
    if self.progression == _EVERYONE:
        if self.progress[0] >= total:  # P10C-21: one hand per phase, lowest total wins
            _finish(self, _lowest(self, list(range(n))))
            return
    else:
        done = []
        for s in range(n):
            if self.completed(s) >= total:
                done.append(s)
        if done:  # P10C-18
            best = _lowest(self, done)
            if len(best) == 1:
                _finish(self, best)
                return
            self.tiebreak = True
            for s in range(n):
                self.active[s] = s in best
    _next_deal(self)


def _lowest(self, seats):
    low = min([self.scores[s] for s in seats])
    return [s for s in seats if self.scores[s] == low]


def _next_deal(self):
    self.dealer = (self.dealer + 1) % self.n
    self._deal()


def _finish(self, winners):
    self.winners = winners
    self.stage = _OVER


def ranking(self):
    """Place of every seat (1 = won): winners first, then most phases, then fewest points."""
    from shared_rules.places import places

    return places([(0, 0, 0) if s in self.winners else (1, -self.completed(s), self.scores[s])
                   for s in range(self.n)])
