"""The app's RAM on CircuitPython 10.0.3's own VM: its Unix port built 32-bit (4-byte pointers,
16-byte heap blocks, as on a board), with each board's heap for ``code.py``.

    python -m tools.bench_ram --vm circuitpython32 [--py | --frozen] [--boards all] [--jobs 2]

The binaries come from ``python -m tools.build_firmware --vm``: ``circuitpython32`` (the app
runs as ``.py``, or as ``.mpy`` from CircuitPython's own ``mpy-cross``) and
``circuitpython32-app`` (``firmware/``, ``boards/``, ``shared_rules/`` frozen in, found on
``sys.path`` after the drive's root and before ``/lib`` as on a board; ``code.py`` is the
one-line stub). Both have the MicroPython runs' runner and stand-ins frozen in
(tools/micropython_firmware.py): on a board displayio and the rest are C, their code in flash
and their names in the firmware's table, so the app's names fill the heap's pools of names
alone, which double in size as they fill. A binary built from another runner or app than this
tree's is refused.

For every board and script: the peak (the smallest app heap, to 2 KiB, in which the script
runs to its end), whether it runs in the board's heap, and there the smallest of the largest
free blocks seen at every screen and before every computer player's decision.
"""

import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from tools import micropython_firmware as mf
from tools.bench_ram import board_heap
from tools.build_firmware import app as appinfo
from tools.deploy_lib import pystack

VM_DIR = os.path.join(mf.REPO, "build", "firmware", "vm")
EMPTY, FROZEN, MPY_CROSS = "circuitpython32", "circuitpython32-app", "mpy-cross"

# The heap each board leaves code.py: its boards/ module's HEAP (published CircuitPython figures
# less the larger pystack the console asks for, tools/deploy_lib/pystack.py), and for the
# ESP32-S3, whose modules give the megabytes of their PSRAM, one without it: about 160,000 bytes
# (DESIGN.md, Boards) less the same 1,024 beyond its default 2,048.
BOARD_HEAPS = {
    "clue_nrf52840_express": board_heap("clue_nrf52840_express"),
    "pybadge": board_heap("pybadge"),
    "pygamer": board_heap("pygamer"),
    "adafruit_feather_esp32s3_reverse_tft": 160000 - (pystack.SIZE - 2048),
    "pimoroni_picosystem": board_heap("pimoroni_picosystem"),
}

BUILD_HINT = ("Build it (about 2 minutes on 2 cores; needs gcc-multilib for -m32): "
              "python -m tools.build_firmware --vm   (docs/micropython.md, 'CircuitPython's own VM')")


class Missing(Exception):
    pass


def binaries(vm_dir, mode, tree=mf.REPO):
    """(VM binary, mpy-cross or None) for a mode ('py', 'mpy', 'frozen'); Missing says what to
    do when they are absent or hold an older app than ``tree``'s."""
    vm = os.path.join(vm_dir, FROZEN if mode == "frozen" else EMPTY)
    if not os.path.exists(vm):
        raise Missing("No CircuitPython 32-bit VM at %s. %s" % (vm, BUILD_HINT))
    cross = None
    if mode == "mpy":
        cross = os.path.join(vm_dir, MPY_CROSS)
        if not os.path.exists(cross):
            raise Missing("No CircuitPython mpy-cross at %s. %s" % (cross, BUILD_HINT))
    info = mf.vm_info(vm)
    if info.get("harness_digest") != mf.harness_digest():
        raise Missing("%s holds another version of the runner and stand-ins (tests/micropython) "
                      "than this tree's, or none: its figures would not be this tree's. %s"
                      % (vm, BUILD_HINT))
    if info.get("pystack") != pystack.SIZE:
        raise Missing("%s keeps Python's call frames otherwise than a board given %d bytes of "
                      "pystack (tools/deploy_lib/pystack.py): its figures would not be a board's. %s"
                      % (vm, pystack.SIZE, BUILD_HINT))
    if mode == "frozen" and info.get("app_digest") != appinfo.app_digest(tree):
        raise Missing("%s holds another version of the app than this tree's (or says "
                      "nothing of it): its figures would be stale. %s" % (vm, BUILD_HINT))
    return vm, cross


def _smallest_block(r):
    """The smallest largest-free-block at a new screen or before a computer decision, as
    ``bench_ram``'s goal counts them. Not the one at the script's end: the runner measures it
    once its end has unwound the app's frames (the exception's traceback on the heap), a moment
    a board never has."""
    blocks = [s["free_block"] for s in r.screens + r.decisions if s["free_block"] is not None]
    return min(blocks) if blocks else None


