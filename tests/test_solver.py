"""The phase solver (shared_rules/solver/__init__.py) against a brute-force reference (P10C-3, P10C-4,
P10C-5, P10B phases).

The reference puts every natural card of the hand, one by one, into a group or leaves it out,
keeping only assignments that can still become a valid group (a set holds one number, a colour
group one colour, a run distinct numbers spanning at most its size), and scores every complete
assignment by the definition: missing = max(sum(size - n) - wilds, groups without a natural, 0).
Among assignments with the least missing it reports the most naturals used (the solver prefers
naturals over wilds). It memoises on (card index, group states) and is slow but plain.
"""

from shared_rules import solver
from shared_rules.cards import WILD, SKIP, new_deck
from shared_rules.phase10.desktop import parse_cards as parse_list
from shared_rules.groups import check_group, is_wild
from shared_rules.phases import SET, RUN, COLOUR
from shared_rules.phase10.phases import CARD_PHASES
from shared_rules.phase10board.phases import BOARD_PHASES
from shared_rules.rng import Rng

import pytest

ALL_PHASES = [("card", i + 1, p) for i, p in enumerate(CARD_PHASES)] + [
    ("board", i + 1, p) for i, p in enumerate(BOARD_PHASES)
]
PHASE_IDS = [t + str(n) for t, n, _ in ALL_PHASES]


# ---------------------------------------------------------------------------------------------
# the reference


def fits(kind, size, naturals, c):
    """Can natural card ``c`` join a group of ``kind`` that already holds ``naturals``?"""
    if len(naturals) >= size:
        return False
    if not naturals:
        return True
    if kind == SET:
        return c & 15 == naturals[0] & 15
    if kind == COLOUR:
        return c >> 4 == naturals[0] >> 4
    numbers = [x & 15 for x in naturals]
    if c & 15 in numbers:
        return False
    numbers.append(c & 15)
    return max(numbers) - min(numbers) + 1 <= size


def trace(kind, c):
    """What a group of ``kind`` needs to remember of a card it holds: its number, its colour,
    or (runs) its number."""
    if kind == COLOUR:
        return c & 0x30 | 1  # the colour (number 1 stands for any number)
    return c & 15  # the number (colour red stands for any colour)


def reference(hand, phase):
    """(missing, naturals used by the best plan) by trying every card in every group."""
    naturals = sorted([c for c in hand if c < 0x40])
    wilds = len([c for c in hand if is_wild(c)])
    total = sum([size for _, size in phase])
    memo = {}

    def best(i, groups):
        # groups: per phase group, the traces of the naturals placed so far
        if i == len(naturals):
            used = sum([len(g) for g in groups])
            empty = len([g for g in groups if not g])
            return (max(total - used - wilds, empty, 0), -used)
        key = (i, groups)
        if key in memo:
            return memo[key]
        c = naturals[i]
        result = best(i + 1, groups)  # card left out
        for g, (kind, size) in enumerate(phase):
            if fits(kind, size, groups[g], c):
                placed = groups[:g] + (groups[g] + (trace(kind, c),),) + groups[g + 1:]
                result = min(result, best(i + 1, placed))
        memo[key] = result
        return result

    missing, minus_used = best(0, tuple([() for _ in phase]))
    return missing, -minus_used


# ---------------------------------------------------------------------------------------------
# checks of a solver answer


def is_sub_multiset(part, whole):
    rest = list(whole)
    for c in part:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def check_answer(hand, phase, answer, expected=None):
    """The answer is a real plan of the phase for the hand, scoring its own ``missing``."""
    missing, groups = answer
    assert missing == solver.missing(hand, phase)
    assert len(groups) == len(phase)
    laid = [c for g in groups for c in g]
    assert is_sub_multiset(laid, hand), (hand, groups)
    assert SKIP not in laid
    wilds = len([c for c in hand if is_wild(c)])
    used = 0
    empty = 0
    for (kind, size), g in zip(phase, groups):
        nat = [c for c in g if not is_wild(c)]
        assert len(g) <= size
        for i, c in enumerate(nat):
            assert fits(kind, size, nat[:i], c), (kind, size, g)
        used += len(nat)
        if not nat:
            empty += 1
        if missing == 0:
            assert len(g) == size
            check_group(kind, size, g)  # raises RuleError if not a valid group
    total = sum([size for _, size in phase])
    assert missing == max(total - used - wilds, empty, 0), (hand, phase, groups)
    if expected is not None:
        assert (missing, used) == expected, (hand, phase, groups)


