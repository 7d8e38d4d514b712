"""The save codec: a game state as a small versioned binary blob with a checksum.

Layout (all integers little-endian)::

    b"PX"  version  game  length(H)  payload...  crc16(H)

``game`` 1 is Phase 10, the card game. The CRC covers everything before it. A 6-player Phase 10
game mid-hand takes about 250 bytes, far below the 4 KiB of the smallest board's NVM.
``decode`` raises RuleError("SAVE", ...) for anything that is not a whole, consistent blob;
it never crashes on bad bytes.
"""

import struct

from shared_rules.errors import RuleError
from shared_rules.crc import crc16

MAGIC = b"PX"
VERSION = 1
GAME_PHASE10 = 1
MAX_SIZE = 4096


class _Writer:
    def __init__(self):
        self.buf = bytearray()

    def u8(self, v):
        if not 0 <= v <= 255:
            raise RuleError("SAVE", "value out of range for the save format")
        self.buf.append(v)

    def u16(self, v):
        if not 0 <= v <= 0xFFFF:
            raise RuleError("SAVE", "value out of range for the save format")
        self.buf.extend(struct.pack("<H", v))

    def u32(self, v):
        self.buf.extend(struct.pack("<I", v))

    def cards(self, cards):
        self.u8(len(cards))
        self.buf.extend(bytes(cards))


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def _take(self, n):
        if self.pos + n > len(self.data):
            raise RuleError("SAVE", "the save is truncated")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def u8(self, limit=255):
        v = self._take(1)[0]
        if v > limit:
            raise RuleError("SAVE", "the save holds an impossible value")
        return v

    def u16(self):
        return struct.unpack("<H", self._take(2))[0]

    def u32(self):
        return struct.unpack("<I", self._take(4))[0]

    def cards(self):
        return list(self._take(self.u8()))


def _bits(flags):
    v = 0
    for i in range(len(flags)):
        if flags[i]:
            v |= 1 << i
    return v


def _unbits(v, n):
    return [bool(v & (1 << i)) for i in range(n)]


def encode(game):
    """The save blob of a Phase 10 game (bytes, at most MAX_SIZE)."""
    from shared_rules.phases import PHASE_LISTS
    w = _Writer()
    n = game.n
    lists = [k for k, _ in PHASE_LISTS]
    w.u8(n)
    w.u8(game.edition)
    w.u8(game.progression)
    w.u8(lists.index(game.phase_list_name))
    w.u8(game.stage)
    w.u8(game.turn)
    w.u8(game.dealer)
    w.u16(game.hand_no)
    w.u8((1 if game.tiebreak else 0) | (2 if game.laid_this_turn else 0))
    w.u8(game.went_out + 1)
    w.u32(game.rng.state)
    w.u8(_bits(game.waiting))
    w.u8(_bits(game.active))
    for s in range(n):
        w.u16(game.progress[s])
        w.u8(game.laid[s])
        w.u16(game.scores[s])
        w.cards(game.hands[s])
    w.cards(game.draw_pile)
    w.cards(game.discard)
    w.u8(len(game.table))
    for g in game.table:
        w.u8(g[0])
        w.u8(g[1])
        w.u8(g[2])
        w.u8(g[3])
        w.cards(g[4])
    w.cards(game.winners)
    if game.last_hand is None:
        w.u8(0)
    else:
        out, points, advanced = game.last_hand
        w.u8(out + 1)
        for s in range(n):
            w.u16(points[s])
        w.u8(_bits(advanced))
    w.u8(len(game.decks))
    for d in game.decks:
        w.buf.extend(bytes(d))
    payload = w.buf
    head = bytearray(MAGIC)
    head.append(VERSION)
    head.append(GAME_PHASE10)
    head.extend(struct.pack("<H", len(payload)))
    blob = head + payload
    blob.extend(struct.pack("<H", crc16(blob)))
    if len(blob) > MAX_SIZE:
        raise RuleError("SAVE", "the game is too large to save")
    return bytes(blob)


def decode(blob):
    """The game saved in ``blob``; RuleError("SAVE", ...) if it is corrupt or truncated."""
    try:
        return _decode(blob)
    except RuleError:
        raise
    except Exception:  # any other surprise in bad bytes is still just a corrupt save
        raise RuleError("SAVE", "the save is corrupt")


