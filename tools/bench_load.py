"""Load times on a SAMD51, predicted: from power-on to the main menu, and from choosing Start
to the game's first screen, for every game, with the app installed as ``tools/deploy.py``
installs it (``.mpy``; ``--py``: the sources, compiled on the board).

    python -m tools.bench_load [--py] [--repeats 5] [--json]

Each figure is the MicroPython Unix port running the firmware with the stand-ins
(``tools.micropython_firmware.run_script``), scaled to a SAMD51 by pystones: the port's here
against CircuitPython's published SAMD51 figure (1,520 pystones/s, ``tools.bench_decisions``).

Both are timed by the app's clock inside one run (the runner's ``timing`` marks): the port's,
less the time the stand-ins spend on what a board does in C (``bitmaptools.blit``,
``Bitmap.fill``: a Python loop over every pixel here, microseconds on a board; a ``Bitmap``'s
subscript, three Python calls a pixel here, a few microseconds of C on a board: a pixel the app
reads or sets one by one counts its index, its value and the call), as a ratio to the pystones
the port runs a second by the same clock at the end of the same run, so that a shared machine's
load moves both; the median of ``--repeats`` runs.

- Boot: from ``code.py`` starting to the app's first sleep, its first screen up.
- Start: from the key A on Start going down to the game's first screen shown.

Reading files from a board's flash and its FAT filesystem is not in these figures; the goal is
at most 2 s to the main menu and 1 s from Start (issue 24).
"""

import argparse
import json
import shutil
import sys
import tempfile

from tools.bench_decisions import SAMD51_PYSTONES
from tools.micropython_firmware import REPO, compiled_tree, run_script

HEAP = 400000  # bytes in all: a collection costs by the heap's size; a board's, with room for the runner

BOOT = "wait 300\nexpect Pocket Phase 10\n"
GOAL_BOOT_S = 2.0
GOAL_START_S = 1.0


def game_rows():
    """(game name, keys from the main menu to its set-up) of every game the menu lists, with a
    fresh NVM (no Continue row): the games come first, in the registry's order."""
    from shared_rules import registry

    rows = []
    for i, e in enumerate([e for e in registry.GAMES if e.screens is not None]):
        rows.append((e.name, "key DOWN\n" * i + "key A\nwait 300\nexpect " + e.name + "\n"))
    return rows


def started(keys):
    """The script from power-on through ``keys`` (to a game's set-up) to Start chosen."""
    return BOOT + keys + "key UP\nkey A\nwait 100\n"  # Start is the set-up's last row


def _timed(script, repo):
    r = run_script(script, repo=repo, total_heap=HEAP, probe=False, timing=True)
    if r.status != 0:
        raise SystemExit("the run failed: " + r.message[-800:])
    return r


def boot_time(repo):
    """(seconds, pystones a second) of one run: from ``code.py`` starting to the app's first
    sleep, its first screen up (the runner's ``code`` and ``ready`` marks), and the port's
    speed by the same clock at the run's end."""
    r = _timed(BOOT, repo)
    code = [us for what, _, us in r.clock if what == "code"][0]
    ready = [us for what, _, us in r.clock if what == "ready"][0]
    return (ready - code) / 1e6, r.pystones


def start_time(script, repo):
    """(seconds, pystones a second) of one run: from the last key A going down to the game's
    first screen shown, by the app's clock inside the run (the runner prints both: no other
    process's start-up is in it), and the port's speed timed by the same clock at the run's end.
    Their ratio to a SAMD51's pystones is the time on a board, whatever the machine's load."""
    r = _timed(script, repo)
    downs = [i for i, (what, key, _) in enumerate(r.clock) if what == "down" and key == "A"]
    shown = [us for what, screen, us in r.clock[downs[-1]:]
             if what == "shown" and screen.startswith("game:")]
    if not shown:
        raise SystemExit("no game screen was shown after Start")
    return (shown[0] - r.clock[downs[-1]][2]) / 1e6, r.pystones


def median_run(runs):
    """The run whose SAMD51 figure (seconds here times pystones here) is the median."""
    runs = sorted(runs, key=lambda run: run[0] * run[1])
    return runs[len(runs) // 2]


def measure(repo, repeats):
    """{"boot": (seconds, pystones), "start": {game name: (seconds, pystones)}}, median runs."""
    out = {"boot": median_run([boot_time(repo) for _ in range(repeats)]), "start": {}}
    for name, keys in game_rows():
        out["start"][name] = median_run([start_time(started(keys), repo) for _ in range(repeats)])
    return out


def _figures(run):
    seconds, pystones = run
    return {"ms_here": round(seconds * 1000, 1), "pystones_here": pystones,
            "s_samd51": round(seconds * pystones / SAMD51_PYSTONES, 2)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--py", action="store_true", help="the app installed as .py (compiled on the board)")
    ap.add_argument("--repeats", type=int, default=9)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    tmp = None
    repo = REPO
    if not args.py:
        tmp = tempfile.mkdtemp(prefix="bench-load-")
        repo = compiled_tree(tmp)
    try:
        m = measure(repo, args.repeats)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    result = {"installed_as": ".py" if args.py else ".mpy", "runs": args.repeats,
              "samd51_pystones": SAMD51_PYSTONES, "boot": _figures(m["boot"]),
              "start": {name: _figures(run) for name, run in m["start"].items()}}
    result["passes"] = result["boot"]["s_samd51"] <= GOAL_BOOT_S and all(
        v["s_samd51"] <= GOAL_START_S for v in result["start"].values())
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return
    print("Load times, the app installed as %s, on a SAMD51 at %d pystones a second; the median "
          "of %d runs (pystones here: the port's in that run)" % (
              result["installed_as"], SAMD51_PYSTONES, args.repeats))
    rows = [("power-on to the main menu:", result["boot"], GOAL_BOOT_S)]
    rows += [("Start to %s:" % name, v, GOAL_START_S) for name, v in result["start"].items()]
    for what, v, goal in rows:
        print("  %-27s %5.1f ms here (%6d pystones/s), %5.2f s on a SAMD51 (goal %.0f s)" % (
            what, v["ms_here"], v["pystones_here"], v["s_samd51"], goal))


if __name__ == "__main__":
    main()
