"""The checked game of Dice Express, shared by the property tests
(tests/test_dice_express_properties.py) and the long run of the benchmark
(``python -m tools.bench_dice_express --properties N``): after every move the 30 pieces are
each in exactly one place (display, a road, or out for the player count, DX-1/DX-2), no road
holds a colour twice (DX-3), fronts cover their roads and stay below 30 until the end (DX-8,
DX-9, DX-11); at every ``check_every``-th move the move is among ``legal_moves()`` and the
record notation and the save payload round-trip; the game ends with one winner."""

from shared_rules.dice_express import game as D
from shared_rules import registry
from shared_rules.rng import Rng
from shared_rules.dice_express import desktop as DD

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
    bots = [registry.player(D, level, Rng(seed * 7 + s + 1)) for s in range(players)]
    decisions = 0
    while not g.over:
        seat = g.pending[0]
        move = bots[seat].choose(g.view(seat))
        if decisions % check_every == 0:
            assert move in g.legal_moves(), (move, g.legal_moves())
            assert DD.parse_move(g.move_text(move)) == move
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
