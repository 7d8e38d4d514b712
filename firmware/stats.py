"""Statistics per player name: games played, games won and the best finishing place, kept in the
NVM (``app.store.stats``, a record of the saved image beside the settings and the game) and
shown from the main menu. They are written only when a game with a person in it ends, in the
same write that removes the saved game (``firmware.play``); an unchanged record is not written.

Only people's seats are counted (the computer players' names are not people). Counts are per
game (its registry id) and name. The record::

    version(1) count(1) then per entry: game id(1) name(3) games(2) wins(2) best place(1)

holds up to ``MAX_NAMES`` entries; a new one beyond that takes the place of the one with the
fewest games. Any game counts once, when its end is shown. Version 1 records (no game id: all
Phase 10, id 1) are read and written as version 2.
"""

from micropython import const

import struct

from firmware.pages import TextPage
from firmware.lang import game_name, t
from firmware.settings import valid_name

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_PERSON = const(0)  # firmware.settings.PERSON

_MAX_NAMES = const(16)
_VERSION = const(2)
_ENTRY = const(9)


def parse(data):
    """The entries ``[gid, name, games, wins, best]`` of a record; [] if it is not valid."""
    if data is None or len(data) < 2:
        return []
    v = data[0]
    size = _ENTRY if v == _VERSION else 8
    if v not in (1, _VERSION) or len(data) != 2 + size * data[1]:
        return []
    out = []
    for i in range(data[1]):
        off = 2 + size * i
        gid = 1
        if v == _VERSION:
            gid = data[off]
            off += 1
        try:
            name = bytes(data[off:off + 3]).decode()
        except UnicodeError:
            return []
        games, wins, best = struct.unpack_from("<HHB", data, off + 3)
        if not valid_name(name) or wins > games or best < 1:
            return []
        out.append([gid, name, games, wins, best])
    return out


def pack(entries):
    out = bytearray((_VERSION, len(entries)))
    for gid, name, games, wins, best in entries:
        out.append(gid)
        out.extend(name.encode())
        out.extend(struct.pack("<HHB", min(games, 0xFFFF), min(wins, 0xFFFF), min(best, 255)))
    return bytes(out)


def load(app):
    slots = getattr(app.store, "stats", None)
    return parse(slots.load()) if slots is not None else []


def record(app, gid, kinds, names, places):
    """Count one finished game of game ``gid``: ``places[seat]`` is 1 for a winner."""
    slots = getattr(app.store, "stats", None)
    if slots is None:
        return
    entries = load(app)
    for seat in range(len(kinds)):
        if kinds[seat] != _PERSON:
            continue
        e = None
        for x in entries:
            if x[0] == gid and x[1] == names[seat]:
                e = x
        if e is None:
            if len(entries) >= _MAX_NAMES:
                fewest = 0
                for i in range(len(entries)):
                    if entries[i][2] < entries[fewest][2]:
                        fewest = i
                entries.pop(fewest)
            e = [gid, names[seat], 0, 0, 255]
            entries.append(e)
        e[2] += 1
        if places[seat] == 1:
            e[3] += 1
        if places[seat] < e[4]:
            e[4] = places[seat]
    slots.save(pack(entries))


def _place(p):
    return t("stats.place" + str(p)) if p <= 3 else t("stats.place").format(p)


def _game_name(gid):
    from shared_rules import registry

    try:
        return game_name(registry.by_id(gid))
    except Exception:  # a game this version does not have
        return t("stats.game").format(gid)


class StatsScreen(TextPage):
    """Per game, one line per name: games, wins, best place."""

    def __init__(self, app):
        entries = load(app)
        entries.sort(key=lambda e: (e[0], -e[3], -e[2], e[1], e))
        if not entries:
            text = t("stats.none")
        else:
            lines = []
            gid = None
            for g_id, name, games, wins, best in entries:
                if g_id != gid:
                    gid = g_id
                    lines.append(_game_name(gid))
                    lines.append(t("stats.head"))
                g, w = str(games), str(wins)
                lines.append(name + " " * (6 - len(g)) + g + " " * (5 - len(w)) + w + "  " + _place(best))
            text = "\n".join(lines)
        super().__init__(app, t("stats.title"), text)