def names(r):
    """(names, pools): the most names the run interned and the pools holding them (a new pool is
    twice the last one and one piece: on this VM the seventh, about 8.5 KB, comes at about
    1,250-1,270 names, a cliff a few more names can push a script over)."""
    most = (0, 0)
    for line in r.output.splitlines():
        if line.startswith("qstr pool:"):
            f = dict(x.split("=") for x in line[len("qstr pool:"):].replace(",", " ").split())
            most = max(most, (int(f["n_qstr"]), int(f["n_pool"])))
    return most


def one(path, board, heap, repo, frozen, with_peak=True):
    """The figures of one script on one board's heap."""
    from tools import bench_ram

    with open(path) as f:
        text = f.read()
    name = os.path.basename(path)
    capped = mf.run_script(text, board=board, heap=heap, repo=repo, name=name, frozen=frozen)
    out = {"script": name, "board": board, "heap": heap, "status": capped.status,
           "message": bench_ram.failure(capped.message) if capped.status else "",
           "free_block_min": _smallest_block(capped) if capped.status == 0 else None,
           "harness": capped.boot_live, "names": names(capped)}
    if with_peak:
        out["peak"] = bench_ram.peak(text, board, repo, frozen=frozen)
    return out


def run(paths, boards, mode, vm_dir=VM_DIR, jobs=1, with_peak=True, tree=mf.REPO):
    """The scripts ``paths`` in each board's heap, the app of ``tree`` (its firmware/,
    boards/, shared_rules/) installed as ``mode`` says."""
    vm, cross = binaries(vm_dir, mode, tree)
    mf.use_vm(vm, block=16)
    repo, frozen = tree, None
    if mode == "mpy":
        repo = mf.compiled_tree(tempfile.mkdtemp(prefix="bench-ram-cp-"), tree, cross)
    elif mode == "frozen":
        frozen = mf.IN_VM
    for board in boards:  # the harness's share, once per board, before the threads start
        mf.harness_overhead(board, frozen)
    tasks = [(p, b) for b in boards for p in paths]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        results = list(pool.map(
            lambda t: one(t[0], t[1], BOARD_HEAPS[t[1]], repo, frozen, with_peak), tasks))
    return {"vm": "CircuitPython 10.0.3 Unix port, 32-bit (%s)" % os.path.basename(vm),
            "mode": mode, "runs": results}


def _kib(n):
    return "-" if n is None else "%.1f" % (n / 1024)


def report(res):
    how = {"py": "installed as .py", "mpy": "installed as .mpy (CircuitPython's mpy-cross)",
           "frozen": "frozen into the VM"}[res["mode"]]
    lines = ["RAM on %s, the app %s (KiB of the app's heap; peak to 2 KiB; 'free block': the "
             "smallest largest-free-block at any screen or decision in the board's heap; 'names': "
             "the most names interned, in how many pools)"
             % (res["vm"], how)]
    boards = []
    for r in res["runs"]:
        if r["board"] not in boards:
            boards.append(r["board"])
    for board in boards:
        runs = [r for r in res["runs"] if r["board"] == board]
        lines.append("")
        lines.append("%s, heap %d bytes (%.1f KiB):" % (board, runs[0]["heap"], runs[0]["heap"] / 1024))
        lines.append("  %-20s %8s  %-40s %10s %10s" % ("script", "peak", "in the board's heap",
                                                       "free block", "names"))
        for r in runs:
            lines.append("  %-20s %8s  %-40s %10s %10s" % (
                r["script"], _kib(r.get("peak")), "runs" if r["status"] == 0 else r["message"][:40],
                _kib(r["free_block_min"]), "%d in %d" % tuple(r["names"])))
    return "\n".join(lines)


def main(args):
    from tools import bench_ram

    paths = ([bench_ram._script_path(p) for p in args.scripts.split(",")] if args.scripts
             else bench_ram.scripts())
    boards = list(BOARD_HEAPS) if args.boards == "all" else args.boards.split(",")
    unknown = [b for b in boards if b not in BOARD_HEAPS]
    if unknown:
        print("unknown board %s; known: %s" % (", ".join(unknown), ", ".join(BOARD_HEAPS)),
              file=sys.stderr)
        return 2
    mode = "frozen" if args.frozen else "py" if args.py else "mpy"
    try:
        res = run(paths, boards, mode, os.path.abspath(args.vm_dir) if args.vm_dir else VM_DIR,
                  args.jobs, not args.no_peak, os.path.abspath(args.tree) if args.tree else mf.REPO)
    except Missing as e:
        print(e, file=sys.stderr)
        return 2
    if args.json:
        json.dump(res, sys.stdout, indent=1)
        print()
    else:
        print(report(res))
    return 0
