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

    r = run_script(DX_SCRIPT, board="pybadge", heap=4000000, snapshots=True)
    assert r.status == 0, r.message
    names = [x["name"] for x in r.screens]
    for screen in ("RollScreen", "DiceScreen", "ComputerTurns", "Summary"):
        assert "dice_express:" + screen in names, names

    def masked(snaps):
        return [(n, re.sub(r"Free memory \d+ KB", "Free memory N KB", t)) for n, t in snaps]

    mp = masked(r.snapshots)
    assert len(mp) > 8
    assert mp == masked(emulator_snapshots(DX_SCRIPT, board="pybadge"))


# --------------------------------------------------------------------------- the roads on the track

# the 3x5 digits the track writes (rows from the top, 1 a pixel set), read back from the screen
SHAPES = {"0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
          "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
          "6": "111100111101111"}
ROADS4 = ["W2 Y3 O4", "G3 R6", "G2 B5 W6", "G4 O2 Y5 B3"]
FRONTS4 = [9, 20, 13, 19]


def _rgb(colour):
    """A 0xRRGGBB colour as the emulated RGB565 screen shows it."""
    r, g, b = colour >> 16, (colour >> 8) & 255, colour & 255
    return ((r >> 3) * 255 // 31, (g >> 2) * 255 // 63, (b >> 3) * 255 // 31)


def _mask(px, colour, x0, y0, x1, y1):
    import numpy as np

    return np.all(px[y0:y1, x0:x1] == _rgb(colour), axis=2)


def read_digits(mask):
    """The 3x5 digits (doubled or not) set in ``mask``, read left to right."""
    import numpy as np

    ys, xs = np.nonzero(mask)
    if not len(xs):
        return ""
    top, left = ys.min(), xs.min()
    d = max(1, (ys.max() - top + 1) // 5)
    text = ""
    x = left
    while x <= xs.max():
        bits = ""
        for r in range(5):
            for c in range(3):
                y, xx = top + r * d, x + c * d
                bits += "1" if y < mask.shape[0] and xx < mask.shape[1] and mask[y, xx] else "0"
        text += {v: k for k, v in SHAPES.items()}.get(bits, "?")
        x += 4 * d
    return text


def lane_pieces(px, roads, seat):
    """What the screen shows in ``seat``'s lane: [(colour, first field, length, digits)], a
    piece a run of columns holding its colour, ended by a column without it; its length in
    fields from its width, and the digits written on it in its ink."""
    fill, ink = importlib.import_module("firmware.dice_express.screens").Screens.colours
    f, lane = roads.field, roads.lane
    y0 = roads.top + seat * lane
    band = px[y0:y0 + lane]
    out = []
    x = roads.x1
    width = px.shape[1]
    while x < width:
        col = [c for c in range(6) if _mask(band, fill[c], x, 0, x + 1, lane).any()]
        if not col:
            x += 1
            continue
        c = col[0]
        end = x
        while end < width and _mask(band, fill[c], end, 0, end + 1, lane).any():
            end += 1
        out.append((c, (x - roads.x1) // f + 1, (end - x + 1) // f,
                    read_digits(_mask(band, ink[c], x, 0, end, lane))))
        x = end
    return out


def road_pieces(st, seat):
    """The same list from the state: what the lane should show."""
    out = []
    pos = st.rear_field(seat)
    for p in st.roads[seat]:
        out.append((p >> 3, pos, p & 7, str(p & 7)))
        pos += p & 7
    return out


@pytest.mark.parametrize("board_id", SCREEN_BOARDS)
def test_DX_3_the_track_shows_field_numbers_and_the_finish(board_id, tmp_path):
    """Over the lanes: 10 and 20 (dim) over their fields, ticks over 5, 15 and 25, the finish 30
    bright over field 30; field 30 chequered (bright and dark in turn) down every lane that
    has not reached it."""
    import numpy as np

    ui = importlib.import_module("firmware.ui")
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        st, D = arranged(ROADS4, FRONTS4, [4] * 7)
        dx_session(d, st, (0, 2, 2, 2), ["ANN", "BOB", "CAT", "DAN"])
        r = d.top.roads
        px = d.m.display.rgb()
        f = r.field

        def over(k):  # the ruler's columns over field k
            cx = r.x1 + (k - 1) * f + f // 2
            return cx - 12, cx + 13

        assert r.top - r.y in (7, 12)
        for k, colour in ((10, ui.DIM), (20, ui.DIM), (30, ui.TEXT)):
            x0, x1 = over(k)
            assert read_digits(_mask(px, colour, x0, r.y, min(x1, px.shape[1]), r.top)) == str(k), k
        for k in (5, 15, 25):
            x0, x1 = over(k)
            tick = _mask(px, ui.DIM, x0 + 8, r.y, x1 - 8, r.top)
            assert tick.any() and read_digits(tick) != str(k)
        bright = black = 0
        x = r.x1 + 29 * f
        for seat in range(4):
            column = px[r.top + seat * r.lane:r.top + (seat + 1) * r.lane, x]
            on = [bool(np.all(p == _rgb(ui.TEXT))) for p in column]
            assert any(on) and not all(on), seat
            bright += sum(on)
            black += sum(1 for p in column if not p.any())
        assert bright > 4 * r.lane // 3 and black > 4 * r.lane // 3
    finally:
        d.close()


@pytest.mark.parametrize("board_id", SCREEN_BOARDS)
def test_DX_3_every_piece_shows_as_its_fields_with_its_length(board_id, tmp_path):
    """Each road on the track as the state has it: every piece its colour from its first field
    for its length (a dark gap before the next), notches between its fields, and its length
    written on it, on every screen (4 pixels a field on 160x128)."""
    fill = importlib.import_module("firmware.dice_express.screens").FILL
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        roads = ["W2 Y3 O4", "G3 R6", "G2 B5 W6", "G4 O2 Y5 B3", "G5 B2", "R2 O3"]
        st, D = arranged(roads, [9, 20, 13, 19, 7, 5], [4] * 7)
        dx_session(d, st, (0, 2, 2, 2, 2, 2), ["ANN", "BOB", "CAT", "DAN", "EVE", "FAY"])
        r = d.top.roads
        px = d.m.display.rgb()
        for seat in range(6):
            assert lane_pieces(px, r, seat) == road_pieces(st, seat), seat
        # DAN's Y5: a notch of a darker yellow at the top between each of its fields
        x = r.x1 + (st.rear_field(3) + 6 - 1) * r.field
        top = r.top + 3 * r.lane + 1
        row = [tuple(p) for p in px[top, x:x + 5 * r.field - 1]]
        notch = _rgb((fill[1] >> 1) & 0x7F7F7F)
        assert [i for i in range(len(row)) if row[i] == notch] == [k * r.field - 1 for k in range(1, 5)]
    finally:
        d.close()


def _until_line(d, s, words, limit=20000):
    """Run the computer turns until a log line holds ``words``; that line."""
    for _ in range(limit // 20):
        for line in s.lines:
            if words in line:
                return line
        d.m.run(20)
    raise AssertionError("no move with %r:\n%s" % (words, "\n".join(s.lines)))


@pytest.mark.parametrize("board_id", ["pybadge", "lilygo_tdisplay_s3"])
def test_DX_7_DX_8_a_computers_steal_is_shown_on_the_roads(board_id, tmp_path):
    """While a computer plays, the roads stay on screen under its moves and follow each one:
    ANN (a computer) takes R3, the red road grows at once; she steals BOB's G3: the green piece
    leaves BOB's lane for the front of ANN's, and BOB's road moves back by 3 (DX-8)."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        st, D = arranged(ROADS4, FRONTS4, [4, 4, 4, 3, 3, 3, 0] * 4)
        s = dx_session(d, st, (2, 0, 2, 2), ["ANN", "BOB", "CAT", "DAN"])
        t = d.top
        assert type(t).__name__ == "ComputerTurns"
        r = t.watched
        before = [lane_pieces(d.m.display.rgb(), r, x) for x in range(4)]
        assert before[1] == [(4, 12, 3, "3"), (3, 15, 6, "6")]  # BOB: G3 R6 up to 20
        _until_line(d, s, "takes R3")
        assert lane_pieces(d.m.display.rgb(), r, 0)[-1] == (3, 10, 3, "3")
        assert "ANN steals G3 of BOB" in _until_line(d, s, "steals")
        assert d.top is t
        px = d.m.display.rgb()
        assert lane_pieces(px, r, 0) == road_pieces(s.state, 0)
        assert lane_pieces(px, r, 0)[-1] == (4, 13, 3, "3")  # G3 at ANN's front
        assert lane_pieces(px, r, 1) == [(3, 12, 6, "6")]  # BOB: R6 alone, back to 17
        assert "ANN steals G3 of BOB" in d.text()  # and the move in the log above, still
        assert d.top.title.text == "ANN is playing"  # hers until BOB's roll comes up
        for _ in range(100):
            d.m.run(20)
            if d.top is not t:
                break
        assert type(d.top).__name__ == "RollScreen" and "BOB's turn" in d.text()
    finally:
        d.close()


@pytest.mark.parametrize("board_id,scale", [("lilygo_tdisplay_s3", 2),
                                            ("adafruit_feather_esp32s3_reverse_tft", 1)])
def test_DX_5_DX_6_the_roll_and_the_dice_in_the_large_text_where_it_fits(board_id, scale, tmp_path):
    """On 320x170 the roll's title and rows and the dice screen's title, line, labels and
    buttons are in the large text (the roads and the dice below them fit); on 240x135 the
    small one (the large has four rows there). Nothing runs off or overlaps either way."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        roads = ["W2 Y3 O4", "G3 R6", "G2 B5 W6", "G4 O2 Y5 B3", "G5 B2", "R2 O3"]
        for n in (4, 6):
            st, D = arranged(roads[:n], [9, 20, 13, 19, 7, 5][:n], [4, 4, 4, 3, 3, 5, 0])
            dx_session(d, st, (0,) + (2,) * (n - 1), ["ANN", "BOB", "CAT", "DAN", "EVE", "FAY"][:n])
            t = d.top
            assert type(t).__name__ == "RollScreen"
            assert t.title.scale == scale and t.menu.labels[0].scale == scale
            assert t.menu.labels[0].text == "Roll 7 dice"
            assert t.roads.lane >= 12 and t.roads.names[0].text == "ANN"
            assert not layout_problems(d.m.display, t)
            d.key("A")
            d.m.run(400)
            t = d.top
            assert type(t).__name__ == "DiceScreen"
            assert t.title.scale == scale and t.info.scale == scale and t.info.text == "Roll 1/3: 7 to roll"
            assert [lb.scale for lb in t.buttons.labels] == [scale, scale]
            last = t.buttons.top + 2 * t.buttons.row_h
            assert t.row_y[1] + t.size <= t.buttons.top and last <= d.m.display.height - 14
            assert not layout_problems(d.m.display, t)
    finally:
        d.close()
