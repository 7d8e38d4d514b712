"""Dice Express's save payload written (the envelope is ``shared_rules.save``): about 40 bytes
plus two per seat and one per piece in a road. Loaded at the first save
(``dice_express.encode``), so that the rules module stays small to compile; the payload is read
by ``shared_rules.dice_express.load`` (Continue only: a game saves every round, it reads only once)."""

import struct



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
