"""Settings: sound, colour-blind card marks, brightness, computer speed. Values change with A
(or LEFT/RIGHT), apply at once and are saved on leaving. Reached from the main menu and from a
game's pause menu."""

from firmware import ui

ON_OFF = ("off", "on")
SPEEDS = ("slow", "normal", "fast")


class SettingsScreen(ui.ListScreen):
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
