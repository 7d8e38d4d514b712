"""Dice Express on the emulated boards (firmware/dice_express/screens.py): whole games played by key presses on the
PyBadge and on the CLUE (two buttons), a person's choices made as the normal computer player
would make them, through every decision screen to the ending; a power cut between rolls and
Continue."""

import importlib

import pytest

from tests.conftest import draw_every_refresh
from tests.scripts.phase10_driver import Driver


def start(d, players="2"):
    d.menu_choose("Dice Express")
    d.set_row("Players", players)
    d.menu_choose("Start")
    if type(d.top).__name__ == "Overwrite":
        d.menu_choose("Start new game")


def want(t):
    """The move the normal player would make on the person's screen ``t``."""
    D = importlib.import_module("shared_rules.dice_express.game")
    st = t.session.state
    rng = importlib.import_module("shared_rules.rng")
    registry = importlib.import_module("shared_rules.registry")
    return registry.player(D, "normal", rng.Rng(st.turns)).choose(st.view(t.seat))


def step(d, seen):
    t = d.top
    name = type(t).__name__
    seen.add(name)
    if name == "Choices" or name == "RollScreen":
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
        D = importlib.import_module("shared_rules.dice_express.game")
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
        assert {"RollScreen", "Choices", "DiceScreen", "ComputerTurns"} <= seen
        text = d.text()
        assert "Game over" in text and " wins at " in text
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


# --------------------------------------------------------------------------- every screen fits

import os  # noqa: E402

from tests.test_phase10_screens import REPO, SCREEN_BOARDS, layout_problems  # noqa: E402


def dx_session(d, state, kinds, names):
    play = importlib.import_module("firmware.session")
    registry = importlib.import_module("shared_rules.registry")
    d.booted.home()
    s = play.Session(d.booted, registry.by_key("dice_express"), state, bytes(kinds), names)
    s.next()
    d.m.run(30)
    return s


def _piece(text):
    """A road piece from its record notation (``R3``)."""
    return importlib.import_module("shared_rules.dice_express.desktop").parse_piece(text)


def arranged(roads, fronts, dice_source):
    """A six-player game with these roads (piece texts, rear first) and fronts; dice from a
    scripted source fed with ``dice_source``."""
    D = importlib.import_module("shared_rules.dice_express.game")
    rng = importlib.import_module("shared_rules.rng")
    st = D.new_game(len(roads), {}, rng.Rng(1))
    st.source = importlib.import_module("shared_rules.desktop.record").Scripted()
    st.source.feed(dice_source)
    for s in range(len(roads)):
        st.roads[s] = [_piece(t) for t in roads[s].split()]
        for p in st.roads[s]:
            st.display[p >> 3] &= ~(1 << (p & 7))
        st.fronts[s] = fronts[s]
    return st, D


@pytest.mark.parametrize("board_id", SCREEN_BOARDS)
def test_every_dice_express_screen_fits(board_id, tmp_path):
    folder = os.path.join(REPO, "out", "screens", "dice_express", board_id)
    os.makedirs(folder, exist_ok=True)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    problems = []

    def shot(name):
        d.m.run(400)  # the dice just rolled have stopped tumbling
        d.m.screenshot(os.path.join(folder, name + ".png"))
        for p in layout_problems(d.m.display, d.top):
            problems.append(name + ": " + p)

    try:
        roads = ["W2 Y3 O4", "G3 R6", "G2 B5 W6", "G4", "G5 B2", "R2 O3"]
        fronts = [9, 20, 13, 4, 7, 5]
        # ANN rolls g g g r r b w, keeps g g g, then rolls r r r b
        st, D = arranged(roads, fronts, [4, 4, 4, 3, 3, 5, 0, 3, 3, 3, 5])
        dx_session(d, st, (0, 2, 2, 2, 2, 2), ["ANN", "BOB", "CAT", "DAN", "EVE", "FAY"])
        t = d.top
        assert type(t).__name__ == "RollScreen" and "Roll 7 dice" in d.text()
        assert "ANN" in d.text() and "FAY" in d.text()  # the lanes, named
        assert t.moves == [(D.ROLL, 0), (D.ROLL, 1), (D.ROLL, 2)]
        shot("1-before")
        d.key("A")
        t = d.top
        assert type(t).__name__ == "DiceScreen" and "Roll 1/3: 7 to roll" in d.text()
        assert t.spin == list(range(7))  # the seven dice tumble first
        shot("2-dice")
        assert t.spin == [] and [p[0] for p in t.faces[0][1:2]] == [0x2EA043]  # then show green
        for i in range(3):  # set the three greens aside
            while t.cursor != i:
                d.key("DOWN")
            d.key("A")
        assert t.kept == [1, 1, 1, 0, 0, 0, 0]
        shot("3-dice-kept")
        while t.cursor != len(t.dice):
            d.key("DOWN")
        d.key("A")
        t = d.top
        assert type(t).__name__ == "DiceScreen" and "Roll 2/3" in d.text()
        while t.cursor != len(t.dice) + 1:
            d.key("DOWN")
        shot("4-dice-stop")
        d.key("A")
        t = d.top
        # red x3 first: R3 from the display or FAY's rear R2
        assert type(t).__name__ == "Choices" and "ANN's turn: red" in d.text()
        assert "Take R3" in d.text() and "Steal R2 from FAY" in d.text()
        shot("5-take-red")
        d.key("A")
        t = d.top
        # green x3: BOB's G3 and CAT's G2 may be stolen; DAN's lone G4 and EVE's G5 are greyed
        text = d.text()
        assert type(t).__name__ == "Choices" and "ANN's turn: green" in text
        assert "Steal G3 from BOB" in text and "Steal G2 from CAT" in text
        assert "DAN G4 one piece" in text and "EVE G5 too long" in text
        shot("6-take-green")
        if "SELECT" in d.m.spec.logical:
            d.key("SELECT")
        else:  # two-button boards: the pause menu's Table
            d.key("B")
            d.menu_choose("Table")
        shot("7-table")
        assert "ANN 12" in d.text() and "BOB 20" in d.text()
        d.key("B")
        # the ending: ANN at 27 takes B5 and reaches 32
        st, D = arranged(["W2 Y3 O4 R5 G6", "B6", "R2", "O2"], [27, 12, 12, 3], [5, 5, 5, 5, 5, 5, 0])
        dx_session(d, st, (0, 2, 2, 2), ["ANN", "BOB", "CAT", "DAN"])
        d.key("A")  # roll
        t = d.top
        while t.cursor != len(t.dice) + 1:
            d.key("DOWN")
        d.key("A")  # stop
        t = d.top
        i = t.moves.index((D.TAKE, _piece("B5")))  # B6 is in BOB's road: B2..B5
        while t.menu.index != i:
            d.key("DOWN")
        d.key("A")
        for _ in range(50):
            if type(d.top).__name__ == "Summary":
                break
            d.m.run(50)
        assert "Game over" in d.text() and "ANN wins at 32!" in d.text()
        shot("8-ending")
        assert not problems, "\n".join(problems)
    finally:
        d.close()


