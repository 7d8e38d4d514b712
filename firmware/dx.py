"""Dice Express on the device (docs/firmware-games.md, docs/dice-express.md): the screens of a
turn. Before the roll: roll, or give back rear pieces and roll fewer dice (a list). After a
roll: the dice as coloured faces (with their letter when the colour-blind marks are on), the
ones set aside in a row apart from the ones to roll, the roll number; DOWN/UP walk over the dice
and the Roll / Stop buttons, A sets a die aside or back, or presses the button. After the last
roll: colour by colour, a list of the display's pieces, the steals (greyed with the reason where
not allowed) and Nothing. Nothing is hidden in Dice Express: no cover screens, the title says
whose turn it is."""

import displayio

from boards import UP, DOWN, A, B
from firmware import ui
from firmware.choices import Choices
from firmware.decide import Decision
from shared_rules import dice_express as D

# fill, ink of each colour's die face and piece tile (white, yellow, orange, red, green, blue)
FILL = (0xF0F0F0, 0xF2D21B, 0xF28C1B, 0xD8302A, 0x2EA043, 0x2F6FD8)
INK = (0x202020, 0x202020, 0x202020, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF)
ROLL_TONE = (523, 40)
TAKE_TONE = (784, 60)
STEAL_TONE = (392, 90)

SHORT = {
    "keep_one": "Keep one piece",
    "roll_first": "Roll first",
    "keep_or_stop": "Roll or stop",
    "keep_all": "Roll one die at least",
    "not_rolled": "Not among the dice",
    "wrong_colour": "Other colour",
    "not_in_display": "Not in the display",
    "too_long": "Too long",
    "exact_first": "Take the exact one",
    "self": "Your own road",
    "colour_in_road": "Colour in your road",
    "one_piece": "Only one piece",
    "stolen_this_turn": "Stolen this turn",
    "no_seat": "No such player",
}

# why a steal is greyed out, short enough for a 19-column row: "DAN G4 one piece"
GREY = {"one_piece": "one piece", "stolen_this_turn": "stolen", "too_long": "too long"}


def road_text(st, seat):
    return " ".join([D.piece_text(p) for p in st.roads[seat]]) or "-"


def tiles(road):
    return [(FILL[p >> 3], INK[p >> 3], str(p & 7)) for p in road]


class Screens:
    def __init__(self, session):
        self.session = session
        self._end = session.state.last_end

    # ------------------------------------------------------------------ decisions

    def decision(self, seat):
        s = self.session
        st = s.state
        kind = st.pending[1]
        title = s.names[seat] + "'s turn"
        if kind == D.BEFORE:
            return RollScreen(s, seat, title, self._before_rows(seat), self._front_line(seat))
        if kind == D.REROLL:
            from firmware.dxdice import DiceScreen  # a person's rolls only

            return DiceScreen(s, seat, title, (FILL, INK))
        return Choices(s, seat, title + ": " + D.COLOUR_NAMES[st.colour], self._take_rows(seat),
                       self._take_line(seat))

    def _front_line(self, seat):
        st = self.session.state
        return "Front " + str(st.fronts[seat]) + ": " + road_text(st, seat)

    def _before_rows(self, seat):
        st = self.session.state
        rows = [("Roll 7 dice", (D.ROLL, 0))]
        for g in range(1, len(st.roads[seat])):
            rows.append(("Give back " + str(g) + ", roll " + str(D.DICE - g), (D.ROLL, g)))
        return rows

    def _take_line(self, seat):
        st = self.session.state
        k = st.counts()[st.colour]
        return str(k) + " " + D.COLOUR_NAMES[st.colour] + ", front " + str(st.fronts[seat])

    def _take_rows(self, seat):
        s = self.session
        st = s.state
        c = st.colour
        k = st.counts()[c]
        rows = []
        for length in st.take_lengths(c, k):
            rows.append(("Take " + D.piece_text(D.piece(c, length)), (D.TAKE, D.piece(c, length))))
        for v in range(st.n):
            if v == seat or not st.roads[v]:
                continue
            if st.roads[v][0] >> 3 != c:
                continue  # another colour at the rear: nothing to say
            why = st.steal_check(seat, v, c, k)
            rear = D.piece_text(st.roads[v][0])
            if why:
                rows.append((s.names[v] + " " + rear + " " + GREY.get(why, why), None))
            else:
                rows.append(("Steal " + rear + " from " + s.names[v], (D.STEAL, v)))
        rows.append(("Nothing", (D.PASS,)))
        return rows

    # ------------------------------------------------------------------ texts

    def _fronts(self):
        s = self.session
        st = s.state
        last = st.lasts()
        lines = []
        for seat in range(st.n):
            mark = " (last)" if last & (1 << seat) and not st.over else ""
            lines.append(s.names[seat] + " " + str(st.fronts[seat]) + mark + ": " + road_text(st, seat))
        return lines

    def round_text(self):
        st = self.session.state
        return "Round " + str(st.round_no), "\n".join(self._fronts())

    def ending_text(self):
        s = self.session
        st = s.state
        places = st.ranking()
        lines = [s.names[st.winners[0]] + " wins at " + str(st.fronts[st.winners[0]]) + "!"]
        for seat in sorted(range(st.n), key=lambda x: (places[x], x)):
            lines.append(str(places[seat]) + ". " + s.names[seat] + " " + str(st.fronts[seat]))
        return "Game over", "\n".join(lines)

    def status(self):
        s = self.session
        st = s.state
        return " ".join([s.names[x] + ":" + str(st.fronts[x]) for x in range(st.n)])

    def tone(self, move):
        """The sound of a move (after it was applied); also puts into the log what the move
        brought that no move says: the dice rolled, and the end of a turn without a piece
        (DX-9, or spared in last place, DX-10)."""
        s = self.session
        st = s.state
        k = move[0]
        if (k == D.ROLL or k == D.KEEP) and st.dice:
            s.log("  rolled " + "".join([D.COLOURS[d] for d in st.dice]))
        end = st.last_end
        if end is not None and end is not self._end:
            self._end = end
            who = s.names[end[0]]
            if end[1] == D.END_GAVE_FRONT:
                s.log(who + ": no piece, " + D.piece_text(end[2]) + " back")
            elif end[1] == D.END_MOVED_BACK:
                s.log(who + ": no piece, back " + str(end[3]))
            elif end[1] == D.END_SPARED:
                s.log(who + ": no piece, spared (last)")
        if k == D.ROLL or k == D.KEEP:
            return ROLL_TONE
        if k == D.TAKE:
            return TAKE_TONE
        if k == D.STEAL:
            return STEAL_TONE
        return None

    def refusal(self, err):
        return SHORT.get(err.code)

    def table(self, seat):
        s = self.session
        st = s.state
        last = st.lasts()
        out = []
        for x in range(st.n):
            head = s.names[x] + " " + str(st.fronts[x]) + (" last" if last & (1 << x) else "")
            out.append((head, tiles(st.roads[x])))
        shown = []
        for c in range(6):
            for length in range(2, 7):
                if st.display[c] & (1 << length):
                    shown.append(D.piece(c, length))
        out.append(("Display", tiles(shown)))
        return out


