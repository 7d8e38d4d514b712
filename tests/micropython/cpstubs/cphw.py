"""The modelled hardware behind the stand-ins: clock, buttons, NVM file, tones (MicroPython).

``load(cfg)`` takes the board's description written by ``tools/micropython_firmware.py``
(pins, how each button is wired, NVM file, screen size, random bytes). Emulated time moves only
in ``time.sleep``; ``on_sleep`` (set by the runner) is called at every sleep to feed scripted
input, so a run repeats exactly.
"""

TICKS_START = (1 << 29) - 60000  # ticks_ms wraps a minute after boot, as on the boards
cfg = None
now = 0  # emulated ms since the run began
boot_at = 0  # ``now`` at the last boot
pressed = []  # names of the buttons held down
scanners = []
tones = 0  # tones started (a count: a list would grow the heap all game)
on_sleep = None
_rand = None


class Reload(BaseException):
    """``supervisor.reload()``: the board starts code.py again (CircuitPython's
    ``ReloadException``, a BaseException: no ``except Exception`` of the app stops it)."""


def load(c):
    global cfg, _rand
    cfg = c
    _rand = open(c["urandom"], "rb")  # the emulator's os.urandom bytes for this seed, in order


def random_at():
    """How many random bytes the run has used (kept across a reload: ``random_from``)."""
    return _rand.tell()


def random_from(at):
    _rand.seek(at)


def boot():
    global boot_at
    boot_at = now
    del scanners[:]


def urandom(n):
    b = _rand.read(n)
    if len(b) != n:
        raise NotImplementedError("the run used up its random bytes")
    return b


def wiring(name):
    for b in cfg["buttons"]:
        if b[0] == name:
            return b
    raise ValueError("no button " + name)


def set_button(name, down):
    name = wiring(name)[0]  # the name read at boot: a board's held button takes no heap, and a
    # string parsed from the script now would stay on the app's heap while the button is held
    if down:
        if name not in pressed:
            pressed.append(name)
    elif name in pressed:
        pressed.remove(name)
    for s in scanners:
        s._scan()


def pin_level(pin, pressed_level):
    """The level of a button's pin: the button's level, or the pull resistor's when idle."""
    for b in cfg["buttons"]:
        w = b[1]
        if w[0] == "pin" and w[1] in pin.names:
            return w[2] if b[0] in pressed else w[3]
    return not pressed_level


def sr_bit(data, i):
    """Bit ``i`` the shift register on pin ``data`` gives: its button's level, else 0 (the
    register's other inputs)."""
    for b in cfg["buttons"]:
        w = b[1]
        if w[0] == "sr" and w[1] in data.names and w[2] == i:
            return w[3] if b[0] in pressed else not w[3]
    return False


def analog(pin):
    for b in cfg["buttons"]:
        w = b[1]
        if w[0] == "stick" and w[1] in pin.names and b[0] in pressed:
            return w[2]
    return 32768


class Pin:
    def __init__(self, names):
        self.names = names

    def __repr__(self):
        return "board." + self.names[0]


class NVM:
    """microcontroller.nvm in a file: a board keeps it in flash, not in the heap."""

    def __init__(self, path, size):
        self.path = path
        self.size = size
        self.writes = 0

    def __len__(self):
        return self.size

    def _range(self, index):
        if isinstance(index, slice):
            a = 0 if index.start is None else index.start
            b = self.size if index.stop is None else index.stop
            if a < 0:
                a += self.size
            if b < 0:
                b += self.size
            return max(0, a), min(self.size, b), True
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError("index out of range")
        return index, index + 1, False

    def __getitem__(self, index):
        a, b, sl = self._range(index)
        with open(self.path, "rb") as f:
            f.seek(a)
            data = f.read(max(0, b - a))
        return bytearray(data) if sl else data[0]

    def __setitem__(self, index, value):
        a, b, sl = self._range(index)
        if not sl:
            value = bytes((value,))
        if len(value) != b - a:
            raise ValueError("an NVM slice assignment cannot change its length")
        with open(self.path, "r+b") as f:
            f.seek(a)
            f.write(value)
        self.writes += 1


def need(name):
    """ImportError for a module this board's CircuitPython lacks (``import audioio`` on a CLUE)."""
    if name in cfg["missing"]:
        raise ImportError("no module named '" + name + "'")