# ---------------------------------------------------------------------------------------------
# hands


def board_deck():
    """The board game's 96 number cards (P10B-1)."""
    return bytearray([c for c in new_deck() if c < 0x40])


def random_hand(rng, board, size):
    """A hand dealt from a shuffled deck; on the board some cards are jokers (0x80)."""
    deck = board_deck() if board else new_deck()
    rng.shuffle(deck)
    hand = list(deck[:size])
    if board:
        for i in range(len(hand)):
            if rng.below(6) == 0:
                hand[i] |= 0x80
    return hand


def close_hand(rng, board, size):
    """A hand from a few neighbouring numbers and few colours, so that phases are often complete
    and groups compete for the same cards; sometimes with extra wilds, jokers and skips."""
    lo = 1 + rng.below(12)
    span = 2 + rng.below(6)
    colours = 1 + rng.below(4)
    first = rng.below(4)
    pool = []
    for c in (new_deck() if not board else board_deck()):
        if c < 0x40 and lo <= (c & 15) < lo + span and (((c >> 4) - first) % 4) < colours:
            pool.append(c)
    for _ in range(rng.below(4)):
        pool.append(WILD if not board else (0x80 | (16 * rng.below(4) + 1 + rng.below(12))))
    if not board:
        for _ in range(rng.below(2)):
            pool.append(SKIP)
    rng.shuffle(pool)
    return pool[:size]


def wild_hand(rng, board, size):
    """Mostly wilds (and skips) with a few naturals: groups fight over the few naturals."""
    deck = board_deck() if board else new_deck()
    rng.shuffle(deck)
    naturals = [c for c in deck if c < 0x40][:rng.below(4)]
    if rng.below(2):  # twins: the same number twice, or the same card twice
        naturals = naturals[:1] * 2 + naturals[1:]
    hand = naturals[:size]
    while len(hand) < size:
        r = rng.below(5)
        if board:
            hand.append(0x80 | (16 * rng.below(4) + 1 + rng.below(12)))
        else:
            hand.append(SKIP if r == 0 else WILD)
    rng.shuffle(hand)
    return hand


def hands(seed, board, count, biggest=12):
    """``count`` hands of 0..biggest cards, mostly of 8 or more, from the three makers."""
    rng = Rng(seed)
    out = []
    for n in range(count):
        size = n % (biggest + 1) if n % 4 == 0 else biggest - rng.below(5)
        maker = (random_hand, close_hand, close_hand, wild_hand)[n % 4 if n % 3 else rng.below(4)]
        out.append(maker(rng, board, size))
    return out


# ---------------------------------------------------------------------------------------------
# exactness against the reference


@pytest.mark.parametrize("table,number,phase", ALL_PHASES, ids=PHASE_IDS)
def test_P10C_3_P10C_4_P10C_5_solver_matches_reference(table, number, phase):
    """missing, the naturals used and a valid (partial) plan, on 400 seeded hands per phase."""
    board = table == "board"
    for hand in hands(1000 * number + (500 if board else 0), board, 400):
        expected = reference(hand, phase)
        check_answer(hand, phase, solver.solve(hand, phase), expected)


@pytest.mark.parametrize("phase", [CARD_PHASES[0], CARD_PHASES[1], CARD_PHASES[7], BOARD_PHASES[0],
                                   BOARD_PHASES[1], BOARD_PHASES[3], BOARD_PHASES[4]],
                         ids=["card1", "card2", "card8", "board1", "board2", "board4", "board5"])
