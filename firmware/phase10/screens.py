"""Phase 10, the card game, on the device: the screens module its registry entry names
(docs/firmware-games.md). ``Screens`` gives the person's turn screen (``firmware.phase10.turn``),
the texts between hands and at the end, the status line, the table and the sounds; per-game
session state (the hand sorted by colour, the tiebreak announced) lives on it.

Computer players come from the rules core (``shared_rules.phase10.game.PLAYERS``): *easy* ``EasyBot``,
*normal* ``GreedyBot``, *hard* ``HardBot`` (docs/rules-decisions.md).
"""

from micropython import const

from shared_rules.phase10.phases import CARD_PHASES
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_CLASSIC = const(0)  # shared_rules.phase10.game.CLASSIC
_DRAW_DECK = const(0)  # shared_rules.phase10.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10.game.TAKE_DISCARD
_FREE = const(2)  # shared_rules.phase10.game.FREE
_LAY = const(2)  # shared_rules.phase10.game.LAY
_HIT = const(3)  # shared_rules.phase10.game.HIT
_DISCARD = const(4)  # shared_rules.phase10.game.DISCARD
_TARGET = const(5)  # shared_rules.phase10.game.TARGET

_SKIP = const(0x50)  # shared_rules.cards.SKIP


def card_text(c, letters=None):
    """A card as a player reads it, in the app's language: ``R7``, ``W``, ``S`` in English
    (the record's notation, P10C-2), ``К7``, ``W``, ``П`` in Russian (``card.letters``)."""
    letters = letters or t("card.letters")
    k = c >> 4
    return letters[k] if k >= 4 else letters[k] + str(c & 15)

_CARD = const((1046, 25))  # tones (Hz, ms): a card played, a phase laid down
_PHASE = const((784, 180))


class Screens:
    PHASES = CARD_PHASES  # the phase table of the turn screen (``firmware.phase10.rows``)

    def card_text(self, c):  # for the turn screen and the table
        return card_text(c)

    def __init__(self, session):
        self.session = session
        self.by_colour = False  # the person's hand sorted by colour (kept between turns)
        self.tie = False  # the tiebreak hand has been announced

    def decision(self, seat):
        from firmware.phase10.turn import Turn

        return Turn(self.session, seat)

    def watch(self, screen, y):
        """The person's hand, drawn hollow (dimmed), under the computer players' moves at
        ``y``; with ``y`` None only the height it takes. Nothing redraws it: the cards' module,
        loaded for this moment, goes once the tiles are drawn (code is RAM: the computers'
        decisions find its room)."""
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
        hand = sort_cards(s.state.view(seat, False).hand, self.by_colour)
        row = HandRow(screen.body, lay.width, y, 1, cs, s.app.settings.marks)
        row.set_cards(hand, [True] * len(hand))
        s.app.forget(("firmware.cards",), False)  # (collected with the screen's garbage)
        return row.height

    def detail(self, move):
        """What the log adds to the rules core's line: the cards a phase was laid with
        (``BOB lays phase 2: 7 7 W | 3 4 5 6``)."""
        if move[0] != _LAY:
            return ""
        letters = t("card.letters")
        return ": " + " | ".join([" ".join([card_text(c, letters) for c in g]) for g in move[2]])

    def describe(self, move):
        """The log's line of a move, before it is applied, in the app's language (the rules
        core's ``describe`` is English: records and tools keep it): ``ANN takes R7``."""
        s = self.session
        st = s.state
        names = s.names
        who = names[st.turn]
        kind = move[0]
        if kind == _DRAW_DECK:
            return t("p10.m.draws").format(who)
        if kind == _TAKE_DISCARD:
            return t("p10.m.takes").format(who, card_text(st.discard[-1]))
        if kind == _LAY:
            return t("p10.m.lays").format(who, move[1] or st.open_phases(st.turn)[0])
        if kind == _HIT:
            g = st.table[move[2]]
            what = t("p10.kinds").split("|")[g[1]]
            if g[0] == st.turn:
                return t("p10.m.hits_own").format(who, card_text(move[1]), what)
            return t("p10.m.hits").format(who, card_text(move[1]), names[g[0]], what)
        if kind == _DISCARD:
            line = t("p10.m.discards").format(who, card_text(move[1]))
            if len(st.hands[st.turn]) > 1:  # the turn passes on (not the last card: P10C-15)
                nxt = st._next_active(st.turn)
                # P10C-11 classic: the next player is skipped at once
                if move[1] == _SKIP and st.edition == _CLASSIC:
                    line += t("p10.m.skips_next").format(names[nxt])
                # 2020: a player chosen by an earlier Skip loses this turn
                for _ in range(st.n):
                    if not st.waiting[nxt]:
                        break
                    line += t("p10.m.skipped").format(names[nxt])
                    nxt = st._next_active(nxt)
            return line
        if kind == _TARGET:
            return t("p10.m.skips").format(who, names[move[1]])
        return t("p10.m.moves").format(who)

    def tone(self, move):
        k = move[0]
        if k == _LAY:
            return _PHASE
        if k == _DISCARD or k == _HIT:
            return _CARD
        return None

    def refusal(self, err):
        from firmware.phase10 import text as p10text  # a person's refusals and the table only (code is RAM)

        return p10text.short(err.code)

    def table(self, seat):
        from firmware.phase10 import table

        return table.entries(self, seat)

    def status(self):
        s = self.session
        st = s.state
        parts = [t("p10.hand").format(st.hand_no)]
        for seat in range(st.n):
            if st.active[seat]:
                parts.append(s.names[seat] + ":" + (str(st.completed(seat)) if st.progression == _FREE
                                                    else str(st.phase_of(seat) or "-")))
        return " ".join(parts)

    def round_text(self):
        """The title and text of the summary of the hand just ended (``firmware.phase10.ends``,
        loaded then: code is RAM on a board)."""
        from firmware.phase10 import ends

        return ends.round_text(self)

    def ending_text(self):
        from firmware.phase10 import ends

        return ends.ending_text(self.session)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    CARD = _CARD
    PHASE = _PHASE
