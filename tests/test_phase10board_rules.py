"""Phase 10, the board game (RULES.md P10B-1 ... P10B-20): one scenario test or more per rule,
with stacked hands and piles and fixed dice, through the public moves of the state."""

import pytest

from shared_rules.phase10board import game as B
from shared_rules.phase10board import desktop as BD
from shared_rules.phase10board import moves as BM
from shared_rules import RuleError
from shared_rules.groups import LOW, HIGH, NONE
from shared_rules.phases import SET, RUN, COLOUR
from shared_rules.rng import Rng
from shared_rules.desktop import errors as E

P = BD.parse_card


def cs(text):
    return [P(w) for w in text.split()]


class Dice:
    """A chance source whose dice are fixed (1..6 each); shuffles and other draws come from a
    seeded generator."""

    def __init__(self, dice=(), seed=1):
        self.dice = list(dice)
        self.rng = Rng(seed)
        self.shuffles = 0

    def die(self, sides=6):
        assert self.dice, "the test ran out of dice"
        return self.dice.pop(0)

    def below(self, n):
        return self.rng.below(n)

    def shuffle(self, items):
        self.shuffles += 1
        self.rng.shuffle(items)


def setup(n=3, hands=None, draw=None, discard=None, tokens=None, markers=None, turn=0,
          dice=(), laid=None, table=None, kept=None):
    """A game mid-round: the given hands (text), draw pile (top first), discard pile (top
    last), the rest of the 96 cards under the draw pile in a fixed order."""
    g = B.Board(n, Rng(7))
    g.source = Dice(dice)
    rest = B.new_deck()
    hands = hands or [""] * n
    g.hands = []
    for h in hands:
        cards = cs(h)
        for c in cards:
            rest.remove(c & 0x7F)
        g.hands.append(cards)
    g.kept = [[] for _ in range(n)]
    if kept:
        for s in range(n):
            g.kept[s] = cs(kept[s])
            for c in g.kept[s]:
                rest.remove(c & 0x7F)
    g.table = []
    for grp in table or []:
        owner, kind, cards = grp
        cards = cs(cards)
        for c in cards:
            rest.remove(c & 0x7F)
        from shared_rules.groups import check_group
        a, b = check_group(kind, 2, cards) if len(cards) >= 2 else check_group(kind, 1, cards)
        g.table.append([owner, kind, a, b, cards])
    top_first = cs(draw or "")
    for c in top_first:
        rest.remove(c)
    g.discard = cs(discard or "")
    for c in g.discard:
        rest.remove(c)
    g.dopen = [1] * len(g.discard)
    top_first.reverse()
    g.draw = rest + top_first  # top is last
    g.tokens = list(tokens) if tokens else [0] * n
    g.markers = list(markers) if markers else [0] * n
    g.laid = list(laid) if laid else [False] * n
    g.turn = turn
    g.stage = B.ROLL
    g.extra = False
    assert count(g) == 96
    return g


def count(g):
    k = len(g.draw) + len(g.discard)
    for s in range(g.n):
        k += len(g.hands[s]) + len(g.kept[s])
    for grp in g.table:
        k += len(grp[4])
    return k


def snapshot(g):
    return B.encode(g)


def rejected(g, move, rule, code=None):
    """The move raises RuleError for ``rule`` and leaves the state as it was."""
    before = snapshot(g)
    with pytest.raises(RuleError) as err:
        g.apply(move)
    assert E.rule(err.value) == rule, str(err.value)
    if code:
        assert E.name(err.value) == code
    assert snapshot(g) == before
    return err.value


def roll_go(g, space):
    g.apply((B.M_ROLL,))
    assert (B.M_GO, space) in g.legal_moves(), g.legal_moves()
    g.apply((B.M_GO, space))


# ------------------------------------------------------------------------------ material


def test_P10B_1_ninety_six_number_cards_no_wilds():
    deck = B.new_deck()
    assert len(deck) == 96
    for col in range(4):
        for num in range(1, 13):
            assert deck.count(col << 4 | num) == 2
    assert BM.card_text(P("JG5")) == "JG5" and P("JG5") == 0x80 | 2 << 4 | 5
    assert [BM.card_text(c) for c in cs("R1 P12 G7 Y3")] == ["R1", "P12", "G7", "Y3"]
    g = B.Board(4, Rng(3))
    assert count(g) == 96
    for h in g.hands:
        assert all(c < 0x80 for c in h)


