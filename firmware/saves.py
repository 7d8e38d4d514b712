"""The bytes the NVM holds besides the image itself (``firmware.nvmstore``): the settings'
record (``settings_bytes``, ``load_settings``: version 2; version 1 still loads) and the running
game's (``pack_game``: game id, seats, names, the record mark and the codec's blob). Loaded only
for the moment a record is read or written (code is RAM on a board): what the app keeps is
``firmware.settings``.

The settings' record (version 2)::

    version sound marks bright speed game volume lang 0 players kinds(6) names(18)
    count, then per game: gid n, then n times: len key len value

``lang``, the language (firmware/lang.py ``CODES``: 0 English), is the byte that was reserved
(always 0): saved settings from before it load as English. Version 1 records (Phase 10's
variants as indices) load and are written as version 2."""

import struct
from micropython import const

from firmware.settings import FIELDS, valid_name

_ENDED = const(0x80)  # in a saved game's number: the last move ended a hand (its summary is due)
_VERSION = const(2)
# version 1 kept the game as its menu position (0 Phase 10, 1 board game, 2 Dice Express) and
# Phase 10's variants as indices in bytes 6-8: what they were, to read such settings
_V1_GAMES = const((1, 2, 3))
_V1_VARIANTS = const((("edition", ("classic", "2020")), ("phases", ("all", "5", "8", "odd", "even")),
                      ("progression", ("standard", "everyone", "free"))))
_V1_COUNTS = const((2, 2, 4, 3, 3, 2, 5, 3, 7))  # values of bytes 1-9 in version 1


def _word(s):
    """A key or value string is printable ASCII of 1..16 characters."""
    if not 0 < len(s) <= 16:
        return False
    for ch in s:
        if not " " < ch <= "~":
            return False
    return True


# --------------------------------------------------------------------------- settings


def settings_bytes(s):
    """The record of the settings ``s`` (version 2)."""
    out = bytearray((_VERSION,))
    for name, _, _ in FIELDS:
        out.append(getattr(s, name))
    out.extend(s.kinds)
    for n in s.names:
        out.extend(n.encode())
    chosen = []  # the games with a value chosen, and those values (None: a place kept, unset)
    for gid, pairs in s.variants:
        values = [p for p in pairs if p[1] is not None]
        if values:
            chosen.append((gid, values))
    out.append(len(chosen))
    for gid, pairs in chosen:
        out.append(gid)
        out.append(len(pairs))
        for k, v in pairs:
            for word in (k, v):
                b = word.encode()
                out.append(len(b))
                out.extend(b)
    return bytes(out)


def load_settings(s, data):
    """Take the values of a saved record into the settings ``s``; False (nothing changed) if it
    is not valid."""
    nf = len(FIELDS)
    if len(data) < 1 + nf + 6 + 18:
        return False
    version = data[0]
    if version == 1:
        if len(data) != 1 + nf + 6 + 18:
            return False
        for i in range(nf):
            if data[1 + i] >= _V1_COUNTS[i]:
                return False
    elif version != _VERSION:
        return False
    for i in range(nf):
        if version == _VERSION and data[1 + i] >= FIELDS[i][1]:
            return False
    kinds = data[1 + nf:7 + nf]
    names = []
    for seat in range(6):
        try:
            name = bytes(data[7 + nf + 3 * seat:10 + nf + 3 * seat]).decode()
        except UnicodeError:
            return False
        if not valid_name(name):
            return False
        names.append(name)
    for k in kinds:
        if k > 3:
            return False
    if data[nf] < 2:  # players 2..6
        return False
    variants = []
    if version == 1:
        pairs = []
        for i in range(len(_V1_VARIANTS)):
            key, values = _V1_VARIANTS[i]
            pairs.append([key, values[data[6 + i]]])
        variants.append([1, pairs])
    else:
        variants = _variants(data, 25 + nf)
        if variants is None:
            return False
    for i in range(nf):
        setattr(s, FIELDS[i][0], data[1 + i])
    if version == 1:
        for i in range(5, 8):
            setattr(s, FIELDS[i][0], FIELDS[i][2])
        s.game = _V1_GAMES[data[5]]
    s.kinds = bytearray(kinds)
    s.names = names
    s.variants = variants
    return True



def _variants(data, i):
    """The variant block of a version 2 record from byte ``i`` to the end, or None."""
    try:
        out = []
        count = data[i]
        i += 1
        for _ in range(count):
            gid, n = data[i], data[i + 1]
            i += 2
            for g, _ in out:
                if g == gid:
                    return None
            pairs = []
            for _ in range(n):
                kv = []
                for _ in range(2):
                    m = data[i]
                    s = bytes(data[i + 1:i + 1 + m]).decode()
                    if len(s) != m or not _word(s):
                        return None
                    kv.append(s)
                    i += 1 + m
                pairs.append(kv)
            out.append([gid, pairs])
        if i != len(data):
            return None
        return out
    except (IndexError, UnicodeError):
        return None


# --------------------------------------------------------------------------- game records


def pack_game(game, kinds, names, blob, mark=None):
    """A saved game: which game (registry id; ``ENDED`` may be or-ed in), the seats (kind
    and name each), optionally ``mark`` = (record number, moves in it) of the game's record on
    the drive (firmware/gamerec.py), and the codec blob."""
    n = len(kinds)
    out = bytearray((game, n | (0x40 if mark is not None else 0)))
    out.extend(kinds)
    for nm in names:
        out.extend(nm.encode())
    if mark is not None:
        out.extend(struct.pack("<HH", mark[0], mark[1]))
    out.extend(blob)
    return bytes(out)


def record_mark(data):
    """(record number, moves) kept with a saved game, or None."""
    if len(data) < 2 or not data[1] & 0x40:
        return None
    off = 2 + 4 * (data[1] & 0x3F)
    if len(data) < off + 4:
        return None
    return struct.unpack_from("<HH", data, off)


def unpack_game(data):
    """(game, kinds, names, blob) of a saved game; ValueError if it is malformed."""
    if len(data) < 2:
        raise ValueError("the saved game is malformed")
    n = data[1] & 0x3F
    tail = 4 if data[1] & 0x40 else 0
    if n < 2 or n > 6 or data[1] & 0x80 or len(data) < 2 + 4 * n + tail:
        raise ValueError("the saved game is malformed")
    kinds = bytearray(data[2:2 + n])
    names = []
    for s in range(n):
        try:
            name = bytes(data[2 + n + 3 * s:5 + n + 3 * s]).decode()
        except UnicodeError:
            raise ValueError("the saved game is malformed")
        if not valid_name(name):
            raise ValueError("the saved game is malformed")
        names.append(name)
    for k in kinds:
        if k > 3:
            raise ValueError("the saved game is malformed")
    return data[0], kinds, names, bytes(data[2 + 4 * n + tail:])


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    ENDED = _ENDED
