"""Phase 10, the card game, on the device: the screens module its registry entry names
(docs/firmware-games.md). ``Screens`` gives the person's turn screen (``firmware.phase10.turn``),
the texts between hands and at the end, the status line, the table and the sounds; per-game
session state (the hand sorted by colour, the tiebreak announced) lives on it.

Computer players come from the rules core (``shared_rules.phase10.game.PLAYERS``): *easy* ``EasyBot``,
*normal* ``GreedyBot``, *hard* ``HardBot`` (docs/rules-decisions.md).
"""

from shared_rules.phase10 import game as P

CARD = (1046, 25)  # tones (Hz, ms): a card played, a phase laid down
PHASE = (784, 180)


class Screens:
    def __init__(self, session):
        self.session = session
        self.by_colour = False  # the person's hand sorted by colour (kept between turns)
        self.tie = False  # the tiebreak hand has been announced

    def decision(self, seat):
        from firmware.phase10.turn import Turn

        return Turn(self.session, seat)

    def watch(self, screen, y):
        """The person's hand, drawn hollow (dimmed), under the computer players' moves at
        ``y``; with ``y`` None only the height it takes."""
        from firmware.cards import HandRow, sort_cards, tile_size

        s = self.session
        lay = s.app.layout
        cs = lay.scale  # large cards where eleven fit across (320x170) as on the turn screen
        if cs == 1 and (lay.width - 1) // tile_size(2)[2] >= 11:
            cs = 2
        if y is None:
            return tile_size(cs)[1] + 2
        seat = 0
        for i in range(len(s.kinds)):
            if s.kinds[i] == 0:
                seat = i
        hand = sort_cards(s.state.view(seat).hand, self.by_colour)
        row = HandRow(screen.body, lay.width, y, 1, cs, s.app.settings.marks)
        row.set_cards(hand, [True] * len(hand))
        screen.hand = row
        return row.height

    def detail(self, move):
        """What the log adds to the rules core's line: the cards a phase was laid with
        (``BOB lays phase 2: 7 7 W | 3 4 5 6``)."""
        if move[0] != P.LAY:
            return ""
        from shared_rules.cards import text

        return ": " + " | ".join([" ".join([text(c) for c in g]) for g in move[2]])

    def tone(self, move):
        k = move[0]
        if k == P.LAY:
            return PHASE
        if k == P.DISCARD or k == P.HIT:
            return CARD
        return None

    def refusal(self, err):
        from firmware.phase10 import text as p10text  # a person's refusals and the table only (code is RAM)

        return p10text.short(err.code)

    def table(self, seat):
        from firmware.phase10 import text as p10text

        s = self.session
        return p10text.table_entries(s.state.view(seat), s.names)

    def status(self):
        s = self.session
        st = s.state
        parts = ["Hand " + str(st.hand_no)]
        for seat in range(st.n):
            if st.active[seat]:
                parts.append(s.names[seat] + ":" + (str(st.completed(seat)) if st.progression == P.FREE
                                                    else str(st.phase_of(seat) or "-")))
        return " ".join(parts)

    def round_text(self):
        """Penalty points of the hand just ended and who advances."""
        st = self.session.state
        names = self.session.names
        out, points, advanced = st.last_hand
        lines = [names[out] + " went out. Penalty points this hand, total, phase next:"]
        again = st.tiebreak and self.tie
        self.tie = st.tiebreak
        if again:
            lines.append("Nobody laid phase " + str(st.phase_numbers[-1]) + ": the tiebreak hand "
                         "is dealt again.")
        for s in range(st.n):
            if not st.active[s] and not points[s]:
                continue
            line = names[s] + " +" + str(points[s]) + ", " + str(st.scores[s]) + ", "
            nxt = st.phase_of(s)
            if st.progression == P.FREE:
                line += "laid" if advanced[s] else "not laid"
            elif advanced[s]:
                line += "ph" + str(nxt) if nxt else "done"
            else:
                line += "ph" + str(nxt) + " again"
            lines.append(line)
        if st.tiebreak and not again:
            tied = [names[s] for s in range(st.n) if st.active[s]]
            lines.append("Tie! " + ", ".join(tied) + " play a tiebreak hand: first to lay phase "
                         + str(st.phase_numbers[-1]) + " wins.")
        return "Hand " + str(st.hand_no - 1) + " over", "\n".join(lines)

    def ending_text(self):
        st = self.session.state
        names = self.session.names
        won = [names[w] for w in st.winners]
        head = " and ".join(won) + (" win!" if len(won) > 1 else " wins!")
        lines = [head]
        if st.last_hand is not None and not st.tiebreak:
            out = st.last_hand[0]
            lines.append("Last hand: " + names[out] + " went out.")
        if st.tiebreak:
            lines.append("Tiebreak hand: " + won[0] + " laid phase " + str(st.phase_numbers[-1])
                         + " first.")
        # everyone advances: everyone has played every phase, laid or not, and points decide
        everyone = st.progression == P.EVERYONE
        if everyone:
            lines.append("Fewest points win.")
        places = st.ranking()
        order = sorted(range(st.n), key=lambda s: (places[s], s))
        for s in order:
            line = str(places[s]) + ". " + names[s] + " "
            if not everyone:
                line += str(st.completed(s)) + " ph "
            lines.append(line + str(st.scores[s]) + " pt")
        return "Game over", "\n".join(lines)
