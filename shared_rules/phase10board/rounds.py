"""Phase 10, the board game (``shared_rules.phase10board.game``): between rounds. When a player
goes out: the markers, the winner, then what every seat keeps (P10B-17 ... P10B-19); the next
round's deal (P10B-4, P10B-20); the places at the end (``ranking``). Loaded by ``Board`` for a
deal and the end of a round (code is RAM on a board: a turn needs none of it).
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
_HAND = const(10)  # shared_rules.phase10board.game.HAND
_FACE_UP = const(5)  # shared_rules.phase10board.game.FACE_UP
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
    new_round(self, deck, (self.went_out + 1) % self.n)


def new_round(self, deck, first):
    """P10B-4, P10B-20: shuffle, top every hand up to 10 from ``first`` on, five face up."""
    self.source.shuffle(deck)
    for s in range(self.n):
        self.hands[s] = self.kept[s]
        self.kept[s] = []
        self.laid[s] = False
    self.table = []
    more = True
    while more:
        more = False
        for i in range(self.n):
            s = (first + i) % self.n
            if len(self.hands[s]) < _HAND and deck:
                self.hands[s].append(deck.pop())
                more = True
    self.discard = []
    self.dopen = []
    for _ in range(_FACE_UP):
        if deck:
            self.discard.append(deck.pop())
            self.dopen.append(0)
    if self.dopen:
        self.dopen[-1] = 1
    self.draw = deck
    self.round_no += 1
    self.extra = False
    self.left = 0
    self._begin(first)


def ranking(self):
    """Finishing place of every seat: the winner 1, the others by their markers."""
    from shared_rules.places import places

    return places([(0, 0) if s in self.winners else (1, -self.markers[s]) for s in range(self.n)])
