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



_WILD = const(0x40)
_SKIP = const(0x50)
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
        deck.append(_WILD)
    for _ in range(4):
        deck.append(_SKIP)
    return deck


def text(c):
    """Notation of one card: ``R7``, ``W``, ``S`` (P10C-2); the board game's joker (``card |
    0x80``) ``JR7``."""
    if c & 0x80:
        return "J" + text(c & 0x7F)
    if c == _WILD:
        return "W"
    if c == _SKIP:
        return "S"
    return COLOUR_LETTERS[c >> 4] + str(c & 15)


def texts(cards):
    """Notation of several cards separated by spaces."""
    return " ".join([text(c) for c in cards])


def penalty(c):
    """Penalty points of a card left in hand (P10C-16)."""
    if c == _WILD:
        return 25
    if c == _SKIP:
        return 15
    return 5 if (c & 15) <= 9 else 10


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    WILD = _WILD
    SKIP = _SKIP
