"""An emulated CircuitPython board on a pseudo-terminal, writing into a drive folder.

It speaks what a real board speaks on its USB serial port, as ``shared/runtime/pyexec.c``
(MicroPython and CircuitPython) and CircuitPython's ``main.c`` implement it:

- at start ``code.py`` is "running"; Ctrl-C stops it and the board waits with
  "Press any key to enter the REPL. Use CTRL-D to reload.";
- the friendly REPL (``>>> ``, one line at a time);
- the raw REPL (Ctrl-A; ``OK``, output, ``\\x04``, error, ``\\x04``, ``>``), and raw-paste mode
  (``\\x05A\\x01`` -> ``R\\x01``, window size, ``\\x01`` per window consumed, ``\\x04`` to end);
- commands run with ``exec`` in a sandbox whose ``os``, ``open``, ``storage``, ``hashlib``,
  ``binascii``, ``board`` and ``sys`` behave like CircuitPython 10's, mapped into the drive
  folder: FAT-style ``os.rename`` that replaces a file, ``OSError(30)`` for writes while the
  filesystem is read-only to code (CircuitPython's default while its USB drive is visible),
  ``OSError(28)`` when the emulated flash is full, ``hashlib.new`` only on boards that have it,
  and with the algorithms of the board's CircuitPython version (``hash_algorithms``).

Test hooks: ``cut_after`` unplugs the board after that many bytes from the host (files that
were open keep what was written, as after a real disconnect); ``raw_paste=False`` emulates a
firmware without raw-paste mode; ``hash_algos`` overrides what ``hashlib.new`` accepts.

``Uf2Bootloader`` emulates a UF2 bootloader drive: copy a ``.uf2`` onto it and, when every
block of the chip's family has arrived, the drive goes away and CIRCUITPY appears (with the
Board ID a CircuitPython download's name gives, as a build for another board would).

Run by hand: ``python -m emulator.serial_board --drive DIR --board pybadge`` prints the port;
``--help`` lists the switches (read-only, ejected drive, full flash, pulled cable, version).
"""

import binascii as _binascii
import hashlib as _hashlib
import os
import select
import struct
import threading
import time
import tty

CTRL_A, CTRL_B, CTRL_C, CTRL_D, CTRL_E = 1, 2, 3, 4, 5

# board id -> (name in the banner, MCU, has hashlib in 10.3.1) from the pinned
# circuitpython-stubs board definitions; which algorithms: hash_algorithms()
BOARD_INFO = {
    "pybadge": ("Adafruit PyBadge", "samd51j19", False),
    "pygamer": ("Adafruit PyGamer", "samd51j19", False),
    "clue_nrf52840_express": ("Adafruit CLUE nRF52840 Express", "nRF52840", True),
    "adafruit_feather_esp32s3_reverse_tft": ("Adafruit Feather ESP32-S3 Reverse TFT", "ESP32S3", True),
    "lilygo_tdisplay_s3": ("LILYGO T-Display S3", "ESP32S3", True),
    "pimoroni_picosystem": ("Pimoroni PicoSystem", "rp2040", True),
}

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"


def boot_out_text(board_id, version="10.0.3", date="2025-10-17"):
    """The boot_out.txt CircuitPython writes at start-up (first line, then Board ID and UID)."""
    name, mcu, _ = BOARD_INFO[board_id]
    return "Adafruit CircuitPython {} on {}; {} with {}\nBoard ID:{}\nUID:E6614C311B5C6A2F\n".format(
        version, date, name, mcu, board_id
    )


def hash_algorithms(board_id, version):
    """The names ``hashlib.new`` accepts on this board and CircuitPython version.

    Before 10.1, CircuitPython's ``hashlib.new`` took only ``'sha1'`` and raised
    ``ValueError("Unsupported hash algorithm")`` for anything else; adafruit/circuitpython
    PR #10740 (10.1) added ``'sha256'`` and turned hashlib on for the CLUE. Whether the other
    boards' 10.1 builds include SHA-256 is assumed here (yes); the deploy tool copes either way.
    """
    if not BOARD_INFO[board_id][2]:
        return ()
    major, minor = (int(x) for x in version.split(".")[:2])
    if (major, minor) >= (10, 1):
        return ("sha1", "sha256")
    if board_id == "clue_nrf52840_express":
        return ()
    return ("sha1",)


