"""Computer players for Dice Express. Each sees only a view (``DiceExpress.view(seat)``) and
answers its pending decision.

- ``random``: a random legal move, except that it gives back pieces one turn in four only, never
  passes up a piece, and half of the time keeps every die of a colour it has most of
  (uniform keeps rarely gather four dice of a colour, and three-player games, whose short pieces
  are mostly out, would not end);
- ``easy``: keeps the dice of the colour it has most of and rolls once more at most; takes the
  longest piece of the display, steals only when the display has nothing;
- ``normal``: keeps and re-rolls by expected value over the rolls left (``dx_odds``): for each
  plan "keep the dice of these colours, chase them" it weighs what every colour would bring;
  takes the option worth most (a steal counts the victim's loss too);
- ``hard``: the normal player whose values weigh who is closest to 30 and who is last (stealing
  from the leader is worth more, from a player in last place less: they do not move back), who
  takes a winning piece whenever it can, and who gives back rear pieces before rolling when the
  colours that opens are worth more than the dice it costs.

All arithmetic is on small integers; ties are broken by a fixed order.
"""

from shared_rules import dice_express as D
from shared_rules import dx_odds

_WIN = 4000  # value of a piece that reaches field 30


def _values(v, seat, hard):
    """``vals[c]``: a list of 8 values, the worth of ending the rolls with k dice of colour c
    (0 where nothing can be had), or None for a colour the road already holds."""
    fronts = v.fronts
    front = fronts[seat]
    lead = -1
    for s in range(v.n):
        if s != seat and fronts[s] > lead:
            lead = fronts[s]
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
                    w = _gain(front, length, hard) + _hurt(fronts[s], length, lead, low, hard)
                    if w > b:
                        b = w
            if b > best:
                best = b
            row.append(best)
        out.append(row)
    return out


def _gain(front, length, hard):
    if hard and front + length >= D.FINISH:
        return _WIN
    return 4 * length


def _hurt(victim_front, length, lead, low, hard):
    """What a steal takes from its victim, on the taker's scale."""
    if victim_front == low:  # DX-10: the victim does not move back
        return 0 if hard else length
    if not hard:
        return 2 * length
    w = 2 * length
    if victim_front == lead:
        w += 2 * length
        if victim_front >= 20:
            w += 2 * length
    return w


def _plan_value(vals, cnt, total, plan, rolls):
    """Expected value (over SCALE) of keeping the dice of the colours in ``plan`` (a bit mask),
    capped at what each colour can use, and chasing them for ``rolls`` more rolls."""
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
    for c in range(6):
        row = vals[c]
        if row is None:
            continue
        k = kept[c]
        mine = plan & (1 << c) and k < _cap(row)
        if free == 0:
            ev += row[k if k < 7 else 7] * dx_odds.SCALE
            continue
        a = dx_odds.die_odds(rolls, chased, mine)
        p = dx_odds.scaled(free, rolls, a)
        for j in range(free + 1):
            t = k + j
            ev += p[j] * row[t if t < 7 else 7]
    return ev, kept


def _cap(row):
    top = row[7]
    for k in range(2, 8):
        if row[k] == top:
            return k
    return 7


def _best_keep(vals, cnt, total, rolls):
    """``(ev, kept counts)`` of the best plan of at most two chased colours (and of keeping
    nothing); colours with no die showing are not chased yet."""
    useful = []
    for c in range(6):
        if vals[c] is not None and vals[c][7] > 0 and cnt[c] > 0:
            useful.append(c)
    best, kept = _plan_value(vals, cnt, total, 0, rolls)
    for i in range(len(useful)):
        m = 1 << useful[i]
        ev, k = _plan_value(vals, cnt, total, m, rolls)
        if ev > best:
            best, kept = ev, k
        for j in range(i + 1, len(useful)):
            ev, k = _plan_value(vals, cnt, total, m | (1 << useful[j]), rolls)
            if ev > best:
                best, kept = ev, k
    return best, kept


def _fresh_value(vals, dice):
    """Expected value of a turn still to roll with ``dice`` dice: the best plan of one or two
    colours chased over three rolls."""
    best = 0
    avail = []
    for c in range(6):
        if vals[c] is not None and vals[c][7] > 0:
            avail.append(c)
    zero = [0, 0, 0, 0, 0, 0]
    for i in range(len(avail)):
        m = 1 << avail[i]
        ev, _ = _plan_value(vals, zero, dice, m, 3)
        if ev > best:
            best = ev
        for j in range(i + 1, len(avail)):
            ev, _ = _plan_value(vals, zero, dice, m | (1 << avail[j]), 3)
            if ev > best:
                best = ev
    return best


class _Bot:
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
        best, kept = _best_keep(vals, cnt, total, rolls)
        if best <= stop * dx_odds.SCALE:
            return (D.STOP,)
        t = []
        for c in range(6):
            t.extend([c] * kept[c])
        if len(t) >= total:
            return (D.STOP,)
        return (D.KEEP, tuple(t))

    def _take(self, v, seat):
        c = v.colour
        k = v.counts()[c]
        fronts = v.fronts
        lead = -1
        for s in range(v.n):
            if s != seat and fronts[s] > lead:
                lead = fronts[s]
        low = min(fronts)
        front = fronts[seat]
        best = None
        bw = -1
        for m in v.legal_moves():
            if m[0] == D.TAKE:
                w = _gain(front, m[1] & 7, self.hard)
            elif m[0] == D.STEAL:
                length = v.roads[m[1]][0] & 7
                w = _gain(front, length, self.hard) + _hurt(fronts[m[1]], length, lead, low, self.hard)
            else:
                w = 0
            if w > bw:
                best, bw = m, w
        return best


class NormalBot(_Bot):
    pass


class HardBot(_Bot):
    def __init__(self, rng):
        _Bot.__init__(self, rng, True)

    def _give_back(self, v, seat):
        road = v.roads[seat]
        if len(road) < 2:
            return 0
        base = _fresh_value(_values(v, seat, True), D.DICE)
        best, bg = base + base // 8, 0  # giving back must be clearly better
        w = v.copy()
        for g in range(1, len(road)):
            p = w.roads[seat].pop(0)
            w.display[p >> 3] |= 1 << (p & 7)
            ev = _fresh_value(_values(w, seat, True), D.DICE - g)
            if ev > best:
                best, bg = ev, g
        return bg


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
        if bn >= _cap(vals[bc]):
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
        moves = v.legal_moves()
        if kind == D.BEFORE:
            if self.rng.below(4):
                return (D.ROLL, 0)
            return moves[self.rng.below(len(moves))]
        moves = v.legal_moves()
        if kind == D.TAKE_KIND and len(moves) > 1:
            moves = moves[:-1]  # never pass up a piece
        if kind == D.REROLL and self.rng.below(2):
            # half of the time: keep every die of one colour shown, picked at random
            cnt = v.counts()
            top = max(cnt)
            shown = [c for c in range(6) if cnt[c] == top]
            c = shown[self.rng.below(len(shown))]
            if cnt[c] < len(v.dice):
                return (D.KEEP, tuple([c] * cnt[c]))
        return moves[self.rng.below(len(moves))]


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
