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
  less readily one the next player is likely to take (``p10seen.FEED_P``: the chance a normal player on
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

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.groups import LOW, HIGH
from shared_rules.phases import CARD_PHASES, RUN
from shared_rules.phase10 import (DRAW, SKIP_TARGET, DRAW_DECK, TAKE_DISCARD, LAY, HIT, DISCARD,
                                  TARGET, CLASSIC)

F16 = (0, 16, 40, 72, 112, 160, 216, 280, 352, 432, 520, 616)
ARRANGE = 1  # slide runs along their wilds at the lay-down (see _arrange)
LATER_SET = 12  # laid: keep a card an opponent's coming set may take
BUDGET = 240  # cost units of solver calls per decision (see the module docstring)
SAFE_CREDIT = 12  # turns x16 for a card the next player passed up this hand
FEED_COST = 24  # turns x16 for discarding a card the next player collects
FEED_HIT_COST = 400  # ... or one the next player can hit
PEN_WEIGHT = 0  # turns x16 per penalty point of the discarded card
PEN_WEIGHT_DANGER = 2  # ... when an opponent who laid down holds 3 cards or fewer


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
        else:
            h = self._hit(view, hand)
            if h:
                return h
        return (DISCARD, self._discard(view, hand))

    def _hit(self, view, hand):
        """Naturals first; a Wild goes to the run end that lets the most of the hand's cards
        follow it (a chain), else anywhere."""
        if len(hand) == 1 and view.edition == CLASSIC:  # P10C-14 classic: keep a card to discard
            return None
        wild = False
        for c in hand:
            if c == C.SKIP:
                continue
            if c == C.WILD:
                wild = True
                continue
            t = view.hit_targets(c)
            if t:
                gi, ends = t[0]
                return (HIT, c, gi, ends[0])
        if not wild:
            return None
        have = 0
        for c in hand:
            if c < 0x40:
                have |= 1 << (c & 15)
        best = None
        best_k = -1
        for gi, ends in view.hit_targets(C.WILD):
            g = view.table[gi]
            for end in ends:
                k = 0
                if g[1] == RUN:
                    if end == HIGH:
                        x = g[3] + 2
                        while x <= 12 and have >> x & 1:
                            k += 1
                            x += 1
                    elif end == LOW:
                        x = g[2] - 2
                        while x >= 1 and have >> x & 1:
                            k += 1
                            x -= 1
                if k > best_k:
                    best, best_k = (HIT, C.WILD, gi, end), k
        return best

    def _draw(self, view, hand):
        if not view.can_take_discard():
            return (DRAW_DECK,)
        if not view.can_draw_deck():
            return (TAKE_DISCARD,)
        top = view.discard_top
        if top == C.WILD:
            return (TAKE_DISCARD,)
        if view.laid[view.seat]:
            return (TAKE_DISCARD,) if view.hit_targets(top) else (DRAW_DECK,)
        phase, m = _best_phase(view, hand)
        if phase is None:
            return (DRAW_DECK,)
        more = hand + [top]
        for number in view.open_phases():
            if solver.missing(more, CARD_PHASES[number - 1]) < m:
                return (TAKE_DISCARD,)
        return (DRAW_DECK,)

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


# The lay-down (``p10lays``) and the discard (``p10discard``) are modules of their own, the
# discard's functions attached here as methods: compiling one large .py on a board needs several
# times the heap its code keeps (docs/micropython.md). They import the names above.
from shared_rules.p10lays import _layable  # noqa: E402
from shared_rules import p10discard  # noqa: E402

for _name in ("_discard", "_discard_plan", "_discard_laid"):
    setattr(HardBot, _name, getattr(p10discard, _name))
del _name
