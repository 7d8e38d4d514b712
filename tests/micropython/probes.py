"""Probes of the rules-core foundations, run unchanged under CPython and MicroPython.

Each probe prints one line per case; ``tests/test_micropython.py`` runs a probe under both
interpreters and requires the printed text to be identical. Cases are generated from the rules
core's own seeded Rng, so both interpreters see the same inputs. This file keeps to the rules
core's subset of Python (see DESIGN.md): no dict or set iteration, no repr of non-ASCII text.
A probe prints ``CRASH`` when the rules core raises anything but RuleError.
"""

from shared_rules import cards, groups, phases
from shared_rules.desktop import phases as phase_words
from shared_rules.phase10 import phases as card_phases
from shared_rules.phase10board import phases as board_phases
from shared_rules import RuleError
from shared_rules.desktop import errors as E
from shared_rules.rng import Rng
from shared_rules.phase10.desktop import parse_card, parse_cards

SEEDS = (0, 1, 2, 7, 42, 12345, 2**30 - 1, 2**30 + 5, 2**40 + 3, 987654321, -1)


def _ints(values):
    return " ".join([str(v) for v in values])


def _outcome(fn, *args):
    """The result of ``fn(*args)`` as text, or the RuleError in words, or CRASH and the exception
    type."""
    try:
        return str(fn(*args))
    except RuleError as e:
        return "RuleError " + E.text(e)  # the desktop's words, under MicroPython too
    except Exception as e:  # noqa: BLE001 - a crash is what the probe reports
        return "CRASH " + type(e).__name__


def rng():
    """RNG-1: the raw stream, bounded draws, dice and shuffles for several seeds."""
    for seed in SEEDS:
        r = Rng(seed)
        print("seed", seed, "state", r.state)
        print("next15", _ints([r.next15() for _ in range(64)]))
        for n in (0, 1, 2, 3, 6, 7, 10, 12, 100, 108, 1000, 32767, 32768):
            print("below", n, _ints([r.below(n) for _ in range(16)]))
        print("die6", _ints([r.die() for _ in range(24)]))
        print("die12", _ints([r.die(12) for _ in range(24)]))
        items = list(range(108))
        r.shuffle(items)
        print("shuffle list", _ints(items))
        deck = cards.new_deck()
        r.shuffle(deck)
        print("shuffle deck", cards.texts(deck))
        for size in (0, 1, 2, 5):
            small = bytearray(range(size))
            r.shuffle(small)
            print("shuffle", size, _ints(small))
        print("state", r.state)


# Inputs for parse_card: valid, lower case, padded, and malformed. ASCII only: non-ASCII input
# is the separate probe parse_non_ascii below.
WORDS = (
    "R1", "r7", " B12 ", "g10", "Y5", "W", "w", "S", "s", "R0", "R13", "Y99", "B012", "G-1", "G+1",
    "X5", "R", "", " ", "7", "RR", "R1a", "R 1", "WW", "SK", "Wild", "r12 ", "\tY3\n", "B1.0",
)

NON_ASCII_WORDS = ("R\u00b2", "r\u0661", "R\uff17", "\u00df", "B\u0663", "G\u2167", "\u0412")


def card_probe():
    """P10C-1, P10C-2, P10C-16: the deck, every card byte's fields, notation and parsing."""
    deck = cards.new_deck()
    print("deck", len(deck), cards.texts(deck))
    for c in range(0x60):
        print(c, c & 15, c >> 4, c < cards.WILD, cards.penalty(c))
    for c in deck:
        print("roundtrip", cards.text(c), _outcome(parse_card, cards.text(c)))
    for word in WORDS:
        print("parse", "<" + word + ">", _outcome(parse_card, word))
    for line in ("R1 B2 W S", "", "  y12   g1 ", "R1 X2", "W W W"):
        print("parse_list", "<" + line + ">", _outcome(lambda s: list(parse_cards(s)), line))


def parse_non_ascii():
    """P10C-2: non-ASCII look-alikes of digits and letters are not cards."""
    for word in NON_ASCII_WORDS:
        print("parse", "<" + word + ">", _outcome(parse_card, word))


JOKERS = (0x81, 0x97, 0xA5, 0xBC)
ALL_CARDS = tuple(range(1, 13)) + tuple(range(17, 29)) + tuple(range(33, 45)) + tuple(range(49, 61))
HIT_CARDS = ALL_CARDS + (cards.WILD, cards.SKIP, 0, 13, 0x2F) + JOKERS


