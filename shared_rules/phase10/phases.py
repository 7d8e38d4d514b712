"""Phase 10, the card game: its ten phases (RULES.md P10C-3) and the phase lists (P10C-19).
What a phase is made of: ``shared_rules.phases``."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules import RuleError

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_COLOUR = const(2)  # shared_rules.phases.COLOUR

_E_UNKNOWN_PHASES = const(11)  # a RuleError code: words in shared_rules/desktop/errors.py

# phases 1..10 at index 0..9
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

# the phase lists, as phase numbers (1-based)
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
