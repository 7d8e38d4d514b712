"""New game set-up: the game's variants (from its registry entry), its number of players, each
seat a person with a three-letter name or a computer player (easy, normal, hard). The choices
are kept in the settings for next time (variant values per game, by key)."""

from firmware import ui
from firmware.menu import ListScreen
from firmware.lang import game_name, t, t_or
from firmware.settings import KIND_NAMES, make_room, options, set_option


class NewGame(ListScreen):
    def __init__(self, app, entry):
        self.app = app
        self.entry = entry
        s = app.settings
        app.tidy()  # the variants' places, made low in the heap (``make_room``)
        make_room(s, entry.gid, entry.variants)
        self.before = app.settings_bytes()
        s.game = entry.gid
        s.players = max(entry.min_players, min(entry.max_players, s.players))
        self.variants = entry.variants
        opts = options(s, entry.gid)
        self.values = []  # the index of each variant's value
        for key, _, values in self.variants:
            v = opts.get(key)
            self.values.append(values.index(v) if v in values else 0)
        super().__init__(app, game_name(entry), self._rows())

    def _rows(self):
        s = self.app.settings
        cols = self.app.layout.text().cols
        rows = []
        for i in range(len(self.variants)):
            key, label, values = self.variants[i]
            value = values[self.values[i]]
            rows.append(ui.pair(t_or("var." + key, label), t_or("val." + key + "." + value, value), cols))
        rows.append(ui.pair(t("new.players"), str(s.players), cols))
        for seat in range(s.players):
            rows.append(seat_text(s, seat, cols))
        rows.append(t("new.start"))
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
            set_option(s, e.gid, key, values[self.values[i]])
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
            from firmware.seats import SeatEditor  # loaded when a seat is opened (code is RAM)

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
        self.before = app.settings_bytes()
        from firmware.found import playable

        if not playable(self.entry):
            app.notify(t("new.missing").format(game_name(self.entry)), t("new.cannot"))
            return
        # the set-up's and the menus' screens and modules go before the game's are loaded
        # (compiling a .py module needs several times the heap its code keeps): the game
        # starts once this screen's frames have returned
        app.home()
        app.later = _start

    def closed(self):
        if self.app.settings_bytes() != self.before:
            self.app.save_settings()


def _start(app):
    from firmware.play import start

    start(app)


class Overwrite(ListScreen):
    """A saved game would be replaced by the new one: say so and ask (issue: starting a new
    game used to delete the saved one without a word)."""

    def __init__(self, setup):
        self.setup = setup
        super().__init__(setup.app, t("new.saved"), [t("new.keep"), t("new.replace")])
        lay = self.layout
        y = lay.body_top + 2 * lay.row_h + lay.scale
        if y + 4 * 12 * lay.scale > lay.height - lay.footer_h:  # large text: the note small
            lay = self.app.layout
        for i, line in enumerate(ui.wrap(t("new.replaces"), lay.cols)[:4]):
            self.body.append(ui.label(line, lay.margin, y + i * 12 * lay.scale, ui.DIM, lay.scale))

    def choose(self, i):
        if i == 0:
            self.app.pop()
        else:
            self.setup.start()


def seat_text(s, seat, cols):
    return ui.pair(str(seat + 1) + " " + s.names[seat], t("kind." + KIND_NAMES[s.kinds[seat]]), cols)
