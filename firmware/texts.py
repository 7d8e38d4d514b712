"""The Rules pages: the phase lists and a short how-to per game, in the app's language (the
language files hold them whole, the phase lists made from the rules core's tables when the files
are built: tools/make_texts.py), and the Rules menu. Imported only while the Rules screen is
open."""

from micropython import const

from firmware.menu import ListScreen
from firmware.lang import t

# (game key in the registry, title key, the page's key)
_TOPICS = const((
    ("phase10", "rules.card_phases", "rules.card_phases_page"),
    ("phase10", "rules.card_howto", "rules.card_text"),
    ("phase10board", "rules.board_phases", "rules.board_phases_page"),
    ("phase10board", "rules.board_howto", "rules.board_text"),
    ("phase10board", "rules.board_spaces", "rules.spaces_text"),
    ("dice_express", "rules.dice_howto", "rules.dice_text"),
))


def topics(key=None):
    """(title, page) of every Rules page, or of one game's (``key``), in the app's language."""
    return [(t(k), w) for g, k, w in _TOPICS if key is None or g == key]


def text(key):
    """The Rules page of ``key``, left in the language file and read a page at a time
    (``firmware.pages.Long``)."""
    from firmware.pages import Long

    return Long(key)


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
