"""Phase 10 cards on screen: colours, short texts and the hand as a row of card tiles.

A tile is a filled rectangle with the card's number (``W`` for a Wild, ``S`` for a Skip) and,
when the colour-blind setting is on, the colour's letter (R B G Y) under the number. The board
game's colour 1 is purple (R P G Y, docs/phase10board.md): its screens draw with ``board`` set,
which gives colour 1 the look ``PURPLE`` (a purple fill, the letter P). Number
cards are filled with their colour; a Wild is white with a black ``W``; a Skip is black with a
red frame and a red ``S``. A card chosen into a group is drawn hollow (black, framed and
numbered in its colour). The cursor is one frame that moves: a cursor step redraws the old and
the new tile only, and changing the hand redraws only the tiles whose card changed.

All tiles share one bitmap (the frame, beside it the frame with each colour letter: a letter is
no label of its own) and the tiles that look alike one palette; the numbers share another (every
number and the Wild's and Skip's letters, as a label would draw them: a number is one tile of
it, not a label with a bitmap of its own). The two bitmaps are drawn by ``firmware.cardsheets``,
loaded for the moment they are made.
"""

from micropython import const

import displayio

from firmware import ui

# fill, text of red, blue, green, yellow, Wild, Skip (look index = card >> 4), and the board
# game's purple (look index PURPLE, its colour 1)
FILL = (0xD83030, 0x3060E8, 0x28A048, 0xF0C818, 0xF0F0F0, 0x181818, 0x9638C8)
INK = (0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0x101010, 0x101010, 0xFF4040, 0xFFFFFF)
FRAME = (0xD83030, 0x3060E8, 0x28A048, 0xF0C818, 0x808080, 0xFF4040, 0x9638C8)
SHOWN = (0xFF6060, 0x70A0FF, 0x50D070, 0xF0C818, 0xF0F0F0, 0xFF4040, 0xC880FF)  # colour as text on black
_LETTERS = const("RBGYWSP")  # English; the app's language: letters() (``card.letters``)
_PURPLE = const(6)
_CURSOR = const(0xFF40FF)  # no card has this colour


_JOKER = const(0x80)  # the board game's joker: a number card with this bit (``card | 0x80``)


def letters():
    """The colour marks and the Wild's and Skip's faces in the app's language."""
    from firmware.lang import t

    return t("card.letters")


def face(c, marks=_LETTERS):
    """What a tile shows: the number (a joker's too), ``W`` or ``S`` (``marks``: ``letters()``)."""
    if c & _JOKER:
        return str(c & 15)
    k = c >> 4
    return marks[k:k + 1] if k >= 4 else str(c & 15)  # (a slice: a letter by index is interned)


def kind(c, board=False):
    """The look index of a tile: 0-3 a colour, 4 a Wild or a joker (white), 5 a Skip; with
    ``board`` (the board game's cards) colour 1 is ``PURPLE``."""
    if c & _JOKER:
        return 4
    k = c >> 4
    return _PURPLE if board and k == 1 else k


def colour(c, board=False):
    """The look index of a card's colour (a joker's too): 0-3, or ``PURPLE``."""
    k = (c >> 4) & 3 if c & _JOKER else c >> 4
    return _PURPLE if board and k == 1 else k


def look(c, board=False):
    """(fill, ink, face, mark) of a card drawn as a small tile (the table view): the colour
    mark as on the hand's tiles (a joker is white, its number in its colour, marked J)."""
    marks = letters()
    if c & _JOKER:
        return FILL[4], FRAME[colour(c, board)], face(c), "J"
    k = kind(c, board)
    return FILL[k], INK[k], face(c, marks), marks[k:k + 1] if k < 4 or k == _PURPLE else ""


def sort_key(c, by_colour):
    """Numbers (then colours) ascending, jokers after them, Wilds and Skips last; or colours
    first."""
    if c & _JOKER:
        return 900 + (c & 0x7F)
    k = c >> 4
    if k >= 4:
        return 1000 + k
    return k * 16 + (c & 15) if by_colour else (c & 15) * 16 + k


