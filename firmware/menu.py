"""The list widget (``Menu``: rows, a highlight bar, scrolling) and the screen that is one
list (``ListScreen``: the main menu, settings, set-up, the pause menu). A module of its own,
loaded by the screens that have one: the board, a cover and the computers' moves have none, and
code is RAM on a board (``App.drop_menu`` lets it go with the main menu when a game starts)."""

from micropython import const

import displayio

from firmware.ui import BAR, DIM, ON_BAR, TEXT, Screen, label, rect, set_text, ticks_due

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B


class Menu:
    """A vertical list with a highlight bar. ``items`` are the rows' texts; only the rows that
    change are redrawn, and the list scrolls when the cursor leaves the visible rows (a thin
    bar at the right edge then shows where the visible rows are in the list). ``row_h``: a row
    height other than the layout's (at least the text's height). A game screen's rows (cards,
    a log line) are cut to the columns, but the cursor's row slides along to show the rest
    (``tick``); a text screen's (menus, settings, set-up) never are: one too long runs off the
    screen, which the fit check finds."""

    def __init__(self, screen, items, top=None, rows=None, row_h=None):
        lay = getattr(screen, "layout", None) or screen.app.layout
        self.lay = lay
        self.cols = 999 if getattr(screen, "text_screen", False) else lay.cols
        self.row_h = row_h or lay.row_h
        self.top = lay.body_top if top is None else top
        self.max_rows = rows or (lay.height - lay.footer_h - self.top) // self.row_h
        self.group = displayio.Group()
        self.bar = rect(0, self.top, lay.width, self.row_h, BAR)
        self.group.append(self.bar)
        self.labels = []
        self.items = []
        self.index = 0
        self.first = 0
        self.thumb = None
        self.dim = []
        self.bar_on = True
        self.shift = 0  # the cursor's row's first character shown (``tick``)
        self.slide_at = None
        screen.body.append(self.group)
        self.set_items(items)

    def set_items(self, items, index=None, dim=None):
        """Replace the rows (the cursor stays put unless ``index`` is given); ``dim`` flags the
        rows shown greyed out (the cursor may rest on them; the screen says why they cannot be
        chosen)."""
        self.items = items
        self.dim = list(dim) if dim else [False] * len(items)
        if index is not None:
            self.index = index
        self.index = max(0, min(self.index, len(items) - 1))
        rows = min(len(items), self.max_rows)
        lay = self.lay
        while len(self.labels) < rows:
            y = self.top + len(self.labels) * self.row_h + (self.row_h - 12 * lay.scale) // 2
            lb = label("", lay.margin, y, TEXT, lay.scale)
            self.labels.append(lb)
            self.group.append(lb)
        while len(self.labels) > rows:
            self.group.remove(self.labels.pop())
        if self.thumb is not None:
            self.group.remove(self.thumb)
            self.thumb = None
        if len(items) > rows:
            track = rows * self.row_h
            self.thumb = rect(lay.width - 2 * lay.scale, self.top, 2 * lay.scale,
                              max(4, track * rows // len(items)), DIM)
            self.group.append(self.thumb)
        self._scroll()
        self._draw()

    def _scroll(self):
        rows = len(self.labels)
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + rows:
            self.first = self.index - rows + 1
        self.first = max(0, min(self.first, len(self.items) - rows))

    def _draw(self):
        self.shift = 0
        self.slide_at = None
        for r in range(len(self.labels)):
            i = self.first + r
            lb = self.labels[r]
            set_text(lb, self.items[i][: self.cols])
            if self.dim[i]:
                colour = DIM
            else:
                colour = ON_BAR if self.bar_on and i == self.index else TEXT
            if lb.color != colour:
                lb.color = colour
        hidden = not (self.bar_on and self.items)
        if self.bar.hidden != hidden:
            self.bar.hidden = hidden
        y = self.top + (self.index - self.first) * self.row_h
        if self.bar.y != y:
            self.bar.y = y
        if self.thumb is not None:
            y = self.top + self.first * len(self.labels) * self.row_h // len(self.items)
            if self.thumb.y != y:
                self.thumb.y = y

    def move(self, step):
        """Move the cursor (wrapping round)."""
        if self.items:
            self.index = (self.index + step) % len(self.items)
            self._scroll()
            self._draw()

    def set_dim(self, i, flag):
        """Grey row ``i`` out or back in."""
        if self.dim[i] != flag:
            self.dim[i] = flag
            self._draw()

    def set_bar(self, on):
        """Show or hide the highlight bar (hidden while the cursor is elsewhere on the screen)."""
        if on != self.bar_on:
            self.bar_on = on
            self._draw()

    def set_row(self, i, text):
        """Change the text of item ``i`` (redrawn only if visible and different)."""
        self.items[i] = text
        r = i - self.first
        if 0 <= r < len(self.labels):
            set_text(self.labels[r], text[: self.cols])
            if i == self.index:
                self.shift = 0
                self.slide_at = None

    def tick(self, now):
        """The cursor's row, where it is longer than the row: its text slides along a
        character every 150 ms, resting 1.2 s at either end, so it can be read whole (the app
        calls this for its top screen's ``menu``)."""
        if not self.items:
            return
        text = self.items[self.index]
        over = len(text) - self.cols
        if over <= 0:
            return
        if self.slide_at is None:
            self.slide_at = now + 1200
        if not ticks_due(now, self.slide_at):
            return
        self.shift = self.shift + 1 if self.shift < over else 0
        self.slide_at = now + (1200 if self.shift in (0, over) else 150)
        set_text(self.labels[self.index - self.first], text[self.shift:self.shift + self.cols])


class ListScreen(Screen):
    """A menu screen: UP/DOWN move, A chooses, LEFT/RIGHT change a value, B goes back."""

    text_screen = True

    def __init__(self, app, title, items):
        super().__init__(app, title)
        self.menu = Menu(self, items)

    def key(self, k):
        if k == _UP:
            self.menu.move(-1)
        elif k == _DOWN:
            self.menu.move(1)
        elif k == _A:
            self.choose(self.menu.index)
        elif k == _LEFT or k == _RIGHT:
            self.adjust(self.menu.index, -1 if k == _LEFT else 1)
        elif k == _B:
            self.back()

    def choose(self, i):
        self.adjust(i, 1)

    def adjust(self, i, step):
        pass

    def back(self):
        self.app.pop()
