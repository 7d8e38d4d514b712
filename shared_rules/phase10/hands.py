"""Phase 10 (``shared_rules.phase10.game``): between hands. The deal (P10C-6, P10C-12), and when
a player goes out the penalty points, who advances, the end of the game or the tiebreak
(P10C-17, P10C-18, P10C-21) and the next deal; the places at the end (``ranking``). Loaded by
``Phase10`` for a deal and the end of a hand (code is RAM on a board: a turn needs none of it).
"""

from shared_rules import cards as C

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

_HAND_SIZE = const(10)  # cards dealt to each player (P10C-6)
# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_OVER = const(3)  # shared_rules.phase10.game.OVER
_EVERYONE = const(1)  # shared_rules.phase10.game.EVERYONE
_FREE = const(2)  # shared_rules.phase10.game.FREE


def deal(self):
    """Deal a hand (P10C-6, P10C-12) of the game ``self``."""
    if self.decks:
        deck = self.decks.pop(0)
    else:
        deck = C.new_deck()
        self.source.shuffle(deck)
    # deck[0] is the top card; store the draw pile with its top at the end.
    deck.reverse()
    for s in range(self.n):
        self.hands[s] = []
        self.laid[s] = 0
        self.waiting[s] = False
    self.table = []
    self.history = bytearray()
    first = self._next_active(self.dealer)
    for _ in range(_HAND_SIZE):
        s = first
        for _ in range(self.n):
            if self.active[s]:
                self.hands[s].append(deck.pop())
            s = (s + 1) % self.n
    self.discard = [deck.pop()]
    self.draw_pile = deck
    self.hand_no += 1
    self.went_out = -1
    if self.discard[-1] == C.SKIP:  # P10C-12
        self.waiting[first] = True
    self._start_turn(first)


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
    deal(self)


def _finish(self, winners):
    self.winners = winners
    self.stage = _OVER


def ranking(self):
    """Place of every seat (1 = won): winners first, then most phases, then fewest points."""
    from shared_rules.places import places

    return places([(0, 0, 0) if s in self.winners else (1, -self.completed(s), self.scores[s])
                   for s in range(self.n)])