def test_P10B_2_track_is_the_table_of_the_rules():
    names = [BM.space_name(s) for s in range(32)]
    assert names == ["JOKER", "+1", "ASK", "SWAP1", "+2", "EXTRA", "SEARCH", "ALL",
                     "+1", "FREE", "ASK", "JOKER", "+3", "SWAP2", "EXTRA", "+1",
                     "SEARCH", "ALL", "+2", "FREE", "ASK", "SWAP3", "JOKER", "+1",
                     "EXTRA", "+3", "SEARCH", "ALL", "ASK", "+2", "SWAP4", "FREE"]
    kinds = [B.space_kind(s) for s in range(32)]
    assert sorted(set(kinds)) == list(range(8))


def test_P10B_3_phase_track_ends_at_the_finish():
    g = setup(2, hands=["R5", "G1 G2 G3"], markers=[9, 0], laid=[True, False], turn=0,
              table=[(0, SET, "R4 P4 G4 Y4 R4")])
    g.stage = B.PLAY
    assert g.phase_of(0) == 10
    g.apply((B.DISCARD, P("R5")))
    assert g.over and g.winners == [0] and g.markers[0] == B.FINISH
    assert g.pending is None and g.ranking() == [1, 2]
    rejected(g, (B.M_ROLL,), "P10B-18")


def test_P10B_4_set_up():
    src = Dice()
    g = B.Board(4, src)
    assert g.tokens == [0, 0, 0, 0] and g.markers == [0, 0, 0, 0]
    assert [len(h) for h in g.hands] == [10] * 4
    assert len(g.discard) == 5 and len(g.draw) == 96 - 45
    assert g.pending == (g.start, B.ROLL)
    v = g.view((g.start + 1) % 4)
    assert v.discard_known[:4] == [-1] * 4 and v.discard_known[4] == g.discard[-1]
    assert v.hand == g.hands[(g.start + 1) % 4] and v.hand_sizes == [10] * 4
    starts = set()
    for seed in range(40):
        starts.add(B.Board(3, Rng(seed)).start)
    assert starts == {0, 1, 2}


# ------------------------------------------------------------------------------ step 1


def test_P10B_4_a_view_without_history_is_the_same_view_less_the_seen_discards():
    """The screens ask for views without the discard pile as everyone saw it (only the
    computer players read it): everything else is the same."""
    g = B.Board(4, Dice())
    seat = (g.start + 1) % 4
    full, bare = g.view(seat), g.view(seat, False)
    assert len(full.discard_known) == 5 and bare.discard_known == []
    for name in dir(full):
        if not name.startswith("__") and name != "discard_known" and not callable(getattr(full, name)):
            assert getattr(full, name) == getattr(bare, name), name


def test_P10B_5_double_moves_single_or_doubled():
    g = setup(3, hands=["R1", "R2", "R3"], tokens=[0, 20, 21], dice=[3, 3])
    g.apply((B.M_ROLL,))
    assert g.dice == (3, 3)
    assert g.legal_moves() == [(B.M_GO, 3), (B.M_GO, 6)]
    g2 = setup(3, hands=["R1", "R2", "R3"], tokens=[0, 20, 21], dice=[2, 5])
    g2.apply((B.M_ROLL,))
    assert g2.legal_moves() == [(B.M_GO, 2), (B.M_GO, 5)]
    rejected(g2, (B.M_GO, 4), "P10B-5", "not_reachable")
    rejected(g2, (B.DISCARD, P("R1")), "P10B-5")


def test_P10B_5_occupied_spaces_are_jumped():
    # tokens on 4 and 5: a 4 from space 2 goes 3, (4), (5), 6, 7, 8
    g = setup(3, hands=["R1", "R2", "R3"], tokens=[2, 4, 5], dice=[4, 1])
    g.apply((B.M_ROLL,))
    assert g.legal_moves() == [(B.M_GO, 3), (B.M_GO, 8)]
    g.apply((B.M_GO, 8))
    assert g.tokens == [8, 4, 5]
    # the start space holding other tokens is occupied as well
    g = setup(3, hands=["R1", "R2", "R3"], tokens=[31, 0, 0], dice=[1, 2])
    g.apply((B.M_ROLL,))
    assert g.legal_moves() == [(B.M_GO, 1), (B.M_GO, 2)]


