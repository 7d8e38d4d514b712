"""Phase tables and phase lists (RULES.md P10C-3, P10C-19, P10B phases).

A phase is a tuple of groups; a group is ``(kind, size)`` with kind SET, RUN or COLOUR and the
number of cards it needs at least.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.errors import RuleError

_E_UNKNOWN_PHASES = const(11)  # a RuleError code: words in shared_rules/desktop/errors.py
_SET = const(0)
_RUN = const(1)
_COLOUR = const(2)
KIND_NAMES = ("set", "run", "colour")

# Phase 10, the card game: phases 1..10 at index 0..9.
CARD_PHASES = (
    ((_SET, 3), (_SET, 3)),
    ((_SET, 3), (_RUN, 4)),
    ((_SET, 4), (_RUN, 4)),
    ((_RUN, 7),),
    ((_RUN, 8),),
    ((_RUN, 9),),
    ((_SET, 4), (_SET, 4)),
    ((_COLOUR, 7),),
    ((_SET, 5), (_SET, 2)),
    ((_SET, 5), (_SET, 3)),
)

# Phase 10, the board game: its own ten phases.
BOARD_PHASES = (
    ((_COLOUR, 5), (_RUN, 3)),
    ((_SET, 2), (_SET, 2), (_SET, 2), (_SET, 2)),
    ((_SET, 3), (_RUN, 4)),
    ((_RUN, 4), (_RUN, 4)),
    ((_COLOUR, 6), (_SET, 3)),
    ((_RUN, 8),),
    ((_SET, 2), (_SET, 3), (_SET, 4)),
    ((_SET, 4), (_SET, 4)),
    ((_RUN, 9),),
    ((_SET, 5), (_SET, 3)),
)

# P10C-19: the phase lists, as phase numbers (1-based).
PHASE_LISTS = (
    ("all", (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    ("5", (1, 2, 3, 4, 5)),
    ("8", (1, 2, 3, 4, 5, 6, 7, 8)),
    ("odd", (1, 3, 5, 7, 9)),
    ("even", (2, 4, 6, 8, 10)),
)


def phase_list(name):
    """The phase numbers of a phase list name (P10C-19)."""
    for key, numbers in PHASE_LISTS:
        if key == name:
            return numbers
    raise RuleError(_E_UNKNOWN_PHASES, name)


def describe_group(group):
    """``set of 3``, ``run of 7``, ``7 of one colour``."""
    kind, size = group
    if kind == _COLOUR:
        return str(size) + " of one colour"
    return KIND_NAMES[kind] + " of " + str(size)


def equal_groups(phase):
    """``(kind, size, count)`` of each run of equal groups of a phase, in order."""
    i = 0
    while i < len(phase):
        j = i
        while j < len(phase) and phase[j] == phase[i]:
            j += 1
        yield phase[i][0], phase[i][1], j - i
        i = j


def describe(phase):
    """A phase in words, grouping equal groups: ``2 sets of 3``, ``1 set of 3 + 1 run of 4``."""
    parts = []
    for kind, size, count in equal_groups(phase):
        if kind == _COLOUR:
            word = str(size) + " cards of one colour"
            parts.append(word if count == 1 else str(count) + " x " + word)
        else:
            noun = KIND_NAMES[kind] + ("s" if count > 1 else "")
            parts.append(str(count) + " " + noun + " of " + str(size))
    return " + ".join(parts)


def compact(phase, sep="+"):
    """``set3+run4``, ``colour7``: a phase in a few characters for a title line."""
    return sep.join([KIND_NAMES[kind] + str(size) for kind, size in phase])


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    SET = _SET
    RUN = _RUN
    COLOUR = _COLOUR
