"""The Phase 10 computer players (shared_rules/phase10/bots.py, shared_rules/phase10/hard.py): every level
plays whole games without an illegal move, and the hard player makes the clearly right choice
in a few fixed positions (docs/rules-decisions.md, "Computer players")."""

import pytest

from shared_rules import cards as C
from shared_rules import registry
from shared_rules.phase10.game import (DRAW_DECK, TAKE_DISCARD, LAY, HIT, DISCARD, TARGET, SKIP_TARGET,
                                  Phase10, events)
from shared_rules.phases import SET
from shared_rules.rng import Rng
from tests.p10 import game, cards
from shared_rules.phase10.desktop import parse_card

PHASE_LISTS = ("all", "5", "8", "odd", "even")
EDITIONS = ("classic", "2020")
PROGRESSIONS = ("standard", "everyone", "free")


def one(text):
    return parse_card(text)


def play_games(level, count, first_seed):
    """``count`` seeded games with every seat at ``level``; 2 to 6 players, both editions,
    every phase list and progression in turn. Every move must be one the state accepts, and a
    non-lay-down move must be among ``legal_moves()``."""
    entry = registry.by_key("phase10")
    mod = registry.module(entry)
    hands = 0
    for i in range(count):
        seed = first_seed + i
        players = 2 + i % 5
        opts = registry.options(entry, {"edition": EDITIONS[i % 2], "phases": PHASE_LISTS[i % 5],
                                        "progression": PROGRESSIONS[(i // 2) % 3]})
        g = mod.new_game(players, opts, Rng(seed))
        bots = [registry.player(mod, level, Rng(seed * 31 + s + 1)) for s in range(players)]
        decisions = 0
        while g.pending is not None:
            seat = g.pending[0]
            move = bots[seat].choose(g.view(seat))
            if move[0] != LAY:
                assert move in g.legal_moves(), (level, seed, move)
            g.apply(move)  # RuleError (an illegal move) fails the test
            decisions += 1
            assert decisions < 60000, (level, seed, "the game does not end")
        assert g.over and g.winners
        hands += g.hand_no
    return hands


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_P10C_7_every_level_finishes_100_seeded_games_without_an_illegal_move(level):
    assert play_games(level, 100, 5000) >= 100


# ------------------------------------------------------------------------------ positions


def hard():
    from shared_rules.phase10.hard import HardBot
    return HardBot(Rng(1))


def normal():
    from shared_rules.phase10.bots import GreedyBot
    return GreedyBot(Rng(1))


FILLER = "R1 B1 G2 B3 Y4 G5 R6 Y8 G9 R10"


def test_P10C_7_hard_lays_down_its_phase_as_soon_as_it_can():
    # phase 1, two sets of 3: 3s and 9s after drawing the third 9
    g = game(2, ["R3 B3 G3 R9 B9 Y1 Y5 G7 R11 B12", FILLER], "G9", dealer=1)
    assert g.pending == (0, 0)
    g.apply((TAKE_DISCARD,))
    move = hard().choose(g.view(0))
    assert move[0] == LAY and move[1] == 1
    g.apply(move)
    assert g.laid[0] == 1


def test_P10C_7_hard_takes_the_discard_that_completes_its_run():
    # phase 4, a run of 7: 3 4 5 _ 7 8 9 lacks the 6 on the discard pile
    g = game(2, ["R3 B4 G5 Y7 R8 B9 R12 G12 Y11 B1", FILLER], "G6", dealer=1)
    g.progress[0] = 3  # phase 4
    assert g.pending == (0, 0)
    assert hard().choose(g.view(0)) == (TAKE_DISCARD,)


def test_P10C_7_hard_does_not_throw_the_card_the_next_player_just_took_the_twin_of():
    # hard (p1, phase 1) holds pairs of 3s, 5s and 7s and the singles B11, Y8, G2, Y1 (and
    # draws Y4). The next player took G11 from the discard pile this hand: B11, the single a
    # normal player throws first (the highest penalty), would feed them.
    g = game(2, ["R3 B3 R5 B5 R7 B7 Y8 B11 G2 Y1", "R1 B1 G2 B2 Y4 G6 R6 Y9 G9 R10"], "G11",
             draw="Y4", dealer=0)
    assert g.pending[0] == 1  # the player left of the dealer starts
    g.apply((TAKE_DISCARD,))  # p2 takes G11
    g.apply((DISCARD, one("R10")))
    g.apply((DRAW_DECK,))  # p1 draws Y4
    view = g.view(0)
    assert (1, TAKE_DISCARD, one("G11")) in list(events(view.history))
    assert normal().choose(view) == (DISCARD, one("B11"))
    move = hard().choose(view)
    assert move[0] == DISCARD and move[1] != one("B11")
    assert move[1] in cards("Y8 G2 Y1 Y4")  # a single, never one of its pairs


def test_P10C_9_hard_does_not_feed_the_next_player_a_hit_after_laying_down():
    # hard lays 3s and 9s; of its leftovers a normal player throws Y7 (all are worth 5, Y7
    # is the highest card), which the next player could hit on their laid 7s
    g = game(2, ["R3 B3 G3 R9 B9 G9 Y7 R2 B2 G1", "R7 B7 G7 R1 B1 G2 Y4 G5 R6 Y8"], "Y12",
             draw="B4", dealer=1)
    assert g.pending[0] == 0
    g.apply((DRAW_DECK,))
    g.hands[1] = cards("Y4 G5 R6 Y8")
    g.laid[1] = 1
    g.table = [[1, SET, 7, 0, cards("R7 B7 G7")], [1, SET, 1, 0, cards("R1 B1 G2")[:2] + [C.WILD]]]
    view = g.view(0)
    move = hard().choose(view)
    assert move[0] == LAY
    g.apply(move)
    while True:
        move = hard().choose(g.view(0))
        if move[0] != HIT:
            break
        g.apply(move)
    assert normal().choose(g.view(0)) == (DISCARD, one("Y7"))
    assert move[0] == DISCARD and move[1] != one("Y7")



def test_P10C_7_hard_laid_down_keeps_the_middle_number_a_run_player_would_take():
    # hard has laid its sets; it holds Y1 and Y6 (5 points each, neither can be hit). The next
    # player works on a run of 7 and has shown nothing: a normal player throws the higher card
    # (Y6), the hard player the end number (a run player takes a 6 about 4 times as often)
    g = game(2, ["R3 B3 G3 R9 B9 G9 Y1 Y6 R12 G12", "R1 B1 G2 B2 Y4 G5 R6 Y8 G9 R10"], "Y11",
             draw="B4", dealer=1)
    assert g.pending[0] == 0
    g.progress[1] = 3  # phase 4: a run of 7
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("R9 B9 G9")]))
    g.apply((DISCARD, one("R12")))  # p2 cannot collect a 12 it has not seen: any order
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, one("Y8")))
    g.apply((DRAW_DECK,))  # hard draws
    g.hands[0] = cards("Y1 Y6 G12 B4")
    view = g.view(0)
    assert view.laid[0] and not view.laid[1] and view.phase_of(1) == 4
    assert normal().choose(view)[1] != one("Y1")
    move = hard().choose(view)
    assert move == (DISCARD, one("G12")) or move == (DISCARD, one("Y1")), move
    g.hands[0] = cards("Y1 Y6")
    assert normal().choose(g.view(0)) == (DISCARD, one("Y6"))
    assert hard().choose(g.view(0)) == (DISCARD, one("Y1"))

