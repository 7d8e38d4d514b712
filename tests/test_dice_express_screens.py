"""Dice Express on the emulated boards (firmware/dx.py): whole games played by key presses on the
PyBadge and on the CLUE (two buttons), a person's choices made as the normal computer player
would make them, through every decision screen to the ending; a power cut between rolls and
Continue."""

import importlib

import pytest

from tests.scripts.phase10_driver import Driver


def start(d, players="2"):
    d.menu_choose("Dice Express")
    d.set_row("Players", players)
    d.menu_choose("Start")
    if type(d.top).__name__ == "Overwrite":
        d.menu_choose("Start new game")


def want(t):
    """The move the normal player would make on the person's screen ``t``."""
    D = importlib.import_module("shared_rules.dice_express")
    st = t.session.state
    rng = importlib.import_module("shared_rules.rng")
    return D.bot("normal", rng.Rng(st.turns)).choose(st.view(t.seat))


def step(d, seen):
    t = d.top
    name = type(t).__name__
    seen.add(name)
    if name == "Choices":
        move = want(t)
        i = t.moves.index(move)
        d.wait_guard()
        for _ in range(40):
            if t.menu.index == i:
                break
            d.key("DOWN")
        d.key("A")
    elif name == "DiceScreen":
        move = want(t)
        D = importlib.import_module("shared_rules.dice_express")
        d.wait_guard()
        if move[0] == D.KEEP:
            need = list(move[1])
            goal = []
            for c in t.dice:
                if c in need:
                    need.remove(c)
                    goal.append(1)
                else:
                    goal.append(0)
            for i in range(len(t.dice)):
                if t.kept[i] != goal[i]:
                    while t.cursor != i:
                        d.key("DOWN")
                    d.key("A")
            target = len(t.dice)
        else:
            target = len(t.dice) + 1
        while t.cursor != target:
            d.key("DOWN")
        d.key("A")
    elif name == "ComputerTurns":
        while d.top is t:
            d.m.run(20)
    elif name == "Summary":
        if t.final:
            return "end"
        d.key("A")
    else:
        raise AssertionError("unexpected screen " + name + ":\n" + d.text())
    return name


@pytest.mark.parametrize("board", ["pybadge", "clue_nrf52840_express"])
def test_DX_1_to_DX_11_a_whole_game_by_key_presses(board, tmp_path):
    d = Driver(board, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        start(d, "2")
        assert "ANN's turn" in d.text() and "Roll 7 dice" in d.text()
        seen = set()
        for _ in range(4000):
            if step(d, seen) == "end":
                break
        else:
            raise AssertionError("the game never ended")
        assert {"Choices", "DiceScreen", "ComputerTurns"} <= seen
        text = d.text()
        assert "Game over" in text and "wins!" in text
        st = d.top.session.state if hasattr(d.top, "session") else None
        if st is not None:
            assert st.over and max(st.fronts) >= 30
    finally:
        d.close()


def test_DX_6_power_cut_between_rolls_then_continue(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    try:
        start(d, "3")
        seen = set()
        for _ in range(400):
            t = d.top
            if type(t).__name__ == "DiceScreen" and t.session.state.roll_no == 1 and t.session.state.turns > 3:
                break
            step(d, seen)
        t = d.top
        assert type(t).__name__ == "DiceScreen"
        rnd = t.session.state.round_no
        d.m.power_cut()
        d.continue_game()
        # the PyBadge saves when a round ends (each save is a flash erase): the game comes back
        # at the start of the round the cut fell in
        st = d.top.session.state
        assert st.round_no == rnd and st.pending == (0, 0) and not st.over
        for _ in range(4000):
            if step(d, seen) == "end":
                break
        assert "Game over" in d.text()
    finally:
        d.close()