def test_P10B_5_roll_is_a_decision_and_dice_come_from_the_source():
    g = setup(2, hands=["R1", "R2"], dice=[6, 4])
    assert g.legal_moves() == [(B.M_ROLL,)]
    rejected(g, (B.M_GO, 4), "P10B-5", "roll_first")
    g.apply((B.M_ROLL,))
    assert g.dice == (6, 4) and g.pending == (0, B.GO)


# ------------------------------------------------------------------------------ steps 2 and 3


def test_P10B_6_lay_the_whole_phase_then_hit_any_group_same_turn():
    # phase 3: a set of 3 and a run of 4; BOB's run lies on the table
    g = setup(2, hands=["R5 P5 G5 R7 P8 G9 Y10 Y11 R1 P2", "R1"], markers=[2, 0],
              laid=[False, True], table=[(1, RUN, "Y3 Y4 Y5 Y6")], dice=[1, 2],
              draw="Y12 G12 G12")
    roll_go(g, 1)  # +1
    g.apply((B.DRAW_DECK,))
    assert g.pending == (0, B.PLAY)
    rejected(g, (B.HIT, P("P2"), 0, LOW), "P10B-6", "lay_first")
    rejected(g, (B.LAY, 3, [cs("R5 P5 G5")]), "P10B-6", "whole_phase")
    rejected(g, (B.LAY, 2, [cs("R5 P5 G5"), cs("R7 P8 G9 Y10")]), "P10B-6", "wrong_phase")
    rejected(g, (B.LAY, 3, [cs("R5 P5 G5"), cs("R7 P8 G9 Y12 ")]), "P10C-3")
    g.apply((B.LAY, 3, [cs("R5 P5 G5"), cs("R7 P8 G9 Y10")]))
    assert g.laid[0] and len(g.table) == 3
    g.apply((B.HIT, P("P2"), 0, LOW))  # on BOB's run, the turn the phase went down
    g.apply((B.HIT, P("R1"), 0, LOW))
    g.apply((B.HIT, P("Y11"), 2, HIGH))
    assert g.table[0][2:4] == [1, 6] and g.table[2][2:4] == [7, 11]
    rejected(g, (B.LAY, 3, [cs("R5 P5 G5"), cs("R7 P8 G9 Y10")]), "P10B-6", "laid_already")
    rejected(g, (B.HIT, P("Y12"), 1, NONE), "P10B-6", "no_fit")


def test_P10B_6_jokers_fill_groups_and_hit_full_groups():
    g = setup(2, hands=["JR5 JP6 G9 G9", "R1"], markers=[1, 0], laid=[False, True],
              table=[(1, SET, "R4 P4 G4 Y4 R4 P4 G4 Y4")])
    g.stage = B.PLAY
    # phase 2: four pairs; a pair of jokers has no natural card (P10C-4)
    rejected(g, (B.LAY, 2, [cs("G9 G9"), cs("JR5 JP6"), cs("P2 P2"), cs("Y3 Y3")]), "P10C-4")
    g.hands[0] = cs("JR5 JP6 G9 G9 R1 R1 P2 P2 Y3")
    g.apply((B.LAY, 2, [cs("G9 G9"), cs("R1 R1"), cs("P2 P2"), cs("Y3 JR5")]))
    g.apply((B.HIT, P("JP6"), 0, NONE))  # all eight 4s laid: a joker still fits
    assert g.went_out == 0 and g.last_round[2][0] == 3 and g.round_no == 2


def test_P10B_7_discard_passes_the_turn_left():
    g = setup(3, hands=["R1 R2", "P1", "G1"], turn=2, dice=[1, 2], tokens=[10, 11, 0])
    roll_go(g, 1)
    g.apply((B.DRAW_DECK,))
    rejected(g, (B.DISCARD, P("P1")), "P10B-7", "not_in_hand")
    g.apply((B.DISCARD, P("G1")))
    assert g.pending == (0, B.ROLL) and g.discard[-1] == P("G1")


