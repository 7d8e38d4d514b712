"""Running out of RAM (issue 9): on a board whose heap a game does not fit, the app says so and
goes back to the main menu, and nothing saved is lost (firmware/app.py ``out_of_memory``); once
the message is closed the app starts again (``supervisor.reload``), so that Continue finds the
whole heap, and the press that closed the message does nothing more.

Under the MicroPython Unix port with the heap capped, the MemoryError is a real one; on the
emulator (CPython) one is raised on purpose, to see the screen a person would get."""

import os
import shutil
import sys

import pytest

from emulator.machine import FirmwareError, Machine
from shared_rules import registry
from shared_rules import save as codec
from tools.micropython_firmware import run_script

# Enough for the menus (menus.txt peaks at 124 KiB as .py, bench_ram --py, 2026-12-03), far too
# little for a game of Phase 10 (over 200 KiB; docs/micropython.md): the game runs out of
# memory, the menus do not.
SMALL = 140000
BIG = 1000000

# From a fresh NVM: a game of Phase 10 with the set-up's defaults, one card drawn, then Leave
# game from the pause menu: the main menu offers Continue.
SAVE = """wait 300
key A
key UP
key A
wait 3000
key A
wait 300
key B
wait 300
key UP
key A
wait 300
expect Continue
"""


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """An NVM image holding a saved game of Phase 10."""
    path = str(tmp_path_factory.mktemp("oom") / "nvm.bin")
    r = run_script(SAVE, heap=BIG, nvm=path)
    assert r.status == 0, r.message
    return path


def test_a_game_too_large_for_the_heap_stops_with_a_message_and_keeps_the_save(saved, tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    shutil.copy(saved, nvm)
    with open(nvm, "rb") as f:
        before = f.read()
    script = ("wait 300\nexpect Continue\nkey A\nwait 3000\nexpect Out of memory\n"
              "expect Your saved game and settings are kept\nkey A\nwait 300\n"
              "expect Pocket Phase 10\nexpect Continue\n")
    r = run_script(script, heap=SMALL, nvm=nvm, recover=True)
    assert r.status == 0, r.message
    assert r.out_of_memory, "the game fitted: make SMALL smaller"
    # one restart, and no second MemoryError: the A that closed the message, still down as the
    # app started again, did not choose Continue on the new main menu
    assert len(r.out_of_memory) == 1 and len(r.reloads) == 1
    assert r.reloads[0] > r.out_of_memory[0]
    with open(nvm, "rb") as f:
        assert f.read() == before  # the saved game and the settings, byte for byte
    # and the same save still plays where the heap is large enough
    r = run_script("wait 300\nkey A\nwait 3000\nexpect ph1\n", heap=BIG, nvm=nvm)
    assert r.status == 0, r.message


def test_without_recovery_the_memory_error_ends_the_measured_run(saved, tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    shutil.copy(saved, nvm)
    r = run_script("wait 300\nkey A\nwait 3000\n", heap=SMALL, nvm=nvm)
    assert r.status == 3 and "MemoryError" in r.message  # what the RAM budget measures
    assert not r.out_of_memory


def test_a_memory_error_while_reading_a_save_is_not_a_corrupt_save(monkeypatch):
    from shared_rules.phase10.game import Phase10

    blob = codec.encode(Phase10(3, seed=5), 1)
    assert codec.decode(blob)[0] == 1

    def short_of_ram(entry):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(registry, "module", short_of_ram)
    with pytest.raises(MemoryError):  # not RuleError("SAVE"): the app would remove the save
        codec.decode(blob)


def failing_step(app, error, armed=True):
    """``app.step`` (the class's) wrapped to raise ``error`` at its next call, once: the list
    returned is empty while it is armed (``clear()`` arms it again)."""
    step = app.step
    raised = [] if armed else [1]

    def failing(self):
        if not raised:
            raised.append(1)
            raise error
        step(self)

    app.step = failing
    return raised


def test_the_emulator_shows_the_message_and_goes_back_to_the_main_menu(tmp_path, capsys):
    """A MemoryError raised on purpose in a pass of the loop during a game of Phase 10, with the
    pause menu on top: the message still names the game, and the traceback goes to the console
    (``traceback.print_exception``, as on CircuitPython, which has no sys.print_exception)."""
    shots = os.path.join(os.path.dirname(__file__), "..", "out", "screens", "pybadge")
    with Machine("pybadge", seed=1, nvm_path=str(tmp_path / "nvm.bin")) as m:
        m.boot()
        m.run(300)
        for k in ("A", "UP", "A"):  # Phase 10 with the set-up's defaults: Start
            m.key(k)
        m.run(3000)
        for k in ("A", "B", "UP", "A", "A"):  # draw, leave the game (saved), Continue
            m.key(k)
            m.run(300)
        assert "Lay down or discard" in m.screen_text()
        app = sys.modules["firmware.app"].App
        raised = failing_step(app, MemoryError("memory allocation failed, allocating 4688 bytes"),
                              armed=False)
        m.key("B")  # the pause menu on top of the game's screen
        assert "Paused: Phase 10" in m.screen_text()
        raised.clear()
        m.run(300)
        err = capsys.readouterr().err
        assert "MemoryError: memory allocation failed, allocating 4688 bytes" in err, err
        text = m.screen_text()
        assert "Out of memory" in text, text
        assert "Phase 10 needs more memory (RAM) than this board has free" in " ".join(text.split())
        os.makedirs(shots, exist_ok=True)
        m.screenshot(os.path.join(shots, "out_of_memory.png"), scale=2)
        assert "Closing this restarts the app with its memory free" in " ".join(text.split())
        m.key("A")
        m.run(300)
        text = m.screen_text()
        assert text.startswith("Pocket Phase 10") and "Continue" in text, text
        assert sys.modules["firmware.app"].App is not app  # the app has started again
        m.key("A")  # the game goes on from its save
        m.run(3000)
        assert "Lay down or discard" in m.screen_text()


def test_a_call_stack_too_small_says_what_to_set_and_restarts(tmp_path, capsys):
    """CircuitPython's "RuntimeError: pystack exhausted" (a board whose settings.toml asks for a
    smaller Python call stack than tools/deploy.py writes): the message says which line to add,
    and closing it restarts the app; another RuntimeError is not taken for it."""
    with Machine("pybadge", seed=1, nvm_path=str(tmp_path / "nvm.bin")) as m:
        m.boot()
        m.run(300)
        app = sys.modules["firmware.app"].App
        failing_step(app, RuntimeError("pystack exhausted"))
        m.run(300)
        assert "RuntimeError: pystack exhausted" in capsys.readouterr().err
        text = " ".join(m.screen_text().split())
        assert "add the line CIRCUITPY_PYSTACK_SIZE = 3072 to settings.toml" in text, text
        m.key("A")  # the next page
        m.run(300)
        assert "Closing this restarts the app" in " ".join(m.screen_text().split())
        m.key("A")
        m.run(300)
        assert sys.modules["firmware.app"].App is not app  # the app has started again
        failing_step(sys.modules["firmware.app"].App, RuntimeError("something else"))
        with pytest.raises(FirmwareError, match="RuntimeError: something else"):
            m.run(300)
