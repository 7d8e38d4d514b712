"""The board modules against the boards: every pin name exists in that board's definition in
the pinned circuitpython-stubs, and every button gives the logical key the board's wiring (as
the emulator models it from the board's documentation) says it should, short and long presses
alike."""

import ast
import os

import pytest

from emulator import specs, standins
from emulator.machine import Machine
from tools.bench_ram import board_heap

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = sorted(specs.SPECS)
LOGICAL = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


def board_names_used(path):
    """Every ``board.NAME`` a module reads."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return sorted({n.attr for n in ast.walk(tree)
                   if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                   and n.value.id == "board"})


def test_every_supported_board_has_a_module_and_an_emulator_spec():
    import boards

    assert sorted(boards.SUPPORTED) == BOARDS
    for board_id in BOARDS:
        assert os.path.exists(os.path.join(REPO, "boards", board_id + ".py"))


@pytest.mark.parametrize("board_id", BOARDS)
def test_pin_names_exist_in_the_board_definition(board_id):
    pins, _ = standins.board_definition(board_id)
    used = board_names_used(os.path.join(REPO, "boards", board_id + ".py"))
    assert used, "the module reads no pins"
    missing = [n for n in used if n not in pins and n != "DISPLAY"]
    assert not missing, board_id + " uses pins its definition lacks: " + ", ".join(missing)


def test_a_misspelt_pin_is_caught(tmp_path):
    src = open(os.path.join(REPO, "boards", "pybadge.py"), encoding="utf-8").read()
    bad = tmp_path / "pybadge.py"
    bad.write_text(src.replace("board.BUTTON_LATCH", "board.BUTTON_LACTH"))
    pins, _ = standins.board_definition("pybadge")
    assert "BUTTON_LACTH" in board_names_used(str(bad))
    assert "BUTTON_LACTH" not in pins


@pytest.mark.parametrize("board_id", BOARDS)
def test_every_button_gives_its_logical_key(board_id):
    spec = specs.SPECS[board_id]
    m = Machine(board_id)
    with m.environment():
        import boards
        from firmware.buttons import Buttons

        module = boards.load(board_id)
        buttons = Buttons(module)
        made = {}
        for name, (button, hold) in sorted(spec.logical.items()):
            buttons.poll(m.hw.ticks_ms())
            m.hold(button)
            got = buttons.poll(m.hw.ticks_ms())
            m.advance_clock(hold)
            got += buttons.poll(m.hw.ticks_ms())
            m.release(button)
            got += buttons.poll(m.hw.ticks_ms())
            made[name] = [LOGICAL[k] for k in got]
            m.advance_clock(100)
        for name in spec.logical:
            expected = [name]
            if spec.logical[name][1] == specs.SHORT or module.keys()[0][2] is not None:
                assert made[name] == expected, (name, made[name])
            else:
                # a held d-pad key repeats: its first key is the one asked for
                assert made[name][0] == name and set(made[name]) == {name}
        # the footer hints name a way to make every key the board can make
        for name in spec.logical:
            assert module.HINTS[LOGICAL.index(name)], name
        assert module.display() is m.display
        assert (module.speaker() is None) == (spec.speaker is None)


@pytest.mark.parametrize("board_id", ["pybadge", "pygamer", "pimoroni_picosystem"])
def test_held_direction_repeats(board_id):
    m = Machine(board_id)
    with m.environment():
        import boards
        from firmware.buttons import Buttons

        buttons = Buttons(boards.load(board_id))
        m.hold("DOWN")
        keys = []
        for _ in range(100):  # one second in 10 ms steps
            keys += buttons.poll(m.hw.ticks_ms())
            m.advance_clock(10)
        m.release("DOWN")
        keys += buttons.poll(m.hw.ticks_ms())
        m.advance_clock(500)
        keys += buttons.poll(m.hw.ticks_ms())
        # one press, then after 400 ms one key every 120 ms: 1 + 5
        assert [LOGICAL[k] for k in keys] == ["DOWN"] * 6


def test_long_press_fires_while_held_and_survives_the_ticks_wrap():
    m = Machine("clue_nrf52840_express")
    with m.environment():
        import boards
        from firmware.buttons import Buttons

        buttons = Buttons(boards.load("clue_nrf52840_express"))
        m.advance_clock(60000 - 300)  # ticks_ms wraps 60 s after boot
        start = m.hw.ticks_ms()
        m.hold("A")
        keys = []
        for _ in range(70):
            keys += buttons.poll(m.hw.ticks_ms())
            m.advance_clock(10)
        assert m.hw.ticks_ms() < start, "the clock should have wrapped"
        assert [LOGICAL[k] for k in keys] == ["A"]
        m.release("A")
        assert buttons.poll(m.hw.ticks_ms()) == []


@pytest.mark.parametrize("board_id", BOARDS)
def test_every_board_says_the_heap_code_py_gets_and_where_the_figure_comes_from(board_id):
    heap = board_heap(board_id)
    assert isinstance(heap, int) and 100000 <= heap <= 16000000, heap
    with open(os.path.join(REPO, "boards", board_id + ".py")) as f:
        lines = f.read().splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("HEAP = ")][0]
    assert lines[at - 1].startswith("#"), "HEAP needs its source in a comment above it"
    assert board_heap("clue_nrf52840_express") == min(board_heap(b) for b in BOARDS)
