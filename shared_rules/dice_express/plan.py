"""What the normal and hard Dice Express players (``shared_rules.dice_express.bots``) weigh: the worth of
ending the rolls with k dice of each colour (a piece taken or stolen, and the victim's loss), and
the expected value of keeping the dice of some colours and chasing them
(``shared_rules.dice_express.odds``). Small integers only."""

from shared_rules.dice_express import odds as dx_odds

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_FINISH = const(30)  # shared_rules.dice_express.game.FINISH
_SCALE = const(4096)  # shared_rules.dice_express.odds.SCALE

_WIN = const(8)  # extra value of a piece that reaches field 30 (hard)


def values(v, seat, hard):
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
                w = gain(front, length, hard)
                if w > b:
                    b = w
            for s in range(v.n):
                if s != seat and not v.steal_check(seat, s, c, k):
                    length = v.roads[s][0] & 7
                    w = gain(front, length, hard) + hurt(fronts[s], length, low, hard, v.n)
                    if w > b:
                        b = w
            if b > best:
                best = b
            row.append(best)
        out.append(row)
    return out


def gain(front, length, hard):
    if hard and front + length >= _FINISH:
        return 4 * length + _WIN
    return 4 * length


def hurt(victim_front, length, low, hard, n):
    """What a steal takes from its victim, on the taker's scale (a piece it takes is worth
    4 per field): the normal player counts half of it from a player in last place (who does not
    move back, DX-10); the hard player counts 2 or 4 per field, shared among the other players
    (in a race, one opponent's loss is worth less the more opponents there are)."""
    if not hard:
        return length if victim_front == low else 2 * length
    return (2 * length if victim_front == low else 4 * length) // (n - 1)


def plan_value(vals, cnt, total, plan, rolls, penalty=0):
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
            cap = cap_of(row)
            k = cnt[c] if cnt[c] < cap else cap
            kept[c] = k
            nk += k
            if k < cap:
                chased += 1
    free = total - nk
    ev = 0
    nothing = _SCALE
    for c in range(6):
        row = vals[c]
        if row is None:
            continue
        k = kept[c]
        if free == 0:
            v = row[k if k < 7 else 7]
            ev += v * _SCALE
            if v:
                nothing = 0
            continue
        mine = plan & (1 << c) and k < cap_of(row)
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
            nothing = nothing * z // _SCALE
    if penalty:
        ev -= nothing * penalty
    return ev, kept


def cap_of(row):
    top = row[7]
    for k in range(2, 8):
        if row[k] == top:
            return k
    return 7


def best_keep(vals, cnt, total, rolls, penalty=0, most=2):
    """``(ev, kept counts)`` of the best plan of at most ``most`` chased colours (and of keeping
    nothing); colours with no die showing are not chased yet."""
    useful = []
    for c in range(6):
        if vals[c] is not None and vals[c][7] > 0 and cnt[c] > 0:
            useful.append(c)
    best, kept = plan_value(vals, cnt, total, 0, rolls, penalty)
    for sel in range(1, 1 << len(useful)):
        plan = 0
        size = 0
        for i in range(len(useful)):
            if sel & (1 << i):
                plan |= 1 << useful[i]
                size += 1
        if size > most:
            continue
        ev, k = plan_value(vals, cnt, total, plan, rolls, penalty)
        if ev > best:
            best, kept = ev, k
    return best, kept
