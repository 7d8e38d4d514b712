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
from shared_rules.solver.fit import (_solve_sets, _solve_run1, _solve_run2, _solve_setrun,
                                   _solve_colrun, _solve_colset, _solve_empty, colset_sigs)

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_COLOUR = const(2)  # shared_rules.phases.COLOUR

CACHE_MAX = 0
"""Most cached shapes (all phases together); 0 or less turns the cache off. Off by default: on a
board the cache would be most of a game's live heap (about 100 bytes a shape). Desktop tools
turn it on (``DESKTOP_CACHE``)."""

DESKTOP_CACHE = 20000

_E_SOLVER_LIMIT = const(37)  # a RuleError code: words in shared_rules/desktop/errors.py
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
        if sizes[g] < 1 or (kinds[g] == _RUN and sizes[g] > 12):
            raise RuleError(_E_SOLVER_LIMIT, sizes[g])
        total += sizes[g]
    if total > 200:
        raise RuleError(_E_SOLVER_LIMIT, total)
    nset = kinds.count(_SET)
    nrun = kinds.count(_RUN)
    ncol = kinds.count(_COLOUR)
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
        extra = (kinds.index(_SET), kinds.index(_RUN))
    elif m == 2 and ncol == 1 and nrun == 1:
        pat = _COLRUN
        extra = (kinds.index(_COLOUR), kinds.index(_RUN))
    elif m == 2 and ncol == 1 and nset == 1:
        pat = _COLSET
        extra = (kinds.index(_COLOUR), kinds.index(_SET))
    else:
        raise RuleError(_E_SOLVER_LIMIT)
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
# solving a shape (``shared_rules.solver.fit``: entries are (missing, plan))


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
    """``(missing, groups)``: see the module docstring. The groups are built by
    ``shared_rules.solver.plan``, loaded on the first call (``missing`` needs none of it)."""
    from shared_rules.solver.plan import REAL, real_sets

    inf = _info(phase)
    e = _entry(hand, inf)
    pat = inf[_PAT]
    m, plan = e
    if pat == _EMPTY:
        return m, []
    if pat == _SETS or pat == _COLS:
        return m, real_sets(hand, inf, plan, m, pat == _COLS)
    return m, REAL[pat](hand, inf, plan, m)
