"""The phase solver's program for phases of one or two runs (``shared_rules.solver``, which
loads it for such a phase): a hand's shape is the numbers present (and, for two runs, those
held twice) and the wilds. Entries are ``(missing, plan)``."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.solver.score import PC, score

# the slots of the solver's info list of a phase (solver._build) that the program reads
_SIZES = const(1)
_TOTAL = const(2)

_BIG = const(1 << 28)


def key_run1(hand, inf):
    p = 0
    w = 0
    for c in hand:
        if c < 0x40:
            p |= 1 << (c & 15)
        elif c == 0x40 or c >= 0x80:
            w += 1
    s = inf[_TOTAL]
    return (p & 0x1FFE) << 4 | (w if w < s else s)


def key_run2(hand, inf):
    p1 = 0
    p2 = 0
    w = 0
    for c in hand:
        if c < 0x40:
            b = 1 << (c & 15)
            p2 |= p1 & b
            p1 |= b
        elif c == 0x40 or c >= 0x80:
            w += 1
    s = inf[_TOTAL]
    # bits 17..28: numbers present, 5..16: numbers doubled, 0..4: wilds (below 2**29)
    return ((p1 & 0x1FFE) << 16) | ((p2 & 0x1FFE) << 4) | (w if w < s else s)


def solve_run1(key, inf):
    s = inf[_TOTAL]
    p = key >> 4
    avail = s - (key & 15)
    full = (1 << s) - 1
    win = _BIG
    start = 1
    for a in range(1, 14 - s):
        v = p & (full << a)
        n = PC[v & 255] + PC[v >> 8]
        z = 0 if n else 1
        v = avail - n
        if v < z:
            v = z
        sc = v * 256 - n
        if sc < win:
            win = sc
            start = a
    return (win + 255) >> 8, start


def solve_run2(key, inf):
    s1, s2 = inf[_SIZES]
    p1 = (key >> 16) & 0x1FFE
    p2 = (key >> 4) & 0x1FFE
    avail = inf[_TOTAL] - (key & 31)
    f1 = (1 << s1) - 1
    f2 = (1 << s2) - 1
    pc = PC
    win = _BIG
    plan = (1, 1)
    for a1 in range(1, 14 - s1):
        w1 = f1 << a1
        u = p1 & w1
        for a2 in range(a1 if s1 == s2 else 1, 14 - s2):
            w2 = f2 << a2
            v = p1 & w2
            x = p1 & (w1 | w2)
            y = p2 & w1 & w2
            n = pc[x & 255] + pc[x >> 8] + pc[y & 255] + pc[y >> 8]
            if u == 0:
                z = 2 if v == 0 else 1
            elif v == 0:
                z = 1
            elif u == v and not (u & (u - 1)) and not (u & p2):
                z = 1  # both runs see one single card only
            else:
                z = 0
            sc = score(avail, n, z)
            if sc < win:
                win = sc
                plan = (a1, a2)
    return (win + 255) >> 8, plan
