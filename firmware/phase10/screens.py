"""Phase 10, the card game, on the device: the screens module its registry entry names
(docs/firmware-games.md). ``Screens`` gives the person's turn screen (``firmware.phase10.turn``),
the texts between hands and at the end, the status line, the table and the sounds; per-game
session state (the hand sorted by colour, the tiebreak announced) lives on it.

Computer players come from the rules core (``shared_rules.phase10.game.PLAYERS``): *easy* ``EasyBot``,
*normal* ``GreedyBot``, *hard* ``HardBot`` (docs/rules-decisions.md).
"""

from firmware.lang import t
from shared_rules.phase10 import game as P

SKIP = 0x50  # shared_rules.cards.SKIP


def _card(c, letters=None):
    """A card in the app's language (``R7``, ``W``, ``S`` in English: the record's notation)."""
    letters = letters or t("card.letters")
    k = c >> 4
    return letters[k] if k >= 4 else letters[k] + str(c & 15)

CARD = (1046, 25)  # tones (Hz, ms): a card played, a phase laid down
PHASE = (784, 180)


def columns(head, rows):
    """``rows`` (lists of texts, a name first) as lines of a table under ``head``, the
    '|'-separated labels of the columns after the first: the names left, the figures right
    under their labels, the last column left (a phase, "5->6")."""
    rows = [[""] + head.split("|")] + rows
    n = len(rows[0])
    w = [max([len(r[i]) for r in rows]) for i in range(n)]
    out = []
    for r in rows:
        line = r[0] + " " * (w[0] - len(r[0]))
        for i in range(1, n - 1):
            line += " " + " " * (w[i] - len(r[i])) + r[i]
        out.append(line + " " + r[n - 1])
    return out


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
        letters = t("card.letters")
        return ": " + " | ".join([" ".join([_card(c, letters) for c in g]) for g in move[2]])

    def describe(self, move):
        """The log's line of a move, before it is applied, in the app's language (the rules
        core's ``describe`` is English: records and tools keep it): ``ANN takes R7``."""
        s = self.session
        st = s.state
        names = s.names
        who = names[st.turn]
        kind = move[0]
        if kind == P.DRAW_DECK:
            return t("p10.m.draws").format(who)
        if kind == P.TAKE_DISCARD:
            return t("p10.m.takes").format(who, _card(st.discard[-1]))
        if kind == P.LAY:
            return t("p10.m.lays").format(who, move[1] or st.open_phases(st.turn)[0])
        if kind == P.HIT:
            g = st.table[move[2]]
            what = t("p10.kinds").split("|")[g[1]]
            if g[0] == st.turn:
                return t("p10.m.hits_own").format(who, _card(move[1]), what)
            return t("p10.m.hits").format(who, _card(move[1]), names[g[0]], what)
        if kind == P.DISCARD:
            line = t("p10.m.discards").format(who, _card(move[1]))
            if len(st.hands[st.turn]) > 1:  # the turn passes on (not the last card: P10C-15)
                nxt = st._next_active(st.turn)
                # P10C-11 classic: the next player is skipped at once
                if move[1] == SKIP and st.edition == P.CLASSIC:
                    line += t("p10.m.skips_next").format(names[nxt])
                # 2020: a player chosen by an earlier Skip loses this turn
                for _ in range(st.n):
                    if not st.waiting[nxt]:
                        break
                    line += t("p10.m.skipped").format(names[nxt])
                    nxt = st._next_active(nxt)
            return line
        if kind == P.TARGET:
            return t("p10.m.skips").format(who, names[move[1]])
        return t("p10.m.moves").format(who)

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
        parts = [t("p10.hand").format(st.hand_no)]
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
        lines = [t("p10.went_out").format(names[out])]
        again = st.tiebreak and self.tie
        self.tie = st.tiebreak
        if again:
            lines.append(t("p10.nobody").format(st.phase_numbers[-1]))
        free = st.progression == P.FREE
        rows = []
        for s in range(st.n):
            if not st.active[s] and not points[s]:
                continue
            # the phase (free choice: the phases laid) before the hand, and after it where the
            # seat advanced: "5->6"
            if free:
                k = st.completed(s)
                phase = str(k - 1) + "->" + str(k) if advanced[s] else str(k)
            else:
                nxt = st.phase_of(s)
                phase = str(nxt)
                if advanced[s] and not st.tiebreak:
                    phase = str(st.phase_numbers[st.progress[s] - 1]) + "->" + (
                        phase if nxt else t("p10.done"))
            rows.append([names[s], "+" + str(points[s]), str(st.scores[s]), phase])
        lines += columns(t("p10.free_head" if free else "p10.hand_head"), rows)
        if st.tiebreak and not again:
            tied = [names[s] for s in range(st.n) if st.active[s]]
            lines.append(t("p10.tie").format(", ".join(tied), st.phase_numbers[-1]))
        return t("p10.hand_over").format(st.hand_no - 1), "\n".join(lines)

    def ending_text(self):
        st = self.session.state
        names = self.session.names
        won = [names[w] for w in st.winners]
        head = t("p10.win" if len(won) > 1 else "p10.wins").format((" " + t("p10.and") + " ").join(won))
        # everyone advances: everyone has played every phase, laid or not, and points decide
        everyone = st.progression == P.EVERYONE
        places = st.ranking()
        rows = []
        for s in sorted(range(st.n), key=lambda s: (places[s], s)):
            row = [str(places[s]) + ". " + names[s], str(st.scores[s])]
            if not everyone:
                row.insert(1, str(st.completed(s)))
            rows.append(row)
        # the winner and the places first (a page), then how the game ended
        lines = [head] + columns(t("p10.points_head" if everyone else "p10.places_head"), rows)
        if st.tiebreak:
            lines.append(t("p10.tiebreak").format(won[0], st.phase_numbers[-1]))
        elif st.last_hand is not None:
            lines.append(t("p10.last_hand").format(names[st.last_hand[0]]))
        if everyone:
            lines.append(t("p10.fewest"))
        return t("p10.over"), "\n".join(lines)
