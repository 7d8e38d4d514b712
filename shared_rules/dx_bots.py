"""Computer players for Dice Express. Each sees only a view (``DiceExpress.view(seat)``) and
answers its pending decision.

- ``random``: a random legal move, except that it gives back pieces one turn in four only, never
  passes up a piece, and half of the time keeps every die of a colour it has most of
  (uniform keeps rarely gather four dice of a colour, and three-player games, whose short pieces
  are mostly out, would not end);
- ``easy``: keeps the dice of the colour it has most of and rolls once more at most; takes the
  longest piece of the display, steals only when the display has nothing;
- ``normal``: keeps and re-rolls by expected value over the rolls left (``dx_odds``): for each
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

from shared_rules import dice_express as D
from shared_rules import dx_odds

_WIN = 8  # extra value of a piece that reaches field 30 (hard)


def _values(v, seat, hard):
    """``vals[c]``: a list of 8 values, the worth of ending the rolls with k dice of colour c
    (0 where nothing can be had), or None for a colour the road already holds."""
    fronts = v.fronts
    front = fronts[seat]
    low = min(fronts)
    out = []
    for c in range(6):
        if v.has_colour(seat, c):
            out.append(None)
            continue
        row = [0, 0]
        best = 0
        for k in range(2, 8):
            b = 0
            for length in v.take_lengths(c, k):
                w = _gain(front, length, hard)
                if w > b:
                    b = w
            for s in range(v.n):
                if s != seat and not v.steal_check(seat, s, c, k):
                    length = v.roads[s][0] & 7
                    w = _gain(front, length, hard) + _hurt(fronts[s], length, low, hard, v.n)
                    if w > b:
                        b = w
            if b > best:
                best = b
            row.append(best)
        out.append(row)
    return out


def _gain(front, length, hard):
    if hard and front + length >= D.FINISH:
        return 4 * length + _WIN
    return 4 * length


def _hurt(victim_front, length, low, hard, n):
    """What a steal takes from its victim, on the taker's scale (a piece it takes is worth
    4 per field): the normal player counts half of it from a player in last place (who does not
    move back, DX-10); the hard player counts 2 or 4 per field, shared among the other players
    (in a race, one opponent's loss is worth less the more opponents there are)."""
    if not hard:
        return length if victim_front == low else 2 * length
    return (2 * length if victim_front == low else 4 * length) // (n - 1)


def _plan_value(vals, cnt, total, plan, rolls, penalty=0):
    """Expected value (over SCALE) of keeping the dice of the colours in ``plan`` (a bit mask),
    capped at what each colour can use, and chasing them for ``rolls`` more rolls. With a
    ``penalty`` (what getting no piece costs, DX-9) the chance of ending with nothing is weighed
    too (as if the colours were independent)."""
    kept = [0, 0, 0, 0, 0, 0]
    nk = 0
    chased = 0
    for c in range(6):
        if plan & (1 << c):
            row = vals[c]
            cap = _cap(row)
            k = cnt[c] if cnt[c] < cap else cap
            kept[c] = k
            nk += k
            if k < cap:
                chased += 1
    free = total - nk
    ev = 0
    nothing = dx_odds.SCALE
    for c in range(6):
        row = vals[c]
        if row is None:
            continue
        k = kept[c]
        if free == 0:
            v = row[k if k < 7 else 7]
            ev += v * dx_odds.SCALE
            if v:
                nothing = 0
            continue
        mine = plan & (1 << c) and k < _cap(row)
        a = dx_odds.die_odds(rolls, chased, mine)
        p = dx_odds.scaled(free, rolls, a)
        z = 0
        for j in range(free + 1):
            t = k + j
            v = row[t if t < 7 else 7]
            ev += p[j] * v
            if not v:
                z += p[j]
        if penalty:
            nothing = nothing * z // dx_odds.SCALE
    if penalty:
        ev -= nothing * penalty
    return ev, kept


def _cap(row):
    top = row[7]
    for k in range(2, 8):
        if row[k] == top:
            return k
    return 7


def _best_keep(vals, cnt, total, rolls, penalty=0, most=2):
    """``(ev, kept counts)`` of the best plan of at most ``most`` chased colours (and of keeping
    nothing); colours with no die showing are not chased yet."""
    useful = []
    for c in range(6):
        if vals[c] is not None and vals[c][7] > 0 and cnt[c] > 0:
            useful.append(c)
    best, kept = _plan_value(vals, cnt, total, 0, rolls, penalty)
    for sel in range(1, 1 << len(useful)):
        plan = 0
        size = 0
        for i in range(len(useful)):
            if sel & (1 << i):
                plan |= 1 << useful[i]
                size += 1
        if size > most:
            continue
        ev, k = _plan_value(vals, cnt, total, plan, rolls, penalty)
        if ev > best:
            best, kept = ev, k
    return best, kept


class _Bot:
    MOST = 1  # plans chase at most this many colours

    def __init__(self, rng, hard=False):
        self.rng = rng
        self.hard = hard

    def choose(self, v):
        seat, kind = v.pending
        if kind == D.BEFORE:
            return (D.ROLL, self._give_back(v, seat))
        if kind == D.REROLL:
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
        vals = _values(v, seat, self.hard)
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
        best, kept = _best_keep(vals, cnt, total, rolls, penalty, self.MOST)
        if best <= stop * dx_odds.SCALE:
            return (D.STOP,)
        t = []
        for c in range(6):
            t.extend([c] * kept[c])
        if len(t) >= total:
            return (D.STOP,)
        return (D.KEEP, tuple(t))

    def _penalty(self, v, seat):
        return 0

    def _take(self, v, seat):
        c = v.colour
        k = v.counts()[c]
        fronts = v.fronts
        low = min(fronts)
        front = fronts[seat]
        best = None
        bw = -1
        for m in v.legal_moves():
            if m[0] == D.TAKE:
                w = _gain(front, m[1] & 7, self.hard)
            elif m[0] == D.STEAL:
                length = v.roads[m[1]][0] & 7
                w = _gain(front, length, self.hard) + _hurt(fronts[m[1]], length, low, self.hard, v.n)
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
        vals = _values(v, seat, False)
        cnt = v.counts()
        if v.roll_no >= 2:
            return (D.STOP,)
        bc, bn = -1, 0
        for c in range(6):
            row = vals[c]
            if row is not None and row[7] > 0 and cnt[c] > bn:
                bc, bn = c, cnt[c]
        if bc < 0:
            return (D.KEEP, ())
        if bn >= _cap(vals[bc]) or bn >= len(v.dice):
            return (D.STOP,)
        return (D.KEEP, tuple([bc] * bn))

    def _take(self, v, seat):
        moves = v.legal_moves()
        best = moves[-1]
        bl = 0
        for m in moves:
            if m[0] == D.TAKE and m[1] & 7 > bl:
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
        if kind == D.BEFORE:
            if below(4):
                return (D.ROLL, 0)
            return v.move_at(below(v.move_count()))
        if kind == D.TAKE_KIND:
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
                return (D.KEEP, tuple([c] * cnt[c]))
        return v.move_at(below(v.move_count()))  # a uniform legal move


def make(level, rng):
    if level == "random":
        return RandomBot(rng)
    if level == "easy":
        return EasyBot(rng)
    if level == "normal" or level == "greedy":
        return NormalBot(rng)
    if level == "hard":
        return HardBot(rng)
    from shared_rules.errors import RuleError
    raise RuleError("SETUP", "unknown computer player '" + str(level) + "' (random, easy, normal, hard)",
                    "unknown_level")
