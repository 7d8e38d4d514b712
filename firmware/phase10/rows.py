"""The Phase 10 turn screen's modes and action rows (``firmware.phase10.turn.Turn`` is built on
``Rows``): which rows each mode offers and the prompts. Choosing a lay-down group by group, and
the hint, are ``firmware.phase10.laydown``'s and ``firmware.phase10.hint``'s, loaded for them.

Modes: DRAW (deck or discard), PLAY (pick a card, or lay down / hint / sort / table), CARD
(discard the card or hit it), HIT (which laid group; the ones it cannot go on are greyed), END
(which end of a run a Wild extends), PICK (which phase, in free-choice games), LAY (A on a card
puts it into the group that is filling, or takes it out again), TARGET (whom a Skip skips).

Both Phase 10 games' turn screens use this module; what only the card game shows (the turn's
title, a free choice's phases, the Skip's targets, a refusal's reason) is
``firmware.phase10.text``'s, loaded where the card game shows it, so that the board game's turn
never loads it. The phase table and a card's text are the game's (``Screens.PHASES``,
``Screens.card_text``).
"""

from micropython import const

from firmware.lang import t
from firmware.decide import Decision

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_LOW = const(1)  # shared_rules.groups.LOW
_HIGH = const(2)  # shared_rules.groups.HIGH
_DRAW = const(0)  # shared_rules.phase10.game.DRAW
_PLAY = const(1)  # shared_rules.phase10.game.PLAY
_CLASSIC = const(0)  # shared_rules.phase10.game.CLASSIC
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN

# the modes (above)
_M_DRAW = const(0)
_M_PLAY = const(1)
_M_CARD = const(2)
_M_HIT = const(3)
_M_END = const(4)
_M_PICK = const(5)
_M_LAY = const(6)
_M_TARGET = const(7)

# action rows: (code, value)
_A_DECK = const(0)
_A_TAKE = const(1)
_A_LAY = const(2)
_A_HINT = const(3)
_A_SORT = const(4)
_A_TABLE = const(5)
_A_DISCARD = const(6)
_A_HIT = const(7)
_A_BACK = const(8)
_A_GROUP = const(9)  # value: table group index
_A_END = const(10)  # value: LOW or HIGH
_A_PHASE = const(11)  # value: phase number
_A_FILL = const(12)  # value: index of the group being filled
_A_LAYNOW = const(13)
_A_CLEAR = const(14)
_A_TARGET = const(15)  # value: seat


