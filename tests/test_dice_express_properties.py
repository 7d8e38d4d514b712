"""Property tests for Dice Express: seeded games of 2-6 players from each computer level (the
random level plays random legal moves), checking after every move that the 30 pieces are each in
exactly one place (display, a road, or out for the player count, DX-1/DX-2), that no road holds a
colour twice (DX-3), that fronts cover their roads and stay below 30 until the end (DX-8, DX-9,
DX-11), that every move a player makes is among ``legal_moves()``, that the record notation and
the save payload round-trip, and that every game ends with a winner.

The suite plays a short version; ``python -m tools.bench_dice_express --properties 300`` plays
300 games per player count and level.
"""

import pytest

from shared_rules.dice_express import game as D
from shared_rules import registry
from shared_rules.rng import Rng
from tools.dice_express_checks import LEVELS, check_invariants, play_checked
from shared_rules.desktop import errors as E

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("level", LEVELS)
def test_DX_1_DX_3_DX_11_seeded_games_keep_every_piece_and_end(players, level):
    games = 3 if (level == "random" and players == 3) else 8
    for seed in range(games):
        play_checked(1000 * players + seed, players, level, check_every=1 if seed == 0 else 7)


def test_DX_2_same_seed_same_game():
    a = play_checked(5, 4, "normal", check_every=50)
    b = play_checked(5, 4, "normal", check_every=50)
    assert D.encode(a) == D.encode(b)
    c = play_checked(6, 4, "normal", check_every=50)
    assert D.encode(a) != D.encode(c)


def test_levels_mix_in_one_game():
    g = D.new_game(4, {}, Rng(9))
    bots = [registry.player(D, k, Rng(i)) for i, k in enumerate(("random", "easy", "greedy", "hard"))]
    while not g.over:
        s = g.pending[0]
        g.apply(bots[s].choose(g.view(s)))
        check_invariants(g)
    with pytest.raises(Exception) as e:
        registry.player(D, "expert", Rng(0))
    assert E.rule(e.value) == "SETUP"


def test_easy_stops_when_every_die_is_its_colour():
    """Regression: five dice (two given back) all red, red's best piece needs six: keeping every
    die is no legal keep, the easy player stops."""
    g = D.new_game(4, {}, Rng(1))
    from shared_rules.desktop.record import Scripted
    g.source = Scripted()
    g.roads[0] = [D.piece(0, 2), D.piece(1, 2), D.piece(2, 2)]
    g.fronts[0] = 6
    for p in g.roads[0]:
        g.display[p >> 3] &= ~(1 << (p & 7))
    g.source.feed([3, 3, 3, 3, 3])
    g.apply((D.ROLL, 2))
    g.display[3] = 1 << 6  # only R6 is left
    move = registry.player(D, "easy", Rng(0)).choose(g.view(0))
    assert move == (D.STOP,) and move in g.legal_moves()