def test_P10B_8_empty_draw_pile_reshuffles_all_but_the_top_discard():
    g = setup(2, hands=["R1", "P1"], dice=[1, 2])
    g.discard = list(g.draw)
    g.dopen = [1] * len(g.discard)
    top = g.discard[-1]
    g.draw = []
    roll_go(g, 1)
    assert g.legal_moves() == [(B.DRAW_DECK,), (B.TAKE_DISCARD,)]
    g.apply((B.DRAW_DECK,))
    assert g.discard == [top] and g.source.shuffles == 1
    assert len(g.hands[0]) == 2 and count(g) == 96


# ------------------------------------------------------------------------------ actions


def test_P10B_9_draw_plus_n_one_pile_choice_per_card():
    g = setup(2, hands=["R1", "P1"], tokens=[9, 0], discard="G4 Y5", draw="R9 R10", dice=[3, 6])
    roll_go(g, 12)  # +3
    assert g.pending == (0, B.PILE) and g.left == 3
    g.apply((B.TAKE_DISCARD,))
    assert g.hands[0][-1] == P("Y5") and g.pending == (0, B.PILE)
    assert g.view(0).discard_top == P("G4")  # seen before the next choice
    g.apply((B.DRAW_DECK,))
    assert g.hands[0][-1] == P("R9")
    g.apply((B.TAKE_DISCARD,))
    assert g.hands[0][-1] == P("G4") and g.pending == (0, B.PLAY)
    assert g.discard == []


def test_P10B_9_pile_choice_with_no_discard_is_the_draw_pile():
    g = setup(2, hands=["R1", "P1"], tokens=[0, 5], dice=[1, 3])
    roll_go(g, 1)
    g.discard = []
    g.dopen = []
    assert g.legal_moves() == [(B.DRAW_DECK,)]
    rejected(g, (B.TAKE_DISCARD,), "P10B-9", "discard_empty")


def test_P10B_10_extra_gives_a_whole_turn_more():
    g = setup(2, hands=["R1 R2", "P1"], tokens=[3, 0], discard="G4", dice=[2, 1, 1, 2])
    roll_go(g, 5)  # EXTRA
    g.apply((B.TAKE_DISCARD,))
    assert g.pending == (0, B.PLAY)
    g.apply((B.DISCARD, P("R1")))
    assert g.pending == (0, B.ROLL)  # the extra turn, at once
    roll_go(g, 6)  # SEARCH
    g.apply((B.PICK, P("R1")))
    g.apply((B.DISCARD, P("R2")))
    assert g.pending == (1, B.ROLL)


def test_P10B_10_extra_turn_is_lost_when_the_first_turn_ends_the_round():
    g = setup(2, hands=["Y9", "P1"], tokens=[3, 0], markers=[0, 0], discard="Y10",
              laid=[True, False], table=[(0, SET, "Y10 R10 G10")], dice=[2, 1])
    roll_go(g, 5)
    g.apply((B.TAKE_DISCARD,))
    g.apply((B.HIT, P("Y10"), 0, NONE))
    g.apply((B.DISCARD, P("Y9")))
    assert g.went_out == 0 and not g.extra
    # BOB did not lay down: he keeps up to five, then the next round starts left of ANA
    assert g.pending == (1, B.KEEP)
    g.apply((B.DONE,))
    assert g.pending == (1, B.ROLL) and g.round_no == 2


def test_P10B_11_search_takes_any_card_rest_keeps_its_order():
    g = setup(3, hands=["R1", "P1", "G1"], tokens=[4, 0, 10], discard="G4 Y5 R6 Y5 P9", dice=[2, 2])
    g.dopen = [0, 0, 0, 0, 1]
    assert g.view(1).discard_known == [-1, -1, -1, -1, P("P9")]
    roll_go(g, 6)
    assert g.pending == (0, B.SEARCH)
    assert g.view(0).discard_pile == cs("G4 Y5 R6 Y5 P9")
    assert g.view(1).discard_pile == []
    assert g.legal_moves() == [(B.PICK, c) for c in sorted(cs("G4 Y5 R6 P9"))]
    rejected(g, (B.PICK, P("R7")), "P10B-11", "not_in_discard")
    g.apply((B.PICK, P("R6")))
    assert g.discard == cs("G4 Y5 Y5 P9") and g.hands[0][-1] == P("R6")
    assert g.pending == (0, B.PLAY)


