"""What both Phase 10 games' phases are made of (RULES.md P10C-3, P10B phases).

A phase is a tuple of groups; a group is ``(kind, size)`` with kind SET, RUN or COLOUR and the
number of cards it needs at least. Each game keeps its own table: the card game's
``shared_rules.phase10.game.CARD_PHASES`` (and its phase lists), the board game's
``shared_rules.phase10board.game.BOARD_PHASES``; a phase in English words is the desktop's
(``shared_rules.desktop.phases``).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_SET = const(0)
_RUN = const(1)
_COLOUR = const(2)


def equal_groups(phase):
    """``(kind, size, count)`` of each run of equal groups of a phase, in order."""
    i = 0
    while i < len(phase):
        j = i
        while j < len(phase) and phase[j] == phase[i]:
            j += 1
        yield phase[i][0], phase[i][1], j - i
        i = j


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    SET = _SET
    RUN = _RUN
    COLOUR = _COLOUR
