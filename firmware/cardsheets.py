"""The card tiles' shared bitmaps (``firmware.cards``), drawn from the app's font when a hand row
first needs them or the language or the tile size changed: loaded for that moment and dropped
(code is RAM). Letters are drawn as a label at that scale would draw them."""

import displayio

from firmware import ui
from firmware.font import code_at, size
from firmware.lang import utf8


def faces(tw, th, s, marks):
    """One bitmap ``tw`` x ``th`` per mark of ``marks`` (a str, the first " ": none): the
    tile's frame, ``s`` pixels thick (value 1), and the mark letter at scale 1 under where the
    number goes (value 2)."""
    letters = utf8(marks)  # its letters read from its bytes (a str's letters one by one would
    at = 0  # be interned: ``firmware.font.code_at``)
    n_marks = len(marks)
    bw = tw * n_marks
    b = displayio.Bitmap(bw, th, 3)
    y0 = 12 if s == 1 else 19
    for n in range(n_marks):  # (pixels by index: a tuple index is garbage per pixel)
        x0 = n * tw
        for j in range(th):  # the frame, s pixels thick
            row = j * bw + x0
            if j < s or j >= th - s:
                for i in range(tw):
                    b[row + i] = 1
            else:
                for i in range(s):
                    b[row + i] = 1
                    b[row + tw - 1 - i] = 1
        cp = code_at(letters, at)
        at += size(letters[at])
        if n:
            _glyph(b, cp, x0 + (tw - 6) // 2, y0, 1, 2)
    return b


def numbers(tw, s, count, cells):
    """One bitmap of ``count`` cells ``tw`` x ``12 s``, cell ``n`` holding ``cells[n - 1]``:
    (text, x, y, scale), the text drawn from (x, y) in its cell (value 1); cell 0 is blank."""
    b = displayio.Bitmap(tw * count, 12 * s, 2)
    for n in range(1, count):
        text, x, y, ts = cells[n - 1]
        x += n * tw
        text = utf8(text)  # its letters read from its bytes (``firmware.font.code_at``)
        at = 0
        while at < len(text):
            x += _glyph(b, code_at(text, at), x, y, ts, 1)
            at += size(text[at])
    return b


def _glyph(b, cp, x, y, s, value):
    """Code point ``cp``'s glyph drawn into bitmap ``b`` as a label at scale ``s`` would draw it
    with its top-left corner at (x, y) (value ``value`` where it is set, rows below ``b`` cut);
    the pixels it advances, 0 without a glyph."""
    g = ui.FONT.get_glyph(cp)
    if g is None:
        return 0
    src = g.bitmap
    bw = b.width
    x1 = g.tile_index * g.width
    x += g.dx * s
    rows = min(g.height, (b.height - y) // s)
    if s == 1 and ui.blit is not None and value == 1:  # (in C on a board)
        ui.blit(b, src, x, y, x1=x1, y1=0, x2=x1 + g.width, y2=rows, skip_source_index=0)
        return g.shift_x
    for j in range(rows):
        for i in range(g.width):
            if src[j * src.width + x1 + i]:
                for v in range(s):
                    row = (y + j * s + v) * bw + x + i * s
                    for u in range(s):
                        b[row + u] = value
    return g.shift_x * s
