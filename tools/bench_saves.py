"""NVM wear per full game, per board: how many erases the saves cost and how long the board's
flash lasts at that rate.

    .venv/bin/python -m tools.bench_saves [--json] [--board ID ...] [--seeds N]

Each game is played on the emulated board by key presses (tools/phase10_driver.py),
whose NVM writes as that board's CircuitPython 10 does and counts the erases of every erase
unit (emulator/standins.py ``FileNVM``, the rules in emulator/specs.py). Two set-ups, classic
edition, all ten phases:

- ``1p+3c``: one person and three normal computer players;
- ``2p``: two people, pass and play.

For each: hands played, NVM writes, erases of the most-erased unit per game, and the games the
board lasts (the unit's rated erase cycles / erases of it per game), in years at three games a
day. Erases are counted, not timed, so the figures repeat exactly. The goal is 2,000 games.
"""

import argparse
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from emulator import specs  # noqa: E402

SETUPS = (
    ("1p+3c", ("person", "normal", "normal", "normal")),
    ("2p", ("person", "person")),
)
GOAL = 2000
PER_DAY = 3


def play(board_id, kinds, seed, phases="all"):
    """One whole game: (hands, writes, erases per unit)."""
    from tools.phase10_driver import Driver

    d = Driver(board_id, nvm_path=None, seed=seed, bot_seed=seed + 100)
    try:
        d.m.nvm.path = None  # nothing to keep: the NVM stays in memory
        d.boot()
        d.new_game("classic", phases, "standard", kinds)
        d.play_to_end()
        hands = d.top.session.state.hand_no
        d.key("A")  # back to the main menu, as a person does
        return hands, d.m.nvm.writes, list(d.m.nvm.erases)
    finally:
        d.close()


def figures(board_id, seeds=1, phases="all"):
    spec = specs.spec(board_id)
    out = {"board": board_id, "chip": spec.flash.chip, "endurance": spec.flash.endurance,
           "unit": spec.flash.unit, "setups": {}}
    for name, kinds in SETUPS:
        hands = writes = 0
        worst = 0.0
        for s in range(seeds):
            h, w, erases = play(board_id, kinds, 11 + s, phases)
            hands += h
            writes += w
            worst = max(worst, max(erases))
        games = spec.flash.endurance / worst if worst else float("inf")
        out["setups"][name] = {
            "hands": hands / seeds, "writes": writes / seeds, "max_unit_erases": worst,
            "games": int(games) if worst else None,
            "years_at_3_a_day": round(games / PER_DAY / 365, 1) if worst else None,
            "goal_met": games >= GOAL,
        }
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--board", action="append", help="a board id (default: all six)")
    ap.add_argument("--seeds", type=int, default=1, help="games per set-up (default 1)")
    ap.add_argument("--phases", default="all", help="phase list (default all ten)")
    args = ap.parse_args(argv)
    boards = args.board or list(specs.SPECS)
    rows = []
    for b in boards:
        rows.append(figures(b, args.seeds, args.phases))
        if not args.json:
            r = rows[-1]
            for name, f in r["setups"].items():
                print("%-38s %-6s hands %5.1f writes %6.1f max unit erases %5.1f -> %7s games "
                      "(%s years at 3 a day; %s cycles) %s" % (
                          b, name, f["hands"], f["writes"], f["max_unit_erases"],
                          f["games"] if f["games"] is not None else "unlimited",
                          f["years_at_3_a_day"], r["endurance"],
                          "ok" if f["goal_met"] else "BELOW the goal of %d" % GOAL), flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
