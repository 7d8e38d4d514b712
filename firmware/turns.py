"""The screens every game shares over its own (``firmware.session``): computer players' moves
one line each, the pass-and-play cover between two people, the summary of a hand or round and
of the game."""

from micropython import const

import supervisor

from boards import UP, DOWN, A, B, START
from firmware import ui
from firmware.pages import TextPage
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_PERSON = const(0)  # firmware.settings.PERSON

DELAYS = (1500, 600, 150)  # ms a computer move stays on screen: slow, normal, fast


class ComputerTurns(ui.Screen):
    """Computer players' moves, one line each, at the speed of the settings; A: full speed. The
    text is large on a wide screen (``ui.Layout.game``), unless a person's hand stays in view
    below the moves. A game with nothing hidden (``Screens.open``: Dice Express) keeps its
    table in view below the moves in every game, redrawn after each move, in place of the
    status line, in the large text where that leaves two rows for the moves; the last move
    stays in view for one delay more before the next screen."""

    hints = ((A, "faster"), (B, "pause"))

    def __init__(self, session):
        # one person against computers: their own hand stays in view (the game draws it)
        game = session.game
        self.open = getattr(game, "open", False)
        watch = getattr(game, "watch", None) if session.persons == 1 or self.open else None
        keep = watch(self, None) if watch is not None else 0  # the height it needs
        least = 1 if self.open else 3  # rows of moves over it
        big = session.app.layout.game()
        self.large_text = watch is None or (self.open and (big.body_h - keep) // big.row_h > least)
        super().__init__(session.app, t("turns.title"))
        self.session = session
        lay = self.layout
        n = (lay.body_h - keep) // lay.row_h
        if self.open:
            n = min(n, 3)  # the rest for the table
        self.watched = None  # what the game drew (``update()``: after each move)
        if keep and n >= least:
            self.watched = watch(self, lay.body_top + n * lay.row_h + 1)
        else:
            self.open = False
            n = lay.body_h // lay.row_h
        self.rows = []
        dy = (lay.row_h - 12 * lay.scale) // 2  # centred in its row, as a menu's
        for r in range(n):
            lb = ui.label("", lay.margin, lay.body_top + r * lay.row_h + dy, ui.TEXT, lay.scale)
            self.rows.append(lb)
            self.body.append(lb)
        self.next_at = None
        self.done = False  # the computers' moves are made: next() at the next tick
        self._draw()

    def _draw(self, seat=None):
        """The game's status (unless its table is in view), then as many of the last moves as
        fit (long lines wrapped; the start of the newest where it does not fit whole). The
        title names ``seat``, by default whose decision is pending."""
        s = self.session
        cols = self.layout.cols
        if seat is None:
            seat = s.state.pending[0] if s.state.pending else 0
        self.set_title(t("turns.playing").format(s.names[seat]))
        lines = [] if self.open else ui.wrap(s.game.status(), cols)
        head = len(lines)
        moves = []
        for i in range(len(s.lines) - 1, -1, -1):  # the newest moves that fit, whole
            rows = ui.wrap(s.lines[i], cols)
            if head + len(moves) + len(rows) > len(self.rows):
                if not moves:
                    moves = rows[:len(self.rows) - head]
                break
            moves = rows + moves
        lines += moves
        for r in range(len(self.rows)):
            lb = self.rows[r]
            ui.set_text(lb, lines[r] if r < len(lines) else "")
            colour = ui.DIM if r < head else ui.TEXT
            if lb.color != colour:
                lb.color = colour
        update = getattr(self.watched, "update", None)  # the game's table, as the moves left it
        if update is not None:
            update()

    def tick(self, now):
        if self.next_at is None:
            self.next_at = (now + DELAYS[self.app.settings.speed]) & 0x1FFFFFFF
            return
        s = self.session
        if not s.fast and not ui.ticks_due(now, self.next_at):
            return
        self.next_at = None
        if self.done:
            s.next()
            return
        own = getattr(s.game, "computer", None)  # the game may show this decision on its own
        make = own(s.state.pending[0]) if own is not None else None  # screen: make(session)
        if make is not None:
            s.show_new(make, s)
            return
        mover = s.state.pending[0]
        s.computer_move()
        st = s.state
        done = st.over or st.round_no != s.round or s.kinds[st.pending[0]] == _PERSON
        self._draw(mover if done else None)  # the title names who made the last move
        if done:
            if self.open and not s.fast:
                self.done = True  # the last move stays on the table for one delay more
            else:
                s.next()

    def key(self, k):
        if k == A:
            self.session.fast = True
        elif k == B or k == START:
            self.session.pause()


class Cover(ui.Screen):
    """Hides the hands between two people: "Pass to ANN", until they press A. The text is
    large on a wide screen (``ui.Layout.game``), the last move below it in the small text."""

    hints = ((A, "show my cards"), (B, "pause"))
    large_text = True

    def __init__(self, session, seat):
        super().__init__(session.app, t("turns.cover"))
        if self.app.board.BUTTONS < 4:  # a short press of A (DOWN) shows them, as the text says
            self.set_hints(((DOWN, "show my cards"), (B, "pause")))
        self.session = session
        self.seat = seat
        lay = self.layout
        name = session.names[seat]
        text = t("turns.pass_to").format(name)
        board = self.app.board
        how = board.HINTS[A if board.BUTTONS >= 4 else DOWN] or "A"  # a short press shows it
        lines = ui.wrap(t("turns.only").format(name, how), lay.cols)
        small = self.app.layout  # the last move's
        log = ui.wrap(session.lines[-1], small.cols) if session.lines else []
        # "Pass to ANN" as large as the width allows, and the lines and the move still below it
        big = min(4, (lay.width - 2 * lay.margin) // (len(text) * 6))
        while big > lay.scale and (14 * big + 2 + len(lines) * lay.row_h
                                   + min(1, len(log)) * small.row_h > lay.body_h):
            big -= 1
        # a third of the way down, or higher where the lines below need the room
        need = 14 * big + 2 + len(lines) * lay.row_h + min(2, len(log)) * small.row_h
        y = lay.body_top + max(2, min(lay.body_h // 3 - 6 * big, lay.body_h - need))
        self.body.append(ui.label(text, (lay.width - len(text) * 6 * big) // 2, y, ui.BAR, big))
        # the last move at the bottom, on two lines where it needs them and there is room
        y += 14 * big + 2
        bottom = lay.body_top + lay.body_h
        n = min(len(log), 2, max(1, (bottom - y - len(lines) * lay.row_h) // small.row_h))
        for i in range(min(len(lines), (bottom - y - n * small.row_h) // lay.row_h)):
            self.body.append(ui.label(lines[i], lay.margin, y + i * lay.row_h, ui.TEXT, lay.scale))
        for i in range(n):
            text = ui.clip(" ".join(log[i:]), small.cols) if i == n - 1 else log[i]
            self.body.append(ui.label(text, small.margin, bottom - (n - i) * small.row_h, ui.DIM,
                                      small.scale))

    def key(self, k):
        if k == A or k == DOWN:  # DOWN: a short press on the two-button boards
            s = self.session
            s.viewer = self.seat
            s.next()
        elif k == B or k == START:
            self.session.pause()


class Summary(TextPage):
    """The end of a hand (A goes on) or of the game (A goes back to the main menu)."""

    hints = ((DOWN, "more"), (UP, "prev"), (A, "go on"))

    def __init__(self, session, title, text, final):
        super().__init__(session.app, title, text)
        self.session = session
        self.final = final
        self.wait_until = None
        self.fx = None
        if final:  # the win flourish (firmware.fx): cards rise up both sides, then leave
            from firmware import fx

            self.fx = fx.win(self.group, self.app.layout.width, self.app.layout.height)
        if not final and session.persons == 0:  # a game between computers goes on by itself
            self.wait_until = (supervisor.ticks_ms() + 4 * DELAYS[session.app.settings.speed]) & 0x1FFFFFFF

    def key(self, k):
        if k == A and self.page + 1 >= self.pages:
            self._go_on()
        elif k == B:
            self.app.home()
        else:
            super().key(k)

    def tick(self, now):
        if self.fx is not None and not self.fx.tick(now):
            self.fx = None
        if self.wait_until is not None and ui.ticks_due(now, self.wait_until):
            self.wait_until = None
            self._go_on()

    def _go_on(self):
        if self.final:
            self.app.home()
        else:
            # not saved again without the summary's mark now (an erase): a power cut before
            # the next save shows this summary once more; leaving the game saves it read
            s = self.session
            if s.ended_saved:
                s.unsaved = True
            s.next()
