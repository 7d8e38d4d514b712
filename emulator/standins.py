"""Stand-ins for the CircuitPython modules the firmware imports, built per board and put in
``sys.modules`` while the firmware runs: ``board``, ``microcontroller`` (with ``nvm``),
``supervisor``, ``storage``, ``keypad``, ``digitalio``, ``analogio``, ``audiocore``,
``audioio`` / ``audiopwmio`` (the ones that board's CircuitPython has), ``busio``,
``bitmaptools`` (Blinka's with a faster blit, emulator/fastblit.py), and the ``time``, ``os``
and ``gc`` modules seen through the emulated clock, random source and heap.

Drawing is not stood in for: ``displayio``, ``terminalio``, ``fontio`` and
``adafruit_display_text`` are the real Blinka / Adafruit libraries.
"""

import os as _real_os
import random
import re
import sys
import time as _real_time
import types
from collections import deque, namedtuple

import importlib.util

# circuitpython-stubs' board definitions: board_definitions/<board_id>/__init__.pyi
STUBS = list(importlib.util.find_spec("board_definitions").submodule_search_locations)[0]
TICKS_START = (1 << 29) - 60000  # like the boards, ticks_ms wraps a minute after boot
TICKS_MASK = (1 << 29) - 1
_HW = []  # the hardware model of the machine whose stand-ins are installed (the last one)


class PowerCut(BaseException):
    """Raised inside the firmware when the emulator cuts the power."""


class Stop(BaseException):
    """Raised inside the firmware when the emulator ends the run."""


class Reload(BaseException):
    """supervisor.reload() or microcontroller.reset(): the board starts code.py again."""


def board_definition(board_id):
    """(pins, included modules) from circuitpython-stubs' definition of a board.

    ``pins`` maps each pin name to the chip pin it is (``D5`` and ``BUTTON_A`` are one pin)."""
    path = _real_os.path.join(STUBS, board_id, "__init__.pyi")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    pins = {}
    for name, chip in re.findall(r"^(\w+): microcontroller\.Pin\s*#\s*(\S+)", text, re.M):
        pins[name] = chip
    m = re.search(r"Included modules: (.*)", text)
    modules = set(w.strip() for w in m.group(1).split(",")) if m else set()
    return pins, modules


def _module(name, doc, **attrs):
    mod = types.ModuleType(name, doc)
    mod.__dict__.update(attrs)
    mod.__emulated__ = True
    return mod


_Uname = namedtuple("uname_result", "sysname nodename release version machine")


class _Proxy(types.ModuleType):
    """A module that answers from ``overrides`` first, then from the real module."""

    def __init__(self, real, overrides):
        super().__init__(real.__name__, real.__doc__)
        self.__dict__.update(overrides)
        self._real = real
        self.__emulated__ = True

    def __getattr__(self, name):
        return getattr(self._real, name)


# --------------------------------------------------------------------------- pins and NVM


class Pin:
    """microcontroller.Pin: one chip pin, shared by all its board names."""

    def __init__(self, chip, names):
        self.chip = chip
        self.names = names

    def __repr__(self):
        return "board." + self.names[0]


