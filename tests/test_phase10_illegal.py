"""Every kind of illegal move is rejected with a RuleError naming the rule, and the state is
exactly as it was; random garbage moves during random games never crash the rules core."""

import pytest

from shared_rules import cards as C
from shared_rules import save as codec
from shared_rules import RuleError
from shared_rules.phase10.game import (Phase10, DRAW_DECK, TAKE_DISCARD, LAY, HIT, DISCARD, TARGET)
from shared_rules.rng import Rng
from shared_rules.desktop.selfplay import SelfPlay
from tests.p10 import game, cards, snapshot
from shared_rules.phase10.desktop import parse_card
from shared_rules.desktop import errors as E

W, S = C.WILD, C.SKIP
SECOND = "R5 B5 G5 Y6 Y6 B6 Y3 G5 R12 B12"
LAYER = "R3 B3 G3 Y4 Y4 B4 G9 G10 G11 S"
SETS = [cards("R3 B3 G3"), cards("Y4 Y4 B4")]


def rejected(g, move, rule=None):
    before = snapshot(g)
    with pytest.raises(RuleError) as e:
        g.apply(move)
    assert snapshot(g) == before
    if rule:
        assert E.rule(e.value) == rule, str(e.value)
    assert E.reason(e.value)  # a readable reason
    return e.value


MALFORMED = [None, (), [], "draw", (99,), (LAY,), (HIT, 1), (DISCARD,), (DISCARD, 1, 2),
             (TARGET,), (LAY, 1), (LAY, 1, "R3"), (LAY, 1, [["R3", "B3", "G3"], ["Y4"]]),
             (LAY, 1, [[3, 19, 35], [-1, 900, 4]]), (HIT, "R3", 0, 0), (HIT, 3, "0", 0),
             (DISCARD, "R3"), (DISCARD, 300), (TARGET, "p1"), (TARGET, 7), (TARGET, -1)]


def test_P10C_7_illegal_moves_while_drawing():
    g = game(2, [SECOND, LAYER], "Y8", "R11")
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, S))  # classic: p1 skipped, p2 again; Skip on top
    assert g.pending == (1, 0)
    for move in MALFORMED:
        rejected(g, move)
    rejected(g, (TAKE_DISCARD,), "P10C-8")
    rejected(g, (DISCARD, parse_card("R3")), "P10C-7")
    rejected(g, (LAY, 1, SETS), "P10C-7")
    rejected(g, (HIT, parse_card("R3"), 0, 0), "P10C-7")
    rejected(g, (TARGET, 0), "P10C-7")
    g.draw_pile = []
    g.discard = [parse_card("R1")]
    rejected(g, (DRAW_DECK,), "P10C-10")
    g.discard = []
    rejected(g, (TAKE_DISCARD,), "P10C-7")


def test_P10C_7_P10C_9_P10C_13_illegal_moves_while_playing():
    g = game(2, [SECOND, LAYER], "Y8", "R11 B11")
    g.apply((DRAW_DECK,))
    for move in MALFORMED:
        rejected(g, move)
    rejected(g, (TAKE_DISCARD,), "P10C-7")
    rejected(g, (HIT, parse_card("R3"), 0, 0), "P10C-7")              # before laying
    rejected(g, (LAY, 2, SETS), "P10C-7")                          # not my phase
    rejected(g, (LAY, 1, [cards("R3 B3 G3")]), "P10C-7")           # part of it
    rejected(g, (LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 Y4")]), "P10C-7")  # not in hand
    rejected(g, (LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 S")]), "P10C-5")
    rejected(g, (LAY, 1, [cards("R3 B3 G3"), cards("Y4 G9 B4")]), "P10C-3")
    rejected(g, (DISCARD, parse_card("Y12")), "P10C-7")               # not in hand
    rejected(g, (TARGET, 0), "MOVE")
    g.apply((LAY, 1, SETS))
    rejected(g, (LAY, 1, SETS), "P10C-7")                          # twice
    rejected(g, (HIT, parse_card("G9"), 0, 0), "P10C-9")              # does not fit
    rejected(g, (HIT, parse_card("G9"), 5, 0), "P10C-9")              # no such group
    rejected(g, (HIT, S, 0, 0), "P10C-5")
    g.apply((DISCARD, parse_card("G9")))
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R5 B5 G5"), cards("Y6 Y6 B6")]))
    rejected(g, (HIT, parse_card("Y3"), 0, 0), "P10C-13")             # classic, lay turn


def test_P10C_11_illegal_skip_targets_2020():
    g = game(3, [SECOND, LAYER, "R1 R2 R4 R6 B1 B2 G1 G2 Y1 Y2"], "Y8", "R11", edition="2020")
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, S))
    for move in MALFORMED:
        rejected(g, move)
    rejected(g, (TARGET, 1), "P10C-11")   # yourself
    rejected(g, (TARGET, 3), "P10C-11")   # no such seat
    rejected(g, (DISCARD, parse_card("R3")), "P10C-11")
    rejected(g, (DRAW_DECK,), "P10C-11")


def test_P10C_18_no_move_after_the_end():
    g = SelfPlay(5, 2).run()
    assert g.pending is None
    rejected(g, (DRAW_DECK,), "P10C-18")


def test_setup_errors_are_rule_errors():
    for kwargs in ({"players": 1}, {"players": 7}, {"players": "4"}, {"players": 3, "edition": "1990"},
                   {"players": 3, "progression": "fast"}, {"players": 3, "dealer": 3}):
        with pytest.raises(RuleError):
            Phase10(**kwargs)


def random_move(rng, g):
    """A random, mostly illegal move built from plausible parts."""
    k = rng.below(6)
    card = C.new_deck()[rng.below(108)]
    if k == LAY:
        groups = [[C.new_deck()[rng.below(108)] for _ in range(rng.below(6))] for _ in range(1 + rng.below(2))]
        return (LAY, rng.below(12), groups)
    if k == HIT:
        return (HIT, card, rng.below(len(g.table) + 2) - 1, rng.below(4))
    if k == DISCARD:
        return (DISCARD, card)
    if k == TARGET:
        return (TARGET, rng.below(8) - 1)
    return (k,)


def test_P10C_7_random_garbage_never_crashes_and_never_changes_state():
    rng = Rng(99)
    tried = applied = 0
    for seed in range(12):
        sp = SelfPlay(seed, 2 + seed % 5, "greedy", ("classic", "2020")[seed % 2], keep_record=False)
        while True:
            clone = codec.decode(codec.encode(sp.state, 1))[1]
            for _ in range(4):
                before = snapshot(clone)
                tried += 1
                try:
                    clone.apply(random_move(rng, clone))
                except RuleError:
                    assert snapshot(clone) == before
                    continue
                applied += 1
                break
            if not sp.step():
                break
    assert tried > 10000 and applied > 0
