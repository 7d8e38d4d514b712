"""The games the device plays, registered once (docs/protocol.md).

Codec, records, replay, simulate, selfplay, the tournament, menus, the set-up screen, settings,
saves and statistics read this table and never name a game. An entry names its rules-core module
and its firmware screens module as strings: nothing is imported until the game is played (code
is RAM on a board). Adding a game is a package and one line in ``GAMES``; tests add theirs with
``shared_rules.desktop.games.register``.
"""

from shared_rules import RuleError

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_E_PLAYERS = const(3)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens
_E_UNKNOWN_GAME = const(4)
_E_UNKNOWN_GAME_NUMBER = const(5)
_E_NOT_BUILT = const(6)
_E_UNKNOWN_VARIANT = const(7)
_E_NO_OPTION = const(8)
_E_UNKNOWN_LEVEL = const(9)


class Entry:
    """One game (``entry`` makes one): ``gid`` its number everywhere (saves, settings,
    statistics), ``key`` its name in records and tools, ``name`` what menus show, ``module`` the
    rules-core module, ``screens`` the firmware module of its screens (None: not playable on the
    device), the player range and ``variants``: ``((key, label, values), ...)`` with the default
    value first. No methods: a game's session keeps its entry, and a method would keep this
    whole module with it (its functions' globals), which a board drops while a game is played
    (code is RAM: ``firmware.app``, ``_MENUS``)."""


def entry(gid, key, name, module, screens, min_players, max_players, variants=()):
    e = Entry()
    e.gid = gid
    e.key = key
    e.name = name
    e.module = module
    e.screens = screens
    e.min_players = min_players
    e.max_players = max_players
    e.variants = variants
    return e


GAMES = [
    entry(1, "phase10", "Phase 10", "shared_rules.phase10.game", "firmware.phase10.screens", 2, 6, (
        ("edition", "Edition", ("classic", "2020")),
        ("phases", "Phases", ("all", "5", "8", "odd", "even")),
        ("progression", "Progress", ("standard", "everyone", "free")),
    )),
    entry(2, "phase10board", "Phase 10 Board", "shared_rules.phase10board.game", "firmware.phase10board.screens", 2, 6),
    entry(3, "dice_express", "Dice Express", "shared_rules.dice_express.game", "firmware.dice_express.screens", 2, 6),
]


def by_key(key):
    for e in GAMES:
        if e.key == key:
            return e
    raise RuleError(_E_UNKNOWN_GAME, key)


def by_id(gid):
    for e in GAMES:
        if e.gid == gid:
            return e
    raise RuleError(_E_UNKNOWN_GAME_NUMBER, gid)


def load(name):
    """Import a module by its dotted name and return it (``__import__`` gives the package)."""
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def module(entry):
    """The rules-core module of a game; RuleError if this build does not have it."""
    try:
        return load(entry.module)
    except ImportError:
        raise RuleError(_E_NOT_BUILT, entry.name)


def player(rules, level, rng):
    """A computer player of ``level`` (``greedy`` is the old name of ``normal``) for the game of
    the rules module ``rules``: the class its ``PLAYERS`` table names for that level, whose module
    (a name without a dot: one of the rules module's package) is imported now (code is RAM: a
    level's module loads only when one of its players plays)."""
    if level == "greedy":
        level = "normal"
    for lv, name, cls in rules.PLAYERS:
        if lv == level:
            if "." not in name:
                package = rules.__name__
                name = package[:package.rfind(".") + 1] + name
            return getattr(load(name), cls)(rng)
    raise RuleError(_E_UNKNOWN_LEVEL, level)


def levels(rules):
    """The levels the game of the rules module ``rules`` offers, easiest first."""
    return tuple(p[0] for p in rules.PLAYERS)


def options(entry, given=None):
    """The game's variant values, each checked, with defaults for those not given."""
    given = given or {}
    out = {}
    for key, label, values in entry.variants:
        v = given.get(key, values[0])
        if v not in values:
            raise RuleError(_E_UNKNOWN_VARIANT, v)
        out[key] = v
    for key in given:
        found = False
        for k, _, _ in entry.variants:
            if k == key:
                found = True
        if not found:
            raise RuleError(_E_NO_OPTION, key)
    return out


def check_players(entry, players):
    if not isinstance(players, int) or not entry.min_players <= players <= entry.max_players:
        raise RuleError(_E_PLAYERS, players)


def new_game(entry, players, opts=None, source=None):
    """A new game of ``entry`` for ``players`` seats with variant values ``opts``."""
    from shared_rules.rng import Rng
    check_players(entry, players)
    return module(entry).new_game(players, options(entry, opts), source if source is not None else Rng(0))
