"""The Phase 10 turn screen's lay-down, group by group (``firmware.p10rows.Rows``): a group's
row and state, choosing cards into the group that is filling, the hint, and laying the phase
down. Methods of ``Rows``, attached there: a module of its own so that no part of the turn
screen is large to compile (docs/micropython.md)."""

from shared_rules import phase10 as P

from firmware import p10text
from firmware.cards import FILL, kind as look_of
from firmware.laydown import LayDown, group_head, group_cards_text


def _group_row(self, gi):
    kind, size = self.lay.shape[gi]
    _, state, _ = self.lay.check(gi)
    head = (">" if gi == self.lay.filling else " ") + group_head(kind, size)
    return head + " " + state + ": " + group_cards_text(kind, self.lay.group(gi), self.text_of)


def _group_state(self, gi):
    """Group ``gi`` in one short line: ``Set3 needs 1 more``, ``Run4: not a run``."""
    kind, size = self.lay.shape[gi]
    ok, _, err = self.lay.check(gi)
    head = group_head(kind, size)
    if ok:
        return head + " complete"
    if err is None:
        return head + " needs " + str(self.lay.missing(gi)) + " more"
    return head + ": " + (p10text.short(err.code) or err.reason)


def _all_valid(self):
    return self.lay.all_valid()


def _lay_info(self):
    ok, _, err = self.lay.check(self.lay.filling)
    self.say(self._group_state(self.lay.filling), err is not None)


def _lay_rows(self):
    shape = self.lay.shape
    for gi in range(len(shape)):
        self.menu.set_row(gi, self._group_row(gi))
    self.menu.set_dim(len(shape), not self.lay.all_valid())


def _start_lay(self, number):
    self.lay = LayDown(self.PHASES, self.order, number)
    self._mode(self.MODE_LAY)


def _toggle(self, i):
    if not self.lay.toggle(i):
        self.refuse("Skips never count", "A Skip never counts toward a phase (P10C-5).")
        return
    self.hand.set_chosen(i, self.lay.in_group[i] >= 0)
    self._lay_rows()
    if self.lay.all_valid():
        self.menu.index = len(self.lay.shape)
        self.menu.move(0)
        self._focus(False)
        self.say("Ready to lay down")
    else:
        self._lay_info()


def _hint(self):
    from shared_rules import solver

    v = self.view()
    hand = v.hand
    phases = [self.lay_phase] if self.mode == self.MODE_LAY else v.open_phases()
    best = None
    for number in phases:
        missing, groups = solver.solve(hand, self.PHASES[number - 1])
        if missing == 0:
            self._start_lay(number)
            self.lay.fill(groups)
            self.hand.set_cards(self.order, [g >= 0 for g in self.lay.in_group])
            self._lay_rows()
            self.menu.index = len(groups)
            self.menu.move(0)
            self._focus(False)
            self.say("Hint: phase " + str(number) + " ready")
            return
        if best is None or missing < best[0]:
            best = (missing, number, groups)
    if best is None:
        self.refuse("No phase left", "No phase is left to lay in this hand.")
        return
    # the closest plan, chosen into the groups: their rows show which cards it keeps and
    # how many each group still lacks ("Set3 +1: 7 7")
    missing, number, groups = best
    self._start_lay(number)
    self.lay.fill(groups)
    self.hand.set_cards(self.order, [g >= 0 for g in self.lay.in_group])
    self._lay_rows()
    n = str(missing)
    if len(phases) > 1:  # free choice: the phase closest to complete
        self.say("Hint: ph " + str(number) + ": " + n + " short")
    else:
        self.say("Hint: " + n + (" cards" if missing > 1 else " card") + " short")


def _lay_now(self):
    shape = self.lay.shape
    for gi in range(len(shape)):
        ok, _, err = self.lay.check(gi)
        if not ok:
            kind, size = shape[gi]
            name = ("set", "run", "colour group")[kind]
            why = p10text.full_reason(err) if err is not None else \
                "needs " + str(self.lay.missing(gi)) + " more cards."
            self.refuse(self._group_state(gi), "Group " + str(gi + 1) + " (a " + name + " of "
                        + str(size) + "): " + why)
            return
    # the cards laid fly from the hand up to the title (firmware.fx), if it is still up
    paths = []
    colours = []
    hand = self.hand
    first, last = hand.visible_range()
    for i in range(first, last):
        if self.lay.in_group[i] >= 0 and len(paths) < 6:
            x, y = hand._slot_xy(i - first)
            paths.append((x + hand.tw // 4, y + hand.th // 3, x + (len(paths) - 3) * 4, 2))
            colours.append(FILL[look_of(self.order[i], self.BOARD)])
    self._do((P.LAY, self.lay.number, self.lay.groups()))
    if self.app.top is self and self.view().laid[self.seat] and paths:
        from firmware import fx

        self.fx = fx.Burst(self.group, paths, hand.tw // 2, hand.th // 3, colours)
