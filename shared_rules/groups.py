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


from shared_rules.errors import RuleError
from shared_rules.phases import SET, RUN, COLOUR, describe_group

NONE = const(0)
LOW = const(1)
HIGH = const(2)


def is_wild(c):
    """True for the card game's Wild and for a board-game joker."""
    return c == 0x40 or c >= 0x80


def check_group(kind, size, cards):
    """Validate an ordered list of cards as a new group needing ``size`` cards.

    Returns ``(a, b)`` as described above; raises RuleError naming the rule broken. Cards are
    number cards (``colour << 4 | number``) or wilds; a Skip never counts (P10C-5). For a run the
    order gives the numbers the wilds stand for (P10C-4): ``3 W W`` is 3-4-5.
    """
    label = describe_group((kind, size))
    if len(cards) < size:
        raise RuleError("P10C-7", "a " + label + " needs " + str(size) + " cards, not " + str(len(cards)), "too_few")
    a = 0
    b = 0
    natural = False
    i = 0
    for c in cards:
        if is_wild(c):
            i += 1
            continue
        if c & 15 == 0:  # a Skip (the Wild was taken above)
            raise RuleError("P10C-5", "a Skip never counts toward a phase", "skip_in_group")
        n = c & 15
        if kind == SET:
            if not natural:
                a = n
            elif n != a:
                raise RuleError("P10C-3", "a set holds cards of one number", "mixed_numbers")
        elif kind == COLOUR:
            col = (c >> 4) & 3
            if not natural:
                a = col
            elif col != a:
                raise RuleError("P10C-3", "a colour group holds cards of one colour", "mixed_colours")
        else:
            lo = n - i
            if not natural:
                a = lo
            elif lo != a:
                raise RuleError("P10C-3", "a run is consecutive numbers in order (wilds fill the gaps)", "not_a_run")
        natural = True
        i += 1
    if not natural:
        raise RuleError("P10C-4", "every group needs at least one natural card", "all_wilds")
    if kind == RUN:
        b = a + len(cards) - 1
        if a < 1 or b > 12:
            raise RuleError("P10C-4", "a run never reaches below 1 or above 12", "beyond_12")
    return a, b


def hit_ends(kind, a, b, c):
    """Where card ``c`` may be hit on a laid group (P10C-9): a tuple of ends, empty if nowhere.

    Sets and colour groups give ``(NONE,)``. A natural on a run gives ``(LOW,)`` or ``(HIGH,)``;
    a wild on a run gives every open end, or ``(NONE,)`` if the run spans 1..12.
    """
    if is_wild(c):
        if kind != RUN:
            return (NONE,)
        if a > 1 and b < 12:
            return (LOW, HIGH)
        if a > 1:
            return (LOW,)
        if b < 12:
            return (HIGH,)
        return (NONE,)
    n = c & 15
    if n == 0:  # a Skip
        return ()
    if kind == SET:
        return (NONE,) if n == a else ()
    if kind == COLOUR:
        return (NONE,) if (c >> 4) & 3 == a else ()
    if n == a - 1:
        return (LOW,)
    if n == b + 1:
        return (HIGH,)
    return ()


def extend(kind, a, b, end):
    """The group's new ``(a, b)`` after a hit at ``end``."""
    if kind == RUN:
        if end == LOW:
            return a - 1, b
        if end == HIGH:
            return a, b + 1
    return a, b


def card_list(cards):
    """``cards`` as a list of card ints, or RuleError if it is not a sequence of cards."""
    try:
        out = list(cards)
    except TypeError:
        out = None
    if not out:
        raise RuleError("MOVE", "a group is a list of cards", "bad_move")
    for c in out:
        if not isinstance(c, int) or c < 0 or c > 255:
            raise RuleError("MOVE", "a group is a list of cards", "bad_move")
    return out


def lay_groups(seat, phase, groups, hand, rule):
    """``(laid, rest)``: the groups ``[seat, kind, a, b, cards]`` of a whole ``phase`` laid from
    ``hand``, and the cards left in it. RuleError (``rule``, the game's lay-down rule) for a
    phase that is not whole or cards the hand does not hold; the hand is not changed."""
    if not isinstance(groups, (list, tuple)) or len(groups) != len(phase):
        raise RuleError(rule, "lay down the whole phase at once: " + str(len(phase)) + " group(s)",
                        "whole_phase")
    laid = []
    rest = list(hand)
    for i in range(len(phase)):
        g = card_list(groups[i])
        a, b = check_group(phase[i][0], phase[i][1], g)
        laid.append([seat, phase[i][0], a, b, g])
        for c in g:
            if c not in rest:
                raise RuleError(rule, "you can only lay down cards from your hand", "not_in_hand")
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


def hit_end(g, card, end, rule):
    """The end at which ``card`` goes on the laid group ``g`` (``end`` 0: the automatic one,
    the high end of a run when both are open); RuleError (``rule``) if it does not fit there."""
    ends = hit_ends(g[1], g[2], g[3], card)
    if not ends:
        raise RuleError(rule, "that card does not fit this group", "no_fit")
    if end == 0 and NONE not in ends:
        end = HIGH if HIGH in ends else ends[0]
    if end not in ends:
        raise RuleError(rule, "that end of the run is closed for this card", "end_closed")
    return end


def add_card(g, card, end):
    """Put ``card`` on the laid group ``g`` at ``end`` (checked by :func:`hit_end`)."""
    if end == LOW:
        g[4].insert(0, card)
    else:
        g[4].append(card)
    g[2], g[3] = extend(g[1], g[2], g[3], end)
