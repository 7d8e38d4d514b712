"""The phase solver: how far a hand is from a phase, and how to lay it (RULES.md P10C-3,
P10C-4, P10C-5, P10B phases).

``solve(hand, phase)`` returns ``(missing, groups)``:

- ``missing`` is the fewest cards of the player's choice that must be added to the hand so that
  the phase can be laid. Over every choice of a target per group (set number, run window,
  colour) and every disjoint assignment of natural cards to groups (``n_g <= size_g`` naturals
  in group ``g``), with ``w`` wilds in the hand, ``D`` the sum of ``size_g - n_g`` and ``z`` the
  number of groups without a natural card (P10C-4: each needs one)::

      missing = min max(D - w, z, 0)

  Skips never count (P10C-5). Among plans with the least ``missing`` the solver keeps the one
  with the most natural cards (wilds only fill gaps), then the first in a fixed order.
- ``groups`` has one list of cards per group of ``phase``, in the phase's order. With
  ``missing == 0`` each list holds exactly ``size`` cards and passes ``groups.check_group``;
  runs are ordered so that every wild stands at the position it fills (``R3 W W``). With
  ``missing > 0`` it is the best partial plan: the naturals and wilds that plan keeps per group
  (runs ascending, wilds last).

``missing(hand, phase)`` is the same number without building the groups.

The hand is reduced to a *shape* that keeps only what the phase can see, and the answer for a
shape is cached (``CACHE_MAX`` entries, 0 disables; ``clear_cache()`` empties it). The shape
fully determines the answer, so cached and fresh answers are the same; the groups are always
rebuilt from the real cards. ``cache_size()`` counts the cached shapes. Shapes per phase pattern:

- sets only (colour groups only): the largest ``m`` number (colour) counts, sorted, and the
  wilds; a dynamic program over the count ranks and the subsets of groups sharing a rank;
- one run: the bitmask of present numbers; two runs: present and doubled numbers;
- set + run: the count of every number; colour + run: the colours present of every number and
  the colour counts; colour + set: the colour counts of every number held (sorted, as numbers
  are interchangeable there) and the colour counts.

Every other combination of groups raises RuleError. Cards are ints as in ``cards.py``: a
natural is below 0x40, a wild is 0x40 or a board-game joker (0x80 bit), anything else (Skip)
is ignored.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.errors import RuleError
from shared_rules.phases import SET, RUN, COLOUR
from shared_rules.solverplan import REAL, colset_sigs, real_sets

CACHE_MAX = 0
"""Most cached shapes (all phases together); 0 or less turns the cache off. Off by default: on a
board the cache would be most of a game's live heap (about 100 bytes a shape). Desktop tools
turn it on (``DESKTOP_CACHE``)."""

DESKTOP_CACHE = 20000

_SETS = const(0)
_COLS = const(1)
_RUN1 = const(2)
_RUN2 = const(3)
_SETRUN = const(4)
_COLRUN = const(5)
_COLSET = const(6)
_EMPTY = const(7)
# the slots of a phase's info list (see _build)
_PAT = const(0)
_SIZES = const(1)
_TOTAL = const(2)
_CACHE = const(3)
_EXTRA = const(4)

_BIG = const(1 << 28)

# popcount of a byte
_PC = bytearray(256)
for _i in range(1, 256):
    _PC[_i] = _PC[_i >> 1] + (_i & 1)

_infos = {}  # phase tuple -> info list
_infolist = []  # the same infos, to clear their caches in a fixed order
_cached = 0  # entries in all caches together


def clear_cache():
    """Forget every cached shape."""
    global _cached
    for inf in _infolist:
        inf[_CACHE].clear()
    _cached = 0


def cache_size():
    """Shapes cached now (all phases together)."""
    return _cached


def _dp_tables(sizes):
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


def _build(phase):
    kinds = tuple([g[0] for g in phase])
    sizes = tuple([g[1] for g in phase])
    m = len(phase)
    total = 0
    for g in range(m):
        if sizes[g] < 1 or (kinds[g] == RUN and sizes[g] > 12):
            raise RuleError("P10C-3", "the solver cannot use a group of " + str(sizes[g]) + " cards")
        total += sizes[g]
    if total > 200:
        raise RuleError("P10C-3", "the solver takes phases of at most 200 cards")
    nset = kinds.count(SET)
    nrun = kinds.count(RUN)
    ncol = kinds.count(COLOUR)
    extra = None
    if m == 0:
        pat = _EMPTY
    elif nset == m:
        pat = _SETS
        extra = _dp_tables(sizes)
    elif ncol == m:
        pat = _COLS
        extra = _dp_tables(sizes)
    elif nrun == m and m <= 2:
        pat = _RUN1 if m == 1 else _RUN2
    elif m == 2 and nset == 1 and nrun == 1:
        pat = _SETRUN
        extra = (kinds.index(SET), kinds.index(RUN))
    elif m == 2 and ncol == 1 and nrun == 1:
        pat = _COLRUN
        extra = (kinds.index(COLOUR), kinds.index(RUN))
    elif m == 2 and ncol == 1 and nset == 1:
        pat = _COLSET
        extra = (kinds.index(COLOUR), kinds.index(SET))
    else:
        raise RuleError("P10C-3", "the solver knows only sets, colour groups, one or two runs, "
                        "and pairs of two different kinds")
    return [pat, sizes, total, {}, extra]  # indexed by _PAT, _SIZES, _TOTAL, _CACHE, _EXTRA


def _info(phase):
    try:
        inf = _infos.get(phase)
    except TypeError:  # lists inside: make it hashable
        phase = tuple([tuple(g) for g in phase])
        inf = _infos.get(phase)
    if inf is None:
        inf = _build(phase)
        _infos[phase] = inf
        _infolist.append(inf)
    return inf


# ---------------------------------------------------------------------------------------------
# shapes (cache keys): everything the phase can see of a hand


def _key_sets(hand, inf):
    return _key_counts(hand, inf, 16, 15, 0)


def _key_cols(hand, inf):
    return _key_counts(hand, inf, 4, 0xFF, 4)


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


def _key_run1(hand, inf):
    p = 0
    w = 0
    for c in hand:
        if c < 0x40:
            p |= 1 << (c & 15)
        elif c == 0x40 or c >= 0x80:
            w += 1
    s = inf[_TOTAL]
    return (p & 0x1FFE) << 4 | (w if w < s else s)


def _key_run2(hand, inf):
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


def _key_setrun(hand, inf):
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


def _key_colrun(hand, inf):
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


_CC = bytearray(64)  # _key_colset's counts of every card, zero between calls
_SIGS = [0] * 13  # its signatures
_KEY = [0] * 17  # and its key before it becomes a tuple


def _key_colset(hand, inf):
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


# ---------------------------------------------------------------------------------------------
# solving a shape: entries are (missing, plan)


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


def _key_empty(hand, inf):
    return 0


_KEYF = (_key_sets, _key_cols, _key_run1, _key_run2, _key_setrun, _key_colrun, _key_colset,
         _key_empty)
_SOLVEF = (_solve_sets, _solve_sets, _solve_run1, _solve_run2, _solve_setrun, _solve_colrun,
           _solve_colset, _solve_empty)



def _entry(hand, inf):
    global _cached
    pat = inf[_PAT]
    key = _KEYF[pat](hand, inf)
    if CACHE_MAX <= 0:
        return _SOLVEF[pat](key, inf)
    cache = inf[_CACHE]
    e = cache.get(key)
    if e is None:
        e = _SOLVEF[pat](key, inf)
        if _cached >= CACHE_MAX:
            clear_cache()
        cache[key] = e
        _cached += 1
    return e


def missing(hand, phase):
    """The fewest cards to add to ``hand`` so that ``phase`` can be laid (0: it can now)."""
    inf = _info(phase)
    pat = inf[_PAT]
    if CACHE_MAX <= 0 and pat <= _COLS:  # sets or colour groups, no cache: the count alone
        return _solve_sets(_KEYF[pat](hand, inf), inf, False)
    return _entry(hand, inf)[0]


def solve(hand, phase):
    """``(missing, groups)``: see the module docstring."""
    inf = _info(phase)
    e = _entry(hand, inf)
    pat = inf[_PAT]
    m, plan = e
    if pat == _EMPTY:
        return m, []
    if pat == _SETS or pat == _COLS:
        return m, real_sets(hand, inf, plan, m, pat == _COLS)
    return m, REAL[pat](hand, inf, plan, m)
