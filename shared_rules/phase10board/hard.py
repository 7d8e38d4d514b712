"""The hard computer player of Phase 10, the board game (``shared_rules.phase10board.bots``): the
normal player that also values SEARCH by the discard pile as everyone has seen it, times EXTRA,
asks in the direction of the most advanced opponent, discards and keeps by outs, and does not
feed the next player. Its own module so that no single compile is large (docs/micropython.md);
``bots.make`` imports it for a hard player only."""

from shared_rules import solver
from shared_rules.groups import fits
from shared_rules.phase10board.game import TRACK
from shared_rules.phase10board.bots import NormalBot, phase_of, colour_count, distinct

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_DRAW_DECK = const(0)  # shared_rules.phase10board.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10board.game.TAKE_DISCARD
_M_KEEP = const(11)  # shared_rules.phase10board.game.M_KEEP
_DONE = const(12)  # shared_rules.phase10board.game.DONE
_CW = const(0)  # shared_rules.phase10board.game.CW
_CCW = const(1)  # shared_rules.phase10board.game.CCW
_K_EXTRA = const(1)  # shared_rules.phase10board.game.K_EXTRA
_JOKER_BIT = const(128)  # shared_rules.phase10board.game.JOKER_BIT


class HardBot(NormalBot):
    """The normal player with SEARCH valued by the known discard pile, EXTRA timed, asks in the
    likely direction, discards and keeps by outs, and does not feed the next player."""

    hard = True
    # outs by the solver for each of the 12 numbers; in the colour phases (48 cards, 0.8 s a
    # decision on a SAMD51) from one plan, which measured no weaker there
    exact = True
    exact_colours = False

    def __init__(self, rng):
        NormalBot.__init__(self, rng)
        self._deep = False  # (set during decisions: made with the player, see NormalBot)

    def search_value(self, view, hand, phase, now, unit):
        known = view.discard_known
        if not known:
            return -100 if view.laid[view.seat] else 0
        best = -100 if view.laid[view.seat] else 0
        hidden = 0
        seen = []
        for c in known:
            if c < 0:
                hidden += 1
                continue
            if c in seen:
                continue
            seen.append(c)
            v = self.card_value(view, hand, c, phase, now)
            if v > best:
                best = v
        if hidden and best < unit:
            best = unit
        return best

    def action_values(self, view, hand):
        vals = NormalBot.action_values(self, view, hand)
        v_draw, v_extra, v_search, v_swap, v_all, v_joker, v_ask = vals
        seat = view.seat
        if not view.laid[seat]:
            # every card gained now is one more to get rid of once the phase is down
            cost = self.card_cost if self.now <= 1 else (self.card_cost_far if self.now == 2 else self.card_cost_farther)
            for s in range(view.n):
                if s != seat and view.laid[s] and view.hand_sizes[s] <= self.race_cards:
                    cost = 0  # the round is about to end: only laying down now counts
            v_draw = [0, v_draw[1], v_draw[2] - cost, v_draw[3] - 2 * cost]
            v_joker += self.joker_bonus
        # ALL feeds every other player a card: good for those who must shed, bad for the rest
        for s in range(view.n):
            if s != seat:
                v_all += self.all_laid if view.laid[s] else -self.all_unlaid
        if view.laid[seat]:
            # an extra turn is worth most with few cards left: it can end the round
            if len(hand) <= 3:
                v_extra += 60
        elif self.now <= 1:
            # one card from the phase: EXTRA takes a card and rolls again at once
            v_extra += 60
        return v_draw, v_extra, v_search, v_swap, v_all, v_joker, v_ask

    future_weight = 3  # in quarters
    card_cost = 140  # a card more than the action's one, one card or less from the phase
    card_cost_far = 140  # two cards from it
    card_cost_farther = 140  # three or more
    race_cards = 4
    joker_bonus = 20
    all_laid = 25
    all_unlaid = 15

    def position_value(self, view, vals, sp):
        """What standing on ``sp`` is worth for the next roll: the best action the 21 kinds of
        roll reach from there, weighted by their odds (out of 36), times ``future_weight``/4."""
        seat = view.seat
        saved = view.tokens[seat]
        view.tokens[seat] = sp
        reach = [0] * 13
        pos = sp
        k = 0
        while k < 12:
            pos = (pos + 1) % 32
            taken = False
            for s in range(view.n):
                if s != seat and view.tokens[s] == pos:
                    taken = True
            if not taken:
                k += 1
                reach[k] = pos
        sv = [0] * 13
        for k in range(1, 13):
            sv[k] = self.space_value(view, vals, reach[k])
        total = 0
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b:
                    v = sv[a] if sv[a] > sv[a + a] else sv[a + a]
                else:
                    v = sv[a] if sv[a] > sv[b] else sv[b]
                total += v
        view.tokens[seat] = saved
        return total * self.future_weight // 144

    def space_value(self, view, vals, sp):
        """EXTRA: the card, and a whole turn more at once from that space (instead of the
        normal player's flat bonus)."""
        v = NormalBot.space_value(self, view, vals, sp)
        if TRACK[sp] >> 3 == _K_EXTRA and not self._deep:
            self._deep = True
            v += self.position_value(view, vals, sp) * 4 // self.future_weight - 40
            self._deep = False
        return v

    def best_number(self, view, hand, phase, now):
        """The number to ask for and its value: as the normal player, but a card of the number
        is counted on by the chance that some opponent holds one of its unseen copies (each
        copy in an opponent's hand as often as their cards are among the unseen ones)."""
        laid = view.laid[view.seat]
        if laid:
            return NormalBot.best_number(self, view, hand, phase, now)
        cols = colour_count(phase)
        mc = self.card_missing(hand, phase)
        opp = 0
        for s in range(view.n):
            if s != view.seat:
                opp += view.hand_sizes[s]
        unseen = opp + view.draw_size
        for c in view.discard_known:
            if c < 0:
                unseen += 1
        share = opp * 1000 // unseen if unseen else 0  # per mille
        seen = [0] * 13
        for c in hand:
            if c < _JOKER_BIT:
                seen[c & 15] += 1
        for c in view.discard_known:
            if c >= 0:
                seen[c & 15] += 1
        for g in view.table:
            for c in g[4]:
                if c < _JOKER_BIT:
                    seen[c & 15] += 1
        best = 1
        best_v = -1000
        for num in range(1, 13):
            v = 0
            for col in range(cols):
                v += (now - mc[col * 12 + num - 1]) * 100
            v = v // cols
            none = 1000  # per mille: no opponent holds a copy
            for _ in range(8 - seen[num]):
                none = none * (1000 - share) // 1000
            v = v * (1000 - none) // 1000
            if v > best_v:
                best_v = v
                best = num
        return best, best_v

    def direction(self, view, num):
        """Towards the most advanced opponent (they are asked first and lose the card)."""
        n = view.n
        best = _CW
        best_key = None
        for d in (_CW, _CCW):
            s = (view.seat + (1 if d == _CW else n - 1)) % n
            key = view.markers[s] * 100 + view.laid[s] * 50 + view.hand_sizes[s]
            if best_key is None or key > best_key:
                best_key = key
                best = d
        return best

    keep_fitting = 60  # a card that fits the table now is hit once the phase is down
    take_fitting = 60  # ... and is taken off the discard pile while fewer than 60 % of cards help

    def pile(self, view, hand):
        """As the normal player; before laying down, also the top discard the table takes when
        a card from the deck would bring the phase closer less often than ``take_fitting`` %."""
        move = NormalBot.pile(self, view, hand)
        if (move[0] == _DRAW_DECK and view.can_discard and not view.laid[view.seat]
                and fits(view.table, view.discard_top)):
            phase = phase_of(view)
            k, kinds = self.outs(hand, phase, solver.missing(hand, phase))
            if k * 100 < self.take_fitting * kinds:
                return (_TAKE_DISCARD,)
        return move

    def discard_bonus(self, view, rest, phase, m, c):
        bonus = self.outs(rest, phase, m)[0] * 10 if m > 0 else 0
        if fits(view.table, c):
            bonus -= 200 if self.feeds(view) else self.keep_fitting
        return bonus

    def feeds(self, view):
        nxt = (view.seat + 1) % view.n
        return bool(view.laid[nxt])

    def give_up(self, view, hand):
        if view.laid[view.seat]:
            # keep what may fit soon: cards near a run's end, of a number or colour that is
            # on the table; give up the card farthest from fitting (a joker never)
            cards = distinct(hand)
            best = cards[0]
            best_key = None
            for c in cards:
                key = (c >= _JOKER_BIT) * 10000 + fits(view.table, c) * 1000
                key += (100 - self.hit_distance(view.table, c)) * 16 + (c & 15)
                if best_key is None or key < best_key:
                    best_key = key
                    best = c
            return best
        phase = phase_of(view)
        c = self.plan_discard(view, hand, phase)  # measured as good as outs, and cheaper
        if c >= 0:
            return c
        # the plan uses every card: the ones whose loss costs least, and of those the one that
        # leaves the most outs (for at most ``CANDIDATES`` of them, lone cards first)
        cards = distinct(hand)
        scored = []
        low = 99
        for c in cards:
            rest = list(hand)
            rest.remove(c)
            m = solver.missing(rest, phase) + (c >= _JOKER_BIT) * 50
            scored.append((m, c, rest))
            if m < low:
                low = m
        cands = []
        for m, c, rest in scored:
            if m == low:
                cands.append((-NormalBot.discard_bonus(self, view, rest, phase, m, c) * 256 + c, c, rest))
        cands.sort()
        best = cands[0][1]
        best_key = None
        feeds = self.feeds(view)
        for _, c, rest in cands[:self.CANDIDATES]:
            key = -(self.outs(rest, phase, low)[0] * 10 if low > 0 else 0)
            if feeds and fits(view.table, c):
                key += 200
            if best_key is None or key < best_key:
                best_key = key
                best = c
        return best

    CANDIDATES = 5

    def hit_distance(self, table, c):
        """How many cards must be hit before ``c`` fits a laid run (99: no run takes it)."""
        best = 99
        n = c & 15
        for g in table:
            if g[1] == 1:  # RUN
                if n < g[2]:
                    d = g[2] - 1 - n
                elif n > g[3]:
                    d = n - g[3] - 1
                else:
                    continue
                if d < best:
                    best = d
        return best

    def keep(self, view, hand):
        """The best five: each kept card the one that leaves the fewest missing, then the most
        outs, for the phase played again next round."""
        kept = view.kept
        if len(kept) >= 5:
            return (_DONE,)
        for c in distinct(hand):
            if c >= _JOKER_BIT:
                return (_M_KEEP, c)
        phase = phase_of(view)
        m, groups = solver.solve(hand + kept, phase)
        plan = []
        for g in groups:
            plan.extend(g)
        base = list(kept)
        base.append(0)
        scored = []
        low = 99
        for c in distinct(hand):
            base[-1] = c
            m = solver.missing(base, phase)
            scored.append(((0 if c in plan else 256) + c, c, m))
            if m < low:
                low = m
        scored.sort()
        best = -1
        best_key = None
        tried = 0
        for _, c, m in scored:
            if m != low or tried >= self.CANDIDATES:
                continue
            tried += 1
            base[-1] = c
            key = -self.outs(base, phase, m)[0]
            if best_key is None or key < best_key:
                best_key = key
                best = c
        if best < 0:
            return (_DONE,)
        return (_M_KEEP, best)
