"""How long a computer player thinks, and how much it allocates, under MicroPython; and what
that means on a SAMD51 (PyBadge, PyGamer).

    python -m tools.bench_decisions [--decisions N] [--repeats R] [--players P] [--games KEYS]
                                    [--levels LEVELS] [--heap BYTES] [--json]

For every level of every registered game (that has ``new_game`` and ``bot``), one MicroPython
process (the Unix port pinned in requirements.txt, ``-X heapsize=150000`` by default, so the
collector runs as often as on a board whose heap also holds the app) plays seeded games with
every seat at that level until ``N`` decisions (default 2,000) were made. A decision is making the
seat's view and ``bot.choose(view)``.

- Time: CPU time (``time.clock()``, the process's CPU clock; wall time moved several-fold
  between runs on a loaded machine). That clock counts whole milliseconds, so each decision is
  made again and again from the same view (its player's random state restored each time) until
  10 ms of CPU time have passed, and the mean is its time; collections that fall into those
  repeats are included, so a decision's share of collection work is counted at the rate its
  allocations cause it (on the capped heap). The whole play is run ``R`` times (default 1) and
  each decision's median is kept; ``cpu/wall`` shows how loaded the machine was. The same games are played
  ``R`` times (default 3; every run plays the same decisions) and each decision's median is
  kept: p50, p95 and max over the decisions.
- Bytes allocated: the Unix port is a 64-bit build (objects about twice a board's), so the
  same decisions are replayed in the 32-bit WebAssembly port (tests/micropython, Node), one
  top-level call per decision with ``gc.collect()`` as its own call before it (that port
  collects only between calls), ``gc.mem_alloc()`` read around it: exact bytes, as on a board.
  The time pass uses ``-X heapsize=300000`` by default: about 150 KB of a 32-bit board's heap
  in 64-bit objects.

Transfer to a SAMD51: calibration kernels run in the same MicroPython, timed in CPU time
(pystone 1.2; the phase solver on a set+run phase and on a sets phase; building, sorting and
editing lists; and, natively only, a collection of a filled heap). The central factor is the
pystone ratio against CircuitPython's published SAMD51 figure (Metro M4 at 120 MHz, 1,520
pystones/s, as in tools/bench_game_ui.py). No board is at hand to time the other kernels on,
so how far one factor can be off for other code is estimated from how differently the kernels
move between two different MicroPython machines on this desktop (the native Unix port and the
WebAssembly port under Node, whose clock is wall time in milliseconds: each kernel repeated
for 100 ms, the fastest of 3 rounds): a kernel that slows down
k times as much as pystone does there gives the factor times k; the range over the kernels
(and 1) is printed as ``central [low, high]``. Budgets (issue 13): hard p95 <= 300 ms, max <= 1 s; normal and easy
p95 <= 50 ms; at most 16 KB allocated per decision at p95 and 64 KB at the most.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
SAMD51_PYSTONES = 1520
BUDGET_MS = {"hard": (300, 1000), "normal": (50, None), "easy": (50, None)}
ALLOC_BUDGET = (16 * 1024, 64 * 1024)

# Runs inside MicroPython; the host fills in the constants.
PLAYER = r'''
import gc, sys, time
sys.path.insert(0, REPO)
from shared_rules import registry
from shared_rules.rng import Rng
entry = registry.by_key(KEY)
mod = registry.module(entry)
opts = registry.options(entry, {})
ticks = time.ticks_us
diff = time.ticks_diff
clock = time.clock
cpu0 = clock()
wall0 = ticks()
done = 0
seed = SEED
while done < N:
    g = mod.new_game(PLAYERS, opts, Rng(seed))
    rngs = [Rng(seed * 31 + i + 1) for i in range(PLAYERS)]
    bots = [registry.player(mod, LEVEL, rngs[i]) for i in range(PLAYERS)]
    steps = 0
    while g.pending is not None and done < N and steps < 20000:
        seat = g.pending[0]
        # CPU time: clock() counts whole milliseconds, so the decision is made again (its
        # player's random state restored) until MIN_S seconds of CPU time have passed
        st = rngs[seat].state
        k = 0
        t0 = clock()
        while True:
            rngs[seat].state = st
            move = bots[seat].choose(g.view(seat))
            k += 1
            el = clock() - t0
            if el >= MIN_S or k >= 5000:
                break
        print(int(el * 1000000 / k))
        g.apply(move)
        done += 1
        steps += 1
    seed += 1
print("cpu_wall", int((time.clock() - cpu0) * 1000000), diff(ticks(), wall0))
'''

# Calibration kernels: each prints its name and the median microseconds of 7 runs.
KERNELS = r'''
import gc, sys, time
sys.path.insert(0, REPO)
try:
    _clock = time.clock  # CPU time, whole milliseconds (Unix port)
except AttributeError:
    _clock = None
from shared_rules import solver
from shared_rules.phase10.phases import CARD_PHASES
from shared_rules.rng import Rng
r = Rng(5)
hands = []
for i in range(100):
    d = []
    for col in range(4):
        for n in range(1, 13):
            d.append((col << 4) | n)
            d.append((col << 4) | n)
    for _ in range(8):
        d.append(0x40)
    r.shuffle(d)
    hands.append(d[:11])
def k_solver_setrun():
    for h in hands:
        solver.missing(h, CARD_PHASES[1])
def k_solver_sets():
    for h in hands:
        solver.missing(h, CARD_PHASES[6])
def k_lists():
    for h in hands:
        x = list(h)
        x.sort()
        y = [c & 15 for c in x]
        y.remove(y[0])
def k_gc():
    keep = [[i, i + 1] for i in range(600)]
    gc.collect()
    keep = None
    gc.collect()
def k_pystone():
    Proc0(500)
def run(name, f, reps):
    f()
    if _clock is not None:
        # CPU time: repeat until 200 ms of it have passed
        k = 0
        t = _clock()
        while _clock() - t < 0.2:
            f()
            k += 1
        print(name, int((_clock() - t) * 1000000 / k))
        return
    # wall time in whole milliseconds (WebAssembly): repeat to 100 ms, the fastest of 3 rounds
    best = []
    for _ in range(3):
        k = 0
        t = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), t) < 100:
            f()
            k += 1
        best.append(time.ticks_diff(time.ticks_ms(), t) * 1000 // k)
    best.sort()
    print(name, best[0])
'''

KERNEL_RUNS = r'''
run("pystone500", k_pystone, 7)
run("solver_setrun", k_solver_setrun, 7)
run("solver_sets", k_solver_sets, 7)
run("lists", k_lists, 7)
'''
KERNEL_RUNS_NATIVE = 'run("gc_full", k_gc, 7)\n'



def _pystone():
    from tools.bench_game_ui import PYSTONE
    return PYSTONE


def run_micropython(code, heap):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
        path = f.name
    try:
        p = subprocess.run([MICROPYTHON, "-X", "heapsize=" + str(heap), path], cwd=REPO,
                           capture_output=True, text=True, timeout=3600)
    finally:
        os.unlink(path)
    if p.returncode:
        raise SystemExit("MicroPython failed:\n" + p.stdout[-1500:] + p.stderr[-3000:])
    return p.stdout


def run_wasm(code):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
        path = f.name
    try:
        p = subprocess.run(["node", os.path.join(REPO, "tests", "micropython", "run.mjs"), path],
                           cwd=REPO, capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    if p.returncode:
        return None
    return p.stdout


def kernel_times(out):
    t = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2:
            t[parts[0]] = int(parts[1])
    return t


def calibrate(heap):
    """``(central, low, high, details)``: milliseconds on a SAMD51 per millisecond here."""
    code = "REPO = %r\n" % REPO + KERNELS + _pystone() + KERNEL_RUNS + KERNEL_RUNS_NATIVE
    native = kernel_times(run_micropython(code, heap))
    pystones = 500 * 1e6 / native["pystone500"]
    central = pystones / SAMD51_PYSTONES
    details = {"pystones_per_s": round(pystones), "kernels_us_native": native,
               "samd51_pystones_per_s": SAMD51_PYSTONES}
    wasm_out = run_wasm("REPO = '/'\n" + KERNELS.replace("sys.path.insert(0, REPO)\n", "") + _pystone() + KERNEL_RUNS)
    rel = []
    if wasm_out:
        wasm = kernel_times(wasm_out)
        details["kernels_us_wasm"] = wasm
        base = wasm["pystone500"] / native["pystone500"]
        for k in native:
            if k in wasm and native[k] > 0:
                rel.append((k, round((wasm[k] / native[k]) / base, 2)))
        details["kernel_ratio_vs_pystone"] = rel
    if rel:
        lo = min([v for _, v in rel] + [1.0])
        hi = max([v for _, v in rel] + [1.0])
    else:
        lo, hi = 0.5, 2.0
    return central, central * lo, central * hi, details


def percentile(xs, q):
    s = sorted(xs)
    i = (len(s) * q + 99) // 100 - 1
    return s[max(0, min(len(s) - 1, i))]


ALLOC_SETUP = r'''
import gc
from shared_rules import registry
from shared_rules.rng import Rng
entry = registry.by_key(KEY)
mod = registry.module(entry)
opts = registry.options(entry, {})
seed = SEED
def start():
    global g, bots, steps
    g = mod.new_game(PLAYERS, opts, Rng(seed))
    bots = [registry.player(mod, LEVEL, Rng(seed * 31 + i + 1)) for i in range(PLAYERS)]
    steps = 0
start()
def decide():
    return bots[g.pending[0]].choose(g.view(g.pending[0]))
def advance(move):
    global seed, steps
    g.apply(move)
    steps += 1
    if g.pending is None or steps >= 20000:
        seed += 1
        start()
_a = 0
_b = 0
_m = None
'''
ALLOC_STEP = "_a = gc.mem_alloc()\n_m = decide()\n_b = gc.mem_alloc()\nadvance(_m)\nprint(_b - _a)"


def allocations(key, level, players, n, seed):
    """Bytes allocated by each of ``n`` decisions, on the 32-bit WebAssembly port: a collection
    as its own top-level call before each decision (that port collects only between calls), so
    the count is exact. None when Node or the port is missing."""
    try:
        from tools.micropython_host import Session
    except ImportError:
        return None
    consts = "KEY = %r\nLEVEL = %r\nPLAYERS = %d\nSEED = %d\n" % (key, level, players, seed)
    out = []
    try:
        with Session() as mp:
            mp.run(consts + ALLOC_SETUP)
            for _ in range(n):
                mp.run("gc.collect()")
                out.append(int(mp.run(ALLOC_STEP).split()[0]))
    except Exception as e:  # no node / no port: say so, measure the rest
        sys.stderr.write("allocation pass skipped: %s\n" % e)
        return None
    return out


def measure(key, level, players, n, repeats, heap, seed=1):
    consts = "REPO = %r\nKEY = %r\nLEVEL = %r\nPLAYERS = %d\nN = %d\nSEED = %d\nMIN_S = 0.01\n" % (
        REPO, key, level, players, n, seed)
    runs = []
    cpu = 0
    wall = 0
    for _ in range(repeats):
        vals = []
        for line in run_micropython(consts + PLAYER, heap).split("\n"):
            parts = line.split()
            if len(parts) == 3 and parts[0] == "cpu_wall":
                cpu += int(parts[1])
                wall += int(parts[2])
            elif len(parts) == 1:
                vals.append(int(parts[0]))
        runs.append(vals)
    m = min(len(r) for r in runs)
    times = []
    for i in range(m):
        v = sorted(r[i] for r in runs)
        times.append(v[len(v) // 2])
    r = {
        "decisions": m,
        "us_p50": percentile(times, 50), "us_p95": percentile(times, 95), "us_max": max(times),
        "us_mean": sum(times) // m, "cpu_over_wall": round(cpu / wall, 3) if wall else None,
    }
    allocs = allocations(key, level, players, n, seed)
    if allocs:
        r.update({"alloc_p95": percentile(allocs, 95), "alloc_max": max(allocs),
                  "alloc_mean": sum(allocs) // len(allocs)})
    else:
        r.update({"alloc_p95": -1, "alloc_max": -1, "alloc_mean": -1})
    return r


def playable():
    from shared_rules import registry
    out = []
    for e in registry.GAMES:
        try:
            mod = registry.module(e)
        except Exception:
            continue
        if hasattr(mod, "new_game") and hasattr(mod, "PLAYERS"):
            out.append((e.key, list(registry.levels(mod)), e.min_players, e.max_players))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench_decisions", description=__doc__.split("\n\n")[0])
    p.add_argument("--decisions", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=1)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", default=None, help="comma-separated game keys (default: all)")
    p.add_argument("--levels", default=None, help="comma-separated levels (default: all)")
    p.add_argument("--heap", type=int, default=300000)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if not os.path.exists(MICROPYTHON):
        p.error("no MicroPython Unix port at " + MICROPYTHON + " (make test installs it)")
    central, low, high, cal = calibrate(a.heap)
    result = {"heap": a.heap, "calibration": dict(cal, factor=round(central, 1),
                                                    factor_low=round(low, 1), factor_high=round(high, 1)),
              "levels": []}
    if not a.json:
        print("MicroPython Unix port, -X heapsize=%d; gc included; median of %d runs; "
              "bytes allocated on the 32-bit WebAssembly port" % (a.heap, a.repeats))
        print("SAMD51 factor %.0f [%.0f, %.0f] (pystone %d/s here vs %d; kernel spread %s)" % (
            central, low, high, cal["pystones_per_s"], SAMD51_PYSTONES,
            ", ".join("%s %.2f" % kv for kv in cal.get("kernel_ratio_vs_pystone", []))))
        print("%-13s %-7s %6s  %8s %8s %8s   %-24s %-26s %9s %9s" % (
            "game", "level", "n", "p50 ms", "p95 ms", "max ms", "SAMD51 p95 ms", "SAMD51 max ms",
            "alloc p95", "alloc max") + "  cpu/wall")
    games = playable()
    want_games = a.games.split(",") if a.games else None
    want_levels = a.levels.split(",") if a.levels else None
    for key, levels, lo, hi in games:
        if want_games and key not in want_games:
            continue
        players = min(max(a.players, lo), hi)
        for level in levels:
            if want_levels and level not in want_levels:
                continue
            r = measure(key, level, players, a.decisions, a.repeats, a.heap)
            r.update({"game": key, "level": level, "players": players})
            ms = lambda us, f: us * f / 1000.0  # noqa: E731
            r["samd51_ms_p95"] = [round(ms(r["us_p95"], x), 1) for x in (central, low, high)]
            r["samd51_ms_max"] = [round(ms(r["us_max"], x), 1) for x in (central, low, high)]
            budget = BUDGET_MS.get(level)
            ok = True
            if budget:
                ok = r["samd51_ms_p95"][0] <= budget[0] and (budget[1] is None or r["samd51_ms_max"][0] <= budget[1])
            ok = ok and r["alloc_p95"] <= ALLOC_BUDGET[0] and r["alloc_max"] <= ALLOC_BUDGET[1]
            r["within_budget"] = ok
            result["levels"].append(r)
            if not a.json:
                print("%-13s %-7s %6d  %8.2f %8.2f %8.2f   %-24s %-26s %9d %9d %s" % (
                    key, level, r["decisions"], r["us_p50"] / 1000, r["us_p95"] / 1000, r["us_max"] / 1000,
                    "%.0f [%.0f, %.0f]" % tuple(r["samd51_ms_p95"]),
                    "%.0f [%.0f, %.0f]" % tuple(r["samd51_ms_max"]),
                    r["alloc_p95"], r["alloc_max"], "ok" if ok else "OVER BUDGET") + "  %.2f" % r["cpu_over_wall"])
                sys.stdout.flush()
    if a.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
