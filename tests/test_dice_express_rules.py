"""Scenario tests for Dice Express (RULES.md section 3): one or more per rule DX-1 ... DX-11,
each with fixed dice from a scripted source so that the situation is exact."""

import pytest

from shared_rules.dice_express import game as D
from shared_rules import registry
from shared_rules.dice_express import odds as dx_odds
from shared_rules.dice_express.game import (BEFORE, REROLL, TAKE_KIND, ROLL, KEEP, STOP, TAKE, STEAL,
                                       PASS, FULL, piece, encode, decode)
from shared_rules.dice_express import desktop as DD
from shared_rules.dice_express.desktop import parse_move
from shared_rules import RuleError
from shared_rules.rng import Rng
from shared_rules.desktop.record import Scripted
from shared_rules.desktop import errors as E

W, Y, O, R, G, B = 0, 1, 2, 3, 4, 5


def dice(text):
    """'wwrrgby' -> colour indices."""
    return ["WYORGB".index(ch) for ch in text.upper()]


def P(text):
    return DD.parse_piece(text)


def position(n, roads, fronts=None, turn=0):
    """A game of ``n`` seats (all 30 pieces in play for 4+), roads given as piece texts rear
    first, fronts defaulting to the roads' lengths; dice come from a scripted source."""
    g = D.new_game(n, {}, Rng(1))
    g.source = Scripted()
    for s in range(n):
        road = [P(t) for t in roads[s].split()] if s < len(roads) else []
        g.roads[s] = road
        total = 0
        for p in road:
            g.display[p >> 3] &= ~(1 << (p & 7))
            total += p & 7
        g.fronts[s] = fronts[s] if fronts else total
    g.turn = turn
    return g


def feed(g, text):
    g.source.feed(dice(text))


def roll(g, text, give=0):
    feed(g, text)
    g.apply((ROLL, give))


def snapshot(g):
    return encode(g)


def rejected(g, move, rule, code=None):
    before = snapshot(g)
    with pytest.raises(RuleError) as e:
        g.apply(move)
    assert E.rule(e.value) == rule, str(e.value)
    if code is not None:
        assert E.name(e.value) == code, E.name(e.value)
    assert snapshot(g) == before
    return e.value


def in_display(g, text):
    p = P(text)
    return bool(g.display[p >> 3] & (1 << (p & 7)))


def places(g):
    """Where each of the 30 pieces is: a list of 'd', 'o' or a seat number, one per piece."""
    out = []
    for c in range(6):
        for length in range(2, 7):
            where = []
            if g.display[c] & (1 << length):
                where.append("d")
            if g.out[c] & (1 << length):
                where.append("o")
            for s in range(g.n):
                if piece(c, length) in g.roads[s]:
                    where.append(s)
            out.append(where)
    return out


# ------------------------------------------------------------------------------ material


def test_DX_1_seven_dice_of_six_colours_thirty_pieces():
    g = D.new_game(4, {}, Rng(5))
    assert g.display == [FULL] * 6 and g.out == [0] * 6
    assert all(len(w) == 1 for w in places(g)) and len(places(g)) == 30
    g.apply((ROLL, 0))
    assert len(g.dice) == 7 and all(0 <= d < 6 for d in g.dice)
    assert D.piece_text(piece(R, 3)) == "R3" and DD.parse_piece("b6") == piece(B, 6)


def test_DX_1_every_die_is_one_draw_below_six():
    src = Scripted()
    src.log = []
    g = D.new_game(4, {}, src)
    src.feed([0, 1, 2, 3, 4, 5, 5])
    g.apply((ROLL, 0))
    assert src.log == [0, 1, 2, 3, 4, 5, 5] and g.dice == [0, 1, 2, 3, 4, 5, 5]
    g2 = D.new_game(4, {}, Scripted())
    g2.source.feed([0, 1, 2, 3, 4, 5, 6])
    with pytest.raises(RuleError) as e:
        g2.apply((ROLL, 0))
    assert E.rule(e.value) == "RECORD"
    assert g2.pending == (0, BEFORE) and g2.dice == []


