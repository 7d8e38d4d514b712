"""The board game's action screens (docs/phase10board.md): one ``Pick`` screen serves PILE (which
pile, card by card), SEARCH (browse the discard pile, top first), SWAP (the cards to give up, one
at a time), ASK (number and direction), FREE (the kind; full kinds greyed with the reason) and
KEEP (up to five cards at the end of a round, then Done). From the top: a line saying what is
asked, a row of card tiles to pick from (the pile or the hand; jokers white, marked J), the hand
under it where it is not the row itself, and the rows of choices. UP/DOWN (and LEFT/RIGHT) walk
through the tiles and then the rows; A picks; B pauses."""

from micropython import const

from firmware import ui
from firmware.menu import Menu
from firmware.cards import HandRow, sort_cards, tile_size
from firmware.decide import Decision
from firmware.lang import t
from shared_rules.phase10board import game as B

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_CW = const(0)  # shared_rules.phase10board.game.CW
_DRAW_DECK = const(0)  # shared_rules.phase10board.game.DRAW_DECK
_CCW = const(1)  # shared_rules.phase10board.game.CCW
_K_EXTRA = const(1)  # shared_rules.phase10board.game.K_EXTRA
_TAKE_DISCARD = const(1)  # shared_rules.phase10board.game.TAKE_DISCARD
_PILE = const(2)  # shared_rules.phase10board.game.PILE
_SEARCH = const(3)  # shared_rules.phase10board.game.SEARCH
_SWAP = const(4)  # shared_rules.phase10board.game.SWAP
_ASK = const(5)  # shared_rules.phase10board.game.ASK
_FREE = const(6)  # shared_rules.phase10board.game.FREE
_K_FREE = const(7)  # shared_rules.phase10board.game.K_FREE
_PICK = const(7)  # shared_rules.phase10board.game.PICK
_M_SWAP = const(8)  # shared_rules.phase10board.game.M_SWAP
_M_ASK = const(9)  # shared_rules.phase10board.game.M_ASK
_M_FREE = const(10)  # shared_rules.phase10board.game.M_FREE
_M_KEEP = const(11)  # shared_rules.phase10board.game.M_KEEP
_DONE = const(12)  # shared_rules.phase10board.game.DONE

# the rows of ASK's first step (the number), and Back from its second (the order)
_ASK_NUMBER = const(-1)
_ASK_BACK = const(-2)


