"""The RAM budget of the whole app (issue 24), measured under the MicroPython Unix port with the
heap capped (tools/bench_ram.py prints the figures), for every script of ``tests/scripts/*.txt``
(boot, every menu, whole games; a script added there is held to the budget too):

- installed as ``tools/deploy.py`` installs it by default (``.mpy``): the script runs to its end
  in 170,000 bytes of heap, and the largest free block is at least 16 KiB before every computer
  decision and at every new screen;
- frozen into the firmware (its code in flash, ``bench_ram --frozen``): the same in 130,000 bytes.

This port is 64-bit (objects cost more than on a board; docs/micropython.md): at the measured
ratio of 0.70, 170,000 bytes here are about 119 KB on a board, the CLUE's heap with its 16 KiB
to spare. Where a goal is not met yet, the script is held to today's ceiling instead (the heap
it needs, measured, + 5 %: the tests named ``..._within_todays_ceiling``) so that it cannot grow
unnoticed, and its free blocks to a floor; docs/micropython.md gives the gap.
"""

import os

import pytest

from tools.micropython_firmware import REPO, run_script
from tools import bench_ram

SCRIPTS = [os.path.basename(p) for p in bench_ram.scripts()]
MPY, FROZEN = "mpy", "frozen"
GOAL = {MPY: bench_ram.GOAL_HEAP[MPY], FROZEN: bench_ram.GOAL_HEAP[FROZEN]}

# Today's ceilings where the goal's heap is not enough (KiB: the smallest heap in which the
# script runs, by bench_ram's bisection in 2 KiB steps, + 5 %). Lower one when the app shrinks;
# drop it when the script meets the goal.
CEILING_KIB = {
    MPY: {"p10_computers.txt": 181, "p10_hard.txt": 290, "p10_pass.txt": 355,
          "p10_person.txt": 238, "p10b_computers.txt": 240, "p10b_hard.txt": 322,
          "p10b_pass.txt": 336, "session3.txt": 234},
    FROZEN: {"p10_hard.txt": 210, "p10_pass.txt": 267, "p10_person.txt": 150,
             "p10b_computers.txt": 145, "p10b_hard.txt": 224, "p10b_pass.txt": 219,
             "session3.txt": 145},
}
# The smallest largest-free-block (KiB) before a decision or at a new screen, where the goal's
# 16 KiB is not met yet: measured in the goal's heap, or in the ceiling where there is one.
# Fragmentation that far up the heap is chaotic: a floor catches a collapse, not a step.
# Measured 2026-12-02 (KiB), as .mpy: menus 7.8, dx_computers 4.7, dx_hard 2.2, dx_pass 1.6 (in
# 170,000 bytes), p10_computers 1.1, p10_hard 3.3, p10_pass 6.1 (10.3 before the skip line
# of the log was longer: the chaos this far up), p10_person 2.8,
# p10b_computers 1.5, p10b_hard 2.2, p10b_pass 4.2, session3 1.3 (in their ceilings); frozen:
# menus 5.4, dx_computers 8.1, dx_hard 2.2, dx_pass 2.1, p10_computers 1.9 (in 130,000 bytes),
# p10_hard 2.7, p10_pass 12.0, p10_person 1.8, p10b_computers 0.9, p10b_hard 2.3, p10b_pass 3.4,
# session3 1.0 (in their ceilings).
BLOCK_FLOOR_KIB = {
    MPY: {"menus.txt": 6, "dx_computers.txt": 3, "dx_hard.txt": 1.5, "dx_pass.txt": 1,
          "p10_computers.txt": 0.75, "p10_hard.txt": 2, "p10_pass.txt": 4, "p10_person.txt": 2,
          "p10b_computers.txt": 1, "p10b_hard.txt": 1.5, "p10b_pass.txt": 3, "session3.txt": 1},
    FROZEN: {"menus.txt": 4, "dx_computers.txt": 6, "dx_hard.txt": 1.5, "dx_pass.txt": 1.5,
             "p10_computers.txt": 1.25, "p10_hard.txt": 2, "p10_pass.txt": 8,
             "p10_person.txt": 1.25, "p10b_computers.txt": 0.6, "p10b_hard.txt": 1.5,
             "p10b_pass.txt": 2.5, "session3.txt": 0.6},
}


def _path(name):
    return os.path.join(REPO, "tests", "scripts", name)


def _heap(name, how):
    kib = CEILING_KIB[how].get(name)
    return GOAL[how] if kib is None else kib * 1024


def budget_heap(path):
    """The heap a script is held to, installed as deploy installs it (its run is shared)."""
    return _heap(os.path.basename(path), MPY)


CASES = [(name, how) for how in (MPY, FROZEN) for name in SCRIPTS]
IDS = ["%s-%s" % (how, name) for name, how in CASES]


def test_every_ceiling_and_floor_names_a_script_and_lies_beyond_the_goal():
    for how in (MPY, FROZEN):
        for name, kib in CEILING_KIB[how].items():
            assert name in SCRIPTS, "a ceiling for a script that is gone: " + name
            assert kib * 1024 > GOAL[how], "%s meets the goal (%s): drop its ceiling" % (name, how)
        for name, kib in BLOCK_FLOOR_KIB[how].items():
            assert name in SCRIPTS and kib * 1024 < bench_ram.GOAL_BLOCK, name


@pytest.mark.parametrize("name,how", CASES, ids=IDS)
def test_the_script_runs_in_the_goals_heap_or_within_todays_ceiling(name, how, script_runs):
    """No MemoryError in 170,000 bytes (.mpy) or 130,000 (frozen), or today's ceiling; and the
    largest free block before every decision and at every new screen is at least 16 KiB (or its
    floor)."""
    heap = _heap(name, how)
    r = script_runs.run(_path(name), heap, how)
    assert r.status == 0, "%s (%s) in %d bytes: %s" % (name, how, heap, bench_ram.failure(r.message))
    floor = BLOCK_FLOOR_KIB[how].get(name, bench_ram.GOAL_BLOCK // 1024) * 1024
    small = [("decision", d["ms"], d["free_block"]) for d in r.decisions if d["free_block"] < floor]
    small += [("screen " + s["name"], s["ms"], s["free_block"]) for s in r.screens
              if s["free_block"] is not None and s["free_block"] < floor]
    assert not small, "%d places with a largest free block under %d bytes in %d, the first: %s" % (
        len(small), floor, heap, small[0])


def test_a_run_that_needs_more_than_its_heap_fails_the_budget():
    # the measure itself: the menus do not fit in 40 KiB, and say where they ran out
    with open(os.path.join(REPO, "tests", "scripts", "menus.txt")) as f:
        r = run_script(f.read(), heap=40 * 1024)
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


def test_frozen_code_is_not_on_the_heap(script_runs):
    """The model does what it stands for: the menus, frozen, keep far less heap after boot than
    the same app as .py (its code in flash), and every module comes from the image."""
    text = "wait 300\nexpect Pocket Phase 10\n"
    as_py = run_script(text)
    as_frozen = run_script(text, frozen=script_runs.tree(FROZEN))
    assert as_py.status == 0 and as_frozen.status == 0, as_frozen.message
    first_py = as_py.app(as_py.screens[0]["live"])
    first_frozen = as_frozen.app(as_frozen.screens[0]["live"])
    assert first_frozen < first_py * 0.75, (first_frozen, first_py)
    assert not any(n for _, _, n in as_frozen.imports if n > 1024)  # the names were interned
