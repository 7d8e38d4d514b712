"""Play many Phase 10 games between the baseline computer players and print statistics.

    python -m tools.simulate --game phase10 --edition classic|2020 --players 2..6 --games N
        --seed S [--phases all|5|8|odd|even] [--progression standard|everyone|free]
        [--bots easy|greedy|hard|random|mixed] [--records DIR] [--json]

Prints games per second, hands per game (mean, min, max) and wins per seat (a shared win counts
for every winner). ``--records DIR`` writes each game's record as DIR/game-<seed>.txt;
``--json`` prints the figures as one JSON object instead of text.
"""

import argparse
import json
import os
import sys
import time

from shared_rules import solver
from shared_rules.errors import RuleError
from shared_rules.selfplay import SelfPlay


def progress_bar(done, total, width=30):
    filled = width * done // total
    return "[" + "#" * filled + "." * (width - filled) + "] " + str(done) + "/" + str(total)


def simulate(edition, players, games, seed, phases="all", progression="standard", bots="greedy",
             records=None, show_progress=False):
    """Play ``games`` games with seeds seed, seed+1, ...; returns the figures as a dict."""
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    hands = []
    wins = [0] * players
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        kinds = bots
        if bots == "mixed":
            kinds = ["greedy" if (s + k) % 2 else "random" for k in range(players)]
        sp = SelfPlay(s, players, kinds, edition, phases, progression, keep_record=records is not None)
        game = sp.run()
        hands.append(game.hand_no)
        decisions += sp.decisions
        for w in game.winners:
            wins[w] += 1
        if records is not None:
            with open(os.path.join(records, "game-" + str(s) + ".txt"), "w", encoding="utf-8") as f:
                f.write(sp.record_text())
        if show_progress and (i + 1) % max(1, games // 50) == 0:
            sys.stderr.write("\r" + progress_bar(i + 1, games))
            sys.stderr.flush()
    if show_progress:
        sys.stderr.write("\n")
    seconds = time.perf_counter() - start
    return {
        "game": "phase10", "edition": edition, "players": players, "games": games, "seed": seed,
        "phases": phases, "progression": progression, "bots": bots,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "decisions_per_second": round(decisions / seconds) if seconds else None,
        "hands_per_game": {"mean": round(sum(hands) / games, 2), "min": min(hands), "max": max(hands)},
        "wins_per_seat": wins,
    }


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.simulate", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="phase10", choices=["phase10"])
    p.add_argument("--edition", default="classic", choices=["classic", "2020"])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--phases", default="all", choices=["all", "5", "8", "odd", "even"])
    p.add_argument("--progression", default="standard", choices=["standard", "everyone", "free"])
    p.add_argument("--bots", default="greedy", choices=["easy", "greedy", "hard", "random", "mixed"])
    p.add_argument("--records", metavar="DIR")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if not 2 <= a.players <= 6:
        p.error("--players must be 2..6")
    if a.games < 1:
        p.error("--games must be at least 1")
    if a.records:
        try:
            os.makedirs(a.records, exist_ok=True)
        except OSError as e:
            p.error("cannot create " + a.records + ": " + str(e))
    try:
        r = simulate(a.edition, a.players, a.games, a.seed, a.phases, a.progression, a.bots,
                     a.records, show_progress=not a.json and a.games >= 20 and sys.stderr.isatty())
    except RuleError as e:
        print("simulation failed: " + str(e), file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(r))
        return 0
    h = r["hands_per_game"]
    print("%d games of phase10 (%s, %s phases, %s progression), %d players, %s players"
          % (a.games, a.edition, a.phases, a.progression, a.players, a.bots))
    print("games per second: %.1f  (%d decisions per second)" % (r["games_per_second"], r["decisions_per_second"]))
    print("hands per game: mean %.2f, min %d, max %d" % (h["mean"], h["min"], h["max"]))
    print("wins per seat: " + "  ".join("p%d %d" % (i + 1, w) for i, w in enumerate(r["wins_per_seat"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
