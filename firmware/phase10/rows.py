"""The Phase 10 turn screen's modes and action rows (``firmware.phase10.turn.Turn`` is built on
``Rows``): which rows each mode offers and the prompts, and choosing a lay-down group by group
(with the hint).

Modes: DRAW (deck or discard), PLAY (pick a card, or lay down / hint / sort / table), CARD
(discard the card or hit it), HIT (which laid group; the ones it cannot go on are greyed), END
(which end of a run a Wild extends), PICK (which phase, in free-choice games), LAY (A on a card
puts it into the group that is filling, or takes it out again), TARGET (whom a Skip skips).
"""

from micropython import const

from firmware.phase10 import text as p10text
from firmware.lang import t
from firmware.decide import Decision
from firmware.cards import FILL, kind as look_of

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_LOW = const(1)  # shared_rules.groups.LOW
_HIGH = const(2)  # shared_rules.groups.HIGH
_LAY = const(2)  # shared_rules.phase10.game.LAY

DRAW = 0
PLAY = 1
CARD = 2
HIT = 3
END = 4
PICK = 5
LAY = 6
TARGET = 7

# action rows: (code, value)
A_DECK = 0
A_TAKE = 1
A_LAY = 2
A_HINT = 3
A_SORT = 4
A_TABLE = 5
A_DISCARD = 6
A_HIT = 7
A_BACK = 8
A_GROUP = 9  # value: table group index
A_END = 10  # value: LOW or HIGH
A_PHASE = 11  # value: phase number
A_FILL = 12  # value: index of the group being filled
A_LAYNOW = 13
A_CLEAR = 14
A_TARGET = 15  # value: seat


