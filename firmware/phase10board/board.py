"""The board game's board screen (ROLL and GO): the 32-space ring, one cell per space in the
colour of its kind with its letter (a digit: DRAW +N; W: SWAP N; E extra turn, S search, A all
draw, J joker, ? ask, F free choice), every token the face of the cell it stands on in its
player's colour with the first letter of the player's name (nobody can land on a space a token
covers; the panel names the space the person's token stands on), tokens sharing the start
space in halves, quarters or sixths of it, the phase track inside the ring (a row per player,
the marker filled), the dice and what the highlighted space does at the right. Before the roll
a dim frame marks the space the token stands on. SELECT (on the two- and three-button boards
the short press of UP, which the board screen needs no more: at most two spaces are reachable)
shows the legend: a line per kind of space, its marks and what it does, and what a token shows
(``select``). After the roll the dice tumble for ``SPIN_MS``; the reachable spaces get a frame,
the chosen one the bright cursor frame: a cursor move moves that one frame only.

A computer player's roll and move are shown on it too (``auto``, made by ``Screens.computer``
when the computer has rolled and chosen): the dice tumble, the cursor frame goes to the space it
chose, the computer speed's delay, its token walks there; then the computer-turns screen shows
its action. A makes it at full speed (``session.fast``)."""

from micropython import const

import displayio

from firmware import ui
from firmware.decide import Decision
from firmware.lang import t, phase_text, utf8
from shared_rules.phase10board import game as B

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_SELECT = const(7)  # boards.SELECT
_K_DRAW = const(0)  # shared_rules.phase10board.game.K_DRAW
_ROLL = const(0)  # shared_rules.phase10board.game.ROLL
_K_SWAP = const(3)  # shared_rules.phase10board.game.K_SWAP
_M_ROLL = const(5)  # shared_rules.phase10board.game.M_ROLL
_M_GO = const(6)  # shared_rules.phase10board.game.M_GO
_FINISH = const(10)  # shared_rules.phase10board.game.FINISH
_SPACES = const(32)  # shared_rules.phase10board.game.SPACES
_DELAYS = const((1500, 600, 150))  # firmware.settings.DELAYS

_CURSOR = const(0xFF40FF)
_REACH = const(0xC0C0C0)


def action_lines(sp):
    """What a space does, in lines of at most 6 characters."""
    k = B.space_kind(sp)
    n = B.space_count(sp)
    if k == _K_DRAW:
        return tuple((t("p10b.a.draw1") if n == 1 else t("p10b.a.drawN")).format(n).split("|"))
    key = ("p10b.a.draw1", "p10b.a.extra", "p10b.a.search", "p10b.a.swap", "p10b.a.all",
           "p10b.a.joker", "p10b.a.ask", "p10b.a.free")[k]
    return tuple(t(key).format(n, n + 1).split("|"))


_PLAYER = const((0xFF5050, 0x40B0FF, 0x60F060, 0xFFE040, 0xFF70FF, 0xFFFFFF))  # each seat's colour

# per kind: fill, ink
_KFILL = const((0x1E6A32, 0x23459A, 0x6A2C88, 0x9A5A12, 0x1D6F78, 0x6E6E6E, 0x8A2A2A, 0x3A3A3A))

_KINK = const((0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF))

_KLETTER = const(("+", "E", "S", "W", "A", "J", "?", "F"))

_TOKEN_INK = const(0x101010)  # the initial on a token


def cell_text(sp, wide):
    k = B.space_kind(sp)
    n = B.space_count(sp)
    if k == _K_DRAW:
        return ("+" + str(n)) if wide else str(n)
    if k == _K_SWAP:
        return ("W" + str(n)) if wide else "W"
    return _KLETTER[k]


