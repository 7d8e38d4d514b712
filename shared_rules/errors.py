"""The one error type of the rules core.

Every illegal move, impossible set-up, corrupt save blob or broken game record raises
:class:`RuleError`. ``rule`` names the rule (``P10C-8``, ``SAVE``, ``RECORD`` …), ``reason`` says
why in words a player can read, and ``code`` is a short stable identifier (``skip_on_top``) that
screens choose their own wording by, so no screen ever matches English text. A rejected move
leaves the game state unchanged.
"""


class RuleError(Exception):
    """A move, blob or record that breaks a rule."""

    def __init__(self, rule, reason, code=""):
        super().__init__(rule + ": " + reason)
        self.rule = rule
        self.reason = reason
        self.code = code

    def __str__(self):
        return self.rule + ": " + self.reason
