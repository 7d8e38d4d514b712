"""Tournament: how strong the computer players of a game are, on paired seats.

    python -m tools.tournament --game phase10 [--edition classic|2020] [--option KEY=VALUE]
        --seats hard,normal,normal,normal --games N --seed S [--jobs N] [--json] [--plot FILE.png]

``--games N`` deals (seeds S, S+1, ...) are each played once per rotation of ``--seats``, so
every level sits in every seat on every deal and seat advantages cancel out (the 2020 edition's
Skip and the first turn favour some seats). For each level it prints its share of the wins (a
shared win counts as a fraction) with a 95% confidence interval clustered by deal (the games of
one deal are not independent), its fair share, its mean finishing place, and the hands (rounds)
per game. A progress bar runs on stderr when it is a terminal. ``--plot`` draws the win shares
with their intervals as a bar chart (pillow). ``--jobs`` plays deals in that many processes.

The game and its players come from the registry (``shared_rules.registry``).
"""

import argparse
import json
import math
import sys
import time

from shared_rules import registry, solver
from shared_rules.rng import Rng

LEVELS = ("random", "easy", "normal", "hard")


# ------------------------------------------------------------------------------- games

def _playable(entry):
    """The entry's rules module if this tree can play it (``new_game`` and ``PLAYERS``), else
    None."""
    try:
        mod = registry.module(entry)
    except Exception:
        return None
    if hasattr(mod, "new_game") and hasattr(mod, "PLAYERS"):
        return mod
    return None


def game_keys():
    """Keys of the registered games that can be played."""
    return [e.key for e in registry.GAMES if _playable(e) is not None]


def resolve(key):
    """``(new_game(players, options, seed), bot(level, rng), (min, max players))`` for a game."""
    entry = registry.by_key(key)
    module = _playable(entry)
    if module is None:
        raise SystemExit("game '" + key + "' cannot be played (no new_game or PLAYERS)")

    def new_game(players, options, seed):
        return module.new_game(players, registry.options(entry, options), Rng(seed))

    def bot(level, rng):
        return registry.player(module, level, rng)

    return new_game, bot, (entry.min_players, entry.max_players)


def ranking(state):
    """Finishing place per seat (1 = won): the game's own ``ranking()``, or winners first and
    everyone else second."""
    if hasattr(state, "ranking"):
        return list(state.ranking())
    return [1 if s in state.winners else 2 for s in range(state.n)]


def seat_players(bot, seats, seed):
    """The players of one game: ``seats[i]``'s level, each with a generator of its own drawn
    from the deal's seed and the seat."""
    return [bot(seats[i], Rng((seed * 7919 + i * 104729 + 1) & 0x3FFFFFFF))
            for i in range(len(seats))]


def play_one(game, seats, options, seed, max_decisions=100000):
    """One game; ``(winners, places, rounds)``."""
    new_game, bot, _ = game
    state = new_game(len(seats), options, seed)
    players = seat_players(bot, seats, seed)
    decisions = 0
    while state.pending is not None:
        seat = state.pending[0]
        state.apply(players[seat].choose(state.view(seat)))
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError("game with seed %d did not end" % seed)
    rounds = getattr(state, "round_no", None)
    if rounds is None:
        rounds = getattr(state, "hand_no", 0)
    return list(state.winners), ranking(state), rounds


# ------------------------------------------------------------------------------- paired deals

def play_deal(args):
    """Every rotation of ``seats`` on one deal; per level: [wins, place sum, seats], and the
    rounds of every game."""
    key, seats, options, seed = args
    game = resolve(key)
    n = len(seats)
    per = {}
    rounds = []
    for r in range(n):
        rot = seats[r:] + seats[:r]  # seat s plays rot[s]
        winners, places, hands = play_one(game, rot, options, seed)
        rounds.append(hands)
        for s in range(n):
            lv = rot[s]
            rec = per.setdefault(lv, [0.0, 0, 0])
            if s in winners:
                rec[0] += 1.0 / len(winners)
            rec[1] += places[s]
            rec[2] += 1
    return seed, per, rounds