def test_P10C_4_big_hands_match_reference(phase):
    """Hands of 13..20 cards (the board game's DRAW actions make big hands)."""
    for hand in hands(77, phase is BOARD_PHASES[1] or phase is BOARD_PHASES[3], 40, biggest=20):
        check_answer(hand, phase, solver.solve(hand, phase), reference(hand, phase))


# ---------------------------------------------------------------------------------------------
# hand-written cases


def solved(text, phase):
    hand = parse_list(text)
    answer = solver.solve(hand, phase)
    check_answer(hand, phase, answer, reference(hand, phase))
    return answer


RUN4 = ((RUN, 4),)
RUN3 = ((RUN, 3),)


def test_P10C_3_runs_do_not_wrap_from_12_to_1():
    assert solved("R11 R12 B1 B2", RUN4)[0] == 2
    missing, groups = solved("R11 R12 B1 W W", RUN4)
    assert missing == 0
    assert check_group(RUN, 4, groups[0]) in ((1, 4), (9, 12))
    assert solved("R10 R11 R12 B1 B2 B3", ((RUN, 6),))[0] == 3


def test_P10C_3_set_holds_one_number_and_two_sets_may_share_it():
    missing, groups = solved("R7 R7 B7 B7 G7 G7", CARD_PHASES[0])
    assert missing == 0
    assert sorted(groups[0] + groups[1]) == sorted(parse_list("R7 R7 B7 B7 G7 G7"))
    assert solved("R7 B7 G7 R8 B8", CARD_PHASES[0])[0] == 1
    assert solved("R1 R2 R3 R4 R5 R6", CARD_PHASES[0])[0] == 4


def test_P10C_3_colour_group_holds_one_colour():
    missing, groups = solved("R1 R3 R5 R7 R9 R11 R12 B2 B4", CARD_PHASES[7])
    assert missing == 0 and groups == [list(parse_list("R1 R3 R5 R7 R9 R11 R12"))]
    assert solved("R1 R3 R5 B7 B9 G11 Y12", CARD_PHASES[7])[0] == 4


def test_P10C_4_wilds_stand_for_their_positions_in_a_run():
    assert solved("R3 W W", RUN3) == (0, [list(parse_list("W W R3"))])  # 1-2-3, the first window
    missing, groups = solved("B12 W W", RUN3)
    assert missing == 0 and groups == [list(parse_list("W W B12"))]
    assert check_group(RUN, 3, groups[0]) == (10, 12)
    missing, groups = solved("R1 R2 R4 R6 R7 R9 B3 B3 W W", CARD_PHASES[4])
    assert missing == 0 and check_group(RUN, 8, groups[0]) == (1, 8)
    assert groups[0] == list(parse_list("R1 R2 B3 R4 W R6 R7 W"))


def test_P10C_4_every_group_needs_a_natural_card():
    assert solved("W W W W W W", CARD_PHASES[0]) == (2, [list(parse_list("W W W")), list(parse_list("W W W"))])
    # two naturals, four wilds: the naturals go to different sets
    missing, groups = solved("W W W W R5 B5", CARD_PHASES[0])
    assert missing == 0 and sorted([g[0] for g in groups]) == sorted(parse_list("R5 B5"))
    # one natural cannot serve both groups, however many wilds
    assert solved("R5 W W W W W W W", BOARD_PHASES[3])[0] == 1  # 2 runs of 4
    assert solved("R5 W W W W W W W", CARD_PHASES[1])[0] == 1  # set of 3 + run of 4
    assert solved("R5 W W W W W W W", BOARD_PHASES[0])[0] == 1  # colour 5 + run of 3
    assert solved("R5 W W W W W W W", BOARD_PHASES[4])[0] == 1  # colour 6 + set of 3
    assert solved("R5 R5 W W W W W W", BOARD_PHASES[3])[0] == 0  # two copies: one per run
    assert solved("R5 R5 W W W W W W", BOARD_PHASES[1])[0] == 2  # 4 sets of 2, two naturals


