"""Phase 10, the board game's computer players (``shared_rules.board_bots``): what a hand, an
action and a space of the board are worth, and the target, number and kind chosen by them.
Methods of ``NormalBot``, attached there: a module of their own, because compiling one large
``.py`` on a board needs several times the heap its code keeps (docs/micropython.md)."""

from shared_rules import solver
from shared_rules.groups import fits
from shared_rules.phase10board import (TRACK, K_DRAW, K_EXTRA, K_SEARCH, K_SWAP, K_ALL, K_JOKER,
                                       K_ASK, K_FREE, JOKER_BIT)
from shared_rules.board_bots import _JOKER, _phase, _plan_outs, _colours


# methods of NormalBot
def card_missing(self, hand, phase):
    """The cards missing for ``phase`` once each of the 12 numbers (48 cards when colours
    matter) is added to ``hand``, index ``colour * 12 + number - 1``; the last answer is
    kept, as a decision asks it more than once for the same hand."""
    key = (tuple(hand), phase)
    if key == self._memo_key:
        return self._memo
    cols = _colours(phase)
    if self.exact and (cols == 1 or self.exact_colours):
        h = list(hand)
        h.append(0)
        out = []
        for col in range(cols):
            for num in range(1, 13):
                h[-1] = col << 4 | num
                out.append(solver.missing(h, phase))
    else:
        out = _plan_outs(hand, phase, cols)
    self._memo_key = key
    self._memo = out
    return out


def outs(self, hand, phase, now):
    """How many of the 12 numbers (48 cards when colours matter) bring ``hand`` closer."""
    mc = self.card_missing(hand, phase)
    k = 0
    for m in mc:
        if m < now:
            k += 1
    return k, len(mc)


def hit_share(self, view):
    """Of the 48 number cards, how many fit some laid group (out of 48)."""
    k = 0
    for col in range(4):
        for num in range(1, 13):
            if fits(view.table, col << 4 | num):
                k += 1
    return k


def card_value(self, view, hand, c, phase, now):
    """How much one known card is worth to the hand (100 = one card closer)."""
    if view.laid[view.seat]:
        return 0 if c >= JOKER_BIT or fits(view.table, c) else -100
    h = list(hand)
    h.append(c)
    return (now - solver.missing(h, phase)) * 100


