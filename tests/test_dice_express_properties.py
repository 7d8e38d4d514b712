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

from shared_rules import dice_express as D
from shared_rules.rng import Rng

LEVELS = ("random", "easy", "normal", "hard")
MAX_DECISIONS = 60000


def check_invariants(g):
    """AssertionError unless ``g`` is a consistent position."""
    outs = 0
    for c in range(6):
        outs += bin(g.out[c]).count("1")
    assert outs == (0 if g.n >= 4 else (8 if g.n == 3 else 6))
    for c in range(6):
        for length in range(2, 7):
            bit = 1 << length
            where = (1 if g.display[c] & bit else 0) + (1 if g.out[c] & bit else 0)
            for s in range(g.n):
                where += g.roads[s].count(D.piece(c, length))
            assert where == 1, (c, length)
    for s in range(g.n):
        road = g.roads[s]
        colours = [p >> 3 for p in road]
        assert len(set(colours)) == len(colours), road
        total = sum([p & 7 for p in road])
        assert g.fronts[s] >= total and (road or g.fronts[s] == 0)
        assert g.fronts[s] < D.FINISH or (g.over and g.winners == [s])
    if g.pending is not None:
        seat, kind = g.pending
        assert seat == g.turn
        if kind != D.BEFORE:
            assert len(g.dice) == D.DICE - g.given


def play_checked(seed, players, level, check_every=1):
    """Play one game with every seat at ``level``; returns the game."""
    g = D.new_game(players, {}, Rng(seed))
    bots = [D.bot(level, Rng(seed * 7 + s + 1)) for s in range(players)]
    decisions = 0
    while not g.over:
        seat = g.pending[0]
        move = bots[seat].choose(g.view(seat))
        if decisions % check_every == 0:
            assert move in g.legal_moves(), (move, g.legal_moves())
            assert D.parse_move(g.move_text(move)) == move
            blob = D.encode(g)
            assert D.encode(D.decode(blob)) == blob
        g.apply(move)
        check_invariants(g)
        decisions += 1
        assert decisions < MAX_DECISIONS, "the game did not end"
    assert len(g.winners) == 1 and g.fronts[g.winners[0]] >= D.FINISH
    r = g.ranking()
    assert r[g.winners[0]] == 1 and r.count(1) == 1
    return g


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
    bots = [D.bot(k, Rng(i)) for i, k in enumerate(("random", "easy", "greedy", "hard"))]
    while not g.over:
        s = g.pending[0]
        g.apply(bots[s].choose(g.view(s)))
        check_invariants(g)
    with pytest.raises(Exception) as e:
        D.bot("expert", Rng(0))
    assert e.value.rule == "SETUP"


def test_easy_stops_when_every_die_is_its_colour():
    """Regression: five dice (two given back) all red, red's best piece needs six: keeping every
    die is no legal keep, the easy player stops."""
    g = D.new_game(4, {}, Rng(1))
    from shared_rules.rng import Scripted
    g.source = Scripted()
    g.roads[0] = [D.piece(0, 2), D.piece(1, 2), D.piece(2, 2)]
    g.fronts[0] = 6
    for p in g.roads[0]:
        g.display[p >> 3] &= ~(1 << (p & 7))
    g.source.feed([3, 3, 3, 3, 3])
    g.apply((D.ROLL, 2))
    g.display[3] = 1 << 6  # only R6 is left
    move = D.bot("easy", Rng(0)).choose(g.view(0))
    assert move == (D.STOP,) and move in g.legal_moves()
