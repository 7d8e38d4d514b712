"""Dice Express on the device: a person's decisions (``firmware.dice_express.screens.Screens.decision``, loaded at
a person's first decision only: code is RAM). Before the roll: roll, or give back rear pieces and
roll fewer dice (a list, over the roads on the track). After a roll: the dice screen
(``firmware.dice_express.dice``). After the last roll: colour by colour, a list of the display's pieces, the
steals (greyed with the reason where not allowed) and Nothing."""

from micropython import const

from firmware import ui
from firmware.menu import Menu
from firmware.choices import Choices
from firmware.decide import Decision
from firmware.dice_express.roads import Roads, need
from firmware.lang import t
from shared_rules.dice_express import game as D

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_BEFORE = const(0)  # shared_rules.dice_express.game.BEFORE
_ROLL = const(0)  # shared_rules.dice_express.game.ROLL
_REROLL = const(1)  # shared_rules.dice_express.game.REROLL
_TAKE = const(3)  # shared_rules.dice_express.game.TAKE
_STEAL = const(4)  # shared_rules.dice_express.game.STEAL
_PASS = const(5)  # shared_rules.dice_express.game.PASS
_DICE = const(7)  # shared_rules.dice_express.game.DICE

_E_ROLL_FIRST = const(111)  # the rules core's RuleError codes (shared_rules/desktop/errors.py)
_E_KEEP_ONE = const(112)
_E_KEEP_OR_STOP = const(113)
_E_KEEP_ALL = const(114)
_E_NOT_ROLLED = const(115)
_E_WRONG_COLOUR = const(116)
_E_NOT_IN_DISPLAY = const(117)
_E_TOO_LONG = const(118)
_E_EXACT_FIRST = const(119)
_E_NO_SEAT = const(120)
_E_SELF = const(121)
_E_COLOUR_IN_ROAD = const(122)
_E_ONE_PIECE = const(123)
_E_STOLEN_THIS_TURN = const(124)
_E_STEAL_WRONG_COLOUR = const(125)
_E_STEAL_TOO_LONG = const(126)

SHORT = {  # the language files' keys (firmware/lang.py)
    _E_KEEP_ONE: "dx.e.keep_one",
    _E_ROLL_FIRST: "dx.e.roll_first",
    _E_KEEP_OR_STOP: "dx.e.roll_or_stop",
    _E_KEEP_ALL: "dx.e.roll_one",
    _E_NOT_ROLLED: "dx.e.not_rolled",
    _E_WRONG_COLOUR: "dx.e.other_colour",
    _E_STEAL_WRONG_COLOUR: "dx.e.other_colour",
    _E_NOT_IN_DISPLAY: "dx.e.not_display",
    _E_TOO_LONG: "dx.e.too_long",
    _E_STEAL_TOO_LONG: "dx.e.too_long",
    _E_EXACT_FIRST: "dx.e.exact",
    _E_SELF: "dx.e.self",
    _E_COLOUR_IN_ROAD: "dx.e.in_road",
    _E_ONE_PIECE: "dx.e.one_piece",
    _E_STOLEN_THIS_TURN: "dx.e.stolen",
    _E_NO_SEAT: "dx.e.no_seat",
}

# why a steal is greyed out, short enough for a 19-column row: "DAN G4 one piece"
GREY = {_E_ONE_PIECE: "dx.g.one_piece", _E_STOLEN_THIS_TURN: "dx.g.stolen",
        _E_STEAL_TOO_LONG: "dx.g.too_long", _E_COLOUR_IN_ROAD: "dx.g.in_road"}


def decision(screens, seat):
    """The screen of a person's pending decision (``screens``: the game's ``Screens``)."""
    s = screens.session
    st = s.state
    kind = st.pending[1]
    title = t("dx.turn").format(s.names[seat])
    if kind == _BEFORE:
        return RollScreen(s, seat, title, _before_rows(st, seat), screens.front_line(seat))
    if kind == _REROLL:
        from firmware.dice_express.dice import DiceScreen  # a person's rolls only

        return DiceScreen(s, seat, title, screens.colours)
    colour = ": " + screens.colour_name(st.colour)  # "ANN: orange" where the turn's does not fit
    title = ui.first_fit(s.app.layout.game().cols, title + colour, s.names[seat] + colour)
    return Choices(s, seat, title, _take_rows(s, seat), _take_line(s, seat))


def _before_rows(st, seat):
    rows = [(t("dx.roll7"), (_ROLL, 0))]
    for g in range(1, len(st.roads[seat])):
        rows.append((t("dx.give_roll").format(g, _DICE - g), (_ROLL, g)))
    return rows


def _take_line(s, seat):
    st = s.state
    k = st.counts()[st.colour]
    return t("dx.take_line").format(k, s.game.colour_name(st.colour), st.fronts[seat])


def _take_rows(s, seat):
    st = s.state
    c = st.colour
    k = st.counts()[c]
    rows = []
    for length in st.take_lengths(c, k):
        rows.append((t("dx.take").format(s.game.piece_text(D.piece(c, length))), (_TAKE, D.piece(c, length))))
    for v in range(st.n):
        if v == seat or not st.roads[v]:
            continue
        if st.roads[v][0] >> 3 != c:
            continue  # another colour at the rear: nothing to say
        why = st.steal_check(seat, v, c, k)
        rear = s.game.piece_text(st.roads[v][0])
        if why:
            rows.append((s.names[v] + " " + rear + " " + t(GREY.get(why, "dx.g.no")), None))
        else:
            rows.append((t("dx.steal").format(rear, s.names[v]), (_STEAL, v)))
    rows.append((t("dx.nothing"), (_PASS,)))
    return rows


class RollScreen(Decision):
    """Before the roll: roll, or give back rear pieces first (a list of one or two visible
    rows), over the roads on the track (``firmware.dice_express.roads``). The text is large on
    a wide screen (``ui.Layout.game``)."""

    large_text = True

    def __init__(self, session, seat, title, rows, prompt=""):
        super().__init__(session, seat, title)
        lay = self.layout
        self.moves = [m for _, m in rows]
        bottom = lay.height - lay.footer_h - 1
        shown = min(len(rows), 2)
        if bottom - lay.body_top - shown * lay.row_h - 2 < need(session.state.n):
            shown = 1
        self.menu = Menu(self, [r for r, _ in rows], top=lay.body_top, rows=shown)
        top = lay.body_top + shown * lay.row_h + 2
        self.roads = Roads(self.body, session, lay.margin, top, lay.width - 2 * lay.margin, bottom - top)

    def key(self, k):
        if super().key(k):
            return
        if k == _UP or k == _DOWN:
            self.menu.move(1 if k == _DOWN else -1)
        elif k == _A:
            err = self.submit(self.moves[self.menu.index])
            if err is not None:
                self.set_title(self.refusal_text(err))
        elif k == _B:
            self.session.pause()
