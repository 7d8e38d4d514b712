"""Computer players for Phase 10, the board game (``shared_rules.phase10board.game``).

They see only a :class:`shared_rules.phase10board.game.View` and answer its pending decision. All
of them lay their phase as soon as the solver finds it and hit what they can; they differ in
what they aim for:

- ``RandomBot``: a uniformly random legal move (simulations, property tests);
- ``EasyBot``: a random target space, a random number to ask for, random kinds for FREE, and a
  random discard among the cards its plan does not need;
- ``NormalBot``: chooses the target space by the value of its action to the hand (how many
  cards would bring the phase closer, a joker, the top discard), asks for the number that helps
  most, gives up and discards what helps least, keeps its plan's cards;
- ``HardBot`` (``shared_rules.phase10board.hard``, imported for a hard player only): the normal player that
  also values SEARCH by the discard pile as everyone has seen it, times EXTRA (worth most when one card lays the phase or when it has laid down),
  asks in the direction of the most advanced opponent, discards and keeps by the outs a hand
  leaves (the best five), keeps (and takes from the discard pile) a card the table takes
  while it has not laid down (it is hit as soon as the phase is down), and does not feed the
  next player a card they could hit.

Values are integers: 100 is one card closer to laying the phase (or one card fewer to get rid
of once laid). The phase solver is ``shared_rules.solver``; a joker is a wild to it.
"""

from shared_rules import solver
from shared_rules.groups import fits
from shared_rules.phase10board.game import TRACK
from shared_rules.phase10board.phases import BOARD_PHASES


try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_ROLL = const(0)  # shared_rules.phase10board.game.ROLL
_GO = const(1)  # shared_rules.phase10board.game.GO
_PILE = const(2)  # shared_rules.phase10board.game.PILE
_SEARCH = const(3)  # shared_rules.phase10board.game.SEARCH
_SWAP = const(4)  # shared_rules.phase10board.game.SWAP
_ASK = const(5)  # shared_rules.phase10board.game.ASK
_FREE = const(6)  # shared_rules.phase10board.game.FREE
_KEEP = const(8)  # shared_rules.phase10board.game.KEEP
_DRAW_DECK = const(0)  # shared_rules.phase10board.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10board.game.TAKE_DISCARD
_LAY = const(2)  # shared_rules.phase10board.game.LAY
_HIT = const(3)  # shared_rules.phase10board.game.HIT
_DISCARD = const(4)  # shared_rules.phase10board.game.DISCARD
_M_ROLL = const(5)  # shared_rules.phase10board.game.M_ROLL
_M_GO = const(6)  # shared_rules.phase10board.game.M_GO
_PICK = const(7)  # shared_rules.phase10board.game.PICK
_M_SWAP = const(8)  # shared_rules.phase10board.game.M_SWAP
_M_ASK = const(9)  # shared_rules.phase10board.game.M_ASK
_M_FREE = const(10)  # shared_rules.phase10board.game.M_FREE
_M_KEEP = const(11)  # shared_rules.phase10board.game.M_KEEP
_DONE = const(12)  # shared_rules.phase10board.game.DONE
_CW = const(0)  # shared_rules.phase10board.game.CW
_K_DRAW = const(0)  # shared_rules.phase10board.game.K_DRAW
_K_EXTRA = const(1)  # shared_rules.phase10board.game.K_EXTRA
_K_SEARCH = const(2)  # shared_rules.phase10board.game.K_SEARCH
_K_SWAP = const(3)  # shared_rules.phase10board.game.K_SWAP
_K_ALL = const(4)  # shared_rules.phase10board.game.K_ALL
_K_JOKER = const(5)  # shared_rules.phase10board.game.K_JOKER
_K_ASK = const(6)  # shared_rules.phase10board.game.K_ASK
_K_FREE = const(7)  # shared_rules.phase10board.game.K_FREE
_FINISH = const(10)  # shared_rules.phase10board.game.FINISH
_JOKER_BIT = const(128)  # shared_rules.phase10board.game.JOKER_BIT
_SET = const(0)  # shared_rules.phases.SET
_COLOUR = const(2)  # shared_rules.phases.COLOUR


_JOKER = const(0x81)  # a stand-in joker for "what if I had a joker"
_MEMO_HAND = const(23)  # the longest hand ``card_missing`` keeps its answer for


