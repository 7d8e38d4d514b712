"""Phase 10 (``shared_rules.phase10.game``): the legal moves of the pending decision and a
move in the record notation and in a short line for people (English: records and tools; the
device's screens say it in the app's language). Loaded by ``Phase10.legal_moves``,
``move_text`` and ``describe`` when they are first asked for (on the device only the record
writer asks); the notation is read back by ``shared_rules.phase10.desktop``."""

from shared_rules import RuleError
from shared_rules import cards as C
from shared_rules.phase10.phases import CARD_PHASES


try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_LOW = const(1)  # shared_rules.groups.LOW
_DRAW = const(0)  # shared_rules.phase10.game.DRAW
_SKIP_TARGET = const(2)  # shared_rules.phase10.game.SKIP_TARGET
_OVER = const(3)  # shared_rules.phase10.game.OVER
_DRAW_DECK = const(0)  # shared_rules.phase10.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10.game.TAKE_DISCARD
_LAY = const(2)  # shared_rules.phase10.game.LAY
_HIT = const(3)  # shared_rules.phase10.game.HIT
_DISCARD = const(4)  # shared_rules.phase10.game.DISCARD
_TARGET = const(5)  # shared_rules.phase10.game.TARGET
_CLASSIC = const(0)  # shared_rules.phase10.game.CLASSIC
_SKIP = const(0x50)  # shared_rules.cards.SKIP


_E_BAD_MOVE = const(1)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens


def legal_moves(self):
    """Every legal move of the pending decision, in a fixed order.

    Draws, hits (each card value once, each open end of a run) and discards (each card value
    once) are complete. A lay-down is combinatorial (which copy of a card, which extra
    cards go along, in what order): each phase the seat can lay appears once, as the
    solver's canonical lay-down of the smallest groups; a player may lay any other
    arrangement the rules allow.
    """
    if self.stage == _OVER:
        return []
    seat = self.turn
    if self.stage == _DRAW:
        out = []
        if self.can_draw_deck():
            out.append((_DRAW_DECK,))
        if self.can_take_discard():
            out.append((_TAKE_DISCARD,))
        return out
    if self.stage == _SKIP_TARGET:
        return [(_TARGET, s) for s in self.skip_targets(seat)]
    hand = self.hands[seat]
    out = []
    values = []
    for c in hand:
        if c not in values:
            values.append(c)
    values.sort()
    if not self.laid[seat]:
        from shared_rules import solver
        for number in self.open_phases(seat):
            missing, groups = solver.solve(hand, CARD_PHASES[number - 1])
            if missing:
                continue
            used = 0
            for g in groups:
                used += len(g)
            if used == len(hand) and self.edition == _CLASSIC:
                continue  # P10C-14: a card must stay to discard
            out.append((_LAY, number, [list(g) for g in groups]))
    elif not (len(hand) == 1 and self.edition == _CLASSIC):
        for c in values:
            for gi, ends in self.hit_targets(seat, c):
                for end in ends:
                    out.append((_HIT, c, gi, end))
    for c in values:
        out.append((_DISCARD, c))
    return out


# ----------------------------------------------------------------------------- text


def move_text(self, move):
    """The record notation of a move by the pending seat (see docs/records.md)."""
    kind = move[0]
    if kind == _DRAW_DECK:
        return "draw"
    if kind == _TAKE_DISCARD:
        return "take"
    if kind == _LAY:
        parts = []
        for g in move[2]:
            parts.append(C.texts(g))
        return "lay " + str(move[1]) + ": " + " | ".join(parts)
    if kind == _HIT:
        end = move[3]
        return "hit " + C.text(move[1]) + " " + str(move[2] + 1) + ("" if not end else " " + ("low" if end == _LOW else "high"))
    if kind == _DISCARD:
        return "discard " + C.text(move[1])
    if kind == _TARGET:
        return "skip p" + str(move[1] + 1)
    raise RuleError(_E_BAD_MOVE)


def describe(self, move, names):
    """One short readable line for a move of the pending seat, before it is applied:
    ``ANA takes R7``, ``BOB lays phase 2``, ``CPU hits W on ANA's run``."""
    who = names[self.turn]
    kind = move[0]
    if kind == _DRAW_DECK:
        return who + " draws a card"
    if kind == _TAKE_DISCARD:
        return who + " takes " + C.text(self.discard[-1])
    if kind == _LAY:
        number = move[1] or self.open_phases(self.turn)[0]
        return who + " lays phase " + str(number)
    if kind == _HIT:
        g = self.table[move[2]]
        owner = "own" if g[0] == self.turn else names[g[0]] + "'s"
        return who + ": " + C.text(move[1]) + " on " + owner + " " + ("set", "run", "colour")[g[1]]
    if kind == _DISCARD:
        line = who + " discards " + C.text(move[1])
        # P10C-11 classic: the next player is skipped at once (not by a last card, P10C-15)
        if move[1] == _SKIP and self.edition == _CLASSIC and len(self.hands[self.turn]) > 1:
            line += ", skips " + names[self._next_active(self.turn)]
        return line
    if kind == _TARGET:
        return who + " skips " + names[move[1]]
    return who + " moves"