@pytest.mark.parametrize("n", [4, 5, 6])
def test_DX_2_four_to_six_players_use_all_thirty(n):
    g = D.new_game(n, {}, Rng(n))
    assert g.display == [FULL] * 6 and g.out == [0] * 6


def test_DX_2_three_players_lose_the_2_and_3_of_four_random_colours():
    src = Scripted()
    src.feed([5, 0, 1, 0])  # picks blue, then white, then orange (left: W Y O R G), then yellow
    g = D.new_game(3, {}, src)
    assert src.left() == 0
    for c in (B, W, O, Y):
        assert g.out[c] == 0x0C and g.display[c] == 0x70
    for c in (R, G):
        assert g.out[c] == 0 and g.display[c] == FULL
    assert sum(len(w) for w in places(g)) == 30 and all(len(w) == 1 for w in places(g))


def test_DX_2_two_players_lose_one_2_or_3_of_each_colour():
    src = Scripted()
    src.feed([2, 2, 0])  # orange, then red (left W Y R G B), then white lose their 2
    g = D.new_game(2, {}, src)
    for c in (O, R, W):
        assert g.out[c] == 0x04
    for c in (Y, G, B):
        assert g.out[c] == 0x08
    assert all(len(w) == 1 for w in places(g))


def test_DX_2_random_removals_differ_by_seed_and_always_count_right():
    seen = []
    for seed in range(40):
        for n, out in ((2, 6), (3, 8)):
            g = D.new_game(n, {}, Rng(seed))
            k = 0
            for c in range(6):
                k += bin(g.out[c]).count("1")
            assert k == out
            if n == 3 and g.out not in seen:
                seen.append(g.out)
    assert len(seen) > 5  # 15 ways to pick four colours


def test_SETUP_player_count():
    for n in (1, 7, "4"):
        with pytest.raises(RuleError) as e:
            D.new_game(n, {}, Rng(0))
        assert E.rule(e.value) == "SETUP" and E.name(e.value) == "players"


# ------------------------------------------------------------------------------ a road


def test_DX_3_first_piece_from_field_1_later_ones_at_the_front():
    g = position(4, ["", "", "", ""])
    roll(g, "rrrgggb")
    g.apply((STOP,))
    assert g.pending == (0, TAKE_KIND) and g.colour == R
    g.apply((TAKE, P("R3")))
    assert g.roads[0] == [P("R3")] and g.fronts[0] == 3 and g.rear_field(0) == 1
    g.apply((TAKE, P("G3")))
    assert g.roads[0] == [P("R3"), P("G3")] and g.fronts[0] == 6 and g.rear_field(0) == 1
    assert g.pending == (1, BEFORE)


def test_DX_3_a_colour_already_in_the_road_is_refused():
    g = position(4, ["R2 W4", "", "", "Y3 R3"], turn=3)
    g.fronts[3] = 10
    roll(g, "rrrrrww")
    # red is in the road: no red decision at all, white goes on
    g.apply((STOP,))
    assert g.pending == (3, TAKE_KIND) and g.colour == W
    rejected(g, (TAKE, P("R4")), "DX-7", "wrong_colour")
    assert E.name(g.steal_check(3, 0, R, 5)) == "colour_in_road"
    g.apply((TAKE, P("W2")))
    assert [D.piece_text(p) for p in g.roads[3]] == ["Y3", "R3", "W2"]


def test_DX_4_the_rear_piece_is_the_first_taken():
    g = position(4, ["", "", "", ""])
    roll(g, "bbbbyyy")
    g.apply((STOP,))
    g.apply((TAKE, P("Y3")))
    g.apply((TAKE, P("B4")))
    assert g.roads[0][0] == P("Y3") and g.rear_field(0) == 1 and g.fronts[0] == 7


# ------------------------------------------------------------------------------ a turn


