"""Benchmark of the phase solver (shared_rules/solver/__init__.py); prints figures, asserts nothing.

    python -m tools.bench_solver [--hands N] [--seed S] [--turns T]

1. Without the cache: for every phase of both tables, the mean and max microseconds of one
   ``missing()`` and one ``solve()`` call over N random 11-card hands with exactly two wilds
   (card game: 9 cards from the deck without Wilds, Skips included, plus two Wilds; board game:
   9 number cards plus two jokers). Target: mean under 1000 us.
2. With the cache: a stream of hands from random play (a greedy player per table drawing,
   trying every discard with ``missing()``, laying with ``solve()`` and moving to the next
   phase), timed with the cache on (solver.DESKTOP_CACHE) and off; prints the hit rate.
"""

import sys
import time

from shared_rules import solver
from shared_rules.cards import WILD, SKIP, new_deck
from shared_rules.desktop.phases import describe
from shared_rules.phase10.phases import CARD_PHASES
from shared_rules.phase10board.phases import BOARD_PHASES
from shared_rules.rng import Rng

try:
    _ns = time.perf_counter_ns
except AttributeError:  # pragma: no cover
    def _ns():
        return int(time.perf_counter() * 1e9)


def two_wild_hands(rng, board, count):
    """``count`` hands of 9 non-wild cards and 2 wilds."""
    base = [c for c in new_deck() if c != WILD and (not board or c != SKIP)]
    out = []
    for _ in range(count):
        deck = list(base)
        rng.shuffle(deck)
        hand = deck[:9]
        for _ in range(2):
            hand.append(0x80 | (16 * rng.below(4) + 1 + rng.below(12)) if board else WILD)
        rng.shuffle(hand)
        out.append(hand)
    return out


def time_calls(fn, hands, phase):
    total = 0
    worst = 0
    for hand in hands:
        t0 = _ns()
        fn(hand, phase)
        t = _ns() - t0
        total += t
        if t > worst:
            worst = t
    return total / len(hands) / 1000.0, worst / 1000.0


def bench_nocache(count, seed):
    solver.CACHE_MAX = 0
    solver.clear_cache()
    print("1. without cache: %d random 11-card hands with two wilds per phase (microseconds)" % count)
    print("%-6s %-5s %-34s %9s %9s %9s %9s" % ("table", "phase", "", "miss.mean", "miss.max",
                                               "solve.mean", "solve.max"))
    worst_mean = 0.0
    for table, phases in (("card", CARD_PHASES), ("board", BOARD_PHASES)):
        for i, phase in enumerate(phases):
            rng = Rng(seed + 100 * i + (5000 if table == "board" else 0))
            hands = two_wild_hands(rng, table == "board", count)
            solver.solve(hands[0], phase)  # build the phase's tables outside the timing
            m_mean, m_max = time_calls(solver.missing, hands, phase)
            s_mean, s_max = time_calls(solver.solve, hands, phase)
            worst_mean = max(worst_mean, m_mean, s_mean)
            print("%-6s %-5d %-34s %9.1f %9.1f %9.1f %9.1f" % (table, i + 1, describe(phase)[:34],
                                                             m_mean, m_max, s_mean, s_max))
    print("worst mean: %.1f us (target: under 1000 us)" % worst_mean)


def play_stream(seed, turns, board):
    """The (function, hand, phase) calls a greedy player makes in ``turns`` turns of play."""
    rng = Rng(seed)
    phases = BOARD_PHASES if board else CARD_PHASES
    calls = []
    phase_no = 0
    deck = []
    hand = []
    discard = []
    for turn in range(turns):
        if not hand or len(deck) < 2:
            deck = [c for c in new_deck() if not board or c < 0x40]
            rng.shuffle(deck)
            hand = [deck.pop() for _ in range(10)]
            discard = [deck.pop()]
        phase = phases[phase_no]
        top = discard[-1]
        solver.missing(hand, phase)  # the draw decision: is the discard worth taking?
        calls.append((0, list(hand), phase))
        calls.append((0, hand + [top], phase))
        if top != SKIP and solver.missing(hand + [top], phase) < solver.missing(hand, phase):
            hand.append(discard.pop())
        else:
            c = deck.pop()
            if board and rng.below(8) == 0:
                c |= 0x80  # a joker (P10B-14)
            hand.append(c)
        calls.append((1, list(hand), phase))
        m, groups = solver.solve(hand, phase)
        if m == 0:  # lay the phase, move on, deal again
            phase_no = (phase_no + 1) % len(phases)
            hand = []
            continue
        best = None
        for i in range(len(hand)):
            rest = hand[:i] + hand[i + 1:]
            calls.append((0, rest, phase))
            v = solver.missing(rest, phase)
            if best is None or v < best[0] or (v == best[0] and rng.below(2) == 0):
                best = (v, i)
        discard.append(hand.pop(best[1]))
    return calls


def run_stream(calls):
    total = 0
    misses = 0
    for kind, hand, phase in calls:
        before = solver.cache_size()
        t0 = _ns()
        if kind:
            solver.solve(hand, phase)
        else:
            solver.missing(hand, phase)
        total += _ns() - t0
        if solver.cache_size() != before:
            misses += 1
    return total / len(calls) / 1000.0, misses


def bench_cache(seed, turns):
    print()
    print("2. a stream of calls from greedy play (%d turns per table)" % turns)
    for table in ("card", "board"):
        solver.CACHE_MAX = 0
        calls = play_stream(seed + (1 if table == "board" else 0), turns, table == "board")
        off, _ = run_stream(calls)
        solver.CACHE_MAX = solver.DESKTOP_CACHE
        solver.clear_cache()
        on, misses = run_stream(calls)
        n = len(calls)
        print("%-6s %7d calls: hit rate %5.1f%%, %d shapes cached; mean %.1f us with cache, "
              "%.1f us without" % (table, n, 100.0 * (n - misses) / n, solver.cache_size(), on, off))
    solver.clear_cache()


def main(argv):
    count = 10000
    seed = 1
    turns = 3000
    i = 0
    while i < len(argv):
        if argv[i] == "--hands":
            count = int(argv[i + 1])
        elif argv[i] == "--seed":
            seed = int(argv[i + 1])
        elif argv[i] == "--turns":
            turns = int(argv[i + 1])
        else:
            print(__doc__)
            return 2
        i += 2
    bench_nocache(count, seed)
    bench_cache(seed, turns)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
