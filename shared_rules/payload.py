"""The byte writer and reader the games' save payloads are made with (``p10codec``,
``p10bcodec``; the envelope is ``shared_rules.save``). A module of its own, so that a game whose
payload needs neither (Dice Express) does not load them at every save: code is RAM."""

import struct

from shared_rules.errors import RuleError


def bad(reason):
    return RuleError("SAVE", reason, "corrupt")


class Writer:
    def __init__(self):
        self.buf = bytearray()

    def u8(self, v):
        if not 0 <= v <= 255:
            raise bad("value out of range for the save format")
        self.buf.append(v)

    def u16(self, v):
        if not 0 <= v <= 0xFFFF:
            raise bad("value out of range for the save format")
        self.buf.extend(struct.pack("<H", v))

    def u32(self, v):
        self.buf.extend(struct.pack("<I", v))

    def cards(self, cards):
        self.u8(len(cards))
        self.buf.extend(bytes(cards))


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def take(self, n):
        if self.pos + n > len(self.data):
            raise bad("the save is truncated")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def u8(self, limit=255):
        v = self.take(1)[0]
        if v > limit:
            raise bad("the save holds an impossible value")
        return v

    def u16(self):
        return struct.unpack("<H", self.take(2))[0]

    def u32(self):
        return struct.unpack("<I", self.take(4))[0]

    def cards(self):
        return list(self.take(self.u8()))

    def end(self):
        if self.pos != len(self.data):
            raise bad("the save has bytes left over")


def bits(flags):
    v = 0
    for i in range(len(flags)):
        if flags[i]:
            v |= 1 << i
    return v


def unbits(v, n):
    return [bool(v & (1 << i)) for i in range(n)]
