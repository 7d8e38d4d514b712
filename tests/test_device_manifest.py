"""The deploy manifest against what the device imports (issue 24: "the device gets only what it
runs").

Every script of tests/scripts/ runs the firmware from ``code.py`` under MicroPython
(tools/micropython_firmware.py ``run_script``, plenty of heap; the runs are shared with
tests/test_ram_budget.py through ``script_runs``, tests/conftest.py), which reports every device
module each run imports. Their union is held against what ``tools/deploy_lib/layout.py``
installs on a PyBadge (``collect``):

- nothing the device imports is missing from the manifest;
- nothing the device imports is desktop-only (a module or package named ``desktop``);
- every module the manifest installs is imported by some script, but the few listed in
  ``NOT_IMPORTED`` with their reason;
- every board's manifest is the PyBadge's with its own board module in place of the PyBadge's.
"""

import functools
import glob
import os

import pytest

# one pytest-xdist worker runs both files (make test: --dist loadgroup), so the scripts' runs
# under MicroPython are made once and shared (tests/conftest.py, ScriptRuns)
pytestmark = pytest.mark.xdist_group("script_runs")

from tools.deploy_lib.layout import DESKTOP, collect
from tools.micropython_firmware import REPO

SCRIPTS = sorted(glob.glob(os.path.join(REPO, "tests", "scripts", "*.txt")))
# the tops of the device's own modules and of the Adafruit libraries a deploy may install
DEVICE = ("firmware", "boards", "shared_rules", "adafruit_display_text", "adafruit_ticks")
BOARD = "pybadge"

# Installed on every board, imported by no script, each for a reason:
NOT_IMPORTED = {
    # code.py shows it on a board whose id has no module in boards/; the scripts run on boards
    # that have one (tests/test_boards.py shows it)
    "firmware.unknown",
    # the title screen shows at power-on only; the MicroPython runner boots as after a reload
    # (its supervisor stand-in has no run_reason); the emulator shows it (--power-on)
    "firmware.title",
    # the game record writer and the move notation it writes: imported only when the app
    # lives in a drive's lib/ (firmware.play.drive_root; the runner's app does not) and that
    # drive is writable to the firmware (a boot.py remounts it, docs/firmware-games.md)
    "firmware.gamerec",
    "shared_rules.record",
    "shared_rules.phase10.moves",
    "shared_rules.phase10board.moves",  # (and the board game's random computer player)
    # a refusal's words on the card games' screens: loaded only when the rules core refuses a
    # person's move, which no script makes (tests/test_errors.py, tests/test_phase10_screens.py
    # and tests/test_phase10board_screens.py)
    "firmware.phase10.why",
    "firmware.phase10board.why",
}

def _boards():
    return sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(REPO, "boards", "*.py"))
                  if not p.endswith("__init__.py"))


def module_of(board_path):
    """The module a board path installs (``/lib/firmware/ui.py`` -> ``firmware.ui``, a package's
    ``__init__`` -> the package), or None for what is not a module under /lib (code.py, data)."""
    if not board_path.startswith("/lib/"):
        return None
    rel = board_path[len("/lib/"):]
    for ext in (".py", ".mpy"):
        if rel.endswith(ext):
            rel = rel[: -len(ext)]
            break
    else:
        return None
    parts = rel.split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.lru_cache(maxsize=None)
def manifest(board):
    """{board path: host path} of what deploy installs on ``board`` (``collect``, once)."""
    return dict(collect(board))


def installed(board=BOARD):
    """The modules deploy installs, and the packages they are in: a folder with no
    ``__init__`` (deploy leaves out one with nothing but a docstring) is imported as a
    namespace package."""
    mods = set(m for m in (module_of(p) for p in manifest(board)) if m is not None)
    for m in list(mods):
        parts = m.split(".")
        mods.update(".".join(parts[:i]) for i in range(1, len(parts)))
    return sorted(mods)


@pytest.fixture(scope="session")  # once a worker, though its tests interleave with the budget's
def imported(script_runs):
    """{device module: the scripts that import it} over every script of tests/scripts/."""
    from tests.test_ram_budget import GOAL, MPY

    out = {}
    for path in SCRIPTS:
        # the run the RAM budget makes too (in its heap), if it ran to its end: made once
        r = script_runs.run(path, GOAL[MPY])
        if r.status != 0:
            r = script_runs.finished(path)
        assert r.status == 0, "%s does not run under MicroPython: %s" % (
            os.path.basename(path), r.message[-500:])
        assert r.imports, os.path.basename(path)
        for name, _, _ in r.imports:
            for mod in name.split("+"):  # 'a+b': b was loaded by a's import
                if mod.split(".")[0] in DEVICE:
                    out.setdefault(mod, []).append(os.path.basename(path))
    return out


def test_module_of_board_paths():
    assert module_of("/lib/firmware/ui.py") == "firmware.ui"
    assert module_of("/lib/shared_rules/phase10/__init__.py") == "shared_rules.phase10"
    assert module_of("/lib/boards/pybadge.mpy") == "boards.pybadge"
    assert module_of("/code.py") is None
    assert module_of("/lib/firmware/pages.txt") is None


def test_a_package_with_nothing_but_its_docstring_is_a_namespace_package():
    # its __init__ is not installed (a file name and a module fewer on the heap), and the
    # package is imported all the same
    paths = manifest(BOARD)
    assert "/lib/firmware/phase10/__init__.py" not in paths
    assert "/lib/firmware/phase10/screens.py" in paths and "/lib/firmware/__init__.py" in paths
    assert "firmware.phase10" in installed()


def test_the_scripts_import_the_app(imported):
    for mod in ("firmware.app", "firmware.menus", "boards.pybadge", "shared_rules.registry",
                "firmware.phase10.screens", "firmware.phase10board.screens",
                "firmware.dice_express.screens", "firmware.pause", "firmware.stats"):
        assert mod in imported, mod


def test_nothing_the_device_imports_is_missing_from_the_manifest(imported):
    missing = sorted(set(imported) - set(installed()))
    assert not missing, "imported on the device but not installed by deploy: " + ", ".join(
        "%s (%s)" % (m, imported[m][0]) for m in missing)


def test_the_device_imports_no_desktop_module(imported):
    desktop = sorted(m for m in imported if DESKTOP in m.split("."))
    assert not desktop, "desktop-only modules imported on the device: " + ", ".join(
        "%s (%s)" % (m, imported[m][0]) for m in desktop)


def test_every_installed_module_is_imported_by_some_script(imported):
    unused = sorted(set(installed()) - set(imported) - NOT_IMPORTED)
    assert not unused, "installed by deploy, imported by no script (import it in a script, " \
        "stop installing it, or list it with its reason in NOT_IMPORTED): " + ", ".join(unused)


def test_every_allowed_exception_is_installed_and_not_imported(imported):
    mods = installed()
    for mod in NOT_IMPORTED:
        assert mod in mods, mod + " is no longer installed: drop it from NOT_IMPORTED"
        assert mod not in imported, mod + " is imported now: drop it from NOT_IMPORTED"


@pytest.mark.parametrize("board", [b for b in _boards() if b != BOARD])
def test_every_board_gets_what_the_pybadge_gets_but_its_board_module(board):
    mine = dict(manifest(board))
    badge = dict(manifest(BOARD))
    own = mine.pop("/lib/boards/" + board + ".py")
    assert os.path.samefile(own, os.path.join(REPO, "boards", board + ".py"))
    badge.pop("/lib/boards/" + BOARD + ".py")
    assert mine == badge
