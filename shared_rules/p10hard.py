"""The hard Phase 10 player: every choice from one evaluation of a hand.

The evaluation (:func:`Eval.turns`) is the expected number of draws the hand still needs to
complete its phase: with ``m`` cards missing (``solver.missing``) and ``outs`` the unseen cards
that would bring it one card closer (every kind of card tried once; each kind weighted by the
copies of it not yet seen: not in this hand, not on the table, not in the discard pile as the
public history shows it), out of ``unseen`` cards in all::

    turns = unseen * F[m] / outs     (scaled by 16, integers only)

``F[m]`` grows a little faster than ``m`` (later cards are harder to find than the first). The
same number decides:

- the discard before laying down: the card whose loss leaves the fewest turns; a card the next
  player collects (they took its twin from the discard pile, or it hits their laid groups) costs
  extra; among equal cards the higher penalty goes (more so when an opponent is about to go out);
- take or draw: take the discard when the hand after taking it and discarding its best card needs
  at least one draw fewer than now (a Wild is always taken);
- after laying down: hit everything, take a discard that hits, discard the card least likely to
  be hit later, highest penalty first, never feeding the next player;
- the 2020 Skip target: the opponent nearest to going out (laid down, fewest cards), then the
  one most phases ahead; equal players are told apart by who plays sooner after the discarder,
  so no seat is favoured.

Cost (see ``tools/bench_decisions.py``): a decision calls ``solver.missing`` at most a few
hundred times, on hands of 11 cards; kinds are numbers (12 + Wild) or, for a colour phase,
colours (4 + Wild), so a colour phase is not 49 tries per card.
"""

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.groups import hit_ends
from shared_rules.phases import CARD_PHASES, SET, RUN, COLOUR
from shared_rules.phase10 import (DRAW, SKIP_TARGET, DRAW_DECK, TAKE_DISCARD, LAY, HIT, DISCARD,
                                  TARGET)

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_BIG = const(1 << 24)
# F[m] * 16: draws needed for m missing cards, relative to the first one's
F16 = [0, 16, 40, 72, 112, 160, 216, 280, 352, 432, 520, 616]
TAKE_FEWER = 1  # take a discard that brings the phase one card closer
TAKE_MARGIN = 32  # ... or when it saves at least this much (16 = one draw)
FEED_COST = 0  # extra turns*16 for discarding a card the next player collects
FEED_HIT_COST = 200  # ... or a card the next player can hit
PEN_WEIGHT = 0  # turns*16 per penalty point of the discarded card (points matter in ties)
PEN_WEIGHT_DANGER = 0  # ... when an opponent who laid down holds 3 cards or fewer

# public history events (seat, kind, card)
_HIST_TAKE = TAKE_DISCARD
_HIST_DISCARD = DISCARD


def _phase_kind(phase):
    """0: numbers matter (sets, runs), 1: colours only, 2: both (colour with set or run)."""
    col = 0
    other = 0
    for kind, _ in phase:
        if kind == COLOUR:
            col = 1
        else:
            other = 1
    if col and other:
        return 2
    return 1 if col else 0


class Eval:
    """What one seat knows of the unseen cards, and the turns a hand needs."""

    def __init__(self, view, hand):
        seen = bytearray(0x51)
        for c in hand:
            if c <= 0x50:
                seen[c] += 1
        for g in view.table:
            for c in g[4]:
                if c <= 0x50:
                    seen[c] += 1
        for c in discard_pile(view):
            if c <= 0x50:
                seen[c] += 1
        unseen = bytearray(0x51)
        total = 0
        for col in range(4):
            for n in range(1, 13):
                c = (col << 4) | n
                u = 2 - seen[c] if seen[c] < 2 else 0
                unseen[c] = u
                total += u
        u = 8 - seen[C.WILD] if seen[C.WILD] < 8 else 0
        unseen[C.WILD] = u
        total += u
        u = 4 - seen[C.SKIP] if seen[C.SKIP] < 4 else 0
        total += u
        self.unseen = unseen
        self.total = total if total > 0 else 1
        # (representative cards, weights) per phase kind
        nreps = [C.WILD]
        nw = [unseen[C.WILD]]
        for n in range(1, 13):
            nreps.append(n)
            nw.append(unseen[n] + unseen[0x10 | n] + unseen[0x20 | n] + unseen[0x30 | n])
        creps = [C.WILD]
        cw = [unseen[C.WILD]]
        for col in range(4):
            creps.append((col << 4) | 1)
            s = 0
            for n in range(1, 13):
                s += unseen[(col << 4) | n]
            cw.append(s)
        areps = [C.WILD]
        aw = [unseen[C.WILD]]
        for col in range(4):
            for n in range(1, 13):
                areps.append((col << 4) | n)
                aw.append(unseen[(col << 4) | n])
        self.kinds = ((nreps, nw), (creps, cw), (areps, aw))

    def outs(self, hand, phase, m):
        """Unseen cards that would leave ``hand`` fewer than ``m`` cards from ``phase``."""
        reps, weights = self.kinds[_phase_kind(phase)]
        hand.append(0)
        outs = 0
        for i in range(len(reps)):
            w = weights[i]
            if w:
                hand[-1] = reps[i]
                if solver.missing(hand, phase) < m:
                    outs += w
        hand.pop()
        return outs

    def turns_m(self, hand, phase, m):
        """Turns (x16) for a hand known to miss ``m`` cards of ``phase``."""
        if m <= 0:
            return 0
        if m >= len(F16):
            m = len(F16) - 1
        outs = self.outs(hand, phase, m)
        if outs <= 0:
            return self.total * F16[m] * 2
        return self.total * F16[m] // outs

    def turns(self, hand, phases):
        """The fewest turns (x16) ``hand`` needs for any of ``phases`` (phase tuples)."""
        best = _BIG
        ms = []
        low = 99
        for p in phases:
            m = solver.missing(hand, p)
            ms.append(m)
            if m < low:
                low = m
        for i in range(len(phases)):
            if ms[i] <= low + 1:
                t = self.turns_m(hand, phases[i], ms[i])
                if t < best:
                    best = t
        return best


