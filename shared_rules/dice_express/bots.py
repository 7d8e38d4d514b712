"""Computer players for Dice Express. Each sees only a view (``DiceExpress.view(seat)``) and
answers its pending decision.

- ``random``: a random legal move, except that it gives back pieces one turn in four only, never
  passes up a piece, and half of the time keeps every die of a colour it has most of
  (uniform keeps rarely gather four dice of a colour, and three-player games, whose short pieces
  are mostly out, would not end);
- ``easy``: keeps the dice of the colour it has most of and rolls once more at most; takes the
  longest piece of the display, steals only when the display has nothing;
- ``normal``: keeps and re-rolls by expected value over the rolls left (``odds``): for each
  plan "keep the dice of this colour, chase it" (or keep nothing) it weighs what every colour
  would bring; takes the option worth most (a steal counts the victim's loss too); gives back
  rear pieces only when fewer than three colours are open;
- ``hard``: the normal player whose plans chase up to three colours at once, that also weighs
  in its keeps the chance of getting no piece (what DX-9 would cost it; nothing in last place),
  counts a steal from a player not in last place double in a two-player game (shared among the
  opponents in larger ones), adds a bonus for a piece that reaches 30, and gives back every rear
  piece before it rolls (the front stays, DX-5: every colour but one opens, and a one-piece road
  cannot be stolen from).

All arithmetic is on small integers; ties are broken by a fixed order.
"""

from shared_rules.dice_express import plan as P

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_BEFORE = const(0)  # shared_rules.dice_express.game.BEFORE
_ROLL = const(0)  # shared_rules.dice_express.game.ROLL
_KEEP = const(1)  # shared_rules.dice_express.game.KEEP
_REROLL = const(1)  # shared_rules.dice_express.game.REROLL
_STOP = const(2)  # shared_rules.dice_express.game.STOP
_TAKE_KIND = const(2)  # shared_rules.dice_express.game.TAKE_KIND
_TAKE = const(3)  # shared_rules.dice_express.game.TAKE
_STEAL = const(4)  # shared_rules.dice_express.game.STEAL
_SCALE = const(4096)  # shared_rules.dice_express.odds.SCALE


class _Bot:
    MOST = 1  # plans chase at most this many colours

    def __init__(self, rng, hard=False):
        self.rng = rng
        self.hard = hard

    def choose(self, v):
        seat, kind = v.pending
        if kind == _BEFORE:
            return (_ROLL, self._give_back(v, seat))
        if kind == _REROLL:
            return self._keep(v, seat)
        return self._take(v, seat)

    def _give_back(self, v, seat):
        """Give back rear pieces until three colours are open (a road of every colour would
        never grow again)."""
        road = v.roads[seat]
        g = 0
        while 6 - len(road) + g < 3 and g < len(road) - 1:
            g += 1
        return g

    def _keep(self, v, seat):
        vals = P.values(v, seat, self.hard)
        cnt = v.counts()
        total = len(v.dice)
        rolls = 3 - v.roll_no
        stop = 0
        for c in range(6):
            row = vals[c]
            if row is not None:
                stop += row[cnt[c] if cnt[c] < 7 else 7]
        penalty = self._penalty(v, seat)
        if stop == 0:
            stop = -penalty
        best, kept = P.best_keep(vals, cnt, total, rolls, penalty, self.MOST)
        if best <= stop * _SCALE:
            return (_STOP,)
        t = []
        for c in range(6):
            t.extend([c] * kept[c])
        if len(t) >= total:
            return (_STOP,)
        return (_KEEP, tuple(t))

    def _penalty(self, v, seat):
        return 0

    def _take(self, v, seat):
        fronts = v.fronts
        low = min(fronts)
        front = fronts[seat]
        best = None
        bw = -1
        for m in v.legal_moves():
            if m[0] == _TAKE:
                w = P.gain(front, m[1] & 7, self.hard)
            elif m[0] == _STEAL:
                length = v.roads[m[1]][0] & 7
                w = P.gain(front, length, self.hard) + P.hurt(fronts[m[1]], length, low, self.hard, v.n)
            else:
                w = 0
            if w > bw:
                best, bw = m, w
        return best


class NormalBot(_Bot):
    pass


class HardBot(_Bot):
    """The normal player with position-aware values, the no-piece risk weighed in its keeps, and
    its road cut back to the front piece before every roll."""

    MOST = 3

    def __init__(self, rng):
        _Bot.__init__(self, rng, True)

    def _penalty(self, v, seat):
        return _risk(v, seat)

    def _give_back(self, v, seat):
        """Every rear piece: the front does not move (DX-5), every colour but one opens, and a
        road of one piece cannot be stolen from (DX-7). Measured against giving back only when
        the expected value of the turn rises (docs/dice-express.md): 56% against 50% heads-up."""
        road = v.roads[seat]
        return len(road) - 1 if road else 0


def _risk(v, seat):
    """What getting no piece would cost ``seat`` now (DX-9; nothing in last place, DX-10)."""
    road = v.roads[seat]
    front = v.fronts[seat]
    if not road or front == min(v.fronts):
        return 0
    length = road[-1] & 7
    if len(road) >= 2:
        return 4 * length
    back = front - length
    if back < length:
        back = length
    return 4 * (front - back)


class EasyBot(_Bot):
    def _keep(self, v, seat):
        vals = P.values(v, seat, False)
        cnt = v.counts()
        if v.roll_no >= 2:
            return (_STOP,)
        bc, bn = -1, 0
        for c in range(6):
            row = vals[c]
            if row is not None and row[7] > 0 and cnt[c] > bn:
                bc, bn = c, cnt[c]
        if bc < 0:
            return (_KEEP, ())
        if bn >= P.cap_of(vals[bc]) or bn >= len(v.dice):
            return (_STOP,)
        return (_KEEP, tuple([bc] * bn))

    def _take(self, v, seat):
        moves = v.legal_moves()
        best = moves[-1]
        bl = 0
        for m in moves:
            if m[0] == _TAKE and m[1] & 7 > bl:
                best, bl = m, m[1] & 7
        if bl == 0 and len(moves) > 1:
            return moves[0]
        return best


class RandomBot:
    def __init__(self, rng):
        self.rng = rng

    def choose(self, v):
        seat, kind = v.pending
        below = self.rng.below
        if kind == _BEFORE:
            if below(4):
                return (_ROLL, 0)
            return v.move_at(below(v.move_count()))
        if kind == _TAKE_KIND:
            moves = v.legal_moves()
            if len(moves) > 1:
                moves = moves[:-1]  # never pass up a piece
            return moves[below(len(moves))]
        if below(2):
            # half of the time: keep every die of a colour it has most of
            cnt = v.counts()
            top = max(cnt)
            shown = [c for c in range(6) if cnt[c] == top]
            c = shown[below(len(shown))]
            if cnt[c] < len(v.dice):
                return (_KEEP, tuple([c] * cnt[c]))
        return v.move_at(below(v.move_count()))  # a uniform legal move
