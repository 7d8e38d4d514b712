"""Phase 10, the board game, under real MicroPython 1.27 (tests/micropython/): seeded games of
2-6 players with every computer level give byte-identical records and save payloads."""

import pytest

from tests.micropython.games import assert_records_identical, cpython_output, six_player_heap
from tests.micropython.host import Session
from tests.test_micropython import assert_same

GAMES = [
    # seed, players, levels
    (1, 2, "normal"),
    (2, 2, ["hard", "normal"]),
    (3, 3, "easy"),
    (4, 3, ["random", "easy", "normal"]),
    (5, 4, "normal"),
    (6, 4, ["hard", "normal", "easy", "normal"]),
    (7, 5, "easy"),
    (8, 5, ["hard", "easy", "normal", "normal", "easy"]),
    (9, 6, "easy"),
    (10, 6, ["easy", "easy", "normal", "hard", "normal", "easy"]),
    (11, 2, "random"),
]

SAVE_PROBE = """
from shared_rules.phase10board import game as B
from shared_rules import registry
from shared_rules.rng import Rng
for seed in range(4):
    g = B.new_game(2 + seed, {}, Rng(seed))
    b = registry.player(B, "easy", Rng(seed + 50))
    i = 0
    while not g.over:
        if i % 41 == 0:
            print(''.join(['%02x' % x for x in B.encode(g)]))
        g.apply(b.choose(g.view(g.pending[0])))
        i += 1
    print(g.winners, g.markers, g.ranking())
"""


@pytest.fixture(scope="module")
def mp():
    with Session() as session:
        session.run("from shared_rules.desktop.selfplay import play_record")
        yield session


def test_RNG_1_P10B_1_to_P10B_20_seeded_games_identical(mp):
    def check(record):
        assert record.count(" roll\n") >= 20 and record.count("\n= ") >= 20

    assert_records_identical(mp, "phase10board", GAMES, check)


def test_SAVE_phase10board_payloads_identical(mp):
    cpython = cpython_output(SAVE_PROBE)
    assert len(cpython.splitlines()) > 20
    assert_same(cpython, mp.run(SAVE_PROBE), "phase10board save payloads")


def test_P10B_heap_of_a_six_player_game_under_micropython():
    """The live heap a six-player board game (state, six players of every level) adds above the
    baseline after the imports, 32-bit objects as on a board: at most 24 KiB (issue 11)."""
    with Session() as mp:
        base, peak = six_player_heap(mp, "phase10board",
                                     "from shared_rules.phase10board import bots, hard, rounds, save\n"
                                     "from shared_rules import solver")
    print("baseline after the imports", base, "bytes; a six-player game adds at most", peak, "bytes")
    assert 0 < peak <= 24 * 1024
