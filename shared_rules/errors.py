"""The one error type of the rules core.

Every illegal move, impossible set-up or corrupt save blob raises :class:`RuleError` with a
small int ``code`` (and, for a few, one ``value``: a count, a phase, a name). The rules core
holds no words: screens choose their own short texts by the code, and the desktop's table
(``shared_rules.desktop.errors``) gives each code its rule id (``P10C-7``, ``SAVE``) and an
English sentence. A raise site names its code ``_E_NAME = const(n)``, which compiles away. A
rejected move leaves the game state unchanged.
"""


class RuleError(Exception):
    """A move, blob or record that breaks a rule: ``code`` (int) and ``value`` (or None)."""

    def __init__(self, code, value=None):
        super().__init__(code, value)
        self.code = code
        self.value = value
