"""Phase 10, the board game, on the device: the screens module its registry entry names
(docs/firmware-games.md, docs/phase10board.md).

- ROLL and GO: the board screen (``firmware.phase10board.board.BoardScreen``): the 32-space ring, every
  token, the phase track, the dice; the person moves a highlight over the reachable spaces. A
  computer's roll and move are shown on it too (``computer``), its other decisions on the
  computer-turns screen.
- PILE, SEARCH, SWAP, ASK, FREE, KEEP: ``firmware.phase10board.pick.Pick``: a row of cards to pick
  from (the discard pile, the hand) and/or a short list, the hand under it.
- PLAY: the card game's turn screen (``firmware.phase10.turn.Turn``) with the board game's phases.
"""

from micropython import const

from firmware.lang import t
from shared_rules.phase10board import game as B

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_CW = const(0)  # shared_rules.phase10board.game.CW
_DRAW_DECK = const(0)  # shared_rules.phase10board.game.DRAW_DECK
_K_DRAW = const(0)  # shared_rules.phase10board.game.K_DRAW
_ROLL = const(0)  # shared_rules.phase10board.game.ROLL
_GO = const(1)  # shared_rules.phase10board.game.GO
_TAKE_DISCARD = const(1)  # shared_rules.phase10board.game.TAKE_DISCARD
_LAY = const(2)  # shared_rules.phase10board.game.LAY
_HIT = const(3)  # shared_rules.phase10board.game.HIT
_K_SWAP = const(3)  # shared_rules.phase10board.game.K_SWAP
_DISCARD = const(4)  # shared_rules.phase10board.game.DISCARD
_K_JOKER = const(5)  # shared_rules.phase10board.game.K_JOKER
_M_ROLL = const(5)  # shared_rules.phase10board.game.M_ROLL
_M_GO = const(6)  # shared_rules.phase10board.game.M_GO
_PICK = const(7)  # shared_rules.phase10board.game.PICK
_PLAY = const(7)  # shared_rules.phase10board.game.PLAY
_M_SWAP = const(8)  # shared_rules.phase10board.game.M_SWAP
_M_ASK = const(9)  # shared_rules.phase10board.game.M_ASK
_FINISH = const(10)  # shared_rules.phase10board.game.FINISH
_M_FREE = const(10)  # shared_rules.phase10board.game.M_FREE
_M_KEEP = const(11)  # shared_rules.phase10board.game.M_KEEP
_DONE = const(12)  # shared_rules.phase10board.game.DONE


_ROLL_TONE = const((523, 40))
_GO_TONE = const((659, 50))
_CARD = const((1046, 25))
_PHASE = const((784, 180))
_JOKER_TONE = const((1318, 90))
_ASK_TONE = const((440, 60))

def board(session):
    """A computer's roll and move on the board screen (``firmware.phase10board.board``: the dice tumble, the
    cursor frame goes to the space it chose, its token walks there). The computer rolls and
    chooses here, before the screen is made: its decisions find the heap without it (the hard
    player's choice of a space allocates the most), and the screen finds the heap without the
    players (``Session.computer_choice``) and the computer-turns screen's modules
    (``Session.drop_computers``: that screen, which this one replaced, loads them again when
    it comes back); the screen's modules go when the computers' screen takes over
    (``Session.mark_screen``)."""
    session.computer_move()
    move = session.computer_choice()
    session.drop_computers()
    session.mark_screen()
    from firmware.phase10board.board import BoardScreen

    return BoardScreen(session, session.state.pending[0], move)


def ph(marker):
    return t("p10b.fin") if marker >= _FINISH else t("p10b.ph").format(marker + 1)


def space_name(sp):
    """``+2``, ``SWAP3``, ``JOKER`` in the app's language (the rules core's ``space_name``)."""
    k = B.space_kind(sp)
    if k == _K_DRAW:
        return "+" + str(B.space_count(sp))
    word = t("p10b.spaces").split(" ")[k]
    return word + str(B.space_count(sp)) if k == _K_SWAP else word


def card_text(c):
    """A card of the board game in the app's language (``R7``, ``P12``, a joker ``JG5``)."""
    letters = t("card.letters")
    k = (c >> 4) & 3
    k = 6 if k == 1 else k  # its colour 1 is purple
    out = letters[k:k + 1] + str(c & 15)  # (a slice: a letter by index would be interned)
    return "J" + out if c & 0x80 else out