def test_DX_5_give_back_rear_pieces_front_stays_one_die_fewer_each():
    g = position(4, ["W2 Y3 O4 R5", "", "", ""], fronts=[20, 0, 0, 0])
    assert g.legal_moves() == [(ROLL, 0), (ROLL, 1), (ROLL, 2), (ROLL, 3)]
    roll(g, "wwwwy", give=2)
    assert len(g.dice) == 5 and g.given == 2
    assert g.roads[0] == [P("O4"), P("R5")] and g.fronts[0] == 20 and g.rear_field(0) == 12
    assert in_display(g, "W2") and in_display(g, "Y3")
    # the pieces given back may be taken again this very turn, at the front
    g.apply((STOP,))
    assert g.colour == W and (TAKE, P("W4")) in g.legal_moves()
    g.apply((TAKE, P("W4")))
    assert g.roads[0] == [P("O4"), P("R5"), P("W4")] and g.fronts[0] == 24


def test_DX_5_at_least_one_piece_stays():
    g = position(4, ["W2 Y3", "", "", ""])
    feed(g, "wwwwwww")
    rejected(g, (ROLL, 2), "DX-5", "keep_one")
    rejected(g, (ROLL, -1), "MOVE")
    g2 = position(4, ["", "", "", ""])
    rejected(g2, (ROLL, 1), "DX-5", "keep_one")
    assert g2.legal_moves() == [(ROLL, 0)]


def test_DX_6_roll_then_set_aside_and_reroll_twice_at_most():
    g = position(4, ["", "", "", ""])
    roll(g, "wyorgbw")
    assert g.pending == (0, REROLL) and g.roll_no == 1
    feed(g, "rrrrr")
    g.apply((KEEP, (W, W)))
    assert g.dice == dice("wrrrrrw") and g.aside == [1, 0, 0, 0, 0, 0, 1] and g.roll_no == 2
    feed(g, "rr")
    g.apply((KEEP, (R, R, R, R, R)))
    # after the third roll the taking starts at once
    assert g.roll_no == 3 and g.pending == (0, TAKE_KIND) and g.colour == R
    assert g.counts()[R] == 7
    assert (TAKE, P("R6")) in g.legal_moves()  # no piece of length 7: any shorter one


def test_DX_6_third_roll_may_reroll_a_die_set_aside_after_the_first():
    g = position(4, ["", "", "", ""])
    roll(g, "rrgybbw")
    feed(g, "oooo")
    g.apply((KEEP, (R, R, B)))  # set aside R R B after the first roll
    assert g.dice == dice("rroobo" "o") and g.aside == [1, 1, 0, 0, 1, 0, 0]
    feed(g, "gggg")
    g.apply((KEEP, (O, O, O)))  # the third roll re-rolls both reds and the blue set aside
    assert g.dice == dice("ggoogog") and g.roll_no == 3


def test_DX_6_stop_after_any_roll_and_keep_rules():
    g = position(4, ["", "", "", ""])
    roll(g, "rrgybbw")
    rejected(g, (KEEP, (R, R, G, Y, B, B, W)), "DX-6", "keep_all")
    rejected(g, (KEEP, (O,)), "DX-6", "not_rolled")
    rejected(g, (KEEP, (R, R, R)), "DX-6", "not_rolled")
    rejected(g, (TAKE, P("R2")), "DX-6", "keep_or_stop")
    rejected(g, (KEEP, (9,)), "MOVE")
    moves = g.legal_moves()
    assert moves[0] == (STOP,) and len(moves) == 3 * 2 * 2 * 3 * 2 - 1 + 1
    assert len(set(moves)) == len(moves)
    g.apply((STOP,))
    assert g.roll_no == 1 and g.pending[1] == TAKE_KIND and g.colour == R
    g2 = position(4, ["", "", "", ""])
    rejected(g2, (STOP,), "DX-6", "roll_first")


