"""Dice Express under real MicroPython 1.27 (tests/micropython/): seeded games of 2-6 players
with every computer level give byte-identical records, save payloads and dice odds."""

import pytest

from tests.micropython.games import assert_records_identical, cpython_output, six_player_heap
from tests.micropython.host import Session
from tests.test_micropython import assert_same

GAMES = [
    # seed, players, levels
    (1, 2, "normal"),
    (2, 2, ["hard", "normal"]),
    (3, 3, "hard"),
    (4, 3, ["random", "easy", "normal"]),
    (5, 4, "normal"),
    (6, 4, ["hard", "normal", "easy", "random"]),
    (7, 5, "easy"),
    (8, 5, ["hard", "hard", "normal", "normal", "easy"]),
    (9, 6, "normal"),
    (10, 6, ["random", "easy", "normal", "hard", "normal", "easy"]),
    (11, 2, "random"),
    (12, 4, "hard"),
]

ODDS_PROBE = """
from shared_rules.dice_express import odds as dx_odds
for rolls in (1, 2, 3):
    for chased in range(0, 6):
        for mine in (0, 1):
            if mine and not chased:
                continue
            a = dx_odds.die_odds(rolls, chased, mine)
            for free in range(8):
                print(rolls, chased, mine, free, dx_odds.counts(1, free, rolls, a), dx_odds.scaled(free, rolls, a))
"""

SAVE_PROBE = """
from shared_rules.dice_express import game as D
from shared_rules import registry
from shared_rules.rng import Rng
for seed in range(6):
    g = D.new_game(2 + seed % 5, {}, Rng(seed))
    b = registry.player(D, "normal", Rng(seed + 50))
    i = 0
    while not g.over:
        if i % 5 == 0:
            print(''.join(['%02x' % x for x in D.encode(g)]))
        g.apply(b.choose(g.view(g.turn)))
        i += 1
"""


@pytest.fixture(scope="module")
def mp():
    with Session() as session:
        session.run("from shared_rules.desktop.selfplay import play_record")
        yield session


def test_RNG_1_DX_1_to_DX_11_seeded_games_identical(mp):
    def check(record):
        assert record.count(" roll\n") >= 6 and record.count("\n= ") >= 12

    assert_records_identical(mp, "dice_express", GAMES, check)


def test_dx_odds_identical(mp):
    cpython = cpython_output(ODDS_PROBE)
    assert len(cpython.splitlines()) > 200
    assert_same(cpython, mp.run(ODDS_PROBE), "dx_odds")


def test_SAVE_dice_express_payloads_identical(mp):
    cpython = cpython_output(SAVE_PROBE)
    assert len(cpython.splitlines()) > 30
    assert_same(cpython, mp.run(SAVE_PROBE), "dice_express save payloads")


def test_DX_heap_of_a_six_player_game_under_micropython():
    """The live heap a six-player game (state, six players of every level, the odds cache) adds
    above the baseline after the imports, 32-bit objects as on a board: at most 16 KiB."""
    with Session() as mp:
        base, peak = six_player_heap(mp, "dice_express", "from shared_rules.dice_express import bots, odds, save")
    print("baseline after the imports", base, "bytes; a six-player game adds at most", peak, "bytes")
    assert 0 < peak <= 16 * 1024
