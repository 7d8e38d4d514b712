"""Exact dice odds for Dice Express: how many dice of a colour a player ends with.

A player who keeps the dice of some colours and re-rolls the others, roll after roll, ends each
re-rolled die on a given colour with a chance ``a / 6**rolls`` (``die_odds``). The count of a
colour after ``rolls`` more rolls is then the dice kept plus a binomial count over the free dice
(``counts``): integers over ``6 ** (rolls * free)``, no floats. The computer players use
``scaled``: the same odds rounded down to integers over ``SCALE``, cached, so that their
expected values stay small ints on a board.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_SCALE = const(4096)


def die_odds(rolls, chased, mine):
    """The numerator (over ``6 ** rolls``) of the chance that one re-rolled die ends on a colour,
    when the player re-rolls up to ``rolls`` times and keeps every die showing one of ``chased``
    colours: ``mine`` says whether this colour is one of them. A die kept on a chased colour
    stays; one on another colour is rolled again."""
    if rolls <= 0:
        return 0
    q = 6 ** rolls
    other = (6 - chased) ** rolls  # the die never lands on a chased colour
    if mine:
        return (q - other) // chased
    return (6 - chased) ** (rolls - 1)


def counts(kept, free, rolls, a):
    """``[n_0, ..., n_(kept+free)]``: ``n_k / 6 ** (rolls * free)`` is the chance to end with
    ``k`` dice of the colour, holding ``kept`` and rolling ``free`` dice that each end on it with
    chance ``a / 6 ** rolls``. Exact integers; they sum to ``6 ** (rolls * free)``."""
    q = 6 ** rolls
    out = [0] * (kept + free + 1)
    c = 1  # binomial coefficient C(free, j)
    for j in range(free + 1):
        out[kept + j] = c * a ** j * (q - a) ** (free - j)
        c = c * (free - j) // (j + 1)
    return out


_cache = {}


def scaled(free, rolls, a):
    """The odds of ``counts(0, free, rolls, a)`` as integers over ``SCALE`` (rounded down),
    cached; what the computer players weigh values with."""
    key = (free * 8 + rolls) * 256 + a
    t = _cache.get(key)
    if t is None:
        exact = counts(0, free, rolls, a)
        den = 6 ** (rolls * free)
        t = [x * _SCALE // den for x in exact]
        _cache[key] = t
    return t


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    SCALE = _SCALE
