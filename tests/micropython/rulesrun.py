"""One whole game of a registered game between computer players under MicroPython, measured
(run by tools/bench_ram.py: ``micropython -X heapsize=N rulesrun.py REPO KEY LEVELS SEED``).

Prints one line: ``@@game KEY IMPORT LIVE_MAX DECISIONS ALLOC_MAX``: the heap its modules and a
new game keep (after ``shared_rules.desktop.selfplay``), the most the live heap grew over the game
(after a collection before each decision), decisions, the most one decision allocated."""

import gc
import sys

import micropython

sys.path[:] = [sys.argv[1]]
key = sys.argv[2]
levels = sys.argv[3].split(",")
seed = int(sys.argv[4])
from shared_rules.desktop.selfplay import SelfPlay  # noqa: E402

gc.collect()
a = gc.mem_alloc()
sp = SelfPlay(seed, len(levels), levels, game=key, keep_record=False)
gc.collect()
b = gc.mem_alloc()
live_max = 0
worst = 0
n = 0
while True:
    gc.collect()
    live = gc.mem_alloc() - b
    if live > live_max:
        live_max = live
    t = micropython.mem_total()
    more = sp.step()
    alloc = micropython.mem_total() - t
    if alloc > worst:
        worst = alloc
    n += 1
    if not more:
        break
print("@@game", key, b - a, live_max, n, worst)
