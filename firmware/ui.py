"""Layout, colours and the widgets every screen is made of.

Sizes come from the display's width and height (``Layout``), never from one board. A screen is
a title bar, a body and a footer with key hints; widgets change only the labels and tiles whose
content changed: moving a cursor moves one bar, which redraws two rows, not the screen.

Memory (docs/micropython.md, RAM budget): text is ``Text``, a group holding one 1-bit bitmap
of its glyphs in the app's own font (``firmware/font.py``; a quarter of the heap of an ``adafruit_display_text`` label, whose module alone
keeps about 28 KB of heap as ``.py``), bars are 1-bit bitmaps, and there is no full-screen
background (the display shows black where nothing is drawn).
"""

from micropython import const

import displayio

try:
    from bitmaptools import blit
except ImportError:  # a board without bitmaptools: copy pixel by pixel
    blit = None

from firmware.font import code_at, font, size
from firmware.lang import utf8

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B

FONT = font()  # the app's own 6x12 font (firmware/font.py): no terminalio needed
TEXT = 0xE8E8E8
DIM = 0x8A98B0
_TITLE_BG = const(0x1E4E96)
BAR = 0x1F7A8C  # the cursor bar; its text keeps its colour, so a cursor move redraws two rows
ON_BAR = TEXT
WARN = 0xFF7050


class Layout:
    """Sizes for a screen of ``width`` x ``height`` pixels: text scale, rows, columns.

    ``tight``: the title bar and rows only as high as the text (text scale 2 on a wide screen
    less than 200 px high: see ``text()``)."""

    def __init__(self, width, height, scale=None, tight=False):
        self.width = width
        self.height = height
        s = scale or (2 if min(width, height) >= 200 else 1)
        self.scale = s
        self.char_w = 6 * s
        self.margin = 3 * s
        self.footer_h = 14
        self.footer_cols = (width - 4) // 6
        self.cols = (width - 2 * self.margin) // self.char_w
        if tight:
            self.title_h = 12 * s + 1
            self.body_top = self.title_h
            self.body_h = height - self.body_top - self.footer_h
            self.rows = self.body_h // (12 * s)
            self.row_h = self.body_h // self.rows  # the rows share the body's height
            self.line_h = self.row_h  # a text page's line pitch
            self.line_top = self.body_top
        else:
            self.row_h = 14 * s
            self.title_h = 16 * s
            self.body_top = self.title_h + s
            self.body_h = height - self.body_top - self.footer_h
            self.rows = self.body_h // self.row_h
            self.line_h = 13 * s
            self.line_top = self.body_top + s
        self.title_y = (self.title_h - 12 * s) // 2
        self._text = None

    def text(self):
        """The layout of the menus, settings, set-up, text pages and summaries (``Screen``s
        whose ``text_screen`` is true): this one, except on a screen at least 240 px wide but
        less than 200 px high (Feather Reverse TFT 240x135, T-Display S3 320x170), where the
        text is drawn at scale 2 with a tight title bar and rows (4 rows on 240x135, 5 on
        320x170) instead of at scale 1."""
        if self._text is None:
            if self.scale == 1 and self.width >= 240 and self.height >= 135:
                self._text = Layout(self.width, self.height, 2, True)
            else:
                self._text = self
        return self._text

    def game(self):
        """The layout of a game's screens of text rows (``Screen.large_text``): the text layout
        where it has five rows or more (320x170), else this one (at scale 2 the 240x135
        Feather's four rows would hold a status and one move)."""
        lay = self.text()
        return lay if lay.rows >= 5 else self


_blank = {}  # w: one blank 1-bit bitmap a pixel tall per width, shared by the rectangles that wide


def new_screen():
    """A screen is shown: the rectangles and texts made from now on share their bitmaps and
    inks among themselves, not with the screens before (a bitmap or palette kept for every size
    or colour ever drawn would lie where its first screen left it, splitting the heap; those in
    use stay with their screens). The common inks stay: they were made first, at the bottom."""
    _blank.clear()
    _inks.clear()


def rect(x, y, w, h, colour):
    """A filled rectangle: a blank bitmap one pixel tall (shared, never drawn into) repeated
    ``h`` times down, through a one-colour palette: about ``w / 8 + h`` bytes where a ``w`` x
    ``h`` bitmap takes ``w * h / 8`` (a title bar 1 KB). The rectangles of a screen share their
    bitmaps (``new_screen``)."""
    bitmap = _blank.get(w)
    if bitmap is None:
        bitmap = _blank[w] = displayio.Bitmap(w, 1, 1)
    palette = displayio.Palette(1)
    palette[0] = colour
    return displayio.TileGrid(bitmap, pixel_shader=palette, x=x, y=y, height=h, tile_width=w,
                              tile_height=1)


