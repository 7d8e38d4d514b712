"""Dice Express on the device: the roads as lanes on the track of fields 1-30 (DX-1, DX-3),
under a person's roll (``firmware.dice_express.turn``) and under the computer players' moves
(``Screens.watch``: redrawn after each move).

Above the lanes a ruler: 10 and 20 over their fields, ticks over 5, 15 and 25, and the finish
30 bright over field 30, which is chequered down every lane; a dotted line runs down fields 10
and 20. Per player a name (dim for the player(s) in last place, who have the catch-up, DX-10;
a bar behind it marks whose turn it is), then each piece a bar of its colour as long as its
fields, a dark gap before the next piece, a dark notch at the top and the bottom between its
own fields, and its length written on it in small digits (3x5 pixels, doubled where the lane
is tall enough): a piece reads as N fields on every screen, even at 4 pixels a field.

Memory (code is RAM, displayio objects are heap): one bitmap for the ruler, one square of the
chequer and two pixels of the dotted lines, repeated down as tiles; one bitmap per piece length (the notches and the
digit drawn in), shared by every piece of that length, and one palette per colour (fill,
digit, notch), shared by that colour's pieces: a piece on the road is one tile grid."""

import displayio
from micropython import const

from firmware import ui

_NAME_W = const(20)  # the names' column (three letters of the 6x12 font)
_LANE = const(12)  # the least lane that holds a name
_RULER = const(7)  # the ruler's height with digits of 5 pixels
_FIELDS = const(30)

# the digits 0-6 in 3x5 pixels: five rows of three bits from the top, the left pixel the high bit
_DIGITS = const((0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF))


def need(n):
    """The least height of ``n`` players' roads (the ruler, a lane a name and a pixel)."""
    return _RULER + _LANE * n + 1


def digits(bitmap, text, x, y, d, value):
    """``text`` (digits 0-6) in the 3x5 digits, each pixel ``d`` x ``d``, into ``bitmap`` at
    (x, y) with ``value`` (pixels by index: a tuple index would be garbage per pixel)."""
    bw = bitmap.width
    for ch in text:
        bits = _DIGITS[ord(ch) - 48]
        for r in range(5):
            for c in range(3):
                if (bits >> (14 - 3 * r - c)) & 1:
                    for j in range(d):
                        for i in range(d):
                            bitmap[(y + r * d + j) * bw + x + c * d + i] = value
        x += 4 * d