def sort_cards(cards, by_colour):
    out = list(cards)
    out.sort(key=lambda c: (sort_key(c, by_colour), c))  # c: no ties (sort is not stable)
    return out


_palettes = {}  # colour index, chosen and the mark's ink, in one int: the palette all tiles of
# that look share (an int key: a tuple would be garbage among the tiles' lasting objects)


def _tile_palette(k, chosen, ink=0):
    """Fill, frame and mark of a card tile of colour index ``k`` (a chosen card: hollow,
    black framed in its colour; ``ink`` the colour letter's colour). Shared by every tile that
    looks so, and never changed: a tile that changes looks takes another palette (a palette
    less per tile on the heap)."""
    key = (k * 2 + (1 if chosen else 0)) << 24 | ink
    pal = _palettes.get(key)
    if pal is None:
        pal = _palettes[key] = displayio.Palette(3)
        pal[0] = 0x000000 if chosen else FILL[k]
        pal[1] = SHOWN[k] if chosen else FRAME[k]
        pal[2] = ink
    return pal


_NUMBERS = const(15)  # the cells of the numbers' bitmap: none, 1-12, the Wild's letter, the Skip's
_faces = [None, None]  # [(tile size, scale, letters), the bitmap]: the tiles' faces, shared
_numbers = [None, None]  # [(tile size, scale, marks, the letters), the bitmap]: shared


def _sheets(tw, th, s, marks, letters):
    """(faces, numbers): the two bitmaps every tile of this size shares, made again when the
    letters (the language), the marks or the size change, by ``firmware.cardsheets``, loaded
    for that moment (code is RAM). The faces: a tile's frame (value 1) beside each colour
    letter drawn in it (value 2) under where the number goes, a tile showing one of them
    (``_mark_tile``), so that a letter costs no label of its own. The numbers: a cell ``tw``
    x ``12 s`` per number (``_NUMBERS``, ``_cell_text``), each drawn as a label of it would be
    on a tile at text scale ``s`` (``_number_place``): a tile's number is a tile grid of one
    tile over it."""
    faces = (tw, th, s, letters)
    numbers = (tw, th, s, marks, letters)
    if _faces[0] != faces or _numbers[0] != numbers:
        from firmware import cardsheets, forget

        if _faces[0] != faces:
            _faces[1] = None
            # none, the four colours', purple's, the joker's
            _faces[1] = cardsheets.faces(tw, th, s, " " + letters[:4] + letters[_PURPLE:_PURPLE + 1] + "J")
            _faces[0] = faces
        if _numbers[0] != numbers:
            _numbers[1] = None
            cells = []
            for n in range(1, _NUMBERS):
                text = _cell_text(n, letters)
                x, y, ts = _number_place(numbers, len(text))
                cells.append((text, x, y, ts))
            _numbers[1] = cardsheets.numbers(tw, s, _NUMBERS, cells)
            _numbers[0] = numbers
        cardsheets = None
        forget("firmware.cardsheets")
    return _faces[1], _numbers[1]


def _number_place(key, chars):
    """(x, y, scale) of a number ``chars`` long in its cell of the sheet of ``key``: centred
    across the tile, at the tile's text scale or at 1 where two digits would not fit (narrow
    tiles: 10-12); up where the colour letters go under it (``marks``), else centred down. The
    cell starts where the number at the tile's scale starts (``_number_top``)."""
    tw, th, s, marks, _ = key
    ts = s if 6 * s * chars <= tw + 1 else 1
    y = _number_top(th, s, ts, marks) - _number_top(th, s, s, marks)
    return (tw - 6 * ts * chars + 1) // 2, y, ts


def _number_top(th, s, ts, marks):
    """Where a tile's number at scale ``ts`` starts, down from the tile's top (text scale
    ``s``)."""
    if not marks:
        return (th - 12 * ts) // 2
    return 1 - s if ts == s else 4


