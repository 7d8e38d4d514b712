"""Small helpers for reading every game's record notation back (desktop only): ASCII numbers, seat
words, and a bad word quoted short."""

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


_MAX_SHOWN = 40


def shown(text):
    """``text`` cut to a few dozen characters with anything unprintable escaped, to quote a bad
    line in a message without flooding the screen."""
    out = []
    for ch in text[:_MAX_SHOWN]:
        o = ord(ch)
        if 32 <= o < 127:
            out.append(ch)
        else:
            out.append("\\x%02x" % o if o < 256 else "\\u%04x" % (o & 0xFFFF))
    if len(text) > _MAX_SHOWN:
        out.append("...")
    return "".join(out)
