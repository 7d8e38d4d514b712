"""The registry's desktop side: games added and removed at run time (tests), and each game's
desktop module (``parse_move``, and optionally ``HEADER_KEYS``, ``from_header``,
``summary_lines``), which the device never loads.
"""

from shared_rules import registry


def notation(entry):
    """The module that reads a game's records back: ``<package>.desktop`` for a game whose rules
    are ``<package>.game``, else the rules module itself (a game of one module, as the tests
    register)."""
    name = entry.module
    if name.endswith(".game"):
        name = name[:-5] + ".desktop"
    return registry.load(name)


def register(entry):
    """Add a game (tests); an entry with the same id or key replaces the old one."""
    for i in range(len(registry.GAMES)):
        if registry.GAMES[i].gid == entry.gid or registry.GAMES[i].key == entry.key:
            registry.GAMES[i] = entry
            return
    registry.GAMES.append(entry)


def unregister(gid):
    for i in range(len(registry.GAMES)):
        if registry.GAMES[i].gid == gid:
            registry.GAMES.pop(i)
            return
