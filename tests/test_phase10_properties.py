"""Property tests over many seeded random games of Phase 10, the card game, through the public
interface only (OpenSpiel's random_sim_test idea): for every edition and progression, 30 games
with 2..6 players and every phase list, each move drawn uniformly from ``legal_moves()``; and
20 more with random, easy, greedy and hard players mixed; every legal move applied in 3 games
of hard players. A long run: ``PROPERTY_GAMES=300`` in the environment plays that many of the
first two kinds, and an eighth of it of the third (README.md).

After every move: all 108 cards are in exactly one place (P10C-1), no hand is empty unless its
owner just went out, phases never go back; every game ends; the winners follow P10C-18 (standard),
P10C-21 (everyone advances) or P10C-22 (free choice)."""

import os

import pytest

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.phase10.game import EVERYONE, FREE
from shared_rules.phase10.phases import PHASE_LISTS
from shared_rules.desktop.selfplay import SelfPlay
from shared_rules.rng import Rng
from shared_rules import save as codec
from tests.p10 import count_cards

GAMES = int(os.environ.get("PROPERTY_GAMES", 30))
BOT_GAMES = int(os.environ.get("PROPERTY_GAMES", 20))
LEGAL_GAMES = int(os.environ.get("PROPERTY_GAMES", 24)) // 8
DECK = sorted(C.new_deck())
LISTS = [name for name, _ in PHASE_LISTS]


@pytest.fixture(autouse=True, scope="module")
def _solver_cache():
    """The desktop tools' solver cache: the same answers, and 1,800 games stay quick."""
    saved = solver.CACHE_MAX
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    yield
    solver.CACHE_MAX = saved
    solver.clear_cache()


def progressed(before, after, progression):
    if progression == FREE:
        return after & before == before
    return after >= before


class UniformLegal:
    """Picks uniformly among the state's ``legal_moves()`` (the test sees the whole state)."""

    def __init__(self, seed):
        self.rng = Rng(seed ^ 0x1234567)

    def step(self, g):
        moves = g.legal_moves()
        assert moves, "a pending decision must have a legal move"
        g.apply(moves[self.rng.below(len(moves))])
        return g.pending is not None


def play_checked(seed, edition, progression, uniform=False):
    players = 2 + seed % 5
    phases = LISTS[(seed // 5) % len(LISTS)]
    bots = [("random", "easy", "greedy", "hard")[(seed + s) % 4] for s in range(players)]
    sp = SelfPlay(seed, players, bots, edition, phases, progression, keep_record=False)
    g = sp.state
    legal = UniformLegal(seed) if uniform else None
    steps = 0
    while True:
        before = list(g.progress)
        more = legal.step(g) if legal else sp.step()
        steps += 1
        assert count_cards(g) == DECK
        for s in range(players):
            assert progressed(before[s], g.progress[s], g.progression)
            assert g.hands[s] or not g.active[s] or g.went_out >= 0 or g.over
        if not more:
            break
        assert steps < 100000, "the game does not end"
    return g


def check_winners(g):
    total = len(g.phase_numbers)
    assert g.winners and len(set(g.winners)) == len(g.winners)
    if g.progression == EVERYONE:  # P10C-21
        assert g.hand_no == total
        low = min(g.scores)
        assert g.winners == [s for s in range(g.n) if g.scores[s] == low]
        return
    done = [s for s in range(g.n) if g.completed(s) >= total]
    assert len(g.winners) == 1 and g.winners[0] in done  # P10C-18 / P10C-22
    low = min(g.scores[s] for s in done)
    if g.tiebreak:
        tied = [s for s in done if g.scores[s] == low]
        assert len(tied) > 1 and g.winners[0] in tied and g.laid[g.winners[0]]
    else:
        assert g.scores[g.winners[0]] == low
        assert [s for s in done if g.scores[s] == low] == g.winners


@pytest.mark.parametrize("edition", ["classic", "2020"])
@pytest.mark.parametrize("progression", ["standard", "everyone", "free"])
def test_P10C_1_P10C_17_P10C_18_P10C_21_P10C_22_uniform_legal_moves(edition, progression):
    for seed in range(GAMES):
        check_winners(play_checked(seed, edition, progression, uniform=True))


@pytest.mark.parametrize("edition", ["classic", "2020"])
@pytest.mark.parametrize("progression", ["standard", "everyone", "free"])
def test_P10C_1_P10C_17_P10C_18_P10C_21_P10C_22_computer_players(edition, progression):
    for seed in range(BOT_GAMES):
        check_winners(play_checked(seed, edition, progression))


def test_P10C_7_every_legal_move_applies_and_every_applied_move_was_legal():
    """legal_moves() is exact for draws, hits, discards and Skip targets: each listed move
    applies, and the computer players' moves (of those kinds) are always listed."""
    from shared_rules.phase10.game import LAY
    for seed in range(LEGAL_GAMES):
        sp = SelfPlay(seed, 2 + seed % 5, "hard", ("classic", "2020")[seed % 2], keep_record=False)
        while sp.state.pending is not None:
            g = sp.state
            moves = g.legal_moves()
            for m in moves:
                clone = codec.decode(codec.encode(g, 1))[1]
                clone.apply(m)
            seat = g.pending[0]
            move = sp.bots[seat].choose(g.view(seat))
            if move[0] == LAY:
                assert any(m[0] == LAY and m[1] in (move[1], 0) for m in moves) or move[1] == 0
            else:
                assert move in moves or (move[0] == 3 and (move[0], move[1], move[2], 0) in moves)
            sp.step()
