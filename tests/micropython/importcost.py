"""Import one device module under MicroPython, with the stand-ins (run by tools/bench_ram.py):
``micropython -X heapsize=N importcost.py CONFIG.json TREE MODULE [DEPS]``.

``DEPS`` (comma-separated) are imported first. Prints ``@@deps LIVE`` (heap in use after a
collection, before the import), ``@@kept BYTES`` (what the import kept) and ``@@loaded A,B``
(the app's modules the import loaded besides MODULE), or nothing after ``@@deps`` when the heap
is too small for the import."""

import gc
import json
import sys

with open(sys.argv[1]) as _f:
    _cfg = json.load(_f)
sys.path[:] = [_cfg["stubs"], sys.argv[2]]
import cphw  # noqa: E402

cphw.load(_cfg)
del _cfg
for _m in ("displayio", "bitmaptools", "keypad", "supervisor", "microcontroller"):
    try:
        __import__(_m)
    except ImportError:
        pass
for _d in (sys.argv[4].split(",") if len(sys.argv) > 4 and sys.argv[4] else ()):
    __import__(_d)
gc.collect()
_a = gc.mem_alloc()
_before = [m for m in sys.modules]
print("@@deps", _a)
__import__(sys.argv[3])
gc.collect()
print("@@kept", gc.mem_alloc() - _a)
print("@@loaded", ",".join([m for m in sys.modules if m not in _before and m != sys.argv[3]
                            and m.split(".")[0] in ("firmware", "boards", "shared_rules")]))