class Screens:
    PHASES = B.BOARD_PHASES  # the phase table of the turn screen (``firmware.phase10.rows``)

    def card_text(self, c):  # for the decision screens (no import back: no cycle)
        return card_text(c)

    def space_name(self, sp):
        return space_name(sp)

    def ph(self, marker):  # for the summaries' texts (firmware.phase10board.ends)
        return ph(marker)

    def __init__(self, session):
        self.session = session
        self.by_colour = False  # the person's hand sorted by colour (kept between turns)

    def screen_of(self, kind):
        """The name of the screen class that shows decision ``kind``."""
        if kind == _ROLL or kind == _GO:
            return "BoardScreen"
        if kind == _PLAY:
            return "BoardTurn"
        return "Pick"

    def shows(self, screen):
        """Whether the person's screen ``screen`` shows the decision now pending (a decision of
        another kind has a screen of its own: ``Session.next`` makes it)."""
        return type(screen).__name__ == self.screen_of(self.session.state.pending[1])

    def computer(self, seat):
        """For a computer's roll, the function that makes the board screen showing it (``board``);
        None for its other decisions and at full speed (the computer-turns screen makes them)."""
        s = self.session
        if s.fast or s.state.pending[1] != _ROLL:
            return None
        return board

    def decision(self, seat):
        s = self.session
        kind = s.state.pending[1]
        if kind == _ROLL or kind == _GO:
            from firmware.phase10board.board import BoardScreen

            return BoardScreen(s, seat)
        if kind == _PLAY:
            from firmware.phase10board.play import BoardTurn

            return BoardTurn(s, seat)
        from firmware.phase10board.pick import Pick

        return Pick(s, seat)

    def watch(self, screen, y):
        """The person's hand, dimmed, under the computer players' moves (as the card game: the
        cards' module goes once the tiles are drawn)."""
        from firmware.cards import HandRow, sort_cards, tile_size

        s = self.session
        lay = s.app.layout
        if y is None:
            return tile_size(lay.scale)[1] + 2
        seat = 0
        for i in range(len(s.kinds)):
            if s.kinds[i] == 0:
                seat = i
        hand = sort_cards(s.state.view(seat, False).hand, self.by_colour)
        row = HandRow(screen.body, lay.width, y, 1, lay.scale, s.app.settings.marks, board=True)
        row.set_cards(hand, [True] * len(hand))
        s.app.forget(("firmware.cards",), False)  # (collected with the screen's garbage)
        return row.height

    def round_text(self):
        """The title and text of the summary of the round just ended (``firmware.phase10board.ends``,
        loaded then: code is RAM on a board)."""
        from firmware.phase10board import ends

        return ends.round_text(self)

    def ending_text(self):
        from firmware.phase10board import ends

        return ends.ending_text(self)

    def status(self):
        s = self.session
        st = s.state
        return t("p10b.status").format(st.round_no) + " " + " ".join(
            [s.names[x] + ":" + ph(st.markers[x]) + "@" + str(st.tokens[x]) for x in range(st.n)])

    def tone(self, move):
        s = self.session
        st = s.state
        k = move[0]
        if k == _M_ROLL:
            s.log("  " + t("p10b.rolled").format(st.dice[0], st.dice[1]))
            return _ROLL_TONE
        if k == _M_GO or k == _M_FREE:
            sp = st.tokens[st.turn] if not st.over else -1
            if sp >= 0 and B.space_kind(sp) == _K_JOKER:
                return _JOKER_TONE
            return _GO_TONE
        if k == _M_ASK:
            a = st.last_ask
            if a is not None:
                s.log("  " + (t("p10b.gives").format(s.names[a[3]], a[1]) if a[3] >= 0
                              else t("p10b.nobody").format(a[1])))
            return _ASK_TONE
        if k == _LAY:
            return _PHASE
        if k in (_DISCARD, _HIT, _DRAW_DECK, _TAKE_DISCARD, _PICK, _M_SWAP, _M_KEEP):
            return _CARD
        return None

    def detail(self, move):
        if move[0] != _LAY:
            return ""
        return ": " + " | ".join([" ".join([card_text(c) for c in g]) for g in move[2]])

    def describe(self, move):
        """The log's line of a move, before it is applied, in the app's language (the rules
        core's ``describe`` is English: records and tools keep it)."""
        s = self.session
        st = s.state
        names = s.names
        who = names[st.turn]
        k = move[0]
        if k == _M_ROLL:
            return t("p10b.m.rolls").format(who)
        if k == _M_GO:
            return t("p10b.m.to").format(who, move[1], space_name(move[1]))
        if k == _DRAW_DECK:
            return t("p10.m.draws").format(who)
        if k == _TAKE_DISCARD:
            return t("p10.m.takes").format(who, card_text(st.discard[-1]))
        if k == _PICK:
            return t("p10b.m.searches").format(who)
        if k == _M_SWAP:
            return t("p10b.m.gives_up").format(who)
        if k == _M_ASK:
            ask = t("p10b.m.asks_cw") if move[2] == _CW else t("p10b.m.asks_ccw")
            return ask.format(who, move[1])
        if k == _M_FREE:
            return t("p10b.m.frees").format(who, t("p10b.spaces").split(" ")[move[1]])
        if k == _M_KEEP:
            return t("p10b.m.keeps_card").format(who)
        if k == _DONE:
            return t("p10b.m.keeps").format(who, len(st.kept[st.turn]))
        if k == _LAY:
            return t("p10b.m.lays").format(who, st.phase_of(st.turn))
        if k == _HIT:
            g = st.table[move[2]]
            what = t("p10.kinds").split("|")[g[1]]
            if g[0] == st.turn:
                return t("p10.m.hits_own").format(who, card_text(move[1]), what)
            return t("p10.m.hits").format(who, card_text(move[1]), names[g[0]], what)
        if k == _DISCARD:
            return t("p10.m.discards").format(who, card_text(move[1]))
        return t("p10.m.moves").format(who)

    def refusal(self, err):
        """A refusal's few words (``firmware.phase10board.why``, loaded for the moment)."""
        from firmware import forget
        from firmware.phase10board import why

        text = why.short(err.code)
        forget("firmware.phase10board.why")
        return text

    def table(self, seat):
        from firmware.phase10board import table  # (loaded with the table)

        return table.entries(self, seat)