def _decode(blob):
    from shared_rules.phase10 import Phase10, _checked_deck, FREE
    from shared_rules.phases import PHASE_LISTS
    from shared_rules import cards as C
    blob = bytes(blob)
    if len(blob) < 8:
        raise RuleError("SAVE", "the save is truncated")
    if blob[0:2] != MAGIC:
        raise RuleError("SAVE", "this is not a saved game")
    if blob[2] != VERSION:
        raise RuleError("SAVE", "the save was written by another version (" + str(blob[2]) + ")")
    if blob[3] != GAME_PHASE10:
        raise RuleError("SAVE", "the save holds another game")
    length = struct.unpack("<H", blob[4:6])[0]
    if len(blob) < 6 + length + 2:
        raise RuleError("SAVE", "the save is truncated")
    if len(blob) > 6 + length + 2:
        raise RuleError("SAVE", "the save has bytes after its end")
    body = blob[:6 + length]
    if struct.unpack("<H", blob[6 + length:8 + length])[0] != crc16(body):
        raise RuleError("SAVE", "the save is corrupt (checksum)")
    r = _Reader(body)
    r.pos = 6
    n = r.u8(6)
    if n < 2:
        raise RuleError("SAVE", "the save holds an impossible value")
    edition = r.u8(1)
    progression = r.u8(2)
    list_name = PHASE_LISTS[r.u8(len(PHASE_LISTS) - 1)][0]
    g = Phase10(n, edition=("classic", "2020")[edition],
                progression=("standard", "everyone", "free")[progression], phases=list_name)
    g.stage = r.u8(3)
    g.turn = r.u8(n - 1)
    g.dealer = r.u8(n - 1)
    g.hand_no = r.u16()
    flags = r.u8(3)
    g.tiebreak = bool(flags & 1)
    g.laid_this_turn = bool(flags & 2)
    g.went_out = r.u8(n) - 1
    g.rng.state = r.u32() & 0x3FFFFFFF
    g.waiting = _unbits(r.u8(), n)
    g.active = _unbits(r.u8(), n)
    for s in range(n):
        g.progress[s] = r.u16()
        g.laid[s] = r.u8(10)
        g.scores[s] = r.u16()
        g.hands[s] = r.cards()
    g.draw_pile = r.cards()
    g.discard = r.cards()
    g.table = []
    for _ in range(r.u8()):
        owner, kind, a, b = r.u8(n - 1), r.u8(2), r.u8(12), r.u8(12)
        g.table.append([owner, kind, a, b, r.cards()])
    g.winners = r.cards()
    out = r.u8(n) - 1
    if out >= 0:
        points = [r.u16() for _ in range(n)]
        g.last_hand = (out, points, _unbits(r.u8(), n))
    g.decks = []
    for _ in range(r.u8()):
        g.decks.append(_checked_deck(r._take(108)))
    if r.pos != len(body):
        raise RuleError("SAVE", "the save has bytes left over")
    # consistency: every card in exactly one place (P10C-1), sane positions
    every = list(g.draw_pile) + list(g.discard)
    for s in range(n):
        every.extend(g.hands[s])
    for grp in g.table:
        every.extend(grp[4])
    if sorted(every) != sorted(C.new_deck()):
        raise RuleError("SAVE", "the save does not hold the 108 cards")
    limit = len(g.phase_numbers)
    for s in range(n):
        if g.progression == FREE:
            if g.progress[s] >= (1 << limit):
                raise RuleError("SAVE", "the save holds an impossible phase")
        elif g.progress[s] > limit:
            raise RuleError("SAVE", "the save holds an impossible phase")
        if g.laid[s] and g.laid[s] not in g.phase_numbers:
            raise RuleError("SAVE", "the save holds an impossible phase")
    for w in g.winners:
        if w >= n:
            raise RuleError("SAVE", "the save holds an impossible winner")
    if not g.active[g.turn]:
        raise RuleError("SAVE", "the save holds an impossible turn")
    if g.stage == 3 and not g.winners:
        raise RuleError("SAVE", "the save holds an impossible ending")
    return g
