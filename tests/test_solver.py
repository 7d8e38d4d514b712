"""The phase solver (shared_rules/solver.py) against a brute-force reference (P10C-3, P10C-4,
P10C-5, P10B phases).

The reference puts every natural card of the hand, one by one, into a group or leaves it out,
keeping only assignments that can still become a valid group (a set holds one number, a colour
group one colour, a run distinct numbers spanning at most its size), and scores every complete
assignment by the definition: missing = max(sum(size - n) - wilds, groups without a natural, 0).
Among assignments with the least missing it reports the most naturals used (the solver prefers
naturals over wilds). It memoises on (card index, group states) and is slow but plain.
"""

from shared_rules import solver
from shared_rules.cards import WILD, SKIP, new_deck, parse_list
from shared_rules.groups import check_group, is_wild
from shared_rules.phases import SET, RUN, COLOUR, CARD_PHASES, BOARD_PHASES
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