class Rows(Decision):
    """The modes and rows of the turn screen; the state, the information line and the keys are
    ``Turn``'s, the lay-down being chosen ``self.lay`` (``firmware.phase10.laydown.LayDown``)."""

    BOARD = False  # the board game's cards (colour 1 purple, P): firmware.phase10board.play sets it
    COLOURS = "p10.colours"  # the key of the colours' names, for colour groups (``group_text``)

    def text_of(self, c):
        """A card as the player reads it (``R7``; the board game's ``P7``)."""
        return self.session.game.card_text(c)

    def phase(self, number):
        """The groups of phase ``number`` in the game's phase table."""
        return self.session.game.PHASES[number - 1]

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

        if mode == _M_DRAW:
            add(_A_DECK, 0, t("p10.draw_deck") if v.can_draw_deck() else t("p10.deck_empty"),
                not v.can_draw_deck())
            top = v.discard_top
            if top < 0:
                add(_A_TAKE, 0, t("p10.take_none"), True)
            elif not v.can_take_discard():
                add(_A_TAKE, 0, t("p10.take_skip"), True)
            else:
                add(_A_TAKE, 0, t("p10.take").format(self.text_of(top)))
        elif mode == _M_PLAY:
            if not v.laid[self.seat]:
                phases = v.open_phases()
                if len(phases) == 1:
                    add(_A_LAY, 0, t("p10.lay_n").format(phases[0]))
                elif phases:
                    add(_A_LAY, 0, t("p10.lay_a"))
                add(_A_HINT, 0, t("p10.hint"))
        elif mode == _M_CARD:
            c = self.order[self.cur]
            ct = self.text_of(c)
            add(_A_DISCARD, 0, t("p10.discard").format(ct))
            if not v.laid[self.seat]:
                add(_A_HIT, 0, t("p10.hit_lay_first"), True)
            elif not v.hit_targets(c):
                if later_targets(v, c):
                    add(_A_HIT, 0, t("p10.hit_next").format(ct), True)
                else:
                    add(_A_HIT, 0, t("p10.hit_nowhere").format(ct), True)
            else:
                add(_A_HIT, 0, t("p10.hit_on").format(ct))
            add(_A_BACK, 0, t("p10.back"))
        elif mode == _M_HIT:
            targets = [gi for gi, _ in v.hit_targets(self.card)]
            for gi in range(len(v.table)):
                add(_A_GROUP, gi, group_text(v.table[gi], names, self.COLOURS), gi not in targets)
            add(_A_BACK, 0, t("p10.back"))
        elif mode == _M_END:
            g = v.table[self.target_group]
            add(_A_END, _LOW, t("p10.w_low").format(g[2] - 1))
            add(_A_END, _HIGH, t("p10.w_high").format(g[3] + 1))
            add(_A_BACK, 0, t("p10.back"))
        elif mode == _M_PICK:  # (the card game's free choice)
            from firmware.phase10.text import phase_short

            for n in v.open_phases():
                add(_A_PHASE, n, str(n) + ": " + phase_short(n))
            add(_A_BACK, 0, t("p10.back"))
        elif mode == _M_LAY:
            for gi in range(len(self.lay.shape)):
                add(_A_FILL, gi, self.lay.row(gi))
            add(_A_LAYNOW, 0, t("p10.lay_now"), not self.lay.all_valid())
            add(_A_HINT, 0, t("p10.hint"))
            add(_A_CLEAR, 0, t("p10.clear"))
            add(_A_BACK, 0, t("p10.back"))
        elif mode == _M_TARGET:  # (the card game's 2020 Skip)
            from firmware.phase10.text import target_text

            ok = v.skip_targets()
            for s in range(v.n):
                if s != self.seat and v.active[s]:
                    add(_A_TARGET, s, target_text(v, s, names[s]), s not in ok)
        if mode in (_M_DRAW, _M_PLAY, _M_TARGET):
            add(_A_SORT, 0, t("p10.sort_number") if self.by_colour else t("p10.sort_colour"))
            add(_A_TABLE, 0, t("pause.table"))
        self.rows = rows
        v = None  # the view and what making the rows left go first (``App.tidy``): the rows'
        self.app.tidy()  # texts, then the prompt, take the lowest free blocks, not the top's
        self.menu.bar_on = mode not in (_M_PLAY, _M_LAY)
        self.menu.set_items(texts, 0, dim)
        self.hand.set_cards(self.order, [g >= 0 for g in self.in_group] if mode == _M_LAY else None)
        self.focus(mode in (_M_PLAY, _M_LAY))
        self.app.tidy()
        self._prompt()

    def _prompt(self):
        m = self.mode
        if m == _M_PLAY:
            if self.view().laid[self.seat]:
                self.say(t("p10.hit_or_discard"))
            else:
                self.say(t("p10.lay_or_discard"))
        elif m == _M_CARD:
            self.say(t("p10.discard_or_hit").format(self.text_of(self.card)))
        elif m == _M_HIT:
            self.say(t("p10.hit_where").format(self.text_of(self.card)))
        elif m == _M_END:
            self.say(t("p10.which_end"))
        elif m == _M_PICK:
            self.say(t("p10.which_phase"))
        elif m == _M_LAY:
            self.lay.say_state()
        elif m == _M_TARGET:
            self.say(t("p10.whom_skip"))

    def _phase_ready(self, v):
        """Whether the hand holds a whole phase the person may lay now (two- and three-button
        boards: the cursor then waits on Lay down), by the solver's count alone (its plans'
        builder is not loaded). Before the draw (the card game's turn is made to draw) the
        pair of answers after drawing from the deck (True, False, or None: it depends on the
        card) and after taking the discard: a card drawn lowers the cards missing by one at
        most, so the solver loads once, before the screen's objects are made, and after the
        draw only when one card is missing. None where no decision to draw or lay is pending."""
        kind = v.pending[1]
        if kind != _PLAY and kind != _DRAW:
            return None
        if v.laid[self.seat] or not v.open_phases():
            return False if kind == _PLAY else (False, False)
        loaded = self.app.mark()
        from shared_rules import solver

        top = v.discard_top if kind == _DRAW and v.can_take_discard() else -1
        least = least_taken = 99
        for number in v.open_phases():
            phase = self.phase(number)
            least = min(least, solver.missing(v.hand, phase))
            if top >= 0:
                least_taken = min(least_taken, solver.missing(v.hand + [top], phase))
        solver = None
        self.app.forget_since(loaded)
        if kind == _PLAY:
            return least == 0
        return (True if least == 0 else None if least == 1 else False), least_taken == 0

    def start_lay(self, number):
        """LAY: choose phase ``number``'s groups."""
        from firmware.phase10.laydown import LayDown  # (loaded once a lay-down is chosen)

        self.lay = LayDown(self, number)
        self._mode(_M_LAY)


def group_text(g, names, colours):
    """A laid group in a few characters, its owner's name first: ``ANN set of 7s``, ``BOB run
    3-9``, ``CAT red x7``; ``colours``: the key of the names of the game's colours (the board
    game's colour 1 is purple)."""
    owner, kind, a, b, cards = g
    if kind == _SET:
        out = t("p10.g.set").format(a)
    elif kind == _RUN:
        out = t("p10.g.run").format(a, b)
    else:
        out = t("p10.g.colour").format(t(colours).split(" ")[a], len(cards))  # a key: its words
    return names[owner] + " " + out


def later_targets(view, card):
    """The other players' groups ``card`` fits but may not be hit on yet: the turn its owner
    laid down in the classic rules (P10C-13). [] otherwise (and always in the board game)."""
    if not (view.laid[view.seat] and view.laid_this_turn and view.edition == _CLASSIC):
        return []
    from shared_rules.groups import hit_ends

    out = []
    for gi in range(len(view.table)):
        g = view.table[gi]
        if g[0] != view.seat and hit_ends(g[1], g[2], g[3], card):
            out.append(gi)
    return out


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    M_DRAW = _M_DRAW
    M_PLAY = _M_PLAY
    M_CARD = _M_CARD
    M_HIT = _M_HIT
    M_END = _M_END
    M_PICK = _M_PICK
    M_LAY = _M_LAY
    M_TARGET = _M_TARGET
    A_DECK = _A_DECK
    A_TAKE = _A_TAKE
    A_LAY = _A_LAY
    A_HINT = _A_HINT
    A_SORT = _A_SORT
    A_TABLE = _A_TABLE
    A_DISCARD = _A_DISCARD
    A_HIT = _A_HIT
    A_BACK = _A_BACK
    A_GROUP = _A_GROUP
    A_END = _A_END
    A_PHASE = _A_PHASE
    A_FILL = _A_FILL
    A_LAYNOW = _A_LAYNOW
    A_CLEAR = _A_CLEAR
    A_TARGET = _A_TARGET
