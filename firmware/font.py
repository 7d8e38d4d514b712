"""The app's own 6x12 font (``data/font.bin``, made by ``tools/make_font.py`` from Terminus
Font): ASCII, the Polish and the Russian letters, so the app needs no ``terminalio`` and runs
on CircuitPython builds in every language.

The file stays in flash: only its table of code points (2 bytes a glyph) is read into RAM; a
glyph is read when first drawn (one seek, 12 bytes) into a strip of ``SLOTS`` glyph cells, which
the drawing code blits from as from ``terminalio.FONT``'s bitmap (``get_glyph`` answers the same
fields; one glyph object, reused: nothing is allocated per letter). A full strip reuses its
cells in turn.
"""

from micropython import const

import displayio

from firmware import data

# a screen's letters and more: a glyph read again costs a file read and 72 pixels
_SLOTS = const(96)


class Glyph:
    """What ``fontio.Glyph`` gives the drawing code."""

    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index

    width = 6
    height = 12
    dx = 0
    dy = -2
    shift_x = 6
    shift_y = 0


class Font:
    def __init__(self, path=None):
        self._path = path or data.path("font.bin")
        with open(self._path, "rb") as f:
            head = f.read(6)
            if head[:2] != b"PF":
                raise ValueError("not a font file")
            self.w = head[2]
            self.h = head[3]
            n = head[4] << 8 | head[5]
            self._cps = f.read(2 * n)
        self._n = n
        self.bitmap = displayio.Bitmap(self.w * _SLOTS, self.h, 2)
        # glyph index: its cell + 1 (0: not in the strip); cell: the glyph index it holds + 1.
        # No dict: nothing on the heap grows or moves while text is drawn.
        self._slot = bytearray(n)
        self._owner = bytearray(_SLOTS)
        self._rows = bytearray(self.h)
        self._next = 0
        self._glyph = Glyph(self.bitmap, 0)  # one, reused: read its fields before the next call

    def _index(self, cp):
        """The glyph index of code point ``cp`` (ASCII first, in order), or -1."""
        if 0x20 <= cp < 0x7F:
            return cp - 0x20
        t = self._cps
        lo, hi = 0, self._n - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            v = t[2 * mid] << 8 | t[2 * mid + 1]
            if v == cp:
                return mid
            if v < cp:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1

    def has(self, cp):
        return self._index(cp) >= 0

    def cached(self):
        """How many glyphs are in the strip now."""
        return sum(1 for o in self._owner if o)

    def get_glyph(self, cp):
        """The glyph of code point ``cp`` (its cell in the strip), or None if the font has none."""
        i = self._index(cp)
        if i < 0:
            return None
        s = self._slot[i] - 1
        if s < 0:
            s = self._next
            self._next = (s + 1) % _SLOTS
            old = self._owner[s]
            if old:
                self._slot[old - 1] = 0
            self._owner[s] = i + 1
            self._slot[i] = s + 1
            rows = self._rows
            with open(self._path, "rb") as f:
                f.seek(6 + 2 * self._n + self.h * i)
                f.readinto(rows)
            b = self.bitmap
            bw = b.width
            x0 = s * self.w
            for y in range(self.h):  # pixels by index: a tuple index would be garbage per pixel
                r = rows[y]
                at = y * bw + x0
                for x in range(self.w):
                    b[at + x] = 1 if r & (0x80 >> x) else 0
        g = self._glyph
        g.tile_index = s
        return g


def code_at(b, i):
    """The code point whose UTF-8 bytes start at ``b[i]`` (``size(b[i])`` of them; ``b``:
    ``firmware.lang.utf8(text)``). Texts are read so, from their bytes: taking a str's letters
    one by one would intern each letter as a name on a board, kept for good wherever the heap
    had room when it first came (a piece of the heap split off for every new letter, and more
    names bring nearer the moment the table of names doubles, a large block at once), and a
    copy of the bytes would be garbage among the lasting objects a text makes."""
    c = b[i]
    if c < 0x80:
        return c
    if c < 0xE0:
        return (c & 0x1F) << 6 | (b[i + 1] & 0x3F)
    if c < 0xF0:
        return (c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F)
    return (c & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6 | (b[i + 3] & 0x3F)


def size(lead):
    """How many bytes the UTF-8 sequence that starts with byte ``lead`` has."""
    return 1 if lead < 0x80 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4


FONT = None


def font():
    """The app's font, opened on first use."""
    global FONT
    if FONT is None:
        FONT = Font()
    return FONT


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    SLOTS = _SLOTS
