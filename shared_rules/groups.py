"""Groups of cards on the table: sets, runs and colour groups, with wilds (RULES.md P10C-3,
P10C-4, P10C-5, P10C-9).

A card is wild when it is the card game's ``WILD`` (0x40) or a board-game joker (a number card
with bit 0x80 set, held reversed). A laid group is described by ``(kind, a, b)``:

- SET: ``a`` is the number;
- COLOUR: ``a`` is the colour;
- RUN: ``a`` and ``b`` are the lowest and highest numbers the run covers (wilds included).

Run hits name an *end*: ``LOW`` or ``HIGH`` (which number a hit wild stands for), or ``NONE`` for
a wild hit on a run that already spans 1..12.
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

_E_BAD_MOVE = const(1)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens
_E_TOO_FEW = const(30)
_E_ALL_WILDS = const(31)
_E_SKIP_IN_GROUP = const(32)
_E_BEYOND_12 = const(33)
_E_MIXED_NUMBERS = const(34)
_E_MIXED_COLOURS = const(35)
_E_NOT_A_RUN = const(36)

_NONE = const(0)
_LOW = const(1)
_HIGH = const(2)


def is_wild(c):
    """True for the card game's Wild and for a board-game joker."""
    return c == 0x40 or c >= 0x80


def check_group(kind, size, cards):
    """Validate an ordered list of cards as a new group needing ``size`` cards.

    Returns ``(a, b)`` as described above; raises RuleError naming the rule broken. Cards are
    number cards (``colour << 4 | number``) or wilds; a Skip never counts (P10C-5). For a run the
    order gives the numbers the wilds stand for (P10C-4): ``3 W W`` is 3-4-5.
    """
    if len(cards) < size:
        raise RuleError(_E_TOO_FEW, size)
    a = 0
    b = 0
    natural = False
    i = 0
    for c in cards:
        if is_wild(c):
            i += 1
            continue
        if c & 15 == 0:  # a Skip (the Wild was taken above)
            raise RuleError(_E_SKIP_IN_GROUP)
        n = c & 15
        if kind == _SET:
            if not natural:
                a = n
            elif n != a:
                raise RuleError(_E_MIXED_NUMBERS)
        elif kind == _COLOUR:
            col = (c >> 4) & 3
            if not natural:
                a = col
            elif col != a:
                raise RuleError(_E_MIXED_COLOURS)
        else:
            lo = n - i
            if not natural:
                a = lo
            elif lo != a:
                raise RuleError(_E_NOT_A_RUN)
        natural = True
        i += 1
    if not natural:
        raise RuleError(_E_ALL_WILDS)
    if kind == _RUN:
        b = a + len(cards) - 1
        if a < 1 or b > 12:
            raise RuleError(_E_BEYOND_12)
    return a, b


def hit_ends(kind, a, b, c):
    """Where card ``c`` may be hit on a laid group (P10C-9): a tuple of ends, empty if nowhere.

    Sets and colour groups give ``(NONE,)``. A natural on a run gives ``(LOW,)`` or ``(HIGH,)``;
    a wild on a run gives every open end, or ``(NONE,)`` if the run spans 1..12.
    """
    if is_wild(c):
        if kind != _RUN:
            return (_NONE,)
        if a > 1 and b < 12:
            return (_LOW, _HIGH)
        if a > 1:
            return (_LOW,)
        if b < 12:
            return (_HIGH,)
        return (_NONE,)
    n = c & 15
    if n == 0:  # a Skip
        return ()
    if kind == _SET:
        return (_NONE,) if n == a else ()
    if kind == _COLOUR:
        return (_NONE,) if (c >> 4) & 3 == a else ()
    if n == a - 1:
        return (_LOW,)
    if n == b + 1:
        return (_HIGH,)
    return ()


def extend(kind, a, b, end):
    """The group's new ``(a, b)`` after a hit at ``end``."""
    if kind == _RUN:
        if end == _LOW:
            return a - 1, b
        if end == _HIGH:
            return a, b + 1
    return a, b


def card_list(cards):
    """``cards`` as a list of card ints, or RuleError if it is not a sequence of cards."""
    try:
        out = list(cards)
    except TypeError:
        out = None
    if not out:
        raise RuleError(_E_BAD_MOVE)
    for c in out:
        if not isinstance(c, int) or c < 0 or c > 255:
            raise RuleError(_E_BAD_MOVE)
    return out


def lay_groups(seat, phase, groups, hand, code):
    """``(laid, rest)``: the groups ``[seat, kind, a, b, cards]`` of a whole ``phase`` laid from
    ``hand``, and the cards left in it. RuleError (``code``, the game's: a phase that is not
    whole; ``code + 1``: cards the hand does not hold); the hand is not changed."""
    if not isinstance(groups, (list, tuple)) or len(groups) != len(phase):
        raise RuleError(code, len(phase))
    laid = []
    rest = list(hand)
    for i in range(len(phase)):
        g = card_list(groups[i])
        a, b = check_group(phase[i][0], phase[i][1], g)
        laid.append([seat, phase[i][0], a, b, g])
        for c in g:
            if c not in rest:
                raise RuleError(code + 1)
            rest.remove(c)
    return laid, rest


def fits(table, card):
    """Whether ``card`` can be hit on some laid group of ``table``."""
    for g in table:
        if hit_ends(g[1], g[2], g[3], card):
            return True
    return False


def hit_targets(table, card, owner=-1):
    """``[(group_index, ends), ...]``: every laid group of ``table`` that ``card`` fits, with
    the ends it goes on (``hit_ends``); only ``owner``'s groups when ``owner`` >= 0."""
    out = []
    for gi in range(len(table)):
        g = table[gi]
        if owner >= 0 and g[0] != owner:
            continue
        ends = hit_ends(g[1], g[2], g[3], card)
        if ends:
            out.append((gi, ends))
    return out


def hit_end(g, card, end, code):
    """The end at which ``card`` goes on the laid group ``g`` (``end`` 0: the automatic one,
    the high end of a run when both are open); RuleError ``code`` (the game's) if it
    does not fit, ``code + 1`` if that end is closed."""
    ends = hit_ends(g[1], g[2], g[3], card)
    if not ends:
        raise RuleError(code)
    if end == 0 and _NONE not in ends:
        end = _HIGH if _HIGH in ends else ends[0]
    if end not in ends:
        raise RuleError(code + 1)
    return end


def add_card(g, card, end):
    """Put ``card`` on the laid group ``g`` at ``end`` (checked by :func:`hit_end`)."""
    if end == _LOW:
        g[4].insert(0, card)
    else:
        g[4].append(card)
    g[2], g[3] = extend(g[1], g[2], g[3], end)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    NONE = _NONE
    LOW = _LOW
    HIGH = _HIGH
