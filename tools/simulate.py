"""Play many games of any registered game between computer players and print statistics.

    python -m tools.simulate --game phase10|phase10board|dice_express --players 2..6 --games N
        --seed S [--VARIANT VALUE ...] [--bots easy|normal|hard|random|mixed|L1,L2,...]
        [--records DIR] [--json]

Variant options come from the registry (Phase 10: ``--edition``, ``--phases``,
``--progression``). Prints games per second, rounds per game (mean, min, max) and wins per seat
(a shared win counts for every winner). ``--records DIR`` writes each game's record as
DIR/game-<seed>.txt; ``--json`` prints the figures as one JSON object instead of text.
"""

import argparse
import json
import os
import sys
import time

from shared_rules import registry
from shared_rules import solver
from shared_rules import RuleError
from shared_rules.desktop import errors as E
from shared_rules.desktop.selfplay import SelfPlay


def progress_bar(done, total, width=30):
    filled = width * done // total
    return "[" + "#" * filled + "." * (width - filled) + "] " + str(done) + "/" + str(total)


def simulate(game, players, games, seed, options=None, bots="normal", records=None,
             show_progress=False):
    """Play ``games`` games with seeds seed, seed+1, ...; returns the figures as a dict."""
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    entry = registry.by_key(game)
    options = registry.options(entry, options)
    rounds = []
    wins = [0] * players
    decisions = 0
    start = time.process_time()
    for i in range(games):
        s = seed + i
        kinds = bots
        if bots == "mixed":
            kinds = ["normal" if (s + k) % 2 else "random" for k in range(players)]
        elif "," in bots:
            kinds = bots.split(",")
        sp = SelfPlay(s, players, kinds, game=game, keep_record=records is not None, **options)
        g = sp.run()
        rounds.append(g.round_no)
        decisions += sp.decisions
        for w in g.winners:
            wins[w] += 1
        if records is not None:
            with open(os.path.join(records, "game-" + str(s) + ".txt"), "w", encoding="utf-8") as f:
                f.write(sp.record_text())
        if show_progress and (i + 1) % max(1, games // 50) == 0:
            sys.stderr.write("\r" + progress_bar(i + 1, games))
            sys.stderr.flush()
    if show_progress:
        sys.stderr.write("\n")
    seconds = time.process_time() - start
    out = {"game": game, "players": players, "games": games, "seed": seed, "bots": bots,
           "cpu_seconds": round(seconds, 3),
           "games_per_second": round(games / seconds, 2) if seconds else None,
           "decisions_per_second": round(decisions / seconds) if seconds else None,
           "rounds_per_game": {"mean": round(sum(rounds) / games, 2), "min": min(rounds), "max": max(rounds)},
           "wins_per_seat": wins}
    out.update(options)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.simulate", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default=registry.GAMES[0].key, choices=[e.key for e in registry.GAMES])
    seen = []
    for e in registry.GAMES:
        for key, label, values in e.variants:
            if key not in seen:
                seen.append(key)
                p.add_argument("--" + key, help=label + " (" + e.key + "): " + ", ".join(values))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="normal", help="easy, normal, hard, random, mixed, or one level per seat: hard,normal,...")
    p.add_argument("--records", metavar="DIR")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    entry = registry.by_key(a.game)
    options = {}
    for key in seen:
        v = getattr(a, key)
        if v is not None:
            options[key] = v
    if a.games < 1:
        p.error("--games must be at least 1")
    try:
        registry.check_players(entry, a.players)
        options = registry.options(entry, options)
    except RuleError as e:
        p.error(E.reason(e))
    if a.records:
        try:
            os.makedirs(a.records, exist_ok=True)
        except OSError as e:
            p.error("cannot create " + a.records + ": " + str(e))
    try:
        r = simulate(a.game, a.players, a.games, a.seed, options, a.bots, a.records,
                     show_progress=not a.json and a.games >= 20 and sys.stderr.isatty())
    except RuleError as e:
        print("simulation failed: " + E.text(e), file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(r))
        return 0
    h = r["rounds_per_game"]
    print("%d games of %s (%s), %d players, %s players" % (
        a.games, a.game, ", ".join(k + " " + options[k] for k, _, _ in entry.variants) or "no variants",
        a.players, a.bots))
    print("games per CPU second: %.1f  (%d decisions per second)" % (r["games_per_second"], r["decisions_per_second"]))
    print("rounds per game: mean %.2f, min %d, max %d" % (h["mean"], h["min"], h["max"]))
    print("wins per seat: " + "  ".join("p%d %d" % (i + 1, w) for i, w in enumerate(r["wins_per_seat"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
