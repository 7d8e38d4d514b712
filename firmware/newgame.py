"""New game set-up: game variants, 2-6 seats, each a person with a three-letter name or a
computer player (easy, normal, hard). The choices are kept in the settings for next time."""

from boards import UP, DOWN, LEFT, RIGHT, A, B
from firmware import ui
from firmware.menus import GAMES
from firmware.saves import KIND_NAMES, NAME_CHARS

EDITIONS = ("classic", "2020")
PHASES = ("all", "5", "8", "odd", "even")
PROGRESSIONS = ("standard", "everyone", "free")
# (settings attribute, row name, values) of the card game's variants
_VARIANTS = (("edition", "Edition", EDITIONS), ("phases", "Phases", PHASES),
             ("progression", "Progress", PROGRESSIONS))


class NewGame(ui.ListScreen):
    def __init__(self, app, game):
        self.app = app
        self.before = app.settings.to_bytes()
        app.settings.game = game
        self.variants = _VARIANTS if game == 0 else ()
        super().__init__(app, GAMES[game], self._rows())

    def _rows(self):
        s = self.app.settings
        cols = self.app.layout.cols
        rows = []
        for attr, name, values in self.variants:
            rows.append(ui.pair(name, values[getattr(s, attr)], cols))
        rows.append(ui.pair("Players", str(s.players), cols))
        for seat in range(s.players):
            rows.append(seat_text(s, seat, cols))
        rows.append("Start")
        return rows

    def shown(self):
        self.menu.set_items(self._rows())

    def adjust(self, i, step):
        s = self.app.settings
        nv = len(self.variants)
        if i < nv:
            attr, _, values = self.variants[i]
            setattr(s, attr, (getattr(s, attr) + step) % len(values))
        elif i == nv:
            s.players = (s.players - 2 + step) % 5 + 2
        elif i <= nv + s.players:
            seat = i - nv - 1
            s.kinds[seat] = (s.kinds[seat] + step) % len(KIND_NAMES)
        else:
            return
        self.menu.set_items(self._rows())

    def choose(self, i):
        s = self.app.settings
        nv = len(self.variants)
        if nv < i <= nv + s.players:
            self.app.push(SeatEditor(self.app, i - nv - 1))
        elif i == len(self.menu.items) - 1:
            self.app.save_settings()
            self.before = self.app.settings.to_bytes()
            from firmware.play import start

            start(self.app)
        else:
            self.adjust(i, 1)

    def closed(self):
        if self.app.settings.to_bytes() != self.before:
            self.app.save_settings()


def seat_text(s, seat, cols):
    return ui.pair(str(seat + 1) + " " + s.names[seat], KIND_NAMES[s.kinds[seat]], cols)


class SeatEditor(ui.ListScreen):
    """One seat: person or computer level, and the three-letter name."""

    def __init__(self, app, seat):
        self.app = app
        self.seat = seat
        super().__init__(app, "Player " + str(seat + 1), self._rows())

    def _rows(self):
        s = self.app.settings
        cols = self.app.layout.cols
        return [ui.pair("Player", KIND_NAMES[s.kinds[self.seat]], cols),
                ui.pair("Name", s.names[self.seat], cols), "Done"]

    def shown(self):
        self.menu.set_items(self._rows())

    def adjust(self, i, step):
        if i == 0:
            s = self.app.settings
            s.kinds[self.seat] = (s.kinds[self.seat] + step) % len(KIND_NAMES)
            self.menu.set_row(0, self._rows()[0])

    def choose(self, i):
        if i == 1:
            self.app.push(NameEditor(self.app, self.seat))
        elif i == 2:
            self.app.pop()
        else:
            self.adjust(i, 1)


class NameEditor(ui.Screen):
    """Three letters: UP/DOWN change the letter, A goes to the next one (and keeps the name
    after the third), B goes back one (and leaves unchanged from the first)."""

    hints = ((DOWN, "+"), (UP, "-"), (A, "next"), (B, "back"))

    def __init__(self, app, seat):
        super().__init__(app, "Name of player " + str(seat + 1))
        lay = app.layout
        self.seat = seat
        self.chars = list(app.settings.names[seat])
        self.pos = 0
        big = 3 * lay.scale
        cw = 6 * big
        x0 = (lay.width - 3 * cw - 4 * big) // 2
        y = lay.body_top + (lay.body_h - 14 * big) // 2
        self.x0 = x0
        self.step = cw + 2 * big
        self.letters = []
        for i in range(3):
            lb = ui.label(self.chars[i], x0 + i * self.step, y, ui.TEXT, big)
            self.letters.append(lb)
            self.body.append(lb)
        self.cursor = ui.rect(x0, y + 13 * big, cw, big, ui.BAR)
        self.body.append(self.cursor)

    def key(self, k):
        if k == UP or k == DOWN:
            c = NAME_CHARS.find(self.chars[self.pos])
            c = (c + (1 if k == DOWN else -1)) % len(NAME_CHARS)
            self.chars[self.pos] = NAME_CHARS[c]
            ui.set_text(self.letters[self.pos], self.chars[self.pos])
        elif k == A or k == RIGHT:
            if self.pos < 2:
                self._move(1)
            elif k == A:
                self.app.settings.names[self.seat] = "".join(self.chars)
                self.app.pop()
        elif k == B or k == LEFT:
            if self.pos > 0:
                self._move(-1)
            elif k == B:
                self.app.pop()

    def _move(self, step):
        self.pos += step
        self.cursor.x = self.x0 + self.pos * self.step
