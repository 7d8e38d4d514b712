"""The settings the app keeps while it runs (``Settings``: sound, marks, brightness, speed,
language and the last game set-up) and the seat kinds and names every set-up screen shares.
Their bytes in the NVM are ``firmware.saves``'s, a module loaded only for the moment it reads
or writes them (code is RAM on a board). The app keeps its ``Settings`` for good, and this
module only as long as a screen needs it: not during a game (``firmware.play``)."""

from micropython import const

NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_PERSON = const(0)  # seat kinds: a person, then computer players easy, normal, hard
KIND_NAMES = ("person", "easy", "normal", "hard")
_DEFAULT_NAMES = const(("ANN", "BOB", "CAT", "DAN", "EVE", "FAY"))
# ms a computer's move stays on screen, by ``speed``: slow, normal, fast (copied where a game's
# screens use it, tests/test_subset.py)
_DELAYS = const((1500, 600, 150))
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
    (strings, by variant key: ``options(s, gid)``, ``set_option(s, gid, key, value)``), made by
    ``defaults()``. Their record is ``firmware.saves``'s (``settings_bytes``,
    ``load_settings``). No methods: a method would keep this module as long as the settings."""


def defaults():
    """The settings of a board that has saved none."""
    s = Settings()
    for name, _, default in FIELDS:
        setattr(s, name, default)
    s.kinds = bytearray((_PERSON, 2, 2, 2, 2, 2))
    s.names = list(_DEFAULT_NAMES)
    # [gid, [[key, value], ...]] per game, in the order first set up; value None: not chosen
    s.variants = []
    return s


def options(s, gid):
    """The variant values remembered for game ``gid``: a dict key -> value (may be incomplete
    or hold values the game no longer has: ``registry.options`` checks)."""
    for g, pairs in s.variants:
        if g == gid:
            out = {}
            for k, v in pairs:
                if v is not None:
                    out[k] = v
            return out
    return {}


def make_room(s, gid, variants):
    """A place for each variant value of game ``gid`` (``variants``: its registry entry's),
    None until chosen: made when the set-up opens, so that choosing a value later makes no
    object that lasts among the screen's garbage (docs/firmware.md, "Keeping the heap in one
    piece")."""
    for key, _, _ in variants:
        _place(s, gid, key)


def set_option(s, gid, key, value):
    _place(s, gid, key)[1] = value


def _place(s, gid, key):
    """The [key, value] place of game ``gid``'s variant ``key``, made (None) if missing."""
    pairs = None
    for g, p in s.variants:
        if g == gid:
            pairs = p
    if pairs is None:
        pairs = []
        s.variants.append([gid, pairs])
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
    DELAYS = _DELAYS