class Roads:
    """Every player's road in the box (x, y, w, h) of ``parent``; ``update()`` draws the
    roads again as the state has them now (a move made)."""

    def __init__(self, parent, session, x, y, w, h):
        self.session = session
        n = session.state.n
        f = (w - _NAME_W - 2) // _FIELDS
        # the ruler's digits doubled where the fields are wide or the lanes tall
        d = 2 if (h - 12) // n >= (_LANE if f >= 8 else 20) else 1
        rh = 5 * d + 2
        self.lane = lane = max(1, (h - rh) // n)
        ns = 2 if lane >= 2 * _LANE and (w - 2 * _NAME_W - 2) // _FIELDS >= 6 else 1  # names' size
        nw = _NAME_W * ns
        self.field = f = (w - nw - 2) // _FIELDS
        self.x1 = x1 = x + nw
        self.y = y  # the ruler, then the lanes from top
        self.top = top = y + rh
        self.bitmaps = {}  # piece length: its bitmap
        self.palettes = {}  # colour: (fill, digit, notch)
        g = self.group = displayio.Group()
        self.bar = ui.rect(x, top, nw - 2, lane - 1, ui.BAR)  # whose turn
        g.append(self.bar)
        self.names = []
        if lane >= _LANE:
            for seat in range(n):
                lb = ui.label(session.names[seat][:3], x + ns, top + seat * lane + (lane - 12 * ns) // 2,
                              ui.TEXT, ns)
                self.names.append(lb)
                g.append(lb)
        # the ruler: 10, 20, the finish 30 (bright) over their fields, ticks over 5, 15, 25
        rw = w - nw
        ruler = displayio.Bitmap(rw, 5 * d, 3)
        for k in (5, 15, 25):
            cx = (k - 1) * f + f // 2
            for j in range(2 * d, 5 * d):
                for i in range(d):
                    ruler[j * rw + cx + i] = 1
        for k in (10, 20, 30):
            cx = (k - 1) * f + f // 2
            digits(ruler, str(k), min(cx - (7 * d) // 2, rw - 7 * d), 0, d, 2 if k == _FIELDS else 1)
        pal = displayio.Palette(3)
        pal.make_transparent(0)
        pal[1] = ui.DIM
        pal[2] = ui.TEXT
        g.append(displayio.TileGrid(ruler, pixel_shader=pal, x=x1, y=y))
        # a dotted line down fields 10 and 20, field 30 chequered: a tile each, repeated down
        tall = n * lane
        dots = displayio.Bitmap(1, 2, 2)
        dots[0] = 1
        for k in (10, 20):
            g.append(displayio.TileGrid(dots, pixel_shader=pal, width=1, height=tall // 2,
                                        tile_width=1, tile_height=2, x=x1 + (k - 1) * f + f // 2, y=top))
        q = max(2, f // 2)
        flag = displayio.Bitmap(f - 1, 2 * q, 3)
        for j in range(2 * q):
            for i in range(f - 1):
                if (i // q + j // q) & 1 == 0:
                    flag[j * (f - 1) + i] = 2
        g.append(displayio.TileGrid(flag, pixel_shader=pal, width=1, height=tall // (2 * q),
                                    tile_width=f - 1, tile_height=2 * q, x=x1 + (_FIELDS - 1) * f, y=top))
        self.pieces = displayio.Group()
        g.append(self.pieces)
        parent.append(g)
        self.update()

    def _bitmap(self, length):
        """A piece of ``length`` fields: fill 0, its length's digit 1, the notches 2."""
        b = self.bitmaps.get(length)
        if b is not None:
            return b
        f = self.field
        w = length * f - 1
        h = self.lane - 2
        b = self.bitmaps[length] = displayio.Bitmap(w, h, 3)
        notch = 2 if h >= 10 else 1
        for k in range(1, length):
            for j in range(notch):
                b[j * w + k * f - 1] = 2
                b[(h - 1 - j) * w + k * f - 1] = 2
        d = 2 if h >= 14 and 2 * f - 1 >= 8 else 1
        if h >= 5 * d:
            digits(b, str(length), (w - 3 * d) // 2, (h - 5 * d) // 2, d, 1)
        return b

    def _palette(self, c):
        pal = self.palettes.get(c)
        if pal is None:
            fill, ink = self.session.game.colours
            pal = self.palettes[c] = displayio.Palette(3)
            pal[0] = fill[c]
            pal[1] = ink[c]
            pal[2] = (fill[c] >> 1) & 0x7F7F7F
        return pal

    def update(self):
        st = self.session.state
        pieces = self.pieces
        while len(pieces):
            pieces.pop()
        last = st.lasts()
        lane = self.lane
        f = self.field
        for seat in range(st.n):
            if self.names:
                lb = self.names[seat]
                colour = ui.DIM if last & (1 << seat) else ui.TEXT
                if lb.color != colour:
                    lb.color = colour
            ly = self.top + seat * lane
            pos = st.rear_field(seat)
            for p in st.roads[seat]:
                length = p & 7
                pieces.append(displayio.TileGrid(self._bitmap(length), pixel_shader=self._palette(p >> 3),
                                                 x=self.x1 + (pos - 1) * f, y=ly + 1))
                pos += length
        turn = -1 if st.over else st.turn
        self.bar.hidden = turn < 0
        if turn >= 0 and self.bar.y != self.top + turn * lane:
            self.bar.y = self.top + turn * lane
