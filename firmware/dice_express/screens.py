"""Dice Express on the device (docs/firmware-games.md, docs/dice-express.md): the game's
``Screens`` (texts between rounds and at the end, the status line, the table, the sounds).
Nothing is hidden in Dice Express: no cover screens, the title says whose turn it is. A person's
decisions are in ``firmware.dice_express.turn`` (loaded at a person's first decision: code is RAM)."""

from micropython import const

from firmware.lang import t
from shared_rules.dice_express import game as D

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_ROLL = const(0)  # shared_rules.dice_express.game.ROLL
_KEEP = const(1)  # shared_rules.dice_express.game.KEEP
_END_GAVE_FRONT = const(2)  # shared_rules.dice_express.game.END_GAVE_FRONT
_STOP = const(2)  # shared_rules.dice_express.game.STOP
_END_MOVED_BACK = const(3)  # shared_rules.dice_express.game.END_MOVED_BACK
_TAKE = const(3)  # shared_rules.dice_express.game.TAKE
_END_SPARED = const(4)  # shared_rules.dice_express.game.END_SPARED
_STEAL = const(4)  # shared_rules.dice_express.game.STEAL

# fill, ink of each colour's die face and piece tile (white, yellow, orange, red, green, blue)
FILL = (0xF0F0F0, 0xF2D21B, 0xF28C1B, 0xD8302A, 0x2EA043, 0x2F6FD8)
INK = (0x202020, 0x202020, 0x202020, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF)
_ROLL_TONE = const((523, 40))
_TAKE_TONE = const((784, 60))
_STEAL_TONE = const((392, 90))


def piece_text(p, letters=None):
    """A piece in the app's language: its colour's letter (``dx.letters``) and its length."""
    return (letters or t("dx.letters"))[p >> 3] + str(p & 7)


def colour_name(c):
    return t("dx.colours").split(" ")[c]


def road_text(st, seat):
    letters = t("dx.letters")
    return " ".join([piece_text(p, letters) for p in st.roads[seat]]) or "-"


def tiles(road):
    """A road's (or the display's) pieces as table tiles: colour, length, colour letter."""
    marks = t("dx.letters")
    return [(FILL[p >> 3], INK[p >> 3], str(p & 7), marks[p >> 3]) for p in road]


class Screens:
    colours = (FILL, INK)  # the dice and the roads are drawn with them (firmware.dice_express.turn, .roads)
    open = True  # nothing is hidden: the computer-turns screen shows the roads in every game (watch)

    def __init__(self, session):
        self.session = session
        self._end = session.state.last_end

    # ------------------------------------------------------------------ decisions

    def decision(self, seat):
        from firmware.dice_express.turn import decision  # a person's decisions only (code is RAM)

        return decision(self, seat)

    def piece_text(self, p):  # for firmware.dice_express.turn (no import back: no cycle)
        return piece_text(p)

    def colour_name(self, c):
        return colour_name(c)

    def front_line(self, seat):
        st = self.session.state
        return t("dx.front").format(st.fronts[seat], road_text(st, seat))

    def watch(self, screen, y):
        """The roads (``firmware.dice_express.roads``) under the computer players' moves, from
        ``y`` to the footer; the screen redraws them after each move (``update``). With ``y``
        None: the least height they need."""
        from firmware.dice_express.roads import Roads, need

        if y is None:
            return need(self.session.state.n)
        lay = screen.layout
        return Roads(screen.body, self.session, lay.margin, y, lay.width - 2 * lay.margin,
                     lay.height - lay.footer_h - y)

    # ------------------------------------------------------------------ texts

    def _fronts(self):
        s = self.session
        st = s.state
        last = st.lasts()
        lines = []
        for seat in range(st.n):
            mark = " " + t("dx.last") if last & (1 << seat) and not st.over else ""
            lines.append(s.names[seat] + " " + str(st.fronts[seat]) + mark + ": " + road_text(st, seat))
        return lines

    def round_text(self):
        st = self.session.state
        return t("dx.round").format(st.round_no), "\n".join(self._fronts())

    def ending_text(self):
        s = self.session
        st = s.state
        places = st.ranking()
        lines = [t("dx.wins_at").format(s.names[st.winners[0]], st.fronts[st.winners[0]])]
        for seat in sorted(range(st.n), key=lambda x: (places[x], x)):
            lines.append(str(places[seat]) + ". " + s.names[seat] + " " + str(st.fronts[seat]))
        return t("dx.over"), "\n".join(lines)

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
        if (k == _ROLL or k == _KEEP) and st.dice:
            letters = t("dx.letters")
            s.log("  " + t("dx.rolled").format("".join([letters[d] for d in st.dice])))
        end = st.last_end
        if end is not None and end is not self._end:
            self._end = end
            who = s.names[end[0]]
            if end[1] == _END_GAVE_FRONT:
                s.log(t("dx.gave_front").format(who, piece_text(end[2])))
            elif end[1] == _END_MOVED_BACK:
                s.log(t("dx.moved_back").format(who, end[3]))
            elif end[1] == _END_SPARED:
                s.log(t("dx.spared").format(who))
        if k == _ROLL or k == _KEEP:
            return _ROLL_TONE
        if k == _TAKE:
            return _TAKE_TONE
        if k == _STEAL:
            return _STEAL_TONE
        return None

    def refusal(self, err):
        from firmware.dice_express.turn import SHORT  # refused only on a person's decision

        key = SHORT.get(err.code)
        return t(key) if key else None

    def describe(self, move):
        """The log's line of a move, before it is applied, in the app's language (the rules
        core's ``describe`` is English: records and tools keep it)."""
        s = self.session
        st = s.state
        who = s.names[st.turn]
        kind = move[0]
        if kind == _ROLL:
            return t("dx.m.gives_rolls").format(who, move[1]) if move[1] else t("dx.m.rolls").format(who)
        if kind == _KEEP:
            letters = t("dx.letters")
            return t("dx.m.keeps").format(who, "".join([letters[c] for c in move[1]]) or t("dx.m.none"))
        if kind == _STOP:
            return t("dx.m.stops").format(who)
        if kind == _TAKE:
            return t("dx.m.takes").format(who, piece_text(move[1]))
        if kind == _STEAL:
            v = move[1]
            p = st.roads[v][0] if 0 <= v < st.n and st.roads[v] else 0
            return t("dx.m.steals").format(who, piece_text(p), s.names[v])
        return t("dx.m.passes").format(who, colour_name(st.colour))

    def table(self, seat):
        s = self.session
        st = s.state
        last = st.lasts()
        out = []
        for x in range(st.n):
            head = s.names[x] + " " + str(st.fronts[x]) + (" " + t("dx.last_short") if last & (1 << x) else "")
            out.append((head, tiles(st.roads[x])))
        shown = []
        for c in range(6):
            for length in range(2, 7):
                if st.display[c] & (1 << length):
                    shown.append(D.piece(c, length))
        out.append((t("dx.display"), tiles(shown)))
        return out
