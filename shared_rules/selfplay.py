"""Play Phase 10 between computer players, one decision at a time, keeping the game record.

Used by the simulation and replay tools, the MicroPython parity tests and benchmarks, and the
firmware's demo mode.
"""

from shared_rules.phase10 import Phase10
from shared_rules.rng import Rng
from shared_rules import record


def make_bot(kind, rng):
    from shared_rules import bots
    if kind == "random":
        return bots.RandomBot(rng)
    if kind == "greedy":
        return bots.GreedyBot(rng)
    if kind == "hard":
        return bots.HardBot(rng)
    if kind == "easy":
        return bots.EasyBot(rng)
    from shared_rules.errors import RuleError
    raise RuleError("SETUP", "unknown computer player '" + str(kind) + "' (random, easy, greedy, hard)")


class SelfPlay:
    """A game between computer players. ``bots`` is one kind for every seat or a list per seat."""

    def __init__(self, seed=0, players=4, bots="greedy", edition="classic", phases="all",
                 progression="standard", decks=None, dealer=None, keep_record=True):
        self.state = Phase10(players, edition=edition, phases=phases, progression=progression,
                             seed=seed, decks=decks, dealer=dealer)
        # the players' own random source, separate from the game's chance
        bot_rng = Rng(seed ^ 0x2AAAAAAA)
        kinds = bots if isinstance(bots, (list, tuple)) else [bots] * players
        self.bots = [make_bot(k, bot_rng) for k in kinds]
        self.lines = None
        self.decisions = 0
        if keep_record:
            self.lines = record.header(players, edition, phases, progression, seed, decks, dealer)
        self._hand = 0

    def step(self):
        """Make one decision; False once the game is over."""
        game = self.state
        pending = game.pending
        if pending is None:
            return False
        seat = pending[0]
        move = self.bots[seat].choose(game.view(seat))
        if self.lines is not None:
            if game.hand_no != self._hand:
                self._hand = game.hand_no
                self.lines.append("# hand " + str(self._hand))
            self.lines.append(record.move_line(game, seat, move))
        game.apply(move)
        self.decisions += 1
        return game.pending is not None

    def run(self, max_decisions=200000):
        """Play to the end; RuleError if the game has not ended after ``max_decisions``."""
        while self.step():
            if self.decisions >= max_decisions:
                from shared_rules.errors import RuleError
                raise RuleError("SIM", "the game did not end in " + str(max_decisions) + " decisions")
        return self.state

    def record_text(self):
        return "\n".join(self.lines) + "\n"


def play_record(seed, players, bots="greedy", edition="classic", phases="all",
                progression="standard"):
    """Play a whole game and return its record text."""
    sp = SelfPlay(seed, players, bots, edition, phases, progression)
    sp.run()
    return sp.record_text()
