"""Scenario tests for Phase 10, the card game: one or more per rule P10C-1 ... P10C-22, each
from a stacked deck so that the situation is exact."""

import pytest

from shared_rules import cards as C
from shared_rules import RuleError
from shared_rules.groups import check_group, hit_ends, LOW, HIGH, NONE
from shared_rules.phases import SET, RUN, COLOUR
from shared_rules.phase10.phases import phase_list
from shared_rules.phase10.game import (Phase10, DRAW, PLAY, SKIP_TARGET, DRAW_DECK, TAKE_DISCARD, LAY,
                                  HIT, DISCARD, TARGET)
from tests.p10 import game, stack, cards, hand_text, snapshot, count_cards
from shared_rules.phase10.desktop import parse_card
from shared_rules.desktop import errors as E

W = C.WILD
S = C.SKIP


def one(text):
    return parse_card(text)


def rejected(g, move, rule):
    before = snapshot(g)
    with pytest.raises(RuleError) as e:
        g.apply(move)
    assert E.rule(e.value) == rule, str(e.value)
    assert snapshot(g) == before
    return e.value


# A two-player opening used by several tests: dealer p1 (seat 0), so p2 (seat 1) starts.
LAYER = "R3 B3 G3 Y4 Y4 B4 G9 G10 G11 G12"      # phase 1 + junk
SECOND = "R5 B5 G5 Y6 Y6 B6 Y3 G5 R12 B12"       # phase 1 + a Y3 and a G5 to hit


def opening(edition="classic", **kw):
    return game(2, [SECOND, LAYER], "Y8", "R11 B11 W R10", edition=edition, **kw)


# ------------------------------------------------------------------------------ cards


def test_P10C_1_deck_has_108_cards():
    deck = C.new_deck()
    assert len(deck) == 108
    assert deck.count(W) == 8 and deck.count(S) == 4
    for col in range(4):
        for n in range(1, 13):
            assert deck.count(C.card(col, n)) == 2
    g = Phase10(4, seed=3)
    assert count_cards(g) == sorted(deck)
    assert [len(h) for h in g.hands] == [10, 10, 10, 10]


def test_P10C_1_stacked_deck_must_be_the_deck():
    deck = C.new_deck()
    deck[0] = W  # nine wilds
    with pytest.raises(RuleError) as e:
        Phase10(2, decks=[deck])
    assert E.rule(e.value) == "P10C-1"


def test_P10C_2_notation_round_trip_and_errors():
    for c in C.new_deck():
        assert parse_card(C.text(c)) == c
    assert C.texts(cards("R7 B12 G1 Y5 W S")) == "R7 B12 G1 Y5 W S"
    for bad in ("R13", "X5", "R0", "", "WW", "7"):
        with pytest.raises(RuleError) as e:
            parse_card(bad)
        assert E.rule(e.value) == "P10C-2"


# ------------------------------------------------------------------------------ groups


def test_P10C_3_sets_runs_and_colour_groups():
    assert check_group(SET, 3, cards("R7 B7 Y7")) == (7, 0)
    assert check_group(RUN, 4, cards("R3 B4 Y5 G6")) == (3, 6)
    assert check_group(COLOUR, 7, cards("G1 G3 G3 G9 G12 G2 G5")) == (2, 0)
    for kind, size, text in ((SET, 3, "R7 B7 Y8"), (RUN, 4, "R3 B4 Y6 G7"),
                             (RUN, 3, "R11 R12 R1"), (COLOUR, 3, "G1 R1 G2")):
        with pytest.raises(RuleError) as e:
            check_group(kind, size, cards(text))
        assert E.rule(e.value) == "P10C-3"


def test_P10C_3_two_sets_of_one_phase_may_share_a_number():
    g = game(2, ["R1 R2 R3 R4 R6 R8 R9 R10 R11 R12", "R5 R5 B5 B5 G5 G5 G9 G10 G11 G12"], "Y8", "Y5")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R5 B5 G5"), cards("R5 B5 G5 Y5")]))
    assert g.laid[1] == 1 and len(g.table) == 2


