"""A decision made by picking one row (docs/firmware-games.md): enough for a game whose
decisions are short lists (a test game's roll or hold; the board game's action choice; Dice Express's choices)."""

from boards import UP, DOWN, A, B
from firmware import ui
from firmware.decide import Decision


class Choices(Decision):
    """A decision made by picking one row: ``rows`` is a list of ``(text, move)``, a move of
    None greys its row. A applies the move; a refusal shows its reason under the rows."""

    def __init__(self, session, seat, title, rows, prompt=""):
        super().__init__(session, seat, title)
        lay = self.app.layout
        self.info = ui.label(prompt[: lay.cols], lay.margin, lay.body_top + lay.scale, ui.DIM, lay.scale)
        self.body.append(self.info)
        self.menu = ui.Menu(self, [], top=lay.body_top + lay.row_h,
                            rows=max(1, lay.rows - 1))
        self.set_rows(rows)

    def set_rows(self, rows, prompt=None):
        self.moves = [m for _, m in rows]
        self.menu.set_items([t for t, _ in rows], 0, [m is None for _, m in rows])
        if prompt is not None:
            self.say(prompt)

    def say(self, text, warn=False):
        ui.set_text(self.info, text[: self.app.layout.cols])
        colour = ui.WARN if warn else ui.DIM
        if self.info.color != colour:
            self.info.color = colour

    def key(self, k):
        if super().key(k):
            return
        if k == UP or k == DOWN:
            self.menu.move(1 if k == DOWN else -1)
        elif k == A:
            move = self.moves[self.menu.index]
            if move is None:
                return
            err = self.submit(move)
            if err is not None:
                self.say(self.refusal_text(err), True)
        elif k == B:
            self.session.pause()
