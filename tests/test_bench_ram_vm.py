"""tools.bench_ram --vm circuitpython32: the app on CircuitPython 10.0.3's own Unix port, 32-bit.

The binaries are built by ``python -m tools.build_firmware --vm`` (minutes, not part of the
tests); without them the option must say how to build them. Where they are built, one short
run checks that the app boots frozen into the VM and from .py (docs/micropython.md has the
figures of every script).
"""

import json
import os

import pytest

from tools import bench_ram, bench_ram_vm
from tools import micropython_firmware as mf
from tools.build_firmware.app import app_digest
from tools.deploy_lib import pystack
from tests.test_firmware_micropython import turn_gone_when_loading


def test_without_the_vm_the_option_says_how_to_build_it_and_exits_2(tmp_path, capsys):
    rc = bench_ram.main(["--vm", "circuitpython32", "--vm-dir", str(tmp_path), "--scripts", "menus"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "No CircuitPython 32-bit VM at" in err and "python -m tools.build_firmware --vm" in err


def test_a_frozen_vm_holding_another_app_is_refused_as_stale(tmp_path, capsys):
    (tmp_path / "circuitpython32-app").write_text("")
    (tmp_path / "circuitpython32-app.json").write_text(json.dumps(
        {"app_digest": "0" * 64, "harness_digest": mf.harness_digest(), "pystack": pystack.SIZE}))
    rc = bench_ram.main(["--vm", "circuitpython32", "--frozen", "--vm-dir", str(tmp_path),
                         "--scripts", "menus"])
    assert rc == 2
    assert "another version of the app" in capsys.readouterr().err


def test_a_vm_keeping_call_frames_otherwise_than_a_board_is_refused(tmp_path, capsys):
    """The VM keeps Python's call frames on a pystack of the size every board is given: one
    built without it (frames on the heap, no "pystack exhausted") would measure another thing."""
    (tmp_path / "circuitpython32").write_text("")
    (tmp_path / "mpy-cross").write_text("")
    (tmp_path / "circuitpython32.json").write_text(json.dumps(
        {"harness_digest": mf.harness_digest()}))
    rc = bench_ram.main(["--vm", "circuitpython32", "--vm-dir", str(tmp_path), "--scripts", "menus"])
    assert rc == 2
    assert "keeps Python's call frames otherwise than a board" in capsys.readouterr().err


@pytest.mark.parametrize("info", [{}, {"harness_digest": "0" * 64}])
def test_a_vm_without_this_trees_runner_and_stand_ins_frozen_in_is_refused(tmp_path, capsys, info):
    """Both binaries freeze the runner and the stand-ins (a board's displayio is C, its names
    in flash): one built before, or from other ones, would measure another harness."""
    (tmp_path / "circuitpython32").write_text("")
    (tmp_path / "mpy-cross").write_text("")
    (tmp_path / "circuitpython32.json").write_text(json.dumps(info))
    rc = bench_ram.main(["--vm", "circuitpython32", "--vm-dir", str(tmp_path), "--scripts", "menus"])
    assert rc == 2
    assert "another version of the runner and stand-ins" in capsys.readouterr().err


def test_an_unknown_board_heap_is_refused(capsys):
    assert bench_ram.main(["--vm", "circuitpython32", "--boards", "nosuch"]) == 2
    assert "unknown board nosuch" in capsys.readouterr().err


BUILT = os.path.exists(os.path.join(bench_ram_vm.VM_DIR, bench_ram_vm.FROZEN + ".json"))


@pytest.mark.skipif(not BUILT, reason="no CircuitPython VM built (python -m tools.build_firmware --vm)")
@pytest.mark.parametrize("mode", ["frozen", "py"])
def test_the_menus_run_on_circuitpythons_own_vm(mode):
    """The menus run to their end in the PyBadge's heap on CircuitPython's own 32-bit VM (where
    one was built: CI has none). Frozen, as the PyBadge's users install the app (README), with
    the goal's 16 KiB free in one piece at every screen (2026-12-03: 18.6 KiB); as .py the
    largest free block is reported only (the compiler's garbage lies between the modules it
    makes)."""
    with open(os.path.join(bench_ram_vm.VM_DIR, bench_ram_vm.FROZEN + ".json")) as f:
        if mode == "frozen" and json.load(f)["app_digest"] != app_digest():
            pytest.skip("the frozen VM holds an older app: rebuild it")
    old = (mf.MICROPYTHON, mf.BLOCK)
    try:
        res = bench_ram_vm.run([bench_ram._script_path("menus")], ["pybadge"], mode, with_peak=False)
    finally:
        mf.use_vm(*old)
    (run,) = res["runs"]
    assert run["status"] == 0, run["message"]
    assert run["free_block_min"] > 0
    assert run["names"][0] > 0 and run["names"][1] >= 1, run["names"]  # what the names cost
    if mode == "frozen":
        assert run["free_block_min"] >= bench_ram.GOAL_BLOCK, run["free_block_min"]
    print("menus on the 32-bit VM, %s: smallest largest free block %.1f KiB" % (mode, run["free_block_min"] / 1024))


@pytest.mark.skipif(not BUILT, reason="no CircuitPython VM built (python -m tools.build_firmware --vm)")
def test_on_circuitpythons_vm_the_computers_screen_loads_once_the_turn_screen_is_gone(tmp_path):
    """A person's Phase 10 move hands the game to hard computers (installed as .mpy, as the
    PyBadge's users install Phase 10): on CircuitPython's VM, where the collector sees every
    value a running function has used, the computers' screen is made by the main loop once the
    functions that saw the turn screen have returned (``Session.show_new``), so the turn and
    its modules are gone from the heap when that screen's module begins to load. Made from
    them, it loaded over all 33 KB of the turn (MicroPython's own Unix port does not keep
    those values: tests/test_firmware_micropython.py checks the same there)."""
    old = (mf.MICROPYTHON, mf.BLOCK)
    try:
        vm, cross = bench_ram_vm.binaries(bench_ram_vm.VM_DIR, "mpy")
        mf.use_vm(vm, block=16)
        repo = mf.compiled_tree(str(tmp_path / "app"), mf.REPO, cross)
        with open(bench_ram._script_path("p10_hard")) as f:
            r = mf.run_script(f.read(), heap=400000, repo=repo, name="p10_hard.txt")
    finally:
        mf.use_vm(*old)
    assert r.status == 0, r.message
    assert turn_gone_when_loading(r, "firmware.turns")
