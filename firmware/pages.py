"""Text a page at a time: the screen (``TextPage``, and ``Message`` for a notice), where each
page of a text starts, and a page's text, read from a string or from the language file
(``Long``: a Rules how-to page stays in the file, only the page shown is on the heap). Imported
while a text page is open (code is RAM on a board)."""

from micropython import const

from firmware import ui
from firmware.lang import span

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B


class Long:
    """A long text (a Rules page) left in the language file, read a piece at a time."""

    def __init__(self, key):
        self.path, self.offset, self.size = span(key) or ("", 0, 0)

    def _file(self, a):
        f = open(self.path, "rb")
        f.seek(self.offset + a)
        return f

    def read(self, a, b):
        """The text's bytes ``a`` to ``b``."""
        with self._file(a) as f:
            return f.read(b - a)

    def para_end(self, a):
        """The offset of the newline ending the paragraph at ``a``, or the size."""
        with self._file(a) as f:
            while a < self.size:
                chunk = f.read(min(64, self.size - a))
                i = chunk.find(b"\n")
                if i >= 0:
                    return a + i
                a += len(chunk)
        return self.size


class Chars:
    """A text on the heap as a ``TextPage`` reads it (``Long`` reads one from the language
    file instead): its UTF-8 bytes by offset."""

    def __init__(self, text):
        self.data = text.encode()
        self.size = len(self.data)

    def read(self, a, b):
        return self.data[a:b]

    def para_end(self, a):
        """The offset of the newline ending the paragraph at ``a``, or the size."""
        i = self.data.find(b"\n", a)
        return self.size if i < 0 else i


def line_starts(para, cols):
    """Where each line of ``para`` (one paragraph) word-wrapped to at most ``cols`` starts: a
    line breaks at its last space that fits, a word longer than a line is cut after its last '_'
    that fits (a board's id), else at the line's end (the lines of ``firmware.ui.wrapped``,
    which draws the page)."""
    out = [0]
    i = 0
    while len(para) - i > cols:
        j = para.rfind(" ", i, i + cols + 1)
        if j > i:
            i = j + 1
        else:  # a word longer than a line: cut after its last '_' that fits, else full
            i = para.rfind("_", i, i + cols) + 1 or i + cols
        out.append(i)
    return out


def paginate(src, cols, rows):
    """The offsets in ``src`` (``Chars`` or ``Long``) where each page of ``rows`` lines of
    ``cols`` starts, reading a paragraph at a time. Pages are filled line by line, as a book
    is set: a paragraph that does not fit what is left of a page is broken between its lines
    where at least two of them stay on the page and two go to the next (no lone first or last
    line), else it goes to the next page whole. A paragraph ending in ':' (a label, "Board
    id:") goes to the next page with the paragraph after it."""
    starts = [0]
    used = 0
    a = 0
    label = None  # (offset, lines) of the paragraph before, a label ending in ':' below others
    while a < src.size:
        b = src.para_end(a)
        para = src.read(a, b).decode()
        lines = line_starts(para, cols)
        n = len(lines)
        k = 0  # the paragraph's lines on earlier pages
        while n - k > rows - used:
            fit = min(rows - used, n - k - 2)
            if fit >= 2 or not used:
                k += max(fit, 1)  # (a page of fewer than four rows may leave a lone line)
                starts.append(a + len(para[:lines[k]].encode()))
                used = 0
            elif label is not None and (n <= rows - label[1] or min(rows - label[1], n - 2) >= 2):
                starts.append(label[0])  # the label goes to the next page with it
                used = label[1]
            else:
                starts.append(a)
                used = 0
            label = None
        label = (a, n) if para.endswith(":") and used and not k else None
        used += n - k
        a = b + 1
    return starts


def page_text(src, starts, page):
    """The text of page ``page`` of ``src`` (``paginate``'s ``starts``)."""
    end = starts[page + 1] if page + 1 < len(starts) else src.size
    return src.read(starts[page], end).decode().rstrip()


class TextPage(ui.Screen):
    """Text a page at a time: DOWN or A the next page, UP the previous one, B back. ``text``:
    a string, or a text read from the language file a page at a time (``Long``): only the page
    shown and where each page starts are held. The page number (``2/5``) is at the right of the
    footer."""

    hints = ((_DOWN, "more"), (_UP, "prev"), (_A, "more"), (_B, "back"))
    text_screen = True

    def __init__(self, app, title, text):
        super().__init__(app, title)
        lay = self.layout
        self.src = Chars(text) if isinstance(text, str) else text
        self.rows = lay.body_h // lay.line_h
        self.starts = paginate(self.src, lay.cols, self.rows)
        self.pages = len(self.starts)
        self.page = 0
        self.labels = []
        self._draw()

    def _draw(self):
        lay = self.layout
        r = 0
        for line in ui.wrapped(page_text(self.src, self.starts, self.page), lay.cols):
            if r == len(self.labels):
                lb = ui.label("", lay.margin, lay.line_top + r * lay.line_h, ui.TEXT, lay.scale)
                self.labels.append(lb)
                self.body.append(lb)
            ui.set_text(self.labels[r], line)
            r += 1
        while r < len(self.labels):
            ui.set_text(self.labels[r], "")
            r += 1
        self.show_page(self.page, self.pages)
        ui.set_text(self.footer, self.app.hint_text(self.page_hints()))

    def page_hints(self):
        """The footer's hints for the page shown: no "more" on the last page (A there does
        what the screen's A does at the end: ``ok``, or its own verb), no "prev" on the first."""
        last = self.page + 1 >= self.pages
        out = []
        for k, verb in self.hints:
            if (k == _DOWN and last) or (k == _UP and self.page == 0):
                continue
            out.append((k, "ok" if last and verb == "more" else verb))
        return out

    def key(self, k):
        if k == _DOWN or k == _A:
            if self.page + 1 < self.pages:
                self.page += 1
                self._draw()
            elif k == _A:
                self.app.pop()
        elif k == _UP and self.page > 0:
            self.page -= 1
            self._draw()
        elif k == _B:
            self.app.pop()


class Message(TextPage):
    """A short notice: A shows its next page, or closes it on the last; B closes it. Once it is
    closed it calls ``then``, if that is set."""

    hints = ((_A, "more"),)  # ("ok" on the last page: ``page_hints``)
    then = None

    def closed(self):
        super().closed()
        if self.then is not None:
            self.then()