def test_P10C_4_wilds_stand_for_their_places_in_a_run():
    assert check_group(RUN, 3, [one("R3"), W, W]) == (3, 5)
    assert check_group(RUN, 3, [W, W, one("G3")]) == (1, 3)
    for group in ([W, W, one("G2")], [one("B11"), W, W]):
        with pytest.raises(RuleError) as e:
            check_group(RUN, 3, group)
        assert E.rule(e.value) == "P10C-4"


def test_P10C_4_every_group_needs_a_natural_card():
    for kind in (SET, RUN, COLOUR):
        with pytest.raises(RuleError) as e:
            check_group(kind, 3, [W, W, W])
        assert E.rule(e.value) == "P10C-4"


def test_P10C_4_laid_run_records_what_its_wild_stands_for():
    g = game(2, [SECOND, "B1 R1 Y1 B2 W B4 B5 G9 G10 R12"], "Y8", "R11")
    g.progress[1] = 1  # phase 2: a set of 3 and a run of 4
    g.apply((DRAW_DECK,))
    rejected(g, (LAY, 2, [cards("B1 R1 Y1"), [W] + cards("B2 B4 B5")]), "P10C-3")
    g.apply((LAY, 2, [cards("B1 R1 Y1"), cards("B2 W B4 B5")]))
    run = g.table[1]
    assert (run[1], run[2], run[3]) == (RUN, 2, 5)  # the wild stands for the 3
    assert hit_ends(RUN, 2, 5, one("R3")) == ()
    assert hit_ends(RUN, 2, 5, one("R6")) == (HIGH,)


def test_P10C_5_skip_never_counts_and_cannot_be_hit():
    with pytest.raises(RuleError) as e:
        check_group(SET, 3, [one("R7"), one("B7"), S])
    assert E.rule(e.value) == "P10C-5"
    assert hit_ends(SET, 7, 0, S) == ()
    g = game(2, [SECOND, "R3 B3 G3 Y4 Y4 B4 S G10 G11 G12"], "Y8", "R11")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    rejected(g, (HIT, S, 0, 0), "P10C-5")


# ------------------------------------------------------------------------------ set-up and turn


def test_P10C_6_deal_ten_each_discard_one_left_of_dealer_starts():
    g = Phase10(5, seed=11, dealer=3)
    assert [len(h) for h in g.hands] == [10] * 5
    assert len(g.discard) == 1 and len(g.draw_pile) == 108 - 51
    assert g.pending == (4, DRAW)
    # the deal passes to the left every hand
    g2 = Phase10(3, seed=5, dealer=2)
    assert g2.dealer == 2 and g2.pending[0] == 0


def test_P10C_6_first_dealer_is_random_from_the_seed():
    dealers = set(Phase10(6, seed=s).dealer for s in range(40))
    assert dealers == set(range(6))


def test_P10C_7_turn_order_draw_first_then_lay_then_discard():
    g = opening()
    assert g.pending == (1, DRAW)
    rejected(g, (DISCARD, one("G12")), "P10C-7")
    rejected(g, (LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]), "P10C-7")
    g.apply((DRAW_DECK,))
    assert one("R11") in g.hands[1] and g.pending == (1, PLAY)
    rejected(g, (DRAW_DECK,), "P10C-7")
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    rejected(g, (LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]), "P10C-7")
    g.apply((DISCARD, one("G12")))
    assert g.pending == (0, DRAW) and g.discard[-1] == one("G12")


