"""The table of a game as a person sees it, shared by every game (docs/firmware-games.md): a
line of text per entry (a player's phase, cards in hand, points) and under it, when the entry
has any, small tiles (a laid group's cards, a player's dice or road). Pages turn with DOWN /
UP / A; B goes back.

An entry is ``(text, tiles)``: ``tiles`` a list of ``(fill, ink, face, mark)`` (a colour to
fill the tile with, the colour of its text, one or two characters, and the colour's letter
shown under them when the colour-blind marks are on, as on the hand's tiles) or None for a gap
between groups, or None when the entry has no tiles. Tiles wrap onto more rows when they do not
fit one.
"""

from micropython import const

import displayio

from firmware import ui
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B

_TILE_W = const(13)
_TILE_H = const(14)
_MARK_H = const(12)  # the colour letter's band under the face, with the marks on
_PITCH = const(14)
_GAP = const(5)


def group_tiles(table, owner, board=False):
    """The groups ``owner`` has laid on ``table`` (the card games') as tiles
    (``firmware.cards.look``), None between two groups."""
    from firmware.cards import look

    tiles = []
    for grp in table:
        if grp[0] == owner:
            if tiles:
                tiles.append(None)
            for c in grp[4]:
                tiles.append(look(c, board))
    return tiles


def _tile_rows(tiles, width):
    """The tiles of an entry in rows of x positions: [[(x, tile), ...], ...]."""
    rows = [[]]
    x = 0
    for tile in tiles:
        if tile is None:
            x += _GAP
            continue
        if x + _TILE_W > width and rows[-1]:
            rows.append([])
            x = 0
        rows[-1].append((x, tile))
        x += _PITCH
    return rows if rows[-1] else rows[:-1]


class TableView(ui.Screen):
    hints = ((_DOWN, "more"), (_UP, "prev"), (_B, "back"))

    def __init__(self, app, title, entries):
        super().__init__(app, title)
        lay = app.layout
        self.line_h = 12 * lay.scale + 1
        self.tile_h = _TILE_H + (_MARK_H if app.settings.marks else 0)
        width = lay.width - 2 * lay.margin
        # lay the entries out in pages: (entry text, tile rows) per entry
        self.pages = [[]]
        y = 0
        for text, tiles in entries:
            lines = ui.wrap(text, lay.cols)
            rows = _tile_rows(tiles, width) if tiles else []
            h = len(lines) * self.line_h + len(rows) * (self.tile_h + 2)
            if y + h > lay.body_h - 2 and self.pages[-1]:
                self.pages.append([])
                y = 0
            self.pages[-1].append((lines, rows))
            y += h + 1
        self.page = 0
        self.content = None
        self._draw()

    def _draw(self):
        lay = self.app.layout
        if self.content is not None:
            self.body.remove(self.content)
        g = displayio.Group()
        y = lay.body_top + 1
        th = self.tile_h
        blank = displayio.Bitmap(_TILE_W, th, 1)
        for lines, rows in self.pages[self.page]:
            for line in lines:
                g.append(ui.label(line, lay.margin, y, ui.TEXT, lay.scale))
                y += self.line_h
            for row in rows:
                for x, (fill, ink, face, mark) in row:
                    pal = displayio.Palette(1)
                    pal[0] = fill
                    tx = lay.margin + x
                    g.append(displayio.TileGrid(blank, pixel_shader=pal, x=tx, y=y))
                    g.append(ui.label(face, tx + (_TILE_W - 6 * len(face) + 1) // 2, y + 1, ink, 1))
                    if mark and th > _TILE_H:
                        g.append(ui.label(mark, tx + 4, y + _TILE_H - 1, ink, 1))
                y += th + 2
            y += 1
        self.body.append(g)
        self.content = g
        self.show_page(self.page, len(self.pages))

    def key(self, k):
        if (k == _DOWN or k == _A) and self.page + 1 < len(self.pages):
            self.page += 1
            self._draw()
        elif k == _UP and self.page > 0:
            self.page -= 1
            self._draw()
        elif k == _B or k == _A:
            self.app.pop()


def screen(session, seat):
    """The table of ``session``'s game as ``seat`` sees it (``Screens.table(seat)``): entries (a
    TableView) or text."""
    app = session.app
    title = t("pause.table")
    table = session.game.table(seat)
    if isinstance(table, str):
        from firmware.pages import TextPage

        return TextPage(app, title, table)
    return TableView(app, title, table)