def discard_pile(view):
    """The discard pile's cards as far as the public history tells (the top card always)."""
    hist = getattr(view, "history", None)
    size = view.discard_size
    pile = []
    if hist:
        for ev in hist:
            k = ev[1]
            if k == _HIST_DISCARD:
                pile.append(ev[2])
            elif k == _HIST_TAKE and pile:
                pile.pop()
    if len(pile) > size:
        pile = pile[len(pile) - size:]
    top = view.discard_top
    if size and top >= 0 and (not pile or pile[-1] != top):
        pile.append(top)
    return pile


def next_seat(view):
    s = view.seat
    for _ in range(view.n):
        s = (s + 1) % view.n
        if view.active[s]:
            return s
    return view.seat


def _fits_table(table, c):
    for g in table:
        if hit_ends(g[1], g[2], g[3], c):
            return True
    return False


def _wants(view, seat):
    """Cards ``seat`` took from the discard pile this hand (public history)."""
    out = []
    hist = getattr(view, "history", None)
    if hist:
        for ev in hist:
            if ev[0] == seat and ev[1] == _HIST_TAKE:
                out.append(ev[2])
    return out


def _feeds(view, nxt, c, phase, taken):
    """0: safe; 1: the next player seems to collect ``c``; 2: they can hit it now."""
    if c == C.SKIP:
        return 0
    if c == C.WILD:
        return 2
    if view.laid[nxt]:
        return 2 if _fits_table(view.table, c) else 0
    if phase is None:
        return 0
    n = c & 15
    for t in taken:
        if t >= 0x40:
            continue
        for kind, _ in phase:
            if kind == SET and (t & 15) == n:
                return 1
            if kind == RUN and -2 <= (t & 15) - n <= 2:
                return 1
            if kind == COLOUR and (t >> 4) == (c >> 4):
                return 1
    return 0


def _danger(view):
    """True when an opponent who laid down holds 3 cards or fewer."""
    for s in range(view.n):
        if s != view.seat and view.active[s] and view.laid[s] and view.hand_size(s) <= 3:
            return True
    return False


def _phases(view):
    out = []
    for number in view.open_phases():
        out.append(CARD_PHASES[number - 1])
    return out


def _layable(view, hand):
    options = view.open_phases()
    best = None
    best_rest = 99
    for number in options:
        missing, groups = solver.solve(hand, CARD_PHASES[number - 1])
        if missing == 0:
            rest = len(hand)
            for g in groups:
                rest -= len(g)
            if (rest > 0 or view.edition == 1) and (best is None or number > best[0]):
                best = (number, groups)
                best_rest = rest
    return best


