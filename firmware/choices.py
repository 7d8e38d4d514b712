"""A decision made by picking one row (docs/firmware-games.md): enough for a game whose
decisions are short lists (a test game's roll or hold; the board game's action choice; Dice Express's choices)."""

from micropython import const

from firmware import ui
from firmware.menu import Menu
from firmware.decide import Decision

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B


class Choices(Decision):
    """A decision made by picking one row: ``rows`` is a list of ``(text, move)``, a move of
    None greys its row. A applies the move; a refusal shows its reason above the rows, on
    two lines where one does not hold it (the rows then move down a line). The text is large
    on a wide screen (``ui.Layout.game``)."""

    hints = ((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "pause"))  # B: the pause menu
    large_text = True

    def __init__(self, session, seat, title, rows, prompt=""):
        super().__init__(session, seat, title)
        lay = self.layout
        dy = (lay.row_h - 12 * lay.scale) // 2  # centred in its row, as a menu's
        self.info = [ui.label("", lay.margin, lay.body_top + dy + i * lay.row_h, ui.DIM,
                              lay.scale) for i in range(2)]
        for lb in self.info:
            self.body.append(lb)
        self.menu = None  # made by say(), below the prompt's one or two lines
        self.say(prompt)
        self.set_rows(rows)

    def set_rows(self, rows, prompt=None):
        self.moves = [m for _, m in rows]
        self.menu.set_items([t for t, _ in rows], 0, [m is None for _, m in rows])
        if prompt is not None:
            self.say(prompt)

    def say(self, text, warn=False):
        lay = self.layout
        n = max(1, ui.say(self.info, text, lay.cols, warn))
        menu = self.menu
        if menu is None or menu.top != lay.body_top + n * lay.row_h:
            if menu is not None:
                self.body.remove(menu.group)
            self.menu = Menu(self, [], top=lay.body_top + n * lay.row_h,
                                rows=max(1, lay.rows - n))
            if menu is not None:
                self.menu.set_items(menu.items, menu.index, menu.dim)

    def key(self, k):
        if super().key(k):
            return
        if k == _UP or k == _DOWN:
            self.menu.move(1 if k == _DOWN else -1)
        elif k == _A:
            move = self.moves[self.menu.index]
            if move is None:
                return
            err = self.submit(move)
            if err is not None:
                self.say(self.refusal_text(err), True)
        elif k == _B:
            self.session.pause()
