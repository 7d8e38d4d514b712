"""The main menu, Settings, Rules and About."""

import gc

from firmware import ui

GAMES = ("Phase 10", "Phase 10 Board", "Dice Express")


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
        for i in range(len(GAMES)):
            items.append(GAMES[i])
            self.actions.append(i)
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
            app.push(SettingsScreen(app))
        elif act == "Rules":
            app.push(RulesMenu(app))
        elif act == "About":
            app.push(About(app))
        elif act == "Statistics":
            from firmware.stats import StatsScreen

            app.push(StatsScreen(app))
        else:
            from firmware.newgame import NewGame

            app.push(NewGame(app, act))

    def back(self):
        pass


ON_OFF = ("off", "on")
SPEEDS = ("slow", "normal", "fast")


class SettingsScreen(ui.ListScreen):
    """Values change with A (or LEFT/RIGHT); they apply at once and are saved on leaving."""

    def __init__(self, app):
        self.app = app
        self.fields = ["sound", "marks"]
        if app.board.BRIGHTNESS:
            self.fields.append("bright")
        self.fields.append("speed")
        self.before = app.settings.to_bytes()
        super().__init__(app, "Settings", [self._row(f) for f in self.fields])

    def _row(self, field):
        s = self.app.settings
        cols = self.app.layout.cols
        if field == "sound":
            return ui.pair("Sound", ON_OFF[s.sound], cols)
        if field == "marks":
            return ui.pair("Card marks", ON_OFF[s.marks], cols)
        if field == "bright":
            return ui.pair("Brightness", str(25 * (s.bright + 1)) + "%", cols)
        return ui.pair("CPU speed", SPEEDS[s.speed], cols)

    def adjust(self, i, step):
        field = self.fields[i]
        s = self.app.settings
        count = {"sound": 2, "marks": 2, "bright": 4, "speed": 3}[field]
        setattr(s, field, (getattr(s, field) + step) % count)
        self.app.apply_settings()
        self.menu.set_row(i, self._row(field))

    def closed(self):
        if self.app.settings.to_bytes() != self.before:
            self.app.save_settings()


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
                + "\n" + board.board_id)
        super().__init__(app, "About", text)


class RulesMenu(ui.ListScreen):
    def __init__(self, app):
        from firmware import texts

        self.topics = texts.TOPICS
        super().__init__(app, "Rules", [t[0] for t in self.topics])

    def choose(self, i):
        from firmware import texts

        title, what = self.topics[i]
        self.app.push(ui.TextPage(self.app, title, texts.text(what)))
