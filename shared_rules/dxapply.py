"""Dice Express (``shared_rules.dice_express``): a move applied, and the flow of a turn it leads to
(the taking colour by colour, the end of the turn with DX-9 and DX-10, the win, the next seat).
Methods of ``DiceExpress``, attached there: a module of their own, because compiling one large
``.py`` on a board needs several times the heap its code keeps (docs/micropython.md)."""

from shared_rules.dice_express import (BEFORE, REROLL, TAKE_KIND, OVER, ROLL, KEEP, STOP, TAKE,
                                       STEAL, PASS, DICE, FINISH, COLOUR_NAMES, END_GAINED,
                                       END_NOTHING, END_GAVE_FRONT, END_MOVED_BACK, END_SPARED,
                                       _fail)


def apply(self, move):
    """Apply a move of the pending seat; RuleError (state unchanged) if illegal."""
    if self.stage == OVER:
        raise _fail("DX-11", "the game is over", "game_over")
    if not isinstance(move, tuple) or not move:
        raise _fail("MOVE", "a move is a tuple such as (STOP,)", "bad_move")
    kind = move[0]
    seat = self.turn
    if self.stage == BEFORE:
        if kind != ROLL or len(move) != 2:
            raise _fail("DX-6", "roll the dice first (you may give back rear pieces before)", "roll_first")
        g = move[1]
        road = self.roads[seat]
        if not isinstance(g, int) or g < 0:
            raise _fail("MOVE", "give back a number of pieces", "bad_move")
        if g > 0 and g >= len(road):
            raise _fail("DX-5", "keep at least one piece in your road", "keep_one")
        dice = self._roll(DICE - g)
        for i in range(g):  # DX-5: the rear pieces go back; the front stays
            p = road.pop(0)
            self.display[p >> 3] |= 1 << (p & 7)
        self.given = g
        self.dice = dice
        self.aside = [0] * len(dice)
        self.roll_no = 1
        self.stage = REROLL
        return
    if self.stage == REROLL:
        if kind == STOP and len(move) == 1:
            self._begin_take()
            return
        if kind != KEEP or len(move) != 2:
            raise _fail("DX-6", "set dice aside and roll again, or stop", "keep_or_stop")
        kept = move[1]
        try:
            kept = list(kept)
        except TypeError:
            raise _fail("MOVE", "name the dice to set aside by colour", "bad_move")
        counts = self.counts()
        for c in kept:
            if not isinstance(c, int) or c < 0 or c > 5:
                raise _fail("MOVE", "a die shows one of six colours", "bad_move")
            counts[c] -= 1
            if counts[c] < 0:
                raise _fail("DX-6", "set aside only dice you rolled", "not_rolled")
        if len(kept) >= len(self.dice):
            raise _fail("DX-6", "to keep every die, stop rolling", "keep_all")
        # the first dice of each kept colour stay where they are; the others are rolled
        rest = [0, 0, 0, 0, 0, 0]
        for c in kept:
            rest[c] += 1
        new = self._roll(len(self.dice) - len(kept))
        j = 0
        for i in range(len(self.dice)):
            c = self.dice[i]
            if rest[c] > 0:
                rest[c] -= 1
                self.aside[i] = 1
            else:
                self.dice[i] = new[j]
                self.aside[i] = 0
                j += 1
        self.roll_no += 1
        if self.roll_no >= 3:
            self._begin_take()
        return
    # TAKE
    colour = self.colour
    k = self.counts()[colour]
    if kind == PASS and len(move) == 1:
        self._next_colour()
        return
    if kind == TAKE and len(move) == 2:
        p = move[1]
        if not isinstance(p, int) or p >> 3 != colour:
            raise _fail("DX-7", "take a " + COLOUR_NAMES[colour] + " piece now", "wrong_colour")
        length = p & 7
        if length < 2 or length > 6 or not self.display[colour] & (1 << length):
            raise _fail("DX-7", "that piece is not in the display", "not_in_display")
        if length > k:
            raise _fail("DX-7", str(k) + " dice take a piece of length " + str(k) + " at most", "too_long")
        if length not in self.take_lengths(colour, k):
            raise _fail("DX-7", "take the piece of length " + str(k) + ": it is in the display", "exact_first")
        self.display[colour] &= ~(1 << length)
        self._add(seat, p)
        return
    if kind == STEAL and len(move) == 2:
        v = move[1]
        why = self.steal_check(seat, v, colour, k)
        if why:
            raise _fail("DX-7", _STEAL_REASONS[_STEAL_CODES.index(why)], why)
        p = self.roads[v].pop(0)
        if not self.last & (1 << v):  # DX-8, unless in last place (DX-10)
            self.fronts[v] -= p & 7
        self.stolen |= 1 << v
        self._add(seat, p)
        return
    raise _fail("DX-7", "take a piece, steal one or pass", "take_steal_or_pass")

def _roll(self, n):
    src = self.source
    if src is None:
        raise _fail("MOVE", "a view cannot roll dice", "no_source")
    out = []
    for _ in range(n):
        out.append(src.below(6))
    return out

def _add(self, seat, p):
    self.roads[seat].append(p)
    self.fronts[seat] += p & 7
    self.gained += 1
    if self.fronts[seat] >= FINISH:  # DX-11: wins at once
        self.winners = [seat]
        self.last_end = (seat, END_GAINED, -1, 0)
        self.stage = OVER
        return
    self._next_colour()

def _start_turn(self, seat):
    if seat == 0 and self.turns > 0:
        self.round_no += 1
    self.turns += 1
    self.turn = seat
    self.stage = BEFORE
    self.roll_no = 0
    self.dice = []
    self.aside = []
    self.given = 0
    self.colour = -1
    self.stolen = 0
    self.gained = 0
    self.last = 0

def _begin_take(self):
    self.last = self.lasts()  # DX-10 judged once, when the dice are final
    self.colour = -1
    self._next_colour()

def _next_colour(self):
    counts = self.counts()
    c = self.colour + 1
    while c < 6:
        if self._offers(self.turn, c, counts[c]):
            self.colour = c
            self.stage = TAKE_KIND
            return
        c += 1
    self._end_turn()

def _end_turn(self):
    seat = self.turn
    road = self.roads[seat]
    if self.gained:
        self.last_end = (seat, END_GAINED, -1, 0)
    elif not road:
        self.last_end = (seat, END_NOTHING, -1, 0)
    elif self.last & (1 << seat):  # DX-10
        self.last_end = (seat, END_SPARED, -1, 0)
    elif len(road) >= 2:  # DX-9: the front piece goes back
        p = road.pop()
        self.display[p >> 3] |= 1 << (p & 7)
        self.fronts[seat] -= p & 7
        self.last_end = (seat, END_GAVE_FRONT, p, p & 7)
    else:  # DX-9: a lone piece moves back, never before field 1
        p = road[0]
        front = self.fronts[seat] - (p & 7)
        if front < (p & 7):
            front = p & 7
        self.last_end = (seat, END_MOVED_BACK, p, self.fronts[seat] - front)
        self.fronts[seat] = front
    self._start_turn((seat + 1) % self.n)


_STEAL_CODES = ("no_seat", "self", "colour_in_road", "one_piece", "stolen_this_turn", "wrong_colour",
                "too_long")
_STEAL_REASONS = (
    "there is no such player",
    "you cannot steal from yourself",
    "your road holds that colour already",
    "a road of one piece cannot be stolen from",
    "you stole from that player this turn already",
    "that player's rear piece is another colour",
    "that player's rear piece is longer than your dice",
)
