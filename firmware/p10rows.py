"""The Phase 10 turn screen's modes and action rows (``firmware.p10turn.Turn`` is built on
``Rows``): which rows each mode offers and the prompts; choosing a lay-down group by group
(with the hint) is ``firmware.p10lay``'s, attached here. Modules of their own so that no part
of the screen is large to compile.

Modes: DRAW (deck or discard), PLAY (pick a card, or lay down / hint / sort / table), CARD
(discard the card or hit it), HIT (which laid group; the ones it cannot go on are greyed), END
(which end of a run a Wild extends), PICK (which phase, in free-choice games), LAY (A on a card
puts it into the group that is filling, or takes it out again), TARGET (whom a Skip skips).
"""

from shared_rules.cards import text as card_text
from shared_rules.groups import LOW, HIGH

from firmware import p10text
from firmware.decide import Decision

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

    BOARD = False  # the board game's cards (colour 1 purple, P): firmware.p10bplay sets it
    COLOURS = p10text.COLOURS  # the names of the colours, for colour groups
    MODE_LAY = LAY  # the lay-down's mode, for the methods of firmware.p10lay

    def text_of(self, c):
        """A card as the player reads it (``R7``; the board game's ``P7``)."""
        return card_text(c)

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
            add(A_DECK, 0, "Draw from deck" if v.can_draw_deck() else "Deck: empty",
                not v.can_draw_deck())
            top = v.discard_top
            if top < 0:
                add(A_TAKE, 0, "Take: no discard", True)
            elif not v.can_take_discard():
                add(A_TAKE, 0, "Take: Skip on top", True)
            else:
                add(A_TAKE, 0, "Take " + self.text_of(top))
        elif mode == PLAY:
            if not v.laid[self.seat]:
                phases = v.open_phases()
                if len(phases) == 1:
                    add(A_LAY, 0, "Lay down phase " + str(phases[0]))
                elif phases:
                    add(A_LAY, 0, "Lay down a phase")
                add(A_HINT, 0, "Hint")
        elif mode == CARD:
            c = self.order[self.cur]
            t = self.text_of(c)
            add(A_DISCARD, 0, "Discard " + t)
            if not v.laid[self.seat]:
                add(A_HIT, 0, "Hit: lay down first", True)
            elif not v.hit_targets(c):
                if p10text.later_targets(v, c):
                    add(A_HIT, 0, "Hit " + t + ": next turn", True)
                else:
                    add(A_HIT, 0, "Hit: " + t + " fits nowhere", True)
            else:
                add(A_HIT, 0, "Hit " + t + " on a group")
            add(A_BACK, 0, "Back")
        elif mode == HIT:
            targets = [gi for gi, _ in v.hit_targets(self.card)]
            for gi in range(len(v.table)):
                add(A_GROUP, gi, p10text.group_text(v.table[gi], names, self.COLOURS), gi not in targets)
            add(A_BACK, 0, "Back")
        elif mode == END:
            g = v.table[self.target_group]
            add(A_END, LOW, "W as " + str(g[2] - 1) + " (low end)")
            add(A_END, HIGH, "W as " + str(g[3] + 1) + " (high end)")
            add(A_BACK, 0, "Back")
        elif mode == PICK:
            for n in v.open_phases():
                add(A_PHASE, n, str(n) + ": " + p10text.phase_short(n))
            add(A_BACK, 0, "Back")
        elif mode == LAY:
            shape = self.PHASES[self.lay_phase - 1]
            for gi in range(len(shape)):
                add(A_FILL, gi, self._group_row(gi))
            add(A_LAYNOW, 0, "Lay down now", not self._all_valid())
            add(A_HINT, 0, "Hint")
            add(A_CLEAR, 0, "Clear")
            add(A_BACK, 0, "Back")
        elif mode == TARGET:
            ok = v.skip_targets()
            for s in range(v.n):
                if s != self.seat and v.active[s]:
                    add(A_TARGET, s, p10text.target_text(v, s, names[s]), s not in ok)
        if mode in (DRAW, PLAY, TARGET):
            add(A_SORT, 0, "Sort by number" if self.by_colour else "Sort by colour")
            add(A_TABLE, 0, "Table")
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
                self.say("Hit or discard")
            else:
                self.say("Lay down or discard")
        elif m == CARD:
            self.say("Discard or hit " + self.text_of(self.card) + "?")
        elif m == HIT:
            self.say("Hit " + self.text_of(self.card) + " where?")
        elif m == END:
            self.say("Which end of run?")
        elif m == PICK:
            self.say("Which phase to lay?")
        elif m == LAY:
            self._lay_info()
        elif m == TARGET:
            self.say("Whom to skip?")

    def _phase_ready(self, v):
        """Whether the hand holds a whole phase the person may lay now."""
        if v.laid[self.seat] or not self.rows or self.rows[0][0] != A_LAY:
            return False
        from shared_rules import solver

        for number in v.open_phases():
            if solver.missing(v.hand, self.PHASES[number - 1]) == 0:
                return True
        return False


# The lay-down group by group (``p10lay``) is a module of its own, attached here: compiling one
# large .py on a board needs several times the heap its code keeps (docs/micropython.md). It
# imports the names above.
from firmware import p10lay  # noqa: E402

for _name in ("_group_row", "_group_state", "_all_valid", "_lay_info", "_lay_rows", "_start_lay",
              "_toggle", "_hint", "_lay_now"):
    setattr(Rows, _name, getattr(p10lay, _name))
del _name
