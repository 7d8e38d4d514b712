"""A heavy teacher for the hard Phase 10 player's discard and take, in solitaire (desktop only).

    python -m tools.p10_teacher [--phase P] [--positions N] [--rollouts K] [--horizon H] [--take]
    python -m tools.p10_teacher --table [--laid] [--positions N] [--rollouts K] [--seed S] [--jobs J]

Solitaire: one hand is dealt 10 cards and draws from a shuffled deck (no opponents, no discard
pile to take from) until it can lay its phase. ``--compare`` prints the mean draws to lay each
phase for the normal player's discard rule and the hard player's. The teacher samples positions
reached by the hard player (0-3 turns in), and scores every distinct discard by ``K`` rollouts
with common random futures (the unseen cards shuffled), the hard player's policy after it; the
regret of the hard player's choice is its rollouts' mean minus the best candidate's (biased up by
the noise of the minimum). ``--horizon H`` scores the chance of laying within H draws instead of
the mean draws (a hand ends when someone goes out, so the short race is what counts). ``--take``
scores taking a random offered card against drawing, the same way.

``--table`` leaves solitaire: at the hard player's discards before laying down in real classic
games (the hard player in seat 0, three normal players; every third such discard, from games
seeded S, S+1, ...), every distinct discard is scored by ``K`` rollouts of the rest of the hand:
the other hands and the draw pile dealt anew (the same ``K`` deals for every candidate; a card
the hard player saw an opponent take from the discard pile is dealt anew too), the real players
playing on. A rollout is worth the hard
player's phase advance in that hand less the mean advance of the other three. The regret is
cross-validated (the best candidate picked on half the rollouts, scored on the other half, and
the other way round): how much a teacher choosing by ``K/2`` rollouts beats the hard player,
which noise does not bias up (with few rollouts it comes out negative: such a teacher is worse).
``--laid`` takes the hard player's discards after it has laid down instead (every second one).

What it said for issue 13 (K = 150-200, 20-60 positions a phase): the hard player's discard
regret is 0.00 draws in phase 6, 0.1-0.16 draws in phase 7 (noise-level: the best candidate
varies between runs), 0.6 percentage points of the chance to lay within 6 draws; its take
regret 0.01 draws. A one-step teacher would not make its building faster; what is left is the
interaction with the other players (see tools/p10_feed_table.py). ``--table --positions 120
--rollouts 400 --seed 1000 --jobs 2`` (7 CPU minutes): a regret of 0.0052 ± 0.0041 per discard
(0.0170 uncorrected: the rest is the noise of picking the best of ten candidates), and 3.52
discards before laying down per hand. After laying down (``--table --laid --positions 120
--rollouts 400 --seed 1000 --jobs 2``, 2 CPU minutes): 0.0000 ± 0.0013 (0.0032 uncorrected).
"""

import argparse
import copy
import math
import random
import sys

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.phase10 import hard as H
from shared_rules.phase10.game import DISCARD
from shared_rules.phase10.phases import CARD_PHASES


class _View:
    """Just what the hard player's discard reads, for a lone hand (two seats, the other idle)."""

    def __init__(self, hand, number, history):
        self.seat = 0
        self.n = 2
        self.laid = [0, 0]
        self.table = []
        self.history = bytes(b for s, k, c in history for b in (s << 4 | k, c))  # as the game's
        self.discard_size = len(history)
        self.discard_top = history[-1][2] if history else -1
        self.active = [True, True]
        self.edition = 0
        self.hand = hand
        self._p = number

    def open_phases(self):
        return [self._p]

    def phase_of(self, seat):
        return self._p

    def hand_size(self, seat):
        return 10


_HARD = H.HardBot(None)


def hard_discard(hand, number, history):
    return _HARD._discard(_View(hand, number, history), hand)


def normal_discard(hand, number, history):
    if C.SKIP in hand:
        return C.SKIP
    _, groups = solver.solve(hand, CARD_PHASES[number - 1])
    rest = list(hand)
    for g in groups:
        for c in g:
            if c in rest:
                rest.remove(c)
    best = None
    for c in (rest if rest else hand):
        key = (c != C.WILD, C.penalty(c), c)
        if best is None or key > best[0]:
            best = (key, c)
    return best[1]


def _play(policy, number, hand, deck, history, turns):
    """Up to ``turns`` turns of drawing from ``deck`` (its end) and discarding by ``policy``,
    in place: the turn on which the phase could be laid, or None."""
    phase = CARD_PHASES[number - 1]
    for t in range(1, turns + 1):
        hand.append(deck.pop())
        if solver.missing(hand, phase) == 0:
            return t
        d = policy(hand, number, history)
        hand.remove(d)
        history.append((0, DISCARD, d))
    return None


