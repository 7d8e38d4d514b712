"""The phase solver's middle part (``shared_rules.solver``): solving a shape, pattern by
pattern, for the fewest missing cards and the plan that keeps the most naturals; entries are
``(missing, plan)``. The colour signatures that the shapes and the plans read are here too."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# the slots of the solver's info list of a phase (solver._build) that the programs read
_SIZES = const(1)
_TOTAL = const(2)
_EXTRA = const(4)

_BIG = const(1 << 28)

# popcount of a byte
_PC = bytearray(256)
for _i in range(1, 256):
    _PC[_i] = _PC[_i >> 1] + (_i & 1)


def colset_sigs(cc, s, sigs=None):
    """Per number 1..12: its colour counts (each capped at the set's size ``s``) as one int,
    colour 0 the most significant digit in base s + 1; 0 for a number not held. Into
    ``sigs`` (13 slots) when given."""
    b = s + 1
    if sigs is None:
        sigs = [0] * 13
    sigs[0] = 0
    for x in range(1, 13):
        v = 0
        for col in range(4):
            n = cc[(col << 4) + x]
            v = v * b + (n if n < s else s)
        sigs[x] = v
    return sigs



_TOP = [0] * 4  # _solve_sets without a plan, up to four groups: its lists, reused
_BEST0 = [0] * 16
_BEST1 = [0] * 16


def _solve_sets(key, inf, plan=True):
    """Sets (or colour groups) only: ranks of the sorted counts are dealt to groups; groups
    sharing a rank split its cards. best[mask] = most naturals with the groups of ``mask``
    non-empty. ``plan`` False: only the missing count (no choices kept, nothing to rebuild)."""
    sizes = inf[_SIZES]
    s = inf[_TOTAL]
    tot, cnt, pairs, closed = inf[_EXTRA]
    m = len(sizes)
    b = s + 1
    nm = 1 << m
    scratch = not plan and m <= 4  # the count alone: the module's lists, no garbage
    top = _TOP if scratch else [0] * m
    k = key
    j = m - 1
    while j >= 0:
        top[j] = k % b
        k //= b
        j -= 1
    avail = s - k  # k is the (capped) wild count now
    if scratch:
        best = _BEST0
        for mask in range(nm):
            best[mask] = -1
    else:
        best = [-1] * nm
    best[0] = 0
    choices = [] if plan else None
    for j in range(m):
        c = top[j]
        if c == 0:
            break
        if scratch:
            nb = _BEST1 if best is _BEST0 else _BEST0
            for mask in range(nm):
                nb[mask] = best[mask]
        else:
            nb = best[:]
        ch = [0] * nm if plan else None
        for mask, sub in pairs:
            v = best[mask]
            if v < 0 or cnt[sub] > c:
                continue
            t = tot[sub]
            v += c if c < t else t
            new = mask | sub
            if v > nb[new]:
                nb[new] = v
                if plan:
                    ch[new] = sub
        best = nb
        if plan:
            choices.append(ch)
    win = _BIG
    wmask = 0
    for mask in range(nm):
        n = best[mask]
        if n < 0:
            continue
        z = m - cnt[mask]
        v = avail - n
        if v < z:
            v = z
        sc = v * 256 - n
        if sc < win:
            win = sc
            wmask = mask
    if not plan:
        return (win + 255) >> 8
    gslot = [-1] * m
    gcount = [0] * m
    mask = wmask
    j = len(choices) - 1
    while j >= 0:
        sub = choices[j][mask]
        if sub:
            left = top[j]
            if left > tot[sub]:
                left = tot[sub]
            left -= cnt[sub]
            for g in range(m):
                if sub >> g & 1:
                    gslot[g] = j
                    extra = sizes[g] - 1
                    if extra > left:
                        extra = left
                    gcount[g] = 1 + extra
                    left -= extra
            mask ^= sub
        j -= 1
    missing = (win + 255) >> 8  # win = missing * 256 - n with 0 <= n < 256
    return missing, (tuple(gslot), tuple(gcount))


def _solve_run1(key, inf):
    s = inf[_TOTAL]
    p = key >> 4
    avail = s - (key & 15)
    full = (1 << s) - 1
    win = _BIG
    start = 1
    for a in range(1, 14 - s):
        v = p & (full << a)
        n = _PC[v & 255] + _PC[v >> 8]
        z = 0 if n else 1
        v = avail - n
        if v < z:
            v = z
        sc = v * 256 - n
        if sc < win:
            win = sc
            start = a
    return (win + 255) >> 8, start


def _solve_run2(key, inf):
    s1, s2 = inf[_SIZES]
    p1 = (key >> 16) & 0x1FFE
    p2 = (key >> 4) & 0x1FFE
    avail = inf[_TOTAL] - (key & 31)
    f1 = (1 << s1) - 1
    f2 = (1 << s2) - 1
    pc = _PC
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
            sc = _score(avail, n, z)
            if sc < win:
                win = sc
                plan = (a1, a2)
    return (win + 255) >> 8, plan


def _solve_setrun(key, inf):
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
    pc = _PC
    win = _BIG
    plan = (0, 1, 0)
    for a in range(1, 14 - r):
        wm = full << a
        v = p & wm
        nr0 = pc[v & 255] + pc[v >> 8]
        sc = _score2(avail, nr0, 0)  # the set empty
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
                sc = _score2(avail, nr0, ns)
                if sc < win:
                    win = sc
                    plan = (x, a, 1)
                # the run leaves x to the set
                nr = nr0 - 1
                ns = cx if cx < s else s
            else:
                nr = nr0
                ns = cx if cx < s else s
            sc = _score2(avail, nr, ns)
            if sc < win:
                win = sc
                plan = (x, a, 0)
    return (win + 255) >> 8, plan


def _solve_colrun(key, inf):
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
                sc = _score2(avail, na + b, nk)
                if sc < win:
                    win = sc
                    plan = (c, a, b)
    return (win + 255) >> 8, plan


_RANK_TOTAL = [0] * 12  # _solve_colset: cards held of each rank's number


def _solve_colset(key, inf):
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
        sc = _score2(avail, nk, 0)  # the set empty
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
                sc = _score2(avail, u + t, nk)
                if sc < win:
                    win = sc
                    plan = (c, x, t)
    return (win + 255) >> 8, plan


def _score(avail, n, z):
    """A plan's score, lower is better: missing cards ``max(avail - n, z)`` (``avail`` is the
    phase's size less the wilds, ``n`` the naturals placed, ``z`` the groups left without a
    natural), then more naturals first."""
    d = avail - n
    if d < z:
        d = z
    return d * 256 - n


def _score2(avail, n1, n2):
    """The score of a plan for a phase of two groups holding ``n1`` and ``n2`` naturals."""
    return _score(avail, n1 + n2, (0 if n1 else 1) + (0 if n2 else 1))


def _solve_empty(key, inf):
    return 0, None