def test_DX_7_exact_length_or_a_shorter_one_when_the_exact_is_gone():
    g = position(4, ["", "", "", "R4"], turn=0)
    roll(g, "rrrrgby")
    g.apply((STOP,))
    # R4 is in a road of one piece (no steal): the shorter R2 and R3 are offered
    assert g.legal_moves() == [(TAKE, P("R2")), (TAKE, P("R3")), (PASS,)]
    g.apply((TAKE, P("R3")))
    assert g.roads[0] == [P("R3")] and g.fronts[0] == 3


def test_DX_7_the_exact_length_must_be_taken_when_it_is_there():
    g = position(4, ["", "", "", ""])
    roll(g, "rrrgbyw")
    g.apply((STOP,))
    assert g.legal_moves() == [(TAKE, P("R3")), (PASS,)]
    rejected(g, (TAKE, P("R2")), "DX-7", "exact_first")
    rejected(g, (TAKE, P("R4")), "DX-7", "too_long")


def test_DX_7_two_colours_in_one_turn_and_passing():
    g = position(4, ["", "", "", ""])
    roll(g, "wwooobb")
    g.apply((STOP,))
    assert g.colour == W
    g.apply((TAKE, P("W2")))
    assert g.colour == O
    g.apply((PASS,))
    assert g.colour == B
    g.apply((TAKE, P("B2")))
    assert g.roads[0] == [P("W2"), P("B2")] and g.fronts[0] == 4 and in_display(g, "O3")
    assert g.pending == (1, BEFORE) and g.last_end == (0, D.END_GAINED, -1, 0)


def test_DX_7_steal_a_rear_piece_no_longer_than_the_count():
    g = position(4, ["", "G3 W6", "G2 Y5", "G5 O2"], turn=0)
    roll(g, "gggrybw")
    g.apply((STOP,))
    assert g.colour == G
    # seat 1: G3 <= 3 dice; seat 2: G2; seat 3: G5 is too long. The display has neither G3
    # nor a shorter green (G2 is in seat 2's road)
    assert g.legal_moves() == [(STEAL, 1), (STEAL, 2), (PASS,)]
    assert E.name(g.steal_check(0, 3, G, 3)) == "steal_too_long"
    assert E.name(g.steal_check(0, 0, G, 3)) == "self"
    assert E.name(g.steal_check(0, 1, W, 3)) == "steal_wrong_colour"
    rejected(g, (STEAL, 3), "DX-7", "steal_too_long")
    rejected(g, (STEAL, 9), "DX-7", "no_seat")
    g.apply((STEAL, 2))
    assert g.roads[0] == [P("G2")] and g.roads[2] == [P("Y5")] and g.fronts[0] == 2


def test_DX_7_never_from_a_one_piece_road_and_one_piece_per_opponent_per_turn():
    g = position(4, ["", "R2 B4", "R3", ""], fronts=[0, 12, 9, 0])
    # seat 1's rear R2 and, once it is gone, its B4: only one may be stolen this turn
    roll(g, "rrrbbbb")
    g.apply((STOP,))
    assert g.colour == R
    assert E.name(g.steal_check(0, 2, R, 3)) == "one_piece"
    assert (STEAL, 2) not in g.legal_moves()
    g.apply((STEAL, 1))
    assert g.roads[1] == [P("B4")] and g.colour == B
    # seat 1 now holds one piece; and was stolen from this turn already
    assert E.name(g.steal_check(0, 1, B, 4)) == "one_piece"
    g.roads[1].insert(0, P("B2"))  # even with two pieces, one steal per opponent per turn
    assert E.name(g.steal_check(0, 1, B, 4)) == "stolen_this_turn"
    g.roads[1].pop(0)
    assert g.legal_moves() == [(TAKE, P("B2")), (TAKE, P("B3")), (PASS,)]  # B4 is in a road


