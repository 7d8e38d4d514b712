"""The hard Phase 10 player's discard (``shared_rules.p10hard``, whose docstring tells how it
chooses): before laying down, the card whose loss keeps the most outs within the solver budget;
after, the highest penalty the table and the opponents do not want. Methods of ``HardBot``,
attached there: a module of its own, because compiling one large ``.py`` on a board needs
several times the heap its code keeps (docs/micropython.md)."""

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.p10seen import card_key, phase_kind, seen_cards, unseen_weights
from shared_rules.p10feed import Feed, danger
from shared_rules.phases import CARD_PHASES, SET, RUN, COLOUR
from shared_rules.phase10 import TAKE_DISCARD
from shared_rules.p10hard import (F16, BUDGET, SAFE_CREDIT, FEED_COST, FEED_HIT_COST, PEN_WEIGHT,
                                  PEN_WEIGHT_DANGER, LATER_SET, _best_phase)

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_BIG = const(1 << 24)


def _cost(phase):
    """Cost units of one solver call on ``phase``."""
    kinds = 0
    nset = 0
    for kind, _ in phase:
        kinds |= 1 << kind
        if kind == SET:
            nset += 1
    if kinds & (1 << SET) and kinds & ((1 << RUN) | (1 << COLOUR)):
        return 8
    if nset > 1:
        return 2
    return 1


def _remove(hand, c):
    rest = list(hand)
    rest.remove(c)
    return rest


# methods of HardBot


def _discard(self, view, hand):
    if C.SKIP in hand:
        return C.SKIP
    if view.laid[view.seat] or not view.open_phases():
        return self._discard_laid(view, hand)
    return self._discard_plan(view, hand)


def _discard_plan(self, view, hand):
    phase, m = _best_phase(view, hand)
    cost = _cost(phase)
    budget = BUDGET - cost * len(view.open_phases())
    pk = phase_kind(phase)
    _, groups = solver.solve(hand, phase)
    budget -= 2 * cost
    free = list(hand)
    for g in groups:
        for c in g:
            if c in free:
                free.remove(c)
    if not free:
        free = list(hand)
    # one candidate per kind the phase tells apart: its highest-penalty card
    cands = []
    keys = []
    for c in free:
        k = card_key(c, pk)
        if k in keys:
            i = keys.index(k)
            if C.penalty(c) > C.penalty(cands[i]) or (C.penalty(c) == C.penalty(cands[i]) and c > cands[i]):
                cands[i] = c
        else:
            keys.append(k)
            cands.append(c)
    feed = Feed(view)
    pw = PEN_WEIGHT_DANGER if danger(view) else PEN_WEIGHT
    reps, weights, total = unseen_weights(view, hand, pk)
    outs_k = []  # kinds (indices) that bring the whole hand closer
    if len(cands) > 1 and m > 0:
        probe = list(hand)
        probe.append(0)
        for i in range(len(reps)):
            if weights[i] and budget >= cost:
                probe[-1] = reps[i]
                budget -= cost
                if solver.missing(probe, phase) < m:
                    outs_k.append(i)
    best = -1
    best_score = None
    for c in cands:
        t = 0
        if outs_k and budget >= cost * len(outs_k):
            rest = _remove(hand, c)
            rest.append(0)
            outs = 0
            for i in outs_k:
                rest[-1] = reps[i]
                budget -= cost
                if reps[i] == C.WILD or solver.missing(rest, phase) < m:
                    outs += weights[i]
            f = F16[m] if m < len(F16) else F16[-1]
            t = total * f // outs if outs else total * f * 2
        elif outs_k:
            t = _BIG  # not evaluated: after the evaluated ones
        lv = feed.level(c)
        score = t - pw * C.penalty(c)
        if lv == 1:
            score += FEED_COST
        elif lv == 2:
            score += FEED_HIT_COST
        elif lv < 0:
            score -= SAFE_CREDIT
        # lower score first; then the higher penalty, then the higher card
        key = (score, -C.penalty(c), -c)
        if best_score is None or key < best_score:
            best, best_score = c, key
    return best


def _discard_laid(self, view, hand):
    feed = Feed(view)
    # numbers that opponents still to lay a set collect: their set may take this card later
    wanted = 0
    for ev in view.history:
        s = ev[0]
        if ev[1] == TAKE_DISCARD and s != view.seat and not view.laid[s] and ev[2] < 0x40:
            p = view.phase_of(s)
            if p and CARD_PHASES[p - 1][0][0] == SET:
                wanted |= 1 << (ev[2] & 15)
    seen = seen_cards(view, hand)
    best = -1
    best_score = None
    for c in hand:
        score = C.penalty(c) * 4
        if c == C.WILD:
            score -= 1000
        elif c < 0x40:
            n = c & 15
            for g in view.table:
                if g[1] == RUN and (n == g[2] - 2 or n == g[3] + 2):
                    score -= 12
                    break
            if wanted >> n & 1:
                score -= LATER_SET
        pr = feed.prob(c, seen)
        score -= 400 if pr >= 64 else pr
        if best_score is None or score > best_score or (score == best_score and c > best):
            best, best_score = c, score
    return best