def track(parent, session, x, y, w, h):
    """The roads as lanes on the 1-30 track in the box (x, y, w, h): per player a name (dim for
    the player(s) in last place, who have the catch-up, DX-10; a bar marks whose turn it is),
    each piece a bar of its colour as long as its fields, its length written on it where the
    lane is tall enough, and a line at field 30. Returns the group."""
    st = session.state
    g = displayio.Group()
    n = st.n
    lane = h // n
    name_w = 20
    field = (w - name_w - 2) // 30
    x1 = x + name_w
    digits = lane >= 13 and field >= 6
    names = lane >= 12
    last = st.lasts()
    turn = st.turn if not st.over else -1
    for seat in range(n):
        ly = y + seat * lane
        if seat == turn:
            g.append(ui.rect(x, ly, name_w - 2, lane - 1, ui.BAR))
        colour = ui.DIM if last & (1 << seat) else ui.TEXT
        if names:
            g.append(ui.label(session.names[seat][:3], x + 1, ly + (lane - 12) // 2, colour, 1))
        pos = st.rear_field(seat)
        bar_h = lane - 2
        for p in st.roads[seat]:
            length = p & 7
            px = x1 + (pos - 1) * field
            g.append(ui.rect(px, ly + 1, length * field - 1, bar_h, FILL[p >> 3]))
            if digits:
                g.append(ui.label(str(length), px + (length * field - 6) // 2, ly + (lane - 12) // 2,
                                  INK[p >> 3], 1))
            pos += length
    g.append(ui.rect(x1 + 30 * field, y, 1, n * lane, ui.DIM))
    parent.append(g)
    return g


class RollScreen(Decision):
    """Before the roll: roll, or give back rear pieces first (a list of one or two visible
    rows), over the roads on the track (``track``)."""

    def __init__(self, session, seat, title, rows, prompt=""):
        super().__init__(session, seat, title)
        lay = self.app.layout
        self.moves = [m for _, m in rows]
        bottom = lay.height - lay.footer_h - 1
        n = session.state.n
        shown = min(len(rows), 2)
        if (bottom - lay.body_top - shown * lay.row_h - 2) // n < 12:
            shown = 1
        self.menu = ui.Menu(self, [t for t, _ in rows], top=lay.body_top, rows=shown)
        top = lay.body_top + shown * lay.row_h + 2
        self.lanes = track(self.body, session, lay.margin, top, lay.width - 2 * lay.margin, bottom - top)

    def key(self, k):
        if super().key(k):
            return
        if k == UP or k == DOWN:
            self.menu.move(1 if k == DOWN else -1)
        elif k == A:
            err = self.submit(self.moves[self.menu.index])
            if err is not None:
                self.set_title(self.refusal_text(err))
        elif k == B:
            self.session.pause()
