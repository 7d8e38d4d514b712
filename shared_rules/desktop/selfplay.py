"""Play any registered game between computer players, one decision at a time, keeping the game
record (docs/records.md).

Used by the simulation, tournament and replay tools, the MicroPython parity tests and benchmarks.
"""

from shared_rules import registry
from shared_rules.desktop.games import notation
from shared_rules.record import Recorder
from shared_rules.rng import Rng


class SelfPlay:
    """A game between computer players. ``bots`` is one level for every seat or a list per seat;
    ``values`` are the game's variant values in the registry's order, ``options`` the same by
    name; ``game`` a registry key (default: the first game registered); ``header`` extra header
    values of the game (``{"deck": [...], "dealer": ["p1"]}`` for Phase 10)."""

    def __init__(self, seed=0, players=4, bots="normal", *values, game=None, keep_record=True,
                 source=None, header=None, **options):
        entry = registry.by_key(game) if game is not None else registry.GAMES[0]
        for i in range(len(values)):
            options[entry.variants[i][0]] = values[i]
        options = registry.options(entry, options)
        registry.check_players(entry, players)
        mod = registry.module(entry)
        if source is None:
            source = Rng(seed)
        self.recorder = None
        if header:
            state = notation(entry).from_header(players, options, source, header)
        else:
            state = None
        if keep_record:
            extra = []
            for key in header or ():
                for v in header[key]:
                    extra.append((key, v))
            extra.sort()
            self.recorder = Recorder(entry, players, options, source, seed, extra, state)
            state = self.recorder.game
        elif state is None:
            state = mod.new_game(players, options, source)
        self._state = state
        self.entry = entry
        # the players' own random source, separate from the game's chance
        bot_rng = Rng(seed ^ 0x2AAAAAAA)
        kinds = bots if isinstance(bots, (list, tuple)) else [bots] * players
        self.bots = [registry.player(mod, k, bot_rng) for k in kinds]
        self.decisions = 0

    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, game):
        """Go on with an equal copy of the game (a decoded save): the record must not notice."""
        self._state = game
        if self.recorder is not None:
            self.recorder.game = game

    def step(self):
        """Make one decision; False once the game is over."""
        game = self.state
        pending = game.pending
        if pending is None:
            return False
        seat = pending[0]
        move = self.bots[seat].choose(game.view(seat))
        if self.recorder is not None:
            self.recorder.play(move)
        else:
            game.apply(move)
        self.decisions += 1
        return game.pending is not None

    def run(self, max_decisions=200000):
        """Play to the end; RuleError if the game has not ended after ``max_decisions``."""
        while self.step():
            if self.decisions >= max_decisions:
                from shared_rules.desktop import errors as E
                from shared_rules import RuleError
                raise RuleError(E.SIM, "the game did not end in " + str(max_decisions) + " decisions")
        return self.state

    def record_text(self):
        return self.recorder.text()


def play_record(seed, players, bots="normal", *values, game=None, **options):
    """Play a whole game and return its record text."""
    sp = SelfPlay(seed, players, bots, *values, game=game, **options)
    sp.run()
    return sp.record_text()
