"""terminalio stand-in for the web page: ``FONT``, the built-in 6x12 font with its glyphs.

The glyphs are the desktop emulator's (Blinka's terminalio), written by ``tools/build_web.py``
into ``font.bin``: one strip bitmap, 6 pixels a glyph, for U+0020-007E and U+00A0-00FF."""

from collections import namedtuple

import displayio

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x",
                             "shift_y"))
_FIRST = 0x20
_GAP = 0xA0 - 0x7F  # the codes between the two ranges


class BuiltinFont:
    def __init__(self):
        with open("/py/font.bin", "rb") as f:
            data = f.read()
        self.bitmap = displayio.Bitmap(len(data) // 12, 12, 2)
        self.bitmap._data[:] = data
        self.bitmap.blank = False

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if 0x20 <= codepoint < 0x7F:
            i = codepoint - _FIRST
        elif 0xA0 <= codepoint < 0x100:
            i = codepoint - _FIRST - _GAP
        else:
            return None
        return Glyph(self.bitmap, i, 6, 12, 0, -2, 6, 0)


FONT = BuiltinFont()