def test_DX_8_a_player_stolen_from_moves_back_by_the_length():
    g = position(4, ["Y2", "G3 W6 B5", "", ""], fronts=[2, 25, 0, 0])
    roll(g, "gggyrbw")
    g.apply((STOP,))
    g.apply((STEAL, 1))
    assert g.fronts[1] == 22 and g.roads[1] == [P("W6"), P("B5")] and g.rear_field(1) == 12
    assert g.roads[0] == [P("Y2"), P("G3")] and g.fronts[0] == 5


def test_DX_9_no_piece_gives_the_front_piece_back():
    g = position(4, ["Y2 W3", "", "", ""], fronts=[10, 0, 0, 0])
    g.fronts[1] = 1  # someone is lower: seat 0 is not last
    roll(g, "wwyyorg")  # white and yellow are in the road: nothing to take
    g.apply((STOP,))
    assert g.roads[0] == [P("Y2")] and g.fronts[0] == 7 and in_display(g, "W3")
    assert g.last_end == (0, D.END_GAVE_FRONT, P("W3"), 3)
    assert g.pending == (1, BEFORE)


def test_DX_9_passing_everything_counts_as_no_piece():
    g = position(4, ["Y2 W3", "", "", ""], fronts=[10, 1, 0, 0])
    g.fronts[2] = 4
    g.fronts[3] = 4
    roll(g, "rrrorgb")
    g.apply((STOP,))
    g.apply((PASS,))
    assert g.fronts[0] == 7 and g.last_end[1] == D.END_GAVE_FRONT


def test_DX_9_a_one_piece_road_moves_back_but_not_before_field_1():
    g = position(4, ["B4", "", "", ""], fronts=[6, 1, 1, 1])
    roll(g, "bbwyorg")
    g.apply((STOP,))
    assert g.roads[0] == [P("B4")] and g.fronts[0] == 4 and g.rear_field(0) == 1
    assert g.last_end == (0, D.END_MOVED_BACK, P("B4"), 2)
    g2 = position(4, ["B4", "", "", ""], fronts=[11, 1, 1, 1])
    roll(g2, "bbwyorg")
    g2.apply((STOP,))
    assert g2.fronts[0] == 7 and g2.last_end == (0, D.END_MOVED_BACK, P("B4"), 4)


def test_DX_9_an_empty_road_loses_nothing():
    g = position(4, ["", "R2", "", ""])
    roll(g, "wyorgbw")  # seven dice always show a colour twice: pass it up
    g.apply((STOP,))
    g.apply((PASS,))
    assert g.fronts[0] == 0 and g.last_end == (0, D.END_NOTHING, -1, 0)


def test_DX_10_last_place_gives_nothing_back():
    g = position(4, ["Y2 W3", "R4", "G5", "B6"], fronts=[5, 7, 8, 9])
    roll(g, "wwyyorg")
    g.apply((STOP,))
    assert g.roads[0] == [P("Y2"), P("W3")] and g.fronts[0] == 5
    assert g.last_end == (0, D.END_SPARED, -1, 0)


def test_DX_10_a_steal_from_the_player_in_last_place_does_not_move_them_back():
    g = position(4, ["", "G3 W6", "Y3 B4", "R6"], fronts=[12, 9, 20, 20])
    g.turn = 2
    roll(g, "ggggyrb")
    g.apply((STOP,))
    assert g.last == 1 << 1  # seat 1 is last (front 9)
    g.apply((STEAL, 1))
    assert g.fronts[1] == 9 and g.roads[1] == [P("W6")] and g.rear_field(1) == 4
    # the same steal from a player not in last place moves them back
    g2 = position(4, ["", "G3 W6", "Y3 B4", "R6"], fronts=[8, 9, 20, 20])
    g2.turn = 2
    roll(g2, "ggggyrb")
    g2.apply((STOP,))
    g2.apply((STEAL, 1))
    assert g2.fronts[1] == 6


