"""The computer players' moves, one line each: the screen every game shares while computers play
(``firmware.session``; loaded with the computer players, and released with them)."""

from micropython import const

from firmware import ui
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_START = const(6)  # boards.START
_PERSON = const(0)  # firmware.settings.PERSON
_DELAYS = const((1500, 600, 150))  # firmware.settings.DELAYS


class ComputerTurns(ui.Screen):
    """Computer players' moves, one line each, at the speed of the settings; A: full speed. The
    text is large on a wide screen (``ui.Layout.game``), unless a person's hand stays in view
    below the moves. A game with nothing hidden (``Screens.open``: Dice Express) keeps its
    table in view below the moves in every game, redrawn after each move, in place of the
    status line, in the large text where that leaves two rows for the moves; the last move
    stays in view for one delay more before the next screen."""

    hints = ((_A, "faster"), (_B, "pause"))
    # how the session tells this screen (``Session.next``): this module is not loaded while a
    # person plays against computers
    computers = True

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
            self.next_at = (now + _DELAYS[self.app.settings.speed]) & 0x1FFFFFFF
            return
        s = self.session
        if not s.fast and not ui.ticks_due(now, self.next_at):
            return
        self.next_at = None
        if self.done:
            s.next_later()
            return
        own = getattr(s.game, "computer", None)  # the game may show this decision on its own
        make = own(s.state.pending[0]) if own is not None else None  # screen: make(session)
        if make is not None:  # made once this screen's tick has returned (``App.later``)
            s.app.later = lambda app: s.show_new(make, s)
            return
        mover = s.state.pending[0]
        s.computer_move()
        st = s.state
        done = st.over or st.round_no != s.round or s.kinds[st.pending[0]] == _PERSON
        self.app.tidy()  # the rows' new texts, low in the heap: not above the move's garbage
        self._draw(mover if done else None)  # the title names who made the last move
        if done:
            if self.open and not s.fast:
                self.done = True  # the last move stays on the table for one delay more
            else:
                s.next_later()

    def key(self, k):
        if k == _A:
            self.session.fast = True
        elif k == _B or k == _START:
            self.session.pause()