def test_P10C_7_whole_phase_at_once_never_part():
    g = opening()
    g.apply((DRAW_DECK,))
    rejected(g, (LAY, 1, [cards("R3 B3 G3")]), "P10C-7")
    rejected(g, (LAY, 1, [cards("R3 B3"), cards("Y4 Y4 B4")]), "P10C-7")
    rejected(g, (LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 Y4")]), "P10C-7")  # only two Y4
    rejected(g, (LAY, 2, [cards("R3 B3 G3"), cards("G9 G10 G11 G12")]), "P10C-7")  # not my phase


def test_P10C_7_extra_cards_may_join_groups_as_laid_and_hits_need_the_phase():
    g = game(2, [SECOND, "R3 B3 G3 Y4 Y4 B4 B4 G10 G11 G12"], "Y8", "Y3")
    g.apply((DRAW_DECK,))
    rejected(g, (HIT, one("Y3"), 0, 0), "P10C-7")
    g.apply((LAY, 1, [cards("R3 B3 G3 Y3"), cards("Y4 Y4 B4 B4")]))
    assert len(g.table[0][4]) == 4 and len(g.table[1][4]) == 4


def test_P10C_8_skip_on_top_cannot_be_drawn_wild_can():
    g = game(2, [SECOND, LAYER], "W", "S R1")
    g.apply((TAKE_DISCARD,))
    assert W in g.hands[1]
    g2 = game(3, [SECOND, LAYER, "R1 R2 R4 R6 B1 B2 G1 G2 Y1 Y2"], "Y8", "S")
    g2.apply((DRAW_DECK,))  # p2 draws the Skip
    g2.apply((DISCARD, S))  # classic: p3 is skipped
    assert g2.discard[-1] == S and g2.pending == (0, DRAW)
    e = rejected(g2, (TAKE_DISCARD,), "P10C-8")
    assert "Skip" in E.reason(e)
    assert not g2.can_take_discard()


# ------------------------------------------------------------------------------ hits


def test_P10C_9_hits_on_sets_runs_and_colour_groups():
    assert hit_ends(SET, 7, 0, one("Y7")) == (NONE,)
    assert hit_ends(SET, 7, 0, one("Y8")) == ()
    assert hit_ends(RUN, 3, 6, one("B2")) == (LOW,)
    assert hit_ends(RUN, 3, 6, one("B7")) == (HIGH,)
    assert hit_ends(RUN, 3, 6, one("B8")) == ()
    assert hit_ends(COLOUR, 2, 0, one("G11")) == (NONE,)
    assert hit_ends(COLOUR, 2, 0, one("R11")) == ()
    assert hit_ends(RUN, 3, 6, W) == (LOW, HIGH)
    assert hit_ends(RUN, 1, 6, W) == (HIGH,)
    assert hit_ends(RUN, 1, 12, W) == (NONE,)  # a wild goes even on a full run
    assert hit_ends(SET, 7, 0, W) == (NONE,)


def test_P10C_9_wild_hit_on_run_extends_the_chosen_end():
    # p2 lays phase 4 (run of 7) and hits a wild at the low end, then the 2 fits there no more
    g = game(2, [SECOND, "R3 B4 Y5 G6 R7 B8 G9 W B1 R12"], "Y8", "R11")
    g.apply((DRAW_DECK,))
    g.progress[1] = 3
    g.apply((LAY, 4, [cards("R3 B4 Y5 G6 R7 B8 G9")]))
    g.apply((HIT, W, 0, LOW))
    assert (g.table[0][2], g.table[0][3]) == (2, 9) and g.table[0][4][0] == W
    g.apply((HIT, one("B1"), 0, 0))
    assert (g.table[0][2], g.table[0][3]) == (1, 9)
    rejected(g, (HIT, one("R12"), 0, 0), "P10C-9")


def test_P10C_9_wild_on_a_full_run():
    g = game(2, [SECOND, "R3 B3 G3 Y4 Y4 B4 W G10 G11 G12"], "Y8", "R11", edition="2020")
    # set up: a run 1..12 of p1's on the table, its cards taken from the draw pile
    run = []
    for n in range(1, 13):
        c = [c for c in g.draw_pile if c & 15 == n and c < W][0]
        g.draw_pile.remove(c)
        run.append(c)
    g.table.append([0, RUN, 1, 12, run])
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    assert g.hit_targets(1, W)[0] == (0, (NONE,))
    rejected(g, (HIT, W, 0, HIGH), "P10C-9")
    g.apply((HIT, W, 0, 0))
    assert (g.table[0][2], g.table[0][3]) == (1, 12) and len(g.table[0][4]) == 13


def test_P10C_9_hit_errors():
    g = opening()
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    rejected(g, (HIT, one("G9"), 0, 0), "P10C-9")   # wrong number
    rejected(g, (HIT, one("Y3"), 0, 0), "P10C-9")   # not in hand
    rejected(g, (HIT, one("G9"), 7, 0), "P10C-9")   # no such group


# ------------------------------------------------------------------------------ piles


def test_P10C_10_empty_draw_pile_reshuffles_the_discards_under_the_top():
    g = opening()
    # move the whole draw pile onto the discard pile (under its top card)
    top = g.discard.pop()
    g.discard.extend(g.draw_pile)
    g.discard.append(top)
    g.draw_pile = []
    n_discards = len(g.discard)
    g.apply((DRAW_DECK,))
    assert g.discard == [top]
    assert len(g.draw_pile) == n_discards - 2
    assert count_cards(g) == sorted(C.new_deck())


def test_P10C_10_no_card_to_draw_skips_the_draw():
    g = opening()
    g.discard = [S]
    g.draw_pile = []
    g._start_turn(1)
    assert g.pending == (1, PLAY)
    rejected(g, (DRAW_DECK,), "P10C-7")
    g.apply((DISCARD, one("G12")))
    assert g.pending == (0, DRAW)  # the G12 on top can be drawn again


# ------------------------------------------------------------------------------ skips


def three_players_with_skip(edition):
    hands = ["R1 R2 R4 R6 B1 B2 G1 G2 Y1 Y2", "S R3 B3 G3 Y4 Y4 B4 G10 G11 G12",
             "R7 R8 R9 R10 B7 B8 B9 B10 Y7 Y9"]
    return game(3, hands, "Y8", "R11 S G11", edition=edition, dealer=0)


def test_P10C_11_classic_skip_skips_the_next_player():
    g = three_players_with_skip("classic")
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, S))
    assert g.pending == (0, DRAW)  # p3 (seat 2) was skipped
    assert not any(g.waiting)


