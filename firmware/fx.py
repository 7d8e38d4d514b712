"""Small animations in play, cheap to draw: a few card-coloured rectangles (one shared blank
bitmap, ``ui.rect``) that move a few pixels a frame with the screen's ``tick`` and are removed
at the end, leaving the screen as it was. Nothing else is redrawn: each frame the display
sends only the areas the rectangles left and entered.

``Burst(parent, paths, w, h, colours)``: rectangle i moves from ``paths[i][0:2]`` to
``paths[i][2:4]`` in ``STEPS`` frames of ``FRAME_MS``, starting ``LAG`` frames after the one
before it; at the end they are hidden (they stay in the group until the screen goes). Used by the Phase 10 turn (a phase laid: its cards fly from the hand up to the
title) and by every game's final summary (the win flourish)."""

from micropython import const

from firmware import ui

_FRAME_MS = const(30)
_STEPS = const(8)
_LAG = const(2)


class Burst:
    def __init__(self, parent, paths, w, h, colours):
        self.parent = parent
        self.paths = paths
        self.rects = []
        for i in range(len(paths)):
            p = paths[i]
            r = ui.rect(p[0], p[1], w, h, colours[i % len(colours)])
            r.hidden = True
            parent.append(r)
            self.rects.append(r)
        self.t0 = -1
        self.frame = -1

    @property
    def running(self):
        return self.rects is not None

    def tick(self, now):
        """Move to this moment's frame; False once it has ended (and removed itself)."""
        if self.rects is None:
            return False
        if self.t0 < 0:
            self.t0 = now
        f = (now - self.t0) // _FRAME_MS
        if f == self.frame:
            return True
        self.frame = f
        done = 0
        for i in range(len(self.rects)):
            k = f - _LAG * i
            r = self.rects[i]
            if k > _STEPS:
                done += 1
                if not r.hidden:
                    r.hidden = True
                continue
            if k < 0:
                continue
            x0, y0, x1, y1 = self.paths[i]
            x = x0 + (x1 - x0) * k // _STEPS
            y = y0 + (y1 - y0) * k // _STEPS
            if r.x != x or r.y != y:
                r.x = x
                r.y = y
            if r.hidden:
                r.hidden = False
        if done == len(self.rects):
            self.stop()
            return False
        return True

    def stop(self):
        """End now: the rectangles leave the screen. They are hidden, not removed from the
        group (a removal redraws the whole area the group's children span) and go with the
        screen."""
        if self.rects is None:
            return
        for r in self.rects:
            if not r.hidden:
                r.hidden = True
        self.rects = None


def win(parent, width, height):
    """The win flourish: six cards rise from the bottom edge up the two sides of the screen."""
    w, h = 8, 12
    paths = []
    for i in range(6):
        x = 1 + (i // 2) * 10 if i % 2 == 0 else width - w - 1 - (i // 2) * 10
        paths.append((x, height - h, x, height // 4))
    return Burst(parent, paths, w, h, (0xD83030, 0x3060E8, 0x28A048, 0xF0C818, 0xF0F0F0, 0xD83030))
