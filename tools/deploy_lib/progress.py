"""A text progress bar per phase (flash, copy, verify) that a person can follow.

On a terminal the bar redraws in place; in a log or a pipe each phase prints one line
when it ends, so captured output stays short.
"""

import sys
import time


def human_size(n):
    if n < 1024:
        return "{} B".format(n)
    if n < 1024 * 1024:
        return "{:.1f} KB".format(n / 1024)
    if n < 1024 ** 3:
        return "{:.1f} MB".format(n / (1024 * 1024))
    return "{:.1f} GB".format(n / 1024 ** 3)


class Progress:
    WIDTH = 28

    def __init__(self, phase, total_bytes, total_items=None, stream=None):
        self.phase = phase
        self.total = max(int(total_bytes), 0)
        self.items = total_items
        self.done = 0
        self.done_items = 0
        self.stream = stream or sys.stdout
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.started = time.monotonic()
        self._last_draw = 0.0
        self._closed = False

    def advance(self, nbytes=0, items=0, label=""):
        self.done = min(self.total, self.done + nbytes) if self.total else self.done + nbytes
        self.done_items += items
        if self.tty:
            now = time.monotonic()
            if now - self._last_draw > 0.05 or (self.total and self.done >= self.total):
                self._last_draw = now
                self._draw(label)

    def _line(self, label=""):
        frac = (self.done / self.total) if self.total else 1.0
        filled = int(frac * self.WIDTH)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        parts = ["{:<7}[{}] {:3d}%".format(self.phase, bar, int(frac * 100))]
        if self.items is not None:
            parts.append("{}/{} files".format(self.done_items, self.items))
        parts.append(human_size(self.done))
        if label:
            parts.append(label[-32:])
        return "  ".join(parts)

    def _draw(self, label):
        self.stream.write("\r\x1b[K" + self._line(label))
        self.stream.flush()

    def close(self, note="done"):
        if self._closed:
            return
        self._closed = True
        elapsed = time.monotonic() - self.started
        line = self._line() + "  {} in {:.1f} s".format(note, elapsed)
        if self.tty:
            self.stream.write("\r\x1b[K" + line + "\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
