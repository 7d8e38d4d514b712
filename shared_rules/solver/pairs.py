"""The phase solver's program for phases of two groups of different kinds: a set and a run, a
colour group and a run, a colour group and a set (``shared_rules.solver``, which loads it for
such a phase). Shapes: the count of every number; the colours present of every number and the
colour counts; the sorted colour signatures of the numbers held and the colour counts.
Entries are ``(missing, plan)``."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.solver.score import PC, colset_sigs, score2

# the slots of the solver's info list of a phase (solver._build) that the program reads
_SIZES = const(1)
_TOTAL = const(2)
_EXTRA = const(4)

_BIG = const(1 << 28)


def key_setrun(hand, inf):
    cnt = bytearray(16)
    w = 0
    for c in hand:
        if c < 0x40:
            cnt[c & 15] += 1
        elif c == 0x40 or c >= 0x80:
            w += 1
    s = inf[_TOTAL]
    cnt[0] = w if w < s else s
    return bytes(cnt)


def key_colrun(hand, inf):
    k = bytearray(17)  # 0: wilds, 1..12: colours present per number, 13..16: colour counts
    w = 0
    for c in hand:
        if c < 0x40:
            col = c >> 4
            k[c & 15] |= 1 << col
            if k[13 + col] < 200:
                k[13 + col] += 1
        elif c == 0x40 or c >= 0x80:
            w += 1
    s = inf[_TOTAL]
    k[0] = w if w < s else s
    for i in range(13, 17):
        if k[i] > s:
            k[i] = s
    return bytes(k)


_CC = bytearray(64)  # key_colset's counts of every card, zero between calls
_SIGS = [0] * 13  # its signatures
_KEY = [0] * 17  # and its key before it becomes a tuple


def key_colset(hand, inf):
    """Numbers are interchangeable here (no run): the key is the sorted per-number colour
    signatures of the numbers held, then the colour counts and the wilds. Only the key (a
    tuple) is allocated."""
    cc = _CC
    key = _KEY
    key[12] = key[13] = key[14] = key[15] = 0
    w = 0
    for c in hand:
        if c < 0x40:
            if cc[c] < 200:
                cc[c] += 1
            key[12 + (c >> 4)] += 1
        elif c == 0x40 or c >= 0x80:
            w += 1
    sigs = colset_sigs(cc, inf[_SIZES][inf[_EXTRA][1]], _SIGS)
    for c in hand:  # leave the counts zero for the next call
        if c < 0x40:
            cc[c] = 0
    sigs.sort(reverse=True)  # number 0's signature, always 0, comes last and is left out
    for i in range(12):
        key[i] = sigs[i]
    s = inf[_TOTAL]
    for i in range(12, 16):
        if key[i] > s:
            key[i] = s
    key[16] = w if w < s else s
    return tuple(key)  # 0..11: signatures, 12..15: colour counts, 16: wilds


def solve_setrun(key, inf):
    """Set number x (0: empty set) and run window a; when x is in the window the run takes one
    card of x (opt 1) or leaves x to the set (opt 0)."""
    si, ri = inf[_EXTRA]
    sizes = inf[_SIZES]
    s = sizes[si]
    r = sizes[ri]
    avail = inf[_TOTAL] - key[0]
    p = 0
    xs = []
    for x in range(1, 13):
        if key[x]:
            p |= 1 << x
            xs.append(x)
    full = (1 << r) - 1
    pc = PC
    win = _BIG
    plan = (0, 1, 0)
    for a in range(1, 14 - r):
        wm = full << a
        v = p & wm
        nr0 = pc[v & 255] + pc[v >> 8]
        sc = score2(avail, nr0, 0)  # the set empty
        if sc < win:
            win = sc
            plan = (0, a, 0)
        for x in xs:
            cx = key[x]
            if wm >> x & 1:
                # the run takes one card of x, the set the rest
                ns = cx - 1
                if ns > s:
                    ns = s
                sc = score2(avail, nr0, ns)
                if sc < win:
                    win = sc
                    plan = (x, a, 1)
                # the run leaves x to the set
                nr = nr0 - 1
                ns = cx if cx < s else s
            else:
                nr = nr0
                ns = cx if cx < s else s
            sc = score2(avail, nr, ns)
            if sc < win:
                win = sc
                plan = (x, a, 0)
    return (win + 255) >> 8, plan


def solve_colrun(key, inf):
    """Colour c and run window a; the run takes a card of another colour where there is one,
    and b of the numbers that only colour c has (each costs the colour group a card)."""
    ci, ri = inf[_EXTRA]
    sizes = inf[_SIZES]
    k = sizes[ci]
    r = sizes[ri]
    avail = inf[_TOTAL] - key[0]
    win = _BIG
    plan = (0, 1, 0)
    for c in range(4):
        bit = 1 << c
        other = 15 ^ bit
        cc = key[13 + c]
        for a in range(1, 14 - r):
            na = 0
            nb = 0
            for x in range(a, a + r):
                mk = key[x]
                if mk & other:
                    na += 1
                elif mk:
                    nb += 1
            for b in range(nb + 1):
                nk = cc - b
                if nk > k:
                    nk = k
                sc = score2(avail, na + b, nk)
                if sc < win:
                    win = sc
                    plan = (c, a, b)
    return (win + 255) >> 8, plan


_RANK_TOTAL = [0] * 12  # solve_colset: cards held of each rank's number


def solve_colset(key, inf):
    """Colour c and the set on the number of rank x in the key (-1: empty set); the set takes
    cards of other colours first, then t of colour c (each costs the colour group a card).
    A rank's count of colour c is digit c of its signature (colour 0 the most significant)."""
    ci, si = inf[_EXTRA]
    sizes = inf[_SIZES]
    k = sizes[ci]
    s = sizes[si]
    b = s + 1
    avail = inf[_TOTAL] - key[16]
    total = _RANK_TOTAL
    nx = 0
    while nx < 12 and key[nx]:
        v = key[nx]
        n = 0
        for col in range(4):
            n += v % b
            v //= b
        total[nx] = n
        nx += 1
    win = _BIG
    plan = (0, -1, 0)
    for c in range(4):
        cc = key[12 + c]
        nk = cc if cc < k else k
        sc = score2(avail, nk, 0)  # the set empty
        if sc < win:
            win = sc
            plan = (c, -1, 0)
        unit = b ** (3 - c)
        for x in range(nx):
            cxc = key[x] // unit % b
            u = total[x] - cxc
            if u > s:
                u = s
            tmax = s - u
            if tmax > cxc:
                tmax = cxc
            for t in range(tmax + 1):
                nk = cc - t
                if nk > k:
                    nk = k
                sc = score2(avail, u + t, nk)
                if sc < win:
                    win = sc
                    plan = (c, x, t)
    return (win + 255) >> 8, plan
