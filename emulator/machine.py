"""One emulated board running the firmware: the hardware model, emulated time, boot, power cut.

The firmware runs unchanged in its own thread, and only one side runs at a time: the firmware
runs until its next ``time.sleep`` reaches the emulated time the caller asked for
(``Machine.run(ms)``), then hands control back. Emulated time only moves in ``time.sleep``, so
a run is exactly repeatable and, headless, as fast as the machine allows.

    m = Machine("pybadge", nvm_path="/tmp/nvm.bin")
    m.boot()
    m.key("DOWN"); m.key("A")
    print(m.text())
    m.screenshot("menu.png")
    m.close()
"""

import contextlib
import importlib.abc
import importlib.machinery
import io
import os
import random
import runpy
import sys
import threading
import traceback

from emulator import mpy, specs, standins
from emulator.standins import PowerCut, Reload, Stop

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# top-level modules that live on the CIRCUITPY drive; purged from sys.modules at every boot
DEVICE_MODULES = ("code", "firmware", "boards", "shared_rules", "adafruit_display_text",
                  "adafruit_ticks")
STEP_MS = 10  # the firmware's main loop sleeps this long; used for settling after presses
WATCHDOG_S = 120  # real seconds the firmware may run without sleeping before we call it hung


class FirmwareError(Exception):
    """The firmware raised an exception (its traceback is in ``details``)."""

    def __init__(self, message, details=""):
        super().__init__(message)
        self.details = details


def default_nvm_path(board_id):
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "pocket-phase10", "nvm-" + board_id + ".bin")