class Pick(Decision):
    hints = ((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "pause"))
    large_text = True  # the prompt and the rows (the T-Display's large text); tiles as the hand's

    def __init__(self, session, seat):
        super().__init__(session, seat, session.names[seat])
        lay = self.layout
        s = self.app.layout.scale  # the tiles' scale
        ps = 1 if lay.cols < 30 and lay.scale == 1 else lay.scale
        # the prompt, on a second line where it is longer than one (the rest moves down)
        self.prompt = [ui.label("", lay.margin, lay.body_top + 1 + 12 * ps * i, ui.DIM, ps)
                       for i in range(2)]
        for lb in self.prompt:
            self.body.append(lb)
        self.pcols = (lay.width - 2 * lay.margin) // (6 * ps)
        self.line_h = 12 * ps
        self.dy = 0  # the second line's height while it shows
        y = lay.body_top + 12 * ps + 3
        th = tile_size(s)[1]
        marks = self.app.settings.marks
        self.hand = HandRow(self.body, lay.width, y, 1, s, marks, board=True)
        self.row_y = y
        y += th + 3
        self.ctx_y = y
        self.ctx = HandRow(self.body, lay.width, y, 1, s, marks, board=True)
        self.ctx_h = th + 3
        self.bottom = lay.height - lay.footer_h
        self.menu = None
        self.asked = None  # ASK: the number chosen, while its order of asking is chosen
        self.by_colour = session.game.by_colour
        self.refresh()

    def refresh(self):
        s = self.session
        st = s.state
        v = st.view(self.seat, False)
        kind = st.pending[1]
        names = s.names
        hand = sort_cards(v.hand, self.by_colour)
        cards = []
        moves = []
        rows = []
        ctx = hand
        title = names[self.seat] + " " + t("p10b.ph").format(v.markers[self.seat] + 1)
        if kind != _ASK:
            self.asked = None
        if kind == _PILE:
            sp = v.action
            prompt = s.game.space_name(sp) + ": " + t("p10b.to_take").format(
                t("p10b.extra_turn") + " " if B.space_kind(sp) == _K_EXTRA else "", v.left)
            rows.append((t("p10.draw_deck") if v.can_deck else t("p10.deck_empty"), (_DRAW_DECK,) if v.can_deck else None))
            top = v.discard_top
            rows.append((t("p10.take").format(s.game.card_text(top)) if top >= 0 else t("p10b.no_discard"),
                         (_TAKE_DISCARD,) if top >= 0 else None))
        elif kind == _SEARCH:
            pile = v.discard_pile
            for i in range(len(pile) - 1, -1, -1):  # every card, as many as the prompt says
                cards.append(pile[i])
                moves.append((_PICK, pile[i]))
            prompt = t("p10b.search").format(len(pile))
        elif kind == _SWAP:
            cards = hand
            moves = [(_M_SWAP, c) for c in hand]
            ctx = None
            prompt = t("p10b.give_up").format(v.left, st.swapped + v.left + 1)
        elif kind == _ASK and self.asked is None:  # first the number, "7 (you have 2)"
            prompt = t("p10b.ask")
            for num in range(1, 13):
                have = 0
                for c in v.hand:
                    if c & 15 == num and c < 0x80:
                        have += 1
                rows.append((str(num) + (" " + t("p10b.you").format(have) if have else ""),
                             (_ASK_NUMBER, num)))
        elif kind == _ASK:  # then whom first: the other players in either order round the table
            prompt = t("p10b.ask_order").format(self.asked)
            for d in (_CW, _CCW):
                step = 1 if d == _CW else -1
                rows.append((", ".join([names[(self.seat + step * i) % v.n] for i in range(1, v.n)]),
                             (_M_ASK, self.asked, d)))
            rows.append((t("p10.back"), (_ASK_BACK,)))
        elif kind == _FREE:
            prompt = t("p10b.free")
            for k in range(_K_FREE):
                sp = v.free[k]
                if sp >= 0:
                    rows.append((t("p10b.space_at").format(s.game.space_name(sp), sp), (_M_FREE, k)))
                else:
                    rows.append((t("p10b.all_taken").format(t("p10b.spaces").split(" ")[k]), None))
        else:  # KEEP
            cards = hand
            moves = [(_M_KEEP, c) for c in hand]
            ctx = v.kept or None
            lr = v.last_round
            who = t("p10b.went_out_keep").format(names[lr[0]]) + " " if lr is not None else ""
            prompt = t("p10b.keep").format(who, len(v.kept))
            rows.append((t("p10b.done_keep").format(len(v.kept)), (_DONE,)))
            if ctx:
                rows[0] = (t("p10b.done_below"), (_DONE,))
        v = None  # the view and what working out the rows left go first (``App.tidy``): the
        self.app.tidy()  # title, the tiles, the prompt and the rows take the lowest free blocks
        self.set_title(title)
        self.cards = cards
        self.moves = moves
        self.rows = rows
        self.hand.set_cards(cards)
        self.hand.group.hidden = not cards
        self.ctx.set_cards(ctx or [])
        self.ctx.group.hidden = not ctx
        top = self.row_y
        if cards:
            top = self.ctx_y
        self.ctx_up = 0
        if ctx:
            if cards:
                top = self.ctx_y + self.ctx_h
            else:
                self.ctx_up = self.row_y - self.ctx_y
                top = self.ctx_y
        self.top = top
        self.say(prompt)
        self.menu.set_items([t for t, _ in rows], 0, [m is None for _, m in rows])
        self.cur = 0 if cards else len(cards)
        if not cards and rows:
            for i in range(len(rows)):
                if rows[i][1] is not None:
                    self.cur = i
                    break
        self._cursor()

    def _new_menu(self, top):
        if self.menu is not None:
            self.body.remove(self.menu.group)
        n = max(1, (self.bottom - top) // self.layout.row_h)
        self.menu = Menu(self, [], top=top, rows=n)

    def say(self, text, warn=False):
        """The prompt or a refusal, on two lines where one does not hold it: the tiles and the
        rows below then move down a line."""
        self.dy = self.line_h if ui.say(self.prompt, text, self.pcols, warn) > 1 else 0
        self.hand.group.y = self.dy
        self.ctx.group.y = self.ctx_up + self.dy
        if self.menu is None or self.menu.top != self.top + self.dy:
            index = self.menu.index if self.menu is not None else 0
            self._new_menu(self.top + self.dy)
            self.menu.set_items([t for t, _ in self.rows], index, [m is None for _, m in self.rows])

    def _cursor(self):
        n = len(self.cards)
        on_cards = self.cur < n
        self.hand.set_cursor(self.cur if on_cards else -1)
        if self.rows:
            self.menu.set_bar(not on_cards)
            if not on_cards and self.menu.index != self.cur - n:
                self.menu.index = self.cur - n
                self.menu.move(0)

    def key(self, k):
        if super().key(k):
            return
        total = len(self.cards) + len(self.rows)
        if not total:
            if k == _B or k == _A:
                self.session.pause()
            return
        if k in (_DOWN, _RIGHT):
            self.cur = (self.cur + 1) % total
            self._cursor()
        elif k in (_UP, _LEFT):
            self.cur = (self.cur - 1) % total
            self._cursor()
        elif k == _A:
            n = len(self.cards)
            move = self.moves[self.cur] if self.cur < n else self.rows[self.cur - n][1]
            if move is None:
                self.play_refusal()
                self.say(self.rows[self.cur - n][0], True)
                return
            if move[0] == _ASK_NUMBER or move[0] == _ASK_BACK:  # a step within ASK
                self.asked = move[1] if move[0] == _ASK_NUMBER else None
                self.refresh()
                return
            err = self.submit(move)
            if err is not None:
                self.say(self.refusal_text(err), True)
        elif k == _B:
            self.session.pause()


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    ASK_NUMBER = _ASK_NUMBER