def frame(w, h, t):
    """A ``w`` x ``h`` bitmap: value 1 on a border ``t`` pixels thick, 0 inside (cursor and
    highlight frames, drawn through a palette whose colour 0 is transparent)."""
    b = displayio.Bitmap(w, h, 2)
    for i in range(w):
        for j in range(h):
            if i < t or j < t or i >= w - t or j >= h - t:
                b[j * w + i] = 1  # (by index: a tuple index is garbage per pixel)
    return b


def _new_ink(colour):
    """The two-colour palette (transparent, ``colour``) the texts of that colour share."""
    pal = displayio.Palette(2)
    pal.make_transparent(0)
    pal[1] = colour
    return pal


_common = {TEXT: _new_ink(TEXT), DIM: _new_ink(DIM), WARN: _new_ink(WARN)}  # made now, they stay
_inks = {}  # colour: the ink of the other colours, per screen (``new_screen``)


def ink(colour):
    """The palette (transparent, ``colour``) of text drawn in ``colour``."""
    pal = _common.get(colour)
    if pal is None:
        pal = _inks.get(colour)
        if pal is None:
            pal = _inks[colour] = _new_ink(colour)
    return pal


class Text(displayio.Group):
    """A line of text in the app's font whose top-left corner stays at ``anchored_position``:
    what ``adafruit_display_text.bitmap_label.Label`` with ``anchor_point=(0, 0)`` shows, with
    the same pixels, position and ``bounding_box`` (the emulator and the tests read them), but
    only a group, a tile grid and a 1-bit bitmap on the heap (the palette is shared by every
    text of that colour, and never changed: a new colour takes another palette). The tile grid
    is the group's one item (none for no text), drawn 5 pixels a scale below the top-left
    corner: the corner is read back from the group's place (two attributes an instance)."""

    def __init__(self, text, x, y, colour, scale):
        super().__init__(scale=scale, x=x, y=y)
        self._text = None
        self._colour = colour
        self.text = text

    @property
    def color(self):
        return self._colour

    @color.setter
    def color(self, colour):
        if colour != self._colour:
            self._colour = colour
            if len(self):
                self[0].pixel_shader = ink(colour)

    @property
    def anchored_position(self):
        return (self.x, self.y - 5 * self.scale) if len(self) else (self.x, self.y)

    @anchored_position.setter
    def anchored_position(self, xy):
        self.place(xy[0], xy[1])

    def place(self, x, y):
        """The top-left corner at (x, y): ``anchored_position`` without a tuple (garbage made
        among a screen's lasting objects splits the heap once collected); unchanged, no redraw."""
        if len(self):
            y += 5 * self.scale
        if self.x != x:
            self.x = x
        if self.y != y:
            self.y = y

    @property
    def bounding_box(self):
        if not len(self):
            return (0, 0, 0, 0)
        return (0, -5, self._w, self[0].bitmap.height)

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        if text == self._text:
            return
        self._text = text
        b = utf8(text) if text else None  # its letters from its bytes (``font.code_at``; none
        w = _draw(None, b) if text else 0  # for no text: little garbage among lasting objects)
        self._w = w  # (the bitmap may be wider: one is made only for a wider text)
        h = 12 + 15 * text.count("\n")
        tg = self[0] if len(self) else None
        left = self.x
        top = self.y - 5 * self.scale if tg is not None else self.y
        if w == 0:
            if tg is not None:
                self.pop()
        else:
            if tg is None or tg.bitmap.width < w or tg.bitmap.height != h:
                if tg is not None:
                    self.pop()
                tg = displayio.TileGrid(displayio.Bitmap(w, h, 2), pixel_shader=ink(self._colour),
                                        y=-5)
                self.append(tg)
            else:
                tg.bitmap.fill(0)
            _draw(tg.bitmap, b)
        self.place(left, top)


def _draw(bitmap, b):
    """The text whose UTF-8 bytes are ``b``, a line every 15 pixels: its glyphs drawn into
    ``bitmap`` (value 1 where a glyph is set), or with ``bitmap`` None only measured. The width
    of its widest line in pixels."""
    x = y = w = 0
    i = 0
    while i < len(b):
        c = b[i]
        if c == 10:  # a new line
            x = 0
            y += 15
            i += 1
            continue
        g = FONT.get_glyph(code_at(b, i))
        i += size(c)
        if g is None:
            continue
        if bitmap is not None:
            x1 = g.tile_index * g.width
            if blit is not None:
                blit(bitmap, g.bitmap, x + g.dx, y, x1=x1, y1=0, x2=x1 + g.width, y2=g.height,
                     skip_source_index=0)
            else:
                src = g.bitmap
                bw = bitmap.width
                for j in range(g.height):
                    for k in range(g.width):
                        if src[j * src.width + x1 + k]:
                            bitmap[(y + j) * bw + x + g.dx + k] = 1
        x += g.shift_x
        w = max(w, x)
    return w


def label(text, x, y, colour=TEXT, scale=1):
    """A line of text whose top-left corner stays at (x, y) whatever its text."""
    return Text(text, x, y, colour, scale)


def ticks_due(now, at):
    """True once ``supervisor.ticks_ms()`` (which wraps at 2**29) has reached ``at``."""
    return ((now - at) & 0x1FFFFFFF) < 0x10000000


