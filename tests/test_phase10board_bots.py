"""The board game's computer players (shared_rules/phase10board/bots.py) in fixed positions where the
hard player's choice is clearly right (docs/phase10board.md, "Computer players")."""

from shared_rules import registry
from shared_rules.phase10board import game as B
from shared_rules.phases import SET
from shared_rules.rng import Rng
from tests.test_phase10board_rules import cs, setup

# Seat 0 plays phase 2 (four pairs) and has three; seat 2 has laid a set of 11s. Its leftovers
# G5, Y9 and R11 each make the fourth pair as well as the others, but R11 also fits the table.
HAND = "R1 P1 R2 P2 R3 P3 G5 Y9 R11"
TABLE = [(2, SET, "P11 G11 Y11")]


def position(stage, hand, discard="R8"):
    g = setup(n=4, hands=[hand, "", "", ""], discard=discard, markers=[1, 0, 2, 0],
              laid=[False, False, True, False], table=TABLE)
    g.stage = stage
    g.left = 1
    return g


def choice(level, g):
    return registry.player(B, level, Rng(1)).choose(g.view(g.turn))


def test_P10B_6_hard_keeps_a_leftover_the_table_takes_before_laying_down(monkeypatch):
    """Once its phase is down, R11 is hit on the 11s at once: the hard player throws another
    leftover. Without that rule (``keep_fitting`` 0) it would throw R11."""
    g = position(B.PLAY, HAND + " G12")
    move = choice("hard", g)
    assert move[0] == B.DISCARD and move[1] in cs("G5 Y9 G12")
    g.apply(move)  # a legal discard
    from shared_rules.phase10board.hard import HardBot
    monkeypatch.setattr(HardBot, "keep_fitting", 0)
    assert choice("hard", position(B.PLAY, HAND + " G12")) == (B.DISCARD, cs("R11")[0])


def test_P10B_9_hard_takes_a_discard_the_table_takes_when_few_cards_help():
    """Drawing for a +1: the top discard G11 does not bring phase 2 closer, but it will be hit
    on the 11s as soon as the phase is down; only 3 numbers of 12 (5, 9, 12) would bring the
    phase closer, so the hard player takes it, where the normal player draws."""
    g = position(B.PILE, "R1 P1 R2 P2 R3 P3 G5 Y9 Y12", discard="R8 G11")
    assert choice("normal", g) == (B.DRAW_DECK,)
    assert choice("hard", g) == (B.TAKE_DISCARD,)
    g.apply((B.TAKE_DISCARD,))
    assert cs("G11")[0] in g.hands[0]


def test_P10B_9_hard_draws_when_most_cards_help():
    """The same G11 with nine lone cards for the four pairs: 9 numbers of 12 bring the phase
    closer, so the draw pile is the better bet."""
    g = position(B.PILE, "R1 P2 G3 Y4 R5 P6 G7 Y8 R9", discard="R8 G11")
    assert choice("hard", g) == (B.DRAW_DECK,)
