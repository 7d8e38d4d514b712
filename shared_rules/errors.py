"""The one error type of the rules core.

Every illegal move, impossible set-up, corrupt save blob or broken game record raises
:class:`RuleError`. ``rule`` names the rule (``P10C-8``, ``SAVE``, ``RECORD`` …) and ``reason``
says why in words a player can read. A rejected move leaves the game state unchanged.
"""


class RuleError(Exception):
    """A move, blob or record that breaks a rule."""

    def __init__(self, rule, reason):
        super().__init__(rule + ": " + reason)
        self.rule = rule
        self.reason = reason

    def __str__(self):
        return self.rule + ": " + self.reason
