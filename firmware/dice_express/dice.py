"""Dice Express: the dice after a roll, for a person's turn (``firmware.dice_express.turn`` loads it when a
person has rolled, so a game between computer players never compiles it)."""

from micropython import const

import displayio

from firmware import ui
from firmware.menu import Menu
from firmware.decide import Decision
from firmware.lang import t
from shared_rules.dice_express import game as D

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_KEEP = const(1)  # shared_rules.dice_express.game.KEEP
_STOP = const(2)  # shared_rules.dice_express.game.STOP


class DiceScreen(Decision):
    """The dice after a roll: set aside (A on a die), Roll the rest, or Stop. Each die keeps its
    column; setting it aside moves it up to the Kept row. A cursor move redraws the cursor
    frame only, a set-aside the die and the line above. The dice just rolled tumble for
    ``SPIN_MS`` (their faces change every ``SPIN_STEP`` ms) before they show their colour."""

    hints = ((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "pause"))
    large_text = True  # on a wide screen (ui.Layout.game)
    SPIN_MS = 360
    SPIN_STEP = 60

    def __init__(self, session, seat, title, colours):
        super().__init__(session, seat, title)
        self.fill, self.ink = colours  # firmware.dice_express.screens's FILL and INK
        st = session.state
        self.dice = list(st.dice)
        self.kept = list(st.aside)
        self.cursor = 0
        lay = self.layout
        s = lay.scale
        rh = lay.row_h
        # the info line, two rows of dice and the two buttons in the body: the dice smaller
        # where the rows are tight (the large text on 320x170), the gaps only where there is room
        self.size = min(12 * s, (lay.body_h - 3 * rh) // 2 - 2 * s)
        self.pitch = self.size + 2 * s
        gap = max(0, min(rh // 2, (lay.body_h - 3 * rh - 2 * self.pitch) // 2))
        # "Kept" and "Roll" in the text's size where the dice still fit beside them
        words = max(len(t("dx.kept")), len(t("dx.roll")))
        ls = s if lay.margin + words * 6 * s + 2 + 7 * self.pitch <= lay.width else 1
        self.x0 = lay.margin + max(26, words * 6 * ls + 2)
        dy = (rh - 12 * s) // 2  # centred in its row, as a menu's
        self.info = ui.label("", lay.margin, lay.body_top + dy, ui.DIM, s)
        self.body.append(self.info)
        self.row_y = (lay.body_top + rh, lay.body_top + rh + self.pitch + gap)
        for i in range(2):
            self.body.append(ui.label((t("dx.roll") if i else t("dx.kept")), lay.margin,
                                      self.row_y[i] + (self.size - 12 * ls) // 2, ui.DIM, ls))
        self.frame = ui.rect(0, 0, self.size + 4, self.size + 4, ui.BAR)
        self.body.append(self.frame)
        self.faces = []  # per die: (group, palette, letter label or None)
        marks = self.app.settings.marks
        for i in range(len(self.dice)):
            c = self.dice[i]
            g = displayio.Group()
            face = ui.rect(0, 0, self.size, self.size, self.fill[c])
            g.append(face)
            mark = None
            if marks:
                mark = ui.label(D.COLOURS[c], (self.size - 6 * s) // 2, (self.size - 8 * s) // 2, self.ink[c], s)
                g.append(mark)
            self.body.append(g)
            self.faces.append((g, face.pixel_shader, mark))
            self._place(i)
        self.buttons = Menu(self, [t("dx.roll_rest"), t("dx.stop")],
                               top=self.row_y[1] + self.pitch + gap, rows=2)
        self.buttons.set_bar(False)
        # the dice of this roll tumble (all of them after the first roll)
        self.spin = [i for i in range(len(self.dice)) if not self.kept[i]]
        self.spin_at = None
        self.spin_step = 0
        self._info()
        self._cursor()

    def _place(self, i):
        g = self.faces[i][0]
        x = self.x0 + i * self.pitch
        y = self.row_y[0 if self.kept[i] else 1]
        if g.x != x or g.y != y:
            g.x = x
            g.y = y

    def _face(self, i, c):
        _, pal, mark = self.faces[i]
        if pal[0] != self.fill[c]:
            pal[0] = self.fill[c]
        if mark is not None:
            ui.set_text(mark, t("dx.letters")[c])
            if mark.color != self.ink[c]:
                mark.color = self.ink[c]

    def _info(self):
        st = self.session.state
        n = 0
        for k in self.kept:
            n += 0 if k else 1
        ui.set_text(self.info, ui.clip(t("dx.roll_info").format(st.roll_no, n), self.layout.cols))

    def _cursor(self):
        on = self.cursor >= len(self.dice)
        self.frame.hidden = on
        if not on:
            g = self.faces[self.cursor][0]
            if self.frame.x != g.x - 2 or self.frame.y != g.y - 2:
                self.frame.x = g.x - 2
                self.frame.y = g.y - 2
        else:
            self.buttons.index = self.cursor - len(self.dice)
        self.buttons.set_bar(on)
        if on:
            self.buttons._draw()

    def tick(self, now):
        if not self.spin:
            return
        if self.spin_at is None:
            self.spin_at = now
        step = ((now - self.spin_at) & 0x1FFFFFFF) // self.SPIN_STEP
        if step * self.SPIN_STEP >= self.SPIN_MS:
            self._settle()
            return
        if step != self.spin_step:
            self.spin_step = step
            for i in self.spin:
                self._face(i, (self.dice[i] + step * (i + 1)) % 6)

    def _settle(self):
        for i in self.spin:
            self._face(i, self.dice[i])
        self.spin = []

    def move(self):
        kept = []
        for i in range(len(self.dice)):
            if self.kept[i]:
                kept.append(self.dice[i])
        kept.sort()
        return (_KEEP, tuple(kept))

    def key(self, k):
        if super().key(k):
            return
        if self.spin:
            self._settle()
        total = len(self.dice) + 2
        if k == _DOWN or k == _RIGHT:
            self.cursor = (self.cursor + 1) % total
            self._cursor()
        elif k == _UP or k == _LEFT:
            self.cursor = (self.cursor - 1) % total
            self._cursor()
        elif k == _A:
            if self.cursor < len(self.dice):
                self.kept[self.cursor] = 0 if self.kept[self.cursor] else 1
                self._place(self.cursor)
                self._cursor()
                self._info()
                return
            move = self.move() if self.cursor == len(self.dice) else (_STOP,)
            err = self.submit(move)
            if err is not None:
                ui.set_text(self.info, ui.clip(self.refusal_text(err), self.layout.cols))
        elif k == _B:
            self.session.pause()
