"""The emulated screen: a Blinka ``busdisplay.BusDisplay`` that draws into a framebuffer.

Blinka's displayio does all the drawing (groups, tile grids, palettes, ``adafruit_display_text``);
this class only keeps the pixels it sends, counts how many it redraws (the dirty-area figure of
``tools/bench_ui.py``), and can hand frames to a GIF recorder. Refreshes happen when the
firmware calls ``display.refresh()``, or at each emulated sleep while ``auto_refresh`` is on,
as on the board: no background thread.

Drawing is most of what the emulator spends its time on, and most tests read the screen's text
from the display tree, not its pixels: with a ``render_stride`` above 1 only every n-th refresh
draws, and the pixels are brought up to date (the whole screen drawn) when they are read.
"""

import sys

import numpy as np
from PIL import Image

import displayio
import busdisplay
from displayio._area import Area

displayio._stop_background()  # the emulator refreshes in emulated time, not from a thread


class EmuDisplay(busdisplay.BusDisplay):
    """A display of ``width`` x ``height`` RGB565 pixels kept in ``self.frame``."""

    def __init__(self, width, height):
        super().__init__(None, b"", width=width, height=height, auto_refresh=True)
        self.frame = np.zeros((height, width), dtype=np.uint16)
        self.pixels_drawn = 0
        self.refreshes = 0
        self.render_stride = 1  # draw only every n-th refresh; 1 = every one, as the board
        self._skipped = 0
        self._stale = False  # a refresh was skipped since the last drawing
        self.on_frame = None

    def _background(self):
        pass

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self._skipped += 1
        if self._skipped < self.render_stride:
            self._stale = True
            return True
        self._skipped = 0
        return self.draw()

    def draw(self):
        """Draw every dirty area now (what refresh() does on the board); after skipped
        refreshes, the whole screen."""
        before = self.pixels_drawn
        if self._stale:
            self._stale = False
            group = self._core.current_group
            if group is not None:  # what the skipped refreshes left dirty: the whole screen below
                group._get_refresh_areas([])  # pylint: disable=protected-access
            self._core.full_refresh = True
        self._refresh_display()
        self.refreshes += 1
        if self.pixels_drawn != before and self.on_frame is not None:
            self.on_frame(self)
        return True

    def redraw_all(self):
        """Draw the whole screen now."""
        self._stale = True
        self.draw()

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w, h = clipped.width(), clipped.height()
        n = w * h
        buffer = memoryview(bytearray((n + 1) // 2 * 4)).cast("I")  # 16-bit pixels in words
        mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        pixels = np.frombuffer(buffer.tobytes()[: n * 2], dtype=">u2").reshape(h, w)
        self.frame[clipped.y1: clipped.y2, clipped.x1: clipped.x2] = pixels
        self.pixels_drawn += n
        return True

    def _release(self):
        self._core.release_display_core()

    def rgb(self):
        """The screen as an (height, width, 3) uint8 array (drawn first if a refresh was
        skipped)."""
        if self._stale:
            self.draw()
        f = self.frame.astype(np.uint32)
        r = ((f >> 11) & 0x1F) * 255 // 31
        g = ((f >> 5) & 0x3F) * 255 // 63
        b = (f & 0x1F) * 255 // 31
        return np.dstack((r, g, b)).astype(np.uint8)

    def image(self, scale=1):
        """The screen as a PIL image, optionally scaled up by an integer."""
        img = Image.fromarray(self.rgb(), "RGB")
        if scale != 1:
            img = img.resize((self.width * scale, self.height * scale), Image.NEAREST)
        return img


def visible_labels(display):
    """``(label, x, y, scale)`` of every visible label with text on screen, in screen pixels
    (``x``, ``y`` the label's origin, ``scale`` the label's scale times its groups')."""
    out = []
    if display.root_group is not None:
        _walk(display.root_group, 0, 0, 1, out)
    return out


class CardNumber:
    """A card's number, a tile grid (``tile``), read as a label (``firmware.cards.number_label``)."""

    def __init__(self, tile, text, x, y, scale):
        self.tile = tile
        self.text = text
        self.scale = scale
        self.bounding_box = (x / scale, y / scale, 6 * len(text), 12)


def _walk(group, ox, oy, scale, out):
    if getattr(group, "hidden", False):
        return
    cards = sys.modules.get("firmware.cards")
    for item in group:
        if getattr(item, "hidden", False):
            continue
        x = ox + item.x * scale
        y = oy + item.y * scale
        number = cards.number_label(item) if cards and isinstance(item, displayio.TileGrid) else None
        if number is not None:
            if number[0]:
                out.append((CardNumber(item, *number), x, y, scale * number[3]))
        elif hasattr(type(item), "text") and hasattr(item, "bounding_box"):
            if (item.text or "").strip():
                out.append((item, x, y, scale * getattr(item, "scale", 1)))
        elif isinstance(item, displayio.Group):
            _walk(item, x, y, scale * item.scale, out)


def screen_lines(display):
    """The text on screen, read from the labels in the display tree: a list of lines, top to
    bottom, the labels of one line left to right joined by two spaces."""
    found = []
    for item, x, y, s in visible_labels(display):
        bx, by, _, bh = item.bounding_box
        parts = item.text.split("\n")
        line_h = max(1, bh // len(parts)) * s
        for i, part in enumerate(parts):
            if part.strip():
                found.append((y + by * s + i * line_h, x + bx * s, part.rstrip(), line_h))
    found.sort()
    lines = []
    last_top = None
    for top, left, text, height in found:
        if last_top is not None and top - last_top < max(2, height // 2):
            lines[-1] += "  " + text
        else:
            lines.append(text)
            last_top = top
    return lines
