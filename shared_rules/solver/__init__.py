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


from shared_rules import RuleError

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
_KEYF = const(5)  # the shape of a hand, by the pattern's program
_SOLVEF = const(6)  # its solution

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
    if m == 0:
        return [_EMPTY, sizes, total, {}, None, _key_empty, _solve_empty]
    if nset == m or ncol == m:
        from shared_rules.solver import sets as prog

        pat = _SETS if nset == m else _COLS
        key = prog.key_sets if nset == m else prog.key_cols
        return [pat, sizes, total, {}, prog.tables(sizes), key, prog.solve]
    if nrun == m and m <= 2:
        from shared_rules.solver import runs as prog

        if m == 1:
            return [_RUN1, sizes, total, {}, None, prog.key_run1, prog.solve_run1]
        return [_RUN2, sizes, total, {}, None, prog.key_run2, prog.solve_run2]
    if m != 2:
        raise RuleError(_E_SOLVER_LIMIT)
    from shared_rules.solver import pairs as prog

    if nset == 1 and nrun == 1:
        extra = (kinds.index(_SET), kinds.index(_RUN))
        return [_SETRUN, sizes, total, {}, extra, prog.key_setrun, prog.solve_setrun]
    if ncol == 1 and nrun == 1:
        extra = (kinds.index(_COLOUR), kinds.index(_RUN))
        return [_COLRUN, sizes, total, {}, extra, prog.key_colrun, prog.solve_colrun]
    if ncol == 1 and nset == 1:
        extra = (kinds.index(_COLOUR), kinds.index(_SET))
        return [_COLSET, sizes, total, {}, extra, prog.key_colset, prog.solve_colset]
    raise RuleError(_E_SOLVER_LIMIT)


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
# solving a shape: by the program of the phase's pattern (``shared_rules.solver.sets``, ``runs``,
# ``pairs``, loaded for the first phase of that pattern; entries are (missing, plan))


def _key_empty(hand, inf):
    return 0


def _solve_empty(key, inf):
    return 0, None


def _entry(hand, inf):
    global _cached
    key = inf[_KEYF](hand, inf)
    if CACHE_MAX <= 0:
        return inf[_SOLVEF](key, inf)
    cache = inf[_CACHE]
    e = cache.get(key)
    if e is None:
        e = inf[_SOLVEF](key, inf)
        if _cached >= CACHE_MAX:
            clear_cache()
        cache[key] = e
        _cached += 1
    return e


def missing(hand, phase):
    """The fewest cards to add to ``hand`` so that ``phase`` can be laid (0: it can now)."""
    inf = _info(phase)
    if CACHE_MAX <= 0 and inf[_PAT] <= _COLS:  # sets or colour groups, no cache: the count alone
        return inf[_SOLVEF](inf[_KEYF](hand, inf), inf, False)
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
