"""The RAM budget of the whole app on a SAMD51 board (issue 9), measured under the MicroPython
Unix port with the heap capped (tools/bench_ram.py prints the figures):

- every script of ``tests/scripts/*.txt`` (boot, the menus, whole games; a script added there is
  held to the budget too) runs to its end in the 150,000 bytes a SAMD51 leaves ``code.py``;
- the peak stays within 100 KiB: the script runs to its end with the app's heap capped there;
- the largest free block is at least 16 KiB before every computer player's decision.

Where a goal is not met yet, the script is held to today's ceiling instead (``CEILING_KIB``:
the heap it needs, measured, + 5 %; the tests named ``..._within_todays_ceiling``), so that it
cannot grow unnoticed; docs/micropython.md gives the gap and why.

The app is measured as ``.py``, the way ``tools/deploy.py`` installs it without CircuitPython's
own mpy-cross. This port is 64-bit (objects cost more than on a board; docs/micropython.md).
"""

import os

import pytest

from tools.micropython_firmware import HEAP, REPO, run_script
from tools import bench_ram

SCRIPTS = bench_ram.scripts()
IDS = [os.path.basename(p) for p in SCRIPTS]


# Today's ceilings, where a goal is not met yet (issue 9 stays open; docs/micropython.md, RAM
# budget, says by how much and why): the smallest heap of the app, as .py, in which the script
# runs to its end (bench_ram's bisection, 2 KiB steps), measured on this port, plus 5 %, in KiB.
# A script listed here is held to its ceiling instead of the goal, so that it cannot grow
# unnoticed; lower the figure when the app shrinks, and drop the line once the goal is met.
# menus.txt runs in the SAMD51's 150,000 bytes (RUNS_IN_HEAP) but misses the 100 KiB peak;
# dx_computers.txt did too until cf96c5d (below). The games fit neither: their free blocks are
# held to a floor, BLOCK_FLOOR_KIB, in their ceiling's heap.
# The scripts of issue 24 (a person against three hard computers and two people, per game;
# measured 2026-12-02 on the tree of cf96c5d, peak in KiB): p10_hard 278, p10_pass 326, p10b_hard
# 328, p10b_pass 306, dx_hard 178, dx_pass 176; menus.txt, which walks more screens since (the
# button test, every Rules page, every set-up value), 110, its ceiling from 110 to 116. On the
# same tree three ceilings no longer held (the packages per game of cf96c5d): dx_computers 176
# (no longer in 150,000 bytes either), p10b_computers 250, session3 252; raised to the peak + 5 %.
CEILING_KIB = {
    "menus.txt": 116,
    "p10_computers.txt": 210,
    "p10_person.txt": 242,
    "p10b_computers.txt": 263,
    "dx_computers.txt": 185,
    "session3.txt": 265,
    "p10_hard.txt": 292,
    "p10_pass.txt": 343,
    "p10b_hard.txt": 345,
    "p10b_pass.txt": 322,
    "dx_hard.txt": 187,
    "dx_pass.txt": 185,
}


def _ceiling(path):
    kib = CEILING_KIB.get(os.path.basename(path))
    return None if kib is None else kib * 1024


def budget_heap(path):
    """The heap the budget runs a script in first (its ceiling, or the SAMD51's): the run
    tests/test_device_manifest.py reads the imports of, so that the session makes it once."""
    return _ceiling(path) or HEAP


PEAK_MET = [p for p in SCRIPTS if _ceiling(p) is None]
PEAK_CEILING = [p for p in SCRIPTS if _ceiling(p) is not None]
# the scripts that run in 150,000 bytes today (every script that meets the peak goal does too)
RUNS_IN_HEAP = ("menus.txt",)
FITS = [p for p in SCRIPTS if _ceiling(p) is None or os.path.basename(p) in RUNS_IN_HEAP]


def _ids(paths):
    return [os.path.basename(p) for p in paths]


# The runs come from the session's ``script_runs`` (tests/conftest.py): a script run at a heap
# for one test (or tests/test_device_manifest.py) is not run again for another.


def test_the_scripts_are_there():
    names = [os.path.basename(p) for p in SCRIPTS]
    for name in ("menus.txt", "p10_computers.txt", "p10_person.txt", "p10b_computers.txt",
                 "dx_computers.txt", "session3.txt", "p10_hard.txt", "p10_pass.txt",
                 "p10b_hard.txt", "p10b_pass.txt", "dx_hard.txt", "dx_pass.txt"):
        assert name in names  # the menus, every game (between computers, a person against
        # three hard ones, two people), and the three games one after another


def test_every_ceiling_names_a_script_and_lies_above_the_goal():
    for name, kib in CEILING_KIB.items():
        assert name in IDS, "a ceiling for a script that is gone: " + name
        assert kib * 1024 > bench_ram.GOAL_PEAK, "%s meets the goal: drop its ceiling" % name


