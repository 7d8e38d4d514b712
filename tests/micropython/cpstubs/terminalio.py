"""terminalio stand-in (MicroPython): ``FONT``, the built-in 6x12 font's metrics.

On a board the font and its glyph bitmap live in flash; every ``get_glyph`` call makes a new
``Glyph`` on the heap, as CircuitPython's does. The glyphs here are blank (nothing is drawn)."""

from collections import namedtuple

import displayio

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x",
                             "shift_y"))


class BuiltinFont:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6, 12, 2)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if 0x20 <= codepoint < 0x7F or 0xA0 <= codepoint < 0x100:
            return Glyph(self.bitmap, 0, 6, 12, 0, -2, 6, 0)
        return None


FONT = BuiltinFont()