def clip(text, cols):
    """``text`` cut to ``cols`` characters: a line that must stay one line (a menu row, a
    prompt, the footer). Every cut of the app is made here, so the fit checks of the tests
    can find a text that lost its end (tests/test_phase10_screens.py, ``cuts``)."""
    return text[:cols]


def say(labels, text, cols, warn=False):
    """``text`` word-wrapped onto ``labels`` (a line each; the last holds the rest, cut where
    it does not fit), dim or in the warning colour: a prompt or a refusal. The lines used."""
    lines = wrap(text, cols)
    colour = WARN if warn else DIM
    last = len(labels) - 1
    for i in range(len(labels)):
        lb = labels[i]
        set_text(lb, clip(" ".join(lines[i:]), cols) if i == last else
                 lines[i] if i < len(lines) else "")
        if lb.color != colour:
            lb.color = colour
    return min(len(lines), len(labels))


def set_text(lb, text):
    """Change a label's text only if it differs (an unchanged label is not redrawn)."""
    if lb.text != text:
        lb.text = text


def pair(name, value, cols):
    """``name`` left and ``value`` right in ``cols`` characters (MicroPython has no ljust); a
    pair longer than that is not cut (the fit check finds it off the screen)."""
    gap = cols - len(name) - len(value)
    if gap < 1:
        return name + " " + value
    return name + " " * gap + value


def wrapped(text, cols):
    """The lines of ``text`` word-wrapped to at most ``cols`` (paragraphs split on newlines),
    one at a time: a long page need not be held as a list."""
    for para in text.split("\n"):
        line = None  # a line's leading spaces are kept (a table's header)
        for word in para.split(" "):
            while len(word) > cols:  # cut after its last '_' that fits (a board's id), else full
                if line:
                    yield line
                line = None
                n = word.rfind("_", 0, cols) + 1 or cols
                yield word[:n]
                word = word[n:]
            if line is None:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line += " " + word
            else:
                yield line
                line = word
        yield line


def first_fit(cols, *texts):
    """The first of ``texts`` at most ``cols`` long, else the last: a long title's shorter
    forms."""
    for text in texts:
        if len(text) <= cols:
            break
    return text


def seat_title(cols, name, ph, need):
    """A player's title, ``ANN ph7 set2+set3+set4``: the phase number, then the name, left out
    where it would be longer than ``cols``."""
    return first_fit(cols, name + " " + ph + " " + need, name + " " + need, ph + " " + need)


def wrap(text, cols):
    """``wrapped`` as a list."""
    return list(wrapped(text, cols))


class Screen:
    """A full screen: title bar, body group, footer with this board's key hints.

    Subclasses set ``hints`` ((logical key, verb), ...) and override ``key(k)`` and, if they
    change with time, ``tick(now_ms)``."""

    hints = ((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "back"))
    text_screen = False  # true: laid out by ``app.layout.text()`` (menus and text pages)
    large_text = False  # true: laid out by ``app.layout.game()``: a game's screen of text rows
    large_title = False  # true: only the title bar by ``app.layout.game()`` (``title_layout``)
    number = None  # the page number's label (``show_page``)
    back_to = None  # makes the screen this one returns to when it closes (``App.swap``)

    def __init__(self, app, title):
        self.app = app
        lay = (app.layout.text() if self.text_screen else
               app.layout.game() if self.large_text else app.layout)
        self.layout = lay
        tl = app.layout.game() if self.large_title else lay
        self.title_layout = tl  # its body_top: where the body starts
        g = displayio.Group()
        g.append(rect(0, 0, lay.width, tl.title_h, _TITLE_BG))
        # never cut: a title longer than the bar runs off the screen, which the fit check finds
        self.title = label(title, tl.margin, tl.title_y, TEXT, tl.scale)
        g.append(self.title)
        self.body = displayio.Group()
        g.append(self.body)
        self.footer = label(app.hint_text(self.hints), 2, lay.height - 13, DIM, 1)
        g.append(self.footer)
        self.group = g

    def set_title(self, text):
        set_text(self.title, text)

    def set_hints(self, hints):
        """The footer's key hints (a screen whose keys change with its state, or language)."""
        self.hints = hints
        set_text(self.footer, self.app.hint_text(hints))

    def show_page(self, page, pages):
        """``2/5`` at the right of the footer, on a screen of more than one page."""
        if pages < 2:
            return
        text = str(page + 1) + "/" + str(pages)
        if self.number is None:
            self.number = label("", 0, 0, DIM, 1)
            self.group.append(self.number)
        set_text(self.number, text)
        self.number.anchored_position = (self.layout.width - 2 - 6 * len(text),
                                         self.layout.height - 13)

    def key(self, k):
        if k == _B:
            self.app.pop()

    def tick(self, now):
        pass

    def shown(self):
        """Called when this screen is on top again after the one above it closed."""

    def closed(self):
        """Called when this screen leaves the stack."""
