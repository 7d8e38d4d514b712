"""The pause menu of every game: START during a game, or B on a game screen with nothing to go
back to (docs/firmware-games.md). Imported only when a game is paused."""

from boards import START
from firmware import ui
from firmware.lang import game_name, t


class PauseMenu(ui.ListScreen):
    """START during a game (or B where nothing is left to go back to): resume, the table, the
    log of every move since the person's last decision, the rules of this game, settings, leave
    (the game is saved; Continue resumes it)."""

    def __init__(self, session):
        self.session = session
        self.actions = ["resume", "table", "log"]
        items = [t("pause.resume"), t("pause.table"), t("pause.log")]
        from firmware import texts

        if texts.topics(session.entry.key):
            self.actions.append("rules")
            items.append(t("menu.rules"))
        self.actions += ["settings", "leave"]
        items += [t("menu.settings"), t("pause.leave")]
        # without the game's name where it would not fit
        title = ui.first_fit(session.app.layout.text().cols,
                             t("pause.title").format(game_name(session.entry)), t("pause.short"))
        super().__init__(session.app, title, items)

    def choose(self, i):
        act = self.actions[i]
        app = self.app
        s = self.session
        if act == "resume":
            app.pop()
        elif act == "table":
            from firmware import tableview

            seat = s.viewer if s.viewer is not None else 0
            tableview.show(app, t("pause.table"), s.game.table(seat))
        elif act == "log":
            lines = s.lines or [t("pause.nothing")]
            app.push(ui.TextPage(app, t("pause.since"), "\n".join(lines)))
        elif act == "rules":
            from firmware import texts

            topics = texts.topics(s.entry.key)
            if len(topics) == 1:
                app.push(ui.TextPage(app, topics[0][0], texts.text(topics[0][1])))
            else:
                app.push(texts.RulesMenu(app, s.entry.key))
        elif act == "settings":
            from firmware.setscreen import SettingsScreen

            app.push(SettingsScreen(app))
        else:
            s.leave()

    def key(self, k):
        if k == START:
            self.app.pop()
        else:
            super().key(k)

    def back(self):
        self.app.pop()
