"""The title screen at power-on: the game's name in large letters, five card tiles that slide
in one after another and settle in a fan, and "press any button". Any key goes to the main
menu (the key does nothing else).

Cheap: the tiles share one blank bitmap (``ui.rect``) and move a few pixels a frame in
``tick``; once they have settled nothing changes but a blinking prompt. The screen is shown
only when the board was powered on (``supervisor.runtime.run_reason`` is STARTUP), not after a
reload (code copied to the drive, a test's boot), so a key pressed right after a reload reaches
the main menu.
"""

from micropython import const

from firmware import ui
from firmware.lang import t

NAME = "Pocket Phase 10"
_FRAME_MS = const(40)  # one step of the slide
_STEPS = const(6)  # steps of a tile's slide
_BLINK_MS = const(600)
FILL = (0xD83030, 0x3060E8, 0x28A048, 0xF0C818, 0xF0F0F0)  # firmware.cards' red .. Wild


class Title(ui.Screen):
    hints = ()

    def __init__(self, app):
        super().__init__(app, "")
        lay = app.layout
        w, h = lay.width, lay.height
        self.group.remove(self.group[0])  # no title bar: the name is the title
        s = 3 if w >= 200 else 2
        name = NAME
        if len(name) * 6 * s > w - 4:  # two lines: "Pocket" over "Phase 10"
            name = name.replace(" ", "\n", 1)
        lines = name.count("\n") + 1
        text_h = (12 + 15 * (lines - 1)) * s
        top = (h - text_h - 52) // 2
        cols = max([len(t) for t in name.split("\n")])
        self.body.append(ui.label(name, (w - cols * 6 * s) // 2, top, ui.TEXT, s))
        tw, th = 16 if w < 200 else 20, 24 if w < 200 else 30
        y = top + text_h + 6
        self.tiles = []
        self.goal = []
        n = len(FILL)
        x0 = (w - n * (tw + 4) + 4) // 2
        for i in range(n):
            tile = ui.rect(w, y + (i % 2) * 4, tw, th, FILL[i])  # starts off the right edge
            self.body.append(tile)
            self.tiles.append(tile)
            self.goal.append(x0 + i * (tw + 4))
        press = t("title.press")
        self.prompt = ui.label(press, (w - len(press) * 6) // 2, y + th + 8, ui.DIM, 1)
        self.prompt.hidden = True
        self.body.append(self.prompt)
        self.t0 = -1
        self.frame = 0
        self.done = False  # the tiles have settled

    def tick(self, now):
        if self.t0 < 0:
            self.t0 = now
        f = (now - self.t0) // _FRAME_MS
        if not self.done and f != self.frame:
            self.frame = f
            self._slide(f)
            if self.done:
                self.t0 = now  # the prompt blinks from now on
        elif self.done:
            hidden = ((now - self.t0) // _BLINK_MS) % 2 == 1
            if self.prompt.hidden != hidden:
                self.prompt.hidden = hidden

    def _slide(self, f):
        """Frame ``f``: tile i starts at frame 2 i and moves for STEPS frames."""
        w = self.app.layout.width
        settled = 0
        for i in range(len(self.tiles)):
            k = f - 2 * i
            t = self.tiles[i]
            if k <= 0:
                continue
            if k >= _STEPS:
                x = self.goal[i]
                settled += 1
            else:
                x = w - (w - self.goal[i]) * k // _STEPS
            if t.x != x:
                t.x = x
        if settled == len(self.tiles):
            self.done = True
            self.prompt.hidden = False

    def key(self, k):
        self.app.pop()
