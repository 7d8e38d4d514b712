"""A seat of the New game set-up: person or computer level, and the three-letter name (opened
from ``firmware.newgame``; a module of its own so that the set-up loads it only when a seat is
edited: code is RAM on a SAMD51)."""

from micropython import const

from firmware import ui
from firmware.menu import ListScreen
from firmware.lang import t
from firmware.settings import KIND_NAMES, NAME_CHARS

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B


class SeatEditor(ListScreen):
    """One seat: person or computer level, and the three-letter name."""

    def __init__(self, app, seat):
        self.app = app
        self.seat = seat
        super().__init__(app, t("seat.title").format(seat + 1), self._rows())

    def _rows(self):
        s = self.app.settings
        cols = self.app.layout.text().cols
        return [ui.pair(t("seat.player"), t("kind." + KIND_NAMES[s.kinds[self.seat]]), cols),
                ui.pair(t("seat.name"), s.names[self.seat], cols), t("seat.done")]

    def shown(self):
        self.menu.set_items(self._rows())

    def adjust(self, i, step):
        if i == 0:
            s = self.app.settings
            s.kinds[self.seat] = (s.kinds[self.seat] + step) % len(KIND_NAMES)
            self.menu.set_row(0, self._rows()[0])

    def choose(self, i):
        if i == 1:
            self.app.push(NameEditor(self.app, self.seat))
        elif i == 2:
            self.app.pop()
        else:
            self.adjust(i, 1)


class NameEditor(ui.Screen):
    """Three letters: UP/DOWN change the letter, A goes to the next one (and keeps the name
    after the third), B goes back one (and leaves unchanged from the first)."""

    hints = ((_DOWN, "+"), (_UP, "-"), (_A, "next"), (_B, "back"))
    text_screen = True  # part of the set-up: its sizes (ui.Layout.text)

    def __init__(self, app, seat):
        super().__init__(app, t("seat.name_title").format(seat + 1))
        lay = self.layout
        self.seat = seat
        self.chars = list(app.settings.names[seat])
        self.pos = 0
        big = 3 * lay.scale
        cw = 6 * big
        x0 = (lay.width - 3 * cw - 4 * big) // 2
        y = lay.body_top + (lay.body_h - 14 * big) // 2
        self.x0 = x0
        self.step = cw + 2 * big
        self.letters = []
        for i in range(3):
            lb = ui.label(self.chars[i], x0 + i * self.step, y, ui.TEXT, big)
            self.letters.append(lb)
            self.body.append(lb)
        self.cursor = ui.rect(x0, y + 13 * big, cw, big, ui.BAR)
        self.body.append(self.cursor)
        if app.board.BUTTONS >= 4:  # the footer leaves the d-pad out: say what it does here
            self.body.append(ui.label(t("seat.letter"), lay.margin, lay.body_top + lay.scale,
                                      ui.DIM, lay.scale))

    def key(self, k):
        if k == _UP or k == _DOWN:
            c = NAME_CHARS.find(self.chars[self.pos])
            c = (c + (1 if k == _DOWN else -1)) % len(NAME_CHARS)
            self.chars[self.pos] = NAME_CHARS[c]
            ui.set_text(self.letters[self.pos], self.chars[self.pos])
        elif k == _A or k == _RIGHT:
            if self.pos < 2:
                self._move(1)
            elif k == _A:
                self.app.tidy()  # the name lasts: made low in the heap, not among garbage
                self.app.settings.names[self.seat] = "".join(self.chars)
                self.app.pop()
        elif k == _B or k == _LEFT:
            if self.pos > 0:
                self._move(-1)
            elif k == _B:
                self.app.pop()

    def _move(self, step):
        self.pos += step
        self.cursor.x = self.x0 + self.pos * self.step