class FileNVM:
    """microcontroller.nvm kept in a file, so saves survive a restart, written the way the board's
    CircuitPython 10 writes its flash (``flash``: a :class:`emulator.specs.Flash`, or None for
    a memory that takes bytes without erasing).

    Every assignment is turned into the chip's physical steps, and ``erases[unit]`` counts the
    erases of each erase unit:

    - ``rewrite`` (SAMD51 8 KiB block, nRF52840 4 KiB page): every unit the write touches is
      read, erased and programmed again whole, first byte first;
    - ``rp2040``: when every byte written is still erased (0xFF) the bytes are programmed without
      an erase; otherwise the 4 KiB sector is erased and programmed again whole;
    - ``nvs`` (ESP32-S3): the NVM is one blob in the NVS store: the old blob is erased, then the
      whole new blob is written and committed; the NVS pages it fills are erased in turn
      (``erases`` counts per NVS page).

    ``cut_after(n)`` cuts the power after ``n`` more steps. A step is an erase (a cut there is a
    cut *during* the erase: the unit is left half-erased, each byte its old value with some bits
    set) or the programming of one byte that changes. On the ESP32-S3 the steps are the erase of
    the old blob and the commit of the new one; a cut before the commit leaves no blob, and
    CircuitPython then reads the NVM as zeros. Bytes already programmed stay, then ``PowerCut``
    is raised.
    """

    def __init__(self, path, size, flash=None):
        self.path = path
        self.size = size
        self.flash = flash
        data = b""
        if path and _real_os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
        self.data = bytearray(data[:size]) + bytearray(b"\xff" * max(0, size - len(data)))
        self.bytes_written = 0
        self.writes = 0
        self.unit = min(flash.unit, size) if flash is not None else size
        units = flash.nvs_pages if flash is not None and flash.kind == "nvs" else -(-size // self.unit)
        self.erases = [0] * units
        self._nvs_page = 0  # NVS: the page being filled, and its entries used
        self._nvs_used = 0
        self._nvs_seen = 1  # pages used at least once (a fresh page needs no erase)
        self._cut_in = None
        self._garble = 0

    def cut_after(self, n):
        self._cut_in = n

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self.data[index])
        return self.data[self._index(index)]

    def _index(self, index):
        if not isinstance(index, int):
            raise TypeError("nvm indices must be integers or slices")
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError("index out of range")
        return index

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            value = bytes(value)
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
        else:
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            start = self._index(index)
            value = bytes((value,))
        self.writes += 1
        self.bytes_written += len(value)
        if not value:
            return
        try:
            kind = self.flash.kind if self.flash is not None else "bytes"
            if kind == "nvs":
                self._write_nvs(start, value)
            elif kind == "bytes" or (kind == "rp2040" and self.data[start:start + len(value)]
                                      == b"\xff" * len(value)):
                self._program(start, value)
            else:
                self._rewrite(start, value)
        finally:
            self.flush()

    # ---------------------------------------------------------------- the physical steps

    def _step(self):
        """One step; False if the power is cut before it."""
        if self._cut_in is None:
            return True
        if self._cut_in <= 0:
            self._cut_in = None
            return False
        self._cut_in -= 1
        return True

    def _program(self, start, value):
        for i, byte in enumerate(value):
            pos = start + i
            if self.data[pos] == byte:
                continue
            if not self._step():
                raise PowerCut()
            self.data[pos] = byte

    def _rewrite(self, start, value):
        unit = self.unit
        first, last = start // unit, (start + len(value) - 1) // unit
        for u in range(first, last + 1):
            lo, hi = u * unit, min(self.size, (u + 1) * unit)
            image = bytearray(self.data[lo:hi])
            a, b = max(start, lo), min(start + len(value), hi)
            image[a - lo:b - lo] = value[a - start:b - start]
            if not self._step():
                self._half_erase(lo, hi)
                raise PowerCut()
            self.erases[u] += 1
            self.data[lo:hi] = b"\xff" * (hi - lo)
            self._program(lo, image)

    def _half_erase(self, lo, hi):
        """An erase cut short: bits on their way to 1 (deterministic, different every time)."""
        rng = random.Random(self._garble)
        self._garble += 1
        for pos in range(lo, hi):
            self.data[pos] |= rng.getrandbits(8) & rng.getrandbits(8)

    def _write_nvs(self, start, value):
        image = bytearray(self.data)
        image[start:start + len(value)] = value
        if not self._step():  # during the erase of the old blob
            self.data[:] = bytes(self.size)
            raise PowerCut()
        self.data[:] = bytes(self.size)  # the old blob is gone: CircuitPython reads zeros
        self._nvs_fill(self.size)
        if not self._step():  # before the new blob is committed
            raise PowerCut()
        self.data[:] = image

    def _nvs_fill(self, size):
        """Entries of 32 bytes, 126 a page: the blob's data with a chunk header on every page it
        touches, then its index; a page is erased when the store comes round to it again."""
        need = -(-size // 32)
        while need > 0:
            if self._nvs_used >= 125:
                self._nvs_next_page()
            take = min(125 - self._nvs_used, need)
            self._nvs_used += take + 1
            need -= take
        if self._nvs_used >= 126:
            self._nvs_next_page()
        self._nvs_used += 1

    def _nvs_next_page(self):
        pages = len(self.erases)
        self._nvs_page = (self._nvs_page + 1) % pages
        self._nvs_used = 0
        if self._nvs_seen < pages:
            self._nvs_seen += 1
        else:
            self.erases[self._nvs_page] += 1

    def flush(self):
        if self.path:
            _real_os.makedirs(_real_os.path.dirname(_real_os.path.abspath(self.path)), exist_ok=True)
            with open(self.path, "wb") as f:
                f.write(self.data)


# --------------------------------------------------------------------------- keypad


class Event:
    """keypad.Event."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return (self.key_number, self.pressed) == (other.key_number, other.pressed)

    def __hash__(self):
        return hash((self.key_number, self.pressed))

    def __repr__(self):
        return "<Event: key_number {} {}>".format(
            self.key_number, "pressed" if self.pressed else "released"
        )


class EventQueue:
    """keypad.EventQueue."""

    def __init__(self, max_events=64):
        self._q = deque()
        self._max = max_events
        self.overflowed = False

    def _record(self, key_number, pressed, timestamp):
        if len(self._q) >= self._max:
            self.overflowed = True
            return
        self._q.append(Event(key_number, pressed, timestamp))

    def get(self):
        return self._q.popleft() if self._q else None

    def get_into(self, event):
        if not self._q:
            return False
        e = self._q.popleft()
        event.key_number, event.pressed, event.timestamp = e.key_number, e.pressed, e.timestamp
        return True

    def clear(self):
        self._q.clear()
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return bool(self._q)


def _check_pin(pin, what):
    if not isinstance(pin, Pin):
        raise TypeError(what + " must be of type Pin, not " + type(pin).__name__)


class _Scanner:
    def __init__(self, hw, key_count, max_events):
        self._hw = hw
        self.key_count = key_count
        self.events = EventQueue(max_events)
        self._state = [False] * key_count
        self._deinit = False
        hw.scanners.append(self)
        self._state = self._read()

    def _scan(self):
        if self._deinit:
            return
        now = self._hw.ticks_ms()
        new = self._read()
        for i in range(self.key_count):
            if new[i] != self._state[i]:
                self.events._record(i, new[i], now)
        self._state = new

    def reset(self):
        self._state = [False] * self.key_count
        self._scan()

    def deinit(self):
        self._deinit = True

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


class Keys(_Scanner):
    """keypad.Keys: one pin per key."""

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        pins = tuple(pins)
        for p in pins:
            _check_pin(p, "pins")
        self._pins = pins
        self._pressed_level = bool(value_when_pressed)
        self._pull = pull
        super().__init__(_HW[-1], len(pins), max_events)

    def _read(self):
        return [self._hw.level(p, self._pressed_level, self._pull) == self._pressed_level
                for p in self._pins]


class ShiftRegisterKeys(_Scanner):
    """keypad.ShiftRegisterKeys: keys read through a parallel-in shift register."""

    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        for p, what in ((clock, "clock"), (data, "data"), (latch, "latch")):
            _check_pin(p, what)
        hw = _HW[-1]
        hw.check_shift_register(data, clock, latch)
        if not 1 <= int(key_count) <= 64:
            raise ValueError("key_count must be 1-64")
        self._data = data
        self._pressed_level = bool(value_when_pressed)
        super().__init__(hw, int(key_count), max_events)

    def _read(self):
        bits = self._hw.shift_register(self._data, self.key_count)
        return [b == self._pressed_level for b in bits]


def make_keypad():
    return _module(
        "keypad", "keypad stand-in", Event=Event, EventQueue=EventQueue, Keys=Keys,
        ShiftRegisterKeys=ShiftRegisterKeys,
    )


# --------------------------------------------------------------------------- digitalio, analogio


class _Enum:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


class Direction:
    INPUT = _Enum("digitalio.Direction.INPUT")
    OUTPUT = _Enum("digitalio.Direction.OUTPUT")


class Pull:
    UP = _Enum("digitalio.Pull.UP")
    DOWN = _Enum("digitalio.Pull.DOWN")


class DriveMode:
    PUSH_PULL = _Enum("digitalio.DriveMode.PUSH_PULL")
    OPEN_DRAIN = _Enum("digitalio.DriveMode.OPEN_DRAIN")


class DigitalInOut:
    """digitalio.DigitalInOut: outputs are recorded by the hardware model, inputs read from it."""

    def __init__(self, pin):
        _check_pin(pin, "pin")
        self._pin = pin
        self._hw = _HW[-1]
        self.direction = Direction.INPUT
        self.pull = None
        self.drive_mode = DriveMode.PUSH_PULL

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    @property
    def value(self):
        if self.direction is Direction.OUTPUT:
            return self._hw.outputs.get(self._pin.chip, False)
        return self._hw.level(self._pin, None, self.pull is not None)

    @value.setter
    def value(self, v):
        if self.direction is not Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._hw.outputs[self._pin.chip] = bool(v)

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


class AnalogIn:
    """analogio.AnalogIn: 16-bit readings from the hardware model (a centred stick: 32768)."""

    reference_voltage = 3.3

    def __init__(self, pin):
        _check_pin(pin, "pin")
        self._pin = pin
        self._hw = _HW[-1]

    @property
    def value(self):
        return self._hw.analog.get(self._pin.chip, 32768)

    def deinit(self):
        pass


# --------------------------------------------------------------------------- audio


class RawSample:
    """audiocore.RawSample: one period of a waveform played at ``sample_rate``."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.sample_rate = sample_rate
        self.channel_count = channel_count

    def deinit(self):
        pass


class _AudioOut:
    """Records every tone played: (start ms, frequency Hz, duration ms, audible)."""

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000, **kw):
        _check_pin(left_channel, "left_channel")
        self._hw = _HW[-1]
        self._hw.check_speaker(left_channel, self.KIND)
        self._pin = left_channel
        self._current = None

    @property
    def playing(self):
        return self._current is not None

    def play(self, sample, *, loop=False):
        self.stop()
        n = len(sample.buffer) // max(1, sample.channel_count)
        freq = int(round(sample.sample_rate / n)) if n else 0
        self._current = [self._hw.now_ms(), freq, None, self._hw.speaker_enabled()]
        self._hw.tones.append(self._current)

    def stop(self):
        if self._current is not None:
            self._current[2] = self._hw.now_ms() - self._current[0]
            self._current = None

    def pause(self):
        pass

    def resume(self):
        pass

    def deinit(self):
        self.stop()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()


