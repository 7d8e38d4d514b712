"""The board game's legend (docs/phase10board.md): a text page over the board screen, a line
per kind of space with its marks as this board draws them (``+1 +2 +3``, or ``1 2 3`` in small
cells) and what it does, and what a token shows. Imported only while it is shown."""

from firmware.pages import TextPage
from firmware.lang import t


class Legend(TextPage):
    """In the board's own text size: on one page where the screen is 320 wide."""

    text_screen = False


def screen(app, marks):
    """The legend: ``marks`` the marks of each kind of space as the board draws them."""
    words = t("p10b.legend").split("|")
    lines = [marks[k] + ": " + words[k] for k in range(len(marks))]
    lines.append(words[-1])
    return Legend(app, t("rules.board_spaces"), "\n".join(lines))
