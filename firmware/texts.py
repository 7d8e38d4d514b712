"""The Rules pages: the phase lists (from the rules core's tables) and a short how-to per game,
in the app's language (their words in the language files, firmware/lang.py), and the Rules menu. Imported only while the Rules screen is open."""

from micropython import const

from firmware.menu import ListScreen
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_RUN = const(1)  # shared_rules.phases.RUN
_COLOUR = const(2)  # shared_rules.phases.COLOUR

# (game key in the registry, title key, page)
_TOPICS = const((
    ("phase10", "rules.card_phases", "card_phases"),
    ("phase10", "rules.card_howto", "card_howto"),
    ("phase10board", "rules.board_phases", "board_phases"),
    ("phase10board", "rules.board_howto", "board_howto"),
    ("phase10board", "rules.board_spaces", "board_spaces"),
    ("dice_express", "rules.dice_howto", "dice_howto"),
))

PAGES = {"card_howto": "rules.card_text", "board_howto": "rules.board_text",
         "board_spaces": "rules.spaces_text", "dice_howto": "rules.dice_text"}


def topics(key=None):
    """(title, page) of every Rules page, or of one game's (``key``), in the app's language."""
    return [(t(k), w) for g, k, w in _TOPICS if key is None or g == key]


def describe(phase):
    """A phase in the app's language, equal groups together: ``2 sets of 3``, ``set of 3 +
    run of 4`` (the rules core's ``phases.describe`` in English, from the language file)."""
    from shared_rules.phases import equal_groups

    parts = []
    for kind, size, count in equal_groups(phase):
        # (each key whole: deploy turns a literal key into its hash, no name interned)
        if count == 1:
            word = t("ph.colour1") if kind == _COLOUR else t("ph.run1") if kind == _RUN else t("ph.set1")
        else:
            word = t("ph.colourN") if kind == _COLOUR else t("ph.runN") if kind == _RUN else t("ph.setN")
        parts.append(word.format(size) if count == 1 else word.format(count, size))
    return " + ".join(parts)


def _phases(table, title):
    lines = [title]
    for i in range(len(table)):
        lines.append(str(i + 1) + ". " + describe(table[i]))
    return "\n".join(lines)


def text(what):
    """A Rules page's text: the phase lists made here (a string), a how-to left in the language
    file and read a page at a time (``firmware.pages.Long``)."""
    from shared_rules import phases

    if what == "card_phases":
        return _phases(phases.CARD_PHASES, t("rules.card_list")) + "\n" + t("rules.card_lists")
    if what == "board_phases":
        return _phases(phases.BOARD_PHASES, t("rules.board_list"))
    from firmware.pages import Long

    return Long(PAGES[what])


class RulesMenu(ListScreen):
    """The Rules pages of every game, or of one game (``key``: from its pause menu)."""

    def __init__(self, app, key=None, at=0):
        self.game = key
        self.topics = topics(key)
        items = [x[0] for x in self.topics]
        super().__init__(app, t("rules.title"), items)
        if at:
            self.menu.set_items(items, at)

    def choose(self, i):
        """The page in place of this menu, which comes back on the same row after it (and
        then goes back where it came from)."""
        app = self.app
        title, what = self.topics[i]
        key = self.game
        back = self.back_to
        app.swap(lambda: _page(app, title, what), lambda: _again(app, key, i, back))


def _page(app, title, what):
    from firmware.pages import TextPage

    return TextPage(app, title, text(what))


def _again(app, key, at, back):
    menu = RulesMenu(app, key, at)
    menu.back_to = back
    return menu


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    TOPICS = _TOPICS
