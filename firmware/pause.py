"""The pause menu of every game: START during a game, or B on a game screen with nothing to go
back to (docs/firmware-games.md). Imported only when a game is paused."""

from micropython import const

from firmware import ui
from firmware.menu import ListScreen
from firmware.lang import game_name, t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_START = const(6)  # boards.START
# the games firmware.texts has Rules pages for (tests/test_lang.py holds it to them): the menu
# knows it without loading that module, whose names would stay interned for good
_RULES = const(("phase10", "phase10board", "dice_express"))


class PauseMenu(ListScreen):
    """START during a game (or B where nothing is left to go back to): resume, the table, the
    log of every move since the person's last decision, the rules of this game, settings, leave
    (the game is saved; Continue resumes it)."""

    def __init__(self, session, at=0):
        self.session = session
        self.opened = False  # a page of it in its place (``App.swap``): the game is not resumed
        self.actions = ["resume", "table", "log"]
        items = [t("pause.resume"), t("pause.table"), t("pause.log")]
        if session.entry.key in _RULES:  # (the Rules pages' module loads when they are chosen)
            self.actions.append("rules")
            items.append(t("menu.rules"))
        self.actions += ["settings", "leave"]
        items += [t("menu.settings"), t("pause.leave")]
        # without the game's name where it would not fit
        title = ui.first_fit(session.app.layout.text().cols,
                             t("pause.title").format(game_name(session.entry)), t("pause.short"))
        super().__init__(session.app, title, items)
        if at:
            self.menu.set_items(items, at)

    def choose(self, i):
        act = self.actions[i]
        s = self.session
        if act == "resume":
            self.app.pop()
        elif act == "leave":
            s.leave()
        else:  # the page in place of this menu, which comes back on the same row after it
            self.opened = True
            loaded = self.app.mark()
            back = self.back_to  # the game's screen made again when the game resumes, if any
            self.app.swap(lambda: _page(s, act), lambda: _back(s, i, loaded, back))

    def key(self, k):
        if k == _START:
            self.app.pop()
        else:
            super().key(k)

    def back(self):
        self.app.pop()

    def closed(self):
        if not self.opened:
            self.session.resumed()


def _back(s, at, loaded, back):
    """The pause menu again, on row ``at``, without the modules its page loaded; ``back``
    makes the game's screen when it closes (``Session.over``), or None."""
    s.app.forget_since(loaded)
    menu = PauseMenu(s, at)
    menu.back_to = back
    return menu


def _page(s, act):
    """The screen of the pause menu's row ``act``: the table, the log, the rules, settings."""
    app = s.app
    if act == "table":
        from firmware import tableview

        return tableview.screen(s, s.viewer if s.viewer is not None else 0)
    if act == "log":
        from firmware.pages import TextPage

        return TextPage(app, t("pause.since"), "\n".join(s.lines or [t("pause.nothing")]))
    if act == "rules":
        from firmware import texts

        topics = texts.topics(s.entry.key)
        if len(topics) == 1:
            from firmware.pages import TextPage

            return TextPage(app, topics[0][0], texts.text(topics[0][1]))
        return texts.RulesMenu(app, s.entry.key)
    from firmware.setscreen import SettingsScreen

    return SettingsScreen(app)
