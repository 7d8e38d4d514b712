"""The phase solver's program for phases of sets only, or of colour groups only
(``shared_rules.solver``, which loads it for such a phase): a hand's shape is the largest counts
of a number (a colour), sorted, and the wilds; a dynamic program deals the count ranks to the
groups, groups of the same size sharing a rank. Entries are ``(missing, plan)``."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# the slots of the solver's info list of a phase (solver._build) that the program reads
_SIZES = const(1)
_TOTAL = const(2)
_EXTRA = const(4)

_BIG = const(1 << 28)

_CNT16 = [0] * 16  # the counts of _key_counts, reused: no list per call (the solver never
_CNT4 = [0] * 4  # runs inside itself)


def _key_counts(hand, inf, slots, mask, shift):
    """Sets only (count per number) or colour groups only (count per colour): the largest
    counts, sorted, and the wilds, each capped at the phase's size, as one integer."""
    cnt = _CNT16 if slots == 16 else _CNT4
    for i in range(slots):
        cnt[i] = 0
    w = 0
    for c in hand:
        if c < 0x40:
            cnt[(c & mask) >> shift] += 1
        elif c == 0x40 or c >= 0x80:
            w += 1
    if not shift:
        cnt[0] = 0  # numbers 1..12: slot 0 counts nothing
    cnt.sort(reverse=True)
    s = inf[_TOTAL]
    b = s + 1
    key = w if w < s else s
    for j in range(len(inf[_SIZES])):
        v = cnt[j] if j < slots else 0
        key = key * b + (v if v < s else s)
    return key


def key_sets(hand, inf):
    return _key_counts(hand, inf, 16, 15, 0)


def key_cols(hand, inf):
    return _key_counts(hand, inf, 4, 0xFF, 4)


def tables(sizes):
    """Tables of the sets (or colour groups) program: total size and count of every subset of
    groups, and the (assigned, newly assigned) subset pairs worth trying. Equal groups are
    assigned in phase order (a subset of equal groups is always a prefix of them)."""
    m = len(sizes)
    full = (1 << m) - 1
    tot = [0] * (full + 1)
    cnt = [0] * (full + 1)
    for sub in range(1, full + 1):
        for g in range(m):
            if sub >> g & 1:
                tot[sub] += sizes[g]
                cnt[sub] += 1
    closed = []  # prefix-closed per class of equal groups
    for mask in range(full + 1):
        ok = True
        for g in range(m):
            if mask >> g & 1:
                continue
            for h in range(g + 1, m):
                if mask >> h & 1 and sizes[h] == sizes[g]:
                    ok = False
        closed.append(ok)
    pairs = []
    for mask in range(full + 1):
        if not closed[mask]:
            continue
        comp = full ^ mask
        sub = comp
        while sub:
            if closed[mask | sub]:
                pairs.append((mask, sub))
            sub = (sub - 1) & comp
    return tot, cnt, pairs, closed


_TOP = [0] * 4  # solve without a plan, up to four groups: its lists, reused
_BEST0 = [0] * 16
_BEST1 = [0] * 16


def solve(key, inf, plan=True):
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
