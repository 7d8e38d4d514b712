"""The strength match-ups of a game's benchmark (``tools/bench_phase10board.py``,
``tools/bench_dice_express.py``): seeded games whose seat under test rotates with the seed,
between computer players of a rules module that follows the protocol (``new_game``, ``bot``)."""

import importlib
import math
import os

from shared_rules import registry, solver
from shared_rules.rng import Rng


def play(mod, seed, kinds):
    """(the ended game, decisions) of one seeded game between the levels ``kinds``."""
    g = mod.new_game(len(kinds), {}, Rng(seed))
    br = Rng(seed ^ 0x2AAAAAAA)
    bots = [registry.player(mod, k, br) for k in kinds]
    decisions = 0
    while not g.over:
        s = g.pending[0]
        g.apply(bots[s].choose(g.view(s)))
        decisions += 1
    return g, decisions


def win_share(module, length, test, other, players, games, first=0):
    """(wins, the games' ``length`` attribute summed) of ``test`` in seat ``seed % players``
    against ``other`` in the rest, seeds ``first`` ... (arguments a process pool can send)."""
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    mod = importlib.import_module(module)
    wins = 0
    total = 0
    for seed in range(first, first + games):
        seat = seed % players
        kinds = [other] * players
        kinds[seat] = test
        g, _ = play(mod, seed, kinds)
        total += getattr(g, length)
        if seat in g.winners:
            wins += 1
    return wins, total


def _share_job(args):
    return win_share(*args)


def _cpu():
    """CPU seconds of this process and of its finished worker processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def report(module, matches, games, jobs, length="round_no", unit="rounds"):
    """Print each match-up ``(test, other, players, target)`` of ``matches`` over ``games``
    games (in ``jobs`` processes): the win share with a 95% interval, the target, the fair share,
    the games' mean ``length`` (``unit`` per game) and the CPU time of every process."""
    for test, other, players, target in matches:
        t = _cpu()
        if jobs > 1:
            import multiprocessing
            step = (games + jobs - 1) // jobs
            parts = [(module, length, test, other, players, min(step, games - i), i)
                     for i in range(0, games, step)]
            with multiprocessing.Pool(jobs) as pool:
                got = pool.map(_share_job, parts)
            wins = sum([x[0] for x in got])
            total = sum([x[1] for x in got])
        else:
            wins, total = win_share(module, length, test, other, players, games)
        p = wins / games
        half = 1.96 * math.sqrt(p * (1 - p) / games)
        print("%-6s vs %d %-6s %d games: win share %.3f  [%.3f, %.3f]  target %.2f %s  fair %.3f"
              "  %.1f %s/game  (%.1f CPU s)"
              % (test, players - 1, other, games, p, p - half, p + half, target,
                 "ok" if p >= target else "SHORT", 1.0 / players, total / games, unit,
                 _cpu() - t))
