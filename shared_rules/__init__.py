"""The rules core: games, groups and the phase solver, computer players, the seeded random
source, game records and the save codec.

Runs unchanged on CPython 3.11+, MicroPython 1.27 and CircuitPython 10; see DESIGN.md for the
subset of Python it keeps to. Import the submodule a game needs, nothing more (code is RAM).
"""

VERSION = "0.1.0"


class RuleError(Exception):
    """The one error type of the rules core: a move, set-up, blob or record that breaks a rule.

    ``code`` is a small int (and, for a few, ``value`` one count, phase or name). The rules core
    holds no words: screens choose their own short texts by the code, and the desktop's table
    (``shared_rules.desktop.errors``) gives each code its rule id (``P10C-7``, ``SAVE``) and an
    English sentence. A raise site names its code ``_E_NAME = const(n)``, which compiles away. A
    rejected move leaves the game state unchanged. Here, in the package every import of the
    rules core loads, it costs no module of its own (code is RAM on a board)."""

    def __init__(self, code, value=None):
        super().__init__(code, value)
        self.code = code
        self.value = value
