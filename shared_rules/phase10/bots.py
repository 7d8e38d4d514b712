"""Baseline computer players for Phase 10, the card game.

They see only a :class:`shared_rules.phase10.game.View` and answer its pending decision with a move:

- ``RandomBot``: a random legal move of each kind (it lays its phase when the solver finds one,
  half of the time), to drive simulations and property tests;
- ``GreedyBot``: lays down as soon as it can, hits what it can, discards what helps least;
- ``EasyBot``: the greedy player that notices a useful discard only half the time and discards at
  random among the cards its plan does not need;
- ``HardBot``: every choice from one evaluation of a hand, the expected draws it still needs
  (``shared_rules/phase10/hard.py``, imported only when a hard player is made).
"""

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.phase10.phases import CARD_PHASES

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
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
_WILD = const(0x40)  # shared_rules.cards.WILD
_SKIP = const(0x50)  # shared_rules.cards.SKIP


def _hits(view, hand):
    """Every legal hit ``(card, group_index, end)`` for the view's seat, in a fixed order."""
    out = []
    if not view.laid[view.seat]:
        return out
    if len(hand) == 1 and view.edition == _CLASSIC:  # P10C-14 classic: keep a card to discard
        return out
    seen = []
    for c in hand:
        if c in seen:
            continue
        seen.append(c)
        for gi, ends in view.hit_targets(c):
            out.append((c, gi, ends[0]))
    return out


def _layable(view, hand):
    """``(phase_number, groups)`` of a phase the seat can lay now, or None (the highest phase
    number first in free-choice games, where a later phase is the harder one)."""
    options = view.open_phases()
    i = len(options) - 1
    while i >= 0:
        number = options[i]
        missing, groups = solver.solve(hand, CARD_PHASES[number - 1])
        if missing == 0:
            rest = len(hand)
            for g in groups:
                rest -= len(g)
            if rest > 0 or view.edition == _E2020:
                return number, groups
        i -= 1
    return None


def _best_missing(view, hand):
    """The fewest cards missing for any phase the seat may still lay (0 if laid already)."""
    best = 99
    for number in view.open_phases():
        m = solver.missing(hand, CARD_PHASES[number - 1])
        if m < best:
            best = m
    return 0 if best == 99 else best


class RandomBot:
    """Random legal moves."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        rng = self.rng
        seat, kind = view.pending
        if kind == _DRAW:
            options = []
            if view.can_draw_deck():
                options.append((_DRAW_DECK,))
            if view.can_take_discard():
                options.append((_TAKE_DISCARD,))
            return options[rng.below(len(options))]
        if kind == _SKIP_TARGET:
            targets = view.skip_targets()
            return (_TARGET, targets[rng.below(len(targets))])
        hand = view.hand
        if not view.laid[seat] and rng.below(2) == 0:
            lay = _layable(view, hand)
            if lay:
                return (_LAY, lay[0], lay[1])
        hits = _hits(view, hand)
        if hits and rng.below(2) == 0:
            h = hits[rng.below(len(hits))]
            return (_HIT, h[0], h[1], h[2])
        return (_DISCARD, hand[rng.below(len(hand))])


class GreedyBot:
    """Lays down as soon as it can, hits what it can, discards what helps least."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        seat, kind = view.pending
        hand = view.hand
        if kind == _DRAW:
            return self._draw(view, hand)
        if kind == _SKIP_TARGET:
            return (_TARGET, self._skip_target(view))
        if not view.laid[seat]:
            lay = _layable(view, hand)
            if lay:
                return (_LAY, lay[0], lay[1])
        hits = _hits(view, hand)
        if hits:
            h = hits[0]
            return (_HIT, h[0], h[1], h[2])
        return (_DISCARD, self._discard(view, hand))

    def _draw(self, view, hand):
        if not view.can_take_discard():
            return (_DRAW_DECK,)
        if not view.can_draw_deck():
            return (_TAKE_DISCARD,)
        top = view.discard_top
        if top == _WILD:
            return (_TAKE_DISCARD,)
        if view.laid[view.seat]:
            # take it if it can be hit on some group now
            if view.hit_targets(top):
                return (_TAKE_DISCARD,)
            return (_DRAW_DECK,)
        if _best_missing(view, hand + [top]) < _best_missing(view, hand):
            return (_TAKE_DISCARD,)
        return (_DRAW_DECK,)

    def _skip_target(self, view):
        """The opponent closest to winning: most phases completed, then fewest cards; among
        equal players the one who plays soonest after this seat (a tie-break by seat number
        would favour the last seats)."""
        best = -1
        best_key = None
        for s in view.skip_targets():
            key = (view.completed(s), -view.hand_size(s), -((s - view.seat) % view.n))
            if best_key is None or key > best_key:
                best, best_key = s, key
        return best

    def _discard(self, view, hand):
        if _SKIP in hand:
            return _SKIP
        if view.laid[view.seat]:
            keep = []
        else:
            keep = self._plan(view, hand)
        # the highest-penalty card that no plan keeps; a wild last of all
        best = -1
        best_key = None
        rest = list(hand)
        for c in keep:
            if c in rest:
                rest.remove(c)
        pool = rest if rest else hand
        for c in pool:
            key = (c != _WILD, C.penalty(c), c)
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best

    def _plan(self, view, hand):
        """The cards of the best partial plan for the most advanced open phase."""
        best_keep = []
        best_missing = 99
        for number in view.open_phases():
            missing, groups = solver.solve(hand, CARD_PHASES[number - 1])
            if missing < best_missing:
                best_missing = missing
                best_keep = []
                for g in groups:
                    best_keep.extend(g)
        return best_keep


class EasyBot(GreedyBot):
    """Greedy, but it notices a useful discard only half the time, and discards at random among
    the cards its plan does not keep."""

    def _draw(self, view, hand):
        if self.rng.below(2) and view.can_draw_deck():
            return (_DRAW_DECK,)
        return GreedyBot._draw(self, view, hand)

    def _discard(self, view, hand):
        keep = [] if view.laid[view.seat] else self._plan(view, hand)
        pool = list(hand)
        for c in keep:
            if c in pool:
                pool.remove(c)
        if not pool:
            pool = hand
        return pool[self.rng.below(len(pool))]