def test_P10B_11_search_on_an_empty_discard_pile_gives_nothing():
    g = setup(2, hands=["R1 R2", "P1"], tokens=[4, 0], dice=[2, 1])
    g.discard = []
    g.dopen = []
    roll_go(g, 6)
    assert g.pending == (0, B.PLAY) and len(g.hands[0]) == 2


def test_P10B_12_swap_n_gives_up_n_takes_n_plus_one():
    g = setup(2, hands=["R1 R2 R3 R4 R5", "P1"], tokens=[29, 0], draw="G1 G2 G3 G4 G5 G6",
              discard="Y12", dice=[1, 1])
    roll_go(g, 30)  # SWAP4
    assert g.pending == (0, B.SWAP) and g.left == 4
    rejected(g, (B.M_SWAP, P("Y1")), "P10B-12", "not_in_hand")
    for c in ("R1", "R2", "R3", "R4"):
        g.apply((B.M_SWAP, P(c)))
    assert sorted(g.hands[0]) == sorted(cs("R5 G1 G2 G3 G4 G5"))
    assert g.discard[-4:] == cs("R1 R2 R3 R4")
    assert g.view(1).discard_known[-5:] == [P("Y12"), -1, -1, -1, P("R4")]  # only the last shows
    assert g.pending == (0, B.PLAY)


def test_P10B_12_swap_with_fewer_cards_than_n():
    g = setup(2, hands=["R1 R2", "P1"], tokens=[27, 0], draw="G1 G2 G3 G4", dice=[3, 6])
    roll_go(g, 30)  # SWAP4 with two cards
    g.apply((B.M_SWAP, P("R2")))
    assert g.pending == (0, B.SWAP)
    g.apply((B.M_SWAP, P("R1")))
    assert sorted(g.hands[0]) == sorted(cs("G1 G2 G3")) and g.pending == (0, B.PLAY)


def test_P10B_12_swap_with_an_empty_hand_takes_one():
    g = setup(2, hands=["", "P1"], tokens=[2, 0], draw="G1 G2", dice=[1, 6])
    roll_go(g, 3)  # SWAP1 with no card (an ASK took the last one)
    assert g.hands[0] == cs("G1") and g.pending == (0, B.PLAY)


def test_P10B_13_all_everyone_takes_one_in_turn_order():
    g = setup(4, hands=["R1", "P1", "G1", "Y1"], tokens=[5, 0, 1, 2], turn=0, draw="R9 P9 G9 Y9",
              dice=[2, 3])
    g.turn = 0
    g.tokens = [5, 0, 1, 2]
    roll_go(g, 7)  # ALL
    assert g.hands[0][-1] == P("R9") and g.hands[1][-1] == P("P9")
    assert g.hands[2][-1] == P("G9") and g.hands[3][-1] == P("Y9")
    g = setup(3, hands=["R1", "P1", "G1"], tokens=[0, 5, 1], turn=1, draw="R9 P9 G9", dice=[2, 3])
    roll_go(g, 7)
    assert [h[-1] for h in g.hands] == cs("G9 R9 P9")


def test_P10B_14_joker_takes_the_top_card_as_a_joker():
    g = setup(2, hands=["R1", "P1"], tokens=[9, 0], draw="G7", dice=[2, 3])
    roll_go(g, 11)
    assert g.hands[0] == cs("R1 JG7") and g.pending == (0, B.PLAY)
    assert BM.card_text(g.view(0).hand[-1]) == "JG7"


def test_P10B_14_kept_joker_survives_into_the_next_round_laid_joker_does_not():
    g = setup(2, hands=["JR4 Y9 P2", "JG7 Y8"], markers=[0, 0], laid=[False, True],
              table=[(1, SET, "Y5 Y5 JP8")], turn=1)
    g.stage = B.PLAY
    g.apply((B.HIT, P("JG7"), 0, NONE))
    g.apply((B.DISCARD, P("Y8")))
    assert g.pending == (0, B.KEEP)
    g.apply((B.M_KEEP, P("JR4")))
    g.apply((B.M_KEEP, P("Y9")))
    g.apply((B.DONE,))
    assert g.round_no == 2 and g.pending == (0, B.ROLL)
    assert g.hands[0][:2] == cs("JR4 Y9") and len(g.hands[0]) == 10
    jokers = [c for h in g.hands for c in h if c >= 0x80] + [c for c in g.draw + g.discard if c >= 0x80]
    assert jokers == [P("JR4")]  # the laid JP8 and JG7 are plain cards again
    assert count(g) == 96


