"""Boot firmware/code.py under MicroPython with the CircuitPython stand-ins of ``cpstubs/`` and
feed it scripted input (run by ``tools/micropython_firmware.py``: ``micropython -X heapsize=N fwrun.py
CONFIG.json``, or ``-m fwrun`` in a VM that has it and the stand-ins frozen in).

The configuration holds the board (pins, button wiring, screen, NVM file), the seeded random
bytes and the script as low-level operations (one JSON line each, read as they come; the
script's blocks are tests that jump to another line by its byte offset: ``translate`` in
tools/micropython_firmware.py). Time moves only in ``time.sleep``; at every sleep the
operations due are done. Output, one line each, for the host to read:

    @@import NAME BYTES LIVE MS heap kept by importing a module (its own share, after a collection),
                                the heap in use as it began (after a collection), and when
    @@qstr< / @@qstr>           then MicroPython's qstr_info: before and after each such import
    @@snap LINE                 then the screen's lines, then @@end: the screen after a command
    @@screen MS NAME LIVE       a new screen: heap in use after a collection ...
    @@decision MS SEAT LEVEL LIVE ALLOC  ... a computer player's decision (its level): heap in use
                                before it, bytes it allocated (making the player included)
      (each followed by MicroPython's mem_info, whose "max free sz" is the largest free block, and
       its qstr_info, the interned names' bytes; @@boot and @@done too)
    @@outofmemory MS            the app recovered from a MemoryError (only when the configuration
                                says ``recover``; else the MemoryError ends the run)
    @@fail LINE MESSAGE         an expect that did not hold, or a repeat ... until/while that
                                did not end within its passes
    @@done MS LIVE              the script ran to its end; heap in use then, after a collection
                                (with ``names_at_end``, its qstr_info lists every name interned since
                                the port started, a ``Q(name)`` line each)
    @@down KEY US / @@shown SCREEN US   (with ``timing``) the app's clock in microseconds when
                                a key goes down and when a screen is shown (a game's screen
                                named ``game:Class``): the port's, less the stand-ins' time
                                for what a board does in C (``_us``)
    @@code FILE US              (with ``timing``) the app's clock as ``code.py`` starts
    @@ready app US              (with ``timing``) ... and at the app's first sleep (booted)
    @@pystones N                (with ``timing``, at the end) the port's pystones a second
"""

import gc
import json
import sys

import micropython

with open(sys.argv[1]) as _f:
    _cfg = json.load(_f)
# '.frozen' first: a VM built for the benchmarks has the stand-ins frozen in (their code and
# names in its flash, as a board's displayio); else they are read from ``stubs``
if _cfg.get("frozen_in_vm"):  # the app frozen into this VM: found as on a board, after '/'
    sys.path[:] = [".frozen", _cfg["stubs"], _cfg["lib"]]
else:
    sys.path[:] = [".frozen", _cfg["stubs"], _cfg["lib"], _cfg["repo"]]
if _cfg.get("rom"):  # the app frozen into the firmware: its code in flash (cpfrozen.py)
    import cpfrozen

    cpfrozen.load(_cfg)

import builtins  # noqa: E402

import cphw  # noqa: E402

cphw.load(_cfg)
_ops = open(_cfg["ops"])  # one operation a line (JSON), read as they come: no list on the heap
_recover = _cfg.get("recover", False)  # the app's own recovery from a MemoryError, or the run ends
_probe = _cfg.get("probe", True)  # heap measures at imports, screens and decisions
_names = _cfg.get("names_at_end", False)  # every name interned, listed at the end
_timing = _cfg.get("timing", False)  # the real clock at each key pressed and screen shown
# bench_ram --grown-names, a diagnostic: names of the runner's own, interned now (the pools
# they fill count as the runner's, like the stand-ins'); written with no name of its own, so
# that the runner's names are the same without it
for _m in range(_cfg.get("grown_names", 0)):
    getattr(None, "@@grown-name %d" % _m, None)  # interns it
    if not _m & 63:
        gc.collect()
del _cfg
import time as _clock  # noqa: E402  (the port's own, before the app's stand-in replaces it)

