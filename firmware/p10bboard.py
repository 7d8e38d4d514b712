"""The board game's board screen (ROLL and GO): the 32-space ring, one cell per space in the
colour of its kind with its letter (a digit: DRAW +N; W: SWAP N; E extra turn, S search, A all
draw, J joker, ? ask, F free choice), every token a small square in its player's colour, the
phase track inside the ring (a row per player, the marker filled), the dice and what the
highlighted space does at the right. Before the roll a dim frame marks the space the token
stands on. After the roll the dice tumble for ``SPIN_MS``; the
reachable spaces get a frame, the chosen one the bright cursor frame: a cursor move moves that
one frame only.

A computer player's roll and move are shown on it too (``auto``, made by ``Screens.computer``
when the computer has rolled and chosen): the dice tumble, the cursor frame goes to the space it
chose, the computer speed's delay, its token walks there; then the computer-turns screen shows
its action. A makes it at full speed (``session.fast``)."""

import displayio

from boards import UP, DOWN, LEFT, RIGHT, A, B as KB
from firmware import ui
from firmware.decide import Decision
from shared_rules import phase10board as B

CURSOR = 0xFF40FF
REACH = 0xC0C0C0


def action_lines(sp):
    """What a space does, in lines of at most 6 characters."""
    k = B.space_kind(sp)
    n = B.space_count(sp)
    if k == B.K_DRAW:
        return ("Draw", str(n) + " card" + ("s" if n > 1 else ""))
    if k == B.K_EXTRA:
        return ("Draw 1", "+ turn")
    if k == B.K_SEARCH:
        return ("Search", "discrd")
    if k == B.K_SWAP:
        return ("Swap " + str(n), "take " + str(n + 1))
    if k == B.K_ALL:
        return ("All", "draw 1")
    if k == B.K_JOKER:
        return ("Take a", "joker")
    if k == B.K_ASK:
        return ("Ask a", "number")
    return ("Free", "choice")


