"""The hard Phase 10 player's lay-down (``shared_rules.p10hard``): the highest open phase the
hand holds, each run slid along its Wilds to the window the cards left in the hand can follow
onto. A module of its own, because compiling one large ``.py`` on a board needs several times the
heap its code keeps (docs/micropython.md)."""

from shared_rules import solver
from shared_rules.phases import CARD_PHASES, RUN
from shared_rules.phase10 import E2020
from shared_rules.p10hard import ARRANGE


def _layable(view, hand):
    options = view.open_phases()
    i = len(options) - 1
    while i >= 0:
        number = options[i]
        phase = CARD_PHASES[number - 1]
        missing, groups = solver.solve(hand, phase)
        if missing == 0:
            rest = len(hand)
            for g in groups:
                rest -= len(g)
            if rest > 0 or view.edition == E2020:
                if ARRANGE:
                    _arrange(phase, groups, hand)
                return number, groups
        i -= 1
    return None


def _arrange(phase, groups, hand):
    """Slide every run of the lay-down along its wilds to the window that lets the most of the
    cards left in the hand be hit onto its ends at once (a chain: 10, then 11); on a tie, the
    solver's window. In place."""
    left = list(hand)
    for g in groups:
        for c in g:
            if c in left:
                left.remove(c)
    have = 0  # bit n: a natural n is left in the hand
    for c in left:
        if c < 0x40:
            have |= 1 << (c & 15)
    if not have:
        return
    for gi in range(len(phase)):
        kind, size = phase[gi]
        if kind != RUN:
            continue
        run = groups[gi]
        nat = []
        wild = []
        for c in run:
            if c < 0x40:
                nat.append(c)
            else:
                wild.append(c)
        if not wild or not nat:
            continue
        lo = 13
        hi = 0
        for c in nat:
            n = c & 15
            if n < lo:
                lo = n
            if n > hi:
                hi = n
        best_a = -1
        best = -1
        first = hi - size + 1
        if first < 1:
            first = 1
        last = lo
        if last > 13 - size:
            last = 13 - size
        cur = 0  # the solver's window: where its first card stands
        for j in range(len(run)):
            if run[j] < 0x40:
                cur = (run[j] & 15) - j
                break
        for a in range(first, last + 1):
            b = a + size - 1
            k = 0
            x = b + 1
            while x <= 12 and have >> x & 1:
                k += 1
                x += 1
            x = a - 1
            while x >= 1 and have >> x & 1:
                k += 1
                x -= 1
            if k > best:
                best, best_a = k, a
        if best_a < 0:
            continue
        # keep the solver's window unless another chains more cards
        if cur >= 1:
            b = cur + size - 1
            k = 0
            x = b + 1
            while x <= 12 and have >> x & 1:
                k += 1
                x += 1
            x = cur - 1
            while x >= 1 and have >> x & 1:
                k += 1
                x -= 1
            if k >= best:
                continue
        out = []
        wi = 0
        ni = 0
        nat.sort(key=lambda c: c & 15)  # one card per number: no ties
        for num in range(best_a, best_a + size):
            if ni < len(nat) and (nat[ni] & 15) == num:
                out.append(nat[ni])
                ni += 1
            else:
                out.append(wild[wi])
                wi += 1
        groups[gi] = out
