"""A person's turn in Phase 10: the hand as card tiles, and a short list of what can be done.

One screen serves every decision of the turn (draw, lay down, hit, discard, choose whom a Skip
skips) and stays up between them, so only what changed is redrawn. From top to bottom: deck
size and the top discard, the hand, one line of information (or why a move was refused), and
the action rows.

Keys: with a d-pad, LEFT/RIGHT move along the hand and UP/DOWN through the rows (leaving them
at either end returns to the hand); on two- and three-button boards UP/DOWN walk through the
hand and then the rows. A chooses, B goes back one step (or pauses the game).

The modes (DRAW, PLAY, CARD, HIT, END, PICK, LAY, TARGET) and their rows are
``firmware.phase10.rows``'s.
"""

from micropython import const

from firmware import ui
from firmware.menu import Menu
from firmware.lang import t
from firmware.cards import HandRow, SHOWN, colour as colour_of, sort_cards, tile_size
from firmware.phase10.rows import Rows, group_text, later_targets

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source); the card game's rules core is not imported: the board game's
# turn screen needs none (its moves share these kinds)
_LOW = const(1)  # shared_rules.groups.LOW
_HIGH = const(2)  # shared_rules.groups.HIGH
_DRAW = const(0)  # shared_rules.phase10.game.DRAW
_SKIP_TARGET = const(2)  # shared_rules.phase10.game.SKIP_TARGET
_DRAW_DECK = const(0)  # shared_rules.phase10.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10.game.TAKE_DISCARD
_HIT = const(3)  # shared_rules.phase10.game.HIT
_DISCARD = const(4)  # shared_rules.phase10.game.DISCARD
_TARGET = const(5)  # shared_rules.phase10.game.TARGET
_A_DECK = const(0)  # firmware.phase10.rows.A_DECK
_A_TAKE = const(1)  # firmware.phase10.rows.A_TAKE
_A_LAY = const(2)  # firmware.phase10.rows.A_LAY
_A_HINT = const(3)  # firmware.phase10.rows.A_HINT
_A_SORT = const(4)  # firmware.phase10.rows.A_SORT
_A_TABLE = const(5)  # firmware.phase10.rows.A_TABLE
_A_DISCARD = const(6)  # firmware.phase10.rows.A_DISCARD
_A_HIT = const(7)  # firmware.phase10.rows.A_HIT
_A_BACK = const(8)  # firmware.phase10.rows.A_BACK
_A_GROUP = const(9)  # firmware.phase10.rows.A_GROUP
_A_END = const(10)  # firmware.phase10.rows.A_END
_A_PHASE = const(11)  # firmware.phase10.rows.A_PHASE
_A_FILL = const(12)  # firmware.phase10.rows.A_FILL
_A_LAYNOW = const(13)  # firmware.phase10.rows.A_LAYNOW
_A_CLEAR = const(14)  # firmware.phase10.rows.A_CLEAR
_A_TARGET = const(15)  # firmware.phase10.rows.A_TARGET
_M_DRAW = const(0)  # firmware.phase10.rows.M_DRAW
_M_PLAY = const(1)  # firmware.phase10.rows.M_PLAY
_M_CARD = const(2)  # firmware.phase10.rows.M_CARD
_M_HIT = const(3)  # firmware.phase10.rows.M_HIT
_M_END = const(4)  # firmware.phase10.rows.M_END
_M_PICK = const(5)  # firmware.phase10.rows.M_PICK
_M_LAY = const(6)  # firmware.phase10.rows.M_LAY
_M_TARGET = const(7)  # firmware.phase10.rows.M_TARGET
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B


# the keys of a step that B goes back from (Turn.hints: B pauses where there is none)
_BACK_HINTS = const(((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "back")))