def test_DX_10_all_tied_for_last_are_spared():
    g = position(4, ["Y2 W3", "R5", "G5", "B6"], fronts=[5, 5, 9, 9])
    assert g.lasts() == 0b0011
    roll(g, "wwyyorg")
    g.apply((STOP,))
    assert g.fronts[0] == 5 and g.last_end[1] == D.END_SPARED


def test_DX_11_reaching_30_wins_at_once_and_the_rest_rank_by_front():
    g = position(4, ["W2 Y3 O4 R5 G6", "B6", "R2", ""], fronts=[27, 12, 12, 0])
    roll(g, "bbbbbbw")
    g.apply((STOP,))
    assert g.colour == B
    g.apply((TAKE, P("B5")))  # B6 is in a road: the shorter B5
    assert g.over and g.pending is None and g.winners == [0] and g.fronts[0] == 32
    assert g.ranking() == [1, 2, 2, 4]
    assert g.legal_moves() == []
    rejected(g, (ROLL, 0), "DX-11", "game_over")


def test_DX_11_win_ends_the_turn_before_the_other_colours():
    g = position(4, ["W2 Y3 O4 R5 G6", "", "", ""], fronts=[28, 0, 0, 0])
    roll(g, "bbbbbbb")
    g.apply((STOP,))
    g.apply((TAKE, P("B6")))
    assert g.over and g.winners == [0]


# ------------------------------------------------------------------------------ protocol


def test_MOVE_bad_moves_leave_the_state_unchanged():
    g = position(4, ["", "", "", ""])
    rejected(g, (), "MOVE")
    rejected(g, "roll", "MOVE")
    rejected(g, (KEEP, ()), "DX-6")
    roll(g, "rrgybbw")
    rejected(g, (KEEP, 5), "MOVE")
    g.apply((STOP,))
    rejected(g, (TAKE, "R2"), "DX-7")
    rejected(g, (TAKE, P("R6")), "DX-7", "not_in_display" if not in_display(g, "R6") else "too_long")
    rejected(g, (ROLL, 0), "DX-7")


def test_view_is_a_copy_without_the_source():
    g = position(4, ["R2 B4", "", "", ""])
    v = g.view(2)
    assert v.seat == 2 and v.source is None and v.pending == g.pending
    assert g.legal_moves() == v.legal_moves()
    v.roads[0].append(P("G6"))
    v.display[0] = 0
    v.fronts[0] = 99
    assert g.roads[0] == [P("R2"), P("B4")] and g.display[0] == FULL and g.fronts[0] == 6
    with pytest.raises(RuleError):
        v.apply((ROLL, 0))


def test_RECORD_move_notation_round_trips():
    g = position(4, ["R2 B4", "G3 W6", "", ""], fronts=[6, 9, 3, 0])
    assert g.move_text((ROLL, 0)) == "roll" and g.move_text((ROLL, 1)) == "give 1 roll"
    for m in g.legal_moves():
        assert parse_move(g.move_text(m)) == m
    roll(g, "ggwwrrr")
    assert g.move_text((KEEP, (W, W, R))) == "keep wwr" and g.move_text((KEEP, ())) == "keep"
    for m in g.legal_moves():
        assert parse_move(g.move_text(m)) == m
    g.apply((STOP,))
    for m in g.legal_moves():
        assert parse_move(g.move_text(m)) == m
    assert g.move_text((STEAL, 1)) == "steal p2"
    assert g.describe((STEAL, 1), ["ANA", "BOB", "CY", "DI"]) == "ANA steals G3 of BOB"
    assert parse_move("keep RWW") == (KEEP, (W, W, R))
    for bad in ("", "jump", "keep xyz", "take R7", "steal 2", "give x roll"):
        with pytest.raises(RuleError) as e:
            parse_move(bad)
        assert E.rule(e.value) == "RECORD"


