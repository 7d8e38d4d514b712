"""Benchmark: full Phase 10 games per second on CPython with the greedy player.

    python -m tools.bench_games [--games N] [--players P]

Prints games per second and decisions per second for 4-player classic games (the target is at
least 20 games per second), first with the solver's cache cold for every game, then warm, plus
the mean time per decision of the slowest kind.
"""

import argparse
import time

from shared_rules import solver
from shared_rules.selfplay import SelfPlay


def run(games, players, edition, cold):
    decisions = 0
    hands = 0
    start = time.perf_counter()
    for seed in range(1, games + 1):
        if cold:
            solver.clear_cache()
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
        for cold in (True, False):
            gps, dps, hpg = run(a.games, a.players, edition, cold)
            print("%-7s %d players, cache %-4s: %7.1f games/s  %8.0f decisions/s  %.1f hands/game"
                  % (edition, a.players, "cold" if cold else "warm", gps, dps, hpg))


if __name__ == "__main__":
    main()
