"""Buttons to logical keys: keypad events, long presses, key repeat and the analog stick.

``Buttons(board_module).poll(now_ms)`` returns the logical keys (``boards.UP`` ...) pressed since
the last poll. On a board with a button per key, a press gives its key at once and a held
direction repeats. On two- and three-button boards a button gives its *short* key when it is
released before ``LONG_MS`` and its *long* key as soon as it has been held that long.
``cancel_held()`` (called by the app whenever the top screen changes) makes the presses under
way give no more keys, so a press begun on one screen never acts on the next one.

A press allocates nothing: each button's state has its place from the start, since an object
made while a button is held would outlast the screen's garbage around it and split the heap
(docs/firmware.md, "Keeping the heap in one piece").
"""

import keypad
from micropython import const

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT

_LONG_MS = const(600)
_REPEAT_DELAY_MS = const(400)
_REPEAT_MS = const(120)
_LOW = const(15000)  # stick thresholds on the 16-bit readings (centre 32768)
_HIGH = const(50000)
_OFF = const(0)  # a two- or three-button board's button: not pressed
_HELD = const(1)  # pressed, no key given yet
_SPENT = const(2)  # pressed, its long key given or the press cancelled: its release gives nothing


def ticks_diff(a, b):
    """a - b for supervisor.ticks_ms() values, which wrap at 2**29."""
    return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000


class Buttons:
    def __init__(self, board_module):
        self.scanners = board_module.keys()
        self.stick = board_module.stick()
        self.event = keypad.Event()
        # per scanner, per button (scanners with long keys only): its state and when it went down
        self.state = []
        self.down_at = []
        for scanner, short, long in self.scanners:
            n = 0 if long is None else len(short)
            self.state.append(bytearray(n))
            self.down_at.append([0] * n)
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
                self._release_all()
                self.repeat_key = None
            while events.get_into(ev):
                n = ev.key_number
                if long is None:
                    if ev.pressed:
                        self._press(short[n], now, out)
                    elif short[n] == self.repeat_key:
                        self.repeat_key = None
                elif ev.pressed:
                    self.state[si][n] = _HELD
                    self.down_at[si][n] = now
                else:
                    if self.state[si][n] == _HELD:
                        out.append(short[n])
                    self.state[si][n] = _OFF
            state = self.state[si]
            for n in range(len(state)):
                if state[n] == _HELD and ticks_diff(now, self.down_at[si][n]) >= _LONG_MS:
                    state[n] = _SPENT
                    out.append(long[n])
        if self.stick is not None:
            self._poll_stick(now, out)
        if self.repeat_key is not None and ticks_diff(now, self.repeat_at) >= 0:
            out.append(self.repeat_key)
            self.repeat_at = now + _REPEAT_MS
        return out

    def cancel_held(self):
        """The buttons held now give no more keys: no short key when released, no long key, no
        repeat. Held buttons must be released and pressed again."""
        for state in self.state:
            for n in range(len(state)):
                if state[n] == _HELD:
                    state[n] = _SPENT
        self.repeat_key = None

    def _release_all(self):
        for state in self.state:
            for n in range(len(state)):
                state[n] = _OFF

    def held(self):
        """The buttons held now (two- and three-button boards): (scanner index, button number)."""
        out = []
        for si in range(len(self.state)):
            state = self.state[si]
            for n in range(len(state)):
                if state[n] != _OFF:
                    out.append((si, n))
        return out

    def pressed_since(self, t):
        """Whether a button held now (two- and three-button boards) went down after ticks ``t``."""
        for si in range(len(self.state)):
            state = self.state[si]
            for n in range(len(state)):
                if state[n] != _OFF and ticks_diff(self.down_at[si][n], t) > 0:
                    return True
        return False

    def _press(self, key, now, out):
        out.append(key)
        if key <= _RIGHT:  # UP DOWN LEFT RIGHT repeat while held
            self.repeat_key = key
            self.repeat_at = now + _REPEAT_DELAY_MS

    def _poll_stick(self, now, out):
        x = self.stick[0].value
        y = self.stick[1].value
        key = None
        if y < _LOW:
            key = _UP
        elif y > _HIGH:
            key = _DOWN
        elif x < _LOW:
            key = _LEFT
        elif x > _HIGH:
            key = _RIGHT
        if key != self.stick_key:
            if self.stick_key is not None and self.repeat_key == self.stick_key:
                self.repeat_key = None
            self.stick_key = key
            if key is not None:
                self._press(key, now, out)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    LONG_MS = _LONG_MS
    REPEAT_DELAY_MS = _REPEAT_DELAY_MS
    REPEAT_MS = _REPEAT_MS