def test_P10C_4_prefers_naturals_over_wilds():
    missing, groups = solved("R7 B7 G7 Y7 W W R2 B2 G2", CARD_PHASES[0])
    assert missing == 0
    assert [c for g in groups for c in g if c == WILD] == []
    missing, groups = solved("R4 R5 R6 W B7", ((RUN, 4),))
    assert groups == [list(parse_list("R4 R5 R6 B7"))]


def test_P10C_4_number_shared_by_set_and_run():
    # the run needs the 5, the set needs three 5s: two 5s and a wild make both
    missing, groups = solved("R3 R4 R5 B5 G5 R6 W", CARD_PHASES[1])
    assert missing == 0
    # the only 5 cannot be in both: R5 W + R3 R4 W R6, or R3 R4 R5 R6 and no set
    assert solved("R3 R4 R5 R6 W W", CARD_PHASES[1])[0] == 1


def test_P10C_4_colour_card_shared_by_colour_group_and_run():
    # board phase 1: 5 of one colour + run of 3. R4 is both red and in the only run 3-4-5
    assert solved("R1 R7 R9 R11 R4 B3 G5", BOARD_PHASES[0])[0] == 1
    assert solved("R1 R7 R9 R11 R4 B3 G5 Y4", BOARD_PHASES[0])[0] == 0


def test_P10C_5_skips_never_count():
    assert solved("S S S S", CARD_PHASES[0])[0] == 6
    missing, groups = solved("S S S W W W R8", CARD_PHASES[0])
    assert missing == 2 and SKIP not in [c for g in groups for c in g]
    missing, groups = solved("S R1 R2 R3 S R4 R5 R6 R7 S", CARD_PHASES[3])
    assert missing == 0 and SKIP not in groups[0]


def test_P10B_1_jokers_are_wild():
    joker = 0x80 | 0x25  # a green 5 held reversed
    hand = [0x07, 0x17, 0x27, 0x02, 0x03, joker, 0x80 | 0x03]
    missing, groups = solver.solve(hand, BOARD_PHASES[2])  # set of 3 + run of 4
    check_answer(hand, BOARD_PHASES[2], (missing, groups), reference(hand, BOARD_PHASES[2]))
    assert missing == 0
    assert sorted(groups[1]) == sorted([0x02, 0x03, joker, 0x83])
    # a joker never counts as its printed card: it is no natural
    assert solver.missing([0x85, 0x85, 0x85], ((SET, 3),)) == 1


def test_P10C_3_solver_input_forms_and_order_do_not_matter():
    rng = Rng(5)
    for hand in hands(3, False, 60):
        phase = CARD_PHASES[rng.below(10)]
        before = list(hand)
        answer = solver.solve(hand, phase)
        assert hand == before  # the hand is not changed
        assert solver.solve(bytearray(hand), phase) == answer
        assert solver.solve(hand, [list(g) for g in phase]) == answer
        shuffled = list(hand)
        rng.shuffle(shuffled)
        assert solver.solve(shuffled, phase) == answer


def test_P10C_3_solver_refuses_phases_it_does_not_know():
    from shared_rules import RuleError

    with pytest.raises(RuleError):
        solver.solve([1, 2, 3], ((RUN, 3), (RUN, 3), (RUN, 3)))
    with pytest.raises(RuleError):
        solver.missing([1, 2, 3], ((RUN, 13),))


# ---------------------------------------------------------------------------------------------
# the cache


@pytest.fixture
def cache_limit():
    """Restore CACHE_MAX and empty the cache after the test."""
    saved = solver.CACHE_MAX
    solver.clear_cache()
    yield
    solver.CACHE_MAX = saved
    solver.clear_cache()


@pytest.mark.parametrize("table,number,phase", ALL_PHASES, ids=PHASE_IDS)
def test_P10C_3_cache_gives_the_same_answers(table, number, phase, cache_limit):
    board = table == "board"
    some = hands(number + (40 if board else 0), board, 150)
    solver.CACHE_MAX = 0
    fresh = [solver.solve(h, phase) for h in some]
    assert solver.cache_size() == 0
    solver.CACHE_MAX = 20000
    for _ in range(2):  # filling, then hitting
        assert [solver.solve(h, phase) for h in some] == fresh
        assert [solver.missing(h, phase) for h in some] == [a[0] for a in fresh]


