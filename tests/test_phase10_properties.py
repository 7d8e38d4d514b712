"""Property tests over many seeded random games of Phase 10, the card game, through the public
interface only (OpenSpiel's random_sim_test idea): for every edition and progression, 300 games
with 2..6 players, every phase list, random, easy, greedy and hard players mixed.

After every move: all 108 cards are in exactly one place (P10C-1), no hand is empty unless its
owner just went out, phases never go back; every game ends; the winners follow P10C-18 (standard),
P10C-21 (everyone advances) or P10C-22 (free choice)."""

import pytest

from shared_rules import cards as C
from shared_rules import solver
from shared_rules.phase10 import EVERYONE, FREE
from shared_rules.phases import PHASE_LISTS
from shared_rules.selfplay import SelfPlay
from tests.p10 import count_cards

GAMES = 300
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


def play_checked(seed, edition, progression):
    players = 2 + seed % 5
    phases = LISTS[(seed // 5) % len(LISTS)]
    bots = [("random", "easy", "greedy", "hard")[(seed + s) % 4] for s in range(players)]
    sp = SelfPlay(seed, players, bots, edition, phases, progression, keep_record=False)
    g = sp.state
    while True:
        before = list(g.progress)
        more = sp.step()
        assert count_cards(g) == DECK
        for s in range(players):
            assert progressed(before[s], g.progress[s], g.progression)
            assert g.hands[s] or not g.active[s] or g.went_out >= 0 or g.over
        if not more:
            break
        assert sp.decisions < 100000, "the game does not end"
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
def test_P10C_1_P10C_17_P10C_18_P10C_21_P10C_22_random_games(edition, progression):
    for seed in range(GAMES):
        g = play_checked(seed, edition, progression)
        check_winners(g)
