"""The words a player reads, in the language of the settings (English, Russian, Polish).

Texts are data, not code: each language is one file, ``data/<code>.lng`` (made by
``tools/make_texts.py`` from ``texts/<code>.txt``), read by key when a screen needs a string,
so a language costs flash, not heap. ``t(key)`` finds the key's 24-bit hash in the file's sorted
table by binary search (a seek and 8 bytes a step), then reads the text (UTF-8); the file stays
open while its language is chosen, so a lookup neither opens a file nor leaves one behind as
garbage. A key missing from the file gives the key itself (the tests hold every language to the
same keys).

A key is a str, or its hash: ``tools/deploy`` compiles ``t("p10.hint")`` for the board as
``t(0x...)`` (``tools.deploy_lib.layout.device_source``), since a key in a ``.mpy`` is a str on
the heap while its module is loaded (or, 10 characters or fewer, a name interned for good), and
its hash a small int in the bytecode. The emulator runs the sources, keys and all.
"""

from firmware import data

CODES = ("en", "ru", "pl")
NAMES = ("English", "Русский", "Polski")  # each in its own language: the first-boot list

try:
    memoryview("")
    utf8 = memoryview  # a str's UTF-8 bytes where they are, as ints: one small object
except TypeError:  # CPython: a copy of them
    utf8 = str.encode

_lang = 0
_count = None  # entries in the current language's table
_path = None  # the current language's file
_f = None  # ... open while it is the language: a lookup seeks in it, it opens no file
_entry = bytearray(8)  # one table entry, read into in place: a lookup leaves no garbage per step


def set_lang(i):
    global _lang, _count, _path
    if i != _lang:
        _lang = i
        _count = None
        _path = None
        close()


def close():
    """Close the language's file (the next lookup opens it again): at a change of language, and
    in the emulator as a board's reset closes it."""
    global _f
    if _f is not None:
        _f.close()
        _f = None


def lang():
    return _lang


def key_hash(key):
    """The 24-bit hash the file's table is sorted by (small ints only: no long on a board)."""
    h = 0
    for c in utf8(key):  # (a str's letters one by one would each be interned on a board)
        h = ((h << 5) ^ (h >> 19) ^ c) & 0xFFFFFF
    return h


def _find(f, key):
    """(offset, length) of ``key``'s text (``key``: a str or its ``key_hash``) in the open file
    ``f``, or None."""
    global _count
    want = key if isinstance(key, int) else key_hash(key)
    e = _entry
    if _count is None:
        f.seek(0)
        f.readinto(e)
        _count = e[2] << 8 | e[3]
    lo, hi = 0, _count - 1
    while lo <= hi:
        mid = (lo + hi) >> 1
        f.seek(4 + 8 * mid)
        f.readinto(e)
        h = e[0] << 16 | e[1] << 8 | e[2]
        if h == want:
            return e[3] << 16 | e[4] << 8 | e[5], e[6] << 8 | e[7]
        if h < want:
            lo = mid + 1
        else:
            hi = mid - 1
    return None


def _file():
    global _path
    if _path is None:
        _path = data.path(CODES[_lang] + ".lng")
    return _path


def _open():
    global _f
    if _f is None:
        _f = open(_file(), "rb")
    return _f


def t(key):
    """The text of ``key`` (a str or its ``key_hash``) in the current language."""
    text = _text(key)
    if text is None:
        return key if isinstance(key, str) else "#%06x" % key
    return text


def _text(key):
    f = _open()
    at = _find(f, key)
    if at is None:
        return None
    f.seek(at[0])
    return f.read(at[1]).decode()


def span(key):
    """(file, offset, length) of ``key``'s text in the current language's file, or None:
    where ``firmware.pages.Long`` reads a long text a piece at a time."""
    at = _find(_open(), key)
    return None if at is None else (_file(), at[0], at[1])


def phase_text(phase, sep="+"):
    """``set3+run4``: a phase's groups in the current language (the rules core's
    ``phases.compact``), three or more equal ones counted (``4xset2``), for both Phase 10
    games' screens (here, where the board game's board finds it without loading the card
    game's screens and rules)."""
    from shared_rules.phases import equal_groups

    words = t("p10.kinds_short").split(" ")
    out = []
    for kind, size, count in equal_groups(phase):
        word = words[kind] + str(size)
        out += [str(count) + "x" + word] if count > 2 else [word] * count
    return sep.join(out)


def t_or(key, default):
    """The text of ``key``, or ``default`` where the language files have none (the words of a
    game they do not know, one a test registers: its registry entry's own)."""
    text = _text(key)
    return default if text is None else text


def game_name(entry):
    """A registry entry's name in the current language."""
    return t_or("game." + entry.key, entry.name)