class HardBot:
    """See the module docstring."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        seat, kind = view.pending
        hand = view.hand
        if kind == DRAW:
            return self._draw(view, hand)
        if kind == SKIP_TARGET:
            return (TARGET, skip_target(view))
        if not view.laid[seat]:
            lay = _layable(view, hand)
            if lay:
                return (LAY, lay[0], lay[1])
        h = self._hit(view, hand)
        if h:
            return h
        return (DISCARD, self._discard(view, hand))

    # ------------------------------------------------------------------ hits

    def _hit(self, view, hand):
        if not view.laid[view.seat]:
            return None
        if len(hand) == 1 and view.edition == 0:  # P10C-14 classic
            return None
        for c in hand:
            if c == C.SKIP:
                continue
            t = view.hit_targets(c)
            if t:
                gi, ends = t[0]
                return (HIT, c, gi, ends[0])
        return None

    # ------------------------------------------------------------------ drawing

    def _draw(self, view, hand):
        if not view.can_take_discard():
            return (DRAW_DECK,)
        if not view.can_draw_deck():
            return (TAKE_DISCARD,)
        top = view.discard_top
        if top == C.WILD:
            return (TAKE_DISCARD,)
        if view.laid[view.seat]:
            if view.hit_targets(top):
                return (TAKE_DISCARD,)
            return (DRAW_DECK,)
        phases = _phases(view)
        if not phases:
            return (DRAW_DECK,)
        ev = Eval(view, hand)
        if TAKE_FEWER:
            m0 = 99
            m1 = 99
            more = hand + [top]
            for p in phases:
                a = solver.missing(hand, p)
                b = solver.missing(more, p)
                if a < m0:
                    m0 = a
                if b < m1:
                    m1 = b
            if m1 < m0:
                return (TAKE_DISCARD,)
        now = ev.turns(hand, phases)
        after = self._best_discard(view, hand + [top], ev, phases, top)[1]
        if after + TAKE_MARGIN <= now:
            return (TAKE_DISCARD,)
        return (DRAW_DECK,)

    # ------------------------------------------------------------------ discarding

    def _discard(self, view, hand):
        if C.SKIP in hand:
            return C.SKIP
        if view.laid[view.seat]:
            return self._discard_laid(view, hand)
        phases = _phases(view)
        if not phases:
            return self._discard_laid(view, hand)
        ev = Eval(view, hand)
        return self._best_discard(view, hand, ev, phases, -1)[0]

    def _best_discard(self, view, hand, ev, phases, keep):
        """``(card, score)``: the discard leaving the fewest turns, with costs for feeding the
        next player and credit for the penalty thrown away. ``keep`` (a card just taken from
        the discard pile) may not be thrown back."""
        nxt = next_seat(view)
        nphase = None
        if not view.laid[nxt]:
            p = view.phase_of(nxt)
            if p:
                nphase = CARD_PHASES[p - 1]
        taken = _wants(view, nxt)
        pw = PEN_WEIGHT_DANGER if _danger(view) else PEN_WEIGHT
        numbers_only = True
        for p in phases:
            if _phase_kind(p):
                numbers_only = False
        # missing per distinct candidate and phase
        cands = []
        for c in hand:
            if c not in cands and c != keep:
                cands.append(c)
        if not cands:
            cands.append(hand[0])
        rests = []
        ms = []
        low = 99
        for c in cands:
            rest = list(hand)
            rest.remove(c)
            rests.append(rest)
            row = []
            for p in phases:
                m = solver.missing(rest, p)
                row.append(m)
                if m < low:
                    low = m
            ms.append(row)
        memo_key = []
        memo_val = []
        best = -1
        best_score = _BIG * 4
        for i in range(len(cands)):
            c = cands[i]
            row = ms[i]
            # turns of the hand without c
            t = _BIG
            if min(row) <= low:
                key = (c & 15) if (numbers_only and c < 0x40) else c
                if key in memo_key:
                    t = memo_val[memo_key.index(key)]
                else:
                    for j in range(len(phases)):
                        if row[j] <= low:
                            v = ev.turns_m(rests[i], phases[j], row[j])
                            if v < t:
                                t = v
                    memo_key.append(key)
                    memo_val.append(t)
            else:
                t = _BIG
            f = _feeds(view, nxt, c, nphase, taken)
            score = t - pw * C.penalty(c)
            if f == 1:
                score += FEED_COST
            elif f == 2:
                score += FEED_HIT_COST
            # a fixed order among equals: the higher card goes
            if score < best_score or (score == best_score and c > best):
                best, best_score = c, score
        return best, best_score

    def _discard_laid(self, view, hand):
        """Laid down: the card least likely to be hit later, highest penalty first; never one
        the next player can hit."""
        nxt = next_seat(view)
        nphase = None
        if not view.laid[nxt]:
            p = view.phase_of(nxt)
            if p:
                nphase = CARD_PHASES[p - 1]
        taken = _wants(view, nxt)
        best = -1
        best_score = None
        for c in hand:
            score = C.penalty(c) * 4
            if c == C.WILD:
                score -= 1000
            elif c < 0x40:
                # a card two steps from a run's end may become hittable when someone extends it
                n = c & 15
                for g in view.table:
                    if g[1] == RUN and (n == g[2] - 2 or n == g[3] + 2):
                        score -= 12
                        break
            f = _feeds(view, nxt, c, nphase, taken)
            if f == 2:
                score -= 200
            elif f == 1:
                score -= 8
            if best_score is None or score > best_score or (score == best_score and c > best):
                best, best_score = c, score
        return best


def skip_target(view):
    """The 2020 Skip target: the opponent nearest to going out, then the one most phases
    ahead; ties go to whoever plays sooner after this seat (no seat number favoured)."""
    targets = view.skip_targets()
    best = targets[0]
    best_key = None
    for s in targets:
        d = (s - view.seat) % view.n
        near = (20 - view.hand_size(s)) if view.laid[s] else 0
        key = (near, view.completed(s), -d)
        if best_key is None or key > best_key:
            best, best_key = s, key
    return best