@pytest.mark.parametrize("path", FITS, ids=_ids(FITS))
def test_no_memory_error_in_the_heap_of_a_samd51(path, script_runs):
    r = script_runs.run(path, HEAP)
    assert r.status == 0, "%s in %d bytes: %s" % (os.path.relpath(path, REPO), HEAP,
                                                  bench_ram.failure(r.message))


@pytest.mark.parametrize("path", PEAK_MET, ids=_ids(PEAK_MET))
def test_the_peak_is_within_the_goal(path, script_runs):
    r = script_runs.run(path, bench_ram.GOAL_PEAK)
    assert r.status == 0, "%s needs more than %d bytes: %s" % (
        os.path.relpath(path, REPO), bench_ram.GOAL_PEAK, bench_ram.failure(r.message))


@pytest.mark.parametrize("path", PEAK_CEILING, ids=_ids(PEAK_CEILING))
def test_the_peak_is_within_todays_ceiling(path, script_runs):
    """The goal (100 KiB) is not met: the script still runs to its end in today's ceiling. For
    the scripts that do not run in 150,000 bytes either this is also the ceiling on the heap
    they need there."""
    heap = _ceiling(path)
    r = script_runs.run(path, heap)
    assert r.status == 0, "%s needs more than today's ceiling, %d bytes: %s" % (
        os.path.relpath(path, REPO), heap, bench_ram.failure(r.message))


def _small_blocks(r):
    small = [d for d in r.decisions if d["free_block"] < bench_ram.GOAL_BLOCK]
    if not small:
        return None
    return "%d of %d decisions with a largest free block under %d bytes, the first at %d ms: " \
        "%d bytes" % (len(small), len(r.decisions), bench_ram.GOAL_BLOCK, small[0]["ms"],
                      small[0]["free_block"])


# The largest free block before every decision of a script that does not run in 150,000 bytes
# (no figure there), or not with the goal's 16 KiB free (Dice Express), measured in its ceiling
# heap, at its smallest: the ceilings sit 5 % over each script's peak, and the peak comes
# during the games, so little is left free there. Measured 2026-12-01 (KiB): dx_computers.txt
# 7.7, p10_computers.txt 2.7, p10b_computers.txt 3.4, session3.txt 11.1; after Dice Express's
# module splits (its ceiling from 192 to 152 KiB) dx_computers.txt 1.5, session3.txt 4.8; after
# Phase 10's (its ceiling from 236 to 210 KiB) p10_computers.txt 1.8; after the board game's
# (its ceiling and the session's from 269 and 278 to 246 KiB) session3.txt 1.9 (floor 4 -> 1). That
# far up the heap fragmentation is chaotic: a change of a computer player's choices moved
# session3's from 13.8 to 11.1 KiB, the clone's path on the heap (no longer there) from 13.1 to
# 8.8. The floors sit under those swings; they catch a collapse, not a block; lower one only
# with the ceiling it is measured in. A person against three hard computers (2026-12-02):
# p10_hard.txt 2.5, p10b_hard.txt 3.7, dx_hard.txt 8.1. (The pass-and-play scripts have no
# computer decisions: nothing to hold.)
BLOCK_FLOOR = 12 * 1024
BLOCK_FLOOR_KIB = {"dx_computers.txt": 1, "p10_computers.txt": 1, "p10b_computers.txt": 1,
                   "session3.txt": 1, "p10_hard.txt": 1, "p10b_hard.txt": 1, "dx_hard.txt": 1}
BLOCK_GOAL = [p for p in FITS if os.path.basename(p) not in BLOCK_FLOOR_KIB]
BLOCK_CEILING = [p for p in SCRIPTS if p not in BLOCK_GOAL]


@pytest.mark.parametrize("path", BLOCK_GOAL, ids=_ids(BLOCK_GOAL))
def test_the_largest_free_block_before_every_decision(path, script_runs):
    r = script_runs.run(path, HEAP)
    assert r.status == 0, bench_ram.failure(r.message)
    assert _small_blocks(r) is None, _small_blocks(r)


