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


from shared_rules.errors import RuleError

# Pending decision kinds.
BEFORE = const(0)
REROLL = const(1)
TAKE_KIND = const(2)
OVER = const(3)
KIND_NAMES = ("roll", "keep", "take")

# Move kinds.
ROLL = const(0)
KEEP = const(1)
STOP = const(2)
TAKE = const(3)
STEAL = const(4)
PASS = const(5)

DICE = const(7)
FINISH = const(30)
COLOURS = "WYORGB"
COLOUR_NAMES = ("white", "yellow", "orange", "red", "green", "blue")
FULL = const(0x7C)  # lengths 2..6 as bits
LEVELS = ("random", "easy", "normal", "hard")

# last_end codes: what the end of the turn did to the player who got no piece (DX-9, DX-10)
END_GAINED = const(0)  # got at least one piece
END_NOTHING = const(1)  # no piece and an empty road: nothing happens
END_GAVE_FRONT = const(2)  # gave the front piece back to the display
END_MOVED_BACK = const(3)  # one-piece road moved back
END_SPARED = const(4)  # in last place: no penalty (DX-10)


def piece(colour, length):
    return colour * 8 + length


def colour_of(p):
    return p >> 3


def length_of(p):
    return p & 7


def piece_text(p):
    return COLOURS[p >> 3] + str(p & 7)


def parse_piece(text):
    """``R3`` -> piece; RuleError("RECORD") if it is not a piece."""
    t = text.strip().upper()
    if len(t) == 2 and t[0] in COLOURS and t[1] in "23456":
        return piece(COLOURS.index(t[0]), int(t[1]))
    raise RuleError("RECORD", "'" + text + "' is not a road piece (such as R3)", "bad_piece")


def _fail(rule, reason, code):
    return RuleError(rule, reason, code)


def _counts(dice):
    c = [0, 0, 0, 0, 0, 0]
    for d in dice:
        c[d] += 1
    return c


class DiceExpress:
    """One game of Dice Express; see the module docstring for decisions and moves."""

    def __init__(self, players, source, _blank=False):
        if _blank:
            return
        if not isinstance(players, int) or players < 2 or players > 6:
            raise _fail("SETUP", "Dice Express is played by 2 to 6 players", "players")
        self.n = players
        self.source = source
        self.seat = -1  # a view's seat; -1 for the game itself
        display = [FULL] * 6
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
        if self.stage == OVER:
            return None
        return (self.turn, self.stage)

    @property
    def over(self):
        return self.stage == OVER

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
        """'' if ``seat`` may steal ``victim``'s rear piece with ``k`` dice of ``colour``, else a
        code why not (DX-7): ``self``, ``no_seat``, ``stolen_this_turn``, ``one_piece``,
        ``wrong_colour``, ``too_long``, ``colour_in_road``."""
        if not isinstance(victim, int) or victim < 0 or victim >= self.n:
            return "no_seat"
        if victim == seat:
            return "self"
        if self.has_colour(seat, colour):
            return "colour_in_road"
        road = self.roads[victim]
        if len(road) < 2:
            return "one_piece"
        if self.stolen & (1 << victim):
            return "stolen_this_turn"
        if road[0] >> 3 != colour:
            return "wrong_colour"
        if road[0] & 7 > k:
            return "too_long"
        return ""

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
        out = []
        for s in range(self.n):
            place = 1
            for t in range(self.n):
                if t == s:
                    continue
                if t in self.winners and s not in self.winners:
                    place += 1
                elif (t in self.winners) == (s in self.winners) and self.fronts[t] > self.fronts[s]:
                    place += 1
            out.append(place)
        return out


def new_game(players, options, source):
    """A new game for ``players`` seats (no variants); ``source`` draws every die."""
    return DiceExpress(players, source)


# --------------------------------------------------------------------------------- save payload

def encode(g):
    """The save payload (``shared_rules.dxcodec``, loaded at the first save)."""
    from shared_rules.dxcodec import encode
    return encode(g)


def decode(data, source=None):
    """The game of a payload; RuleError("SAVE") for anything inconsistent."""
    from shared_rules.dxload import decode
    return decode(data, source)


def bot(level, rng):
    """A computer player: ``random``, ``easy``, ``normal`` (or ``greedy``), ``hard``."""
    from shared_rules import dx_bots
    return dx_bots.make(level, rng)


# The moves (``dxmoves``) and a move applied with the flow of the turn (``dxapply``) are modules
# of their own, attached here: compiling one large .py on a board needs several times the heap
# its code keeps (docs/micropython.md). They import the names above.
from shared_rules import dxapply, dxmoves  # noqa: E402

for _mod, _names in ((dxapply, ("apply", "_roll", "_add", "_start_turn", "_begin_take",
                                "_next_colour", "_end_turn")),
                     (dxmoves, ("legal_moves", "move_count", "move_at", "move_text", "describe"))):
    for _name in _names:
        setattr(DiceExpress, _name, getattr(_mod, _name))
del _mod, _names, _name
parse_move = dxmoves.parse_move