def _deal(r):
    """A shuffled deck's first ten cards and the rest."""
    deck = C.new_deck()
    r.shuffle(deck)
    return deck[:10], deck[10:]


def rollout(hand, number, stream, history, cap=30):
    """Draws until the phase can be laid, the hard player discarding."""
    t = _play(hard_discard, number, list(hand), list(stream), list(history), cap)
    return cap if t is None else t


def solitaire(policy, number, seed, cap=40):
    hand, deck = _deal(random.Random(seed))
    t = _play(policy, number, hand, deck, [], cap)
    return cap if t is None else t


def _position(number, seed):
    """A hand the hard player reached 0-3 turns in, its history, the deck left, and the rng."""
    r = random.Random(seed)
    hand, deck = _deal(r)
    history = []
    if _play(hard_discard, number, hand, deck, history, r.randrange(0, 4)) is not None:
        return None
    return hand, history, deck, r


def _streams(hand, history, r, k):
    unseen = C.new_deck()
    for c in hand:
        unseen.remove(c)
    for e in history:
        unseen.remove(e[2])
    out = []
    for _ in range(k):
        u = list(unseen)
        r.shuffle(u)
        out.append(u)
    return out


def _value(hand, number, streams, history, horizon):
    ts = [rollout(hand, number, s, history) for s in streams]
    if horizon:
        return -sum(1 for t in ts if t <= horizon) / len(ts)
    return sum(ts) / len(ts)


def discard_regret(number, positions, k, horizon):
    total = 0.0
    count = 0
    for seed in range(positions):
        pos = _position(number, seed)
        if pos is None:
            continue
        hand, history, deck, r = pos
        hand.append(deck.pop())
        if solver.missing(hand, CARD_PHASES[number - 1]) == 0 or C.SKIP in hand:
            continue
        d = hard_discard(hand, number, history)
        streams = _streams(hand, history, r, k)
        vals = []
        done = []
        for c in hand:
            if c in done:
                continue
            done.append(c)
            rest = list(hand)
            rest.remove(c)
            vals.append((_value(rest, number, streams, history + [(0, DISCARD, c)], horizon), c))
        best = min([v for v, _ in vals])
        mine = [v for v, c in vals if c == d][0]
        total += mine - best
        count += 1
    return total / max(1, count), count


def take_regret(number, positions, k):
    total = 0.0
    count = 0
    phase = CARD_PHASES[number - 1]
    for seed in range(positions):
        pos = _position(number, seed + 777)
        if pos is None:
            continue
        hand, history, deck, r = pos
        offer = deck.pop()
        if offer >= 0x40:
            continue
        streams = _streams(hand + [offer], history, r, k)
        takes = solver.missing(hand + [offer], phase) < solver.missing(hand, phase)
        h2 = hand + [offer]
        if solver.missing(h2, phase) == 0:
            vt = 0.0
        else:
            d = hard_discard(h2, number, history)
            h2.remove(d)
            vt = _value(h2, number, streams, history + [(0, DISCARD, d)], 0)
        vd = _value(hand, number, streams, history, 0) - 1
        total += max(0.0, vt - vd) if takes else max(0.0, vd - vt)
        count += 1
    return total / max(1, count), count


def _players(seed):
    """A hard player in seat 0 and three normal ones (the tournament's generators per seat)."""
    from tools.tournament import resolve, seat_players

    return seat_players(resolve("phase10")[1], ["hard", "normal", "normal", "normal"], seed)


def table_positions(count, seed, laid=False):
    """``count`` (state, the hard player's move) at its discards before laying down, every third
    one (``laid``: after laying down, every second one), in classic games of a hard player (seat
    0) and three normal ones; and how many such discards it made per hand in those games (a
    Skip's too)."""
    from shared_rules.phase10.game import Phase10, PLAY

    out = []
    game = 0
    discards = hands = 0
    while len(out) < count:
        st = Phase10(4, seed=seed + game)
        players = _players(seed + game)
        game += 1
        seen = 0
        hand = None
        while st.pending is not None and len(out) < count:
            if st.hand_no != hand:
                hand = st.hand_no
                hands += 1
            seat, kind = st.pending
            move = players[seat].choose(st.view(seat))
            if seat == 0 and kind == PLAY and bool(st.laid[0]) == laid and move[0] == DISCARD:
                discards += 1
                if C.SKIP not in st.hands[0] and len(set(st.hands[0])) > 1:
                    seen += 1
                    if seen % (2 if laid else 3) == 0:
                        out.append((copy.deepcopy(st), move))
            st.apply(move)
    return out, discards / float(hands)