def test_P10C_11_hard_skips_the_player_about_to_go_out():
    # 2020, four players: p3 has laid down and holds one card; p2 and p4 hold ten
    hands = ["R3 B3 G3 R9 B9 S Y1 Y5 G7 R11", "R1 B1 G2 B2 Y4 G6 R6 Y9 G9 R10",
             "R2 B4 G4 Y6 Y10 G10 B6 R4 Y2 B8", "G1 Y3 R5 B5 G8 R8 Y11 B10 G11 R12"]
    g = game(4, hands, "Y12", draw="G12", dealer=3, edition="2020")
    assert g.pending[0] == 0
    g.apply((DRAW_DECK,))
    g.progress[1] = 3  # p2, next to play, is phases ahead but far from going out
    g.hands[2] = cards("B8")
    g.laid[2] = 1
    g.table = [[2, SET, 4, 0, cards("R4 G4 W")], [2, SET, 6, 0, cards("Y6 B6 W")]]
    view = g.view(0)
    move = hard().choose(view)
    assert move == (DISCARD, C.SKIP)
    g.apply(move)
    assert g.pending == (0, SKIP_TARGET)
    assert normal().choose(g.view(0)) == (TARGET, 1)
    assert hard().choose(g.view(0)) == (TARGET, 2)
    # p2 on the last phase: laying it could end the game, so it is skipped before p3, who is
    # nearer to going out but only ends the hand
    g.progress[1] = 9
    assert hard().choose(g.view(0)) == (TARGET, 1)


@pytest.mark.parametrize("make", [hard, normal])
def test_P10C_11_equal_players_give_no_seat_an_advantage_as_skip_target(make):
    # every opponent equal: the target is the one who plays next, whatever the seat number
    for seat in range(4):
        g = Phase10(4, edition="2020", source=Rng(3), dealer=(seat - 1) % 4)
        assert g.pending[0] == seat
        g.apply((DRAW_DECK,))
        g.hands[seat][0] = C.SKIP
        g.apply((DISCARD, C.SKIP))
        assert g.pending == (seat, SKIP_TARGET)
        assert make().choose(g.view(seat)) == (TARGET, (seat + 1) % 4)


def test_P10C_7_the_hard_player_sees_only_its_view():
    # the view holds no hidden card: the hard player cannot reach another hand or the draw pile
    g = Phase10(3, source=Rng(9))
    seat = g.pending[0]
    view = g.view(seat)
    public = [name for name in dir(view) if not name.startswith("__")]
    for hidden in ("hands", "draw_pile", "source", "rng", "decks", "_g"):
        assert hidden not in public
    other = g.hands[(seat + 1) % 3]
    for name in public:
        value = getattr(view, name)
        if isinstance(value, list) and value and value == other:
            raise AssertionError("the view exposes another hand as " + name)
    assert hard().choose(view)[0] in (DRAW_DECK, TAKE_DISCARD)


def test_P10C_4_hard_slides_its_run_along_the_wild_so_a_leftover_card_hits():
    # phase 4, a run of 7: 3 4 5 6 7 8 and a Wild, with a 10 left over. The solver's lay-down
    # puts the Wild low (2-8); hard lays 3-9 with the Wild as the 9, so the 10 follows onto
    # the run at once (classic: its own group on the lay-down turn)
    g = game(2, ["R3 B4 G5 Y6 R7 B8 W Y10 Y12 R12", FILLER], "B12", draw="G12", dealer=1)
    g.progress[0] = 3
    g.apply((DRAW_DECK,))
    from shared_rules import solver
    from shared_rules.phase10.phases import CARD_PHASES
    assert solver.solve(g.hands[0], CARD_PHASES[3])[1][0][0] == C.WILD  # the solver: W as 2
    move = hard().choose(g.view(0))
    assert move[0] == LAY and move[1] == 4
    assert move[2][0] == cards("R3 B4 G5 Y6 R7 B8 W")
    g.apply(move)
    move = hard().choose(g.view(0))
    assert move[0] == HIT and move[1] == one("Y10")
