"""The board game's table as ``firmware.tableview`` shows it (``Screens.table``): loaded with
the table, which takes the screen's place."""

from firmware.lang import t
from firmware.tableview import group_tiles


def entries(game, seat):
    """The table as ``seat`` sees it (firmware.tableview), ``game`` the board game's ``Screens``:
    the pile, then per player a line (phase, space, cards in hand, laid) and their laid groups
    as tiles."""
    s = game.session
    card_text = game.card_text
    v = s.state.view(seat, False)
    top = v.discard_top
    out = [(t("p10.deck_top").format(v.draw_size, card_text(top) if top >= 0 else "-"), None)]
    for x in range(v.n):
        line = s.names[x] + " " + game.ph(v.markers[x]) + " @" + str(v.tokens[x]) + " " \
            + t("p10b.cards_c").format(v.hand_sizes[x])
        if v.laid[x]:
            line += " " + t("p10.laid")
        out.append((line, group_tiles(v.table, x, True) or None))
    return out
