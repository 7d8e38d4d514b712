"""Dice Express on the device (docs/firmware-games.md, docs/dice-express.md): the game's
``Screens`` (texts between rounds and at the end, the status line, the table, the sounds).
Nothing is hidden in Dice Express: no cover screens, the title says whose turn it is. A person's
decisions are in ``firmware.dice_express.turn`` (loaded at a person's first decision: code is RAM)."""

from shared_rules.dice_express import game as D

# fill, ink of each colour's die face and piece tile (white, yellow, orange, red, green, blue)
FILL = (0xF0F0F0, 0xF2D21B, 0xF28C1B, 0xD8302A, 0x2EA043, 0x2F6FD8)
INK = (0x202020, 0x202020, 0x202020, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF)
ROLL_TONE = (523, 40)
TAKE_TONE = (784, 60)
STEAL_TONE = (392, 90)


def road_text(st, seat):
    return " ".join([D.piece_text(p) for p in st.roads[seat]]) or "-"


def tiles(road):
    return [(FILL[p >> 3], INK[p >> 3], str(p & 7)) for p in road]


class Screens:
    colours = (FILL, INK)  # a person's screens draw the dice and roads with them (firmware.dice_express.turn)

    def __init__(self, session):
        self.session = session
        self._end = session.state.last_end

    # ------------------------------------------------------------------ decisions

    def decision(self, seat):
        from firmware.dice_express.turn import decision  # a person's decisions only (code is RAM)

        return decision(self, seat)

    def front_line(self, seat):
        st = self.session.state
        return "Front " + str(st.fronts[seat]) + ": " + road_text(st, seat)

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
        from firmware.dice_express.turn import SHORT  # refused only on a person's decision

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
