"""The Phase 10 turn screen's actions (``firmware.p10turn.Turn``): what A does on a card of the
hand or on an action row (draw, take, lay down, hint, sort, table, discard, hit, choose a group,
an end of a run, a phase, the Skip's target). Methods of ``Turn``, attached there: a module of
its own so that no part of the turn screen is large to compile (docs/micropython.md)."""

from shared_rules import phase10 as P
from shared_rules.groups import LOW, HIGH

from firmware import p10text
from firmware.cards import sort_cards
from firmware.p10rows import (PLAY, CARD, HIT, END, PICK, LAY, A_DECK, A_TAKE, A_LAY, A_HINT,
                              A_SORT, A_TABLE, A_DISCARD, A_HIT, A_BACK, A_GROUP, A_END, A_PHASE,
                              A_FILL, A_LAYNOW, A_CLEAR, A_TARGET)


def _choose(self):
    if self.focus_hand:
        if self.mode == PLAY:
            self.card = self.order[self.cur]
            self._mode(CARD)
        elif self.mode == LAY:
            self._toggle(self.cur)
        return
    if not self.rows:
        return
    code, value = self.rows[self.menu.index]
    off = self.menu.dim[self.menu.index]
    v = self.view()
    if code == A_DECK:
        self._do((P.DRAW_DECK,))
    elif code == A_TAKE:
        self.took = True
        self._do((P.TAKE_DISCARD,))
    elif code == A_LAY:
        phases = v.open_phases()
        if len(phases) > 1:
            self._mode(PICK)
        else:
            self._start_lay(phases[0])
    elif code == A_HINT:
        self._hint()
    elif code == A_SORT:
        self._sort()
    elif code == A_TABLE:
        from firmware import tableview

        tableview.show(self.app, "Table", self.session.game.table(self.seat))
    elif code == A_DISCARD:
        self._do((P.DISCARD, self.card))
    elif code == A_HIT:
        if not v.laid[self.seat]:
            self.refuse("Lay down first", "Lay down your phase first: then you can hit "
                        "cards on the groups on the table.")
        elif off:
            t = self.text_of(self.card)
            later = p10text.later_targets(v, self.card)
            if later:
                self.play_refusal()
                self.refuse("Not until next turn", "In the classic rules you hit other players' "
                            "groups from your next turn on (P10C-13): " + t + " fits "
                            + ", ".join([p10text.group_text(v.table[gi], self.session.names, self.COLOURS)
                                         for gi in later]) + " then.")
            else:
                self.refuse(t + " fits nowhere", t + " fits on none of the groups on the table.")
        else:
            self._mode(HIT)
    elif code == A_BACK:
        self._back()
    elif code == A_GROUP:
        self._hit_group(value, off)
    elif code == A_END:
        self._do((P.HIT, self.card, self.target_group, value))
    elif code == A_PHASE:
        self._start_lay(value)
    elif code == A_FILL:
        self.lay.filling = value
        self._lay_rows()
        self._lay_info()
        self._focus(True)
    elif code == A_LAYNOW:
        self._lay_now()
    elif code == A_CLEAR:
        self._start_lay(self.lay.number)
    elif code == A_TARGET:
        self._do((P.TARGET, value))


def _hit_group(self, gi, off):
    if off:
        self._do((P.HIT, self.card, gi, 0))  # the rules core says why not
        return
    self.target_group = gi
    ends = []
    for g, e in self.view().hit_targets(self.card):
        if g == gi:
            ends = e
    if LOW in ends and HIGH in ends:
        self._mode(END)
    else:
        self._do((P.HIT, self.card, gi, 0))


def _sort(self):
    self.by_colour = not self.by_colour
    self.session.game.by_colour = self.by_colour
    c = self.order[self.cur] if self.order else -1
    self.order = sort_cards(self.order, self.by_colour)
    if c >= 0:
        self.cur = self.order.index(c)
    self.hand.set_cards(self.order)
    i = self.menu.index
    self.menu.set_row(i, "Sort by number" if self.by_colour else "Sort by colour")
