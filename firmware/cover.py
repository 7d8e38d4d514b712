"""The pass-and-play cover between two people's turns (``firmware.session``): it hides the
hands until the next person takes the board."""

from micropython import const

from firmware import ui
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_START = const(6)  # boards.START


class Cover(ui.Screen):
    """Hides the hands between two people: "Pass to ANN", until they press A. The text is
    large on a wide screen (``ui.Layout.game``), the last move below it in the small text."""

    hints = ((_A, "show my cards"), (_B, "pause"))
    large_text = True

    def __init__(self, session, seat):
        super().__init__(session.app, t("turns.cover"))
        if self.app.board.BUTTONS < 4:  # a short press of A (DOWN) shows them, as the text says
            self.set_hints(((_DOWN, "show my cards"), (_B, "pause")))
        self.session = session
        self.seat = seat
        lay = self.layout
        name = session.names[seat]
        text = t("turns.pass_to").format(name)
        board = self.app.board
        how = board.HINTS[_A if board.BUTTONS >= 4 else _DOWN] or "A"  # a short press shows it
        lines = ui.wrap(t("turns.only").format(name, how), lay.cols)
        small = self.app.layout  # the last move's
        log = ui.wrap(session.lines[-1], small.cols) if session.lines else []
        # "Pass to ANN" as large as the width allows, and the lines and the move still below it
        big = min(4, (lay.width - 2 * lay.margin) // (len(text) * 6))
        while big > lay.scale and (14 * big + 2 + len(lines) * lay.row_h
                                   + min(1, len(log)) * small.row_h > lay.body_h):
            big -= 1
        # a third of the way down, or higher where the lines below need the room
        need = 14 * big + 2 + len(lines) * lay.row_h + min(2, len(log)) * small.row_h
        y = lay.body_top + max(2, min(lay.body_h // 3 - 6 * big, lay.body_h - need))
        self.body.append(ui.label(text, (lay.width - len(text) * 6 * big) // 2, y, ui.BAR, big))
        # the last move at the bottom, on two lines where it needs them and there is room
        y += 14 * big + 2
        bottom = lay.body_top + lay.body_h
        n = min(len(log), 2, max(1, (bottom - y - len(lines) * lay.row_h) // small.row_h))
        for i in range(min(len(lines), (bottom - y - n * small.row_h) // lay.row_h)):
            self.body.append(ui.label(lines[i], lay.margin, y + i * lay.row_h, ui.TEXT, lay.scale))
        for i in range(n):
            text = ui.clip(" ".join(log[i:]), small.cols) if i == n - 1 else log[i]
            self.body.append(ui.label(text, small.margin, bottom - (n - i) * small.row_h, ui.DIM,
                                      small.scale))

    def key(self, k):
        if k == _A or k == _DOWN:  # DOWN: a short press on the two-button boards
            s = self.session
            s.viewer = self.seat
            s.next_later()
        elif k == _B or k == _START:
            self.session.pause()
