"""Small helpers every game's move notation shares."""

_DIGITS = "0123456789"


def small_int(word, most=4):
    """The value of ``word`` if it is 1 to ``most`` ASCII digits, else -1. ``str.isdigit`` and
    ``int`` would take other scripts' digits (``²``, ``٢``) on CPython, and a 5,000-digit number
    is no seat or group."""
    if not 0 < len(word) <= most:
        return -1
    v = 0
    for ch in word:
        d = _DIGITS.find(ch)
        if d < 0:
            return -1
        v = v * 10 + d
    return v


def seat_word(word):
    """``p1``..``p9`` as a 0-based seat, else -1."""
    if len(word) == 2 and word[0] == "p":
        v = small_int(word[1:], 1)
        if v >= 1:
            return v - 1
    return -1