def test_P10B_15_ask_counter_clockwise_past_a_joker():
    # ANA asks 7 counter-clockwise: DON holds only a joker made from a 7, CAT holds G7 and Y7
    g = setup(4, hands=["R1", "P1 P7", "G7 Y7 Y2", "JR7 Y3"], tokens=[0, 10, 11, 12], dice=[2, 4],
              draw="R12 P12")
    g.tokens = [0, 5, 6, 7]
    roll_go(g, 2)
    assert g.pending == (0, B.ASK) and len(g.legal_moves()) == 24
    rejected(g, (B.M_ASK, 13, B.CW), "P10B-15", "bad_number")
    rejected(g, (B.M_ASK, 7, 5), "P10B-15", "bad_direction")
    g.apply((B.M_ASK, 7, B.CCW))
    # CAT gives the colour she holds fewest of (G: one card, Y: two) and takes the top card
    assert g.hands[0] == cs("R1 G7") and g.hands[2] == cs("Y7 Y2 R12")
    assert g.hands[3] == cs("JR7 Y3") and g.hands[1] == cs("P1 P7")
    assert g.last_ask == (0, 7, B.CCW, 2) and g.pending == (0, B.PLAY)


def test_P10B_15_ask_clockwise_first_holder_gives_nobody_then_asker_draws():
    g = setup(3, hands=["R1", "P1 P7", "G7"], tokens=[0, 5, 6], dice=[2, 4], draw="R12 P12")
    roll_go(g, 2)
    g.apply((B.M_ASK, 7, B.CW))
    assert g.hands[0] == cs("R1 P7") and g.hands[1] == cs("P1 R12")
    g = setup(3, hands=["R1", "P1", "JG9"], tokens=[0, 5, 6], dice=[2, 4], draw="R12 P12")
    roll_go(g, 2)
    g.apply((B.M_ASK, 9, B.CW))
    assert g.hands[0] == cs("R1 R12") and g.last_ask == (0, 9, B.CW, -1)


def test_P10B_16_free_moves_to_the_nearest_free_space_of_a_kind():
    # JOKER spaces 0, 11, 22: 11 taken, so FREE from 9 to JOKER goes to 22
    g = setup(3, hands=["R1", "P1", "G1"], tokens=[7, 11, 25], dice=[2, 5], draw="G8")
    roll_go(g, 9)
    assert g.pending == (0, B.FREE)
    g.apply((B.M_FREE, B.K_JOKER))
    assert g.tokens[0] == 22 and g.hands[0] == cs("R1 JG8") and g.action == 22


def test_P10B_16_a_full_kind_cannot_be_chosen():
    # EXTRA spaces 5, 14, 24 all taken
    g = setup(5, hands=["R1", "P1", "G1", "Y1", "R2"], tokens=[7, 5, 14, 24, 30], dice=[2, 5])
    roll_go(g, 9)
    kinds = [m[1] for m in g.legal_moves()]
    assert B.K_EXTRA not in kinds and B.K_FREE not in kinds
    assert kinds == [B.K_DRAW, B.K_SEARCH, B.K_SWAP, B.K_ALL, B.K_JOKER, B.K_ASK]
    rejected(g, (B.M_FREE, B.K_EXTRA), "P10B-16", "kind_full")
    rejected(g, (B.M_FREE, B.K_FREE), "P10B-16", "bad_kind")
    g.apply((B.M_FREE, B.K_DRAW))
    assert g.tokens[0] == 12 and g.pending == (0, B.PILE) and g.left == 3


# ------------------------------------------------------------------------------ end of round


def test_P10B_17_going_out_by_discarding_the_last_card():
    g = setup(2, hands=["R1", "P1 P2"], laid=[True, False], table=[(0, SET, "R5 R5 P5")])
    g.stage = B.PLAY
    g.apply((B.DISCARD, P("R1")))
    assert g.went_out == 0 and g.markers == [2, 0]