class Turn(Rows):
    hints = ((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "pause"))
    large_title = True  # the name and phase large on a wide screen; the rows stay small: four
    # rows under the hand's large tiles and the large information line (320x170)

    def __init__(self, session, seat):
        app = session.app
        super().__init__(session, seat, session.names[seat])
        lay = app.layout
        s = lay.scale
        self.dpad = app.board.BUTTONS >= 4
        # whether the hand holds a whole phase (or will after the draw: the card game's turn is
        # made to draw), found before the screen's objects are made: the solver loads into the
        # room they will take
        self.ready = None if self.dpad else self._phase_ready(self.view())
        self.by_colour = session.game.by_colour
        y = self.title_layout.body_top + 1
        self.status = ui.label("", lay.margin, y, ui.TEXT, s)
        self.top_lb = ui.label("", lay.margin + 14 * lay.char_w, y, ui.TEXT, s)
        self.body.append(self.status)
        self.body.append(self.top_lb)
        gap = 2 if s == 1 else 1  # a free pixel row for the cursor frame around the tiles
        y += 12 * s + gap
        bottom = lay.height - lay.footer_h
        below = gap + 12 * s + 1 + 3 * 12 * s  # the information line and three action rows
        cs = s  # the cards' scale: the text's, or large cards where a row of 11 fits (320x170)
        narrow = False  # or narrow large cards (240x135: one digit large, 10-12 small)
        big = tile_size(2)
        if s == 1 and (lay.width - 1) // big[2] >= 11 and y + big[1] + below + 2 * 14 <= bottom:
            cs = 2
        elif s == 1 and (lay.width - 1) // tile_size(2, True)[2] >= 11 and y + big[1] + below <= bottom:
            cs = 2
            narrow = True
        _, th, pitch, row_pitch = tile_size(cs, narrow)
        rows = 1
        if (lay.width - 1) // pitch < 11 and y + row_pitch + th + below <= bottom:
            rows = 2  # a tall screen shows the whole hand in two rows
        self.hand = HandRow(self.body, lay.width, y, rows, cs, app.settings.marks, narrow, self.BOARD)
        y += self.hand.height + gap
        # the information line: in the text size of the screen, or large where four action
        # rows still fit under it (320x170); a line too long for large text is shown as two
        # lines of small text in the same place
        ins = s
        if s == 1 and y + 25 + 4 * lay.row_h <= bottom:
            ins = 2
        self.info = []
        self.big_cols = 0
        if ins > 1:
            self.big_cols = (lay.width - 2 * lay.margin) // 12
            self.info.append(ui.label("", lay.margin, y, ui.DIM, ins))
        self.info_cols = (lay.width - 2 * lay.margin) // 6
        for i in range(ins):
            self.info.append(ui.label("", lay.margin, y + 12 * i, ui.DIM, 1))
        for lb in self.info:
            self.body.append(lb)
        y += 12 * ins + 1
        row_h = lay.row_h
        n = (bottom - y) // row_h
        if n < 3 and (bottom - y) // 3 >= 12 * s:
            n = 3  # three rows (two groups and Lay down now) in rows just the text's height
            row_h = (bottom - y) // 3
        self.menu = Menu(self, [], top=y, rows=max(1, n), row_h=row_h)
        self.order = []  # the hand in display order
        self.lay = None  # LAY: the lay-down being chosen (firmware.phase10.laydown.LayDown)
        self.cur = 0  # cursor in the hand
        self.focus_hand = False
        self.mode = _M_DRAW
        self.rows = []  # (code, value) per action row
        self.card = -1  # the card being discarded or hit
        self.refused = None  # the whole reason of the refusal on the information line
        self.said = ""  # the information line (``say``) and whether it warns, for ``memo``
        self.said_warn = False
        self.target_group = -1
        self.took = False  # the card just added to the hand was the discard
        self.fx = None  # the phase-laid animation while it runs
        self.refresh()

    @property
    def in_group(self):
        """Per card in ``order``: the group of the lay-down it is chosen into, or -1."""
        return self.lay.in_group if self.lay is not None else [-1] * len(self.order)

    @property
    def filling(self):
        return self.lay.filling if self.lay is not None else 0

    # ------------------------------------------------------------------ state

    def view(self):
        return self.session.state.view(self.seat, False)

    def title_text(self, v):
        """The title: whose turn, which phase and what it needs (the card game's words; the
        board game's turn gives its own)."""
        from firmware.phase10.text import turn_title

        return turn_title(v, self.seat, self.session.names[self.seat])

    def refresh(self):
        """Show the decision now pending for this seat (after a move of theirs)."""
        v = self.view()
        kind = v.pending[1]
        ready = self.ready
        if kind != _DRAW:
            self.ready = None
            if type(ready) is tuple:  # found before the draw (``_phase_ready``)
                ready = ready[1] if self.took else ready[0]
            if ready is None and not self.dpad:  # first: the solver loads and goes before the
                ready = self._phase_ready(v)  # objects of this refresh are made (one piece)
        hand = sort_cards(v.hand, self.by_colour)
        new_card = -1
        if len(hand) == len(self.order) + 1:
            rest = list(hand)
            for c in self.order:
                if c in rest:
                    rest.remove(c)
            if len(rest) == 1:
                new_card = hand.index(rest[0])
        self.order = hand
        self.lay = None
        if new_card >= 0:
            self.cur = new_card
        self.cur = max(0, min(self.cur, len(hand) - 1))
        self.hand.set_cards(hand)
        self.set_title(self.title_text(v))
        self._status(v)
        v = None  # (the view goes before the rows are made: ``Rows._mode`` collects)
        msg = ""
        if kind == _DRAW:
            msg = self.session.lines[-1] if self.session.lines else t("p10.draw_a_card")
            self._mode(_M_DRAW)
        elif kind == _SKIP_TARGET:
            self._mode(_M_TARGET)
        else:
            if new_card >= 0:
                msg = (t("p10.you_took") if self.took else t("p10.you_drew")).format(
                    self.text_of(hand[new_card]))
            self._mode(_M_PLAY)
            if ready:
                # two or three buttons: the cursor waits on Lay down, not at the end of a walk
                # through the hand
                self.menu.index = 0
                self.menu.move(0)
                self.focus(False)
        self.took = False
        if msg:
            self.say(msg)

    def memo(self):
        """The screen as the person left it (``Session.over``: the pause menu or the table takes
        its place, and it is made again with ``restore`` after them): the mode, the cursor in
        the hand and the rows, the card and group chosen, the lay-down being chosen, the
        information line."""
        lay = self.lay
        return (self.mode, self.cur, self.focus_hand, self.menu.index, self.card, self.target_group,
                None if lay is None else (lay.number, list(lay.in_group), lay.filling), self.said,
                self.said_warn)

    def restore(self, memo):
        """Back to ``memo()``'s state: on the screen made anew for the same decision."""
        mode, cur, focus, index, card, target, lay, said, warn = memo
        self.cur = max(0, min(cur, len(self.order) - 1))
        self.card = card
        self.target_group = target
        if lay is not None:
            from firmware.phase10.laydown import LayDown

            self.lay = LayDown(self, lay[0])
            self.lay.in_group = lay[1]
            self.lay.filling = lay[2]
        self._mode(mode)
        self.menu.index = min(index, len(self.menu.items) - 1)
        self.menu.move(0)
        self.focus(focus)
        self.say(said, warn)

    def _status(self, v):
        d = str(v.draw_size)
        ui.set_text(self.status, t("p10.deck") + " " + " " * (3 - len(d)) + d + " " + t("p10.top"))
        top = v.discard_top
        ui.set_text(self.top_lb, self.text_of(top) if top >= 0 else "-")
        colour = SHOWN[colour_of(top, self.BOARD)] if top >= 0 else ui.DIM
        if self.top_lb.color != colour:
            self.top_lb.color = colour

    def say(self, text, warn=False):
        """Information under the hand; ``warn`` colours it as a refusal. False if it did not
        fit (it is cut at a word)."""
        self.refused = None
        self.said = text  # (no tuple: nothing made here outlasts the screen's garbage)
        self.said_warn = warn
        big = len(text) <= self.big_cols
        lines = [text] if big else ui.wrap(text, self.info_cols)
        if self.big_cols:
            lines = [text, "", ""] if big else [""] + lines
        colour = ui.WARN if warn else ui.DIM
        for i in range(len(self.info)):
            lb = self.info[i]
            ui.set_text(lb, lines[i] if i < len(lines) else "")
            if lb.color != colour:
                lb.color = colour
        return len(lines) <= len(self.info)

    def refuse(self, text, full=None):
        """Why a move cannot be made: ``text`` in one line under the hand. The same refusal
        again (the same choice made twice) opens the whole reason ``full`` in a message box,
        as does a ``text`` too long for the line."""
        full = full or text
        again = self.refused == full
        if again or not self.say(text, True):
            if not again:
                self.say("")
            from firmware.pages import Message

            self.app.push(Message(self.app, t("decide.not_allowed"), full))
        self.refused = full

    def focus(self, hand):
        """The cursor on the hand (``hand``) or on the rows."""
        self.focus_hand = hand and len(self.order) > 0
        self.menu.set_bar(not self.focus_hand)
        if self.focus_hand and self.mode == _M_LAY and self.menu.index != self.filling:
            self.menu.index = self.filling  # keep the filling group's row in view
            self.menu.move(0)
        self.hand.set_cursor(self.cur if self.focus_hand else -1)

    # ------------------------------------------------------------------ keys

    def key(self, k):
        if self.fx is not None:  # a key ends the animation: the player has moved on
            self.fx.stop()
            self.fx = None
        if super().key(k):
            return
        if k == _A:
            self._choose()
        elif k == _B:
            self._back()
        elif k == _LEFT or k == _RIGHT:
            if self.mode in (_M_PLAY, _M_LAY) and self.order:
                step = 1 if k == _RIGHT else -1
                if self.focus_hand:
                    self.cur = (self.cur + step) % len(self.order)
                self.focus(True)
        elif k == _UP or k == _DOWN:
            self._step(1 if k == _DOWN else -1)

    def _step(self, step):
        hand_ok = self.mode in (_M_PLAY, _M_LAY) and len(self.order) > 0
        m = self.menu
        last = len(m.items) - 1
        if self.focus_hand:
            ni = self.cur + step
            if self.dpad or not 0 <= ni < len(self.order):
                m.index = 0 if step > 0 else last
                m.move(0)
                self.focus(False)
            else:
                self.cur = ni
                self.focus(True)
            return
        ni = m.index + step
        if hand_ok and not 0 <= ni <= last:
            if not self.dpad:
                self.cur = 0 if step > 0 else len(self.order) - 1
            self.focus(True)
            return
        m.move(step)

    def _mode(self, mode):
        super()._mode(mode)
        back = mode in (_M_CARD, _M_PICK, _M_LAY, _M_HIT, _M_END)
        hints = _BACK_HINTS if back else Turn.hints
        if self.hints != hints:
            self.set_hints(hints)

    def _back(self):
        m = self.mode
        if m == _M_CARD or m == _M_PICK or m == _M_LAY:
            self.lay = None
            self._mode(_M_PLAY)
        elif m == _M_HIT:
            self._mode(_M_CARD)
        elif m == _M_END:
            self._mode(_M_HIT)
        else:
            self.session.pause()

    def make(self, move):
        """Make ``move``, or say why it is refused."""
        err = self.submit(move)
        if err is not None:
            from firmware.phase10.text import full_reason  # (the card game's words)

            self.refuse(self.refusal_text(err), full_reason(err))

    def tick(self, now):
        fx = self.fx
        if fx is not None:
            if fx.t0 < 0:
                fx.t0 = now
            if self.app.buttons.pressed_since(fx.t0):  # two-button boards give a key when the
                fx.stop()  # button is let go: a press since the flight began ends it now
            if not fx.tick(now):
                self.fx = None

    def _choose(self):
        if self.focus_hand:
            if self.mode == _M_PLAY:
                self.card = self.order[self.cur]
                self._mode(_M_CARD)
            elif self.mode == _M_LAY:
                self.lay.choose(self.cur)
            return
        if not self.rows:
            return
        code, value = self.rows[self.menu.index]
        off = self.menu.dim[self.menu.index]
        # (a view is made only where a row needs one: one held here would take its kilobyte
        # through the move, the lay-down's import or the hint's solver)
        if code == _A_DECK:
            self.make((_DRAW_DECK,))
        elif code == _A_TAKE:
            self.took = True
            self.make((_TAKE_DISCARD,))
        elif code == _A_LAY:
            phases = self.view().open_phases()
            if len(phases) > 1:
                self._mode(_M_PICK)
            else:
                self.start_lay(phases[0])
        elif code == _A_HINT:
            from firmware.phase10.hint import hint  # (loaded for a hint)

            hint(self)
        elif code == _A_SORT:
            self._sort()
        elif code == _A_TABLE:
            self.select()  # the table (firmware.decide)
        elif code == _A_DISCARD:
            self.make((_DISCARD, self.card))
        elif code == _A_HIT:
            v = self.view()
            if not v.laid[self.seat]:
                self.refuse(t("p10.e.lay_first"), t("p10.lay_first_full"))
            elif off:
                ct = self.text_of(self.card)
                later = later_targets(v, self.card)
                if later:
                    self.play_refusal()
                    self.refuse(t("p10.e.next_turn"), t("p10.next_turn_full").format(
                        ct, ", ".join([group_text(v.table[gi], self.session.names, self.COLOURS)
                                       for gi in later])))
                else:
                    self.refuse(t("p10.fits_nowhere").format(ct), t("p10.fits_none").format(ct))
            else:
                self._mode(_M_HIT)
        elif code == _A_BACK:
            self._back()
        elif code == _A_GROUP:
            self._hit_group(value, off)
        elif code == _A_END:
            self.make((_HIT, self.card, self.target_group, value))
        elif code == _A_PHASE:
            self.start_lay(value)
        elif code == _A_FILL:
            self.lay.choose_group(value)
        elif code == _A_LAYNOW:
            self.lay.lay_now()
        elif code == _A_CLEAR:
            self.start_lay(self.lay.number)
        elif code == _A_TARGET:
            self.make((_TARGET, value))

    def _hit_group(self, gi, off):
        if off:
            self.make((_HIT, self.card, gi, 0))  # the rules core says why not
            return
        self.target_group = gi
        ends = []
        for g, e in self.view().hit_targets(self.card):
            if g == gi:
                ends = e
        if _LOW in ends and _HIGH in ends:
            self._mode(_M_END)
        else:
            self.make((_HIT, self.card, gi, 0))

    def _sort(self):
        self.by_colour = not self.by_colour
        self.session.game.by_colour = self.by_colour
        c = self.order[self.cur] if self.order else -1
        self.order = sort_cards(self.order, self.by_colour)
        if c >= 0:
            self.cur = self.order.index(c)
        self.hand.set_cards(self.order)
        i = self.menu.index
        self.menu.set_row(i, t("p10.sort_number") if self.by_colour else t("p10.sort_colour"))