def summarise(results, seats):
    """Figures per level from the deals' results: win share, its clustered 95% interval, fair
    share, mean place; and the hands per game."""
    n = len(seats)
    levels = []
    for lv in seats:
        if lv not in levels:
            levels.append(lv)
    d = len(results)
    out = {}
    for lv in levels:
        count = seats.count(lv)
        # per deal: the level's wins over its seat-games in that deal (n games x count seats
        # of the level; each game has one unit of wins to share, so a share of games won)
        ys = []
        places = 0
        seatgames = 0
        for _, per, _ in results:
            rec = per[lv]
            ys.append(rec[0] / n)  # games won by the level on this deal, per game
            places += rec[1]
            seatgames += rec[2]
        mean = sum(ys) / d
        if d > 1:
            var = sum((y - mean) ** 2 for y in ys) / (d - 1)
            half = 1.96 * math.sqrt(var / d)
        else:
            half = float("nan")
        out[lv] = {
            "seats": count,
            "win_share": mean,
            "ci95": [mean - half, mean + half],
            "fair_share": count / n,
            "per_seat_share": mean / count,
            "mean_place": places / seatgames,
        }
    hands = []
    for _, _, rounds in results:
        hands.extend(rounds)
    return out, sum(hands) / len(hands)


def progress_bar(done, total, start, width=30):
    filled = width * done // total
    el = time.time() - start
    eta = el * (total - done) / done if done else 0
    return "\r[%s%s] %d/%d deals  %.0fs elapsed, %.0fs left " % (
        "#" * filled, "." * (width - filled), done, total, el, eta)