@pytest.mark.parametrize("path", BLOCK_CEILING, ids=_ids(BLOCK_CEILING))
def test_the_largest_free_block_before_every_decision_within_todays_ceiling(path, script_runs):
    """The script does not run in 150,000 bytes with the goal's free block (or not at all): in
    today's ceiling (the heap it needs + 5 %) every decision still finds a free block of its
    floor."""
    floor = BLOCK_FLOOR_KIB.get(os.path.basename(path), BLOCK_FLOOR // 1024) * 1024
    r = script_runs.run(path, _ceiling(path))
    assert r.status == 0, bench_ram.failure(r.message)
    small = [d for d in r.decisions if d["free_block"] < floor]
    assert not small, "%d of %d decisions with a largest free block under %d bytes, the first " \
        "at %d ms: %d bytes" % (len(small), len(r.decisions), floor, small[0]["ms"],
                                small[0]["free_block"])


def test_a_run_that_needs_more_than_its_heap_fails_the_budget(script_runs):
    # the measure itself: the menus do not fit in 40 KiB, and say where they ran out
    r = script_runs.run(os.path.join(REPO, "tests", "scripts", "menus.txt"), 40 * 1024)
    assert r.status == 3
    assert bench_ram.failure(r.message).startswith("MemoryError at ")


TEXTS = ("Ab", "Hello, world! 09", "", "gy_|", "ab\ncdef", "  x ", "R7 W S", "Pass to ANN")


@pytest.mark.parametrize("scale", (1, 2, 3))
def test_ui_text_draws_what_bitmap_label_draws(scale):
    """ui.Text replaced adafruit_display_text's bitmap_label (2.2 KiB a label, 28 KiB of code on
    the heap): same pixels, position, bounding box and scale, here with Blinka's displayio."""
    from emulator.machine import Machine

    with Machine("pybadge") as m, m.environment():
        import terminalio
        from adafruit_display_text import bitmap_label

        from firmware import ui

        for text in TEXTS:
            a = bitmap_label.Label(terminalio.FONT, text=text, color=0xFFFFFF, scale=scale,
                                   anchor_point=(0, 0), anchored_position=(3, 20))
            b = ui.label(text, 3, 20, 0xFFFFFF, scale)
            assert (b.bounding_box, b.x, b.y, b.scale) == (a.bounding_box, a.x, a.y, a.scale), text
            if a._tilegrid is not None:
                ba, bb = a._bitmap, b._tg.bitmap
                pa = [[ba[x, y] != 0 for x in range(ba.width)] for y in range(ba.height)]
                pb = [[bb[x, y] != 0 for x in range(bb.width)] for y in range(bb.height)]
                assert pa == pb, text
                assert (a._tilegrid.x, a._tilegrid.y) == (b._tg.x, b._tg.y), text
                assert any(any(row) for row in pa) == bool(text.strip()), text
            for lb in (a, b):
                lb.text = "Zz"
                lb.anchored_position = (10, 30)
                lb.color = 0x123456
            assert (b.x, b.y, b.bounding_box) == (a.x, a.y, a.bounding_box), text
            assert b.color == 0x123456 and b.anchored_position == (10, 30)


MISSING_BUDGET = 1536  # bytes a solver.missing call may allocate on this 64-bit port


def test_solver_missing_allocates_little_under_micropython():
    """A hard player calls solver.missing hundreds of times in one decision: each call's
    garbage (micropython.mem_total, no cache, as on the device) stays within the budget for
    every phase of both Phase 10 games."""
    import subprocess

    from tools.micropython_firmware import MICROPYTHON

    program = """
import sys, micropython
sys.path[:] = [%r]
from shared_rules import cards
from shared_rules import solver
from shared_rules.phases import CARD_PHASES, BOARD_PHASES
from shared_rules.rng import Rng
rng = Rng(5)
deck = cards.new_deck()
hands = []
for i in range(40):
    d = list(deck)
    rng.shuffle(d)
    hands.append(d[:8 + i %% 7])
for p in CARD_PHASES + BOARD_PHASES:
    solver.missing(hands[0], p)  # the phase's tables, once
    t = micropython.mem_total()
    for h in hands:
        solver.missing(h, p)
    print((micropython.mem_total() - t) // len(hands))
""" % REPO
    out = subprocess.run([MICROPYTHON, "-X", "heapsize=2000000", "-c", program],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    per_call = [int(v) for v in out.stdout.split()]
    assert len(per_call) == 20
    assert max(per_call) <= MISSING_BUDGET, per_call


# ---------------------------------------------------------------------- the app frozen in

# A SAMD51 board cannot hold the games' code in its heap as .py or .mpy (above); a CircuitPython
# build with the app frozen in keeps the bytecode, the constants and the names in flash. Here
# that build is modelled by a ROMFS image the port imports in place, with the app's names
# interned on the harness's side (tools/micropython_firmware.py ``freeze``). The model is
# conservative: a function's raw-code record (about 38 bytes on this port, some 1,000 in the
# app) stays on the heap here and lies in flash in a frozen build. Measured 2026-12-01
# (``bench_ram --frozen``), peak in KiB: menus 76, dx_computers 92, p10_computers 120,
# p10b_computers 146, session3 146, p10_person 150; the largest free block before Dice
# Express's decisions 24.2 KiB in 150,000 bytes, and 16.2 in a run whose runner was a few lines
# longer (its own compile moves the app's objects): held to a floor under that swing.
# The scripts of issue 24, frozen (2026-12-02, peak in KiB): dx_hard 116 and dx_pass 106 run in
# 150,000 bytes (the largest free block before dx_hard's decisions there 8.6 KiB); p10_hard
# 190, p10_pass 252, p10b_hard 224, p10b_pass 206 do not: held to the peak + 5 %, but p10_hard
# at 208: it runs in 190-198 and 204-220 KiB but not in 200 (fragmentation; the bisection
# assumes that more heap never fails).
FROZEN_RUNS_IN_HEAP = ("menus.txt", "dx_computers.txt", "p10_computers.txt", "dx_hard.txt",
                       "dx_pass.txt")
FROZEN_PEAK_MET = ("menus.txt", "dx_computers.txt")
FROZEN_BLOCK_FLOOR_KIB = {"dx_computers.txt": 12, "dx_hard.txt": 4}
# where 150,000 bytes are not met with a margin (the board game and the session peak at 146
# KiB, a bisection step under them; a person's Phase 10 game runs in 150,000 bytes but not in
# 146 or 148 KiB, its peak by bisection 150): the peak + 5 %
FROZEN_CEILING_KIB = {"p10b_computers.txt": 154, "session3.txt": 154, "p10_person.txt": 158,
                      "p10_hard.txt": 208, "p10_pass.txt": 265, "p10b_hard.txt": 236,
                      "p10b_pass.txt": 217}


def _path(name):
    return os.path.join(REPO, "tests", "scripts", name)


@pytest.fixture(scope="module")
def frozen(tmp_path_factory):
    from tools.micropython_firmware import freeze

    return freeze(str(tmp_path_factory.mktemp("frozen")))


def _run_frozen(script_runs, name, heap, frozen):
    return script_runs.run(_path(name), heap, frozen)


def test_every_script_is_held_frozen_too():
    held = set(FROZEN_RUNS_IN_HEAP) | set(FROZEN_CEILING_KIB)
    assert held == set(IDS), "a script without a frozen budget, or one gone: %s" % (
        held ^ set(IDS))
    for kib in FROZEN_CEILING_KIB.values():
        assert kib * 1024 > HEAP, "it runs in 150,000 bytes: move it to FROZEN_RUNS_IN_HEAP"


@pytest.mark.parametrize("name", FROZEN_RUNS_IN_HEAP)
def test_frozen_no_memory_error_in_the_heap_of_a_samd51(name, frozen, script_runs):
    r = _run_frozen(script_runs, name, HEAP, frozen)
    assert r.status == 0, "%s, frozen, in %d bytes: %s" % (name, HEAP, bench_ram.failure(r.message))
    floor = FROZEN_BLOCK_FLOOR_KIB.get(name)
    if floor is not None:
        small = [d["free_block"] for d in r.decisions if d["free_block"] < floor * 1024]
        assert r.decisions and not small, "%d decisions with a largest free block under %d KiB" \
            " (the least %d bytes)" % (len(small), floor, min(small or [0]))


@pytest.mark.parametrize("name", FROZEN_PEAK_MET)
def test_frozen_the_peak_is_within_the_goal(name, frozen, script_runs):
    r = _run_frozen(script_runs, name, bench_ram.GOAL_PEAK, frozen)
    assert r.status == 0, "%s, frozen, needs more than %d bytes: %s" % (
        name, bench_ram.GOAL_PEAK, bench_ram.failure(r.message))


@pytest.mark.parametrize("name", sorted(FROZEN_CEILING_KIB))
def test_frozen_the_peak_is_within_todays_ceiling(name, frozen, script_runs):
    heap = FROZEN_CEILING_KIB[name] * 1024
    r = _run_frozen(script_runs, name, heap, frozen)
    assert r.status == 0, "%s, frozen, needs more than today's ceiling, %d bytes: %s" % (
        name, heap, bench_ram.failure(r.message))


def test_frozen_code_is_not_on_the_heap(frozen):
    """The model does what it stands for: the menus, frozen, keep far less heap after boot than
    the same app as .py (its code in flash), and every module comes from the image."""
    text = "wait 300\nexpect Pocket Phase 10\n"
    as_py = run_script(text)
    as_frozen = run_script(text, frozen=frozen)
    assert as_py.status == 0 and as_frozen.status == 0, as_frozen.message
    first_py = as_py.app(as_py.screens[0]["live"])
    first_frozen = as_frozen.app(as_frozen.screens[0]["live"])
    assert first_frozen < first_py * 0.75, (first_frozen, first_py)
    assert not any(n for _, _, n in as_frozen.imports if n > 1024)  # the names were interned