class Rows(Decision):
    """The rows and lay-down half of the turn screen; the state, the information line and the
    keys are ``Turn``'s."""

    BOARD = False  # the board game's cards (colour 1 purple, P): firmware.phase10board.play sets it
    COLOURS = p10text.COLOURS  # the names of the colours, for colour groups

    def text_of(self, c):
        """A card as the player reads it (``R7``; the board game's ``P7``)."""
        return p10text.card_text(c)

    # ------------------------------------------------------------------ modes and rows

    def _mode(self, mode):
        self.mode = mode
        v = self.view()
        names = self.session.names
        rows = []
        texts = []
        dim = []

        def add(code, value, text, off=False):
            rows.append((code, value))
            texts.append(text)
            dim.append(off)

        if mode == DRAW:
            add(A_DECK, 0, t("p10.draw_deck") if v.can_draw_deck() else t("p10.deck_empty"),
                not v.can_draw_deck())
            top = v.discard_top
            if top < 0:
                add(A_TAKE, 0, t("p10.take_none"), True)
            elif not v.can_take_discard():
                add(A_TAKE, 0, t("p10.take_skip"), True)
            else:
                add(A_TAKE, 0, t("p10.take").format(self.text_of(top)))
        elif mode == PLAY:
            if not v.laid[self.seat]:
                phases = v.open_phases()
                if len(phases) == 1:
                    add(A_LAY, 0, t("p10.lay_n").format(phases[0]))
                elif phases:
                    add(A_LAY, 0, t("p10.lay_a"))
                add(A_HINT, 0, t("p10.hint"))
        elif mode == CARD:
            c = self.order[self.cur]
            ct = self.text_of(c)
            add(A_DISCARD, 0, t("p10.discard").format(ct))
            if not v.laid[self.seat]:
                add(A_HIT, 0, t("p10.hit_lay_first"), True)
            elif not v.hit_targets(c):
                if p10text.later_targets(v, c):
                    add(A_HIT, 0, t("p10.hit_next").format(ct), True)
                else:
                    add(A_HIT, 0, t("p10.hit_nowhere").format(ct), True)
            else:
                add(A_HIT, 0, t("p10.hit_on").format(ct))
            add(A_BACK, 0, t("p10.back"))
        elif mode == HIT:
            targets = [gi for gi, _ in v.hit_targets(self.card)]
            for gi in range(len(v.table)):
                add(A_GROUP, gi, p10text.group_text(v.table[gi], names, self.COLOURS), gi not in targets)
            add(A_BACK, 0, t("p10.back"))
        elif mode == END:
            g = v.table[self.target_group]
            add(A_END, _LOW, t("p10.w_low").format(g[2] - 1))
            add(A_END, _HIGH, t("p10.w_high").format(g[3] + 1))
            add(A_BACK, 0, t("p10.back"))
        elif mode == PICK:
            for n in v.open_phases():
                add(A_PHASE, n, str(n) + ": " + p10text.phase_short(n))
            add(A_BACK, 0, t("p10.back"))
        elif mode == LAY:
            shape = self.PHASES[self.lay_phase - 1]
            for gi in range(len(shape)):
                add(A_FILL, gi, self._group_row(gi))
            add(A_LAYNOW, 0, t("p10.lay_now"), not self._all_valid())
            add(A_HINT, 0, t("p10.hint"))
            add(A_CLEAR, 0, t("p10.clear"))
            add(A_BACK, 0, t("p10.back"))
        elif mode == TARGET:
            ok = v.skip_targets()
            for s in range(v.n):
                if s != self.seat and v.active[s]:
                    add(A_TARGET, s, p10text.target_text(v, s, names[s]), s not in ok)
        if mode in (DRAW, PLAY, TARGET):
            add(A_SORT, 0, t("p10.sort_number") if self.by_colour else t("p10.sort_colour"))
            add(A_TABLE, 0, t("pause.table"))
        self.rows = rows
        self.menu.bar_on = mode not in (PLAY, LAY)
        self.menu.set_items(texts, 0, dim)
        self.hand.set_cards(self.order, [g >= 0 for g in self.in_group] if mode == LAY else None)
        self._focus(mode in (PLAY, LAY))
        self._prompt()

    def _prompt(self):
        m = self.mode
        if m == PLAY:
            if self.view().laid[self.seat]:
                self.say(t("p10.hit_or_discard"))
            else:
                self.say(t("p10.lay_or_discard"))
        elif m == CARD:
            self.say(t("p10.discard_or_hit").format(self.text_of(self.card)))
        elif m == HIT:
            self.say(t("p10.hit_where").format(self.text_of(self.card)))
        elif m == END:
            self.say(t("p10.which_end"))
        elif m == PICK:
            self.say(t("p10.which_phase"))
        elif m == LAY:
            self._lay_info()
        elif m == TARGET:
            self.say(t("p10.whom_skip"))

    def _phase_ready(self, v):
        """Whether the hand holds a whole phase the person may lay now (the solver's count
        alone: its plans' builder is not loaded)."""
        if v.laid[self.seat] or not self.rows or self.rows[0][0] != A_LAY:
            return False
        loaded = self.app.mark()
        from shared_rules import solver

        ready = False
        for number in v.open_phases():
            if solver.missing(v.hand, self.PHASES[number - 1]) == 0:
                ready = True
                break
        solver = None
        self.app.forget_since(loaded)
        return ready

    def _closest_plan(self, hand, phases):
        """``(missing, number, groups)`` of the plan closest to complete among ``phases`` (the
        first whole one), or None without phases. The solver is loaded for the moment and
        released after it (code is RAM on a board)."""
        loaded = self.app.mark()
        from shared_rules import solver

        best = None
        for number in phases:
            missing, groups = solver.solve(hand, self.PHASES[number - 1])
            if best is None or missing < best[0]:
                best = (missing, number, groups)
            if missing == 0:
                break
        solver = None
        self.app.forget_since(loaded)
        return best

    def _group_row(self, gi):
        from firmware.laydown import group_head, group_cards_text

        kind, size = self.lay.shape[gi]
        _, state, _ = self.lay.check(gi)
        head = (">" if gi == self.lay.filling else " ") + group_head(kind, size)
        return head + " " + state + ": " + group_cards_text(kind, self.lay.group(gi), self.text_of)

    def _group_state(self, gi):
        """Group ``gi`` in one short line: ``Set3 needs 1 more``, ``Run4: not a run``."""
        from firmware.laydown import group_head

        kind, size = self.lay.shape[gi]
        ok, _, err = self.lay.check(gi)
        head = group_head(kind, size)
        if ok:
            return t("p10.complete").format(head)
        if err is None:
            return t("p10.needs_more").format(head, self.lay.missing(gi))
        return head + ": " + (p10text.short(err.code) or t("p10.not_allowed"))

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
        from firmware.laydown import LayDown  # (loaded once a lay-down is chosen)

        self.lay = LayDown(self.PHASES, self.order, number)
        self._mode(LAY)

    def _toggle(self, i):
        if not self.lay.toggle(i):
            self.refuse(t("p10.skips_never"), t("p10.w.sentence").format(t("p10.w.skip_in_group"), "P10C-5"))
            return
        self.hand.set_chosen(i, self.lay.in_group[i] >= 0)
        self._lay_rows()
        if self.lay.all_valid():
            self.menu.index = len(self.lay.shape)
            self.menu.move(0)
            self._focus(False)
            self.say(t("p10.ready"))
        else:
            self._lay_info()

    def _hint(self):
        v = self.view()
        phases = [self.lay_phase] if self.mode == LAY else v.open_phases()
        best = self._closest_plan(v.hand, phases)
        if best is None:
            self.refuse(t("p10.e.no_phase"), t("p10.w.sentence").format(t("p10.w.no_phase"), "P10C-7"))
            return
        # the plan, chosen into the groups: when it is not whole, the closest one, whose rows
        # show which cards it keeps and how many each group still lacks ("Set3 +1: 7 7")
        missing, number, groups = best
        self._start_lay(number)
        self.lay.fill(groups)
        self.hand.set_cards(self.order, [g >= 0 for g in self.lay.in_group])
        self._lay_rows()
        if missing == 0:
            self.menu.index = len(groups)
            self.menu.move(0)
            self._focus(False)
            self.say(t("p10.hint_ready").format(number))
        elif len(phases) > 1:  # free choice: the phase closest to complete
            self.say(t("p10.hint_ph_short").format(number, missing))
        else:
            self.say(t("p10.hint_short1" if missing == 1 else "p10.hint_shortN").format(missing))

    def _lay_now(self):
        shape = self.lay.shape
        for gi in range(len(shape)):
            ok, _, err = self.lay.check(gi)
            if not ok:
                kind, size = shape[gi]
                name = t("p10.kinds").split("|")[kind]
                why = p10text.full_reason(err) if err is not None else \
                    t("p10.needs_cards").format(self.lay.missing(gi))
                self.refuse(self._group_state(gi), t("p10.group_why").format(gi + 1, name, size, why))
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
        self._do((_LAY, self.lay.number, self.lay.groups()))
        if self.app.top is self and self.view().laid[self.seat] and paths:
            from firmware import fx

            self.fx = fx.Burst(self.group, paths, hand.tw // 2, hand.th // 3, colours)
