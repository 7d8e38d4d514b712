"""Phase 10, the board game: its own ten phases (RULES.md P10B phases), marker 0..9. What a
phase is made of: ``shared_rules.phases``."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_COLOUR = const(2)  # shared_rules.phases.COLOUR

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