def _redeal(st, k):
    """The state with the cards hidden from seat 0 (other hands, draw pile) dealt anew, each
    hand keeping its size (what seat 0 saw an opponent take is not kept in that hand)."""
    w = copy.deepcopy(st)
    pool = []
    for s in range(1, w.n):
        pool.extend(w.hands[s])
    pool.extend(w.draw_pile)
    random.Random(k).shuffle(pool)
    for s in range(1, w.n):
        size = len(w.hands[s])
        w.hands[s] = pool[:size]
        pool = pool[size:]
    w.draw_pile = pool
    return w


def _hand_value(world, move, k):
    """The rest of the hand after ``move``: seat 0's phase advance less the others' mean."""
    st = copy.deepcopy(world)
    hand = st.hand_no
    before = [st.completed(s) for s in range(st.n)]
    st.apply(move)
    players = _players(k)
    while st.pending is not None and st.hand_no == hand:
        seat = st.pending[0]
        st.apply(players[seat].choose(st.view(seat)))
    adv = [st.completed(s) - before[s] for s in range(st.n)]
    return adv[0] - sum(adv[1:]) / (st.n - 1.0)


def table_regret(args):
    """Cross-validated regret of the hard player's discard at one position (``(state, move,
    K)``), the uncorrected one, and the position's phase."""
    st, mine, k_count = args
    cands = []
    for c in st.hands[0]:
        if (DISCARD, c) not in cands:
            cands.append((DISCARD, c))
    vals = dict((m, []) for m in cands)
    for k in range(k_count):
        w = _redeal(st, 1000003 * k + 17)
        for m in cands:
            vals[m].append(_hand_value(w, m, k))

    def mean(m, half):
        v = vals[m][half::2]
        return sum(v) / len(v)

    best = [max(cands, key=lambda m: mean(m, h)) for h in (0, 1)]
    cv = 0.5 * ((mean(best[0], 1) - mean(mine, 1)) + (mean(best[1], 0) - mean(mine, 0)))
    full = dict((m, sum(v) / len(v)) for m, v in vals.items())
    return cv, max(full.values()) - full[mine], st.phase_of(0)


def table(positions, k_count, seed, jobs, laid=False):
    found, per_hand = table_positions(positions, seed, laid)
    pos = [(st, m, k_count) for st, m in found]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            res = pool.map(table_regret, pos, chunksize=1)
    else:
        res = [table_regret(p) for p in pos]
    cv = [r[0] for r in res]
    m = sum(cv) / len(cv)
    sd = math.sqrt(sum((x - m) ** 2 for x in cv) / max(1, len(cv) - 1))
    return m, 1.96 * sd / math.sqrt(len(cv)), sum(r[1] for r in res) / len(res), len(res), per_hand


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.p10_teacher",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--phase", type=int, default=7)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--rollouts", type=int, default=150)
    ap.add_argument("--horizon", type=int, default=0)
    ap.add_argument("--take", action="store_true")
    ap.add_argument("--table", action="store_true",
                    help="discards in real games against three normal players (see above)")
    ap.add_argument("--laid", action="store_true", help="--table: discards after laying down")
    ap.add_argument("--seed", type=int, default=1000, help="--table: the first game's seed")
    ap.add_argument("--jobs", type=int, default=1, help="--table: processes")
    ap.add_argument("--compare", type=int, default=0, metavar="DEALS",
                    help="mean draws to lay every phase, normal vs hard discard, on DEALS deals")
    a = ap.parse_args(argv)
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    if a.compare:
        for number in range(1, 11):
            g = sum(solitaire(normal_discard, number, s) for s in range(a.compare)) / a.compare
            h = sum(solitaire(hard_discard, number, s) for s in range(a.compare)) / a.compare
            print("phase %2d  normal %.2f  hard %.2f draws" % (number, g, h))
        return
    if a.table:
        if a.rollouts < 2 or a.positions < 1:
            ap.error("--table needs a position and at least 2 rollouts (the regret is scored on "
                     "two halves)")
        m, ci, raw, n, per_hand = table(a.positions, a.rollouts, a.seed, a.jobs, a.laid)
        when = "after" if a.laid else "before"
        print("table: discard regret %s laying down %.4f ± %.4f (95%%; the hard player's phase "
              "advance in the hand less the others' mean; uncorrected %.4f) over %d positions, %d "
              "rollouts each; %.2f discards %s laying down per hand" % (
                  when, m, ci, raw, n, a.rollouts, per_hand, when))
        return
    if a.take:
        reg, n = take_regret(a.phase, a.positions, a.rollouts)
        print("phase %d: take regret %.3f draws over %d positions" % (a.phase, reg, n))
    else:
        reg, n = discard_regret(a.phase, a.positions, a.rollouts, a.horizon)
        what = "chance to lay within %d draws" % a.horizon if a.horizon else "draws"
        print("phase %d: discard regret %.3f (%s) over %d positions" % (a.phase, reg, what, n))


if __name__ == "__main__":
    sys.exit(main())
