"""Benchmark: how strong the computer players are against each other (a quick look).

    python -m tools.bench_bots [--games N] [--players P] [--edition classic|2020]

One seat of each game plays the player under test, the others play ``greedy``; the seat
rotates with the seed. Prints the tested player's share of the wins (a shared win counts as a
fraction) against the fair share 1/P, and the time per game. Without a confidence interval
and with one game per deal: for figures to quote use ``python -m tools.tournament`` (every
deal in every seat, an interval clustered by deal).
"""

import argparse
import time

from shared_rules import solver
from shared_rules.desktop.selfplay import SelfPlay


def win_share(kind, games, players, edition):
    wins = 0.0
    for seed in range(games):
        seat = seed % players
        kinds = ["greedy"] * players
        kinds[seat] = kind
        g = SelfPlay(seed, players, kinds, edition, keep_record=False).run()
        if seat in g.winners:
            wins += 1.0 / len(g.winners)
    return wins / games


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_bots")
    p.add_argument("--games", type=int, default=800)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--edition", default="classic", choices=["classic", "2020"])
    a = p.parse_args(argv)
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    print("%d games of %d players (%s), one seat against greedy; fair share %.3f"
          % (a.games, a.players, a.edition, 1.0 / a.players))
    for kind in ("random", "easy", "greedy", "hard"):
        t = time.perf_counter()
        share = win_share(kind, a.games, a.players, a.edition)
        ms = (time.perf_counter() - t) * 1000 / a.games
        print("%-7s win share %.3f   %.1f ms per game" % (kind, share, ms))


if __name__ == "__main__":
    main()