class AudioOut(_AudioOut):
    """audioio.AudioOut (a DAC pin)."""

    KIND = "dac"


class PWMAudioOut(_AudioOut):
    """audiopwmio.PWMAudioOut (any PWM-capable pin)."""

    KIND = "pwm"


# --------------------------------------------------------------------------- the whole set


def make_modules(machine):
    """The stand-in modules for one machine (one board, one boot)."""
    hw = machine.hw
    spec = machine.spec
    _HW.append(hw)
    included = machine.included_modules

    def not_emulated(name):
        def f(*args, **kwargs):
            raise RuntimeError("board." + name + "() is not emulated")

        return f

    board_attrs = {"board_id": machine.board_id, "DISPLAY": None}
    board_attrs.update(hw.pins)
    for name in ("I2C", "SPI", "UART", "STEMMA_I2C"):
        board_attrs[name] = not_emulated(name)
    mods = {
        "board": _module("board", "board stand-in for " + spec.name, **board_attrs),
        "microcontroller": _module(
            "microcontroller", "microcontroller stand-in", Pin=Pin, nvm=machine.nvm,
            reset=machine.reload, cpu=types.SimpleNamespace(frequency=120000000, temperature=25.0,
                                                             uid=b"\x00" * 16, voltage=3.3),
        ),
        "supervisor": _module(
            "supervisor", "supervisor stand-in", ticks_ms=hw.ticks_ms, reload=machine.reload,
            set_next_code_file=lambda *a, **k: None,
            runtime=types.SimpleNamespace(serial_connected=True, usb_connected=True,
                                          autoreload=False, serial_bytes_available=0,
                                          run_reason=0 if machine.cold_boot else 1),
            RunReason=types.SimpleNamespace(STARTUP=0, AUTO_RELOAD=1, SUPERVISOR_RELOAD=2,
                                            REPL_RELOAD=3),
        ),
        "storage": _module(
            "storage", "storage stand-in", remount=lambda *a, **k: None,
            disable_usb_drive=lambda: None, enable_usb_drive=lambda: None,
            # the drive of --drive is the firmware's to write (as after a boot.py's remount:
            # games are recorded there); without one, as a board's by default, it is not
            getmount=lambda path: types.SimpleNamespace(readonly=machine.drive is None,
                                                        label="CIRCUITPY"),
        ),
        "keypad": make_keypad(),
        "digitalio": _module("digitalio", "digitalio stand-in", DigitalInOut=DigitalInOut,
                             Direction=Direction, Pull=Pull, DriveMode=DriveMode),
        "analogio": _module("analogio", "analogio stand-in", AnalogIn=AnalogIn),
        "audiocore": _module("audiocore", "audiocore stand-in", RawSample=RawSample),
        "busio": make_busio(),
        "time": _Proxy(_real_time, {
            "sleep": machine.sleep, "monotonic": machine.monotonic,
            "monotonic_ns": machine.monotonic_ns,
        }),
        "os": _Proxy(_real_os, {
            "urandom": machine.urandom, "getenv": lambda key, default=None: default,
            "uname": lambda: _Uname(spec.board_id, spec.board_id, "10.0.0", "10.0.0 (emulated)",
                                    spec.name),
        }),
        "gc": _Proxy(__import__("gc"), {
            "collect": lambda: None, "mem_free": machine.mem_free, "mem_alloc": machine.mem_alloc,
        }),
    }
    if "bitmaptools" in included:
        from emulator import fastblit

        mods["bitmaptools"] = fastblit.module()
    if "audioio" in included:
        mods["audioio"] = _module("audioio", "audioio stand-in", AudioOut=AudioOut)
    if "audiopwmio" in included:
        mods["audiopwmio"] = _module("audiopwmio", "audiopwmio stand-in", PWMAudioOut=PWMAudioOut)
    return mods


def make_busio():
    """busio with its classes (Blinka's display buses name them) that refuse to open."""

    class _Bus:
        def __init__(self, *args, **kwargs):
            raise RuntimeError(type(self).__name__ + " is not emulated")

    return _module("busio", "busio stand-in: no bus is emulated",
                   SPI=type("SPI", (_Bus,), {}), I2C=type("I2C", (_Bus,), {}),
                   UART=type("UART", (_Bus,), {}))


def release():
    if _HW:
        _HW.pop()


class MissingModuleBlocker:
    """A meta path finder refusing CircuitPython modules that this board's build lacks (as the
    board would), so firmware that imports ``audioio`` on a CLUE fails here too."""

    def __init__(self, known, included, board_name):
        self.refused = set(known) - set(included) - set(sys.stdlib_module_names)
        self.board_name = board_name

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.refused:
            raise ModuleNotFoundError(
                "no module named '" + name + "' (CircuitPython for the " + self.board_name
                + " does not have it)", name=name,
            )
        return None


def circuitpython_module_names():
    """Every module name circuitpython-stubs knows."""
    site = _real_os.path.dirname(STUBS)
    return set(n[: -len("-stubs")] for n in _real_os.listdir(site) if n.endswith("-stubs"))