def test_SAVE_round_trip_and_corrupt_payloads():
    g = D.new_game(3, {}, Rng(11))
    normal = registry.player(D, "normal", Rng(3))
    while g.turns < 9 or g.stage != REROLL:
        g.apply(normal.choose(g.view(g.turn)))
    assert g.roads[0] and g.roads[1]
    blob = encode(g)
    assert len(blob) < 64
    h = decode(blob, g.source)
    assert encode(h) == blob and h.legal_moves() == g.legal_moves()
    for i in range(len(blob)):
        bad = bytearray(blob)
        bad[i] ^= 0x41
        try:
            x = decode(bytes(bad))
        except RuleError as e:
            assert E.rule(e) == "SAVE"
            continue
        assert encode(x) == bytes(bad)  # accepted only if still a consistent position
    for cut in range(len(blob)):
        with pytest.raises(RuleError):
            decode(blob[:cut])


# ------------------------------------------------------------------------------ the odds


def _brute(rolls, chased, mine):
    """Numerator over 6**rolls that one die ends on the colour, by walking every sequence of
    faces: faces 0..chased-1 are the chased colours (face 0 is this one when ``mine``, else this
    colour is face ``chased``); a die on a chased face is kept, any other is rolled again."""
    target = 0 if mine else chased
    hits = 0
    for seq in range(6 ** rolls):
        x = seq
        for _ in range(rolls):
            face = x % 6
            x //= 6
            if face < chased:
                break
        hits += face == target
    return hits


def test_odds_die_odds_match_brute_force():
    for rolls in (1, 2, 3):
        for chased in range(0, 4):
            if chased:
                assert dx_odds.die_odds(rolls, chased, True) == _brute(rolls, chased, True)
            assert dx_odds.die_odds(rolls, chased, False) == _brute(rolls, chased, False)
    assert dx_odds.die_odds(3, 1, True) == 91 and dx_odds.die_odds(2, 1, True) == 11


def test_odds_counts_are_exact_integers_over_6_to_the_n():
    for free in range(8):
        for rolls in (1, 2, 3):
            a = dx_odds.die_odds(rolls, 1, True)
            n = dx_odds.counts(2, free, rolls, a)
            assert len(n) == free + 3 and n[0] == n[1] == 0
            assert sum(n) == 6 ** (rolls * free)
    # one roll of seven dice: exactly 3 of a colour
    n = dx_odds.counts(0, 7, 1, 1)
    assert n[3] == 35 * 5 ** 4 and sum(n) == 6 ** 7
    assert sum(n[2:]) == 6 ** 7 - 5 ** 7 - 7 * 5 ** 6  # two or more of a colour
    s = dx_odds.scaled(7, 2, 11)
    assert sum(s) <= dx_odds.SCALE and sum(s) > dx_odds.SCALE - 8


def test_DX_6_move_at_lists_the_same_moves_without_building_them():
    g = position(4, ["R2 B4 G3", "", "", ""])
    assert [g.move_at(i) for i in range(g.move_count())] == g.legal_moves()
    for text in ("rrgybbw", "rrrrrrr", "wyorgbb", "ggg"):
        h = position(4, ["R2 B4 G3 W2 Y2", "", "", ""])
        roll(h, text, give=7 - len(text))
        moves = h.legal_moves()
        assert h.move_count() == len(moves)
        assert [h.move_at(i) for i in range(h.move_count())] == moves
        h.apply((STOP,))
        if h.pending[0] == 0:
            assert [h.move_at(i) for i in range(h.move_count())] == h.legal_moves()


def test_SAVE_the_codec_envelope_carries_the_game_by_its_registry_number():
    from shared_rules import save as codec
    g = D.new_game(6, {}, Rng(21))
    hard = registry.player(D, "hard", Rng(2))
    while g.turns < 30:
        g.apply(hard.choose(g.view(g.turn)))
    blob = codec.encode(g, 3)
    assert len(blob) < 100  # six roads mid-game
    gid, h = codec.decode(blob)
    assert gid == 3 and encode(h) == encode(g) and h.source.state == g.source.state
    for cut in range(len(blob)):
        with pytest.raises(RuleError):
            codec.decode(blob[:cut])
