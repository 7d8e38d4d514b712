"""Saving in ``microcontroller.nvm``: the settings (with the remembered game set-up), the
running game and the statistics, each kept in two slots so that a power loss in the middle of
a write loses at most that write.

The NVM is split in two halves; each half holds one settings slot (64 bytes), one game slot and
(when there is room) one statistics slot (144 bytes, at the end), so the two copies of a record never share a flash page on boards whose NVM spans two pages.
A slot is::

    commit(1) kind(1) seq(2) length(2) crc16(2) payload...

Writing goes to the slot that does not hold the newest record: first the whole record with the
commit byte cleared, then the commit byte alone (``0xA5``). A write cut at any byte leaves that
slot uncommitted, so the other slot (the previous state) is what the next boot reads. The CRC
(over kind, seq, length and payload) rejects anything else. A slot whose first byte is neither
the commit byte nor blank (0x00 / 0xFF) is damaged: when no slot of a record is readable but one
is damaged, the record is reported once and cleared.
"""

import struct
from micropython import const

from shared_rules.crc import crc16

COMMIT = const(0xA5)
HEADER = const(8)
SETTINGS_SIZE = const(64)
STATS_SIZE = const(144)  # firmware.stats: 16 names
_EMPTY = const(0)
_VALID = const(1)
_BAD = const(2)


