"""Dice Express (RULES.md section 3, DX-1 ... DX-11): the state machine.

Seven dice with six colours (0 white, 1 yellow, 2 orange, 3 red, 4 green, 5 blue; letters
``W Y O R G B``). A road piece is the int ``colour * 8 + length`` (lengths 2..6), written ``R3``.
The display is kept as one bit mask of lengths per colour (bit ``1 << length``). A road is a list
of pieces from the rear to the front plus its front field.

A turn is a run of pending decisions (``pending`` is ``(seat, kind)``):

- ``BEFORE``: ``(ROLL, g)`` gives back the ``g`` rear pieces (DX-5, ``0 <= g < len(road)``) and
  rolls ``7 - g`` dice (DX-6); record ``roll`` or ``give 2 roll``.
- ``REROLL`` (after the first and second roll): ``(KEEP, colours)`` sets aside the dice of the
  sorted tuple ``colours`` (a sub-multiset of the dice, at least one die left to roll) and rolls
  the rest; any die may be re-rolled, also one set aside before (DX-6); ``(STOP,)`` keeps the
  roll. Record ``keep wwr`` (``keep`` alone re-rolls every die), ``stop``. After the third roll
  the turn goes on to the taking at once.
- ``TAKE``, once for each colour shown by ``k >= 2`` dice that the road does not hold and that
  offers something, in colour order (``colour``): ``(TAKE, piece)`` from the display (length
  ``k``, or a shorter one if there is none of length ``k``), ``(STEAL, seat)`` that seat's rear
  piece, or ``(PASS,)`` (DX-7, DX-8). Record ``take R3``, ``steal p2``, ``pass``.

What happens without a decision: the end of the turn (the no-piece penalty DX-9 with the catch-up
DX-10), the win (DX-11) and the next seat's turn. ``last_end`` tells screens what the penalty did.

Decisions the rules leave open (docs/dice-express.md): seat 0 starts; the player(s) in last place
for DX-10 are judged once, when the dice are final, before any piece is taken; colours are taken
in colour order; a die is one ``source.below(6)`` (the colour's index). ``legal_moves()`` lists
every choice: keeps are multisets of colours (at most 96 of them), so nothing is left out.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules import RuleError

# Pending decision kinds.
_BEFORE = const(0)
_REROLL = const(1)
_TAKE_KIND = const(2)
_OVER = const(3)
KIND_NAMES = ("roll", "keep", "take")

# Move kinds.
_ROLL = const(0)
_KEEP = const(1)
_STOP = const(2)
_TAKE = const(3)
_STEAL = const(4)
_PASS = const(5)

_DICE = const(7)
_FINISH = const(30)
COLOURS = "WYORGB"
_COLOUR_NAMES = const(("white", "yellow", "orange", "red", "green", "blue"))
_FULL = const(0x7C)  # lengths 2..6 as bits
# The computer player of each level, easiest first: its module (in this package) and class,
# imported only when one plays (``registry.player``).
PLAYERS = (
    ("random", "bots", "RandomBot"),
    ("easy", "bots", "EasyBot"),
    ("normal", "bots", "NormalBot"),
    ("hard", "bots", "HardBot"),
)

# last_end codes: what the end of the turn did to the player who got no piece (DX-9, DX-10)
_END_GAINED = const(0)  # got at least one piece
_END_NOTHING = const(1)  # no piece and an empty road: nothing happens
_END_GAVE_FRONT = const(2)  # gave the front piece back to the display
_END_MOVED_BACK = const(3)  # one-piece road moved back
_END_SPARED = const(4)  # in last place: no penalty (DX-10)


def piece(colour, length):
    return colour * 8 + length


def colour_of(p):
    return p >> 3


def piece_text(p):
    return COLOURS[p >> 3] + str(p & 7)


def _counts(dice):
    c = [0, 0, 0, 0, 0, 0]
    for d in dice:
        c[d] += 1
    return c


_E_BAD_MOVE = const(1)  # RuleError codes: words in shared_rules/desktop/errors.py, on screens
_E_NO_SOURCE = const(2)
_E_PLAYERS = const(3)
_E_GAME_OVER = const(110)
_E_ROLL_FIRST = const(111)
_E_KEEP_ONE = const(112)
_E_KEEP_OR_STOP = const(113)
_E_KEEP_ALL = const(114)
_E_NOT_ROLLED = const(115)
_E_WRONG_COLOUR = const(116)
_E_NOT_IN_DISPLAY = const(117)
_E_TOO_LONG = const(118)
_E_EXACT_FIRST = const(119)
_E_NO_SEAT = const(120)  # 120-126: why a steal is refused (steal_check)
_E_SELF = const(121)
_E_COLOUR_IN_ROAD = const(122)
_E_ONE_PIECE = const(123)
_E_STOLEN_THIS_TURN = const(124)
_E_STEAL_WRONG_COLOUR = const(125)
_E_STEAL_TOO_LONG = const(126)
_E_TAKE_STEAL_OR_PASS = const(127)


class DiceExpress:
    """One game of Dice Express; see the module docstring for decisions and moves."""

    def __init__(self, players, source, _blank=False):
        if _blank:
            return
        if not isinstance(players, int) or players < 2 or players > 6:
            raise RuleError(_E_PLAYERS, players)
        self.n = players
        self.source = source
        self.seat = -1  # a view's seat; -1 for the game itself
        display = [_FULL] * 6
        out = [0] * 6
        if players == 3:  # DX-2: the 2 and the 3 of four colours picked at random
            left = [0, 1, 2, 3, 4, 5]
            for i in range(4):
                c = left.pop(source.below(6 - i))
                out[c] = 0x0C
        elif players == 2:  # DX-2: three colours lose their 2, the other three their 3
            for c in range(6):
                out[c] = 0x08
            left = [0, 1, 2, 3, 4, 5]
            for i in range(3):
                c = left.pop(source.below(6 - i))
                out[c] = 0x04
        for c in range(6):
            display[c] &= ~out[c]
        self.display = display
        self.out = out
        self.roads = [[] for _ in range(players)]
        self.fronts = [0] * players
        self.turn = 0
        self.turns = 0  # turns started so far
        self.round_no = 1
        self.winners = []
        self.last_end = None  # (seat, code, piece or -1, fields moved back)
        self._start_turn(0)

    # ----------------------------------------------------------------------------- copies

    def copy(self):
        """A copy sharing nothing mutable with this state (the source is shared)."""
        g = DiceExpress(0, None, True)
        g.n = self.n
        g.source = self.source
        g.seat = self.seat
        g.display = list(self.display)
        g.out = list(self.out)
        g.roads = [list(r) for r in self.roads]
        g.fronts = list(self.fronts)
        g.turn = self.turn
        g.turns = self.turns
        g.round_no = self.round_no
        g.winners = list(self.winners)
        g.last_end = self.last_end
        g.stage = self.stage
        g.roll_no = self.roll_no
        g.dice = list(self.dice)
        g.aside = list(self.aside)
        g.given = self.given
        g.colour = self.colour
        g.stolen = self.stolen
        g.gained = self.gained
        g.last = self.last
        return g

    def view(self, seat):
        """What ``seat`` sees: everything (nothing is hidden in Dice Express), as a copy without
        the chance source, whose ``seat`` is the viewer. It answers the same queries."""
        v = self.copy()
        v.source = None
        v.seat = seat
        return v

    # ----------------------------------------------------------------------------- queries

    @property
    def pending(self):
        if self.stage == _OVER:
            return None
        return (self.turn, self.stage)

    @property
    def over(self):
        return self.stage == _OVER

    def counts(self):
        """How many dice show each colour now."""
        return _counts(self.dice)

    def lasts(self):
        """Bit mask of the seats in last place (lowest front) now (DX-10)."""
        low = min(self.fronts)
        m = 0
        for s in range(self.n):
            if self.fronts[s] == low:
                m |= 1 << s
        return m

    def has_colour(self, seat, colour):
        for p in self.roads[seat]:
            if p >> 3 == colour:
                return True
        return False

    def rear_field(self, seat):
        """The field the rear piece starts on (0 for an empty road)."""
        total = 0
        for p in self.roads[seat]:
            total += p & 7
        return self.fronts[seat] - total + 1 if total else 0

    def take_lengths(self, colour, k):
        """Lengths of ``colour`` the display offers for ``k`` dice: the exact length, or if the
        display has none of length ``k``, every shorter one (DX-7)."""
        mask = self.display[colour]
        if k < 2:
            return []
        if k <= 6 and mask & (1 << k):
            return [k]
        out = []
        for length in range(2, 7):
            if length < k and mask & (1 << length):
                out.append(length)
        return out

    def steal_check(self, seat, victim, colour, k):
        """0 if ``seat`` may steal ``victim``'s rear piece with ``k`` dice of ``colour``, else the
        RuleError code why not (DX-7; 120-126 in ``shared_rules.desktop.errors``: no such seat,
        yourself, a colour in your road, a road of one piece, stolen this turn, another colour,
        too long)."""
        if not isinstance(victim, int) or victim < 0 or victim >= self.n:
            return _E_NO_SEAT
        if victim == seat:
            return _E_SELF
        if self.has_colour(seat, colour):
            return _E_COLOUR_IN_ROAD
        road = self.roads[victim]
        if len(road) < 2:
            return _E_ONE_PIECE
        if self.stolen & (1 << victim):
            return _E_STOLEN_THIS_TURN
        if road[0] >> 3 != colour:
            return _E_STEAL_WRONG_COLOUR
        if road[0] & 7 > k:
            return _E_STEAL_TOO_LONG
        return 0

    def steals(self, seat, colour, k):
        out = []
        for v in range(self.n):
            if v != seat and not self.steal_check(seat, v, colour, k):
                out.append(v)
        return out

    def _offers(self, seat, colour, k):
        if k < 2 or self.has_colour(seat, colour):
            return False
        return bool(self.take_lengths(colour, k)) or bool(self.steals(seat, colour, k))

    def ranking(self):
        """Finishing place of every seat (1 = won): the winner first, then by front (DX-11);
        equal fronts share a place."""
        from shared_rules.places import places

        return places([(0 if s in self.winners else 1, -self.fronts[s]) for s in range(self.n)])

    def apply(self, move):
        """Apply a move of the pending seat; RuleError (state unchanged) if illegal."""
        if self.stage == _OVER:
            raise RuleError(_E_GAME_OVER)
        if not isinstance(move, tuple) or not move:
            raise RuleError(_E_BAD_MOVE)
        kind = move[0]
        seat = self.turn
        if self.stage == _BEFORE:
            if kind != _ROLL or len(move) != 2:
                raise RuleError(_E_ROLL_FIRST)
            g = move[1]
            road = self.roads[seat]
            if not isinstance(g, int) or g < 0:
                raise RuleError(_E_BAD_MOVE)
            if g > 0 and g >= len(road):
                raise RuleError(_E_KEEP_ONE)
            dice = self._roll(_DICE - g)
            for i in range(g):  # DX-5: the rear pieces go back; the front stays
                p = road.pop(0)
                self.display[p >> 3] |= 1 << (p & 7)
            self.given = g
            self.dice = dice
            self.aside = [0] * len(dice)
            self.roll_no = 1
            self.stage = _REROLL
            return
        if self.stage == _REROLL:
            if kind == _STOP and len(move) == 1:
                self._begin_take()
                return
            if kind != _KEEP or len(move) != 2:
                raise RuleError(_E_KEEP_OR_STOP)
            kept = move[1]
            try:
                kept = list(kept)
            except TypeError:
                raise RuleError(_E_BAD_MOVE)
            counts = self.counts()
            for c in kept:
                if not isinstance(c, int) or c < 0 or c > 5:
                    raise RuleError(_E_BAD_MOVE)
                counts[c] -= 1
                if counts[c] < 0:
                    raise RuleError(_E_NOT_ROLLED)
            if len(kept) >= len(self.dice):
                raise RuleError(_E_KEEP_ALL)
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
        if kind == _PASS and len(move) == 1:
            self._next_colour()
            return
        if kind == _TAKE and len(move) == 2:
            p = move[1]
            if not isinstance(p, int) or p >> 3 != colour:
                raise RuleError(_E_WRONG_COLOUR, _COLOUR_NAMES[colour])
            length = p & 7
            if length < 2 or length > 6 or not self.display[colour] & (1 << length):
                raise RuleError(_E_NOT_IN_DISPLAY)
            if length > k:
                raise RuleError(_E_TOO_LONG, k)
            if length not in self.take_lengths(colour, k):
                raise RuleError(_E_EXACT_FIRST, k)
            self.display[colour] &= ~(1 << length)
            self._add(seat, p)
            return
        if kind == _STEAL and len(move) == 2:
            v = move[1]
            why = self.steal_check(seat, v, colour, k)
            if why:
                raise RuleError(why)
            p = self.roads[v].pop(0)
            if not self.last & (1 << v):  # DX-8, unless in last place (DX-10)
                self.fronts[v] -= p & 7
            self.stolen |= 1 << v
            self._add(seat, p)
            return
        raise RuleError(_E_TAKE_STEAL_OR_PASS)

    def _roll(self, n):
        src = self.source
        if src is None:
            raise RuleError(_E_NO_SOURCE)
        out = []
        for _ in range(n):
            out.append(src.below(6))
        return out

    def _add(self, seat, p):
        self.roads[seat].append(p)
        self.fronts[seat] += p & 7
        self.gained += 1
        if self.fronts[seat] >= _FINISH:  # DX-11: wins at once
            self.winners = [seat]
            self.last_end = (seat, _END_GAINED, -1, 0)
            self.stage = _OVER
            return
        self._next_colour()

    def _start_turn(self, seat):
        if seat == 0 and self.turns > 0:
            self.round_no += 1
        self.turns += 1
        self.turn = seat
        self.stage = _BEFORE
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
                self.stage = _TAKE_KIND
                return
            c += 1
        self._end_turn()

    def _end_turn(self):
        seat = self.turn
        road = self.roads[seat]
        if self.gained:
            self.last_end = (seat, _END_GAINED, -1, 0)
        elif not road:
            self.last_end = (seat, _END_NOTHING, -1, 0)
        elif self.last & (1 << seat):  # DX-10
            self.last_end = (seat, _END_SPARED, -1, 0)
        elif len(road) >= 2:  # DX-9: the front piece goes back
            p = road.pop()
            self.display[p >> 3] |= 1 << (p & 7)
            self.fronts[seat] -= p & 7
            self.last_end = (seat, _END_GAVE_FRONT, p, p & 7)
        else:  # DX-9: a lone piece moves back, never before field 1
            p = road[0]
            front = self.fronts[seat] - (p & 7)
            if front < (p & 7):
                front = p & 7
            self.last_end = (seat, _END_MOVED_BACK, p, self.fronts[seat] - front)
            self.fronts[seat] = front
        self._start_turn((seat + 1) % self.n)

    def legal_moves(self):
        """Every legal move of the pending decision, in a fixed order."""
        if self.stage == _OVER:
            return []
        seat = self.turn
        if self.stage == _BEFORE:
            return [(_ROLL, g) for g in range(max(1, len(self.roads[seat])))]
        if self.stage == _REROLL:
            out = [(_STOP,)]
            counts = self.counts()
            total = len(self.dice)
            # every sub-multiset: counter over (counts[c] + 1) choices per colour
            keep = [0, 0, 0, 0, 0, 0]
            while True:
                kept = 0
                for c in range(6):
                    kept += keep[c]
                if kept < total:
                    t = []
                    for c in range(6):
                        t.extend([c] * keep[c])
                    out.append((_KEEP, tuple(t)))
                c = 0
                while c < 6:
                    if keep[c] < counts[c]:
                        keep[c] += 1
                        break
                    keep[c] = 0
                    c += 1
                if c == 6:
                    break
            return out
        colour = self.colour
        k = self.counts()[colour]
        out = []
        for length in self.take_lengths(colour, k):
            out.append((_TAKE, piece(colour, length)))
        for v in self.steals(seat, colour, k):
            out.append((_STEAL, v))
        out.append((_PASS,))
        return out

    def move_count(self):
        """How many moves ``legal_moves()`` would list, without building them."""
        if self.stage == _REROLL:
            total = 1
            for k in self.counts():
                total *= k + 1
            return total  # STOP, and every keep but the one of all dice
        if self.stage == _BEFORE:
            return max(1, len(self.roads[self.turn]))
        return len(self.legal_moves())

    def move_at(self, i):
        """``legal_moves()[i]`` without building the list (uniform sampling of a large decision:
        ``move_at(source.below(move_count()))``)."""
        if self.stage == _REROLL:
            if i == 0:
                return (_STOP,)
            i -= 1
            t = []
            counts = self.counts()
            for c in range(6):
                k = i % (counts[c] + 1)
                i //= counts[c] + 1
                t.extend([c] * k)
            return (_KEEP, tuple(t))
        if self.stage == _BEFORE:
            return (_ROLL, i)
        return self.legal_moves()[i]

    def move_text(self, move):
        """The record notation of a move of the pending seat."""
        kind = move[0]
        if kind == _ROLL:
            return "roll" if not move[1] else "give " + str(move[1]) + " roll"
        if kind == _KEEP:
            t = ""
            for c in move[1]:
                t += COLOURS[c].lower()
            return ("keep " + t) if t else "keep"
        if kind == _STOP:
            return "stop"
        if kind == _TAKE:
            return "take " + piece_text(move[1])
        if kind == _STEAL:
            return "steal p" + str(move[1] + 1)
        if kind == _PASS:
            return "pass"
        raise RuleError(_E_BAD_MOVE)

    def describe(self, move, names):
        """One short line for people, before the move is applied (``ANA takes R3``)."""
        who = names[self.turn]
        kind = move[0]
        if kind == _ROLL:
            if move[1]:
                return who + " gives back " + str(move[1]) + ", rolls"
            return who + " rolls"
        if kind == _KEEP:
            t = ""
            for c in move[1]:
                t += COLOURS[c]
            return who + " keeps " + (t or "none")
        if kind == _STOP:
            return who + " stops"
        if kind == _TAKE:
            return who + " takes " + piece_text(move[1])
        if kind == _STEAL:
            v = move[1]
            p = self.roads[v][0] if 0 <= v < self.n and self.roads[v] else 0
            return who + " steals " + piece_text(p) + " of " + names[v]
        if kind == _PASS:
            return who + " passes on " + _COLOUR_NAMES[self.colour]
        return who + " moves"


def new_game(players, options, source):
    """A new game for ``players`` seats (no variants); ``source`` draws every die."""
    return DiceExpress(players, source)


# --------------------------------------------------------------------------------- save payload

def encode(g):
    """The save payload (``shared_rules.dice_express.save``, loaded at the first save or load)."""
    from shared_rules.dice_express.save import encode
    return encode(g)


def decode(data, source=None):
    """The game of a payload; a RuleError of rule SAVE for anything inconsistent."""
    from shared_rules.dice_express.save import decode
    return decode(data, source)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    BEFORE = _BEFORE
    REROLL = _REROLL
    TAKE_KIND = _TAKE_KIND
    OVER = _OVER
    ROLL = _ROLL
    KEEP = _KEEP
    STOP = _STOP
    TAKE = _TAKE
    STEAL = _STEAL
    PASS = _PASS
    DICE = _DICE
    FINISH = _FINISH
    FULL = _FULL
    END_GAINED = _END_GAINED
    END_NOTHING = _END_NOTHING
    END_GAVE_FRONT = _END_GAVE_FRONT
    END_MOVED_BACK = _END_MOVED_BACK
    END_SPARED = _END_SPARED
