"""Dice Express's save payload (the envelope is ``shared_rules.save``): about 40 bytes plus two
per seat and one per piece in a road. ``decode`` accepts only a position the rules can reach.
Loaded at the first save or at Continue (``dice_express.encode``/``decode``), so that the rules
module stays small."""

import struct

from shared_rules.dice_express import game as D
from shared_rules.save import bad

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_BEFORE = const(0)  # shared_rules.dice_express.game.BEFORE
_REROLL = const(1)  # shared_rules.dice_express.game.REROLL
_END_GAVE_FRONT = const(2)  # shared_rules.dice_express.game.END_GAVE_FRONT
_TAKE_KIND = const(2)  # shared_rules.dice_express.game.TAKE_KIND
_END_MOVED_BACK = const(3)  # shared_rules.dice_express.game.END_MOVED_BACK
_OVER = const(3)  # shared_rules.dice_express.game.OVER
_END_SPARED = const(4)  # shared_rules.dice_express.game.END_SPARED
_DICE = const(7)  # shared_rules.dice_express.game.DICE
_FINISH = const(30)  # shared_rules.dice_express.game.FINISH
_FULL = const(124)  # shared_rules.dice_express.game.FULL


_E_TRUNCATED = const(13)  # RuleError codes: words in shared_rules/desktop/errors.py
_E_LEFT_OVER = const(19)
_E_CARDS_MISSING = const(21)


def encode(g):
    """The save payload (the envelope is ``shared_rules.save``): about 40 bytes plus two per
    seat and one per piece in a road."""
    b = bytearray()
    src = g.source.state if g.source is not None else 0
    b.extend(struct.pack("<I", src & 0x3FFFFFFF))
    le = g.last_end
    b.extend(bytes((g.n, g.stage, g.turn, g.roll_no, g.given, g.colour + 1, g.stolen, g.gained,
                    g.last, (g.winners[0] + 1) if g.winners else 0,
                    0 if le is None else le[0] + 1, 0 if le is None else le[1],
                    0 if le is None else le[2] + 1, 0 if le is None else le[3])))
    b.extend(struct.pack("<HH", g.turns, g.round_no))
    b.extend(bytes(g.display))
    b.extend(bytes(g.out))
    b.append(len(g.dice))
    b.extend(bytes(g.dice))
    m = 0
    for i in range(len(g.aside)):
        if g.aside[i]:
            m |= 1 << i
    b.append(m)
    for s in range(g.n):
        b.append(g.fronts[s])
        b.append(len(g.roads[s]))
        b.extend(bytes(g.roads[s]))
    return bytes(b)


def decode(data, source=None):
    """The game of a payload; a RuleError of rule SAVE for anything inconsistent. ``source`` None: the
    seeded generator with the saved state."""
    from shared_rules.rng import Rng
    data = bytes(data)
    if len(data) < 36:
        raise bad(_E_TRUNCATED)
    state = struct.unpack("<I", data[0:4])[0]
    if state >> 30:
        raise bad()
    h = data[4:18]
    n = h[0]
    if n < 2 or n > 6:
        raise bad()
    g = D.DiceExpress(0, None, True)
    g.n = n
    g.seat = -1
    g.source = source if source is not None else Rng(state & 0x3FFFFFFF)
    g.stage, g.turn, g.roll_no, g.given = h[1], h[2], h[3], h[4]
    g.colour = h[5] - 1
    g.stolen, g.gained, g.last = h[6], h[7], h[8]
    g.winners = [h[9] - 1] if h[9] else []
    g.last_end = None if not h[10] else (h[10] - 1, h[11], h[12] - 1, h[13])
    if h[10] and (h[11] in (_END_GAVE_FRONT, _END_MOVED_BACK)) != (h[12] > 0):
        raise bad()
    g.turns, g.round_no = struct.unpack("<HH", data[18:22])
    g.display = list(data[22:28])
    g.out = list(data[28:34])
    pos = 34
    nd = data[pos]
    pos += 1
    if nd > _DICE or len(data) < pos + nd + 1:
        raise bad(_E_TRUNCATED)
    g.dice = list(data[pos:pos + nd])
    pos += nd
    m = data[pos]
    pos += 1
    g.aside = [1 if m & (1 << i) else 0 for i in range(nd)]
    g.roads = []
    g.fronts = []
    for s in range(n):
        if len(data) < pos + 2:
            raise bad(_E_TRUNCATED)
        g.fronts.append(data[pos])
        k = data[pos + 1]
        pos += 2
        if k > 6 or len(data) < pos + k:
            raise bad(_E_TRUNCATED)
        g.roads.append(list(data[pos:pos + k]))
        pos += k
    if pos != len(data):
        raise bad(_E_LEFT_OVER)
    _check(g)
    return g


def _check(g):
    """a RuleError of rule SAVE unless ``g`` is a position the rules can reach."""
    n = g.n
    if g.stage > _OVER or g.turn >= n or g.roll_no > 3 or g.given > 5 or g.colour > 5:
        raise bad()
    if g.stolen >> n or g.last >> n or g.gained > 6 or g.round_no < 1 or g.turns < 1:
        raise bad()
    if g.winners and (g.winners[0] >= n or g.stage != _OVER):
        raise bad()
    if g.stage == _OVER and not g.winners:
        raise bad()
    if g.last_end is not None and (g.last_end[0] >= n or g.last_end[1] > _END_SPARED):
        raise bad()
    for d in g.dice:
        if d > 5:
            raise bad()
    if g.stage == _BEFORE and (g.dice or g.roll_no):
        raise bad()
    if g.stage in (_REROLL, _TAKE_KIND) and (len(g.dice) != _DICE - g.given or not 1 <= g.roll_no <= 3):
        raise bad()
    if g.stage == _TAKE_KIND and g.colour < 0:
        raise bad()
    # DX-2: the pieces out of play for this player count
    outs = 0
    for c in range(6):
        if g.out[c] & ~0x0C or g.display[c] & ~_FULL:
            raise bad()
        outs += (g.out[c] >> 2 & 1) + (g.out[c] >> 3 & 1)
    if outs != (0 if n >= 4 else (8 if n == 3 else 6)):
        raise bad()
    # every piece in exactly one place; no colour twice in a road; fronts cover their roads
    seen = list(g.out)
    for c in range(6):
        if seen[c] & g.display[c]:
            raise bad()
        seen[c] |= g.display[c]
    for s in range(n):
        road = g.roads[s]
        total = 0
        colours = 0
        for p in road:
            c = p >> 3
            length = p & 7
            if c > 5 or length < 2 or length > 6 or colours & (1 << c) or seen[c] & (1 << length):
                raise bad()
            colours |= 1 << c
            seen[c] |= 1 << length
            total += length
        if g.fronts[s] < total or (not road and g.fronts[s]):
            raise bad()
        if g.fronts[s] >= _FINISH and g.stage != _OVER:
            raise bad()
    for c in range(6):
        if seen[c] != _FULL:
            raise bad(_E_CARDS_MISSING)
