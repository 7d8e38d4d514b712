"""The save codec: a game state as a small versioned binary blob with a checksum.

Layout (all integers little-endian)::

    b"PX"  version  game  length(H)  payload...  crc16(H)

``game`` is the game's number in the registry (``shared_rules.registry``); the payload is what
that game's module encodes. The CRC covers everything before it. ``decode`` raises
RuleError("SAVE", ...) for anything that is not a whole, consistent blob; it never crashes on
bad bytes. Version 1 blobs (Phase 10 before the public history was saved) still load.
The games' payloads are written and read with ``shared_rules.payload``.
"""

import struct

from shared_rules.errors import RuleError
from shared_rules.crc import crc16

MAGIC = b"PX"
VERSION = 2
MAX_SIZE = 4096


def _bad(reason):
    return RuleError("SAVE", reason, "corrupt")


def encode(state, gid):
    """The save blob of a game of registry number ``gid`` (bytes, at most MAX_SIZE)."""
    from shared_rules import registry
    payload = registry.module(registry.by_id(gid)).encode(state)
    blob = bytearray(MAGIC)
    blob.append(VERSION)
    blob.append(gid)
    blob.extend(struct.pack("<H", len(payload)))
    blob.extend(payload)
    blob.extend(struct.pack("<H", crc16(blob)))
    if len(blob) > MAX_SIZE:
        raise RuleError("SAVE", "the game is too large to save", "too_large")
    return bytes(blob)


def decode(blob, source=None):
    """``(gid, state)`` of a blob; RuleError("SAVE", ...) if it is corrupt or truncated. The state
    draws its chance from ``source`` (None: the seeded generator, as saved)."""
    try:
        return _decode(blob, source)
    except RuleError as e:
        if e.rule == "SAVE":
            raise
        raise _bad("the save is corrupt (" + e.reason + ")")
    except MemoryError:  # a board short of RAM: the save is fine, and must not be removed
        raise
    except Exception:  # any other surprise in bad bytes is still just a corrupt save
        raise _bad("the save is corrupt")


def _decode(blob, source):
    from shared_rules import registry
    blob = bytes(blob)
    if len(blob) < 8:
        raise _bad("the save is truncated")
    if blob[0:2] != MAGIC:
        raise _bad("this is not a saved game")
    version = blob[2]
    if version not in (1, VERSION):
        raise RuleError("SAVE", "the save was written by another version (" + str(version) + ")",
                        "version")
    length = struct.unpack("<H", blob[4:6])[0]
    if len(blob) < 6 + length + 2:
        raise _bad("the save is truncated")
    if len(blob) > 6 + length + 2:
        raise _bad("the save has bytes after its end")
    body = blob[:6 + length]
    if struct.unpack("<H", blob[6 + length:8 + length])[0] != crc16(body):
        raise _bad("the save is corrupt (checksum)")
    gid = blob[3]
    try:
        entry = registry.by_id(gid)
    except RuleError:
        raise RuleError("SAVE", "the save holds a game this version does not know (" + str(gid) + ")",
                        "unknown_game")
    try:
        mod = registry.module(entry)
    except RuleError as e:
        raise RuleError("SAVE", e.reason, e.code)
    if version == 1:
        if gid != 1:
            raise _bad("the save holds an impossible game")
        return gid, mod.decode(body[6:], source, True)
    return gid, mod.decode(body[6:], source)
