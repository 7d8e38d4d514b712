"""Load times on a SAMD51, predicted: from power-on to the main menu, and from choosing Start
to the game's first screen, for every game, with the app installed as ``tools/deploy.py``
installs it (``.mpy``; ``--py``: the sources, compiled on the board).

    python -m tools.bench_load [--py] [--repeats 5] [--json]

Each figure is the MicroPython Unix port running the firmware with the stand-ins
(``tools.micropython_firmware.run_script``), the least of ``--repeats`` runs. Boot: the CPU time
of ten boots in one run, a power cut between them, less the same harness booting a ``code.py``
that imports nothing (CPU time of the child process, so a busy machine slows nothing measured).
Start: the port's own clock inside one run, from the key A on Start going down to the game's
first screen shown (the runner's ``timing`` marks: the difference of two runs' CPU times was no
larger than their noise); the least of the runs leaves out what other processes took. The
prediction multiplies it by the SAMD51 factor: pystones per CPU second of the same port here
against CircuitPython's published SAMD51 figure (1,520 pystones/s, ``tools.bench_decisions``). Reading files from a board's flash and its FAT filesystem is not in
that factor; the goal is at most 2 s to the main menu and 1 s from Start (issue 24). A boot's
CPU time varies by a few milliseconds here: run it on a quiet machine.
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

from tools.bench_decisions import SAMD51_PYSTONES
from tools.bench_game_ui import PYSTONE
from tools.micropython_firmware import MICROPYTHON, REPO, compiled_tree, run_script

HEAP = 400000  # bytes in all: a collection costs by the heap's size; a board's, with room for the runner

BOOT = "wait 300\nexpect Pocket Phase 10\n"
BOOTS = 10  # boots in one run (a power cut boots again): a boot is small beside a run's noise
GOAL_BOOT_S = 2.0
GOAL_START_S = 1.0


def _cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_of(script, repo):
    """CPU seconds of one run of ``script`` (the run must end well)."""
    before = _cpu()
    r = run_script(script, repo=repo, total_heap=HEAP, probe=False)
    spent = _cpu() - before
    if r.status != 0 and "expect" in script:
        raise SystemExit("the run failed: " + r.message[-800:])
    return spent


def least(xs):
    """The least of repeated CPU times: what the work costs, other processes' interference
    (caches, scheduling) only ever adds to it."""
    return min(xs)


def game_rows():
    """(game name, keys from the main menu to its set-up) of every game the menu lists, with a
    fresh NVM (no Continue row): the games come first, in the registry's order."""
    from shared_rules import registry

    rows = []
    for i, e in enumerate([e for e in registry.GAMES if e.screens is not None]):
        rows.append((e.name, "key DOWN\n" * i + "key A\nwait 300\nexpect " + e.name + "\n"))
    return rows


def pystones():
    """Pystones per CPU second of the Unix port (a child process timed as the runs are)."""
    loops = 20000
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(PYSTONE + "\nProc0(%d)\n" % loops)
        path = f.name
    try:
        before = _cpu()
        subprocess.run([MICROPYTHON, path], check=True, capture_output=True)
        spent = _cpu() - before
        base = _cpu()
        subprocess.run([MICROPYTHON, "-c", "pass"], check=True, capture_output=True)
        spent -= _cpu() - base
    finally:
        os.unlink(path)
    return loops / spent


def measure(repo, repeats):
    stub = tempfile.mkdtemp(prefix="bench-load-stub-")
    try:
        os.makedirs(os.path.join(stub, "firmware"))
        with open(os.path.join(stub, "firmware", "code.py"), "w") as f:
            f.write("import board\n")  # the harness alone: code.py imports nothing of the app
        harness = least([cpu_of("wait 300\n" + "powercut\nwait 300\n" * (BOOTS - 1), stub)
                          for _ in range(repeats)])
    finally:
        shutil.rmtree(stub, ignore_errors=True)
    boots = least([cpu_of(BOOT + ("powercut\n" + BOOT) * (BOOTS - 1), repo) for _ in range(repeats)])
    out = {"boot": (boots - harness) / BOOTS, "start": {}}
    for name, keys in game_rows():
        out["start"][name] = least([start_time(started(keys), repo) for _ in range(repeats)])
    return out


def started(keys):
    """The script from power-on through ``keys`` (to a game's set-up) to Start chosen."""
    return BOOT + keys + "key UP\nkey A\nwait 100\n"  # Start is the set-up's last row


def start_time(script, repo):
    """Seconds from the last key A going down to the game's first screen shown, by the port's
    own clock inside one run (the runner prints both: no other process's start-up is in it)."""
    r = run_script(script, repo=repo, total_heap=HEAP, probe=False, timing=True)
    if r.status != 0:
        raise SystemExit("the run failed: " + r.message[-800:])
    downs = [i for i, (what, key, _) in enumerate(r.clock) if what == "down" and key == "A"]
    shown = [us for what, screen, us in r.clock[downs[-1]:]
             if what == "shown" and screen.startswith("game:")]
    if not shown:
        raise SystemExit("no game screen was shown after Start")
    return (shown[0] - r.clock[downs[-1]][2]) / 1e6


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
        per_s = pystones()
        factor = per_s / SAMD51_PYSTONES
        m = measure(repo, args.repeats)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    result = {"installed_as": ".py" if args.py else ".mpy", "pystones_per_cpu_s": round(per_s),
              "samd51_factor": round(factor, 1),
              "boot_ms_here": round(m["boot"] * 1000, 1),
              "boot_s_samd51": round(m["boot"] * factor, 2),
              "start_ms_here": {k: round(v * 1000, 1) for k, v in m["start"].items()},
              "start_s_samd51": {k: round(v * factor, 2) for k, v in m["start"].items()}}
    result["passes"] = result["boot_s_samd51"] <= GOAL_BOOT_S and all(
        v <= GOAL_START_S for v in result["start_s_samd51"].values())
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return
    print("Load times, the app installed as %s; SAMD51 factor %.0f (%d pystones per CPU second "
          "here, %d on a SAMD51); the least of %d runs" % (
              result["installed_as"], factor, per_s, SAMD51_PYSTONES, args.repeats))
    print("  power-on to the main menu: %6.1f ms here, %5.2f s on a SAMD51 (goal %.0f s)" % (
        result["boot_ms_here"], result["boot_s_samd51"], GOAL_BOOT_S))
    for name in result["start_ms_here"]:
        print("  Start to %-15s %6.1f ms here, %5.2f s on a SAMD51 (goal %.0f s)" % (
            name + ":", result["start_ms_here"][name], result["start_s_samd51"][name], GOAL_START_S))


if __name__ == "__main__":
    main()