class _Module:
    """A bare namespace standing in for a built-in module."""

    def __init__(self, module_name, **attrs):
        self.__name__ = module_name
        self.__dict__.update(attrs)


class _Hash:
    def __init__(self, name, data):
        self._h = _hashlib.new(name, data)
        self.digest_size = self._h.digest_size

    def update(self, data):
        self._h.update(bytes(data))

    def digest(self):
        return self._h.digest()


class _Fs:
    """The board's filesystem: paths like ``/lib/x.py`` inside the drive folder."""

    def __init__(self, root, readonly, capacity, cluster, usb_visible):
        self.root = os.path.realpath(root)
        self.readonly = readonly
        self.capacity = capacity
        self.cluster = cluster
        self.usb_visible = usb_visible
        self.open_files = []
        self.hazards = []  # what would corrupt a real FAT filesystem (removing an open file)

    def host(self, path):
        if not isinstance(path, str):
            raise TypeError("can't convert {} to str".format(type(path).__name__))
        parts = [p for p in path.split("/") if p and p != "."]
        if ".." in parts:
            raise OSError(2, "No such file/directory")
        return os.path.join(self.root, *parts)

    def check_writable(self):
        if self.readonly:
            raise OSError(30, "Read-only filesystem")

    def check_closed(self, what, host_path):
        """CircuitPython's FatFs has no file locking: removing or renaming an open file goes
        through and leaves the open handle writing into freed clusters. Recorded, not refused."""
        if any(f.path == host_path and not f.f.closed for f in self.open_files):
            self.hazards.append("{} while open: {}".format(what, host_path))

    def used(self, skip=None):
        total = 0
        for dirpath, dirnames, filenames in os.walk(self.root):
            total += self.cluster * max(1, len(dirnames))  # directory entries take clusters
            for name in filenames:
                full = os.path.join(dirpath, name)
                if full == skip:
                    continue
                total += self._clusters(os.path.getsize(full))
        return total

    def _clusters(self, size):
        return -(-size // self.cluster) * self.cluster

    def free(self):
        if self.capacity is None:
            return 1 << 30
        return max(0, self.capacity - self.used())

    def reserve(self, host_path, new_size):
        """Raise OSError(28) if growing host_path to new_size does not fit."""
        if self.capacity is None:
            return
        if self.used(skip=host_path) + self._clusters(new_size) > self.capacity:
            raise OSError(28, "No space left on device")


class _File:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = fs.host(path)
        self.writing = any(c in mode for c in "wax+")
        if self.writing:
            fs.check_writable()
            parent = os.path.dirname(self.path)
            if not os.path.isdir(parent):
                raise OSError(2, "No such file/directory")
        elif not os.path.isfile(self.path):
            raise OSError(2, "No such file/directory")
        self.binary = "b" in mode
        self.f = open(self.path, mode if self.binary else mode + "b")
        fs.open_files.append(self)

    def write(self, data):
        if isinstance(data, str):
            if self.binary:
                raise TypeError("object with buffer protocol required")
            data = data.encode("utf-8")
        self.fs.check_writable()
        self.fs.reserve(self.path, self.f.tell() + len(data))
        n = self.f.write(bytes(data))
        self.f.flush()
        return n

    def read(self, n=-1):
        data = self.f.read(n)
        return data if self.binary else data.decode("utf-8")

    def readinto(self, buf):
        data = self.f.read(len(buf))
        buf[: len(data)] = data
        return len(data)

    def close(self):
        if not self.f.closed:
            self.f.close()
        if self in self.fs.open_files:
            self.fs.open_files.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _make_modules(board, fs):
    """The built-in modules a snippet may import on this emulated board."""

    def listdir(path="/"):
        p = fs.host(path)
        if not os.path.isdir(p):
            raise OSError(2, "No such file/directory")
        return sorted(os.listdir(p))

    def stat(path):
        p = fs.host(path)
        if not os.path.exists(p):
            raise OSError(2, "No such file/directory")
        st = os.stat(p)
        mode = 0x4000 if os.path.isdir(p) else 0x8000
        size = 0 if os.path.isdir(p) else st.st_size
        t = int(st.st_mtime)
        return (mode, 0, 0, 0, 0, 0, size, t, t, t)

    def mkdir(path):
        fs.check_writable()
        p = fs.host(path)
        if os.path.exists(p):
            raise OSError(17, "File exists")
        if not os.path.isdir(os.path.dirname(p)):
            raise OSError(2, "No such file/directory")
        fs.reserve(p, fs.cluster)
        os.mkdir(p)

    def remove(path):
        fs.check_writable()
        p = fs.host(path)
        if not os.path.isfile(p):
            raise OSError(2, "No such file/directory")
        fs.check_closed("removed", p)
        os.remove(p)

    def rmdir(path):
        fs.check_writable()
        p = fs.host(path)
        if not os.path.isdir(p):
            raise OSError(2, "No such file/directory")
        if os.listdir(p):
            raise OSError(13, "Permission denied")
        os.rmdir(p)

    def rename(old, new):
        # extmod/vfs_fat.c: if the new name exists and is a file, remove it and retry
        fs.check_writable()
        a, b = fs.host(old), fs.host(new)
        if not os.path.exists(a):
            raise OSError(2, "No such file/directory")
        if os.path.isdir(b):
            raise OSError(17, "File exists")
        fs.check_closed("renamed", a)
        fs.check_closed("replaced", b)
        os.replace(a, b)

    def statvfs(path):
        c = fs.cluster
        total = (fs.capacity if fs.capacity is not None else 1 << 30) // c
        free = fs.free() // c
        return (c, c, total, free, free, 0, 0, 0, 0, 255)

    name, mcu, _ = BOARD_INFO[board.board_id]

    def uname():
        return _Module("uname_result", sysname=mcu, nodename=mcu, release=board.version,
                       version="{} on 2025-10-17".format(board.version),
                       machine="{} with {}".format(name, mcu))

    def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
        if mount_path != "/":
            raise OSError(22, "Invalid argument")
        if fs.usb_visible and not readonly and not disable_concurrent_write_protection:
            raise RuntimeError("Cannot remount '/' when visible via USB.")
        fs.readonly = readonly

    major, minor, micro = (int(x) for x in board.version.split(".")[:3])
    modules = {
        "os": _Module("os", listdir=listdir, stat=stat, mkdir=mkdir, remove=remove, rmdir=rmdir,
                      rename=rename, statvfs=statvfs, uname=uname, sep="/",
                      getcwd=lambda: "/", urandom=os.urandom),
        "storage": _Module("storage", remount=remount),
        "board": _Module("board", board_id=board.board_id),
        "sys": _Module("sys", platform=mcu, version="3.4.0",
                       implementation=_Module("implementation", name="circuitpython",
                                              version=(major, minor, micro, ""), mpy=b"C\x06"),
                       path=["", "/", ".frozen", "/lib"]),
        "binascii": _Module("binascii", a2b_base64=_binascii.a2b_base64,
                            b2a_base64=_binascii.b2a_base64, hexlify=_binascii.hexlify,
                            unhexlify=_binascii.unhexlify, crc32=_binascii.crc32),
        "gc": _Module("gc", collect=lambda: None, mem_free=lambda: 120000),
        "time": _Module("time", sleep=time.sleep, monotonic=time.monotonic),
    }
    algorithms = board.hash_algos

    def new(name, data=b""):
        if name not in algorithms:
            raise ValueError("Unsupported hash algorithm")
        return _Hash(name, data)

    if algorithms:
        modules["hashlib"] = _Module("hashlib", new=new)
    return modules


_SAFE_BUILTINS = (
    "abs all any bool bytearray bytes callable chr dict divmod enumerate filter float getattr "
    "hasattr hash hex int isinstance issubclass iter len list map max memoryview min next object "
    "oct ord pow range repr reversed round set setattr slice sorted str sum tuple type zip "
    "Exception BaseException OSError ValueError TypeError KeyError IndexError AttributeError "
    "ImportError RuntimeError StopIteration NameError ZeroDivisionError KeyboardInterrupt "
    "NotImplementedError MemoryError"
).split()


class SerialBoard:
    """An emulated board on a pty: ``start()``, then open ``port`` with pyserial; ``stop()``."""

    def __init__(self, drive, board_id="pybadge", version="10.0.3", readonly=False,
                 raw_paste=True, capacity=None, cluster=512, cut_after=None, window=128,
                 hash_algos=None, usb_visible=None):
        if board_id not in BOARD_INFO:
            raise ValueError("unknown board id {!r}".format(board_id))
        self.board_id = board_id
        self.version = version
        self.hash_algos = tuple(hash_algorithms(board_id, version) if hash_algos is None
                                else hash_algos)
        # usb_visible: the computer has the drive mounted (storage.remount refuses then);
        # by default exactly when the filesystem is read-only to code, CircuitPython's default
        self.fs = _Fs(drive, readonly, capacity, cluster,
                      usb_visible=readonly if usb_visible is None else usb_visible)
        self.raw_paste = raw_paste
        self.cut_after = cut_after
        self.window = window
        self.received = 0
        self.unplugged = False
        self.log = []  # commands executed, for tests that want to see the traffic
        self.reboots = 0  # soft reboots (Ctrl-D) so far
        self._mode = "running"
        self._line = bytearray()
        self._paste = None  # bytearray while a raw paste is being received
        self._paste_remain = 0
        self._globals = None
        self._modules = _make_modules(self, self.fs)
        self._reset_globals()
        self._master = self._slave = None
        self._thread = None
        self._stop = threading.Event()
        self.port = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self):
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._thread = threading.Thread(target=self._run, name="serial-board", daemon=True)
        self._thread.start()
        self._out("Auto-reload is off.\r\ncode.py output:\r\n")
        return self

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self._unplug()
        if self._slave is not None:
            os.close(self._slave)
            self._slave = None

    @property
    def code_running(self):
        """Whether code.py runs (at start, and after a soft reboot), not a REPL or its prompt."""
        return self._mode == "running"

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def _unplug(self):
        # files and the flag first: the host sees the port go away once the master is closed
        for f in list(self.fs.open_files):
            f.close()
        self.unplugged = True
        if self._master is not None:
            os.close(self._master)
            self._master = None

    def _run(self):
        while not self._stop.is_set() and self._master is not None:
            r, _, _ = select.select([self._master], [], [], 0.05)
            if not r:
                continue
            try:
                data = os.read(self._master, 4096)
            except OSError:
                continue  # nobody has the port open yet
            for b in data:
                if self.cut_after is not None and self.received >= self.cut_after:
                    self._unplug()
                    return
                self.received += 1
                self._feed(b)

    def _out(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if self._master is None:
            return
        try:
            os.write(self._master, data)
        except OSError:
            pass

    # -- the REPL state machine ------------------------------------------------------------
    def _reset_globals(self):
        """A fresh __main__ namespace, as after a soft reboot."""
        import builtins

        def board_print(*args, sep=" ", end="\n"):
            self._captured.append((sep.join(str(a) for a in args) + end).replace("\n", "\r\n"))

        def board_import(name, globals=None, locals=None, fromlist=(), level=0):
            top = name.split(".")[0]
            if top in self._modules:
                return self._modules[top]
            raise ImportError("no module named '{}'".format(name))

        safe = {n: getattr(builtins, n) for n in _SAFE_BUILTINS}
        safe.update(print=board_print, __import__=board_import,
                    open=lambda path, mode="r": _File(self.fs, path, mode),
                    __build_class__=builtins.__build_class__)
        self._globals = {"__builtins__": safe, "__name__": "__main__"}
        self._captured = []

    def _feed(self, b):
        mode = self._mode
        if mode == "running":
            if b == CTRL_C:
                self._out("\r\nTraceback (most recent call last):\r\n  File \"code.py\", line 1, in "
                          "<module>\r\nKeyboardInterrupt: \r\n\r\nCode done running.\r\n\r\n"
                          "Press any key to enter the REPL. Use CTRL-D to reload.\r\n")
                self._mode = "wait_key"
        elif mode == "wait_key":
            if b == CTRL_D:
                self._soft_reboot()
            else:
                self._friendly_banner()
        elif mode == "friendly":
            self._friendly(b)
        elif mode == "raw":
            self._raw(b)
        elif mode == "paste":
            self._paste_byte(b)

    def _friendly_banner(self):
        name, mcu, _ = BOARD_INFO[self.board_id]
        self._out("\r\nAdafruit CircuitPython {} on 2025-10-17; {} with {}\r\n>>> ".format(
            self.version, name, mcu))
        self._mode = "friendly"
        self._line = bytearray()

    def _soft_reboot(self):
        self.reboots += 1
        self._reset_globals()
        self._out("\r\nsoft reboot\r\n\r\nAuto-reload is off.\r\ncode.py output:\r\n")
        self._mode = "running"

    def _friendly(self, b):
        if b == CTRL_A:
            self._out("\r\n")
            self._out(RAW_BANNER + b">")
            self._mode = "raw"
            self._line = bytearray()
        elif b == CTRL_B:
            self._friendly_banner()
        elif b == CTRL_C:
            self._line = bytearray()
            self._out("\r\n>>> ")
        elif b == CTRL_D:
            self._soft_reboot()
        elif b in (13, 10):
            line = bytes(self._line).decode("utf-8", "replace")
            self._line = bytearray()
            self._out("\r\n")
            if line.strip():
                out, err = self._execute(line, friendly=True)
                self._out(out + err)
            self._out(">>> ")
        else:
            self._line.append(b)
            self._out(bytes([b]))

    def _raw(self, b):
        line = self._line
        if b == CTRL_A:
            if len(line) == 2 and line[0] == CTRL_E:
                self._line = bytearray()
                self._start_paste(line[1])
                return
            self._line = bytearray()
            self._out(RAW_BANNER + b">")
        elif b == CTRL_B:
            self._line = bytearray()
            self._out("\r\n")
            self._friendly_banner()
        elif b == CTRL_C:
            self._line = bytearray()
        elif b == CTRL_D:
            self._out("OK")
            if not line:
                self._out("\r\n")
                self._reset_globals()
                self._out("soft reboot\r\n" + RAW_BANNER.decode() + ">")
                return
            self._line = bytearray()
            out, err = self._execute(bytes(line).decode("utf-8", "replace"))
            self._out(out + "\x04" + err + "\x04>")
        else:
            line.append(b)

    def _start_paste(self, command):
        if not self.raw_paste:
            # a firmware from before raw-paste mode: ^E A was just text, Ctrl-A resets
            self._out(RAW_BANNER + b">")
            return
        if command != ord("A"):
            self._out(b"R\x00>")
            return
        self._out(b"R\x01" + struct.pack("<H", self.window) + b"\x01")
        self._paste = bytearray()
        self._paste_remain = self.window
        self._mode = "paste"

    def _paste_byte(self, b):
        if b in (CTRL_C, CTRL_D):
            self._out(b"\x04")
            source, self._paste = bytes(self._paste), None
            self._mode = "raw"
            if b == CTRL_C:
                self._out("\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04>")
                return
            out, err = self._execute(source.decode("utf-8", "replace"))
            self._out(out + "\x04" + err + "\x04>")
            return
        self._paste.append(b)
        self._paste_remain -= 1
        if self._paste_remain == 0:
            self._out(b"\x01")
            self._paste_remain = self.window

    def _execute(self, source, friendly=False):
        self.log.append(source)
        self._captured = []
        err = ""
        try:
            if friendly:
                try:
                    value = eval(compile(source, "<stdin>", "eval"), self._globals)
                    if value is not None:
                        self._captured.append(repr(value) + "\r\n")
                except SyntaxError:
                    exec(compile(source, "<stdin>", "exec"), self._globals)
            else:
                exec(compile(source, "<stdin>", "exec"), self._globals)
        except SyntaxError as exc:
            err = ("Traceback (most recent call last):\r\n  File \"<stdin>\", line {}\r\n"
                   "SyntaxError: invalid syntax\r\n").format(exc.lineno or 1)
        except BaseException as exc:  # the board prints any exception as a traceback
            err = ("Traceback (most recent call last):\r\n  File \"<stdin>\", line 1, in "
                   "<module>\r\n{}: {}\r\n").format(type(exc).__name__, exc)
        return "".join(self._captured), err


class Uf2Bootloader:
    """A UF2 bootloader drive under ``mount_root``; a good .uf2 copied on it "installs"."""

    def __init__(self, mount_root, board_id, family, label, info_board_id, version="10.0.3"):
        self.root = mount_root
        self.board_id = board_id
        self.family = family
        self.drive = os.path.join(mount_root, label)
        self.info_board_id = info_board_id
        self.version = version
        self.installed = threading.Event()
        self.ignored = []
        self._stop = threading.Event()
        self._thread = None

    def start(self):
        os.makedirs(self.drive, exist_ok=True)
        with open(os.path.join(self.drive, "INFO_UF2.TXT"), "w") as f:
            f.write("UF2 Bootloader v3.15.0 (emulated)\nModel: {}\nBoard-ID: {}\n".format(
                BOARD_INFO[self.board_id][0], self.info_board_id))
        self._thread = threading.Thread(target=self._watch, name="uf2-bootloader", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _complete_blocks(self, data):
        """Block numbers seen for our family, and how many there should be (or None)."""
        seen, total = set(), None
        for off in range(0, len(data) - 511, 512):
            m0, m1, flags, _addr, _size, block_no, num_blocks, family = struct.unpack_from(
                "<8I", data, off)
            end = struct.unpack_from("<I", data, off + 508)[0]
            if (m0, m1, end) != (0x0A324655, 0x9E5D5157, 0x0AB16F30):
                continue
            if flags & 0x2000 and family == self.family and not flags & 1:
                seen.add(block_no)
                total = num_blocks
        return seen, total

    def _watch(self):
        while not self._stop.is_set():
            time.sleep(0.02)
            for name in os.listdir(self.drive) if os.path.isdir(self.drive) else ():
                if not name.lower().endswith(".uf2") or name == "CURRENT.UF2":
                    continue
                path = os.path.join(self.drive, name)
                with open(path, "rb") as f:
                    data = f.read()
                seen, total = self._complete_blocks(data)
                if total is not None and len(seen) == total:
                    self._install(name)
                    return
                if len(data) % 512 == 0 and data and total is None:
                    # nothing for this chip: a real bootloader ignores such blocks
                    self.ignored.append(name)
                    os.remove(path)

    def _install(self, uf2_name=""):
        # the firmware decides the Board ID: a CircuitPython download for another board of
        # the same chip (adafruit-circuitpython-<board id>-...) comes up as that board
        named = uf2_name[len("adafruit-circuitpython-"):].split("-", 1)[0] if uf2_name.startswith(
            "adafruit-circuitpython-") else None
        board_id = named if named in BOARD_INFO else self.board_id
        for name in os.listdir(self.drive):
            os.remove(os.path.join(self.drive, name))
        os.rmdir(self.drive)
        circuitpy = os.path.join(self.root, "CIRCUITPY")
        os.makedirs(circuitpy, exist_ok=True)
        with open(os.path.join(circuitpy, "boot_out.txt"), "w") as f:
            f.write(boot_out_text(board_id, self.version))
        self.installed.set()


def build_parser():
    import argparse

    p = argparse.ArgumentParser(
        prog="python -m emulator.serial_board",
        description="An emulated CircuitPython board on a pseudo-terminal; it prints the port to "
                    "pass to tools/deploy.py --port.")
    p.add_argument("--drive", required=True, help="folder that is the board's CIRCUITPY drive")
    p.add_argument("--board", default="pybadge", choices=sorted(BOARD_INFO))
    p.add_argument("--version", default="10.0.3", metavar="X.Y.Z",
                   help="CircuitPython version the board reports (10.0.3); also decides what "
                        "hashlib.new accepts ('sha1' only before 10.1)")
    p.add_argument("--readonly", action="store_true",
                   help="filesystem read-only to code (CircuitPython's default while the "
                        "computer has the USB drive)")
    p.add_argument("--ejected", action="store_true",
                   help="the computer has ejected CIRCUITPY: storage.remount('/', "
                        "readonly=False) typed at the board's REPL then works")
    p.add_argument("--capacity", type=int, metavar="KB",
                   help="size of the emulated flash in KB, to fill it up (default: no limit)")
    p.add_argument("--cluster", type=int, default=512, metavar="BYTES",
                   help="filesystem cluster size (512)")
    p.add_argument("--cut-after", type=int, metavar="BYTES",
                   help="pull the cable after this many bytes from the computer")
    p.add_argument("--no-raw-paste", action="store_true",
                   help="a firmware without raw-paste mode: the host falls back to the plain "
                        "raw REPL")
    return p


def board_from_args(args):
    """The SerialBoard (not started) that the command line describes."""
    return SerialBoard(args.drive, args.board, version=args.version, readonly=args.readonly,
                       raw_paste=not args.no_raw_paste,
                       capacity=args.capacity * 1024 if args.capacity else None,
                       cluster=args.cluster, cut_after=args.cut_after,
                       usb_visible=False if args.ejected else None)


def main(argv=None):
    args = build_parser().parse_args(argv)
    os.makedirs(args.drive, exist_ok=True)
    board = board_from_args(args).start()
    print("emulated {} on {} (Ctrl-C to stop)".format(args.board, board.port), flush=True)
    try:
        while not board.unplugged:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()


if __name__ == "__main__":
    main()
