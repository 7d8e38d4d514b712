"""Saving a game: the blob's envelope, its CRC and the byte ``Writer``/``Reader`` the games'
payloads are made with (each game's own ``save`` module encodes and decodes its payload).

A blob (all integers little-endian)::

    b"PX"  version  game  length(H)  payload...  crc16(H)

``game`` is the game's number in the registry (``shared_rules.registry``); the payload is what
that game's module encodes. The CRC (``shared_rules.crc``: CRC-16/CCITT-FALSE, also the NVM
images') covers everything before it. ``decode`` raises a RuleError of rule SAVE for
anything that is not a whole, consistent blob (it never crashes on bad bytes), and code
``version`` (15) for a blob of another format version, which may be a good save of another
version of the app: the caller keeps it until the player agrees to remove it.
"""

import struct

from shared_rules.crc import crc16
from shared_rules import RuleError

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_E_NOT_BUILT = const(6)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens
_E_CORRUPT = const(12)
_E_TRUNCATED = const(13)
_E_NOT_A_SAVE = const(14)
_E_VERSION = const(15)
_E_SAVE_UNKNOWN_GAME = const(16)
_E_TOO_LARGE = const(17)
_E_CHECKSUM = const(18)
_E_LEFT_OVER = const(19)
_E_IMPOSSIBLE = const(20)
_E_OUT_OF_RANGE = const(22)

_MAGIC = const(b"PX")
_VERSION = const(2)
_MAX_SIZE = const(4096)



def bad(code=_E_IMPOSSIBLE):
    """The error of a blob that is not whole and consistent (codes 12-22 are the save's)."""
    return RuleError(code)


# --------------------------------------------------------------------------------- the envelope

def encode(state, gid, rules=None):
    """The save blob of a game of registry number ``gid`` (bytes, at most MAX_SIZE); ``rules``:
    its rules-core module, where the caller has it (a board's game, which does not keep the
    registry), else the registry's."""
    if rules is None:
        from shared_rules import registry

        rules = registry.module(registry.by_id(gid))
    payload = rules.encode(state)
    blob = bytearray(_MAGIC)
    blob.append(_VERSION)
    blob.append(gid)
    blob.extend(struct.pack("<H", len(payload)))
    blob.extend(payload)
    blob.extend(struct.pack("<H", crc16(blob)))
    if len(blob) > _MAX_SIZE:
        raise RuleError(_E_TOO_LARGE)
    return bytes(blob)


def decode(blob, source=None):
    """``(gid, state)`` of a blob; a RuleError of rule SAVE if it is corrupt or truncated. The state
    draws its chance from ``source`` (None: the seeded generator, as saved). A game this build
    does not have: its RuleError (``registry.module``)."""
    try:
        return _decode(blob, source)
    except RuleError as e:
        if _E_CORRUPT <= e.code <= _E_OUT_OF_RANGE or e.code == _E_NOT_BUILT:
            raise
        raise bad(_E_CORRUPT)  # a rule of the game broken (a stacked deck): a corrupt save
    except MemoryError:  # a board short of RAM: the save is fine, and must not be removed
        raise
    except Exception:  # any other surprise in bad bytes is still just a corrupt save
        raise bad(_E_CORRUPT)


def _decode(blob, source):
    from shared_rules import registry
    blob = bytes(blob)
    if len(blob) < 8:
        raise bad(_E_TRUNCATED)
    if blob[0:2] != _MAGIC:
        raise bad(_E_NOT_A_SAVE)
    version = blob[2]
    if version != _VERSION:
        raise RuleError(_E_VERSION, version)
    length = struct.unpack("<H", blob[4:6])[0]
    if len(blob) < 6 + length + 2:
        raise bad(_E_TRUNCATED)
    if len(blob) > 6 + length + 2:
        raise bad(_E_LEFT_OVER)
    body = blob[:6 + length]
    if struct.unpack("<H", blob[6 + length:8 + length])[0] != crc16(body):
        raise bad(_E_CHECKSUM)
    gid = blob[3]
    try:
        entry = registry.by_id(gid)
    except RuleError:
        raise RuleError(_E_SAVE_UNKNOWN_GAME, gid)
    return gid, registry.module(entry).decode(body[6:], source)


# --------------------------------------------------------------------------------- payloads

class Writer:
    """A payload written value by value (``buf``)."""

    def __init__(self):
        self.buf = bytearray()

    def u8(self, v):
        if not 0 <= v <= 255:
            raise bad(_E_OUT_OF_RANGE)
        self.buf.append(v)

    def u16(self, v):
        if not 0 <= v <= 0xFFFF:
            raise bad(_E_OUT_OF_RANGE)
        self.buf.extend(struct.pack("<H", v))

    def u32(self, v):
        self.buf.extend(struct.pack("<I", v))

    def cards(self, cards):
        self.u8(len(cards))
        self.buf.extend(bytes(cards))


class Reader:
    """A payload read value by value; a RuleError of rule SAVE past its end or for a value over a limit."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def take(self, n):
        if self.pos + n > len(self.data):
            raise bad(_E_TRUNCATED)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def u8(self, limit=255):
        v = self.take(1)[0]
        if v > limit:
            raise bad()
        return v

    def u16(self):
        return struct.unpack("<H", self.take(2))[0]

    def u32(self):
        return struct.unpack("<I", self.take(4))[0]

    def cards(self):
        return list(self.take(self.u8()))

    def end(self):
        if self.pos != len(self.data):
            raise bad(_E_LEFT_OVER)


def bits(flags):
    v = 0
    for i in range(len(flags)):
        if flags[i]:
            v |= 1 << i
    return v


def unbits(v, n):
    return [bool(v & (1 << i)) for i in range(n)]


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    MAX_SIZE = _MAX_SIZE
