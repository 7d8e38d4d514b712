"""Test isolation shared by every suite.

The emulator boots the app's own copies of ``shared_rules``, ``firmware`` and ``boards`` (as a
board would) and removes them again. A test that leaves a machine running, or imports part of the
rules core while one runs, could leave the device's copies behind: then a later test's
``RuleError`` would no longer be the class the rules core raises. So every test gets back the
app modules it started with.

The emulated screen draws its pixels only when they are read (a screenshot, ``display.rgb``):
drawing every refresh is four fifths of a game's time in the emulator, and the tests read the
screens' text from the display tree. A test that counts the pixels a refresh draws sets
``draw_every_refresh`` first."""

import sys

import pytest

from emulator.machine import Machine

APP_PACKAGES = ("shared_rules", "firmware", "boards")
Machine.RENDER_STRIDE = 10 ** 9


def draw_every_refresh(machine):
    """From now on every refresh of the machine's screen draws its dirty areas, as on the
    board (the screen drawn in full first); returns the display."""
    machine.set_render_stride(1)
    machine.display.redraw_all()
    return machine.display


def _app_modules():
    return {name: mod for name, mod in sys.modules.items() if name.split(".")[0] in APP_PACKAGES}


@pytest.fixture(autouse=True)
def _keep_app_modules():
    before = _app_modules()
    yield
    for name in list(sys.modules):
        if name.split(".")[0] in APP_PACKAGES and sys.modules[name] is not before.get(name):
            del sys.modules[name]
    sys.modules.update(before)


class ScriptRuns:
    """The scripts of tests/scripts/ run under MicroPython (tools/micropython_firmware.py
    ``run_script``), each run once per test session (per pytest-xdist worker; ``make test``
    runs both files on one, their ``xdist_group``) and shared by the suites that need it:
    tests/test_ram_budget.py (the heap budget) and tests/test_device_manifest.py (what the
    device imports). ``how``: the app installed as
    ``tools/deploy.py`` installs it (``"mpy"``), as sources (``"py"``) or frozen into the
    firmware (``"frozen"``)."""

    PLENTY = 4000000  # bytes of heap: behaviour, not memory

    def __init__(self, tmp):
        self.tmp = tmp  # a folder for the compiled and frozen app, made at their first use
        self.trees = {}
        self.done = {}  # (script path, heap, how) -> Result

    def tree(self, how):
        """The app's folder to run for ``how`` (``frozen``: ``freeze``'s folder)."""
        import os

        from tools.micropython_firmware import REPO, compiled_tree, freeze

        if how == "py":
            return REPO
        if how not in self.trees:
            dest = os.path.join(self.tmp, how)
            self.trees[how] = freeze(dest) if how == "frozen" else compiled_tree(dest)
        return self.trees[how]

    def run(self, path, heap=PLENTY, how="mpy"):
        """The run of the script at ``path`` with ``heap`` bytes for the app."""
        import os

        from tools.micropython_firmware import run_script

        key = (path, heap, how)
        if key not in self.done:
            with open(path) as f:
                text = f.read()
            if how == "frozen":
                r = run_script(text, heap=heap, name=os.path.basename(path), frozen=self.tree(how))
            else:
                r = run_script(text, heap=heap, name=os.path.basename(path), repo=self.tree(how))
            self.done[key] = r
        return self.done[key]

    def finished(self, path):
        """A run of the script, installed as ``.mpy`` or ``.py``, that reached its end: one made
        already with any heap, else one with plenty (for what does not depend on the heap, such
        as the modules imported)."""
        for (p, _, how), r in self.done.items():
            if p == path and how != "frozen" and r.status == 0:
                return r
        return self.run(path)


@pytest.fixture(scope="session")
def script_runs(tmp_path_factory):
    return ScriptRuns(str(tmp_path_factory.mktemp("app")))
