"""The main menu, Rules and About. The games come from the registry (``shared_rules.registry``):
one row per game that has screens on the device."""

import gc

from firmware import lang
from firmware.menu import ListScreen
from firmware.lang import game_name, t
from shared_rules import registry


def games():
    """The registry entries the main menu lists."""
    return [e for e in registry.GAMES if e.screens is not None]


class MainMenu(ListScreen):
    hints = ListScreen.hints[:3]  # no "back" on the first screen

    def __init__(self, app):
        items = self._items(app)
        super().__init__(app, t("menu.title"), items)
        game = app.settings.game  # the cursor on the last game set up, unless one is saved
        if game in self.actions and self.actions[0] != "continue":
            self.menu.set_items(items, self.actions.index(game))

    def _items(self, app):
        self.actions = []
        items = []
        if app.has_game():
            items.append(t("menu.continue"))
            self.actions.append("continue")
        for e in games():
            items.append(game_name(e))
            self.actions.append(e.gid)
        for name, key in (("Settings", "menu.settings"), ("Rules", "menu.rules"),
                          ("About", "menu.about"), ("Statistics", "menu.stats")):
            items.append(t(key))
            self.actions.append(name)
        return items

    def shown(self):
        items = self._items(self.app)
        if items != self.menu.items:
            self.menu.set_items(items, 0)
        self.set_title(t("menu.title"))  # and the footer: the language may have changed
        self.set_hints(self.hints)

    def choose(self, i):
        act = self.actions[i]
        app = self.app
        if act == "continue":
            from firmware.play import resume

            resume(app)
        elif act == "Settings":
            from firmware.setscreen import SettingsScreen

            app.push(SettingsScreen(app))
        elif act == "Rules":
            from firmware.texts import RulesMenu

            app.push(RulesMenu(app))
        elif act == "About":
            app.push(about(app))
        elif act == "Statistics":
            from firmware.stats import StatsScreen

            app.push(StatsScreen(app))
        else:
            from firmware.newgame import NewGame

            app.push(NewGame(app, registry.by_id(act)))

    def back(self):
        pass


def about(app):
    """The About page: versions, the board, its screen, the free heap and the save's room."""
    import board
    import shared_rules
    from firmware import VERSION
    from firmware.pages import TextPage

    gc.collect()
    try:
        free = t("about.kb").format(gc.mem_free() // 1024)
    except AttributeError:
        free = t("about.unknown")
    game = app.store.game
    text = t("about.text").format(
        VERSION, shared_rules.VERSION, app.board.NAME, app.layout.width, app.layout.height,
        free, t("about.bytes").format(game.size - 8) if game else t("about.none"), board.board_id)
    return TextPage(app, t("about.title"), text)


class LanguageChoice(ListScreen):
    """The first power-on of a board with no saved settings: English, Русский, Polski, each
    in its own language. The choice is saved at once; Settings changes it later."""

    hints = ListScreen.hints[:3]

    def __init__(self, app):
        super().__init__(app, "Language/Язык/Język", list(lang.NAMES))  # 19: the CLUE's width
        self.menu.move(app.settings.lang)

    def choose(self, i):
        app = self.app
        app.settings.lang = i
        app.apply_settings()
        app.save_settings()
        app.pop()

    def back(self):
        pass
