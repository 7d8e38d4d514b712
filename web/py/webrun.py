"""The web page's runner (MicroPython WebAssembly): boots ``/code.py`` as a board does, with the
stand-ins of tests/micropython/cpstubs/ (the MicroPython runner's) and the page's own for the
display, font, audio and supervisor, then runs the app one pass at a time.

The page (``console.mjs``) calls, each as one call from JavaScript, so that the garbage
collector can free memory between them:

- ``boot(config_json)``: the board's description (``tools/build_web.py``), the NVM's stored
  bytes, whether this is a power-on;
- ``turn(now_ms)``: one pass of the app's loop (``App.turn``) at the page's time (a
  ``supervisor.reload()`` in it runs ``code.py`` again);
- ``button(name, down, now_ms)``: a physical button pressed or released;
- ``screen()``: the screen's text (what the emulator's ``expect`` reads); ``heap()``.

``code.py`` runs unchanged; only ``firmware.app.run``, which would loop for ever, is replaced by
one that makes the app, runs what its loop begins with, and returns.
"""

import gc
import json
import sys
from binascii import a2b_base64, b2a_base64, unhexlify

import pocketjs

import cphw

app = None


def _urandom(n):
    return unhexlify(pocketjs.urandom(n))


class NVM(cphw.NVM):
    """microcontroller.nvm kept in the page's localStorage (one entry per board), written the way
    the board's CircuitPython writes its flash, as the emulator does (emulator/standins.py
    FileNVM): ``erases`` counts the erases of each erase unit (SAMD51 and nRF52840: every unit a
    write touches; RP2040: only when a byte written is not still 0xFF; ESP32-S3: the NVS pages
    the new blob fills). A reload comes between two passes of the app, never inside a write.
    Indices as the MicroPython runner's NVM (``cphw.NVM._range``)."""

    def __init__(self, stored, size):
        self.size = size
        kind, unit, pages = cphw.cfg["flash"]
        self.kind = kind
        self.unit = min(unit, size)
        data, erases, nvs = b"", None, [0, 0, 1]
        if stored:
            try:
                saved = json.loads(stored)
                data = a2b_base64(saved["data"])
                erases = saved["erases"]
                nvs = saved["nvs"]
            except Exception:  # not what the page writes: flash holding garbage, which the
                data = b"\xa5" * size  # app reports as damaged saves, as on a board
        self.data = bytearray(data[:size]) + b"\xff" * max(0, size - len(data))
        units = pages if kind == "nvs" else -(-size // self.unit)
        self.erases = erases if erases and len(erases) == units else [0] * units
        self.nvs = nvs
        self.writes = 0

    def __getitem__(self, index):
        a, b, sl = self._range(index)
        return bytearray(self.data[a:b]) if sl else self.data[a]

    def __setitem__(self, index, value):
        start, end, sl = self._range(index)
        if not sl:
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            value = bytes((value,))
        if len(value) != end - start:
            raise ValueError("an NVM slice assignment cannot change its length")
        self.writes += 1
        if not value:
            return
        if self.kind == "nvs":
            self._nvs_fill()
        elif not (self.kind == "rp2040" and self.data[start:end] == b"\xff" * len(value)):
            for u in range(start // self.unit, (end - 1) // self.unit + 1):
                self.erases[u] += 1
        self.data[start:end] = value
        pocketjs.nvm_store(json.dumps({"data": b2a_base64(self.data, newline=False).decode(),
                                       "erases": self.erases, "nvs": self.nvs}))

    def _nvs_fill(self):
        """The NVS pages the blob fills, 32-byte entries, 126 a page (FileNVM._nvs_fill)."""
        need = -(-self.size // 32)
        while need > 0:
            if self.nvs[1] >= 125:
                self._nvs_next_page()
            take = min(125 - self.nvs[1], need)
            self.nvs[1] += take + 1
            need -= take
        if self.nvs[1] >= 126:
            self._nvs_next_page()
        self.nvs[1] += 1

    def _nvs_next_page(self):
        pages = len(self.erases)
        self.nvs[0] = (self.nvs[0] + 1) % pages
        self.nvs[1] = 0
        if self.nvs[2] < pages:
            self.nvs[2] += 1
        else:
            self.erases[self.nvs[0]] += 1


class _GC:
    """``gc`` for the app: this build's heap grows as needed, so its ``mem_free`` is not a
    board's; here it is what the board's heap for code.py (``HEAP`` of its module) leaves free
    after what the app holds."""

    heap = 0
    base = 0

    def mem_free(self):
        return max(0, self.heap - (gc.mem_alloc() - self.base))

    def __getattr__(self, name):
        return getattr(gc, name)


def boot(config):
    """Boot ``/code.py`` on the board the configuration describes (once per page load)."""
    cfg = json.loads(config)
    cphw.cfg = cfg
    cphw.urandom = _urandom
    cphw.NVM = lambda key, size: NVM(cfg.get("nvm_data"), size)
    import cptime
    import cpos

    sys.modules["time"] = cptime
    sys.modules["os"] = cpos
    import displayio  # noqa: F401
    import board  # noqa: F401

    for name in ("keypad", "microcontroller", "supervisor", "digitalio",
                 "analogio", "audiocore", "audioio", "audiopwmio", "bitmaptools", "storage"):
        try:
            __import__(name)
        except ImportError:  # not in this board's CircuitPython
            pass
    cfg["nvm_data"] = None  # read by microcontroller.nvm: not kept twice
    collector = _GC()
    gc.collect()
    collector.base = gc.mem_alloc()
    sys.modules["gc"] = collector
    _start(collector)


def _start(collector):
    """Run ``/code.py`` as the board does at boot and after a reload."""
    cphw.boot()
    import firmware.app

    def run(board_module):
        global app
        collector.heap = board_module.HEAP
        app = firmware.app.App(board_module)
        app.start()

    firmware.app.run = run
    with open("/code.py") as f:
        code = f.read()
    exec(code, {"__name__": "__main__"})
    gc.collect()


def _reload():
    """``supervisor.reload()``: the app's modules and objects dropped, ``code.py`` run again
    (the NVM and the display stay, as on a board)."""
    global app
    app = None
    for name in list(sys.modules):
        if name.split(".")[0] in ("code", "firmware", "boards", "shared_rules"):
            del sys.modules[name]
    cphw.cfg["power_on"] = False  # supervisor.runtime.run_reason: SUPERVISOR_RELOAD
    import board

    board.DISPLAY.root_group = None
    _start(sys.modules["gc"])


def turn(now):
    cphw.now = now
    if app is not None:
        try:
            app.turn()
        except cphw.Reload:  # the app started itself again
            _reload()


def button(name, down, now):
    cphw.now = now
    cphw.set_button(name, down)


def screen():
    import board
    import screentext

    return "\n".join(screentext.lines(board.DISPLAY.root_group))


def heap():
    """[bytes in use, bytes free] after a collection."""
    gc.collect()
    return "%d %d" % (gc.mem_alloc(), gc.mem_free())