def hit_probe():
    """P10C-9: hit_ends and extend for every laid group and every card."""
    cases = [(phases.SET, n, 0) for n in range(1, 13)] + [(phases.COLOUR, col, 0) for col in range(4)]
    for a in range(1, 13):
        for b in range(a, 13):
            cases.append((phases.RUN, a, b))
    for kind, a, b in cases:
        ends = [groups.hit_ends(kind, a, b, c) for c in HIT_CARDS]
        grown = [groups.extend(kind, a, b, end) for end in (groups.NONE, groups.LOW, groups.HIGH)]
        print("hit", kind, a, b, " ".join([_ints(e) or "-" for e in ends]), grown)


def _random_group(r):
    """A (kind, size, cards) case: half built to be nearly legal, half random."""
    kind = r.below(3)
    size = 2 + r.below(8)
    out = bytearray()
    if r.below(2):
        length = size - 1 + r.below(4)
        base = 1 + r.below(12)
        col = r.below(4)
        for i in range(length):
            roll = r.below(10)
            if roll == 0:
                out.append(cards.WILD)
            elif roll == 1:
                out.append(JOKERS[r.below(len(JOKERS))])
            elif kind == phases.SET:
                out.append(r.below(4) << 4 | base)
            elif kind == phases.COLOUR:
                out.append(col << 4 | (1 + r.below(12)))
            else:
                n = base + i
                out.append(r.below(4) << 4 | n if n <= 12 else cards.WILD)
        if length and r.below(8) == 0:
            out[r.below(length)] = HIT_CARDS[r.below(len(HIT_CARDS))]
    else:
        for _ in range(r.below(11)):
            out.append(HIT_CARDS[r.below(len(HIT_CARDS))])
    return kind, size, out


def group_probe(count=3000, seed=2024):
    """P10C-3, P10C-4, P10C-5, P10C-7: check_group on seeded cases, legal and not."""
    r = Rng(seed)
    for _ in range(count):
        kind, size, hand = _random_group(r)
        print("group", kind, size, _ints(hand), _outcome(groups.check_group, kind, size, hand))
    print("is_wild", _ints([c for c in range(256) if groups.is_wild(c)]))


def phase_probe():
    """P10C-3, P10C-19 and the board game's phases: tables, descriptions, phase lists."""
    for table in (card_phases.CARD_PHASES, board_phases.BOARD_PHASES):
        for phase in table:
            print("phase", phase, phase_words.describe(phase), "|", " / ".join([phase_words.describe_group(g) for g in phase]))
    for name in ("all", "5", "8", "odd", "even", "ALL", "", "9", None, 5):
        print("list", name, _outcome(card_phases.phase_list, name))


def _hand(r, deck, board):
    """8..22 cards off a shuffled deck; for a board phase, Wilds become jokers and Skips go."""
    r.shuffle(deck)
    hand = []
    for c in deck[: 8 + r.below(15)]:
        if board and c == cards.SKIP:
            continue
        hand.append(0x80 | ALL_CARDS[r.below(len(ALL_CARDS))] if board and c == cards.WILD else c)
    return hand


def solver_probe(count=400, seed=77):
    """P10C-3, P10C-4, P10C-5 and the board phases: solve() on seeded hands, cached and fresh."""
    from shared_rules import solver

    r = Rng(seed)
    deck = list(cards.new_deck())
    table = card_phases.CARD_PHASES + board_phases.BOARD_PHASES
    for i in range(count):
        index = r.below(len(table))
        hand = _hand(r, deck, index >= len(card_phases.CARD_PHASES))
        if i % 4 == 0:
            solver.clear_cache()
        missing, laid = solver.solve(hand, table[index])
        again = solver.missing(hand, table[index])
        print("solve", index, "/", _ints(hand), "/", missing, again, "/", " | ".join([_ints(g) for g in laid]))


def _hex(blob):
    return "".join(["%02x" % b for b in blob])


def save_probe():
    """SAVE: blobs of games at several points, decode/encode round trips, damaged blobs."""
    from shared_rules import save as codec
    from shared_rules.desktop.selfplay import SelfPlay

    for seed, players, edition, progression in ((3, 6, "classic", "standard"), (4, 3, "2020", "free")):
        sp = SelfPlay(seed, players, "greedy", edition, "all", progression, keep_record=False)
        steps = 0
        more = True
        while more:
            if steps % 97 == 0:
                blob = codec.encode(sp.state, 1)
                again = codec.encode(codec.decode(blob)[1], 1)
                print("save", seed, steps, len(blob), again == blob, _hex(blob))
                r = Rng(steps)
                for _ in range(3):
                    bad = bytearray(blob)
                    bad[r.below(len(bad))] ^= 1 + r.below(255)
                    print("flipped", _outcome(lambda b: _hex(codec.encode(codec.decode(b)[1], 1)), bytes(bad)))
                print("cut", _outcome(codec.decode, blob[: r.below(len(blob))]))
            more = sp.step()
            steps += 1
