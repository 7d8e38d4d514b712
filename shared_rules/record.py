"""Game records: a text header, then chance outcomes and moves, one per line (docs/records.md).

::

    # Pocket game record
    game: phase10
    players: 4
    edition: classic
    seed: 7
    = 2 71 40 ...
    # round 1
    p2 draw
    p2 discard R7

Header keys: ``game``, ``players``, ``seed``, the game's variants (from the registry) and any
extra keys its desktop module reads (``HEADER_KEYS``: Phase 10's ``dealer`` and ``deck``). A line
``= v v v`` lists the chance outcomes drawn by the move on the next line; the first one, always
written (``=`` alone when the set-up draws nothing), is the set-up's. Lines starting with ``#``
and blank lines are comments.

This module writes records (the device does, and the tools); reading and replaying one is the
desktop's (``shared_rules.desktop.record``).
"""

from shared_rules import RuleError
from shared_rules import registry


def header(entry, players, options, seed=None, extra=None):
    """The header lines of a record."""
    lines = ["# Pocket game record", "game: " + entry.key, "players: " + str(players)]
    for key, _, _ in entry.variants:
        lines.append(key + ": " + options[key])
    if seed is not None:
        lines.append("seed: " + str(seed))
    for key, value in extra or ():
        lines.append(key + ": " + value)
    return lines


class Recorder:
    """Plays a game and writes its record as it goes: the header, the set-up's chance outcomes,
    then per move the outcomes it drew and the move. The recorder owns the log of the game's
    source; ``game`` may be replaced by an equal copy (a decoded save) between moves."""

    def __init__(self, entry, players, options, source, seed=None, extra=None, game=None):
        source.log = []
        if game is None:
            game = registry.new_game(entry, players, options, source)
        self.game = game
        self.lines = header(entry, players, registry.options(entry, options), seed, extra)
        self._chance(True)
        self._round = None

    def _chance(self, setup=False):
        """The outcomes drawn since the last line; the set-up's line is written even if empty,
        so that the first chance line of a record is always the set-up's."""
        src = self.game.source
        if src.log or setup:
            self.lines.append(" ".join(["="] + [str(v) for v in src.log]))
        src.log = []

    def play(self, move):
        """Apply ``move`` of the pending seat and record it (RuleError, nothing written, if it
        is illegal)."""
        game = self.game
        if game.source.log is None:
            game.source.log = []
        r = game.round_no
        if r != self._round:
            self._round = r
            self.lines.append("# round " + str(r))
        seat = game.pending[0]
        text = game.move_text(move)
        try:
            game.apply(move)
        except RuleError:
            game.source.log = []
            raise
        self._chance()
        self.lines.append("p" + str(seat + 1) + " " + text)

    def text(self):
        return "\n".join(self.lines) + "\n"
