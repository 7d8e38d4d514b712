"""The board game's legend (docs/phase10board.md): a text page over the board screen, a line
per kind of space with its marks as this board draws them (``+1 +2 +3``, or ``1 2 3`` in small
cells) and what it does, and what a token shows. Imported only while it is shown."""

from firmware import ui
from firmware.lang import t
from firmware.phase10board.board import KLETTER, cell_text
from shared_rules.phase10board import game as B


class Legend(ui.TextPage):
    """In the board's own text size: on one page where the screen is 320 wide."""

    text_screen = False


def show(board):
    """Push the legend over ``board`` (a ``BoardScreen``)."""
    words = t("p10b.legend").split("|")
    lines = []
    for k in range(len(KLETTER)):
        marks = []
        for sp in range(B.SPACES):
            m = cell_text(sp, board.p >= 14)
            if B.space_kind(sp) == k and m not in marks:
                marks.append(m)
        marks.sort()
        lines.append(" ".join(marks) + ": " + words[k])
    lines.append(words[-1])
    board.app.push(Legend(board.app, t("rules.board_spaces"), "\n".join(lines)))