def test_P10B_17_going_out_by_laying_and_hitting_the_last_cards():
    g = setup(2, hands=["R1 P1 G1 R2 P3 Y4 G5 Y6", "Y7"], markers=[2, 0])
    g.stage = B.PLAY
    g.apply((B.LAY, 3, [cs("R1 P1 G1"), cs("R2 P3 Y4 G5")]))
    assert g.pending == (0, B.PLAY)
    g.apply((B.HIT, P("Y6"), 1, HIGH))
    assert g.went_out == 0 and g.markers[0] == 4
    g = setup(2, hands=["R1 P1 G1 R2 P3 Y4 G5", "Y7"], markers=[2, 0])
    g.stage = B.PLAY
    g.apply((B.LAY, 3, [cs("R1 P1 G1"), cs("R2 P3 Y4 G5")]))
    assert g.went_out == 0 and g.round_no == 1 and g.pending == (1, B.KEEP)


def test_P10B_18_out_plus_two_then_laid_plus_one_in_order_left_of_who_went_out():
    g = setup(4, hands=["R1", "P1", "G1", "Y1"], markers=[3, 5, 2, 7], laid=[True, False, True, True],
              table=[(0, SET, "R5 R5 P5")], turn=2)
    g.stage = B.PLAY
    g.apply((B.DISCARD, P("G1")))
    assert g.last_round == (2, [3, 5, 2, 7], [4, 5, 4, 8])
    assert g.markers == [4, 5, 4, 8]


def test_P10B_18_plus_two_reaching_the_finish_wins_before_a_plus_one_player():
    # CAT (phase 9, +2) and DON (phase 10, +1) would both reach the finish: CAT moves first
    g = setup(4, hands=["R1", "P1", "G1", "Y1"], markers=[3, 5, 8, 9], laid=[False, False, True, True],
              table=[(2, SET, "R5 R5 P5")], turn=2)
    g.stage = B.PLAY
    g.apply((B.DISCARD, P("G1")))
    assert g.over and g.winners == [2] and g.markers[3] == 9
    assert g.ranking() == [4, 3, 1, 2]


def test_P10B_18_first_plus_one_player_left_of_who_went_out_wins():
    # ANA goes out (phase 5 -> 7); CAT and BOB both at phase 10: CAT is first left of... BOB
    g = setup(3, hands=["R1", "P1", "G1"], markers=[4, 9, 9], laid=[True, True, True],
              table=[(0, SET, "R5 R5 P5")], turn=0)
    g.stage = B.PLAY
    g.apply((B.DISCARD, P("R1")))
    assert g.winners == [1] and g.markers == [6, 10, 9]


def test_P10B_19_laid_players_discard_others_keep_up_to_five():
    g = setup(3, hands=["R1", "P1 P2 P3 P4 P5 P6 P7", "G1 G2"], markers=[0, 0, 0],
              laid=[True, False, True], table=[(0, SET, "R5 R5 P5")], turn=0)
    g.stage = B.PLAY
    g.apply((B.DISCARD, P("R1")))
    assert g.pending == (1, B.KEEP)  # CAT laid down: she keeps nothing
    assert (B.DONE,) in g.legal_moves()
    rejected(g, (B.M_KEEP, P("Y9")), "P10B-19", "not_in_hand")
    for c in ("P1", "P2", "P3", "P4"):
        g.apply((B.M_KEEP, P(c)))
    assert g.pending == (1, B.KEEP)
    g.apply((B.M_KEEP, P("P7")))  # the fifth ends the choice
    assert g.round_no == 2 and g.hands[1][:5] == cs("P1 P2 P3 P4 P7")
    assert [len(h) for h in g.hands] == [10, 10, 10]


def test_P10B_20_new_round_tokens_stay_five_face_up_left_of_who_went_out_starts():
    g = setup(3, hands=["R1", "P1", "G1"], tokens=[4, 9, 17], laid=[False, True, False],
              table=[(1, SET, "R5 R5 P5")], turn=1)
    g.stage = B.PLAY
    g.apply((B.DISCARD, P("P1")))
    assert g.pending == (2, B.KEEP)
    g.apply((B.DONE,))
    assert g.pending == (0, B.KEEP)
    g.apply((B.DONE,))
    assert g.round_no == 2 and g.pending == (2, B.ROLL)
    assert g.tokens == [4, 9, 17] and g.table == [] and g.laid == [False] * 3
    assert len(g.discard) == 5 and g.dopen == [0, 0, 0, 0, 1]
    assert [len(h) for h in g.hands] == [10, 10, 10] and count(g) == 96
    assert g.markers == [0, 2, 0]


