"""Benchmarks of Dice Express: speed, computer player strength, and the long property run.

    python -m tools.bench_dice_express --speed [--games N] [--repeat R]
    python -m tools.bench_dice_express --strength [--games N] [--jobs J]
    python -m tools.bench_dice_express --properties N

``--speed``: full four-player games per CPU second with the normal player (``time.process_time``,
``--repeat`` runs, the median; the target is 100). ``--strength``: the issue's three match-ups,
each over ``--games`` games whose seat under test rotates with the seed: one hard against three
normal (target 35%), hard against normal heads-up (58%), one normal against three easy (35%);
it prints the win share with a 95% interval. ``--properties N``: N seeded games for each of 2-6
players and each level, every move checked (tests/test_dice_express_properties.py plays a few).
"""

import argparse
import time

from shared_rules.dice_express import game as D
from tools import strength as strength_tools

MATCHES = (("hard", "normal", 4, 0.35), ("hard", "normal", 2, 0.58), ("normal", "easy", 4, 0.35))


def play(seed, kinds):
    return strength_tools.play(D, seed, kinds)[0]


def strength(games, jobs):
    strength_tools.report("shared_rules.dice_express.game", MATCHES, games, jobs, "turns", "turns")


def speed(games, repeat):
    rates = []
    decisions = 0
    for _ in range(repeat):
        t = time.process_time()
        for seed in range(1, games + 1):
            g = play(seed, ["normal"] * 4)
            decisions += g.turns
        rates.append(games / (time.process_time() - t))
    rates.sort()
    print("4 players, normal: %.1f games per CPU second (median of %d runs of %d games; min %.1f, max %.1f);"
          " target 100" % (rates[len(rates) // 2], repeat, games, rates[0], rates[-1]))


def properties(n):
    from tools.dice_express_checks import LEVELS, play_checked

    for players in range(2, 7):
        for level in LEVELS:
            t = time.process_time()
            turns = 0
            longest = 0
            for seed in range(n):
                g = play_checked(1000 * players + seed, players, level, check_every=1)
                turns += g.turns
                if g.turns > longest:
                    longest = g.turns
            print("%d players %-6s %d games checked, all ended with a winner; %.0f turns/game, max %d (%.1f s)"
                  % (players, level, n, turns / n, longest, time.process_time() - t))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_dice_express")
    p.add_argument("--speed", action="store_true")
    p.add_argument("--strength", action="store_true")
    p.add_argument("--properties", type=int, default=0)
    p.add_argument("--games", type=int, default=0)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    if not (a.speed or a.strength or a.properties):
        a.speed = True
    if a.speed:
        speed(a.games or 200, a.repeat)
    if a.strength:
        strength(a.games or 2000, a.jobs)
    if a.properties:
        properties(a.properties)


if __name__ == "__main__":
    main()
