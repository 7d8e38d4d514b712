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
    def __init__(self, max_events):
        self._q = []
        self._max = max_events
        self.overflowed = False

    def _record(self, n, pressed):
        if len(self._q) >= self._max:
            self.overflowed = True
            return
        self._q.append((n, pressed, cphw.now))

    def get(self):
        if not self._q:
            return None
        n, p, t = self._q.pop(0)
        return Event(n, p, t)

    def get_into(self, ev):
        if not self._q:
            return False
        ev.key_number, ev.pressed, ev.timestamp = self._q.pop(0)
        return True

    def clear(self):
        self._q = []
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return bool(self._q)


class _Scanner:
    def __init__(self, count, max_events):
        self.key_count = count
        self.events = EventQueue(max_events)
        cphw.scanners.append(self)
        # a key held as the scanner is made gives no press, only its release (CircuitPython's
        # debounce counters start at zero: a key is new once it has been seen up)
        self._state = self._read()

    def _scan(self):
        now = self._read()
        for i in range(self.key_count):
            if now[i] != self._state[i]:
                self._state[i] = now[i]
                self.events._record(i, now[i])

    def reset(self):
        self._state = [False] * self.key_count
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

    def _read(self):
        return [cphw.pin_level(p, self._level) == self._level for p in self._pins]


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

    def _read(self):
        return [b == self._level for b in cphw.sr_bits(self._data, self.key_count)]