def test_P10C_11_a_skip_is_announced_in_the_log():
    """Issue 26: "DAN discards S" was followed by the next seat's move, and the skipped player's
    turn just came later: the line names who is skipped (25 characters at most with three-letter
    names, a 160x128 line), as the 2020 edition's choice does."""
    names = ["ANN", "BOB", "CAT"]
    g = three_players_with_skip("classic")
    g.apply((DRAW_DECK,))
    line = g.describe((DISCARD, S), names)
    assert line == "BOB discards S, skips CAT" and len(line) <= 25
    other = [c for c in g.hands[1] if c != S][0]
    assert g.describe((DISCARD, other), names) == "BOB discards " + C.text(other)
    g = three_players_with_skip("2020")
    g.apply((DRAW_DECK,))
    assert g.describe((DISCARD, S), names) == "BOB discards S"  # the choice comes next
    g.apply((DISCARD, S))
    assert g.describe((TARGET, 2), names) == "BOB skips CAT"


def test_P10C_11_2020_discarder_chooses_and_waiting_players_cannot_be_chosen():
    g = three_players_with_skip("2020")
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, S))
    assert g.pending == (1, SKIP_TARGET)
    rejected(g, (TARGET, 1), "P10C-11")  # not yourself
    rejected(g, (DISCARD, one("R3")), "P10C-11")
    g.apply((TARGET, 0))  # p1 must wait
    assert g.waiting[0]
    assert g.pending == (2, DRAW)
    # p3 draws a Skip too and wants to skip p1, who is still waiting
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, S))
    assert g.pending == (2, SKIP_TARGET)
    assert g.skip_targets(2) == [1]
    e = rejected(g, (TARGET, 0), "P10C-11")
    assert "already" in E.reason(e)
    g.apply((TARGET, 1))
    # p1 serves the skip, p2 serves the skip: p3 plays again
    assert g.pending == (2, DRAW) and not any(g.waiting)


def test_P10C_12_skip_as_first_discard_skips_the_first_player():
    for edition in ("classic", "2020"):
        g = game(3, [SECOND, LAYER, "R1 R2 R4 R6 B1 B2 G1 G2 Y1 Y2"], "S", edition=edition)
        assert g.pending == (2, DRAW)  # p2 (left of dealer p1) is skipped
        assert not any(g.waiting)


# ------------------------------------------------------------------------------ editions


