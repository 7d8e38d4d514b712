"""Pig, a one-die game that exists only to prove the game protocol (docs/protocol.md): it lives
under tests/, is registered from the tests, and goes through records, replay, the save codec,
selfplay and the device's screens without any shared code knowing its name.

On your turn roll the die as often as you like: a 1 loses this turn's total and ends the turn;
anything else adds to it. Hold to bank the turn's total. The first to reach the target wins.
"""

from shared_rules import RuleError

GAME_OVER = 300  # its RuleError codes, with their words in the desktop's table
ROLL_FIRST = 301
try:
    from shared_rules.desktop import errors as _errors

    _errors.register(GAME_OVER, "game_over", "PIG", "the game is over")
    _errors.register(ROLL_FIRST, "roll_first", "PIG", "roll at least once before you hold")
except ImportError:  # MicroPython without the desktop side
    pass
from shared_rules.registry import entry
from shared_rules.rng import Rng

ENTRY = entry(100, "pig", "Pig", "tests.pig", "tests.pig_screens", 2, 4,
              (("target", "Target", ("30", "50")),))
PLAYERS = (("random", "tests.pig", "Bot"), ("easy", "tests.pig", "Easy"),
           ("normal", "tests.pig", "Normal"), ("hard", "tests.pig", "Hard"))
DECIDE = 0
ROLL = 0
HOLD = 1


class Pig:
    def __init__(self, players, target, source):
        self.n = players
        self.target = target
        self.source = source
        self.scores = [0] * players
        self.turn_total = 0
        self.turn = 0
        self.last_roll = 0
        self.turns = 0
        self.winners = []

    @property
    def pending(self):
        return None if self.winners else (self.turn, DECIDE)

    @property
    def over(self):
        return bool(self.winners)

    @property
    def round_no(self):
        return self.turns // self.n + 1

    def legal_moves(self):
        return [] if self.winners else [(ROLL,), (HOLD,)]

    def apply(self, move):
        if self.winners:
            raise RuleError(GAME_OVER)
        if move == (ROLL,):
            roll = self.source.die(6)
            self.last_roll = roll
            if roll == 1:
                self.turn_total = 0
                self._next()
            else:
                self.turn_total += roll
        elif move == (HOLD,):
            if not self.turn_total:
                raise RuleError(ROLL_FIRST)
            self.scores[self.turn] += self.turn_total
            self.turn_total = 0
            if self.scores[self.turn] >= self.target:
                self.winners = [self.turn]
                return
            self._next()
        else:
            raise RuleError(1)  # bad_move

    def _next(self):
        self.turn = (self.turn + 1) % self.n
        self.turns += 1

    def view(self, seat):
        return View(self, seat)

    def move_text(self, move):
        return "roll" if move == (ROLL,) else "hold"

    def describe(self, move, names):
        return names[self.turn] + (" rolls" if move == (ROLL,) else " holds " + str(self.turn_total))

    def ranking(self):
        return [1 + sum(1 for t in range(self.n) if self._key(t) < self._key(s)) for s in range(self.n)]

    def _key(self, s):
        return (0 if s in self.winners else 1, -self.scores[s], s)


class View:
    def __init__(self, game, seat):
        self.seat = seat
        self.pending = game.pending
        self.scores = list(game.scores)
        self.turn_total = game.turn_total
        self.target = game.target


def new_game(players, options, source):
    return Pig(players, int(options["target"]), source)


def parse_move(text):
    if text.strip() == "roll":
        return (ROLL,)
    if text.strip() == "hold":
        return (HOLD,)
    raise RuleError(200, "a Pig move is 'roll' or 'hold'")  # a record's problem


def encode(g):
    out = bytearray((g.n, g.target, g.turn, g.turn_total, g.last_roll, len(g.winners)))
    out.extend(bytes(g.scores))
    out.extend(bytes(g.winners))
    out.extend((g.turns & 0xFF, g.turns >> 8))
    out.extend(g.source.state.to_bytes(4, "little"))
    return bytes(out)


def decode(data, source=None):
    if len(data) < 6 or not 2 <= data[0] <= 4 or data[1] not in (30, 50):
        raise RuleError(20)  # the save holds an impossible value
    n = data[0]
    if len(data) != 6 + n + data[5] + 6 or data[2] >= n:
        raise RuleError(20)  # the save holds an impossible value
    g = Pig(n, data[1], source if source is not None else Rng(0))
    g.turn, g.turn_total, g.last_roll = data[2], data[3], data[4]
    g.scores = list(data[6:6 + n])
    g.winners = list(data[6 + n:6 + n + data[5]])
    p = 6 + n + data[5]
    g.turns = data[p] | data[p + 1] << 8
    if source is None:
        g.source.state = int.from_bytes(data[p + 2:p + 6], "little") & 0x3FFFFFFF
    return g


class Bot:
    """Holds at ``LIMIT`` points this turn (random: rolls or holds at random)."""

    LIMIT = 0

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        if not view.turn_total:
            return (ROLL,)
        if self.LIMIT == 0:
            return ((ROLL,), (HOLD,))[self.rng.below(2)]
        if view.turn_total >= self.LIMIT or view.scores[view.seat] + view.turn_total >= view.target:
            return (HOLD,)
        return (ROLL,)


class Easy(Bot):
    LIMIT = 8


class Normal(Bot):
    LIMIT = 15


class Hard(Bot):
    LIMIT = 20