def run(key, seats, options, games, seed, jobs=1, progress=False):
    """Play ``games`` deals; the summary as a dict."""
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    tasks = [(key, seats, options, seed + i) for i in range(games)]
    results = []
    start = time.time()
    cpu = time.process_time()
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for r in pool.imap_unordered(play_deal, tasks, chunksize=max(1, min(20, games // (jobs * 8)))):
                results.append(r)
                if progress:
                    sys.stderr.write(progress_bar(len(results), games, start))
    else:
        for t in tasks:
            results.append(play_deal(t))
            if progress:
                sys.stderr.write(progress_bar(len(results), games, start))
    if progress:
        sys.stderr.write("\n")
    results.sort(key=lambda r: r[0])
    levels, hands = summarise(results, seats)
    return {
        "game": key, "options": options, "seats": seats, "deals": games,
        "games": games * len(seats), "seed": seed, "levels": levels,
        "hands_per_game": hands, "seconds": round(time.time() - start, 1),
        "cpu_seconds_main": round(time.process_time() - cpu, 1),
    }


def plot(summary, path):
    """A bar chart of the win shares with their 95% intervals and the fair share (pillow)."""
    from PIL import Image, ImageDraw
    levels = list(summary["levels"].keys())
    w, h = max(480, 120 + 110 * len(levels)), 380
    img = Image.new("RGB", (w, h), "white")
    dr = ImageDraw.Draw(img)
    hi = max([v["ci95"][1] for v in summary["levels"].values()]
             + [v["fair_share"] for v in summary["levels"].values()] + [0.1])
    top = min(1.0, math.ceil(hi * 10 + 0.5) / 10)
    x0, y0, y1 = 60, 50, h - 50

    def y(v):
        return y1 - (y1 - y0) * v / top

    for k in range(0, int(round(top * 10)) + 1):
        v = k / 10
        dr.line([(x0 - 4, y(v)), (w - 20, y(v))], fill=(225, 225, 225))
        dr.text((8, y(v) - 6), "%d%%" % round(v * 100), fill="black")
    dr.line([(x0, y0), (x0, y1), (w - 20, y1)], fill="black")
    for i, lv in enumerate(levels):
        v = summary["levels"][lv]
        cx = x0 + 60 + 110 * i
        dr.rectangle([cx - 30, y(v["win_share"]), cx + 30, y1], fill=(70, 120, 200))
        lo, up = v["ci95"]
        if lo == lo:  # not NaN
            dr.line([(cx, y(max(0, lo))), (cx, y(min(top, up)))], fill="black", width=2)
            dr.line([(cx - 10, y(max(0, lo))), (cx + 10, y(max(0, lo)))], fill="black", width=2)
            dr.line([(cx - 10, y(min(top, up))), (cx + 10, y(min(top, up)))], fill="black", width=2)
        fy = y(v["fair_share"])
        dr.line([(cx - 40, fy), (cx + 40, fy)], fill=(200, 40, 40), width=1)
        dr.text((cx - 30, y1 + 8), "%s x%d" % (lv, v["seats"]), fill="black")
        dr.text((cx - 30, y1 + 24), "%.1f%%" % (100 * v["win_share"]), fill="black")
    opts = " ".join("%s=%s" % kv for kv in sorted(summary["options"].items()))
    dr.text((x0, 8), "%s: %d deals x %d rotations, seeds from %d"
            % ((summary["game"] + " " + opts).strip(), summary["deals"], len(summary["seats"]), summary["seed"]),
            fill="black")
    dr.text((x0, 24), "win share; whiskers: 95% CI clustered by deal; red: fair share", fill="black")
    img.save(path)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.tournament", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="phase10")
    p.add_argument("--edition", default=None, help="Phase 10: classic or 2020")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a variant of the game (repeatable), e.g. progression=free")
    p.add_argument("--seats", default="hard,normal,normal,normal",
                   help="one level per seat: " + ", ".join(LEVELS))
    p.add_argument("--games", type=int, default=200, help="deals, each played once per rotation")
    p.add_argument("--seed", type=int, default=100000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--plot", metavar="FILE.png")
    a = p.parse_args(argv)
    if a.game not in game_keys():
        p.error("unknown game '%s' (%s)" % (a.game, ", ".join(game_keys())))
    seats = [s.strip() for s in a.seats.split(",") if s.strip()]
    seats = ["normal" if s == "greedy" else s for s in seats]
    for s in seats:
        if s not in LEVELS:
            p.error("unknown level '%s' (%s)" % (s, ", ".join(LEVELS)))
    lo, hi = resolve(a.game)[2]
    if not lo <= len(seats) <= hi:
        p.error("%s is played by %d to %d players" % (a.game, lo, hi))
    if a.games < 1:
        p.error("--games must be at least 1")
    options = {}
    if a.edition:
        options["edition"] = a.edition
    for kv in a.option:
        if "=" not in kv:
            p.error("--option takes KEY=VALUE")
        k, v = kv.split("=", 1)
        options[k] = v
    r = run(a.game, seats, options, a.games, a.seed, a.jobs,
            progress=not a.json and sys.stderr.isatty())
    if a.plot:
        plot(r, a.plot)
    if a.json:
        print(json.dumps(r))
        return 0
    opts = " ".join("%s=%s" % kv for kv in sorted(options.items()))
    print("%s: %d deals x %d rotations = %d games, seats %s, seeds %d.."
          % ((a.game + " " + opts).strip(), a.games, len(seats), r["games"], ",".join(seats), a.seed))
    print("level    seats  win share  95% CI (by deal)   fair   mean place")
    for lv, v in r["levels"].items():
        print("%-8s %5d  %8.1f%%  [%5.1f, %5.1f]     %5.1f%%  %6.2f" % (
            lv, v["seats"], 100 * v["win_share"], 100 * v["ci95"][0], 100 * v["ci95"][1],
            100 * v["fair_share"], v["mean_place"]))
    print("hands per game: %.2f   (%.0f s)" % (r["hands_per_game"], r["seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