def lay_both(edition):
    g = opening(edition)
    g.apply((DRAW_DECK,))                     # p2 draws R11
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    g.apply((DISCARD, one("G12")))
    g.apply((DRAW_DECK,))                     # p1 draws B11
    g.apply((LAY, 1, [cards("R5 B5 G5"), cards("Y6 Y6 B6")]))
    return g


def test_P10C_13_classic_hits_only_own_groups_on_the_lay_turn():
    g = lay_both("classic")
    e = rejected(g, (HIT, one("Y3"), 0, 0), "P10C-13")
    assert "next turn" in E.reason(e)
    assert [gi for gi, _ in g.hit_targets(0, one("Y3"))] == []
    g.apply((HIT, one("G5"), 2, 0))           # own group: fine
    g.apply((DISCARD, one("R12")))
    g.apply((DRAW_DECK,))
    g.apply((DISCARD, one("G9")))
    g.apply((DRAW_DECK,))
    g.apply((HIT, one("Y3"), 0, 0))           # next turn: fine
    assert one("Y3") in g.table[0][4]


def test_P10C_13_2020_hits_any_group_on_the_lay_turn():
    g = lay_both("2020")
    g.apply((HIT, one("Y3"), 0, 0))
    assert one("Y3") in g.table[0][4]


GOER = "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 Y3"  # phase 1 + five cards that all hit


def test_P10C_14_classic_must_keep_a_card_to_discard():
    g = game(2, [SECOND, GOER], "Y8", "B3")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    for c in ("G3", "B4", "R3", "Y3"):
        g.apply((HIT, one(c), 0 if c != "B4" else 1, 0))
    assert g.hands[1] == [one("B3")]
    rejected(g, (HIT, one("B3"), 0, 0), "P10C-14")
    # and a lay-down that would empty the hand
    g2 = game(2, [SECOND, GOER], "Y8", "B3")
    g2.apply((DRAW_DECK,))
    rejected(g2, (LAY, 1, [cards("R3 B3 G3 G3 R3 Y3 B3"), cards("Y4 Y4 B4 B4")]), "P10C-14")


def test_P10C_14_2020_going_out_by_hitting_the_last_card():
    g = game(2, [SECOND, GOER], "Y8", "B3", edition="2020")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3"), cards("Y4 Y4 B4")]))
    for c in ("G3", "B4", "R3", "Y3", "B3"):
        g.apply((HIT, one(c), 0 if c != "B4" else 1, 0))
    assert g.last_hand[0] == 1 and g.hand_no == 2  # the hand ended without a discard
    assert g.progress == [0, 1]


def test_P10C_14_2020_lay_down_of_every_card_goes_out():
    g = game(2, [SECOND, GOER], "Y8", "B3", edition="2020")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3 B3"), cards("Y4 Y4 B4 B4")]))
    assert g.last_hand[0] == 1 and g.hand_no == 2


def test_P10C_15_skip_as_last_card_ends_the_hand_and_skips_nobody():
    for edition in ("classic", "2020"):
        g = game(2, [SECOND, "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 S"], "Y8", "Y3", edition=edition)
        g.apply((DRAW_DECK,))
        g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3"), cards("Y4 Y4 B4 B4")]))
        g.apply((DISCARD, S))
        assert g.last_hand[0] == 1 and g.hand_no == 2
        assert g.pending[1] == DRAW and not any(g.waiting)


# ------------------------------------------------------------------------------ end of hand


def test_P10C_16_penalty_points():
    assert [C.penalty(one(t)) for t in ("R1", "Y9", "B10", "G12")] == [5, 5, 10, 10]
    assert C.penalty(S) == 15 and C.penalty(W) == 25
    g = game(2, ["R5 B9 G10 Y12 W S R1 R2 B2 B1", "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 S"], "Y8", "Y3")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3"), cards("Y4 Y4 B4 B4")]))
    g.apply((DISCARD, S))
    expected = 5 + 5 + 10 + 10 + 25 + 15 + 5 * 4
    assert g.last_hand[1] == [expected, 0]
    assert g.scores == [expected, 0]


