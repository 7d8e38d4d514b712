"""The main menu, Rules and About. The games come from the registry (``shared_rules.registry``):
one row per game that has screens on the device."""

import gc

from firmware import ui
from shared_rules import registry


def games():
    """The registry entries the main menu lists."""
    return [e for e in registry.GAMES if e.screens is not None]


class MainMenu(ui.ListScreen):
    hints = ui.ListScreen.hints[:3]  # no "back" on the first screen

    def __init__(self, app):
        super().__init__(app, "Pocket Phase 10", self._items(app))

    def _items(self, app):
        self.actions = []
        items = []
        if app.has_game():
            items.append("Continue")
            self.actions.append("continue")
        for e in games():
            items.append(e.name)
            self.actions.append(e.gid)
        for name in ("Settings", "Rules", "About", "Statistics"):
            items.append(name)
            self.actions.append(name)
        return items

    def shown(self):
        items = self._items(self.app)
        if items != self.menu.items:
            self.menu.set_items(items, 0)

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
            app.push(About(app))
        elif act == "Statistics":
            from firmware.stats import StatsScreen

            app.push(StatsScreen(app))
        else:
            from firmware.newgame import NewGame

            app.push(NewGame(app, registry.by_id(act)))

    def back(self):
        pass


class About(ui.TextPage):
    def __init__(self, app):
        import board
        import shared_rules
        from firmware import VERSION

        gc.collect()
        try:
            free = str(gc.mem_free() // 1024) + " KB"
        except AttributeError:
            free = "unknown"
        game = app.store.game
        text = ("Version " + VERSION + "\nRules core " + shared_rules.VERSION
                + "\nBoard: " + app.board.NAME
                + "\nScreen " + str(app.layout.width) + "x" + str(app.layout.height)
                + "\nFree memory " + free
                + "\nGame saves " + (str(game.size - 8) + " B" if game else "none")
                + "\nBoard id:\n" + board.board_id)
        super().__init__(app, "About", text)
