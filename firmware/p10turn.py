"""A person's turn in Phase 10: the hand as card tiles, and a short list of what can be done.

One screen serves every decision of the turn (draw, lay down, hit, discard, choose whom a Skip
skips) and stays up between them, so only what changed is redrawn. From top to bottom: deck
size and the top discard, the hand, one line of information (or why a move was refused), and
the action rows.

Keys: with a d-pad, LEFT/RIGHT move along the hand and UP/DOWN through the rows (leaving them
at either end returns to the hand); on two- and three-button boards UP/DOWN walk through the
hand and then the rows. A chooses, B goes back one step (or pauses the game).

Modes: DRAW (deck or discard), PLAY (pick a card, or lay down / hint / sort / table), CARD
(discard the card or hit it), HIT (which laid group; the ones it cannot go on are greyed), END
(which end of a run a Wild extends), PICK (which phase, in free-choice games), LAY (A on a card
puts it into the group that is filling, or takes it out again), TARGET (whom a Skip skips).
"""

from boards import UP, DOWN, LEFT, RIGHT, A, B
from shared_rules import phase10 as P
from shared_rules.cards import text as card_text
from shared_rules.groups import LOW, HIGH
from shared_rules.phases import CARD_PHASES

from firmware import ui, p10text
from firmware.buttons import ticks_diff
from firmware.cards import FILL, HandRow, SHOWN, kind as look_of, sort_cards, tile_size
from firmware.decide import Decision
from firmware.laydown import LayDown, group_head, group_cards_text

DRAW = 0
PLAY = 1
CARD = 2
HIT = 3
END = 4
PICK = 5
LAY = 6
TARGET = 7

# action rows: (code, value)
A_DECK = 0
A_TAKE = 1
A_LAY = 2
A_HINT = 3
A_SORT = 4
A_TABLE = 5
A_DISCARD = 6
A_HIT = 7
A_BACK = 8
A_GROUP = 9  # value: table group index
A_END = 10  # value: LOW or HIGH
A_PHASE = 11  # value: phase number
A_FILL = 12  # value: index of the group being filled
A_LAYNOW = 13
A_CLEAR = 14
A_TARGET = 15  # value: seat


def full_reason(err):
    """The whole reason of a refusal, with the rule that refuses it: ``In the classic rules
    ... (P10C-13).``"""
    r = err.reason
    return r[:1].upper() + r[1:] + " (" + err.rule + ")."


