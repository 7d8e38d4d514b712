"""Text pages a page at a time (``firmware.ui.TextPage``): where each page of a text starts, and
a page's text, read from a string or from the language file (``Long``: a Rules how-to page
stays in the file, only the page shown is on the heap). Imported while a text page is open."""

from firmware.lang import span


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
    line breaks at its last space that fits, a word longer than a line is cut (the lines of
    ``firmware.ui.wrapped``, which draws the page)."""
    out = [0]
    i = 0
    while len(para) - i > cols:
        j = para.rfind(" ", i, i + cols + 1)
        i = j + 1 if j > i else i + cols
        out.append(i)
    return out


def _sentences(para):
    """Where the sentences of ``para`` after its first start: after ``. ``, ``; ``, ``! ``,
    ``? ``."""
    out = []
    for j in range(len(para) - 1):
        if para[j] in ".;!?" and para[j + 1] == " ":
            out.append(j + 2)
    return out


def paginate(src, cols, rows):
    """The offsets in ``src`` (``Chars`` or ``Long``) where each page of ``rows`` lines of
    ``cols`` starts, reading a paragraph at a time. A page breaks between paragraphs or
    sentences where it can; a sentence that does not fit goes to the next page whole, unless
    that would leave half the page or more empty: then it is cut between lines where it is
    longer than a page (it is cut anyway) or its tail and the paragraph's next sentence fit the
    next page. So no page holds only the tail of a sentence but where a sentence is longer than
    a page. A paragraph ending in ':' (a label,
    "Board id:") goes to the next page with the paragraph after it."""
    starts = [0]
    used = 0
    a = 0
    label = None  # (offset, lines) of the paragraph before, a label ending in ':' below others
    while a < src.size:
        b = src.para_end(a)
        para = src.read(a, b).decode()
        whole = True
        while True:
            room = rows - used
            lines = line_starts(para, cols)
            if len(lines) <= room:
                label = (a, len(lines)) if para.endswith(":") and used else None
                used += len(lines)
                break
            ends = _sentences(para)
            cut = 0
            for i in ends:
                if len(line_starts(para[:i].rstrip(" "), cols)) > room:
                    break
                cut = i
            if not cut and used:
                # the first sentence does not fit: cut between lines only where half the page
                # or more would be empty and it is longer than a page (cut anyway) or its tail
                # and the next sentence fit the next page (else its tail would be alone)
                nxt = ends[1] if len(ends) > 1 else len(para)
                over = len(line_starts(para[:ends[0] if ends else len(para)], cols)) > rows
                alone = not ends or len(line_starts(para[lines[room]:nxt].rstrip(" "), cols)) > rows
                if 2 * room < rows or (not over and alone):
                    if whole and label is not None and label[1] + len(lines) <= rows:
                        # the label goes to the next page with it ("Board id:")
                        starts.append(label[0])
                        used = label[1]
                    else:
                        starts.append(a)  # it starts the next page
                        used = 0
                    label = None
                    continue
            if not cut:
                cut = lines[room]  # between lines: the page is full
            a += len(para[:cut].encode())
            para = para[cut:]
            starts.append(a)
            used = 0
            whole = False
            label = None
        a = b + 1
    return starts


def page_text(src, starts, page):
    """The text of page ``page`` of ``src`` (``paginate``'s ``starts``)."""
    end = starts[page + 1] if page + 1 < len(starts) else src.size
    return src.read(starts[page], end).decode().rstrip()
