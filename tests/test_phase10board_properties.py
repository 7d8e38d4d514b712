"""Property tests for Phase 10, the board game: seeded games of 2-6 players from uniformly random
legal moves and from each computer level, checking after every move that the 96 cards are each
in exactly one place (P10B-1), that no two tokens share a space once they have left the start
(P10B-5), that phase markers never go back (P10B-18), that every move a player makes is among
``legal_moves()``, that notation and save payload round-trip, and that every game ends with one
winner at the finish.

The suite plays 60 games per player count with the fast easy player and fewer with the others;
``python -m tools.bench_phase10board --properties 300`` plays 300 per player count and level.
"""

import pytest

from shared_rules import phase10board as B
from shared_rules.rng import Rng

MAX_DECISIONS = 100000


def check_invariants(g, left, markers):
    count = bytearray(64)
    for cards in g.hands + g.kept + [g.draw, g.discard] + [grp[4] for grp in g.table]:
        for c in cards:
            count[c & 0x3F] += 1
    for col in range(4):
        for num in range(1, 13):
            assert count[col << 4 | num] == 2, "card " + B.card_text(col << 4 | num)
    assert sum(count) == 96
    assert len(g.dopen) == len(g.discard)
    for c in g.draw + g.discard:
        assert c < 0x80, "a joker in a pile"
    for s in range(g.n):
        if g.tokens[s] != 0:
            left[s] = True
        if left[s]:
            for t in range(g.n):
                assert t == s or g.tokens[t] != g.tokens[s], ("tokens share a space", g.tokens)
        assert g.markers[s] >= markers[s], "a marker went back"
        markers[s] = g.markers[s]


def play_checked(seed, players, level, check_every=1):
    g = B.new_game(players, {}, Rng(seed))
    bots = [B.bot(level, Rng(seed * 7 + s + 1)) for s in range(players)]
    left = [False] * players
    markers = [0] * players
    decisions = 0
    while not g.over:
        seat = g.pending[0]
        move = bots[seat].choose(g.view(seat))
        if decisions % check_every == 0:
            assert move in g.legal_moves(), (move, g.legal_moves())
            assert B.parse_move(g.move_text(move)) == move
            blob = B.encode(g)
            assert B.encode(B.decode(blob, g.source)) == blob
        g.apply(move)
        check_invariants(g, left, markers)
        decisions += 1
        assert decisions < MAX_DECISIONS, "the game did not end"
    assert len(g.winners) == 1 and g.markers[g.winners[0]] == B.FINISH
    assert g.markers.count(B.FINISH) == 1
    r = g.ranking()
    assert r[g.winners[0]] == 1 and r.count(1) == 1
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_P10B_1_P10B_5_P10B_18_easy_games_per_player_count(players):
    for seed in range(60):
        play_checked(1000 * players + seed, players, "easy", check_every=1 if seed < 3 else 97)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("level,games", [("random", 6), ("normal", 12), ("hard", 3)])
def test_P10B_1_P10B_5_P10B_18_seeded_games_of_every_level(players, level, games):
    for seed in range(games):
        play_checked(5000 + 100 * players + seed, players, level, check_every=1 if seed == 0 else 13)


def test_P10B_4_same_seed_same_game():
    a = play_checked(5, 4, "normal", check_every=50)
    b = play_checked(5, 4, "normal", check_every=50)
    assert B.encode(a) == B.encode(b)
    c = play_checked(6, 4, "normal", check_every=50)
    assert B.encode(a) != B.encode(c)


def test_P10B_5_random_legal_moves_reach_every_decision_kind():
    seen = set()
    for seed in range(3):
        g = B.new_game(3, {}, Rng(seed))
        r = Rng(seed + 99)
        while not g.over:
            seen.add(g.pending[1])
            moves = g.legal_moves()
            g.apply(moves[r.below(len(moves))])
    assert seen == set(range(9))
