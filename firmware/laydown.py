"""Laying down a phase on the device, for any phase table: the groups being filled, the cards
chosen into them, each group checked by the rules core, runs put in laying order.

``LayDown(phases, cards, number)``: ``phases`` a phase table (``shared_rules.phases.CARD_PHASES``
for the card game, ``BOARD_PHASES`` for the board game), ``cards`` the hand in display order,
``number`` the phase being laid (1-based). Wilds are what ``shared_rules.groups.is_wild`` says
(the card game's ``0x40``, the board game's jokers ``card | 0x80``). Used by Phase 10's turn
screen (``firmware.phase10.turn``) and the board game's.
"""

from micropython import const

from shared_rules.errors import RuleError
from shared_rules.groups import check_group, is_wild

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_RUN = const(1)  # shared_rules.phases.RUN

SKIP = 0x50  # the card game's Skip: it never counts toward a phase (P10C-5)


def order_run(cards):
    """The cards of a run in laying order: naturals ascending, Wilds in the gaps, spare Wilds
    above the top (up to 12), then below. Cards that cannot form a run come back as naturals
    then Wilds, and ``check_group`` says why."""
    nat = [c for c in cards if not is_wild(c)]
    nat.sort(key=lambda c: (c & 15, c))
    wilds = [c for c in cards if is_wild(c)]
    if not nat:
        return list(cards)
    out = []
    prev = -1
    for c in nat:
        n = c & 15
        if prev >= 0:
            gap = n - prev - 1
            if gap < 0 or gap > len(wilds) or n == 0:
                return nat + wilds
            for _ in range(gap):
                out.append(wilds.pop())
        out.append(c)
        prev = n
    lo = nat[0] & 15
    top = []
    while wilds and prev < 12:
        top.append(wilds.pop())
        prev += 1
    low = []
    while wilds and lo > 1:
        low.append(wilds.pop())
        lo -= 1
    return low + out + top + wilds


def group_head(kind, size):
    """``Set3``, ``Run4``, ``Colour7``: a group of a phase, as its row names it (in the app's
    language)."""
    from firmware.lang import t

    return t(("p10.head.set", "p10.head.run", "p10.head.colour")[kind]).format(size)


def group_cards_text(kind, cards, card_text):
    """``R7 B7 W`` for a set or colour group; ``3 4 W=5 6`` for a run (what each Wild is)."""
    if kind != _RUN:
        return " ".join([card_text(c) for c in cards])
    start = None
    for i in range(len(cards)):
        c = cards[i]
        if not is_wild(c):
            if start is None:
                start = (c & 15) - i
            if c & 15 != start + i:  # not a run (yet): no number for the Wilds
                start = None
                break
    parts = []
    for i in range(len(cards)):
        c = cards[i]
        if is_wild(c):
            w = card_text(c)  # the Wild's letter in the app's language
            parts.append(w + "=" + str(start + i) if start is not None else w)
        else:
            parts.append(str(c & 15) if c & 15 else card_text(c))
    return " ".join(parts)


class LayDown:
    """The groups of phase ``number`` being filled from ``cards`` (the hand in display order)."""

    def __init__(self, phases, cards, number):
        self.phases = phases
        self.number = number
        self.shape = phases[number - 1]
        self.cards = cards
        self.in_group = [-1] * len(cards)  # per card: the group it is in, or -1
        self.filling = 0

    def clear(self):
        self.in_group = [-1] * len(self.cards)
        self.filling = 0

    def group(self, gi):
        """The cards put into group ``gi``, in laying order."""
        cards = [self.cards[i] for i in range(len(self.cards)) if self.in_group[i] == gi]
        if self.shape[gi][0] == _RUN:
            return order_run(cards)
        return cards

    def check(self, gi):
        """(valid, short state, error or None) of group ``gi``: short state ``+2`` (cards
        missing), ``bad`` or ``ok``; the error is the rules core's RuleError, or None."""
        kind, size = self.shape[gi]
        cards = self.group(gi)
        if len(cards) < size:
            return False, "+" + str(size - len(cards)), None
        try:
            check_group(kind, size, cards)
        except RuleError as e:
            return False, "bad", e
        return True, "ok", None

    def missing(self, gi):
        return self.shape[gi][1] - len(self.group(gi))

    def all_valid(self):
        for gi in range(len(self.shape)):
            if not self.check(gi)[0]:
                return False
        return True

    def toggle(self, i):
        """Put card ``i`` into the filling group, or take it out again. False if it cannot go
        into a group (a Skip). When the filling group is full the next one not full fills."""
        if self.in_group[i] >= 0:
            self.in_group[i] = -1
            return True
        if self.cards[i] == SKIP:
            return False
        self.in_group[i] = self.filling
        shape = self.shape
        if len(self.group(self.filling)) >= shape[self.filling][1]:
            for step in range(1, len(shape)):
                gi = (self.filling + step) % len(shape)
                if len(self.group(gi)) < shape[gi][1]:
                    self.filling = gi
                    break
        return True

    def fill(self, groups):
        """Choose the cards of ``groups`` (lists of cards, e.g. from the solver)."""
        self.clear()
        for gi in range(len(groups)):
            for c in groups[gi]:
                for i in range(len(self.cards)):
                    if self.cards[i] == c and self.in_group[i] < 0:
                        self.in_group[i] = gi
                        break
        self.filling = len(groups) - 1

    def groups(self):
        """The groups of the lay-down move."""
        return [self.group(gi) for gi in range(len(self.shape))]
