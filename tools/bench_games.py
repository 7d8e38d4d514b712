"""Benchmark: full Phase 10 games per second on CPython with the greedy player.

    python -m tools.bench_games [--games N] [--players P]

Prints games per second and decisions per second for 4-player games of each edition (the target
is at least 20 games per second for classic), with the solver's shape cache off (as on a board)
and on (as in the desktop tools).
"""

import argparse
import time

from shared_rules import solver
from shared_rules.desktop.selfplay import SelfPlay


def run(games, players, edition, cache):
    decisions = 0
    hands = 0
    start = time.perf_counter()
    for seed in range(1, games + 1):
        solver.CACHE_MAX = cache
        sp = SelfPlay(seed, players, "greedy", edition, keep_record=False)
        g = sp.run()
        decisions += sp.decisions
        hands += g.hand_no
    seconds = time.perf_counter() - start
    return games / seconds, decisions / seconds, hands / games


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_games")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=4)
    a = p.parse_args(argv)
    for edition in ("classic", "2020"):
        for cache in (0, solver.DESKTOP_CACHE):
            solver.clear_cache()
            gps, dps, hpg = run(a.games, a.players, edition, cache)
            print("%-7s %d players, solver cache %5d: %7.1f games/s  %8.0f decisions/s  %.1f hands/game"
                  % (edition, a.players, cache, gps, dps, hpg))


if __name__ == "__main__":
    main()