def cell_bitmap(w, h, text, dx, dy, s=1):
    """A ``w`` x ``h`` cell: 0 the fill, 1 the glyphs of ``text`` from (dx, dy) (as a label
    there at scale ``s`` draws them), cut at the cell's edge."""
    b = displayio.Bitmap(w, h, 2)
    x = dx
    for c in utf8(text):  # ASCII (a str's letters one by one: firmware.font.code_at)
        g = ui.FONT.get_glyph(c)
        if g is None:
            continue
        x1 = g.tile_index * g.width
        src = g.bitmap
        sw = src.width
        for j in range(g.height * s):  # (pixels by index: a tuple index is garbage per pixel)
            yy = dy + j
            if 0 <= yy < h:
                for i in range(g.width * s):
                    xx = x + g.dx * s + i
                    if 0 <= xx < w and src[(j // s) * sw + x1 + i // s]:
                        b[yy * w + xx] = 1
        x += g.shift_x * s
    return b


def token_bitmap(w, h, ch):
    """A token's face, ``w`` x ``h``: the letter ``ch`` (a capital's ink is 5 x 8 pixels from
    row 2 of its 6 x 12 glyph) centred at the largest scale that fits, or no letter where even
    scale 1 does not."""
    s = 2 if w >= 11 and h >= 17 else 1 if w >= 5 and h >= 9 else 0
    if not s:
        return displayio.Bitmap(w, h, 2)
    return cell_bitmap(w, h, ch, (w - 5 * s + 1) // 2, (h - 8 * s) // 2 - 2 * s, s)


def ring_xy(i, cols, rows):
    """Cell (column, row) of space ``i``: space 0 top left, clockwise."""
    if i < cols:
        return i, 0
    i -= cols - 1
    if i < rows:
        return cols - 1, i
    i -= rows - 1
    if i < cols:
        return cols - 1 - i, rows - 1
    i -= cols - 1
    return 0, rows - 1 - i


def geometry(lay):
    """(cols, rows, pitch, panel width) of the ring that gives the largest cells."""
    best = None
    top = lay.body_top
    h = lay.height - lay.footer_h - top - 1
    for cols, rows in ((10, 8), (9, 9), (11, 7), (12, 6)):
        for panel in (40, 52):
            p = min((lay.width - panel) // cols, h // rows)
            if best is None or p > best[2] or (p == best[2] and panel > best[3]):
                best = (cols, rows, p, panel)
    return best


class BoardScreen(Decision):
    SPIN_MS = 420
    SPIN_STEP = 60
    WALK_STEP = 50

    def __init__(self, session, seat, move=None):
        self.auto = move is not None  # a computer's roll and its move ``move``, shown
        # the legend's key: SELECT, or where there is none the short press of UP (DOWN alone
        # walks the highlight: at most two spaces are reachable)
        self.legend_key = _SELECT if session.app.how(_SELECT) else _UP
        keys = ((_A, "faster"),) if self.auto else ((_DOWN, "next"), (_A, "ok"))
        self.hints = keys + ((self.legend_key, "spaces"), (_B, "pause"))
        if len(session.app.hint_text(self.hints, True)) > session.app.layout.footer_cols:
            self.hints = keys + ((_B, "pause"),)  # (the PyBadge's computer: the person's says it)
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
        self._ring(cols, rows, p, wide)
        # reachable frames (dim) and the cursor frame (bright)
        self.reach = []
        for i in range(2):
            pal = displayio.Palette(2)
            pal.make_transparent(0)
            pal[1] = _REACH
            tg = displayio.TileGrid(ui.frame(p + 1, p + 1, 1), pixel_shader=pal)
            tg.hidden = True
            self.reach.append(tg)
            self.body.append(tg)
        pal = displayio.Palette(2)
        pal.make_transparent(0)
        pal[1] = _CURSOR
        self.cursor = displayio.TileGrid(ui.frame(p + 3, p + 3, 2), pixel_shader=pal)
        self.cursor.hidden = True
        # tokens: a tile grid each, in ``self.tok_g``, made in the shape they need (``_tokens``)
        self.tok_g = displayio.Group()
        self.tokens = [None] * st.n
        self.tok_pal = []
        self.faces = {}  # (w, h, letter): a token's face, shared by the tokens of that letter
        for x in range(st.n):
            pal = displayio.Palette(2)
            pal[0] = _PLAYER[x]
            pal[1] = _TOKEN_INK
            self.tok_pal.append(pal)
        self.body.append(self.tok_g)
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

    def _token(self, x, w, h):
        """Seat ``x``'s token, ``w`` x ``h``, in its player's colour with the initial."""
        ch = self.session.names[x][:1]
        bm = self.faces.get((w, h, ch))
        if bm is None:
            bm = self.faces[(w, h, ch)] = token_bitmap(w, h, ch)
        return displayio.TileGrid(bm, pixel_shader=self.tok_pal[x])

    def _move_token(self, x, sp, k, c):
        """Seat ``x``'s token on space ``sp``, the ``k``-th of the ``c`` tokens there: the
        cell's whole face when alone, else a block of it (halves, quarters, sixths)."""
        n = self.p - 1
        cols = 1 if c == 1 else 2 if c <= 4 else 3
        rows = 1 if c == 1 else 2 if c >= 3 else 1
        w = (n + 1) // cols - 1
        h = (n + 1) // rows - 1
        tg = self.tokens[x]
        if tg is None or tg.bitmap.width != w or tg.bitmap.height != h:  # another shape
            old = tg
            tg = self._token(x, w, h)
            self.tokens[x] = tg
            if old is None:  # the first time: in seat order
                self.tok_g.append(tg)
            else:
                self.tok_g[x] = tg
        tx, ty = self.cells[sp]
        tx += (k % cols) * (w + 1)
        ty += (k // cols) * (h + 1)
        if tg.x != tx or tg.y != ty:
            tg.x = tx
            tg.y = ty

    def _tokens(self):
        st = self.session.state
        used = [0] * _SPACES
        for x in range(st.n):
            used[st.tokens[x]] += 1
        k = [0] * _SPACES
        for x in range(st.n):
            sp = st.tokens[x]
            self._move_token(x, sp, k[sp], used[sp])
            k[sp] += 1
        for x in range(st.n):
            m = self.marks[x]
            mx = self.track_x + st.markers[x] * self.track_cw
            if m.x != mx:
                m.x = mx

    def _lines(self, lines):
        for i in range(len(self.info)):
            ui.set_text(self.info[i], ui.clip(lines[i] if i < len(lines) else "", self.cols_panel))

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
        st = s.state
        self._tokens()
        me = self.seat
        self.set_title(ui.seat_title(self.layout.cols, s.names[me],
                                     t("p10b.ph").format(st.markers[me] + 1),
                                     need_text(st.markers[me])))
        if st.pending[1] == _ROLL:
            for g, _ in self.dice_g:
                g.hidden = True
            self._place(self.reach[0], st.tokens[me], 1)  # where the token stands
            self.reach[1].hidden = True
            self.cursor.hidden = True
            head = [t("p10b.at").format(st.tokens[me]), s.game.space_name(st.tokens[me])]
            act = ui.wrap(self.app.how(_A) + ": " + t("p10b.roll"), self.cols_panel)  # at the foot
            self._lines(head + [""] * (len(self.info) - len(head) - len(act)) + act)
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
        sp = self.targets[self.sel]
        self._place(self.cursor, sp, 2)
        n = len(self.targets)
        # the first line stays; the space and its action change
        self._lines([t("p10b.ways").format(n) if n > 1 else t("p10b.way"), t("p10b.to").format(sp)]
                    + list(action_lines(sp)))

    # ------------------------------------------------------------------ keys

    def select(self):
        """SELECT: the legend, what each mark on the ring means (``firmware.phase10board.legend``,
        imported only when shown), in place of the board (``Session.over``) or over a
        computer's: B comes back to it as it was."""
        from firmware.phase10board import legend

        marks = []  # per kind of space, its marks as drawn here ("+1 +2 +3", or "1 2 3")
        for k in range(len(_KLETTER)):
            seen = []
            for sp in range(_SPACES):
                m = cell_text(sp, self.p >= 14)
                if B.space_kind(sp) == k and m not in seen:
                    seen.append(m)
            seen.sort()
            marks.append(" ".join(seen))
        app = self.app  # (not self in the lambda: the board goes before the legend is made)
        self.session.over(lambda: legend.screen(app, marks))

    def memo(self):
        """The screen as the person left it, for ``Session.over`` (the pause menu, the table or
        the legend in its place, and the board made again after them with ``restore``): the
        space highlighted once the dice are rolled. None (the screen stays under them) while
        the token walks or a computer's move is shown."""
        return None if self.walk or self.auto else self.sel

    def restore(self, sel):
        """Back to ``memo()``'s state on the board made anew: rolled, the dice as they fell
        (no tumble again) and the space the person had highlighted."""
        if self.spin:
            self.sel = sel
            self._settle()

    def key(self, k):
        if super().key(k):
            return
        st = self.session.state
        if k == _B:
            self.session.pause()
            return
        if k == self.legend_key:  # (SELECT has been taken by ``select``)
            self.select()
            return
        if self.auto:
            if k == _A:
                self.session.fast = True
            return
        if self.walk:
            self._end_walk()
            return
        if st.pending[1] == _ROLL:
            if k == _A:
                self._do((_M_ROLL,))
            return
        if self.spin:
            self._settle()
            if k != _A:
                return
        n = len(self.targets)
        if k in (_DOWN, _RIGHT):
            self.sel = (self.sel + 1) % n
            self._show_sel()
        elif k in (_UP, _LEFT):
            self.sel = (self.sel - 1) % n
            self._show_sel()
        elif k == _A:
            self._start_walk()

    # methods of BoardScreen
    def _ring(self, cols, rows, p, wide):
        """The 32 cells of the ring in ``self.body``, their corners in ``self.cells``."""
        # a cell: one tile grid, its letter drawn in a bitmap that every cell of that text shares,
        # through the palette of its kind (a rectangle and a label a cell took twice the heap)
        ring = displayio.Group()
        pals = []
        for k in range(len(_KFILL)):
            pal = displayio.Palette(2)
            pal[0] = _KFILL[k]
            pal[1] = _KINK[k]
            pals.append(pal)
        faces = {}
        for sp in range(_SPACES):
            c, r = ring_xy(sp, cols, rows)
            x = self.x0 + c * p
            y = self.y0 + r * p
            txt = cell_text(sp, wide)
            bm = faces.get(txt)
            if bm is None:
                bm = faces[txt] = cell_bitmap(p - 1, p - 1, txt, 0 if p < 14 else 1, (p - 13) // 2)
            ring.append(displayio.TileGrid(bm, pixel_shader=pals[B.space_kind(sp)], x=x, y=y))
            self.cells.append((x, y))
        faces = None
        self.body.append(ring)

    def _track(self, cols, rows, p):
        """The phase track inside the ring: a row per player, its marker in ``self.marks``."""
        session = self.session
        st = session.state
        ix = self.x0 + p + 2
        iy = self.y0 + p + 1
        iw = (cols - 2) * p - 3
        ih = (rows - 2) * p - 2
        rh = min(ih // st.n, 16)
        names = rh >= 12
        name_w = 20 if names else 6
        cw = min(9, (iw - name_w) // 11)
        track = displayio.Group()
        self.marks = []
        y0 = iy + (ih - rh * st.n) // 2
        if y0 - iy >= 12:  # room above the rows: the phase numbers (1, 5, 10) and F(inish)
            y0 = iy + (ih - rh * st.n + 12) // 2
            for c, mark in ((0, "1"), (4, "5"), (9, "10"), (10, "F")):
                if c == 9 and cw < 12:
                    continue
                track.append(ui.label(mark, ix + name_w + c * cw, y0 - 12, ui.DIM, 1))
        # the track's line: ten dim dashes and the finish, one bitmap every row shares
        line = displayio.Bitmap(11 * cw, 1, 3)
        for c in range(11):
            for i in range(cw - 1):
                line[c * cw + i] = 1 if c < 10 else 2
        lpal = displayio.Palette(3)
        lpal.make_transparent(0)
        lpal[1] = 0x5A5A5A
        lpal[2] = 0xB0B0B0
        for x in range(st.n):
            y = y0 + x * rh
            if names:
                track.append(ui.label(session.names[x][:3], ix, y + (rh - 12) // 2, _PLAYER[x], 1))
            else:
                track.append(ui.rect(ix, y + 1, 4, rh - 2, _PLAYER[x]))
            track.append(displayio.TileGrid(line, pixel_shader=lpal, x=ix + name_w, y=y + rh // 2))
            m = ui.rect(0, y + 2, cw - 1, rh - 4, _PLAYER[x])
            self.marks.append(m)
            track.append(m)
        self.body.append(track)
        self.track_x = ix + name_w
        self.track_cw = cw

    # methods of BoardScreen
    def tick(self, now):
        if self.walk:
            self._walk(now)
            return
        if self.auto and not self.spin:
            self._auto(now)
            return
        if not self.spin:
            return
        if self.spin_at is None:
            self.spin_at = now
        step = ((now - self.spin_at) & 0x1FFFFFFF) // self.SPIN_STEP
        if step * self.SPIN_STEP >= self.SPIN_MS or (self.auto and self.session.fast):
            self._settle()
            return
        if step != self.spin_step:
            self.spin_step = step
            if step:  # the dice rattle: a short click a step (the roll's tone starts them)
                self.app.sound.play((330 + 60 * (step & 3), 12), now)
            d = self.session.state.dice
            self._dice((d[0] + step * 2) % 6 + 1, (d[1] + step * 3 + 2) % 6 + 1)

    def _settle(self):
        self.spin = False
        d = self.session.state.dice
        self._dice(d[0], d[1])
        if self.auto:  # the cursor frame shows the space the computer chose
            self.sel = self.targets.index(self.auto_move[1])
            self.auto_at = None
        self._show_sel()

    def _auto(self, now):
        """The computer's token walks to the space it chose when the delay is over (at once at
        full speed)."""
        if self.auto_at is None:
            self.auto_at = (now + _DELAYS[self.app.settings.speed]) & 0x1FFFFFFF
        if self.session.fast or ((now - self.auto_at) & 0x1FFFFFFF) < 0x10000000:
            self._start_walk()

    def _start_walk(self):
        """The token steps space by space to the chosen one (``WALK_STEP`` ms a space), then
        the move is made; a key during the walk makes it at once."""
        st = self.session.state
        sp = self.targets[self.sel]
        pos = st.tokens[self.seat]
        self.walk = []
        while pos != sp:
            pos = (pos + 1) % _SPACES
            self.walk.append(pos)
        self.walk_at = None
        self.walk_i = -1
        for tg in self.reach:
            tg.hidden = True

    def _walk(self, now):
        if self.walk_at is None:
            self.walk_at = now
        i = ((now - self.walk_at) & 0x1FFFFFFF) // self.WALK_STEP
        if i >= len(self.walk) or (self.auto and self.session.fast):
            self._end_walk()
            return
        if i != self.walk_i:
            self.walk_i = i
            self._move_token(self.seat, self.walk[i], 0, 1)

    def _end_walk(self):
        sp = self.walk[-1] if self.walk else self.targets[self.sel]
        self.walk = []
        self._do((_M_GO, sp))

    def _do(self, move):
        if self.auto:
            self.auto_move = None
            self.session.computer_apply(move)
            self.session.next_later()
            return
        err = self.submit(move)
        if err is not None:
            self._lines([self.refusal_text(err)])


def need_text(marker):
    """``set3+run4`` of the phase on ``marker`` (0..9), or ``done``."""
    from shared_rules.phase10board.phases import BOARD_PHASES

    return t("p10.done") if marker >= _FINISH else phase_text(BOARD_PHASES[marker])


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    TOKEN_INK = _TOKEN_INK
    PLAYER = _PLAYER
