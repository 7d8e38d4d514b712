"""Buttons to logical keys: keypad events, long presses, key repeat and the analog stick.

``Buttons(board_module).poll(now_ms)`` returns the logical keys (``boards.UP`` ...) pressed since
the last poll. On a board with a button per key, a press gives its key at once and a held
direction repeats. On two- and three-button boards a button gives its *short* key when it is
released before ``LONG_MS`` and its *long* key as soon as it has been held that long.
``cancel_held()`` (called by the app whenever the top screen changes) makes the presses under
way give no more keys, so a press begun on one screen never acts on the next one.
"""

import keypad
from micropython import const

from boards import UP, DOWN, LEFT, RIGHT

LONG_MS = const(600)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
_LOW = const(15000)  # stick thresholds on the 16-bit readings (centre 32768)
_HIGH = const(50000)


def ticks_diff(a, b):
    """a - b for supervisor.ticks_ms() values, which wrap at 2**29."""
    return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000


class Buttons:
    def __init__(self, board_module):
        self.scanners = board_module.keys()
        self.stick = board_module.stick()
        self.event = keypad.Event()
        self.held = []  # [scanner index, key number, pressed at, long key already given]
        self.repeat_key = None
        self.repeat_at = 0
        self.stick_key = None

    def poll(self, now):
        out = []
        ev = self.event
        for si in range(len(self.scanners)):
            scanner, short, long = self.scanners[si]
            events = scanner.events
            if events.overflowed:
                events.clear()
                scanner.reset()
                self.held = []
                self.repeat_key = None
            while events.get_into(ev):
                n = ev.key_number
                if long is None:
                    if ev.pressed:
                        self._press(short[n], now, out)
                    elif short[n] == self.repeat_key:
                        self.repeat_key = None
                elif ev.pressed:
                    self.held.append([si, n, now, False])
                else:
                    for h in self.held:
                        if h[0] == si and h[1] == n:
                            if not h[3]:
                                out.append(short[n])
                            self.held.remove(h)
                            break
        for h in self.held:
            if not h[3] and ticks_diff(now, h[2]) >= LONG_MS:
                h[3] = True
                out.append(self.scanners[h[0]][2][h[1]])
        if self.stick is not None:
            self._poll_stick(now, out)
        if self.repeat_key is not None and ticks_diff(now, self.repeat_at) >= 0:
            out.append(self.repeat_key)
            self.repeat_at = now + REPEAT_MS
        return out

    def cancel_held(self):
        """The buttons held now give no more keys: no short key when released, no long key, no
        repeat. Held buttons must be released and pressed again."""
        for h in self.held:
            h[3] = True
        self.repeat_key = None

    def _press(self, key, now, out):
        out.append(key)
        if key <= RIGHT:  # UP DOWN LEFT RIGHT repeat while held
            self.repeat_key = key
            self.repeat_at = now + REPEAT_DELAY_MS

    def _poll_stick(self, now, out):
        x = self.stick[0].value
        y = self.stick[1].value
        key = None
        if y < _LOW:
            key = UP
        elif y > _HIGH:
            key = DOWN
        elif x < _LOW:
            key = LEFT
        elif x > _HIGH:
            key = RIGHT
        if key != self.stick_key:
            if self.stick_key is not None and self.repeat_key == self.stick_key:
                self.repeat_key = None
            self.stick_key = key
            if key is not None:
                self._press(key, now, out)