def test_P10C_17_players_who_laid_advance_the_others_repeat():
    g = game(3, [SECOND, "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 S", "R1 R2 R4 R6 B1 B2 G1 G2 Y1 Y2"],
             "Y8", "Y3")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3"), cards("Y4 Y4 B4 B4")]))
    g.apply((DISCARD, S))
    assert g.progress == [0, 1, 0]
    assert g.phase_of(1) == 2 and g.phase_of(0) == 1
    assert g.last_hand[2] == [False, True, False]


# ------------------------------------------------------------------------------ end of game

P10_A = "R7 B7 G7 Y7 R7 B8 G8 Y8 B7 Y8"   # phase 10 + B7 and Y8 to hit
P10_B = "R5 B5 G5 Y5 R5 B6 G6 Y6 G5 Y6"   # phase 10 + G5 and Y6 to hit


def last_phase_hand(scores, progress=(9, 9), more_decks=()):
    """Both players at phase 10; p2 lays it, then p1 lays it, then p2 goes out."""
    g = game(2, [P10_B, P10_A], "Y1", "R9 B9 G9", more_decks=more_decks)
    g.progress = list(progress)
    g.scores = list(scores)
    g.apply((DRAW_DECK,))
    g.apply((LAY, 10, [cards("R7 B7 G7 Y7 R7"), cards("B8 G8 Y8")]))
    g.apply((DISCARD, one("R9")))
    g.apply((DRAW_DECK,))
    if g.phase_of(0) == 10:
        g.apply((LAY, 10, [cards("R5 B5 G5 Y5 R5"), cards("B6 G6 Y6")]))
    g.apply((DISCARD, one("B9")))
    g.apply((DRAW_DECK,))
    g.apply((HIT, one("B7"), 0, 0))
    g.apply((HIT, one("Y8"), 1, 0))
    g.apply((DISCARD, one("G9")))
    return g


def test_P10C_18_one_player_completes_the_last_phase_and_wins():
    g = last_phase_hand(scores=(0, 300), progress=(8, 9))
    assert g.pending is None and g.winners == [1]


def test_P10C_18_several_complete_lowest_total_wins():
    g = last_phase_hand(scores=(0, 30))
    assert g.scores == [10, 30]  # p1 kept G5 Y6
    assert g.winners == [0]


def test_P10C_18_tie_on_points_leads_to_a_tiebreak_hand():
    # after the hand p1 has the cards G5 Y6 left (10 points): preset p2 to 10 for a tie
    tiebreak_deck = stack(2, [P10_B, "R1 R2 R4 R6 B1 B2 G1 G2 Y1 Y2"], "Y12", "R9", dealer=1)
    g = last_phase_hand(scores=(0, 10), more_decks=[tiebreak_deck])
    assert g.scores == [10, 10]
    assert g.tiebreak and g.pending == (0, DRAW) and g.hand_no == 2
    assert g.phase_of(0) == 10 and g.phase_of(1) == 10
    g.apply((DRAW_DECK,))
    g.apply((LAY, 10, [cards("R5 B5 G5 Y5 R5"), cards("B6 G6 Y6")]))
    assert g.pending is None and g.winners == [0]


def test_P10C_18_tiebreak_only_tied_players_are_dealt():
    g = Phase10(3, seed=1)
    g.progress = [9, 9, 9]
    g.laid = [10, 10, 10]
    g.scores = [10, 40, 10]
    g.hands = [[one("R1")], [], [one("B1")]]  # p2 went out, p1 and p3 hold 5 points each
    g._hand_over(1)
    assert g.scores == [15, 40, 15]
    assert g.tiebreak and g.active == [True, False, True] and g.winners == []
    assert g.hands[1] == [] and len(g.hands[0]) == 10 and len(g.hands[2]) == 10
    assert count_cards(g) == sorted(C.new_deck())
    assert g.pending[0] in (0, 2)


@pytest.mark.parametrize("name, numbers", [("all", tuple(range(1, 11))), ("5", (1, 2, 3, 4, 5)),
                                           ("8", tuple(range(1, 9))), ("odd", (1, 3, 5, 7, 9)),
                                           ("even", (2, 4, 6, 8, 10))])