class Hardware:
    """Pins, buttons, shift register, stick, speaker of one board, and the emulated clock."""

    def __init__(self, spec, pins, machine):
        self.spec = spec
        self.machine = machine
        by_chip = {}
        for name, chip in pins.items():
            by_chip.setdefault(chip, []).append(name)
        objs = {chip: standins.Pin(chip, names) for chip, names in by_chip.items()}
        self.pins = {name: objs[chip] for name, chip in pins.items()}
        self.pressed = set()
        self.analog = {}
        self.outputs = {}
        self.tones = machine.tones
        self.scanners = []
        self.pin_buttons = {}
        self.sr_bits = {}
        for b in spec.buttons:
            kind = b.wiring[0]
            if kind == "pin":
                self.pin_buttons[pins[b.wiring[1]]] = b
            elif kind == "sr":
                self.sr_bits.setdefault(pins[b.wiring[1]], {})[b.wiring[2]] = b
        self.stick_centre()

    def stick_centre(self):
        for b in self.spec.buttons:
            if b.wiring[0] == "stick":
                self.analog[self.pins[b.wiring[1]].chip] = 32768

    def set_button(self, name, down):
        b = specs.button(self.spec, name)
        if down:
            self.pressed.add(b.name)
        else:
            self.pressed.discard(b.name)
        if b.wiring[0] == "stick":
            self.analog[self.pins[b.wiring[1]].chip] = b.wiring[2] if down else 32768
        for s in self.scanners:
            s._scan()

    def level(self, pin, pressed_level, pull):
        b = self.pin_buttons.get(pin.chip)
        if b is not None:
            _, _, when_pressed, idle = b.wiring
            return when_pressed if b.name in self.pressed else idle
        # nothing wired: the pull resistor decides
        return (not pressed_level) if pressed_level is not None else False

    def check_shift_register(self, data, clock, latch):
        sr = self.spec.shift_register
        if sr is None:
            raise ValueError("the " + self.spec.name + " has no button shift register")
        for pin, name in zip((data, clock, latch), sr):
            if pin.chip != self.pins[name].chip:
                raise ValueError(repr(pin) + " is not the shift register's " + name + " pin")

    def shift_register(self, data, count):
        wired = self.sr_bits.get(data.chip, {})
        out = []
        for bit in range(count):
            b = wired.get(bit)
            if b is None:
                out.append(False)
            else:
                when_pressed = b.wiring[3]
                out.append(when_pressed if b.name in self.pressed else not when_pressed)
        return out

    def check_speaker(self, pin, kind):
        sp = self.spec.speaker
        if sp is None or sp[0] != kind or pin.chip != self.pins[sp[1]].chip:
            raise ValueError("Invalid pin: " + repr(pin) + " has no " + kind + " speaker")

    def speaker_enabled(self):
        sp = self.spec.speaker
        if sp is None or sp[2] is None:
            return True
        return self.outputs.get(self.pins[sp[2]].chip, False)

    def ticks_ms(self):
        return (standins.TICKS_START + self.machine.uptime_us() // 1000) & standins.TICKS_MASK

    def now_ms(self):
        return self.machine.clock_us // 1000


class _DriveFinder(importlib.abc.MetaPathFinder):
    """With ``--drive``: the device's own modules come from the drive only, as on the board."""

    def __init__(self, paths):
        self.paths = paths

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in DEVICE_MODULES:
            return None
        search = list(path) if path else self.paths
        spec = importlib.machinery.PathFinder.find_spec(name, search)
        if spec is None:
            last = name.split(".")[-1]
            for p in search:
                if os.path.exists(os.path.join(p, last + ".mpy")) or os.path.exists(
                        os.path.join(p, last, "__init__.mpy")):
                    raise ModuleNotFoundError(
                        "'" + name + "' is on the drive only as compiled .mpy, which CPython "
                        "cannot run: copy the .py sources to the drive for the emulator", name=name)
            raise ModuleNotFoundError("no module named '" + name + "' on the drive", name=name)
        return spec


class Machine:
    """An emulated board. ``seed`` seeds its hardware random generator (os.urandom)."""

    RENDER_STRIDE = 1  # a new machine's render stride (set_render_stride)

    def __init__(self, board_id=specs.DEFAULT_BOARD, *, seed=0, nvm_path=None, drive=None,
                 nvm_size=None, echo=False):
        self.spec = specs.spec(board_id)
        self.board_id = board_id
        self.clock_us = 0
        self.boot_us = 0
        self.tones = []
        self.console = []
        self.echo = echo
        self.boots = 0
        self.drive = os.path.abspath(drive) if drive else None
        self._random = random.Random(seed)
        pins, self.included_modules = standins.board_definition(board_id)
        self.hw = Hardware(self.spec, pins, self)
        self.nvm = standins.FileNVM(nvm_path, nvm_size or self.spec.nvm_size, self.spec.flash)
        self.display = None
        self._thread = None
        self._to_fw = threading.Semaphore(0)
        self._to_main = threading.Semaphore(0)
        self._until_us = 0
        self._signal = None
        self._outcome = None
        self._saved_modules = None
        self._host_modules = {}
        self._finders = []
        self._time_reads = 0
        self.render_stride = self.RENDER_STRIDE
        self.on_frame = None
        # supervisor.runtime.run_reason: STARTUP (a power-on: the firmware shows its title
        # screen) or, by default, AUTO_RELOAD (as after code is copied to the drive)
        self.cold_boot = False

    # ------------------------------------------------------------------ what the firmware calls

    def uptime_us(self):
        return self.clock_us - self.boot_us

    def _busy(self):
        # A firmware that polls the clock without sleeping would wait forever in emulated time;
        # after many reads in a row, each read moves the clock by 1 ms instead.
        self._time_reads += 1
        if self._time_reads > 100000:
            self.clock_us += 1000

    def monotonic(self):
        self._busy()
        return self.uptime_us() / 1e6

    def monotonic_ns(self):
        self._busy()
        return self.uptime_us() * 1000

    def sleep(self, seconds):
        if threading.current_thread() is not self._thread:
            return
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        self._time_reads = 0
        target = self.clock_us + int(seconds * 1e6)
        while True:
            if target <= self._until_us:
                self.clock_us = target
                self._background()
                return
            self.clock_us = self._until_us
            self._background()
            self._hand_back()

    def _background(self):
        d = self.display
        if d is not None and d.auto_refresh:
            d.draw()

    def _hand_back(self):
        self._to_main.release()
        self._to_fw.acquire()
        signal = self._signal
        if signal is not None:
            self._signal = None
            raise signal()

    def urandom(self, n):
        return bytes(self._random.getrandbits(8) for _ in range(n))

    def reload(self):
        raise Reload()

    def mem_free(self):
        """An estimate: the board's RAM less a fixed share for CircuitPython itself and the
        compiled size of the device modules imported so far (bytecode lives in the heap)."""
        heap = min(self.spec.ram_kb, 2048) * 1024 * 3 // 4
        return max(0, heap - self.mem_alloc())

    def mem_alloc(self):
        return mpy.loaded_size(self.device_module_files())

    def device_module_files(self):
        """The files of the device modules (firmware, boards, rules core, libraries) imported."""
        files = []
        for name, mod in list(sys.modules.items()):
            if name.split(".")[0] in DEVICE_MODULES and getattr(mod, "__file__", None):
                files.append(mod.__file__)
        return files

    # ------------------------------------------------------------------ boot and run

    def _install(self):
        self._saved_modules = {}
        mods = standins.make_modules(self)
        for name, mod in list(sys.modules.items()):
            if getattr(mod, "__emulated__", False):
                # a stand-in left by a machine that was not closed: what it stood in for
                self._saved_modules[name] = getattr(mod, "_real", None)
                del sys.modules[name]
        for name, mod in mods.items():
            if name not in self._saved_modules:
                self._saved_modules[name] = sys.modules.get(name)
            sys.modules[name] = mod
        self.display = _new_display(self.spec.width, self.spec.height)
        self.display.render_stride = self.render_stride
        self.display.on_frame = self.on_frame
        mods["board"].DISPLAY = self.display
        # the device boots its own copies of the app's modules; the host's copies come back at
        # uninstall, so that a test's RuleError is still the class the rules core raises
        self._host_modules = {}
        for name in list(sys.modules):
            if name.split(".")[0] in DEVICE_MODULES:
                self._host_modules[name] = sys.modules.pop(name)
        blocker = standins.MissingModuleBlocker(
            standins.circuitpython_module_names(), self.included_modules, self.spec.name)
        self._finders = [blocker]
        if self.drive:
            self._finders.append(_DriveFinder([self.drive, os.path.join(self.drive, "lib")]))
        sys.meta_path[0:0] = self._finders

    def _uninstall(self):
        if self._saved_modules is None:
            return
        for f in self._finders:
            if f in sys.meta_path:
                sys.meta_path.remove(f)
        self._finders = []
        standins.release()
        for name, mod in self._saved_modules.items():
            if mod is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = mod
        self._saved_modules = None
        lang = sys.modules.get("firmware.lang")
        if lang is not None and hasattr(lang, "close"):  # the file the app keeps open, closed
            lang.close()  # as a board's reset closes it
        for name in list(sys.modules):
            if name.split(".")[0] in DEVICE_MODULES:
                del sys.modules[name]
        sys.modules.update(self._host_modules)
        self._host_modules = {}

    @contextlib.contextmanager
    def environment(self):
        """The board's stand-in modules in place without running code.py, for testing single
        device modules; time moves only by ``advance_clock``."""
        if self._thread is not None:
            raise RuntimeError("the firmware is running")
        self._install()
        sys.path.insert(0, self.drive or REPO)
        try:
            yield self
        finally:
            sys.path.remove(self.drive or REPO)
            self._uninstall()

    def advance_clock(self, ms):
        self.clock_us += int(ms * 1000)

    def code_path(self):
        if self.drive:
            return os.path.join(self.drive, "code.py")
        return os.path.join(REPO, "firmware", "code.py")

    def boot(self):
        """Power on: fresh modules, a fresh screen, code.py from the start; runs the firmware
        until it first sleeps."""
        if self._thread is not None:
            raise RuntimeError("already running; use power_cut() or close()")
        path = self.code_path()
        if not os.path.exists(path):
            raise FileNotFoundError("no code.py at " + path)
        self._install()
        self.boots += 1
        self.boot_us = self.clock_us
        self.hw.scanners.clear()
        self._outcome = None
        self._until_us = self.clock_us
        self._thread = threading.Thread(target=self._firmware, args=(path,), daemon=True,
                                        name="firmware")
        self._wait(self._thread.start)

    def _firmware(self, path):
        search = [self.drive, os.path.join(self.drive, "lib")] if self.drive else [REPO]
        sys.path[0:0] = search
        try:
            runpy.run_path(path, run_name="__main__")
            self._outcome = ("done", None)
        except PowerCut:
            self._outcome = ("powercut", None)
        except Stop:
            self._outcome = ("stopped", None)
        except Reload:
            self._outcome = ("reload", None)
        except BaseException as e:  # the firmware crashed: report it like the board's console
            self._outcome = ("error", (e, traceback.format_exc()))
        finally:
            for p in search:
                if p in sys.path:
                    sys.path.remove(p)
            self._to_main.release()

    def _wait(self, go):
        """Let the firmware run (``go`` starts or wakes it) until it hands control back; its
        prints go to the console meanwhile."""
        out = _Tee(self.console, self.echo)
        saved = sys.stdout
        sys.stdout = out
        try:
            go()
            if not self._to_main.acquire(timeout=WATCHDOG_S):
                raise FirmwareError(
                    "the firmware ran " + str(WATCHDOG_S) + " s without sleeping (a busy loop?)")
        finally:
            sys.stdout = saved
            out.flush_line()
        if self._outcome is not None:
            kind, detail = self._outcome
            self._thread = None
            if kind == "error":
                self._uninstall()
                e, tb = detail
                raise FirmwareError("the firmware crashed: " + type(e).__name__ + ": " + str(e), tb)
            if kind in ("reload", "powercut"):  # the board starts again
                self._uninstall()
                self.boot()

    @property
    def running(self):
        return self._thread is not None

    def run(self, ms):
        """Let ``ms`` milliseconds of emulated time pass (across a reboot, if one happens)."""
        target = self.clock_us + int(ms * 1000)
        while True:
            if self._thread is None:
                self.clock_us = max(self.clock_us, target)
                return
            self._until_us = target
            self._wait(self._to_fw.release)
            if self.clock_us >= target:
                return

    def _signal_firmware(self, signal):
        self._signal = signal
        self._wait(self._to_fw.release)

    def power_cut(self, after_nvm_bytes=None):
        """Cut the power and boot again: now, or once the NVM has taken ``after_nvm_bytes`` more
        steps while the firmware runs on (a step: one erase, cut during it, or one byte
        programmed; the board's own rules, see ``standins.FileNVM``)."""
        if after_nvm_bytes is not None:
            self.nvm.cut_after(after_nvm_bytes)
        elif self._thread is not None:
            self._signal_firmware(PowerCut)
        else:
            self.boot()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Stop the firmware and put the real modules back."""
        if self._thread is not None:
            self._signal_firmware(Stop)
        self._thread = None
        self._uninstall()

    # ------------------------------------------------------------------ input

    def hold(self, button):
        self.hw.set_button(button, True)

    def release(self, button):
        self.hw.set_button(button, False)

    def press(self, button, hold_ms=specs.SHORT, settle_ms=specs.SHORT):
        """Press and release a physical button, then let the firmware catch up."""
        self.hold(button)
        self.run(hold_ms)
        self.release(button)
        self.run(settle_ms)

    def how(self, logical):
        """(button, hold ms) that make a logical key on this board; ValueError if none does."""
        how = self.spec.logical.get(str(logical).upper())
        if how is None:
            raise ValueError(
                "the " + self.spec.name + " has no way to make " + str(logical) + " (it has: "
                + ", ".join(self.spec.logical) + ")")
        return how

    def key(self, logical):
        """Make a logical key (UP DOWN LEFT RIGHT A B START SELECT) the way a person does on
        this board (a long press on two- and three-button boards)."""
        button, hold = self.how(logical)
        self.press(button, hold_ms=hold)

    # ------------------------------------------------------------------ output

    def text(self):
        """The screen's text, line by line (from the labels in the display tree)."""
        from emulator.display import screen_lines

        return screen_lines(self.display) if self.display is not None else []

    def screen_text(self):
        return "\n".join(self.text())

    def image(self, scale=1):
        return self.display.image(scale)

    def screenshot(self, path, scale=1):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.image(scale).save(path)
        return path

    def set_render_stride(self, n):
        """Draw only every n-th refresh; the text, the dirty tracking and the pixels read
        (``image``, ``display.rgb``: drawn when read) are unaffected. The class's
        ``RENDER_STRIDE`` is a new machine's (the tests' conftest.py draws only when read)."""
        self.render_stride = n
        if self.display is not None:
            self.display.render_stride = n


class _Tee(io.TextIOBase):
    """The firmware's serial console: kept line by line, echoed when asked."""

    def __init__(self, lines, echo):
        self.lines = lines
        self.echo = echo
        self.partial = ""

    def write(self, s):
        if self.echo:
            sys.__stdout__.write(s)
        self.partial += s
        while "\n" in self.partial:
            line, self.partial = self.partial.split("\n", 1)
            self.lines.append(line)
        return len(s)

    def flush_line(self):
        if self.partial:
            self.lines.append(self.partial)
            self.partial = ""


def _import_blinka():
    """Import Blinka's displayio (and numpy, Pillow) once, with stand-ins for the hardware
    modules it imports, so it never probes the desktop for a real board."""
    saved = {n: sys.modules.get(n) for n in ("digitalio", "microcontroller", "busio")}
    sys.modules["digitalio"] = standins._module(
        "digitalio", "", DigitalInOut=standins.DigitalInOut, Direction=standins.Direction,
        Pull=standins.Pull, DriveMode=standins.DriveMode)
    sys.modules["microcontroller"] = standins._module("microcontroller", "", Pin=standins.Pin)
    sys.modules["busio"] = standins.make_busio()
    try:
        from emulator import display  # noqa: F401  (numpy, Pillow, displayio, busdisplay)
        import terminalio  # noqa: F401
    finally:
        for name, mod in saved.items():
            if mod is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = mod


_import_blinka()


def _new_display(width, height):
    """A fresh emulated screen."""
    from emulator import display as display_mod

    import displayio

    displayio.release_displays()
    return display_mod.EmuDisplay(width, height)
