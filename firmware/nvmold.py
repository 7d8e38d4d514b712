"""Saves of version 1 (each record in two slots of its own, with a commit byte), read when no
image of today's format is found (``firmware.nvmstore``): imported only then, so a board whose
saves are of today's format never loads it."""

import struct
from micropython import const

from shared_rules.crc import crc16

_SETTINGS_SIZE = const(64)  # a version 1 settings slot
_STATS_SIZE = const(144)  # a version 1 statistics slot (firmware.stats: 16 names)


def records(nvm):
    """The records of a version 1 save (each in two slots: commit(1) kind(1) seq(2) length(2)
    crc16(2) payload, the newest committed one valid), in the store's order (settings,
    statistics, game), or None when there is none."""
    half = len(nvm) // 2
    ssize = min(_SETTINGS_SIZE, half)
    rest = half - ssize
    slots = [((0, half), ssize, 0x53), None, None]
    if rest >= _STATS_SIZE + 1024:
        rest -= _STATS_SIZE
        slots[1] = ((ssize + rest, half + ssize + rest), _STATS_SIZE, 0x54)
    if rest > 8:
        slots[2] = ((ssize, half + ssize), rest, 0x47)
    out = [None, None, None]
    found = False
    for k in range(3):
        if slots[k] is None:
            continue
        offsets, size, kind = slots[k]
        best = None
        for off in offsets:
            head = nvm[off:off + 8]
            if head[0] != 0xA5 or head[1] != kind:
                continue
            seq, n, crc = struct.unpack_from("<HHH", head, 2)
            if n > size - 8:
                continue
            body = nvm[off + 8:off + 8 + n]
            if crc16(body, crc16(head[1:6])) != crc:
                continue
            if best is None or (seq != best[0] and ((seq - best[0]) & 0xFFFF) < 0x8000):
                best = (seq, bytes(body))
        if best is not None:
            out[k] = best[1]
            found = True
    return out if found else None
