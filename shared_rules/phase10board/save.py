"""The board game's save payload (docs/phase10board.md): every field of a ``Board``, one byte a
value, written and read with ``save.Writer`` and ``Reader``. Loaded at the first save or
load (``phase10board.encode``/``decode``), so the rules module stays small to compile."""

from shared_rules.phase10board import game as B
from shared_rules.save import Reader, Writer, bad

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_OVER = const(9)  # shared_rules.phase10board.game.OVER
_FINISH = const(10)  # shared_rules.phase10board.game.FINISH
_SPACES = const(32)  # shared_rules.phase10board.game.SPACES
_JOKER_BIT = const(128)  # shared_rules.phase10board.game.JOKER_BIT


_E_CARDS_MISSING = const(21)  # RuleError codes: words in shared_rules/desktop/errors.py


def encode(g):
    w = Writer()
    for v in (g.n, g.stage, g.turn):
        w.u8(v)
    w.u16(g.round_no)
    for v in (g.start, g.went_out + 1, 1 if g.extra else 0, g.left, g.swapped, g.dice[0],
              g.dice[1], g.action + 1, g.winners[0] + 1 if g.winners else 0):
        w.u8(v)
    w.u8(len(g.targets))
    for sp, k in g.targets:
        w.u8(sp)
        w.u8(k)
    if g.last_ask is None:
        w.u8(0)
    else:
        w.u8(1)
        for v in g.last_ask:
            w.u8(v + 1)
    if g.last_round is None:
        w.u8(0)
    else:
        w.u8(1)
        w.u8(g.last_round[0])
        w.buf.extend(bytes(g.last_round[1]))
        w.buf.extend(bytes(g.last_round[2]))
    for s in range(g.n):
        w.u8(g.tokens[s])
        w.u8(g.markers[s])
        w.u8(1 if g.laid[s] else 0)
        w.cards(g.hands[s])
        w.cards(g.kept[s])
    w.cards(g.keep_queue)
    w.cards(g.draw)
    w.cards(g.discard)
    w.buf.extend(bytes(g.dopen))
    w.u8(len(g.table))
    for grp in g.table:
        for v in grp[:4]:
            w.u8(v)
        w.cards(grp[4])
    return bytes(w.buf)


def _cards(r):
    out = list(r.take(r.u8(96)))
    for c in out:
        if not (1 <= c & 15 <= 12 and c & 0x40 == 0):
            raise bad()
    return out


def decode(data, source=None):
    r = Reader(data)
    n = r.u8(6)
    if n < 2:
        raise bad()
    g = object.__new__(B.Board)  # (MicroPython: a class has no __new__ of its own)
    g.n = n
    g.source = source
    g.stage = r.u8(_OVER)
    g.turn = r.u8(n - 1)
    g.round_no = r.u16()
    g.start = r.u8(n - 1)
    g.went_out = r.u8(n) - 1
    g.extra = r.u8(1) == 1
    g.left = r.u8(4)
    g.swapped = r.u8(4)
    g.dice = (r.u8(6), r.u8(6))
    g.action = r.u8(_SPACES) - 1
    w = r.u8(n)
    g.winners = [w - 1] if w else []
    if (g.stage == _OVER) != (w > 0):
        raise bad()
    g.targets = []
    for _ in range(r.u8(2)):
        g.targets.append((r.u8(_SPACES - 1), r.u8(12)))
    g.last_ask = None
    if r.u8(1):
        g.last_ask = (r.u8(n) - 1, r.u8(13) - 1, r.u8(2) - 1, r.u8(n) - 1)
    g.last_round = None
    if r.u8(1):
        goer = r.u8(n - 1)
        g.last_round = (goer, [r.u8(_FINISH) for _ in range(n)],
                        [r.u8(_FINISH) for _ in range(n)])
    g.tokens = []
    g.markers = []
    g.laid = []
    g.hands = []
    g.kept = []
    for _ in range(n):
        g.tokens.append(r.u8(_SPACES - 1))
        g.markers.append(r.u8(_FINISH))
        g.laid.append(r.u8(1) == 1)
        g.hands.append(_cards(r))
        g.kept.append(_cards(r))
    g.keep_queue = [r.u8(n - 1) for _ in range(r.u8(n))]
    g.draw = _cards(r)
    g.discard = _cards(r)
    g.dopen = [r.u8(1) for _ in range(len(g.discard))]
    g.table = []
    for _ in range(r.u8(60)):
        owner = r.u8(n - 1)
        kind = r.u8(2)
        a = r.u8(12)
        b = r.u8(12)
        g.table.append([owner, kind, a, b, _cards(r)])
    r.end()
    count = bytearray(64)
    for cs in g.hands + g.kept + [g.draw, g.discard] + [grp[4] for grp in g.table]:
        for c in cs:
            count[c & 0x3F] += 1
    for col in range(4):
        for num in range(1, 13):
            if count[col << 4 | num] != 2:
                raise bad(_E_CARDS_MISSING)
    for c in g.draw + g.discard:
        if c & _JOKER_BIT:
            raise bad()
    return g
