"""Phase 10, the board game, on the emulated boards (firmware/phase10board/screens.py): whole games played by key
presses on the PyBadge and on the CLUE (two buttons), the person's choices made as the normal
computer player would make them, through every decision screen to the ending; a power cut in
the middle of an action, then Continue."""

import importlib

import pytest

from tests.scripts.phase10_driver import Driver


def start(d, players="2", kinds=None):
    d.start_game("Phase 10 Board", kinds or (), players=players)


def want(t):
    """The move the normal player would make on the person's screen ``t``."""
    B = importlib.import_module("shared_rules.phase10board.game")
    rng = importlib.import_module("shared_rules.rng")
    registry = importlib.import_module("shared_rules.registry")
    st = t.session.state
    return registry.player(B, "normal", rng.Rng(st.round_no * 1000 + len(t.session.lines))).choose(st.view(t.seat))


def _walk(d, t, pos_fn, goal, total):
    for _ in range(200):
        if pos_fn() == goal:
            return
        down = (goal - pos_fn()) % total
        d.key("DOWN" if down <= total - down else "UP")
    raise AssertionError("cursor stuck:\n" + d.text())


def step(d, seen):
    t = d.top
    name = type(t).__name__
    B = importlib.import_module("shared_rules.phase10board.game")
    if name == "BoardScreen" and t.auto:  # a computer's roll and move on the board
        seen.add("board:computer")
        for _ in range(2000):
            if d.top is not t:
                break
            d.m.run(20)
        else:
            raise AssertionError("the computer's move on the board never ended:\n" + d.text())
    elif name == "BoardScreen":
        st = t.session.state
        d.wait_guard()
        kind = st.pending[1]
        seen.add("board:" + ("roll" if kind == B.ROLL else "go"))
        if kind == B.ROLL:
            d.key("A")
        else:
            move = want(t)
            d.m.run(500)
            i = t.targets.index(move[1])
            _walk(d, t, lambda: t.sel, i, len(t.targets))
            d.key("A")
            for _ in range(60):  # the token walks to the space, then the move is made
                if d.top is not t or st.pending[1] != B.GO or st.turn != t.seat:
                    break
                d.m.run(50)
            else:
                raise AssertionError("the token never arrived:\n" + d.text())
    elif name == "Pick":
        st = t.session.state
        BD = importlib.import_module("shared_rules.phase10board.desktop")
        seen.add("pick:" + BD.PENDING_NAMES[st.pending[1]])
        move = want(t)
        d.wait_guard()
        if move[0] == B.M_ASK:  # two steps: the number, then the order of asking
            number = (importlib.import_module("firmware.phase10board.pick").ASK_NUMBER, move[1])
            rows = [m for _, m in t.rows]
            _walk(d, t, lambda: t.cur, len(t.moves) + rows.index(number), len(t.moves) + len(rows))
            d.key("A")
            assert t.asked == move[1], d.text()
        moves = t.moves + [m for _, m in t.rows]
        i = moves.index(move)
        _walk(d, t, lambda: t.cur, i, len(moves))
        d.key("A")
    elif name == "BoardTurn":
        seen.add("play")
        d.wait_guard()
        move = want(t)
        st = t.session.state
        seat = t.seat
        before = (st.round_no, st.pending, len(st.hands[seat]))
        T = d.T
        if move[0] == B.DISCARD:
            d.card(t, move[1])
            d.row(t, (T.A_DISCARD, 0))
        elif move[0] == B.HIT:
            seen.add("hit")
            d.card(t, move[1])
            d.row(t, (T.A_HIT, 0))
            d.row(t, (T.A_GROUP, move[2]))
            if t.mode == T.M_END:
                d.row(t, (T.A_END, move[3] or 2))
        elif move[0] == B.LAY:
            seen.add("lay")
            d.lay(t, move)
        if not st.over and (st.round_no, st.pending, len(st.hands[seat])) == before:
            raise AssertionError("move " + repr(move) + " not made:\n" + d.text())
    elif name == "ComputerTurns":
        seen.add("computers")
        while d.top is t:
            d.m.run(20)
    elif name == "Cover":
        seen.add("cover")
        d.key("A")
    elif name == "Summary":
        if t.final:
            return "end"
        seen.add("summary")
        d.key("A")
    else:
        raise AssertionError("unexpected screen " + name + ":\n" + d.text())
    return name


# the CLUE's whole board games by key presses are test_lang's, in Russian and in Polish
@pytest.mark.parametrize("board", ["pybadge"])
def test_P10B_a_whole_board_game_by_key_presses(board, tmp_path):
    d = Driver(board, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    try:
        start(d, "2")
        seen = set()
        for _ in range(20000):
            if step(d, seen) == "end":
                break
        else:
            raise AssertionError("the game never ended")
        text = d.text()
        assert "Game over" in text and " wins!" in text
        assert {"board:roll", "board:go", "board:computer", "play", "computers", "summary"} <= seen, seen
        # the statistics count the game under the board game's id (2), the person's name
        stats = importlib.import_module("firmware.stats")
        rows = [e for e in stats.load(d.booted) if e[0] == 2]
        assert [e[1] for e in rows] == ["ANN"] and rows[0][2] == 1
    finally:
        d.close()


def test_P10B_power_cut_mid_action_then_continue(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=4)
    d.boot()
    B = importlib.import_module("shared_rules.phase10board.game")
    try:
        start(d, "3")
        seen = set()
        for _ in range(4000):
            t = d.top
            st = getattr(t, "session", None) and t.session.state
            # in the middle of an action: a +N with cards still to take after the first, or a
            # SWAP with cards given up already
            if type(t).__name__ == "Pick" and st.round_no >= 2 and (
                    (st.pending[1] == B.PILE and st.left < B.space_count(st.action))
                    or (st.pending[1] == B.SWAP and st.swapped > 0)):
                break
            step(d, seen)
        else:
            raise AssertionError("no action half done")
        rnd = d.top.session.state.round_no
        d.m.power_cut()
        d.continue_game()
        st = d.top.session.state
        assert st.round_no == rnd and not st.over
        for _ in range(20000):
            if step(d, seen) == "end":
                break
        assert "Game over" in d.text() and " wins!" in d.text()
    finally:
        d.close()