def newer(a, b):
    """True when sequence number a (16 bits, wrapping) comes after b."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


class Slots:
    """One record kept in two slots of the NVM."""

    def __init__(self, nvm, offsets, size, kind):
        self.nvm = nvm
        self.offsets = offsets
        self.size = size
        self.kind = kind
        self.newest = None  # index of the slot holding the newest valid record
        self.seq = 0
        self.damaged = False

    def _read(self, off):
        head = self.nvm[off:off + HEADER]
        if head[0] != COMMIT:
            return (_EMPTY if head[0] in (0, 0xFF) else _BAD), 0, None
        kind, seq, n, crc = struct.unpack_from("<BHHH", head, 1)
        if kind != self.kind or n > self.size - HEADER:
            return _BAD, 0, None
        body = self.nvm[off + HEADER:off + HEADER + n]
        if crc16(body, crc16(head[1:6])) != crc:
            return _BAD, 0, None
        return _VALID, seq, body

    def load(self):
        """The newest valid payload, or None (then ``damaged`` tells whether a slot was
        unreadable rather than blank)."""
        best = None
        bad = False
        for i in range(2):
            status, seq, body = self._read(self.offsets[i])
            if status == _VALID:
                if best is None or newer(seq, best[1]):
                    best = (i, seq, body)
            elif status == _BAD:
                bad = True
        if best is None:
            self.newest = None
            self.damaged = bad
            return None
        self.newest, self.seq = best[0], best[1]
        self.damaged = False
        return best[2]

    def fits(self, n):
        return HEADER + n <= self.size

    def save(self, payload):
        """Write a new record; ValueError (nothing written) if it does not fit."""
        n = len(payload)
        if not self.fits(n):
            raise ValueError("needs " + str(HEADER + n) + " bytes, the slot has " + str(self.size))
        target = 0 if self.newest is None else 1 - self.newest
        seq = 0 if self.newest is None else (self.seq + 1) & 0xFFFF
        rec = bytearray(HEADER + n)
        struct.pack_into("<BBHHH", rec, 0, 0, self.kind, seq, n, 0)
        rec[HEADER:] = payload
        struct.pack_into("<H", rec, 6, crc16(payload, crc16(rec[1:6])))
        off = self.offsets[target]
        self.nvm[off:off + HEADER + n] = rec
        self.nvm[off] = COMMIT
        self.newest = target
        self.seq = seq

    def clear(self):
        for off in self.offsets:
            self.nvm[off] = 0
        self.newest = None
        self.damaged = False


class Store:
    """The settings, game and statistics records of an NVM of any size (the game slots are None
    when the NVM is too small to hold any game; the statistics slots, at the end of each half,
    when it is too small to keep them beside a game)."""

    def __init__(self, nvm):
        half = len(nvm) // 2
        ssize = min(SETTINGS_SIZE, half)
        self.settings = Slots(nvm, (0, half), ssize, 0x53)  # "S"
        self.game = None
        self.stats = None
        rest = half - ssize
        if rest >= STATS_SIZE + 1024:
            rest -= STATS_SIZE
            self.stats = Slots(nvm, (ssize + rest, half + ssize + rest), STATS_SIZE, 0x54)  # "T"
        if rest > HEADER:
            self.game = Slots(nvm, (ssize, half + ssize), rest, 0x47)  # "G"


# --------------------------------------------------------------------------- settings

NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PERSON = const(0)  # seat kinds: a person, then computer players easy, normal, hard
KIND_NAMES = ("person", "easy", "normal", "hard")
DEFAULT_NAMES = ("ANN", "BOB", "CAT", "DAN", "EVE", "FAY")
_VERSION = const(1)
# (attribute, number of values, default)
_FIELDS = (
    ("sound", 2, 1), ("marks", 2, 0), ("bright", 4, 3), ("speed", 3, 1),
    ("game", 3, 0), ("edition", 2, 0), ("phases", 5, 0), ("progression", 3, 0),
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
    """Sound, colour-blind card marks, brightness, computer speed and the last game set-up."""

    def __init__(self):
        for name, _, default in _FIELDS:
            setattr(self, name, default)
        self.kinds = bytearray((PERSON, 2, 2, 2, 2, 2))
        self.names = list(DEFAULT_NAMES)

    def to_bytes(self):
        out = bytearray((_VERSION,))
        for name, _, _ in _FIELDS:
            out.append(getattr(self, name))
        out.extend(self.kinds)
        for n in self.names:
            out.extend(n.encode())
        return bytes(out)

    def load(self, data):
        """Take the values of a saved record; False (nothing changed) if it is not valid."""
        nf = len(_FIELDS)
        if len(data) != 1 + nf + 6 + 18 or data[0] != _VERSION:
            return False
        for i in range(nf):
            if data[1 + i] >= _FIELDS[i][1]:
                return False
        kinds = data[1 + nf:7 + nf]
        names = []
        for s in range(6):
            try:
                name = bytes(data[7 + nf + 3 * s:10 + nf + 3 * s]).decode()
            except UnicodeError:
                return False
            if not valid_name(name):
                return False
            names.append(name)
        for k in kinds:
            if k > 3:
                return False
        if data[1 + nf - 1] < 2:  # players 2..6
            return False
        for i in range(nf):
            setattr(self, _FIELDS[i][0], data[1 + i])
        self.kinds = bytearray(kinds)
        self.names = names
        return True


# --------------------------------------------------------------------------- game records


def pack_game(game, kinds, names, blob):
    """A saved game: which game, the seats (kind and name each) and the rules core's blob."""
    out = bytearray((game, len(kinds)))
    out.extend(kinds)
    for n in names:
        out.extend(n.encode())
    out.extend(blob)
    return bytes(out)


def unpack_game(data):
    """(game, kinds, names, blob) of a saved game; ValueError if it is malformed."""
    if len(data) < 2 or data[1] < 2 or data[1] > 6 or len(data) < 2 + 4 * data[1]:
        raise ValueError("the saved game is malformed")
    n = data[1]
    kinds = bytearray(data[2:2 + n])
    names = []
    for s in range(n):
        name = bytes(data[2 + n + 3 * s:5 + n + 3 * s]).decode()
        if not valid_name(name):
            raise ValueError("the saved game is malformed")
        names.append(name)
    for k in kinds:
        if k > 3:
            raise ValueError("the saved game is malformed")
    return data[0], kinds, names, bytes(data[2 + 4 * n:])
