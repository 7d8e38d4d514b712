"""The Rules pages: the phase lists (from the rules core's tables) and a short how-to per game,
and the Rules menu. Imported only while the Rules screen is open."""

from firmware import ui

# (game key in the registry, title, page)
TOPICS = (
    ("phase10", "Phase 10 phases", "card_phases"),
    ("phase10", "Phase 10 how-to", "card_howto"),
    ("phase10board", "Board game phases", "board_phases"),
    ("phase10board", "Board game how-to", "board_howto"),
    ("phase10board", "Board game spaces", "board_spaces"),
    ("dice_express", "Dice Express how-to", "dice_howto"),
)


def topics(key=None):
    """(title, page) of every Rules page, or of one game's (``key``)."""
    return [(t, w) for k, t, w in TOPICS if key is None or k == key]


_CARD_HOWTO = (
    "Be the first to finish all ten phases.\n"
    "Each turn: draw from the pile or take the top discard; lay down your whole phase if you "
    "can; once it is down, add cards to laid groups; then discard one card.\n"
    "A set is cards of one number, a run is numbers in a row, a colour group is cards of one "
    "colour. Wilds stand for any card; a Skip makes a player miss a turn.\n"
    "In the classic rules, on the turn you lay down you may add cards only to your own groups; "
    "other players' groups from your next turn on.\n"
    "When someone goes out, the others score penalty points for the cards left: 1-9: 5, "
    "10-12: 10, Skip: 15, Wild: 25. Whoever laid down moves to the next phase.\n"
    "Variants: Phase 5 or 8, odd or even phases only; everyone advances every hand; or lay "
    "the phases in any order (free choice). The 2020 edition lets you choose whom to skip and "
    "go out by laying off your last card."
)

_BOARD_HOWTO = (
    "Race your marker through ten phases to the finish.\n"
    "Each turn: roll two dice, move your token by one die (or both on a double) and do the "
    "action of the space: draw cards, an extra turn, search the discards, swap cards, "
    "everyone draws, take a joker, ask a player for a number, or a free choice.\n"
    "Then you may lay down your phase and add cards to any laid group, and you discard one.\n"
    "When a player runs out of cards the round ends: they move two phases, everyone else "
    "who laid down moves one. First to the finish wins."
)

_BOARD_SPACES = (
    "The ring's 32 spaces, by letter (the highlighted one is named at the right):\n"
    "1 2 3 (green): draw that many cards, each from the draw or the discard pile.\n"
    "E: draw one card and play another whole turn.\n"
    "S: search the discard pile and take any one card.\n"
    "W: swap, give up that many cards, then draw one more.\n"
    "A: all, every player draws a card, you first.\n"
    "J: take a joker: a card that stands for any card, shown white and marked J.\n"
    "?: ask the players in one direction for a number.\n"
    "F: free choice, move on to the next free space of the kind you pick.\n"
    "Tokens are small squares in each player's colour; the phase track inside the ring shows "
    "each player's phase. When a round ends, players who did not lay down keep up to five cards."
)

_DICE_HOWTO = (
    "Build the longest road of colour pieces along the track to field 30.\n"
    "Before you roll you may give back pieces from the rear of your road (keep one): one die "
    "fewer for each.\n"
    "Roll seven colour dice up to three times, setting aside the ones you like. For each colour "
    "shown two or more times take a piece of that colour as long as the number of dice (a "
    "shorter one if that is gone), or steal a player's rear piece of that colour no longer than "
    "that (one per player per turn, never a lone piece): they move back by its length.\n"
    "A road holds one piece of each colour. No piece this turn: give back your front piece (a "
    "lone piece moves back instead). The player(s) in last place lose nothing. First road to "
    "field 30 wins."
)


def _phases(table, title):
    from shared_rules.phases import describe

    lines = [title]
    for i in range(len(table)):
        # "set of 3 + run of 4": short enough for one line of a 160x128 screen
        lines.append(str(i + 1) + ". " + describe(table[i]).replace("1 set of", "set of")
                     .replace("1 run of", "run of"))
    return "\n".join(lines)


def text(what):
    from shared_rules import phases

    if what == "card_phases":
        return _phases(phases.CARD_PHASES, "The card game's ten phases:") + (
            "\nPhase 5: phases 1-5. Phase 8: 1-8. Odd or even: only those.")
    if what == "board_phases":
        return _phases(phases.BOARD_PHASES, "The board game's ten phases:")
    if what == "card_howto":
        return _CARD_HOWTO
    if what == "board_howto":
        return _BOARD_HOWTO
    if what == "board_spaces":
        return _BOARD_SPACES
    return _DICE_HOWTO


class RulesMenu(ui.ListScreen):
    """The Rules pages of every game, or of one game (``key``: from its pause menu)."""

    def __init__(self, app, key=None):
        self.topics = topics(key)
        super().__init__(app, "Rules", [t[0] for t in self.topics])

    def choose(self, i):
        title, what = self.topics[i]
        self.app.push(ui.TextPage(self.app, title, text(what)))