_port_us = getattr(_clock, "ticks_us", None) or (lambda: _clock.monotonic_ns() // 1000)
_in_c = [0]  # microseconds spent in stand-ins of what a board does in C (``timing``)


def _us():
    """The app's clock: the port's, less the time spent inside the stand-ins of C code whose
    work is Python here (``bitmaptools``, ``Bitmap.fill``, a loop over pixels; a ``Bitmap``'s
    subscript, three Python calls a pixel: microseconds on a board). A pixel the app reads or
    sets one by one still counts its index, its value and the call: only the stand-in's body is
    left out."""
    return _port_us() - _in_c[0]


def _timed_as_c(fn):
    def call(*args, **kw):
        t0 = _port_us()
        try:
            return fn(*args, **kw)
        finally:
            _in_c[0] += _port_us() - t0
    return call


if _timing:
    import bitmaptools  # noqa: E402
    import displayio  # noqa: E402

    for _name in dir(bitmaptools):
        if not _name.startswith("_") and callable(getattr(bitmaptools, _name)):
            setattr(bitmaptools, _name, _timed_as_c(getattr(bitmaptools, _name)))
    displayio.Bitmap.fill = _timed_as_c(displayio.Bitmap.fill)

    # a Bitmap's subscript (C on a board): its body left out, the call still the app's (no
    # *args; named with names the runner has already, so that its names are the same untimed)
    def _get(bitmap, i, fn=displayio.Bitmap.__getitem__):
        t0 = _port_us()
        value = fn(bitmap, i)
        _in_c[0] += _port_us() - t0
        return value

    def _set(bitmap, i, value, fn=displayio.Bitmap.__setitem__):
        t0 = _port_us()
        fn(bitmap, i, value)
        _in_c[0] += _port_us() - t0

    displayio.Bitmap.__getitem__ = _get
    displayio.Bitmap.__setitem__ = _set
import cptime  # noqa: E402

sys.modules["time"] = cptime
import cpos  # noqa: E402

sys.modules["os"] = cpos
import displayio  # noqa: E402,F401
import board  # noqa: E402
import screentext  # noqa: E402

# the other stand-ins now, so that their heap counts as the harness's, not the app's
for _m in ("keypad", "microcontroller", "supervisor", "digitalio", "analogio",
           "audiocore", "audioio", "audiopwmio", "bitmaptools", "storage"):
    try:
        __import__(_m)
    except ImportError:  # not in this board's CircuitPython
        pass

DEVICE = ("code", "firmware", "boards", "shared_rules", "adafruit_display_text", "adafruit_ticks")


class Done(BaseException):
    pass


class PowerCut(BaseException):
    pass


class Failed(BaseException):
    pass


# ---------------------------------------------------------------------- per-module import costs

_orig_import = builtins.__import__
_stack = [0]


def _import(name, *args):
    top = name.split(".")[0]
    if name in sys.modules or top not in DEVICE or (len(args) > 3 and args[3]):
        return _orig_import(name, *args)
    gc.collect()
    before = gc.mem_alloc()
    print("@@qstr<")  # the interned names before and after (the host splits them off)
    micropython.qstr_info()
    known = [m for m in sys.modules]
    _stack.append(0)
    try:
        return _orig_import(name, *args)
    finally:
        nested = _stack.pop()
        gc.collect()
        total = gc.mem_alloc() - before
        print("@@qstr>")
        micropython.qstr_info()
        _stack[-1] += total
        # modules loaded by this import that no nested call reported (``from pkg import mod``)
        # (each module noted once: a module the app dropped and imports again adds nothing
        # here; the list is made at boot, so noting one allocates nothing in the heap measured)
        extra = [m for m in sys.modules if m not in known and m != name and m not in _reported]
        for m in extra + ([] if name in _reported else [name]):
            _reported[_reported.index(None)] = m
        print("@@import", "+".join([name] + extra), total - nested, before, cphw.now)
        if name == "firmware.app":
            _patch_app()
        _patch_session()


_reported = [None] * 256  # the app's modules noted so far (it has about 130)


if _probe:  # (without, the app is timed alone: no collections of the probes)
    builtins.__import__ = _import

# ---------------------------------------------------------------------- the screen's text


def screen_lines():
    """The screen's text as the emulator reads it (emulator/display.py screen_lines)."""
    return screentext.lines(board.DISPLAY.root_group)


def _norm(text):
    return " ".join(text.split())


# ---------------------------------------------------------------------- memory at screens and decisions

_app = [None]
_shown = [False]
_last_snap = [None]


_LEVELS = ("person", "easy", "normal", "hard")


def _patch_session():
    """Measure the heap around every computer decision: ``Session.computer_choice`` wrapped
    (the players are made at their first decision, so the measure includes that)."""
    cls = getattr(sys.modules.get("firmware.session"), "Session", None)  # once it is made
    if cls is None or getattr(cls, "_probed", False):
        return
    mod = sys.modules["firmware.session"]
    choice = mod.Session.computer_choice

    def computer_choice(self):
        seat = self.state.pending[0]
        gc.collect()
        live = gc.mem_alloc()
        print("@@decision", cphw.now, seat, _LEVELS[self.kinds[seat]], live)
        micropython.mem_info()
        micropython.qstr_info()  # the interned names' bytes, a board's frozen ones in flash
        t = micropython.mem_total()
        move = choice(self)
        print("@@alloc", micropython.mem_total() - t)
        return move

    mod.Session.computer_choice = computer_choice
    mod.Session._probed = True


def _patch_app():
    mod = sys.modules.get("firmware.app")
    if mod is None or getattr(mod.App, "_probed", False):
        return
    show = mod.App._show

    def _show(self):
        show(self)
        _app[0] = self
        _shown[0] = True
        if _timing:  # a game's screen (one with a session) named so
            top = self.top
            print("@@shown", ("game:" if getattr(top, "session", None) is not None else "")
                  + top.__class__.__name__, _us())

    mod.App._show = _show
    recover = getattr(mod.App, "out_of_memory", None)  # (an older tree, bench_ram --tree: none)

    def out_of_memory(self, e):
        if not _recover:  # the RAM budget: a MemoryError ends the run, where it happened
            raise e
        print("@@outofmemory", cphw.now)
        recover(self, e)

    if recover is not None:
        mod.App.out_of_memory = out_of_memory
    mod.App._probed = True


def _measure_screen():
    if not _probe:
        return
    app = _app[0]
    top = app.top
    session = getattr(top, "session", None)
    gc.collect()
    name = top.__class__.__name__
    if session is not None:  # a game's screen: named after the game (its registry key)
        game = getattr(getattr(session, "entry", None), "key", None)
        if game is None:
            rules = getattr(session, "rules", None)
            game = getattr(rules, "__name__", None) or session.state.__class__.__name__
        name = game + ":" + name
    print("@@screen", cphw.now, name, gc.mem_alloc())
    micropython.mem_info()
    micropython.qstr_info()  # the interned names' bytes, a board's frozen ones in flash


# ---------------------------------------------------------------------- scripted input

_wait_until = [0]
_passes = [0] * 8  # per depth of the script's blocks: the passes of the repeat open there


def _snap(line):
    text = "\n".join(screen_lines())
    if text != _last_snap[0]:
        _last_snap[0] = text
        print("@@snap", line)
        print(text)
        print("@@end")


def _do_ops():
    """Do the operations due now, up to the next wait."""
    while True:
        line = _ops.readline()
        if not line:
            break
        op = json.loads(line)
        cmd = op[0]
        if cmd == "wait":
            _wait_until[0] = cphw.now + op[1]
            return
        if cmd == "down":
            if _timing:
                print("@@down", op[1], _us())
            cphw.set_button(op[1], True)
        elif cmd == "up":
            cphw.set_button(op[1], False)
        elif cmd == "snap":
            _snap(op[1])
        elif cmd == "expect" or cmd == "expect-not":
            found = _norm(op[1]) in _norm("\n".join(screen_lines()))
            if found != (cmd == "expect"):
                raise Failed("@@fail %d %s '%s'" % (op[2], cmd, op[1]))
        elif cmd == "tone":
            if cphw.tones_seen == cphw.tones:
                raise Failed("@@fail %d expected a tone, none was played" % op[1])
            cphw.tones_seen = cphw.tones
        elif cmd == "fail":
            raise Failed("@@fail %d %s" % (op[1], op[2]))
        elif cmd == "powercut":
            raise PowerCut()
        elif cmd == "enter":  # a repeat block: its passes are counted from 0
            _passes[op[1]] = 0
        elif cmd == "loop":  # [loop, depth, passes, mode (1 until, 2 while), text, line, end]
            stop = False
            if op[3]:
                stop = (_norm(op[4]) in _norm("\n".join(screen_lines()))) == (op[3] == 1)
            if not stop and _passes[op[1]] >= op[2]:
                if op[3]:
                    raise Failed("@@fail %d repeat: '%s' %s on screen after %d passes" % (
                        op[5], op[4], "still not" if op[3] == 1 else "still", op[2]))
                stop = True
            if stop:
                _ops.seek(op[6])
            else:
                _passes[op[1]] += 1
        elif cmd == "jump":
            _ops.seek(op[1])
        elif cmd == "if":  # [if, want, text, end]: on past the block unless text's presence is want
            if (_norm(op[2]) in _norm("\n".join(screen_lines()))) != (op[1] == 1):
                _ops.seek(op[3])
    raise Done()


_ready = [False]  # (``timing``) code.py has started and not slept yet


def on_sleep(ms):
    if _ready[0]:  # the app's first sleep: its first screen is up, it waits for keys
        _ready[0] = False
        print("@@ready", "app", _us())
    target = cphw.now + ms
    while _wait_until[0] is not None and _wait_until[0] <= target:
        cphw.now = _wait_until[0]
        _wait_until[0] = None
        if _shown[0]:
            _shown[0] = False
            _measure_screen()
        _do_ops()
    cphw.now = target
    _patch_app()
    if _shown[0]:
        _shown[0] = False
        _measure_screen()


cphw.on_sleep = on_sleep
cphw.tones_seen = 0


def boot():
    for name in list(sys.modules):
        if name.split(".")[0] in DEVICE:
            del sys.modules[name]
    cphw.boot()
    _app[0] = None
    _shown[0] = False
    board.DISPLAY.root_group = None
    gc.collect()
    print("@@boot", gc.mem_alloc())
    micropython.mem_info()
    micropython.qstr_info()  # the interned names' bytes, a board's frozen ones in flash
    g = {"__name__": "__main__"}
    if _timing:
        print("@@code", _ops_code, _us())
        _ready[0] = True
    # As a board runs code.py: its lexer reads the file a chunk at a time, so no copy of the
    # source is made (a compile() of its text left the text on the heap).
    execfile(_ops_code, g)


def _pystones():
    """The port's speed now, by the clock the marks used: pystones a second, the best of three
    rounds (``pystone.py``, written beside the runner: not on the app's path), so that a time
    measured in this run becomes a board's as a ratio within one run, whatever the shared
    machine's load was."""
    g = {}
    with open("pystone.py") as f:
        exec(f.read(), g)
    Proc0 = g["Proc0"]
    best = 0
    for _ in range(3):
        t0 = _port_us()
        Proc0(2000)
        best = max(best, 2000 * 1000000 // max(1, _port_us() - t0))
    print("@@pystones", best)


RELOAD = 9  # the exit status that asks the host for a new port (``supervisor.reload()``)
_RESUME = "resume.json"  # what the script's run has come to, kept across a reload


def _keep_for_reload():
    """What goes on across the reload, for the next port (``_resume``): where the script is,
    the clock, the buttons held, the random bytes used; the NVM is its file already."""
    with open(_RESUME, "w") as f:
        json.dump({"ops": _ops.tell(), "passes": _passes, "wait": _wait_until[0], "now": cphw.now,
                   "pressed": cphw.pressed, "tones": cphw.tones, "seen": cphw.tones_seen,
                   "rand": cphw.random_at(), "snap": _last_snap[0]}, f)


def _resume():
    """A port started after a reload goes on from ``_keep_for_reload``'s record (a first run
    has none)."""
    try:
        f = open(_RESUME)
    except OSError:
        return
    with f:
        r = json.load(f)
    _ops.seek(r["ops"])
    _passes[:] = r["passes"]
    _wait_until[0] = r["wait"]
    cphw.now = r["now"]
    cphw.pressed[:] = r["pressed"]
    cphw.tones = r["tones"]
    cphw.tones_seen = r["seen"]
    cphw.random_from(r["rand"])
    _last_snap[0] = r["snap"]


_resume()
_ops_code = sys.argv[2]
status = 0
def _print_exception(e):
    """The traceback where the port can print one (CircuitPython's has no
    ``sys.print_exception``, and its VM here no ``traceback``): at least the exception."""
    show = getattr(sys, "print_exception", None)
    if show is not None:
        show(e)
    else:
        print("%s: %s" % (type(e).__name__, e))


while True:
    try:
        boot()
        print("@@exit code.py returned")
        break
    except (PowerCut, cphw.Reload) as e:  # the board starts again: a new VM, heap and names,
        if isinstance(e, PowerCut):  # and here too: the host runs the port again, which goes
            _wait_until[0] = cphw.now  # on with the script where this one was
        else:  # the app started itself again
            print("@@reload", cphw.now)
        _keep_for_reload()
        status = RELOAD
        break
    except Done:
        gc.collect()
        print("@@done", cphw.now, gc.mem_alloc())
        micropython.mem_info()
        if _names:
            micropython.qstr_info(1)  # (with any argument: each name too)
        else:
            micropython.qstr_info()  # the interned names' bytes, a board's frozen ones in flash
        if _timing:
            _pystones()
        break
    except Failed as e:
        print(e.args[0])
        status = 1
        break
    except MemoryError as e:
        print("@@memoryerror", cphw.now)
        _print_exception(e)
        status = 3
        break
    except Exception as e:
        print("@@crash", cphw.now)
        _print_exception(e)
        status = 4
        break
sys.exit(status)