def test_P10C_19_phase_lists(name, numbers):
    assert phase_list(name) == numbers
    g = Phase10(2, phases=name, seed=2)
    assert g.phase_of(0) == numbers[0]


def test_P10C_19_unknown_phase_list_is_refused():
    with pytest.raises(RuleError) as e:
        Phase10(2, phases="7")
    assert E.rule(e.value) == "P10C-19"


def test_P10C_19_odd_list_advances_from_phase_1_to_phase_3():
    g = game(2, [SECOND, "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 S"], "Y8", "Y3", phases="odd")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3"), cards("Y4 Y4 B4 B4")]))
    g.apply((DISCARD, S))
    assert g.phase_of(1) == 3 and g.phase_of(0) == 1


def test_P10C_20_standard_progression_repeats_an_unlaid_phase():
    g = game(2, [SECOND, "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 S"], "Y8", "Y3")
    assert g.progression == 0
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3"), cards("Y4 Y4 B4 B4")]))
    g.apply((DISCARD, S))
    assert (g.phase_of(0), g.phase_of(1)) == (1, 2)


def test_P10C_21_everyone_advances_every_hand():
    g = game(2, [SECOND, "R3 B3 G3 G3 Y4 Y4 B4 B4 R3 S"], "Y8", "Y3", progression="everyone",
             phases="5")
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R3 B3 G3 G3 R3 Y3"), cards("Y4 Y4 B4 B4")]))
    g.apply((DISCARD, S))
    assert (g.phase_of(0), g.phase_of(1)) == (2, 2)


def test_P10C_21_game_lasts_one_hand_per_phase_and_equal_totals_share():
    from shared_rules.desktop.selfplay import SelfPlay
    for seed in range(6):
        sp = SelfPlay(seed, 3, "greedy", progression="everyone", phases="odd")
        g = sp.run()
        assert g.hand_no == 5
        low = min(g.scores)
        assert g.winners == [s for s in range(3) if g.scores[s] == low]
    g = Phase10(2, progression="everyone", phases="5", seed=1)
    g.progress = [4, 4]
    g.scores = [20, 0]
    g.scores = [20, 25]
    g.hands = [[one("R1")], []]  # p2 went out, p1 holds 5 points: 25 each
    g._hand_over(1)
    assert g.winners == [0, 1]


def test_P10C_22_free_choice_lay_any_open_phase_once():
    hand = "R4 B4 G4 Y4 R9 B9 G9 Y9 R4 B9"     # phase 7 (2 sets of 4) and two extras
    g = game(2, [SECOND, hand], "Y8", "Y3", progression="free")
    assert g.open_phases(1) == list(range(1, 11))
    g.apply((DRAW_DECK,))
    rejected(g, (LAY, 0, [cards("R4 B4 G4 Y4"), cards("R9 B9 G9 Y9")]), "P10C-22")
    rejected(g, (LAY, 11, [cards("R4 B4 G4 Y4"), cards("R9 B9 G9 Y9")]), "P10C-7")
    g.apply((LAY, 7, [cards("R4 B4 G4 Y4 R4"), cards("R9 B9 G9 Y9 B9")]))
    assert g.laid[1] == 7 and g.open_phases(1) == []
    g.apply((DISCARD, one("Y3")))
    assert g.hand_no == 2
    assert g.progress[1] == 1 << 6
    assert 7 not in g.open_phases(1) and len(g.open_phases(1)) == 9


def test_P10C_22_completed_phase_cannot_be_laid_again():
    hand = "R4 B4 G4 Y4 R9 B9 G9 Y9 R1 R2"
    g = game(2, [SECOND, hand], "Y8", "G1", progression="free")
    g.progress[1] = 1 << 6
    g.apply((DRAW_DECK,))
    e = rejected(g, (LAY, 7, [cards("R4 B4 G4 Y4"), cards("R9 B9 G9 Y9")]), "P10C-22")
    assert "already" in E.reason(e)


def test_P10C_22_first_to_complete_the_list_wins():
    from shared_rules.desktop.selfplay import SelfPlay
    for seed in range(4):
        g = SelfPlay(seed, 3, "greedy", progression="free", phases="5").run()
        assert len(g.winners) == 1
        w = g.winners[0]
        assert g.completed(w) == 5


