"""Settings: the language, sound, colour-blind card marks, brightness, computer speed, volume (where there is
a speaker), and a button test.
Values change with A (or LEFT/RIGHT), apply at once and are saved on leaving. Reached from the
main menu and from a game's pause menu."""

from micropython import const

from boards import KEY_NAMES
from firmware import lang, ui
from firmware.menu import ListScreen
from firmware.lang import t
from firmware.settings import FIELDS

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_B = const(5)  # boards.B

_ON_OFF = const(("set.off", "set.on"))
# the rows, top to bottom: (settings field, its label's text key, what each value shows: text
# keys, words, or None for the brightness in per cent); the language last, so that the rows
# above keep their places whatever the language's words
ROWS = (
    ("sound", "set.sound", _ON_OFF),
    ("marks", "set.marks", _ON_OFF),
    ("bright", "set.bright", None),  # boards whose backlight can be dimmed
    ("speed", "set.speed", ("set.slow", "set.normal", "set.fast")),
    ("volume", "set.volume", ("set.soft", "set.normal", "set.loud")),  # boards with a speaker
    ("buttons", "set.buttons", ()),  # the button test, not a value
    ("lang", "set.language", lang.NAMES),
)


class SettingsScreen(ListScreen):
    def __init__(self, app, at=0, first=0):
        self.app = app
        self.rows = [r for r in ROWS if (r[0] != "bright" or app.board.BRIGHTNESS)
                     and (r[0] != "volume" or app.sound.speaker is not None)]
        self.before = app.settings_bytes()
        items = [self._row(r) for r in self.rows]
        super().__init__(app, t("set.title"), items)
        if at:  # back from the button test: the same row, the list scrolled as it was
            self.menu.first = first
            self.menu.set_items(items, at)

    def _row(self, row):
        field, label, shown = row
        if field == "buttons":
            return t(label)
        v = getattr(self.app.settings, field)
        if shown is None:
            text = str(25 * (v + 1)) + "%"
        else:
            text = shown[v]
            if text.startswith("set."):
                text = t(text)
        return ui.pair(t(label), text, self.app.layout.text().cols)

    def choose(self, i):
        if self.rows[i][0] == "buttons":  # the test in place of this screen (its pixels are
            app = self.app  # RAM), which comes back on the same row after it
            back, first = self.back_to, self.menu.first
            app.swap(lambda: ButtonTest(app), lambda: _again(app, i, first, back))
        else:
            self.adjust(i, 1)

    def adjust(self, i, step):
        field = self.rows[i][0]
        if field == "buttons":
            return
        s = self.app.settings
        for name, count, _ in FIELDS:
            if name == field:
                setattr(s, field, (getattr(s, field) + step) % count)
        self.app.apply_settings()
        if field == "lang":  # every row and the title in the new language
            self.set_title(t("set.title"))
            self.set_hints(self.hints)
            for j in range(len(self.rows)):
                self.menu.set_row(j, self._row(self.rows[j]))
        else:
            self.menu.set_row(i, self._row(self.rows[i]))

    def closed(self):
        if self.app.settings_bytes() != self.before:
            self.app.save_settings()


def _again(app, at, first, back):
    screen = SettingsScreen(app, at, first)
    screen.back_to = back
    return screen


class ButtonTest(ui.Screen):
    """Shows each physical button while it is held and each logical key as it arrives (and the
    stick's position on the PyGamer), so the first person with a real board can check the key
    wiring, which no real board has confirmed yet. B twice in a row leaves."""

    hints = ((_B, "twice: back"),)

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
        for si, n in bt.held():
            short = bt.scanners[si][1]
            name = hints[short[n]] or t("bt.button").format(n)
            names.append(name)
        return ", ".join(names)

    def key(self, k):
        name = KEY_NAMES[k]
        if k == _B and self.last == _B:
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
