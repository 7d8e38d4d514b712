"""Phase 10 card-game cards as one-byte ints (RULES.md P10C-1, P10C-2).

A number card is ``colour << 4 | number`` with colours 0..3 (red, blue, green, yellow) and
numbers 1..12, so it fits a byte and ``card & 15`` is its number. ``WILD`` and ``SKIP`` have
number 0 and colours 4 and 5. Text notation: ``R7 B12 G1 Y5 W S``.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from shared_rules.errors import RuleError

WILD = const(0x40)
SKIP = const(0x50)
COLOUR_LETTERS = "RBGY"


def card(colour, number):
    """The card of a colour 0..3 and a number 1..12."""
    return (colour << 4) | number


def new_deck():
    """The 108 cards in a fixed order (P10C-1): two of each number card, 8 Wilds, 4 Skips."""
    deck = []
    for col in range(4):
        for n in range(1, 13):
            deck.append((col << 4) | n)
            deck.append((col << 4) | n)
    for _ in range(8):
        deck.append(WILD)
    for _ in range(4):
        deck.append(SKIP)
    return deck


def text(c):
    """Notation of one card: ``R7``, ``W``, ``S`` (P10C-2); the board game's joker (``card |
    0x80``) ``JR7``."""
    if c & 0x80:
        return "J" + text(c & 0x7F)
    if c == WILD:
        return "W"
    if c == SKIP:
        return "S"
    return COLOUR_LETTERS[c >> 4] + str(c & 15)


def texts(cards):
    """Notation of several cards separated by spaces."""
    return " ".join([text(c) for c in cards])


def parse(word):
    """The card named by ``word`` (P10C-2); raises RuleError for anything else."""
    w = word.strip()
    if w in ("W", "w"):
        return WILD
    if w in ("S", "s"):
        return SKIP
    # ASCII only: str.isdigit() and int() would accept other scripts' digits on CPython
    if 2 <= len(w) <= 3 and w[0] in "RBGYrbgy":
        n = 0
        for ch in w[1:]:
            if ch not in "0123456789":
                n = -1
                break
            n = n * 10 + "0123456789".index(ch)
        if 1 <= n <= 12:
            return ("RBGYrbgy".index(w[0]) % 4 << 4) | n
    raise RuleError("P10C-2", "'" + word + "' is not a card (R7, B12, W, S ...)")


def parse_list(line):
    """Cards from space-separated notation."""
    return [parse(w) for w in line.split()]


def penalty(c):
    """Penalty points of a card left in hand (P10C-16)."""
    if c == WILD:
        return 25
    if c == SKIP:
        return 15
    return 5 if (c & 15) <= 9 else 10