def test_P10C_7_describe_moves_in_one_short_line():
    names = ["ANA", "BOB"]
    g = opening("2020")
    assert g.describe((DRAW_DECK,), names) == "BOB draws a card"
    assert g.describe((TAKE_DISCARD,), names) == "BOB takes Y8"
    g.apply((DRAW_DECK,))
    assert g.describe((LAY, 0, SETS_LAYER), names) == "BOB lays phase 1"
    g.apply((LAY, 1, SETS_LAYER))
    assert g.describe((HIT, one("G12"), 0, 0), names) == "BOB: G12 on own set"
    assert g.describe((DISCARD, one("G12")), names) == "BOB discards G12"
    g.apply((DISCARD, one("G12")))
    g.apply((DRAW_DECK,))
    g.apply((LAY, 1, [cards("R5 B5 G5"), cards("Y6 Y6 B6")]))
    assert g.describe((HIT, one("Y3"), 0, 0), names) == "ANA: Y3 on BOB's set"
    assert g.describe((TARGET, 1), names) == "ANA skips BOB"
    g.table.append([1, COLOUR, 3, 0, cards("Y1 Y2 Y3 Y4 Y5 Y6 Y7")])
    longest = g.describe((HIT, one("Y12"), len(g.table) - 1, 0), names)
    assert longest == "ANA: Y12 on BOB's colour" and len(longest) <= 25  # one 160-px line


SETS_LAYER = [cards("R3 B3 G3"), cards("Y4 Y4 B4")]


def test_P10C_7_view_shows_own_hand_and_hides_other_hands_and_the_draw_pile():
    g = Phase10(4, seed=12)
    seat = g.pending[0]
    v = g.view(seat)
    public = [name for name in dir(v) if not name.startswith("_")]
    for hidden in ("hands", "draw_pile", "rng", "decks"):
        assert hidden not in public
    assert v.hand == g.hands[seat] and v.hand is not g.hands[seat]
    assert [v.hand_size(s) for s in range(4)] == [10, 10, 10, 10]
    assert v.draw_size == len(g.draw_pile) and v.discard_top == g.discard[-1]
    v.hand.append(C.WILD)  # a copy: the game's hand is untouched
    assert len(g.hands[seat]) == 10


def test_P10C_7_a_view_without_history_is_the_same_view_less_the_public_events():
    """The screens ask for views without the hand's public events (only the computer players
    read them): everything else is the same, and the events are a copy in a full view."""
    g = Phase10(3, seed=4)
    for _ in range(7):  # a few draws and discards: events in the history
        seat, kind = g.pending
        g.apply((DRAW_DECK,) if kind == DRAW else (DISCARD, g.hands[seat][0]))
    seat = g.pending[0]
    full, bare = g.view(seat), g.view(seat, False)
    assert len(full.history) == 14 and full.history == bytes(g.history) and bare.history == b""
    for name in dir(full):
        if not name.startswith("__") and name != "history" and not callable(getattr(full, name)):
            assert getattr(full, name) == getattr(bare, name), name
    assert full.open_phases() == bare.open_phases()

def test_P10C_9_hard_player_does_not_feed_the_next_player_a_hit():
    from shared_rules.phase10.bots import GreedyBot
    from shared_rules.phase10.hard import HardBot
    from shared_rules.rng import Rng
    from shared_rules.phases import SET as KIND_SET
    g = opening()
    g.apply((DRAW_DECK,))
    g.hands[1] = cards("R1 B1 G1 R2 B2 Y7 Y4 G9 B5 R6 G6")
    g.table = [[0, KIND_SET, 7, 0, cards("R7 B7 G7")]]  # p1, next to play, has laid 7s
    g.laid[0] = 1
    view = g.view(1)
    assert GreedyBot(Rng(1)).choose(view) == (DISCARD, one("Y7"))
    move = HardBot(Rng(1)).choose(view)
    assert move[0] == DISCARD and move[1] != one("Y7")
    assert move[1] not in cards("R1 B1 G1")  # never breaks its complete set
