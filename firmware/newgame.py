"""New game set-up: the game's variants (from its registry entry), its number of players, each
seat a person with a three-letter name or a computer player (easy, normal, hard). The choices
are kept in the settings for next time (variant values per game, by key)."""

from boards import UP, DOWN, LEFT, RIGHT, A, B
from firmware import ui
from firmware.saves import KIND_NAMES, NAME_CHARS


class NewGame(ui.ListScreen):
    def __init__(self, app, entry):
        self.app = app
        self.entry = entry
        s = app.settings
        self.before = s.to_bytes()
        s.game = entry.gid
        s.players = max(entry.min_players, min(entry.max_players, s.players))
        self.variants = entry.variants
        opts = s.options(entry.gid)
        self.values = []  # the index of each variant's value
        for key, _, values in self.variants:
            v = opts.get(key)
            self.values.append(values.index(v) if v in values else 0)
        super().__init__(app, entry.name, self._rows())

    def _rows(self):
        s = self.app.settings
        cols = self.app.layout.cols
        rows = []
        for i in range(len(self.variants)):
            _, name, values = self.variants[i]
            rows.append(ui.pair(name, values[self.values[i]], cols))
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
        e = self.entry
        if i < nv:
            key, _, values = self.variants[i]
            self.values[i] = (self.values[i] + step) % len(values)
            s.set_option(e.gid, key, values[self.values[i]])
        elif i == nv:
            span = e.max_players - e.min_players + 1
            s.players = (s.players - e.min_players + step) % span + e.min_players
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
            if self.app.has_game():
                self.app.push(Overwrite(self))
            else:
                self.start()
        else:
            self.adjust(i, 1)

    def start(self):
        app = self.app
        app.save_settings()
        self.before = app.settings.to_bytes()
        from firmware.found import playable

        if not playable(self.entry):
            app.notify(self.entry.name + " is not on this device yet.", "Cannot start")
            return
        # the set-up's and the menus' screens and modules go before the game's are loaded
        # (compiling a .py module needs several times the heap its code keeps): the game
        # starts once this screen's frames have returned
        app.home()
        app.later = _start

    def closed(self):
        if self.app.settings.to_bytes() != self.before:
            self.app.save_settings()


def _start(app):
    from firmware.play import start

    start(app)


class Overwrite(ui.ListScreen):
    """A saved game would be replaced by the new one: say so and ask (issue: starting a new
    game used to delete the saved one without a word)."""

    def __init__(self, setup):
        self.setup = setup
        super().__init__(setup.app, "Saved game", ["Keep saved game", "Start new game"])
        lay = self.app.layout
        y = lay.body_top + 2 * lay.row_h + lay.scale
        for i, line in enumerate(ui.wrap("A new game replaces the saved one: Continue will no "
                                         "longer find it.", lay.cols)[:4]):
            self.body.append(ui.label(line, lay.margin, y + i * 12 * lay.scale, ui.DIM, lay.scale))

    def choose(self, i):
        if i == 0:
            self.app.pop()
        else:
            self.setup.start()


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
        if app.board.BUTTONS >= 4:  # the footer leaves the d-pad out: say what it does here
            self.body.append(ui.label("UP/DOWN: letter", lay.margin, lay.body_top + lay.scale,
                                      ui.DIM, lay.scale))

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