def action_values(self, view, hand):
    """Values of the eight kinds (DRAW by its N in ``value_draw``) for this hand."""
    seat = view.seat
    laid = view.laid[seat]
    phase = _phase(view)
    if laid:
        q = self.hit_share(view)  # of 48
        unit = q * 100 // 48  # a random card: worth that much of the card it costs
        draw1 = unit - 100
        top = view.discard_top
        top_v = 0 if top >= 0 and fits(view.table, top) else draw1
        if top_v < draw1:
            top_v = draw1
        self.now = 0
        v_search = self.search_value(view, hand, phase, 0, draw1)
        v_extra = top_v + 100 + 20  # one more discard, and another action
        v_swap = [0] * 5
        for n in range(1, 5):
            v_swap[n] = (n + 1) * unit - 100
        v_all = draw1 + 20
        v_joker = 0
        v_ask = self.ask_value(view, hand, phase, 0, draw1)
        v_draw = [0, top_v, top_v + draw1, top_v + draw1 + draw1]
    else:
        now = solver.missing(hand, phase)
        self.now = now
        k, kinds = self.outs(hand, phase, now)
        unit = k * 100 // kinds  # expected value of a random card
        top = view.discard_top
        top_v = unit
        if top >= 0:
            tv = self.card_value(view, hand, top, phase, now)
            if tv > top_v:
                top_v = tv
        v_draw = [0, top_v, top_v + unit * 9 // 10, top_v + unit * 17 // 10]
        h = list(hand)
        h.append(_JOKER)
        v_joker = (now - solver.missing(h, phase)) * 100
        v_search = self.search_value(view, hand, phase, now, unit)
        v_extra = top_v + 40
        junk = len(hand) - self.plan_size(hand, phase)
        v_swap = [0] * 5
        for n in range(1, 5):
            lose = n - junk if n > junk else 0
            v_swap[n] = (n + 1) * unit * 8 // 10 - lose * 60
        v_all = unit - 15
        v_ask = self.ask_value(view, hand, phase, now, unit)
    return v_draw, v_extra, v_search, v_swap, v_all, v_joker, v_ask


def plan_size(self, hand, phase):
    m, groups = solver.solve(hand, phase)
    k = 0
    for g in groups:
        k += len(g)
    return k


def search_value(self, view, hand, phase, now, unit):
    """SEARCH: the normal player knows it finds something about as good as the top card."""
    if view.discard_size == 0:
        return -100 if view.laid[view.seat] else 0
    top = view.discard_top
    v = self.card_value(view, hand, top, phase, now) if top >= 0 else unit
    return v if v > unit + 20 else unit + 20


def ask_value(self, view, hand, phase, now, unit):
    num, v = self.best_number(view, hand, phase, now)
    return v if v > unit else unit


def best_number(self, view, hand, phase, now):
    """The number to ask for and its value."""
    best = 1
    best_v = -1000
    laid = view.laid[view.seat]
    cols = _colours(phase)
    mc = None if laid else self.card_missing(hand, phase)
    for num in range(1, 13):
        v = 0
        if laid:
            v = -100
            for col in range(4):
                if fits(view.table, col << 4 | num):
                    v += 25
        else:
            for col in range(cols):
                v += (now - mc[col * 12 + num - 1]) * 100
            v = v // cols
        # copies nobody can be holding (own hand, known discards, the table) lower the odds
        seen = 0
        for c in hand:
            if c < JOKER_BIT and c & 15 == num:
                seen += 1
        for c in view.discard_known:
            if c >= 0 and c & 15 == num:
                seen += 1
        for g in view.table:
            for c in g[4]:
                if c < JOKER_BIT and c & 15 == num:
                    seen += 1
        if not laid:
            v = v * (8 - seen) // 8 if seen < 8 else 0
        if v > best_v:
            best_v = v
            best = num
    return best, best_v


def kind_value(self, vals, kind, count):
    v_draw, v_extra, v_search, v_swap, v_all, v_joker, v_ask = vals
    if kind == K_DRAW:
        return v_draw[count]
    if kind == K_EXTRA:
        return v_extra
    if kind == K_SEARCH:
        return v_search
    if kind == K_SWAP:
        return v_swap[count]
    if kind == K_ALL:
        return v_all
    if kind == K_JOKER:
        return v_joker
    if kind == K_ASK:
        return v_ask
    return -1000


def free_value(self, view, vals):
    """The best kind FREE can reach and its value."""
    best = -1
    best_v = -100000
    for k in range(K_FREE):
        sp = self.free_space(view, k)
        if sp < 0:
            continue
        v = self.kind_value(vals, k, TRACK[sp] & 7)
        if v > best_v:
            best_v = v
            best = k
    return best, best_v


def free_space(self, view, kind):
    if view.free is not None:
        return view.free[kind]
    pos = view.tokens[view.seat]
    for i in range(1, 32):
        sp = (pos + i) % 32
        if TRACK[sp] >> 3 == kind:
            taken = False
            for s in range(view.n):
                if s != view.seat and view.tokens[s] == sp:
                    taken = True
            if not taken:
                return sp
    return -1


def space_value(self, view, vals, sp):
    kind = TRACK[sp] >> 3
    if kind == K_FREE:
        # FREE moves on from the space it lands on
        saved = view.tokens[view.seat]
        view.tokens[view.seat] = sp
        v = self.free_value(view, vals)[1]
        view.tokens[view.seat] = saved
        return v
    return self.kind_value(vals, kind, TRACK[sp] & 7)


def target(self, view, hand):
    vals = self.action_values(view, hand)
    best = view.targets[0][0]
    best_v = -100000
    for sp, steps in view.targets:
        v = self.space_value(view, vals, sp) + self.position_value(view, vals, sp)
        if v > best_v:
            best_v = v
            best = sp
    return best


def position_value(self, view, vals, sp):
    return 0


def free_kind(self, view, hand):
    vals = self.action_values(view, hand)
    return self.free_value(view, vals)[0]
