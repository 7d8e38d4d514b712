"""Phase 10's table as ``firmware.tableview`` shows it (``Screens.table``): loaded with the
table, which takes the turn screen's place."""

from firmware.lang import t
from firmware.tableview import group_tiles
from firmware.phase10.text import phase_tag


def entries(game, seat):
    """The table as ``seat`` sees it (firmware.tableview), ``game`` the card game's ``Screens``:
    the pile, then per player a line (phase, cards in hand, penalty points, laid / waits) and
    their laid groups' cards as tiles."""
    card_text = game.card_text
    names = game.session.names
    view = game.session.state.view(seat, False)
    top = view.discard_top
    out = [(t("p10.deck_top").format(view.draw_size, card_text(top) if top >= 0 else "-"), None)]
    for s in range(view.n):
        if not view.active[s]:
            continue
        line = names[s] + " " + phase_tag(view, s) + " " + t("p10.cards_c").format(view.hand_size(s)) \
            + " " + t("p10.pt").format(view.scores[s])
        if view.laid[s]:
            line += " " + t("p10.laid")
        if view.waiting[s]:
            line += " " + t("p10.waits")
        out.append((line, group_tiles(view.table, s) or None))
    if len(out) <= 3:  # room for the legend on the same page
        out.append((t("p10.legend"), None))
    return out
