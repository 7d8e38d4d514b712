"""The board game's board screen (``firmware.p10bboard.BoardScreen``) drawn: the ring's 32
cells (one tile grid each, its letter in a bitmap every cell of that text shares) and the phase
track inside it; the ring's geometry. ``_ring`` and ``_track`` are methods of ``BoardScreen``,
attached there: a module of its own so that no part of the board screen is large to compile
(docs/micropython.md)."""

import displayio

from firmware import ui
from shared_rules import phase10board as B

PLAYER = (0xFF5050, 0x40B0FF, 0x60F060, 0xFFE040, 0xFF70FF, 0xFFFFFF)  # each seat's colour

# per kind: fill, ink
KFILL = (0x1E6A32, 0x23459A, 0x6A2C88, 0x9A5A12, 0x1D6F78, 0x6E6E6E, 0x8A2A2A, 0x3A3A3A)
KINK = (0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF)
KLETTER = ("+", "E", "S", "W", "A", "J", "?", "F")


def cell_text(sp, wide):
    k = B.space_kind(sp)
    n = B.space_count(sp)
    if k == B.K_DRAW:
        return ("+" + str(n)) if wide else str(n)
    if k == B.K_SWAP:
        return ("W" + str(n)) if wide else "W"
    return KLETTER[k]


def cell_bitmap(n, text, dx, dy):
    """An ``n`` x ``n`` cell: 0 the fill, 1 the glyphs of ``text`` from (dx, dy) (as a label
    there draws them), cut at the cell's edge."""
    b = displayio.Bitmap(n, n, 2)
    x = dx
    for ch in text:
        g = ui.FONT.get_glyph(ord(ch))
        if g is None:
            continue
        x1 = g.tile_index * g.width
        src = g.bitmap
        for j in range(g.height):
            yy = dy + j
            if 0 <= yy < n:
                for i in range(g.width):
                    xx = x + g.dx + i
                    if 0 <= xx < n and src[x1 + i, j]:
                        b[xx, yy] = 1
        x += g.shift_x
    return b


def ring_xy(i, cols, rows):
    """Cell (column, row) of space ``i``: space 0 top left, clockwise."""
    if i < cols:
        return i, 0
    i -= cols - 1
    if i < rows:
        return cols - 1, i
    i -= rows - 1
    if i < cols:
        return cols - 1 - i, rows - 1
    i -= cols - 1
    return 0, rows - 1 - i


def geometry(lay):
    """(cols, rows, pitch, panel width) of the ring that gives the largest cells."""
    best = None
    top = lay.body_top
    h = lay.height - lay.footer_h - top - 1
    for cols, rows in ((10, 8), (9, 9), (11, 7), (12, 6)):
        for panel in (40, 52):
            p = min((lay.width - panel) // cols, h // rows)
            if best is None or p > best[2] or (p == best[2] and panel > best[3]):
                best = (cols, rows, p, panel)
    return best


# methods of BoardScreen
def _ring(self, cols, rows, p, wide):
    """The 32 cells of the ring in ``self.body``, their corners in ``self.cells``."""
    # a cell: one tile grid, its letter drawn in a bitmap that every cell of that text shares,
    # through the palette of its kind (a rectangle and a label a cell took twice the heap)
    ring = displayio.Group()
    pals = []
    for k in range(len(KFILL)):
        pal = displayio.Palette(2)
        pal[0] = KFILL[k]
        pal[1] = KINK[k]
        pals.append(pal)
    faces = {}
    for sp in range(B.SPACES):
        c, r = ring_xy(sp, cols, rows)
        x = self.x0 + c * p
        y = self.y0 + r * p
        txt = cell_text(sp, wide)
        bm = faces.get(txt)
        if bm is None:
            bm = faces[txt] = cell_bitmap(p - 1, txt, 0 if p < 14 else 1, (p - 13) // 2)
        ring.append(displayio.TileGrid(bm, pixel_shader=pals[B.space_kind(sp)], x=x, y=y))
        self.cells.append((x, y))
    faces = None
    self.body.append(ring)


def _track(self, cols, rows, p):
    """The phase track inside the ring: a row per player, its marker in ``self.marks``."""
    session = self.session
    st = session.state
    ix = self.x0 + p + 2
    iy = self.y0 + p + 1
    iw = (cols - 2) * p - 3
    ih = (rows - 2) * p - 2
    rh = min(ih // st.n, 16)
    names = rh >= 12
    name_w = 20 if names else 6
    cw = min(9, (iw - name_w) // 11)
    track = displayio.Group()
    self.marks = []
    y0 = iy + (ih - rh * st.n) // 2
    if y0 - iy >= 12:  # room above the rows: the phase numbers (1, 5, 10) and F(inish)
        y0 = iy + (ih - rh * st.n + 12) // 2
        for c, t in ((0, "1"), (4, "5"), (9, "10"), (10, "F")):
            if c == 9 and cw < 12:
                continue
            track.append(ui.label(t, ix + name_w + c * cw, y0 - 12, ui.DIM, 1))
    # the track's line: ten dim dashes and the finish, one bitmap every row shares
    line = displayio.Bitmap(11 * cw, 1, 3)
    for c in range(11):
        for i in range(cw - 1):
            line[c * cw + i, 0] = 1 if c < 10 else 2
    lpal = displayio.Palette(3)
    lpal.make_transparent(0)
    lpal[1] = 0x5A5A5A
    lpal[2] = 0xB0B0B0
    for x in range(st.n):
        y = y0 + x * rh
        if names:
            track.append(ui.label(session.names[x][:3], ix, y + (rh - 12) // 2, PLAYER[x], 1))
        else:
            track.append(ui.rect(ix, y + 1, 4, rh - 2, PLAYER[x]))
        track.append(displayio.TileGrid(line, pixel_shader=lpal, x=ix + name_w, y=y + rh // 2))
        m = ui.rect(0, y + 2, cw - 1, rh - 4, PLAYER[x])
        self.marks.append(m)
        track.append(m)
    self.body.append(track)
    self.track_x = ix + name_w
    self.track_cw = cw
