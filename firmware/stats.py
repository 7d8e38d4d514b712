"""Statistics per player name: games played, games won and the best finishing place, kept in the
NVM (``app.store.stats``, a record of the saved image beside the settings and the game) and
shown from the main menu. They are written only when a game with a person in it ends, in the
same write that removes the saved game (``firmware.play``); an unchanged record is not written.

Only people's seats are counted (the computer players' names are not people). The record::

    version(1) count(1) then per name: name(3) games(2) wins(2) best place(1)

holds up to ``MAX_NAMES`` names; a new name beyond that takes the place of the name with the
fewest games. Any game counts once, when its end is shown.
"""

import struct

from firmware import ui
from firmware.saves import PERSON, valid_name

MAX_NAMES = 16
_VERSION = 1
_ENTRY = 8


def parse(data):
    """The entries ``[name, games, wins, best]`` of a record; [] if it is not valid."""
    if data is None or len(data) < 2 or data[0] != _VERSION or len(data) != 2 + _ENTRY * data[1]:
        return []
    out = []
    for i in range(data[1]):
        off = 2 + _ENTRY * i
        try:
            name = bytes(data[off:off + 3]).decode()
        except UnicodeError:
            return []
        games, wins, best = struct.unpack_from("<HHB", data, off + 3)
        if not valid_name(name) or wins > games or best < 1:
            return []
        out.append([name, games, wins, best])
    return out


def pack(entries):
    out = bytearray((_VERSION, len(entries)))
    for name, games, wins, best in entries:
        out.extend(name.encode())
        out.extend(struct.pack("<HHB", min(games, 0xFFFF), min(wins, 0xFFFF), min(best, 255)))
    return bytes(out)


def load(app):
    slots = getattr(app.store, "stats", None)
    return parse(slots.load()) if slots is not None else []


def record(app, kinds, names, places):
    """Count one finished game: ``places[seat]`` is 1 for a winner."""
    slots = getattr(app.store, "stats", None)
    if slots is None:
        return
    entries = load(app)
    for seat in range(len(kinds)):
        if kinds[seat] != PERSON:
            continue
        e = None
        for x in entries:
            if x[0] == names[seat]:
                e = x
        if e is None:
            if len(entries) >= MAX_NAMES:
                fewest = 0
                for i in range(len(entries)):
                    if entries[i][1] < entries[fewest][1]:
                        fewest = i
                entries.pop(fewest)
            e = [names[seat], 0, 0, 255]
            entries.append(e)
        e[1] += 1
        if places[seat] == 1:
            e[2] += 1
        if places[seat] < e[3]:
            e[3] = places[seat]
    slots.save(pack(entries))


def _place(p):
    return str(p) + ("st", "nd", "rd")[p - 1] if p <= 3 else str(p) + "th"


class StatsScreen(ui.TextPage):
    """One line per name: games, wins, best place."""

    def __init__(self, app):
        entries = load(app)
        entries.sort(key=lambda e: (-e[2], -e[1], e[0], e))
        if not entries:
            text = "No games finished yet. People's games are counted here by name."
        else:
            lines = ["Who Games Wins Best"]
            for name, games, wins, best in entries:
                g, w = str(games), str(wins)
                lines.append(name + " " * (6 - len(g)) + g + " " * (5 - len(w)) + w + "  " + _place(best))
            text = "\n".join(lines)
        super().__init__(app, "Statistics", text)
