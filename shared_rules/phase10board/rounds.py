"""Phase 10, the board game (``shared_rules.phase10board.game``): the end of a round. When a
player goes out: the markers, the winner, then what every seat keeps (P10B-17 ... P10B-19) and
the next round's deal; the places at the end (``ranking``). Loaded by ``Board`` when a player
goes out (code is RAM on a board: a turn needs none of it).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_KEEP = const(8)  # shared_rules.phase10board.game.KEEP
_FINISH = const(10)  # shared_rules.phase10board.game.FINISH
_OVER = const(9)  # shared_rules.phase10board.game.OVER


def round_over(self, seat):
    """P10B-17 ... P10B-19: markers, the winner, then what every seat keeps."""
    n = self.n
    self.went_out = seat
    before = list(self.markers)
    order = [(seat + i) % n for i in range(n)]
    winner = -1
    for s in order:
        if s == seat:
            step = 2
        elif self.laid[s]:
            step = 1
        else:
            continue
        m = self.markers[s] + step
        self.markers[s] = m if m < _FINISH else _FINISH
        if m >= _FINISH:  # P10B-18: the first to the finish wins at once
            winner = s
            break
    self.last_round = (seat, before, list(self.markers))
    self.extra = False
    if winner >= 0:
        self.winners = [winner]
        self.stage = _OVER
        return
    self.keep_queue = []
    for s in order:
        if not self.laid[s] and self.hands[s]:
            self.keep_queue.append(s)
    next_keeper(self)


def next_keeper(self):
    """The next seat that keeps cards (P10B-19), or, once all have, the next round."""
    if self.keep_queue:
        s = self.keep_queue.pop(0)
        self.turn = s
        self.stage = _KEEP
        return
    pool = []
    for s in range(self.n):
        pool.extend(self.hands[s])
        self.hands[s] = []
    for g in self.table:
        pool.extend(g[4])
    pool.extend(self.draw)
    pool.extend(self.discard)
    deck = [c & 0x7F for c in pool]  # P10B-20: laid and discarded jokers are plain again
    deck.sort()
    self._new_round(deck, (self.went_out + 1) % self.n)


def ranking(self):
    """Finishing place of every seat: the winner 1, the others by their markers."""
    from shared_rules.places import places

    return places([(0, 0) if s in self.winners else (1, -self.markers[s]) for s in range(self.n)])
