"""Settings: the language, sound, colour-blind card marks, brightness, computer speed, volume (where there is
a speaker), and a button test.
Values change with A (or LEFT/RIGHT), apply at once and are saved on leaving. Reached from the
main menu and from a game's pause menu."""

from boards import B, KEY_NAMES
from firmware import lang, ui
from firmware.lang import t

ON_OFF = ("set.off", "set.on")
SPEEDS = ("set.slow", "set.normal", "set.fast")
VOLUMES = ("set.soft", "set.normal", "set.loud")


class SettingsScreen(ui.ListScreen):
    def __init__(self, app):
        self.app = app
        self.fields = ["sound", "marks"]
        if app.board.BRIGHTNESS:
            self.fields.append("bright")
        self.fields.append("speed")
        if app.sound.speaker is not None:
            self.fields.append("volume")
        self.fields.append("buttons")
        self.fields.append("lang")  # last: the rows above keep their places
        self.before = app.settings_bytes()
        super().__init__(app, t("set.title"), [self._row(f) for f in self.fields])

    def _row(self, field):
        s = self.app.settings
        cols = self.app.layout.text().cols
        if field == "lang":
            return ui.pair(t("set.language"), lang.NAMES[s.lang], cols)
        if field == "sound":
            return ui.pair(t("set.sound"), t(ON_OFF[s.sound]), cols)
        if field == "marks":
            return ui.pair(t("set.marks"), t(ON_OFF[s.marks]), cols)
        if field == "bright":
            return ui.pair(t("set.bright"), str(25 * (s.bright + 1)) + "%", cols)
        if field == "buttons":
            return t("set.buttons")
        if field == "volume":
            return ui.pair(t("set.volume"), t(VOLUMES[s.volume]), cols)
        return ui.pair(t("set.speed"), t(SPEEDS[s.speed]), cols)

    def choose(self, i):
        if self.fields[i] == "buttons":
            self.app.push(ButtonTest(self.app))
        else:
            self.adjust(i, 1)

    def adjust(self, i, step):
        field = self.fields[i]
        if field == "buttons":
            return
        s = self.app.settings
        count = {"lang": 3, "sound": 2, "marks": 2, "bright": 4, "speed": 3, "volume": 3}[field]
        setattr(s, field, (getattr(s, field) + step) % count)
        self.app.apply_settings()
        if field == "lang":  # every row and the title in the new language
            self.set_title(t("set.title"))
            self.set_hints(self.hints)
            for j in range(len(self.fields)):
                self.menu.set_row(j, self._row(self.fields[j]))
        else:
            self.menu.set_row(i, self._row(field))

    def closed(self):
        if self.app.settings_bytes() != self.before:
            self.app.save_settings()


class ButtonTest(ui.Screen):
    """Shows each physical button while it is held and each logical key as it arrives (and the
    stick's position on the PyGamer), so the first person with a real board can check the key
    wiring, which no real board has confirmed yet. B twice in a row leaves."""

    hints = ((B, "twice: back"),)

    def __init__(self, app):
        super().__init__(app, t("bt.title"))
        lay = app.layout
        self.rows = []
        for r in range(4):
            lb = ui.label("", lay.margin, lay.body_top + lay.scale + r * lay.row_h, ui.TEXT, lay.scale)
            self.rows.append(lb)
            self.body.append(lb)
        self.last = None
        self.count = 0
        self.shown_held = None
        ui.set_text(self.rows[0], t("bt.press"))

    def _held(self):
        """The physical buttons held now (two- and three-button boards: by their names)."""
        names = []
        bt = self.app.buttons
        hints = self.app.board.HINTS
        for h in bt.held:
            short = bt.scanners[h[0]][1]
            name = hints[short[h[1]]] or ("button " + str(h[1]))
            names.append(name)
        return ", ".join(names)

    def key(self, k):
        name = KEY_NAMES[k]
        if k == B and self.last == B:
            self.app.pop()
            return
        self.count = self.count + 1 if k == self.last else 1
        self.last = k
        how = self.app.board.HINTS[k] or "-"
        ui.set_text(self.rows[0], t("bt.key").format(name + (" x" + str(self.count) if self.count > 1 else "")))
        ui.set_text(self.rows[1], t("bt.made_by").format(how))

    def tick(self, now):
        held = self._held()
        if held != self.shown_held:
            self.shown_held = held
            ui.set_text(self.rows[2], t("bt.held").format(held) if held else "")
        stick = self.app.buttons.stick
        if stick is not None:
            ui.set_text(self.rows[3], t("bt.stick").format(stick[0].value >> 8, stick[1].value >> 8))