def _cell_text(n, letters):
    """The text of cell ``n`` of the numbers' sheet (``letters``: ``letters()``): none, the
    number, the Wild's or the Skip's letter (a slice: a letter by index is interned)."""
    return letters[n - 9:n - 8] if n > 12 else str(n) if n else ""


def _cell(c):
    """The cell of the numbers' sheet a card shows: its number (a joker's too), the Wild's or
    the Skip's letter."""
    k = c >> 4
    return c & 15 if c & _JOKER or k < 4 else 9 + k


def number_label(tile):
    """(text, x, y, scale) of a card's number as a label of it would read (its text, its
    top-left corner from the tile grid's, its scale) when ``tile`` is a number's tile grid
    (``HandRow``), else None: the emulator's and the tests' screen readers read it so."""
    if tile.bitmap is not _numbers[1]:
        return None
    key = _numbers[0]
    text = _cell_text(tile[0], key[4])
    x, y, ts = _number_place(key, len(text))
    return text, x, y, ts


def _mark_tile(k, mark):
    """The tile of the faces' sheet showing ``mark`` ("": none): colours 0-3, purple, J."""
    if not mark:
        return 0
    return 6 if mark == "J" else 5 if k == _PURPLE else k + 1


def tile_size(s, narrow=False):
    """(width, height, x pitch, y pitch) of a tile at text scale ``s``: room for a two-digit
    number at scale ``s`` and a mark letter at scale 1 under it. Rows of tiles leave room for
    the cursor frame between them (one pixel outside a tile). ``narrow`` large tiles (eleven
    in 240 pixels) hold one digit at scale 2, and 10-12 at scale 1."""
    tw = 13 if s == 1 else (19 if narrow else 25)
    th = 24 if s == 1 else 32  # even: the emulator needs an even pixel count per area
    return tw, th, tw + 1, th + (3 if s == 1 else 2)