def test_dice_screen_redraws_little_per_key(tmp_path):
    """Pixels redrawn per key press while choosing dice (160x128): a cursor move redraws the
    cursor frame only, a die set aside its two places, the frame and the line above."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        st, D = arranged(["W2 Y3 O4", "G3 R6", "G2 B5 W6", "G4", "G5 B2", "R2 O3"], [9, 20, 13, 4, 7, 5],
                         [4, 4, 4, 3, 3, 5, 0])
        dx_session(d, st, (0, 2, 2, 2, 2, 2), ["ANN", "BOB", "CAT", "DAN", "EVE", "FAY"])
        d.key("A")
        d.m.run(400)
        draw_every_refresh(d.m)
        drawn = {}
        for k in ("DOWN", "A", "UP"):
            before = d.m.display.pixels_drawn
            d.key(k)
            d.m.run(50)
            drawn[k] = d.m.display.pixels_drawn - before
        assert 0 < drawn["DOWN"] <= 600 and 0 < drawn["UP"] <= 600
        assert 0 < drawn["A"] <= 2600
    finally:
        d.close()


def test_DX_9_the_log_shows_the_dice_and_the_no_piece_penalty(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        st, D = arranged(["W2 Y3", "R4", "G5", "B6"], [10, 4, 5, 6], [0, 0, 1, 1, 2, 3, 4])
        s = dx_session(d, st, (0, 2, 2, 2), ["ANN", "BOB", "CAT", "DAN"])
        d.key("A")  # roll W W Y Y O R G: white and yellow are in the road, the rest single
        assert s.lines[-1] == "  rolled WWYYORG"
        t = d.top
        while t.cursor != len(t.dice) + 1:
            d.key("DOWN")
        d.key("A")  # stop: no piece, ANN is not last, the front piece Y3 goes back
        assert "ANN: no piece, Y3 back" in s.lines
        assert s.state.fronts[0] == 7 and s.state.roads[0] == [_piece("W2")]
    finally:
        d.close()


# --------------------------------------------------------------------------- under MicroPython

DX_SCRIPT = """# Dice Express with a person in seat 1 against two computer players, keys only
wait 300
key DOWN
key DOWN
key A           # Dice Express set-up
expect 1 ANN person
key UP          # Start is the last row
key A
wait 1000
expect ANN's turn
expect Roll 7 dice
key A           # roll seven dice
wait 600
expect Roll 1/3
key A           # set the first die aside
key DOWN
key A           # and the second
key UP
key UP          # round to Stop here
key UP          # Roll the rest
key A
wait 600
expect Roll 2/3
key UP          # Stop here
key A
wait 4000
key A
wait 4000
key A
wait 4000
key B
wait 300
"""


def test_the_dice_express_screens_show_the_same_under_micropython():
    """The firmware with firmware/dice_express/screens.py under real MicroPython (tools/micropython_firmware.py)
    shows the same text on every screen as the emulator, from the set-up through a person's
    roll, set-asides, re-roll and stop, the computer turns and the round summary."""
    import re

    from tools.micropython_firmware import emulator_snapshots, run_script

    r = run_script(DX_SCRIPT, board="pybadge", heap=4000000)
    assert r.status == 0, r.message
    names = [x["name"] for x in r.screens]
    for screen in ("RollScreen", "DiceScreen", "ComputerTurns", "Summary"):
        assert "dice_express:" + screen in names, names

    def masked(snaps):
        return [(n, re.sub(r"Free memory \d+ KB", "Free memory N KB", t)) for n, t in snaps]

    mp = masked(r.snapshots)
    assert len(mp) > 8
    assert mp == masked(emulator_snapshots(DX_SCRIPT, board="pybadge"))
