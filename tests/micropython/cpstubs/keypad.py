"""keypad stand-in (MicroPython): ``Keys``, ``ShiftRegisterKeys``, ``EventQueue``, ``Event``.

The scanners read the modelled pin levels (``cphw``), so a board module with a wrong pin,
polarity or bit order reads wrong keys here too."""

import cphw


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    """A ring of ``max_events`` events made with the queue, 6 bytes each as CircuitPython's
    (key number and pressed, timestamp): an event allocates nothing (a board's scan is C code;
    garbage the runner made would move the app's objects)."""

    def __init__(self, max_events):
        self._max = max_events
        self._ring = bytearray(6 * max_events)
        self._first = 0
        self._n = 0
        self.overflowed = False

    def _record(self, n, pressed):
        if self._n >= self._max:
            self.overflowed = True
            return
        i = 6 * ((self._first + self._n) % self._max)
        r = self._ring
        r[i] = n
        r[i + 1] = pressed
        t = cphw.now
        for k in range(4):
            r[i + 2 + k] = (t >> (8 * k)) & 0xFF
        self._n += 1

    def _pop(self):
        """The ring's index of the next event, taken off the queue."""
        i = 6 * self._first
        self._first = (self._first + 1) % self._max
        self._n -= 1
        return i

    def _time(self, i):
        r = self._ring
        return r[i + 2] | r[i + 3] << 8 | r[i + 4] << 16 | r[i + 5] << 24

    def get(self):
        if not self._n:
            return None
        i = self._pop()
        return Event(self._ring[i], bool(self._ring[i + 1]), self._time(i))

    def get_into(self, ev):
        if not self._n:
            return False
        i = self._pop()
        ev.key_number = self._ring[i]
        ev.pressed = bool(self._ring[i + 1])
        ev.timestamp = self._time(i)
        return True

    def clear(self):
        self._first = self._n = 0
        self.overflowed = False

    def __len__(self):
        return self._n

    def __bool__(self):
        return self._n > 0


class _Scanner:
    def __init__(self, count, max_events):
        self.key_count = count
        self.events = EventQueue(max_events)
        cphw.scanners.append(self)
        # a key held as the scanner is made gives no press, only its release (CircuitPython's
        # debounce counters start at zero: a key is new once it has been seen up)
        self._state = [self._down(i) for i in range(count)]

    def _scan(self):
        for i in range(self.key_count):
            d = self._down(i)
            if d != self._state[i]:
                self._state[i] = d
                self.events._record(i, d)

    def reset(self):
        for i in range(self.key_count):
            self._state[i] = False
        self._scan()

    def deinit(self):
        if self in cphw.scanners:
            cphw.scanners.remove(self)


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        self._pins = tuple(pins)
        self._level = bool(value_when_pressed)
        _Scanner.__init__(self, len(self._pins), max_events)

    def _down(self, i):
        return cphw.pin_level(self._pins[i], self._level) == self._level


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        sr = cphw.cfg["shift_register"]
        if sr is None:
            raise ValueError("this board has no button shift register")
        for pin, name in ((data, sr[0]), (clock, sr[1]), (latch, sr[2])):
            if name not in pin.names:
                raise ValueError(repr(pin) + " is not the shift register's " + name + " pin")
        self._data = data
        self._level = bool(value_when_pressed)
        _Scanner.__init__(self, key_count, max_events)

    def _down(self, i):
        return cphw.sr_bit(self._data, i) == self._level
