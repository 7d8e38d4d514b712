"""The hard Phase 10 player: every choice from one evaluation of a hand, within a board's time.

The evaluation of a hand that has not laid its phase is ``(missing, outs)``: ``missing`` the
cards it still needs (``solver.missing``), ``outs`` the unseen cards that would bring it one card
closer, each kind of card weighted by its copies not yet seen (not in this hand, not on the
table, not in the discard pile as the view's public ``history`` shows it, not taken from it by
another player who has not shown it since). Fewer missing is
better, then more outs; ``turns = unseen * F[missing] / outs`` (x16, integers) turns the pair
into one number: the draws the hand still needs.

- Discard before laying down: only cards outside the solver's plan can go without raising
  ``missing`` (with 11 cards at least one is outside); among them the one whose loss keeps the
  most outs. The outs of the hand are found once (12 numbers and a Wild, or 4 colours and a
  Wild for a colour phase); a hand without card ``c`` can only have fewer of them, so only
  those are tried again per candidate. Cards of the same number (colour) are one candidate.
  Costs: a card the next player collects (they took its twin from the discard pile this hand)
  or can hit; credit: a card they passed up this hand (threw away, or left lying and drew), and
  its penalty when an opponent who laid down is about to go out.
- Take or draw: take a Wild, and a discard that brings the phase one card closer.
- Lay down as soon as the phase is there (the highest open phase in free choice), each run slid
  along its Wilds to the window the cards left in the hand can follow onto.
- After laying down: hit everything, naturals before a Wild, a Wild at the run end the hand
  can follow; take a discard that can be hit; discard the highest penalty among cards that
  cannot be hit, keeping a card two steps from a run's end (someone may extend the run) and
  numbers an opponent still to lay a set is collecting, never one the next player can hit, and
  less readily one the next player is likely to take (``feed.FEED_P``: the chance a normal player on
  that phase takes it, by its number for a run, by the copies still unseen for sets).
- 2020 Skip target: an opponent on the last phase first (laying it can end the game), then
  the one nearest to going out (laid down, fewest cards), then the one most phases ahead;
  equal players are told apart by who plays sooner after the discarder.
- Classic: a Skip is discarded as soon as it is held (it skips the next player).

Time: ``solver.missing`` on a set+run phase is the expensive call (about 30 us on a desktop
MicroPython, some 5 ms on a SAMD51), so a decision spends at most ``BUDGET`` cost units
(a set+run call costs 8, a sets-only call 2, a run or colour call 1); candidates not reached
are ranked by penalty alone. ``tools/bench_decisions.py`` measures the result; the weights
were tuned by paired self-play (``tools/tournament.py``), docs/rules-decisions.md has the
figures and what was tried and left out.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules import cards as C
from shared_rules import solver
from shared_rules.phase10.game import events
from shared_rules.phase10.phases import CARD_PHASES
from shared_rules.phase10.seen import card_key, phase_kind, seen_cards, unseen_weights
from shared_rules.phase10.feed import Feed, danger

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_LOW = const(1)  # shared_rules.groups.LOW
_HIGH = const(2)  # shared_rules.groups.HIGH
_DRAW = const(0)  # shared_rules.phase10.game.DRAW
_SKIP_TARGET = const(2)  # shared_rules.phase10.game.SKIP_TARGET
_DRAW_DECK = const(0)  # shared_rules.phase10.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10.game.TAKE_DISCARD
_LAY = const(2)  # shared_rules.phase10.game.LAY
_HIT = const(3)  # shared_rules.phase10.game.HIT
_DISCARD = const(4)  # shared_rules.phase10.game.DISCARD
_TARGET = const(5)  # shared_rules.phase10.game.TARGET
_CLASSIC = const(0)  # shared_rules.phase10.game.CLASSIC
_E2020 = const(1)  # shared_rules.phase10.game.E2020
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_COLOUR = const(2)  # shared_rules.phases.COLOUR
_WILD = const(0x40)  # shared_rules.cards.WILD
_SKIP = const(0x50)  # shared_rules.cards.SKIP

_F16 = const((0, 16, 40, 72, 112, 160, 216, 280, 352, 432, 520, 616))
_ARRANGE = const(1)  # slide runs along their wilds at the lay-down (see _arrange)
_LATER_SET = const(12)  # laid: keep a card an opponent's coming set may take
_BUDGET = const(240)  # cost units of solver calls per decision (see the module docstring)
_SAFE_CREDIT = const(12)  # turns x16 for a card the next player passed up this hand
_FEED_COST = const(24)  # turns x16 for discarding a card the next player collects
_FEED_HIT_COST = const(400)  # ... or one the next player can hit
_PEN_WEIGHT = const(0)  # turns x16 per penalty point of the discarded card
_PEN_WEIGHT_DANGER = const(2)  # ... when an opponent who laid down holds 3 cards or fewer


def _best_phase(view, hand):
    """``(phase, missing)`` of the open phase closest to done (the later one on a tie)."""
    best = None
    low = 99
    for number in view.open_phases():
        p = CARD_PHASES[number - 1]
        m = solver.missing(hand, p)
        if m <= low:
            best, low = p, m
    return best, low


_BIG = const(1 << 24)


def _cost(phase):
    """Cost units of one solver call on ``phase``."""
    kinds = 0
    nset = 0
    for kind, _ in phase:
        kinds |= 1 << kind
        if kind == _SET:
            nset += 1
    if kinds & (1 << _SET) and kinds & ((1 << _RUN) | (1 << _COLOUR)):
        return 8
    if nset > 1:
        return 2
    return 1


def _remove(hand, c):
    rest = list(hand)
    rest.remove(c)
    return rest


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
            if rest > 0 or view.edition == _E2020:
                if _ARRANGE:
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
        if kind != _RUN:
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


class HardBot:
    """See the module docstring."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        seat, kind = view.pending
        hand = view.hand
        if kind == _DRAW:
            return self._draw(view, hand)
        if kind == _SKIP_TARGET:
            return (_TARGET, skip_target(view))
        if not view.laid[seat]:
            lay = _layable(view, hand)
            if lay:
                return (_LAY, lay[0], lay[1])
        else:
            h = self._hit(view, hand)
            if h:
                return h
        return (_DISCARD, self._discard(view, hand))

    def _hit(self, view, hand):
        """Naturals first; a Wild goes to the run end that lets the most of the hand's cards
        follow it (a chain), else anywhere."""
        if len(hand) == 1 and view.edition == _CLASSIC:  # P10C-14 classic: keep a card to discard
            return None
        wild = False
        for c in hand:
            if c == _SKIP:
                continue
            if c == _WILD:
                wild = True
                continue
            t = view.hit_targets(c)
            if t:
                gi, ends = t[0]
                return (_HIT, c, gi, ends[0])
        if not wild:
            return None
        have = 0
        for c in hand:
            if c < 0x40:
                have |= 1 << (c & 15)
        best = None
        best_k = -1
        for gi, ends in view.hit_targets(_WILD):
            g = view.table[gi]
            for end in ends:
                k = 0
                if g[1] == _RUN:
                    if end == _HIGH:
                        x = g[3] + 2
                        while x <= 12 and have >> x & 1:
                            k += 1
                            x += 1
                    elif end == _LOW:
                        x = g[2] - 2
                        while x >= 1 and have >> x & 1:
                            k += 1
                            x -= 1
                if k > best_k:
                    best, best_k = (_HIT, _WILD, gi, end), k
        return best

    def _draw(self, view, hand):
        if not view.can_take_discard():
            return (_DRAW_DECK,)
        if not view.can_draw_deck():
            return (_TAKE_DISCARD,)
        top = view.discard_top
        if top == _WILD:
            return (_TAKE_DISCARD,)
        if view.laid[view.seat]:
            return (_TAKE_DISCARD,) if view.hit_targets(top) else (_DRAW_DECK,)
        phase, m = _best_phase(view, hand)
        if phase is None:
            return (_DRAW_DECK,)
        more = hand + [top]
        for number in view.open_phases():
            if solver.missing(more, CARD_PHASES[number - 1]) < m:
                return (_TAKE_DISCARD,)
        return (_DRAW_DECK,)

    def _discard(self, view, hand):
        if _SKIP in hand:
            return _SKIP
        if view.laid[view.seat] or not view.open_phases():
            return self._discard_laid(view, hand)
        return self._discard_plan(view, hand)

    def _discard_plan(self, view, hand):
        phase, m = _best_phase(view, hand)
        cost = _cost(phase)
        budget = _BUDGET - cost * len(view.open_phases())
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
        pw = _PEN_WEIGHT_DANGER if danger(view) else _PEN_WEIGHT
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
                    if reps[i] == _WILD or solver.missing(rest, phase) < m:
                        outs += weights[i]
                f = _F16[m] if m < len(_F16) else _F16[-1]
                t = total * f // outs if outs else total * f * 2
            elif outs_k:
                t = _BIG  # not evaluated: after the evaluated ones
            lv = feed.level(c)
            score = t - pw * C.penalty(c)
            if lv == 1:
                score += _FEED_COST
            elif lv == 2:
                score += _FEED_HIT_COST
            elif lv < 0:
                score -= _SAFE_CREDIT
            # lower score first; then the higher penalty, then the higher card
            key = (score, -C.penalty(c), -c)
            if best_score is None or key < best_score:
                best, best_score = c, key
        return best

    def _discard_laid(self, view, hand):
        feed = Feed(view)
        # numbers that opponents still to lay a set collect: their set may take this card later
        wanted = 0
        for s, k, card in events(view.history):
            if k == _TAKE_DISCARD and s != view.seat and not view.laid[s] and card < 0x40:
                p = view.phase_of(s)
                if p and CARD_PHASES[p - 1][0][0] == _SET:
                    wanted |= 1 << (card & 15)
        seen = seen_cards(view, hand)
        best = -1
        best_score = None
        for c in hand:
            score = C.penalty(c) * 4
            if c == _WILD:
                score -= 1000
            elif c < 0x40:
                n = c & 15
                for g in view.table:
                    if g[1] == _RUN and (n == g[2] - 2 or n == g[3] + 2):
                        score -= 12
                        break
                if wanted >> n & 1:
                    score -= _LATER_SET
            pr = feed.prob(c, seen)
            score -= 400 if pr >= 64 else pr
            if best_score is None or score > best_score or (score == best_score and c > best):
                best, best_score = c, score
        return best


def skip_target(view):
    """The 2020 Skip target: an opponent on the last phase (who can end the game this hand)
    before the others; then the one nearest to going out, then the one most phases ahead;
    ties go to whoever plays sooner after this seat (no seat number favoured)."""
    targets = view.skip_targets()
    last = len(view.phase_numbers) - 1
    best = targets[0]
    best_key = None
    for s in targets:
        d = (s - view.seat) % view.n
        near = (20 - view.hand_size(s)) if view.laid[s] else 0
        key = (view.completed(s) >= last, near, view.completed(s), -d)
        if best_key is None or key > best_key:
            best, best_key = s, key
    return best
