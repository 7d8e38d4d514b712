"""Laying down a phase on the turn screen, for any phase table: the groups being filled, the
cards chosen into them, each group checked by the rules core, runs put in laying order; the
screen's LAY mode (the groups' rows, the information line, a card chosen into a group, the
lay-down made). Loaded once a lay-down is chosen (the hint's, ``firmware.phase10.hint``, too): a
turn that only draws, hits and discards never needs it.

``LayDown(screen, number)``: ``screen`` the turn screen of either game
(``firmware.phase10.turn.Turn``: the game's phase table by ``phase`` and its cards by
``text_of``), ``number``
the phase being laid (1-based), from the screen's hand in display order (``order``). Wilds are
what ``shared_rules.groups.is_wild`` says (the card game's ``0x40``, the board game's jokers
``card | 0x80``).
"""

from micropython import const

from shared_rules import RuleError
from shared_rules.groups import check_group, is_wild

from firmware.lang import t
from firmware.cards import FILL, kind as look_of

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_LAY = const(2)  # shared_rules.phase10.game.LAY

_SKIP = const(0x50)  # the card game's Skip: it never counts toward a phase (P10C-5)


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
    head = (t("p10.head.set") if kind == _SET else t("p10.head.run") if kind == _RUN
            else t("p10.head.colour"))
    return head.format(size)


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
    """The groups of phase ``number`` being filled from the hand of ``screen``, and that
    screen's LAY mode."""

    def __init__(self, screen, number):
        self.screen = screen
        self.number = number
        self.shape = screen.phase(number)
        self.cards = screen.order
        self.in_group = [-1] * len(self.cards)  # per card: the group it is in, or -1
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
        if self.cards[i] == _SKIP:
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

    def groups(self):
        """The groups of the lay-down move."""
        return [self.group(gi) for gi in range(len(self.shape))]

    # ------------------------------------------------------------------ the screen's LAY mode

    def row(self, gi):
        """Group ``gi``'s row: ``>Set3 +1: 7 7`` (``>`` the group filling)."""
        kind, size = self.shape[gi]
        _, state, _ = self.check(gi)
        head = (">" if gi == self.filling else " ") + group_head(kind, size)
        return head + " " + state + ": " + group_cards_text(kind, self.group(gi), self.screen.text_of)

    def state(self, gi):
        """Group ``gi`` in one short line: ``Set3 needs 1 more``, ``Run4: not a run``."""
        kind, size = self.shape[gi]
        ok, _, err = self.check(gi)
        head = group_head(kind, size)
        if ok:
            return t("p10.complete").format(head)
        if err is None:
            return t("p10.needs_more").format(head, self.missing(gi))
        from firmware.phase10.text import short  # (a refusal's words)

        return head + ": " + (short(err.code) or t("p10.not_allowed"))

    def say_state(self):
        """The filling group's state on the information line (a warning if it cannot be)."""
        self.screen.say(self.state(self.filling), self.check(self.filling)[2] is not None)

    def show_rows(self):
        menu = self.screen.menu
        for gi in range(len(self.shape)):
            menu.set_row(gi, self.row(gi))
        menu.set_dim(len(self.shape), not self.all_valid())

    def choose(self, i):
        """A on card ``i`` of the hand: into the filling group, or out of its group."""
        scr = self.screen
        if not self.toggle(i):
            scr.refuse(t("p10.skips_never"), t("p10.w.sentence").format(t("p10.w.skip_in_group"), "P10C-5"))
            return
        scr.hand.set_chosen(i, self.in_group[i] >= 0)
        self.show_rows()
        if self.all_valid():
            self.to_lay_now()
            scr.say(t("p10.ready"))
        else:
            self.say_state()

    def choose_group(self, gi):
        """A on group ``gi``'s row: it fills next."""
        self.filling = gi
        self.show_rows()
        self.say_state()
        self.screen.focus(True)

    def to_lay_now(self):
        """Every group is whole: the cursor on Lay down now."""
        menu = self.screen.menu
        menu.index = len(self.shape)  # the row after the groups'
        menu.move(0)
        self.screen.focus(False)

    def lay_now(self):
        """Lay the groups down, or say which one is not whole yet and why."""
        scr = self.screen
        shape = self.shape
        for gi in range(len(shape)):
            ok, _, err = self.check(gi)
            if not ok:
                kind, size = shape[gi]
                name = t("p10.kinds").split("|")[kind]
                if err is None:
                    why = t("p10.needs_cards").format(self.missing(gi))
                else:
                    from firmware.phase10.text import full_reason  # (a refusal's words)

                    why = full_reason(err)
                scr.refuse(self.state(gi), t("p10.group_why").format(gi + 1, name, size, why))
                return
        # the cards laid fly from the hand up to the title (firmware.fx), if it is still up
        paths = []
        colours = []
        hand = scr.hand
        first, last = hand.visible_range()
        for i in range(first, last):
            if self.in_group[i] >= 0 and len(paths) < 6:
                x = hand.slot_x(i - first)
                y = hand.slot_y(i - first)
                paths.append((x + hand.tw // 4, y + hand.th // 3, x + (len(paths) - 3) * 4, 2))
                colours.append(FILL[look_of(self.cards[i], scr.BOARD)])
        scr.make((_LAY, self.number, self.groups()))
        if scr.app.top is scr and scr.view().laid[scr.seat] and paths:
            from firmware import fx

            scr.fx = fx.Burst(scr.group, paths, hand.tw // 2, hand.th // 3, colours)