class BoardScreen(Decision):
    hints = ((DOWN, "next"), (UP, "prev"), (A, "ok"), (KB, "pause"))
    AUTO_HINTS = ((A, "faster"), (KB, "pause"))
    SPIN_MS = 420
    SPIN_STEP = 60
    WALK_STEP = 50

    def __init__(self, session, seat, move=None):
        self.auto = move is not None  # a computer's roll and its move ``move``, shown
        if self.auto:
            self.hints = self.AUTO_HINTS
        self.auto_at = None  # when the computer's walk is due (ticks_ms)
        self.auto_move = move
        super().__init__(session, seat, session.names[seat])
        lay = self.app.layout
        st = session.state
        cols, rows, p, panel = geometry(lay)
        self.p = p
        self.x0 = 1
        self.y0 = lay.body_top
        wide = p >= 14
        self.cells = []
        # tokens: two columns of three squares at the cell's right (3 px in a 12 px cell, the
        # letter's 5 px glyph left of them)
        tsz = 3 if p < 14 else (p - 1) // 4
        self.tsz = tsz
        self._ring(cols, rows, p, wide)
        # reachable frames (dim) and the cursor frame (bright)
        self.reach = []
        for i in range(2):
            pal = displayio.Palette(2)
            pal.make_transparent(0)
            pal[1] = REACH
            tg = displayio.TileGrid(ui.frame(p + 1, p + 1, 1), pixel_shader=pal)
            tg.hidden = True
            self.reach.append(tg)
            self.body.append(tg)
        pal = displayio.Palette(2)
        pal.make_transparent(0)
        pal[1] = CURSOR
        self.cursor = displayio.TileGrid(ui.frame(p + 3, p + 3, 2), pixel_shader=pal)
        self.cursor.hidden = True
        # tokens
        self.tokens = []
        for x in range(st.n):
            t = ui.rect(0, 0, tsz, tsz, PLAYER[x])
            self.tokens.append(t)
            self.body.append(t)
        self.body.append(self.cursor)
        self._track(cols, rows, p)
        # the panel: dice, and what the highlighted space does
        px = self.x0 + cols * p + 2
        self.px = px
        pw = lay.width - px - 1
        ds = min(16, (pw - 4) // 2)
        self.dice_g = []
        for i in range(2):
            g = displayio.Group(x=px + i * (ds + 3), y=self.y0 + 1)
            g.append(ui.rect(0, 0, ds, ds, 0xF0F0F0))
            lb = ui.label("", (ds - 6) // 2, (ds - 12) // 2, 0x101010, 1)
            g.append(lb)
            g.hidden = True
            self.body.append(g)
            self.dice_g.append((g, lb))
        self.info = []
        n_lines = (lay.height - lay.footer_h - (self.y0 + ds + 4)) // 12
        for i in range(min(6, n_lines)):
            lb = ui.label("", px, self.y0 + ds + 4 + 12 * i, ui.TEXT, 1)
            self.info.append(lb)
            self.body.append(lb)
        self.cols_panel = max(1, pw // 6)
        self.sel = 0
        self.spin = False
        self.spin_at = None
        self.spin_step = -1
        self.rolled = False
        self.walk = []
        self.refresh()

    # ------------------------------------------------------------------ drawing

    def _tokens(self):
        st = self.session.state
        used = [0] * B.SPACES
        p = self.p
        tsz = self.tsz
        for x in range(st.n):
            sp = st.tokens[x]
            k = used[sp]
            used[sp] += 1
            cx, cy = self.cells[sp]
            tx = cx + p - 1 - (2 - k % 2) * tsz
            ty = cy + (k // 2) * (tsz + 1) + (0 if tsz == 3 else 1)
            t = self.tokens[x]
            if t.x != tx or t.y != ty:
                t.x = tx
                t.y = ty
        for x in range(st.n):
            m = self.marks[x]
            mx = self.track_x + st.markers[x] * self.track_cw
            if m.x != mx:
                m.x = mx

    def _lines(self, lines):
        for i in range(len(self.info)):
            ui.set_text(self.info[i], (lines[i] if i < len(lines) else "")[: self.cols_panel])

    def _dice(self, a, b):
        for i in range(2):
            g, lb = self.dice_g[i]
            g.hidden = False
            ui.set_text(lb, str((a, b)[i]))

    def _place(self, tg, sp, d):
        x, y = self.cells[sp]
        if tg.x != x - d or tg.y != y - d:
            tg.x = x - d
            tg.y = y - d
        if tg.hidden:
            tg.hidden = False

    def refresh(self):
        s = self.session
        if s.game.swap(self):
            return
        st = s.state
        self._tokens()
        me = self.seat
        self.set_title(s.names[me] + " ph" + str(st.markers[me] + 1) + " " + need_text(st.markers[me]))
        if st.pending[1] == B.ROLL:
            for g, _ in self.dice_g:
                g.hidden = True
            self._place(self.reach[0], st.tokens[me], 1)  # where the token stands
            self.reach[1].hidden = True
            self.cursor.hidden = True
            self._lines(["At " + str(st.tokens[me]), B.space_name(st.tokens[me]), "", "A:", "roll"])
            return
        self.rolled = True
        self.targets = [t[0] for t in st.targets]
        self.sel = 0
        for i in range(2):
            if i < len(self.targets):
                self._place(self.reach[i], self.targets[i], 1)
            else:
                self.reach[i].hidden = True
        self.spin = True
        self.spin_at = None
        self.spin_step = -1
        self._dice(1, 1)
        self._lines(["", "", "", "", ""])
        self.cursor.hidden = True

    def _show_sel(self):
        st = self.session.state
        sp = self.targets[self.sel]
        self._place(self.cursor, sp, 2)
        n = len(self.targets)
        # the first line stays; the space and its action change
        self._lines([(str(n) + " ways") if n > 1 else "1 way", "To " + str(sp)]
                    + list(action_lines(sp)))

    # ------------------------------------------------------------------ keys

    def key(self, k):
        if super().key(k):
            return
        st = self.session.state
        if k == KB:
            self.session.pause()
            return
        if self.auto:
            if k == A:
                self.session.fast = True
            return
        if self.walk:
            self._end_walk()
            return
        if st.pending[1] == B.ROLL:
            if k == A:
                self._do((B.M_ROLL,))
            return
        if self.spin:
            self._settle()
            if k != A:
                return
        n = len(self.targets)
        if k in (DOWN, RIGHT):
            self.sel = (self.sel + 1) % n
            self._show_sel()
        elif k in (UP, LEFT):
            self.sel = (self.sel - 1) % n
            self._show_sel()
        elif k == A:
            self._start_walk()


# The ring and the phase track drawn (``p10bring``), and the dice tumbling, the computer's delay,
# the token's walk and the move made (``p10bwalk``), are modules of their own, attached here:
# compiling one large .py on a board needs several times the heap its code keeps
# (docs/micropython.md). They import the names above.
from firmware.p10bring import geometry, PLAYER  # noqa: E402
from firmware import p10bring, p10bwalk  # noqa: E402

for _name in ("_ring", "_track"):
    setattr(BoardScreen, _name, getattr(p10bring, _name))
for _name in ("tick", "_settle", "_auto", "_start_walk", "_walk", "_end_walk", "_do"):
    setattr(BoardScreen, _name, getattr(p10bwalk, _name))
del _name


def need_text(marker):
    """``set3+run4`` of the phase on ``marker`` (0..9), or ``done``."""
    from shared_rules.phases import BOARD_PHASES, compact

    return "done" if marker >= B.FINISH else compact(BOARD_PHASES[marker])
