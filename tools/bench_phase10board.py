"""Benchmarks of Phase 10, the board game: speed, computer player strength, the long property run.

    python -m tools.bench_phase10board --speed [--games N] [--repeat R] [--no-cache]
    python -m tools.bench_phase10board --strength [--games N] [--jobs J]
    python -m tools.bench_phase10board --properties N

``--speed``: full four-player games per CPU second with the normal player (``time.process_time``,
``--repeat`` runs, the median; target 10), with the solver's desktop cache unless ``--no-cache``.
``--strength``: the issue's match-ups over ``--games`` games (default 2000) whose seat under test
rotates with the seed: one hard against three normal (target 35%), one normal against three easy
(35%); the win share with a 95% interval. ``--properties N``: N seeded games for each of 2-6
players and each level, checked by ``tools.phase10board_checks.play_checked`` (the cheap checks
at every move, the round trips at a sample; tests/test_phase10board_properties.py plays fewer).
"""

import argparse
import time

from shared_rules.phase10board import game as B
from shared_rules import solver
from tools import strength as strength_tools

MATCHES = (("hard", "normal", 4, 0.35), ("normal", "easy", 4, 0.35))


def play(seed, kinds):
    return strength_tools.play(B, seed, kinds)


def strength(games, jobs):
    strength_tools.report("shared_rules.phase10board.game", MATCHES, games, jobs, "round_no", "rounds")


def speed(games, repeat, cache):
    solver.CACHE_MAX = solver.DESKTOP_CACHE if cache else 0
    rates = []
    decisions = 0
    for _ in range(repeat):
        solver.clear_cache()
        t = time.process_time()
        for seed in range(1, games + 1):
            decisions += play(seed, ["normal"] * 4)[1]
        rates.append(games / (time.process_time() - t))
    rates.sort()
    print("4 players, normal, solver cache %s: %.1f games per CPU second (median of %d runs of %d games;"
          " min %.1f, max %.1f; %d decisions/game); target 10"
          % ("on" if cache else "off", rates[len(rates) // 2], repeat, games, rates[0], rates[-1],
             decisions // (games * repeat)))


def properties(n):
    from tools.phase10board_checks import play_checked

    solver.CACHE_MAX = solver.DESKTOP_CACHE
    t0 = time.process_time()
    for players in range(2, 7):
        for level in ("random", "easy", "normal", "hard"):
            t = time.process_time()
            rounds = 0
            longest = 0
            for seed in range(n):
                g = play_checked(1000 * players + seed, players, level, check_every=1 if seed < 3 else 29)
                rounds += g.round_no
                longest = max(longest, g.round_no)
            print("%d players %-6s %d games checked, all ended with one winner; %.1f rounds/game, max %d (%.1f s)"
                  % (players, level, n, rounds / n, longest, time.process_time() - t), flush=True)
    print("%d games checked in %.0f s CPU" % (20 * n, time.process_time() - t0))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_phase10board")
    p.add_argument("--speed", action="store_true")
    p.add_argument("--strength", action="store_true")
    p.add_argument("--properties", type=int, default=0)
    p.add_argument("--games", type=int, default=0)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--no-cache", action="store_true")
    a = p.parse_args(argv)
    if not (a.speed or a.strength or a.properties):
        a.speed = True
    if a.speed:
        speed(a.games or 20, a.repeat, not a.no_cache)
    if a.strength:
        strength(a.games or 2000, a.jobs)
    if a.properties:
        properties(a.properties)


if __name__ == "__main__":
    main()