class HandRow:
    """Card tiles in ``rows`` rows centred across a screen ``width`` pixels wide, from ``y``
    down; scrolls when the hand holds more cards than fit. The cursor frame takes one pixel
    around a tile. ``board``: the board game's cards (colour 1 purple, P)."""

    def __init__(self, parent, width, y, rows, scale, marks, narrow=False, board=False):
        s = scale
        self.s = s
        self.board = board
        self.tw, self.th, self.pitch, self.row_pitch = tile_size(s, narrow)
        self.per_row = max(1, (width - 1) // self.pitch)
        self.slots = self.per_row * rows
        self.x = (width - self.per_row * self.pitch + 1) // 2
        self.y = y
        self.marks = marks
        self.height = (rows - 1) * self.row_pitch + self.th
        self.group = displayio.Group()
        parent.append(self.group)
        marks_text = letters()
        self.faces, self.numbers = _sheets(self.tw, self.th, s, bool(marks), marks_text)
        self.number_dy = _number_top(self.th, s, s, marks)
        self.tiles = []  # per slot: [face tile grid, palette, number, mark letter, shown state]
        self.cards = []
        self.chosen = []
        self.first = 0
        self.cursor = -1
        pal = displayio.Palette(2)
        pal[1] = _CURSOR
        pal.make_transparent(0)
        self.cursor_tile = displayio.TileGrid(ui.frame(self.tw + 2, self.th + 2, s + 1), pixel_shader=pal)
        self.cursor_tile.hidden = True
        self.group.append(self.cursor_tile)

    def slot_x(self, slot):
        return self.x + (slot % self.per_row) * self.pitch

    def slot_y(self, slot):
        return self.y + (slot // self.per_row) * self.row_pitch

    def _make_tile(self, slot):
        x = self.slot_x(slot)
        y = self.slot_y(slot)
        pal = _tile_palette(0, False)
        tg = displayio.TileGrid(self.faces, pixel_shader=pal, x=x, y=y, tile_width=self.tw,
                                tile_height=self.th)
        num = displayio.TileGrid(self.numbers, pixel_shader=ui.ink(ui.TEXT), x=x,
                                 y=y + self.number_dy, tile_width=self.tw, tile_height=12 * self.s)
        num[0] = 0
        self.group.insert(len(self.group) - 1, tg)  # under the cursor frame (no group of its
        self.group.insert(len(self.group) - 1, num)  # own: a group less per tile on the heap)
        tile = [tg, pal, num, "" if self.marks else None, None]
        self.tiles.append(tile)
        return tile

    def set_cards(self, cards, chosen=None):
        """Show ``cards`` (display order); ``chosen[i]`` True draws card i hollow."""
        self.cards = list(cards)
        self.chosen = list(chosen) if chosen else [False] * len(cards)
        self._fit_window()
        self._draw()

    def set_chosen(self, i, flag):
        self.chosen[i] = flag
        self._draw()

    def _fit_window(self):
        n = len(self.cards)
        if self.cursor >= 0:
            if self.cursor < self.first:
                self.first = self.cursor
            elif self.cursor >= self.first + self.slots:
                self.first = self.cursor - self.slots + 1
        self.first = max(0, min(self.first, n - self.slots))

    def _draw(self):
        n = len(self.cards)
        visible = min(self.slots, n - self.first)
        while len(self.tiles) < visible:
            self._make_tile(len(self.tiles))
        marks = None  # read from the language file once, if a tile changes
        for slot in range(len(self.tiles)):
            tile = self.tiles[slot]
            i = self.first + slot
            if i >= n:
                if not tile[0].hidden:
                    tile[0].hidden = True
                    tile[2].hidden = True
                    tile[4] = None
                continue
            c = self.cards[i]
            state = (c, self.chosen[i])
            if tile[4] == state:
                continue
            tile[4] = state
            if tile[0].hidden:
                tile[0].hidden = False
                tile[2].hidden = False
            k = kind(c, self.board)
            look = k
            chosen = self.chosen[i]
            ink = SHOWN[k] if chosen else INK[k]
            if marks is None:
                marks = letters()
            mark = marks[k:k + 1] if k < 4 or k == _PURPLE else ""
            if c & _JOKER:  # white, numbered in its colour, marked J
                k = colour(c, self.board)
                ink = SHOWN[k] if chosen else FRAME[k]
                mark = "J"
            if not self.marks:
                mark = ""
            pal = _tile_palette(look, chosen, ink if mark else 0)
            tg = tile[0]
            if tile[1] is not pal:
                tile[1] = pal
                tg.pixel_shader = pal
            face_tile = _mark_tile(look, mark)
            if tg[0] != face_tile:
                tg[0] = face_tile
            num = tile[2]
            cell = _cell(c)
            if num[0] != cell:
                num[0] = cell
            pal = ui.ink(ink)
            if num.pixel_shader is not pal:
                num.pixel_shader = pal
            if tile[3] is not None:
                tile[3] = mark
        self._place_cursor()

    def set_cursor(self, i):
        """Put the cursor frame on card ``i`` (-1 hides it); scrolls if needed."""
        self.cursor = i
        before = self.first
        self._fit_window()
        if self.first != before:
            self._draw()
        else:
            self._place_cursor()

    def _place_cursor(self):
        c = self.cursor_tile
        slot = self.cursor - self.first
        if self.cursor < 0 or not (0 <= slot < self.slots) or self.cursor >= len(self.cards):
            if not c.hidden:
                c.hidden = True
            return
        x = self.slot_x(slot)
        y = self.slot_y(slot)
        if c.x != x - 1 or c.y != y - 1:
            c.x = x - 1
            c.y = y - 1
        if c.hidden:
            c.hidden = False

    def visible_range(self):
        """(first, last + 1) of the cards on screen."""
        return self.first, min(len(self.cards), self.first + self.slots)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    PURPLE = _PURPLE
    LETTERS = _LETTERS
