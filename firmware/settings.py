"""The settings the app keeps while it runs (``Settings``: sound, marks, brightness, speed,
language and the last game set-up) and the seat kinds and names every set-up screen shares.
Their bytes in the NVM are ``firmware.saves``'s, a module loaded only for the moment it reads
or writes them (code is RAM on a board)."""

from micropython import const

NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_PERSON = const(0)  # seat kinds: a person, then computer players easy, normal, hard
KIND_NAMES = ("person", "easy", "normal", "hard")
_DEFAULT_NAMES = const(("ANN", "BOB", "CAT", "DAN", "EVE", "FAY"))
DELAYS = (1500, 600, 150)  # ms a computer's move stays on screen, by ``speed``: slow, normal, fast
# (attribute, number of values, default) of the fixed bytes 1..9 of the settings' record
# (firmware.saves); byte 5 is the game's registry id (0: none chosen yet), byte 6 the volume
# (soft, normal, loud), bytes 7-8 are kept for the layout of version 1 (zero)
FIELDS = (
    ("sound", 2, 1), ("marks", 2, 1), ("bright", 4, 3), ("speed", 3, 1),
    ("game", 128, 0), ("volume", 3, 1), ("lang", 3, 0), ("_r3", 1, 0),
    ("players", 7, 3),
)


def valid_name(name):
    if len(name) != 3:
        return False
    for ch in name:
        if ch not in NAME_CHARS:
            return False
    return True


class Settings:
    """Sound, colour-blind card marks, brightness, computer speed, language and the last game
    set-up: the game (registry id), players, seats, and per game the variant values chosen
    (strings, by variant key: ``options(gid)``, ``set_option(gid, key, value)``).
    Their record is ``firmware.saves``'s (``settings_bytes``, ``load_settings``)."""

    def __init__(self):
        for name, _, default in FIELDS:
            setattr(self, name, default)
        self.kinds = bytearray((_PERSON, 2, 2, 2, 2, 2))
        self.names = list(_DEFAULT_NAMES)
        # [gid, [[key, value], ...]] per game, in the order first set up; value None: not chosen
        self.variants = []

    def options(self, gid):
        """The variant values remembered for game ``gid``: a dict key -> value (may be
        incomplete or hold values the game no longer has: ``registry.options`` checks)."""
        for g, pairs in self.variants:
            if g == gid:
                out = {}
                for k, v in pairs:
                    if v is not None:
                        out[k] = v
                return out
        return {}

    def make_room(self, gid, variants):
        """A place for each variant value of game ``gid`` (``variants``: its registry entry's),
        None until chosen: made when the set-up opens, so that choosing a value later makes
        no object that lasts among the screen's garbage (docs/firmware.md, "Keeping the heap
        in one piece")."""
        for key, _, _ in variants:
            self._place(gid, key)

    def set_option(self, gid, key, value):
        self._place(gid, key)[1] = value

    def _place(self, gid, key):
        """The [key, value] place of game ``gid``'s variant ``key``, made (None) if missing."""
        pairs = None
        for g, p in self.variants:
            if g == gid:
                pairs = p
        if pairs is None:
            pairs = []
            self.variants.append([gid, pairs])
        for p in pairs:
            if p[0] == key:
                return p
        p = [key, None]
        pairs.append(p)
        return p


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    PERSON = _PERSON