# ------------------------------------------------------------------------------ protocol


def test_P10B_5_errors_leave_the_state_unchanged_for_every_wrong_kind():
    g = setup(2, hands=["R1 R2", "P1"], tokens=[0, 5], dice=[1, 3])
    rejected(g, (), "MOVE")
    rejected(g, "roll", "MOVE")
    g.apply((B.M_ROLL,))
    rejected(g, (B.M_ROLL,), "P10B-5")
    g.apply((B.M_GO, 1))
    rejected(g, (B.PICK, P("R1")), "P10B-9", "choose_pile")
    g.apply((B.DRAW_DECK,))
    rejected(g, (B.LAY, 1, "x"), "P10B-6")
    rejected(g, (B.HIT, P("R1"), 0, 0), "P10B-6", "lay_first")
    rejected(g, (B.M_KEEP, P("R1")), "P10B-6")


def test_notation_round_trips_every_kind_of_move():
    moves = [(B.M_ROLL,), (B.M_GO, 12), (B.DRAW_DECK,), (B.TAKE_DISCARD,), (B.PICK, P("R7")),
             (B.M_SWAP, P("JG5")), (B.M_ASK, 7, B.CW), (B.M_ASK, 12, B.CCW),
             (B.M_FREE, B.K_JOKER), (B.M_KEEP, P("P9")), (B.DONE,),
             (B.LAY, 3, [cs("R3 P3 JG9"), cs("Y4 Y5 R6 G7")]), (B.HIT, P("R8"), 1, HIGH),
             (B.HIT, P("R8"), 0, 0), (B.DISCARD, P("Y12"))]
    for m in moves:
        assert BD.parse_move(BM.move_text(m)) == m, BM.move_text(m)
    for bad in ("", "go 32", "ask 13 cw", "ask 7 up", "free wild", "discard W", "hit R1 0",
                "search", "lay x: R1", "go ²"):
        with pytest.raises(RuleError) as err:
            BD.parse_move(bad)
        assert E.rule(err.value) == "RECORD"


def test_view_is_a_copy_and_hides_other_hands():
    g = B.Board(3, Rng(11))
    v = g.view(1)
    v.hand.append(1)
    v.tokens[0] = 5
    v.markers[2] = 9
    assert g.tokens[0] == 0 and g.markers[2] == 0 and len(g.hands[1]) == 10
    assert not hasattr(v, "hands") and not hasattr(v, "draw")
    assert v.discard_pile == [] and v.draw_size == len(g.draw)


def test_save_payload_round_trips_and_refuses_corruption():
    g = setup(3, hands=["R1 JP4", "P1", "G1"], kept=["", "", ""], tokens=[3, 4, 5], dice=[2, 2])
    g.apply((B.M_ROLL,))
    data = B.encode(g)
    h = B.decode(data, g.source)
    assert B.encode(h) == data and h.legal_moves() == g.legal_moves()
    for cut in (0, 5, len(data) - 1):
        with pytest.raises(RuleError) as err:
            B.decode(data[:cut], None)
        assert E.rule(err.value) == "SAVE"
    bad = bytearray(data)
    bad[-1] ^= 0x01  # a card changes: the 96 are no longer there
    with pytest.raises(RuleError):
        B.decode(bytes(bad), None)
    with pytest.raises(RuleError):
        B.decode(data + b"\0", None)


def test_registry_codec_and_record_replay_the_board_game():
    from shared_rules import registry
    from shared_rules import save as codec
    from shared_rules.desktop.record import replay
    from shared_rules.desktop.selfplay import play_record
    entry = registry.by_key("phase10board")
    assert entry.gid == 2 and registry.module(entry) is B
    g = registry.new_game(entry, 6, {}, Rng(3))
    blob = codec.encode(g, entry.gid)
    assert len(blob) < 4096
    gid, h = codec.decode(blob)
    assert gid == 2 and B.encode(h) == B.encode(g)
    with pytest.raises(RuleError):
        B.new_game(3, {"edition": "2020"}, Rng(1))
    text = play_record(4, 3, ["hard", "normal", "easy"], game="phase10board")
    assert "\np1 roll\n" in text or "\np2 roll\n" in text or "\np3 roll\n" in text
    end = replay(text)
    assert end.over and len(end.winners) == 1