def phase_of(view):
    """The phase the seat of ``view`` works on (its groups)."""
    m = view.markers[view.seat]
    return BOARD_PHASES[m if m < _FINISH else _FINISH - 1]


def colour_count(phase):
    """4 where ``phase`` has a colour group (the colours tell cards apart), else 1."""
    for kind, _ in phase:
        if kind == _COLOUR:
            return 4
    return 1


def distinct(cards):
    """The different cards of ``cards``, sorted."""
    out = []
    for c in cards:
        if c not in out:
            out.append(c)
    out.sort()
    return out


def _hits(view, hand):
    """Every hit ``(card, group, end)`` the seat can make now, in a fixed order."""
    out = []
    if not view.laid[view.seat]:
        return out
    for c in distinct(hand):
        for gi, ends in view.hit_targets(c):
            out.append((c, gi, ends[0]))
    return out


def _lay(view, hand):
    if view.laid[view.seat]:
        return None
    m, groups = solver.solve(hand, phase_of(view))
    if m == 0:
        return (_LAY, view.phase_of(view.seat), groups)
    return None


class RandomBot:
    """A uniformly random legal move."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        moves = view.legal_moves()
        return moves[self.rng.below(len(moves))]


def _plan_outs(hand, phase, cols):
    """What ``card_missing`` gives, estimated from one solver plan (the normal player's way,
    cheap enough for a board): a card is an out when it fits a group of the plan that is not
    full (its set's number, its colour, a gap or an open end of its run)."""
    m, groups = solver.solve(hand, phase)
    out = [m] * (cols * 12)
    if m == 0:
        return out
    for gi in range(len(phase)):
        kind, size = phase[gi]
        cards = groups[gi]
        if len(cards) >= size:
            continue
        nat = []
        for c in cards:
            if c < 0x40:
                nat.append(c)
        if not nat:
            for i in range(len(out)):
                out[i] = m - 1
            continue
        if kind == _SET:
            x = nat[0] & 15
            for col in range(cols):
                out[col * 12 + x - 1] = m - 1
        elif kind == _COLOUR:
            col = nat[0] >> 4
            for x in range(12):
                out[col * 12 + x] = m - 1
        else:
            lo = nat[0] & 15
            hi = nat[-1] & 15
            slack = size - (hi - lo + 1)
            a = lo - slack if lo - slack > 1 else 1
            b = hi + slack if hi + slack < 12 else 12
            have = 0
            for c in nat:
                have |= 1 << (c & 15)
            for x in range(a, b + 1):
                if not have >> x & 1:
                    for col in range(cols):
                        out[col * 12 + x - 1] = m - 1
    return out


class NormalBot:
    """Chooses target spaces by the value of their action; see the module docstring."""

    hard = False
    exact = False  # card outcomes by the solver for every card (hard) or from one plan
    exact_colours = True  # ... also in the colour phases (48 cards, not 12)

    def __init__(self, rng):
        self.rng = rng
        # Everything a decision keeps is made with the player, not during a decision: made
        # there, among the decision's garbage, it would outlast it and split the heap once the
        # garbage is collected (a player may make many decisions: a whole game's in the tools;
        # on a board one, firmware.session).
        self.now = 0
        self._hand = bytearray(_MEMO_HAND + 1)  # ``card_missing``'s last question: the hand
        self._phase = None  # (its length first) and the phase (one of BOARD_PHASES); its
        self._missing = bytearray(48)  # answer, ``_count`` numbers (0: none)
        self._count = 0

    # ---------------------------------------------------------------- the decisions

    def choose(self, view):
        kind = view.pending[1]
        hand = view.hand
        if kind == _ROLL:
            return (_M_ROLL,)
        if kind == _GO:
            return (_M_GO, self.target(view, hand))
        if kind == _PILE:
            return self.pile(view, hand)
        if kind == _SEARCH:
            return (_PICK, self.search(view, hand))
        if kind == _SWAP:
            return (_M_SWAP, self.give_up(view, hand))
        if kind == _ASK:
            return self.ask(view, hand)
        if kind == _FREE:
            return (_M_FREE, self.free_kind(view, hand))
        if kind == _KEEP:
            return self.keep(view, hand)
        lay = _lay(view, hand)
        if lay:
            return lay
        hits = _hits(view, hand)
        if hits:
            h = hits[0]
            return (_HIT, h[0], h[1], h[2])
        return (_DISCARD, self.give_up(view, hand))

    # ---------------------------------------------------------------- helpers

    def pile(self, view, hand):
        if not view.can_discard:
            return (_DRAW_DECK,)
        if not view.can_deck:
            return (_TAKE_DISCARD,)
        top = view.discard_top
        if view.laid[view.seat]:
            return (_TAKE_DISCARD,) if fits(view.table, top) else (_DRAW_DECK,)
        phase = phase_of(view)
        h = list(hand)
        now = solver.missing(h, phase)
        h.append(top)
        if solver.missing(h, phase) < now:
            return (_TAKE_DISCARD,)
        return (_DRAW_DECK,)

    def search(self, view, hand):
        pile = distinct(view.discard_pile)
        laid = view.laid[view.seat]
        if laid:
            for c in pile:
                if fits(view.table, c):
                    return c
            return pile[0]
        phase = phase_of(view)
        h = list(hand)
        h.append(0)
        best = pile[0]
        best_key = None
        low = 99
        if not self.exact:
            mc = self.card_missing(hand, phase)
            cols = colour_count(phase)
            for c in pile:
                m = mc[((c >> 4) if cols > 1 else 0) * 12 + (c & 15) - 1]
                if m < low:
                    low = m
                    best = c
            return best
        for c in pile:
            h[-1] = c
            m = solver.missing(h, phase)
            if m < low:
                low = m
                best = c
        if low == 0:
            return best
        # the hard player: among the best, the card that leaves the most outs (a few of them)
        tried = 0
        for c in pile:
            h[-1] = c
            if tried >= 5 or solver.missing(h, phase) != low:
                continue
            tried += 1
            key = -self.outs(h, phase, low)[0]
            if best_key is None or key < best_key:
                best_key = key
                best = c
        return best

    def ask(self, view, hand):
        phase = phase_of(view)
        now = 0 if view.laid[view.seat] else solver.missing(hand, phase)
        num = self.best_number(view, hand, phase, now)[0]
        return (_M_ASK, num, self.direction(view, num))

    def direction(self, view, num):
        return _CW

    def give_up(self, view, hand):
        """The card to discard (or to give up for SWAP): the one that helps least."""
        cards = distinct(hand)
        if view.laid[view.seat]:
            best = cards[0]
            best_key = None
            for c in cards:
                key = (c >= _JOKER_BIT) * 1000 + (fits(view.table, c)) * 100 + (c & 15)
                if best_key is None or key < best_key:
                    best_key = key
                    best = c
            return best
        phase = phase_of(view)
        best = cards[0]
        best_key = None
        if not self.exact:
            c = self.plan_discard(view, hand, phase)
            if c >= 0:
                return c
        for c in cards:
            rest = list(hand)
            rest.remove(c)
            m = solver.missing(rest, phase)
            key = m * 10000 + (c >= _JOKER_BIT) * 5000 - self.discard_bonus(view, rest, phase, m, c)
            if best_key is None or key < best_key:
                best_key = key
                best = c
        return best

    def plan_discard(self, view, hand, phase):
        """Among the cards one solver plan does not use, the one ``discard_bonus`` likes best:
        the lone one (normal), the one leaving the most outs (hard); -1 if the plan uses all
        but jokers."""
        m, groups = solver.solve(hand, phase)
        pool = list(hand)
        for g in groups:
            for c in g:
                if c in pool:
                    pool.remove(c)
        best = -1
        best_key = None
        for c in distinct(pool):
            if c >= _JOKER_BIT:
                continue
            rest = list(hand)
            rest.remove(c)
            key = -self.discard_bonus(view, rest, phase, m, c)
            if best_key is None or key < best_key:
                best_key = key
                best = c
        return best

    def discard_bonus(self, view, rest, phase, m, c):
        """Among equally good discards the normal player gives up a lone card first."""
        same = 0
        for x in rest:
            if x < _JOKER_BIT and (x & 15 == c & 15 or x >> 4 == c >> 4):
                same += 1
        return 100 - same * 10

    def keep(self, view, hand):
        kept = view.kept
        if len(kept) >= 5:
            return (_DONE,)
        phase = phase_of(view)
        # jokers first, then the cards of the plan for the whole hand
        for c in distinct(hand):
            if c >= _JOKER_BIT:
                return (_M_KEEP, c)
        m, groups = solver.solve(hand + kept, phase)
        plan = []
        for g in groups:
            for c in g:
                if c < _JOKER_BIT:
                    plan.append(c)
        for c in kept:
            if c in plan:
                plan.remove(c)
        for c in plan:
            if c in hand:
                return (_M_KEEP, c)
        return (_DONE,)

    # methods of NormalBot
    def card_missing(self, hand, phase):
        """The cards missing for ``phase`` once each of the 12 numbers (48 cards when colours
        matter) is added to ``hand``, index ``colour * 12 + number - 1``; the last answer is
        kept (in the player's buffers), as decisions ask more than once for the same hand."""
        n = len(hand)
        key = self._hand
        if self._count and phase is self._phase and key[0] == n:
            i = 0
            while i < n and key[i + 1] == hand[i]:
                i += 1
            if i == n:
                return self._missing[:self._count]
        cols = colour_count(phase)
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
        if n <= _MEMO_HAND:
            key[0] = n
            for i in range(n):
                key[i + 1] = hand[i]
            m = self._missing
            for i in range(len(out)):
                m[i] = out[i]
            self._phase = phase
            self._count = len(out)
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
            return 0 if c >= _JOKER_BIT or fits(view.table, c) else -100
        h = list(hand)
        h.append(c)
        return (now - solver.missing(h, phase)) * 100

    def action_values(self, view, hand):
        """Values of the eight kinds (DRAW by its N in ``value_draw``) for this hand."""
        seat = view.seat
        laid = view.laid[seat]
        phase = phase_of(view)
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
        cols = colour_count(phase)
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
                if c < _JOKER_BIT and c & 15 == num:
                    seen += 1
            for c in view.discard_known:
                if c >= 0 and c & 15 == num:
                    seen += 1
            for g in view.table:
                for c in g[4]:
                    if c < _JOKER_BIT and c & 15 == num:
                        seen += 1
            if not laid:
                v = v * (8 - seen) // 8 if seen < 8 else 0
            if v > best_v:
                best_v = v
                best = num
        return best, best_v

    def kind_value(self, vals, kind, count):
        v_draw, v_extra, v_search, v_swap, v_all, v_joker, v_ask = vals
        if kind == _K_DRAW:
            return v_draw[count]
        if kind == _K_EXTRA:
            return v_extra
        if kind == _K_SEARCH:
            return v_search
        if kind == _K_SWAP:
            return v_swap[count]
        if kind == _K_ALL:
            return v_all
        if kind == _K_JOKER:
            return v_joker
        if kind == _K_ASK:
            return v_ask
        return -1000

    def free_value(self, view, vals):
        """The best kind FREE can reach and its value."""
        best = -1
        best_v = -100000
        for k in range(_K_FREE):
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
        if kind == _K_FREE:
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


class EasyBot(NormalBot):
    """Random target spaces, numbers to ask and FREE kinds; a random discard among the cards its
    plan does not keep."""

    def target(self, view, hand):
        t = view.targets
        return t[self.rng.below(len(t))][0]

    def free_kind(self, view, hand):
        kinds = []
        for k in range(_K_FREE):
            if self.free_space(view, k) >= 0:
                kinds.append(k)
        return kinds[self.rng.below(len(kinds))]

    def ask(self, view, hand):
        return (_M_ASK, 1 + self.rng.below(12), _CW)

    def pile(self, view, hand):
        if self.rng.below(2) and view.can_deck:
            return (_DRAW_DECK,)
        return NormalBot.pile(self, view, hand)

    def give_up(self, view, hand):
        if view.laid[view.seat]:
            return NormalBot.give_up(self, view, hand)
        m, groups = solver.solve(hand, phase_of(view))
        pool = list(hand)
        for g in groups:
            for c in g:
                if c in pool:
                    pool.remove(c)
        if not pool:
            pool = list(hand)
        pool = distinct(pool)
        return pool[self.rng.below(len(pool))]