SAME_SHAPES = [
    (CARD_PHASES[0], "R3 B3 G3 R9 B9 Y9 W R1", "R5 B5 G5 R2 B2 G2 W B11"),
    (CARD_PHASES[7], "R1 R2 R3 R4 R5 R6 W", "G7 G8 G9 G10 G11 G12 W"),
    (CARD_PHASES[3], "R3 R4 R5 R6 R8 R9 W B1", "B3 G4 Y5 R6 G8 Y9 W Y1"),
    (BOARD_PHASES[3], "R3 R4 R5 R6 B5 B6 B7 W", "G3 G4 G5 G6 Y5 R6 Y7 W"),
    (CARD_PHASES[1], "R3 R4 R5 B5 G5 R6 W", "B3 B4 B5 G5 Y5 Y6 W"),
    # colour counts are capped at the phase's 8 cards: 9 and 10 reds look the same
    (BOARD_PHASES[0], "R1 R2 R7 R8 R9 R10 R11 R12 R4 B3 Y5", "R1 R2 R7 R8 R9 R10 R11 R12 R12 R4 B3 Y5"),
    # colour + set: numbers are interchangeable
    (BOARD_PHASES[4], "R1 R2 R3 R4 R5 R6 B9 G9 Y9 S", "R7 R8 R10 R11 R12 R1 B4 G4 Y4"),
]


@pytest.mark.parametrize("phase,first,second", SAME_SHAPES)
def test_P10C_3_cache_maps_a_shape_back_to_the_real_cards(phase, first, second, cache_limit):
    one = parse_list(first)
    two = parse_list(second)
    solver.CACHE_MAX = 0
    expected = solver.solve(two, phase)
    solver.CACHE_MAX = 100
    solver.solve(one, phase)
    assert solver.cache_size() == 1
    answer = solver.solve(two, phase)
    assert solver.cache_size() == 1  # a hit: the same shape
    assert answer == expected
    assert answer[0] == 0
    check_answer(two, phase, answer, reference(two, phase))


def test_P10C_3_cache_stays_within_its_limit(cache_limit):
    solver.CACHE_MAX = 7
    for i, hand in enumerate(hands(9, False, 200)):
        phase = CARD_PHASES[i % 10]
        answer = solver.solve(hand, phase)
        assert solver.cache_size() <= 7
        check_answer(hand, phase, answer, reference(hand, phase))


# ---------------------------------------------------------------------------------------------
# the same answers under MicroPython

PARITY_PROGRAM = """
from shared_rules import solver
from shared_rules.cards import new_deck
from shared_rules.phase10.phases import CARD_PHASES
from shared_rules.phase10board.phases import BOARD_PHASES
from shared_rules.rng import Rng

rng = Rng(11)
for cache in (0, 50):
    solver.CACHE_MAX = cache
    solver.clear_cache()
    for board, phases in ((0, CARD_PHASES), (1, BOARD_PHASES)):
        for phase in phases:
            for n in range(40):
                deck = new_deck()
                if board:
                    deck = bytearray([c for c in deck if c < 0x40])
                rng.shuffle(deck)
                hand = list(deck[:4 + n % 11])
                for i in range(len(hand)):
                    if board and rng.below(5) == 0:
                        hand[i] |= 0x80
                m, groups = solver.solve(hand, phase)
                print(m, solver.missing(hand, phase), groups)
solver.CACHE_MAX = 20000
solver.clear_cache()
"""


def test_P10C_3_solver_gives_the_same_answers_under_micropython(cache_limit):
    import contextlib
    import io

    from tests.micropython.host import run

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(PARITY_PROGRAM, {})
    expected = out.getvalue()
    assert len(expected.splitlines()) == 2 * 20 * 40
    assert run(PARITY_PROGRAM) == expected