class Turn(Decision):
    hints = ((DOWN, "next"), (UP, "prev"), (A, "ok"), (B, "back"))
    PHASES = CARD_PHASES  # the phase table (the board game's turn screen gives its own)

    def __init__(self, session, seat):
        app = session.app
        super().__init__(session, seat, session.names[seat])
        lay = app.layout
        s = lay.scale
        self.dpad = app.board.BUTTONS >= 4
        self.by_colour = session.game.by_colour
        y = lay.body_top + 1
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
        self.hand = HandRow(self.body, lay.width, y, rows, cs, app.settings.marks, narrow)
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
        self.menu = ui.Menu(self, [], top=y, rows=max(1, n), row_h=row_h)
        self.order = []  # the hand in display order
        self.lay = None  # LAY: the lay-down being chosen (firmware.laydown.LayDown)
        self.cur = 0  # cursor in the hand
        self.focus_hand = False
        self.mode = DRAW
        self.rows = []  # (code, value) per action row
        self.card = -1  # the card being discarded or hit
        self.refused = None  # the whole reason of the refusal on the information line
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

    @property
    def lay_phase(self):
        return self.lay.number if self.lay is not None else 0

    # ------------------------------------------------------------------ state

    def view(self):
        return self.session.state.view(self.seat)

    def refresh(self):
        """Show the decision now pending for this seat (after a move of theirs)."""
        v = self.view()
        kind = v.pending[1]
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
        self.set_title(p10text.turn_title(v, self.seat, self.session.names[self.seat]))
        self._status(v)
        msg = ""
        if kind == P.DRAW:
            msg = self.session.lines[-1] if self.session.lines else "Draw a card"
            self._mode(DRAW)
        elif kind == P.SKIP_TARGET:
            self._mode(TARGET)
        else:
            if new_card >= 0:
                msg = ("You took " if self.took else "You drew ") + card_text(hand[new_card])
            self._mode(PLAY)
            if not self.dpad and self._phase_ready(v):
                # two or three buttons: the cursor waits on Lay down, not at the end of a walk
                # through the hand
                self.menu.index = 0
                self.menu.move(0)
                self._focus(False)
        self.took = False
        if msg:
            self.say(msg)

    def _status(self, v):
        d = str(v.draw_size)
        ui.set_text(self.status, "Deck " + " " * (3 - len(d)) + d + " Top:")
        top = v.discard_top
        ui.set_text(self.top_lb, card_text(top) if top >= 0 else "-")
        colour = SHOWN[top >> 4] if top >= 0 else ui.DIM
        if self.top_lb.color != colour:
            self.top_lb.color = colour

    def say(self, text, warn=False):
        """Information under the hand; ``warn`` colours it as a refusal. False if it did not
        fit (it is cut at a word)."""
        self.refused = None
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
            self.app.push(ui.Message(self.app, "Not allowed", full))
        self.refused = full

    def refuse_error(self, err):
        """Refuse with a rules-core RuleError: the short text of its code in the line, the
        whole reason with its rule on demand."""
        self.play_refusal()
        self.refuse(self.refusal_text(err), full_reason(err))

    # ------------------------------------------------------------------ modes and rows

    def _mode(self, mode):
        self.mode = mode
        v = self.view()
        names = self.session.names
        rows = []
        texts = []
        dim = []

        def add(code, value, text, off=False):
            rows.append((code, value))
            texts.append(text)
            dim.append(off)

        if mode == DRAW:
            add(A_DECK, 0, "Draw from deck" if v.can_draw_deck() else "Deck: empty",
                not v.can_draw_deck())
            top = v.discard_top
            if top < 0:
                add(A_TAKE, 0, "Take: no discard", True)
            elif not v.can_take_discard():
                add(A_TAKE, 0, "Take: Skip on top", True)
            else:
                add(A_TAKE, 0, "Take " + card_text(top))
        elif mode == PLAY:
            if not v.laid[self.seat]:
                phases = v.open_phases()
                if len(phases) == 1:
                    add(A_LAY, 0, "Lay down phase " + str(phases[0]))
                elif phases:
                    add(A_LAY, 0, "Lay down a phase")
                add(A_HINT, 0, "Hint")
        elif mode == CARD:
            c = self.order[self.cur]
            t = card_text(c)
            add(A_DISCARD, 0, "Discard " + t)
            if not v.laid[self.seat]:
                add(A_HIT, 0, "Hit: lay down first", True)
            elif not v.hit_targets(c):
                if p10text.later_targets(v, c):
                    add(A_HIT, 0, "Hit " + t + ": next turn", True)
                else:
                    add(A_HIT, 0, "Hit: " + t + " fits nowhere", True)
            else:
                add(A_HIT, 0, "Hit " + t + " on a group")
            add(A_BACK, 0, "Back")
        elif mode == HIT:
            targets = [gi for gi, _ in v.hit_targets(self.card)]
            for gi in range(len(v.table)):
                add(A_GROUP, gi, p10text.group_text(v.table[gi], names), gi not in targets)
            add(A_BACK, 0, "Back")
        elif mode == END:
            g = v.table[self.target_group]
            add(A_END, LOW, "W as " + str(g[2] - 1) + " (low end)")
            add(A_END, HIGH, "W as " + str(g[3] + 1) + " (high end)")
            add(A_BACK, 0, "Back")
        elif mode == PICK:
            for n in v.open_phases():
                add(A_PHASE, n, str(n) + ": " + p10text.phase_short(n))
            add(A_BACK, 0, "Back")
        elif mode == LAY:
            shape = self.PHASES[self.lay_phase - 1]
            for gi in range(len(shape)):
                add(A_FILL, gi, self._group_row(gi))
            add(A_LAYNOW, 0, "Lay down now", not self._all_valid())
            add(A_HINT, 0, "Hint")
            add(A_CLEAR, 0, "Clear")
            add(A_BACK, 0, "Back")
        elif mode == TARGET:
            ok = v.skip_targets()
            for s in range(v.n):
                if s != self.seat and v.active[s]:
                    add(A_TARGET, s, p10text.target_text(v, s, names[s]), s not in ok)
        if mode in (DRAW, PLAY, TARGET):
            add(A_SORT, 0, "Sort by number" if self.by_colour else "Sort by colour")
            add(A_TABLE, 0, "Table")
        self.rows = rows
        self.menu.bar_on = mode not in (PLAY, LAY)
        self.menu.set_items(texts, 0, dim)
        self.hand.set_cards(self.order, [g >= 0 for g in self.in_group] if mode == LAY else None)
        self._focus(mode in (PLAY, LAY))
        self._prompt()

    def _prompt(self):
        m = self.mode
        if m == PLAY:
            if self.view().laid[self.seat]:
                self.say("Hit or discard")
            else:
                self.say("Lay down or discard")
        elif m == CARD:
            self.say("Discard or hit " + card_text(self.card) + "?")
        elif m == HIT:
            self.say("Hit " + card_text(self.card) + " where?")
        elif m == END:
            self.say("Which end of run?")
        elif m == PICK:
            self.say("Which phase to lay?")
        elif m == LAY:
            self._lay_info()
        elif m == TARGET:
            self.say("Whom to skip?")

    def _phase_ready(self, v):
        """Whether the hand holds a whole phase the person may lay now."""
        if v.laid[self.seat] or not self.rows or self.rows[0][0] != A_LAY:
            return False
        from shared_rules import solver

        for number in v.open_phases():
            if solver.missing(v.hand, self.PHASES[number - 1]) == 0:
                return True
        return False

    def _focus(self, hand):
        self.focus_hand = hand and len(self.order) > 0
        self.menu.set_bar(not self.focus_hand)
        if self.focus_hand and self.mode == LAY and self.menu.index != self.filling:
            self.menu.index = self.filling  # keep the filling group's row in view
            self.menu.move(0)
        self.hand.set_cursor(self.cur if self.focus_hand else -1)

    # ------------------------------------------------------------------ lay-down groups

    def _group_row(self, gi):
        kind, size = self.lay.shape[gi]
        _, state, _ = self.lay.check(gi)
        head = (">" if gi == self.lay.filling else " ") + group_head(kind, size)
        return head + " " + state + ": " + group_cards_text(kind, self.lay.group(gi), card_text)

    def _group_state(self, gi):
        """Group ``gi`` in one short line: ``Set3 needs 1 more``, ``Run4: not a run``."""
        kind, size = self.lay.shape[gi]
        ok, _, err = self.lay.check(gi)
        head = group_head(kind, size)
        if ok:
            return head + " complete"
        if err is None:
            return head + " needs " + str(self.lay.missing(gi)) + " more"
        return head + ": " + (p10text.short(err.code) or err.reason)

    def _all_valid(self):
        return self.lay.all_valid()

    def _lay_info(self):
        ok, _, err = self.lay.check(self.lay.filling)
        self.say(self._group_state(self.lay.filling), err is not None)

    def _lay_rows(self):
        shape = self.lay.shape
        for gi in range(len(shape)):
            self.menu.set_row(gi, self._group_row(gi))
        self.menu.set_dim(len(shape), not self.lay.all_valid())

    def _start_lay(self, number):
        self.lay = LayDown(self.PHASES, self.order, number)
        self._mode(LAY)

    def _toggle(self, i):
        if not self.lay.toggle(i):
            self.refuse("Skips never count", "A Skip never counts toward a phase (P10C-5).")
            return
        self.hand.set_chosen(i, self.lay.in_group[i] >= 0)
        self._lay_rows()
        if self.lay.all_valid():
            self.menu.index = len(self.lay.shape)
            self.menu.move(0)
            self._focus(False)
            self.say("Ready to lay down")
        else:
            self._lay_info()

    def _hint(self):
        from shared_rules import solver

        v = self.view()
        hand = v.hand
        phases = [self.lay_phase] if self.mode == LAY else v.open_phases()
        best = None
        for number in phases:
            missing, groups = solver.solve(hand, self.PHASES[number - 1])
            if missing == 0:
                self._start_lay(number)
                self.lay.fill(groups)
                self.hand.set_cards(self.order, [g >= 0 for g in self.lay.in_group])
                self._lay_rows()
                self.menu.index = len(groups)
                self.menu.move(0)
                self._focus(False)
                self.say("Hint: phase " + str(number) + " ready")
                return
            if best is None or missing < best[0]:
                best = (missing, number, groups)
        if best is None:
            self.refuse("No phase left", "No phase is left to lay in this hand.")
            return
        # the closest plan, chosen into the groups: their rows show which cards it keeps and
        # how many each group still lacks ("Set3 +1: 7 7")
        missing, number, groups = best
        self._start_lay(number)
        self.lay.fill(groups)
        self.hand.set_cards(self.order, [g >= 0 for g in self.lay.in_group])
        self._lay_rows()
        n = str(missing)
        if len(phases) > 1:  # free choice: the phase closest to complete
            self.say("Hint: ph " + str(number) + ": " + n + " short")
        else:
            self.say("Hint: " + n + (" cards" if missing > 1 else " card") + " short")

    # ------------------------------------------------------------------ keys

    def key(self, k):
        if self.fx is not None:  # a key ends the animation: the player has moved on
            self.fx.stop()
            self.fx = None
        if super().key(k):
            return
        if k == A:
            self._choose()
        elif k == B:
            self._back()
        elif k == LEFT or k == RIGHT:
            if self.mode in (PLAY, LAY) and self.order:
                step = 1 if k == RIGHT else -1
                if self.focus_hand:
                    self.cur = (self.cur + step) % len(self.order)
                self._focus(True)
        elif k == UP or k == DOWN:
            self._step(1 if k == DOWN else -1)

    def _step(self, step):
        hand_ok = self.mode in (PLAY, LAY) and len(self.order) > 0
        m = self.menu
        last = len(m.items) - 1
        if self.focus_hand:
            ni = self.cur + step
            if self.dpad or not 0 <= ni < len(self.order):
                m.index = 0 if step > 0 else last
                m.move(0)
                self._focus(False)
            else:
                self.cur = ni
                self._focus(True)
            return
        ni = m.index + step
        if hand_ok and not 0 <= ni <= last:
            if not self.dpad:
                self.cur = 0 if step > 0 else len(self.order) - 1
            self._focus(True)
            return
        m.move(step)

    def _back(self):
        m = self.mode
        if m == CARD or m == PICK or m == LAY:
            self.lay = None
            self._mode(PLAY)
        elif m == HIT:
            self._mode(CARD)
        elif m == END:
            self._mode(HIT)
        else:
            self.session.pause()

    def _do(self, move):
        err = self.session.apply(move)
        if err is not None:
            self.refuse_error(err)
        else:
            self.session.next()

    def _choose(self):
        if self.focus_hand:
            if self.mode == PLAY:
                self.card = self.order[self.cur]
                self._mode(CARD)
            elif self.mode == LAY:
                self._toggle(self.cur)
            return
        if not self.rows:
            return
        code, value = self.rows[self.menu.index]
        off = self.menu.dim[self.menu.index]
        v = self.view()
        if code == A_DECK:
            self._do((P.DRAW_DECK,))
        elif code == A_TAKE:
            self.took = True
            self._do((P.TAKE_DISCARD,))
        elif code == A_LAY:
            phases = v.open_phases()
            if len(phases) > 1:
                self._mode(PICK)
            else:
                self._start_lay(phases[0])
        elif code == A_HINT:
            self._hint()
        elif code == A_SORT:
            self._sort()
        elif code == A_TABLE:
            from firmware import tableview

            tableview.show(self.app, "Table", self.session.game.table(self.seat))
        elif code == A_DISCARD:
            self._do((P.DISCARD, self.card))
        elif code == A_HIT:
            if not v.laid[self.seat]:
                self.refuse("Lay down first", "Lay down your phase first: then you can hit "
                            "cards on the groups on the table.")
            elif off:
                t = card_text(self.card)
                later = p10text.later_targets(v, self.card)
                if later:
                    self.play_refusal()
                    self.refuse("Not until next turn", "In the classic rules you hit other players' "
                                "groups from your next turn on (P10C-13): " + t + " fits "
                                + ", ".join([p10text.group_text(v.table[gi], self.session.names)
                                             for gi in later]) + " then.")
                else:
                    self.refuse(t + " fits nowhere", t + " fits on none of the groups on the table.")
            else:
                self._mode(HIT)
        elif code == A_BACK:
            self._back()
        elif code == A_GROUP:
            self._hit_group(value, off)
        elif code == A_END:
            self._do((P.HIT, self.card, self.target_group, value))
        elif code == A_PHASE:
            self._start_lay(value)
        elif code == A_FILL:
            self.lay.filling = value
            self._lay_rows()
            self._lay_info()
            self._focus(True)
        elif code == A_LAYNOW:
            self._lay_now()
        elif code == A_CLEAR:
            self._start_lay(self.lay.number)
        elif code == A_TARGET:
            self._do((P.TARGET, value))

    def _hit_group(self, gi, off):
        if off:
            self._do((P.HIT, self.card, gi, 0))  # the rules core says why not
            return
        self.target_group = gi
        ends = []
        for g, e in self.view().hit_targets(self.card):
            if g == gi:
                ends = e
        if LOW in ends and HIGH in ends:
            self._mode(END)
        else:
            self._do((P.HIT, self.card, gi, 0))

    def _lay_now(self):
        shape = self.lay.shape
        for gi in range(len(shape)):
            ok, _, err = self.lay.check(gi)
            if not ok:
                kind, size = shape[gi]
                name = ("set", "run", "colour group")[kind]
                why = full_reason(err) if err is not None else \
                    "needs " + str(self.lay.missing(gi)) + " more cards."
                self.refuse(self._group_state(gi), "Group " + str(gi + 1) + " (a " + name + " of "
                            + str(size) + "): " + why)
                return
        # the cards laid fly from the hand up to the title (firmware.fx), if it is still up
        paths = []
        colours = []
        hand = self.hand
        first, last = hand.visible_range()
        for i in range(first, last):
            if self.lay.in_group[i] >= 0 and len(paths) < 6:
                x, y = hand._slot_xy(i - first)
                paths.append((x + hand.tw // 4, y + hand.th // 3, x + (len(paths) - 3) * 4, 2))
                colours.append(FILL[look_of(self.order[i])])
        self._do((P.LAY, self.lay.number, self.lay.groups()))
        if self.app.top is self and self.view().laid[self.seat] and paths:
            from firmware import fx

            self.fx = fx.Burst(self.group, paths, hand.tw // 2, hand.th // 3, colours)

    def tick(self, now):
        fx = self.fx
        if fx is not None:
            if fx.t0 < 0:
                fx.t0 = now
            for h in self.app.buttons.held:  # a button pressed since the flight began (two-
                if ticks_diff(h[2], fx.t0) > 0:  # button boards give its key when it is let
                    fx.stop()  # go): the flight ends now
            if not fx.tick(now):
                self.fx = None

    def _sort(self):
        self.by_colour = not self.by_colour
        self.session.game.by_colour = self.by_colour
        c = self.order[self.cur] if self.order else -1
        self.order = sort_cards(self.order, self.by_colour)
        if c >= 0:
            self.cur = self.order.index(c)
        self.hand.set_cards(self.order)
        i = self.menu.index
        self.menu.set_row(i, "Sort by number" if self.by_colour else "Sort by colour")
