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

import ast
import binascii as _binascii
import ctypes
import hashlib as _hashlib
import os
import queue
import select
import struct
import threading
import time
import tty
import types

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
BUILD_DATE = "2025-10-17"
LINE_CLEAR = "\x1b[2K\x1b[0G"  # main.c line_clear, before the status lines
CODE_FILES = ("code.txt", "code.py", "main.py", "main.txt")  # main.c supported_filenames
# MCU name (BOARD_INFO) -> sys.platform (MICROPY_PY_SYS_PLATFORM of each port)
SYS_PLATFORM = {"samd51j19": "MicroChip SAMD51", "nRF52840": "nRF52840", "ESP32S3": "Espressif",
                "rp2040": "RP2040"}
# sys.implementation._mpy: MPY_VERSION 6 | MPY_SUB_VERSION 3 << 8, no native code (py/persistentcode.h)
MPY_HEADER_INT = 6 | 3 << 8


def boot_out_text(board_id, version="10.0.3", date=BUILD_DATE):
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


class _Module(types.ModuleType):
    """A built-in module of the emulated board: a missing name raises what CircuitPython's
    runtime says (MICROPY_ERROR_REPORTING_NORMAL, py/runtime.c)."""

    def __init__(self, module_name, **attrs):
        types.ModuleType.__init__(self, module_name)
        self.__dict__.update(attrs)

    def __getattr__(self, name):
        raise AttributeError("'module' object has no attribute '{}'".format(name))

    def __repr__(self):
        return "<module '{}'>".format(self.__name__)


class _AttrTuple(tuple):
    """MicroPython's attrtuple (``sys.implementation``, ``os.uname()``): a tuple with named
    fields that prints as ``(name=value, ...)``."""

    def __new__(cls, **fields):
        self = tuple.__new__(cls, fields.values())
        self._fields = tuple(fields)
        return self

    def __getattr__(self, name):
        if name.startswith("_") and name in self.__dict__:
            return self.__dict__[name]
        try:
            return self[self._fields.index(name)]
        except ValueError:
            raise AttributeError("'tuple' object has no attribute '{}'".format(name))

    def __repr__(self):
        return "(" + ", ".join("{}={!r}".format(k, v) for k, v in zip(self._fields, self)) + ")"

    __str__ = __repr__


# py/moderrno.c mp_common_errno_to_str: the errors CircuitPython prints in words; any other
# errno prints as its name (errno module table)
ERRNO_TEXT = {
    1: "Operation not permitted", 2: "No such file/directory", 5: "Input/output error",
    13: "Permission denied", 17: "File exists", 19: "No such device", 22: "Invalid argument",
    28: "No space left on device", 30: "Read-only filesystem",
}
ERRNO_NAMES = {9: "EBADF", 11: "EAGAIN", 12: "ENOMEM", 20: "ENOTDIR", 21: "EISDIR",
               95: "EOPNOTSUPP", 98: "EADDRINUSE", 103: "ECONNABORTED", 104: "ECONNRESET",
               105: "ENOBUFS", 107: "ENOTCONN", 110: "ETIMEDOUT", 111: "ECONNREFUSED",
               113: "EHOSTUNREACH", 114: "EALREADY", 115: "EINPROGRESS"}


def _board_oserror(number):
    """An OSError as CircuitPython raises it: ``args == (number,)`` (the words are added only
    when it is printed). CPython would turn OSError(2, text) into FileNotFoundError."""
    return OSError(number)


def _exc_text(exc):
    """``Name: message`` as CircuitPython's mp_obj_print_exception prints the exception."""
    if isinstance(exc, OSError):
        args = exc.args
        if args and isinstance(args[0], int) and len(args) < 3:
            words = ERRNO_TEXT.get(args[0]) or ERRNO_NAMES.get(args[0])
            if words:
                return "OSError: [Errno {}] {}".format(args[0], words) + (
                    ": {}".format(args[1]) if len(args) > 1 else "")
        return "OSError: " + ", ".join(str(a) for a in args) if len(args) != 1 else \
            "OSError: {}".format(args[0])
    name = type(exc).__name__
    if isinstance(exc, NameError) and exc.args:
        message = str(exc.args[0]).replace(" is not defined", " isn't defined")
        return "NameError: " + message
    if isinstance(exc, ZeroDivisionError):
        return "ZeroDivisionError: division by zero"  # py/runtime.c, CIRCUITPY-CHANGE
    if not exc.args:
        return name + ": "
    if len(exc.args) == 1:
        return "{}: {}".format(name, exc.args[0])
    return "{}: {}".format(name, exc.args)


def _traceback_text(exc):
    """The traceback CircuitPython prints: the frames of code sent to the board, most recent
    call last; frames of the emulator's own stand-ins are not the board's and are left out."""
    lines = ["Traceback (most recent call last):"]
    if isinstance(exc, SyntaxError) and exc.filename == "<stdin>":
        lines.append('  File "<stdin>", line {}'.format(exc.lineno or 1))
        lines.append("SyntaxError: invalid syntax")
        return "\r\n".join(lines) + "\r\n"
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == "<stdin>":
            lines.append('  File "<stdin>", line {}, in {}'.format(tb.tb_lineno, code.co_name))
        tb = tb.tb_next
    lines.append(_exc_text(exc))
    return "\r\n".join(lines) + "\r\n"


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
        self.cwd = "/"
        self.open_files = []
        self.hazards = []  # what would corrupt a real FAT filesystem (removing an open file)

    def absolute(self, path):
        if not isinstance(path, str):
            raise TypeError("can't convert {} to str".format(type(path).__name__))
        if not path.startswith("/"):
            path = self.cwd.rstrip("/") + "/" + path
        parts = []
        for p in path.split("/"):
            if p in ("", "."):
                continue
            if p == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(p)
        return "/" + "/".join(parts)

    def host(self, path):
        return os.path.join(self.root, *[p for p in self.absolute(path).split("/") if p])

    def check_writable(self):
        if self.readonly:
            raise _board_oserror(30)

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
            raise _board_oserror(28)


class _File:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = fs.host(path)
        self.writing = any(c in mode for c in "wax+")
        # extmod/vfs_fat_file.c: EROFS first, then FatFs's answer with the path as given
        if self.writing:
            fs.check_writable()
            if os.path.isdir(self.path):
                raise OSError(13, path)
            if not os.path.isdir(os.path.dirname(self.path)):
                raise OSError(2, path)
        elif not os.path.isfile(self.path):
            raise OSError(2, path)
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

    def readline(self):
        data = self.f.readline()
        return data if self.binary else data.decode("utf-8")

    def readinto(self, buf):
        data = self.f.read(len(buf))
        buf[: len(data)] = data
        return len(data)

    def seek(self, offset, whence=0):
        return self.f.seek(offset, whence)

    def tell(self):
        return self.f.tell()

    def flush(self):
        self.f.flush()

    def close(self):
        if not self.f.closed:
            self.f.close()
        if self in self.fs.open_files:
            self.fs.open_files.remove(self)

    def __iter__(self):
        return iter(self.readline, b"" if self.binary else "")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _VfsFat:
    """``storage.getmount('/')``: its ``readonly`` is whether code may not write
    (extmod/vfs_fat.c: ``not filesystem_is_writable_by_python``)."""

    def __init__(self, fs):
        self._fs = fs

    @property
    def readonly(self):
        return bool(self._fs.readonly)

    @property
    def label(self):
        return "CIRCUITPY"

    def __repr__(self):
        return "<VfsFat>"


class _Stdout:
    """``sys.stdout``: text goes out with ``\\n`` as ``\\r\\n`` (the board's stdio is cooked)."""

    def __init__(self, write):
        self._write = write

    def write(self, data):
        if isinstance(data, (bytes, bytearray, memoryview)):
            data = bytes(data).decode("utf-8", "replace")
        elif not isinstance(data, str):
            raise TypeError("object with buffer protocol required")
        self._write(data)
        return len(data.encode("utf-8"))

    def flush(self):
        pass


def _settings_value(text):
    """A value of settings.toml as CircuitPython's os.getenv returns it: str or int."""
    text = text.strip()
    if text[:1] in "\"'" and len(text) >= 2 and text[-1] == text[0]:
        return text[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
    try:
        return int(text, 0)
    except ValueError:
        return None


def _make_modules(board, fs):
    """The built-in modules a snippet may import on this emulated board."""

    def listdir(path=None):
        p = fs.host(fs.cwd if path is None else path)
        if not os.path.isdir(p):
            raise _board_oserror(2)
        return sorted(os.listdir(p))

    def stat(path):
        p = fs.host(path)
        if not os.path.exists(p):
            raise _board_oserror(2)
        st = os.stat(p)
        mode = 0x4000 if os.path.isdir(p) else 0x8000
        size = 0 if os.path.isdir(p) else st.st_size
        t = int(st.st_mtime)
        return (mode, 0, 0, 0, 0, 0, size, t, t, t)

    def mkdir(path):
        fs.check_writable()
        p = fs.host(path)
        if os.path.exists(p):
            raise _board_oserror(17)
        if not os.path.isdir(os.path.dirname(p)):
            raise _board_oserror(2)
        fs.reserve(p, fs.cluster)
        os.mkdir(p)

    def remove(path):
        fs.check_writable()
        p = fs.host(path)
        if os.path.isdir(p):
            raise _board_oserror(1)
        if not os.path.isfile(p):
            raise _board_oserror(2)
        fs.check_closed("removed", p)
        os.remove(p)

    def rmdir(path):
        fs.check_writable()
        p = fs.host(path)
        if not os.path.isdir(p):
            raise _board_oserror(2)
        if os.listdir(p):
            raise _board_oserror(13)
        os.rmdir(p)

    def rename(old, new):
        # extmod/vfs_fat.c: if the new name exists and is a file, remove it and retry
        fs.check_writable()
        a, b = fs.host(old), fs.host(new)
        if not os.path.exists(a):
            raise _board_oserror(2)
        if os.path.isdir(b):
            raise _board_oserror(17)
        fs.check_closed("renamed", a)
        fs.check_closed("replaced", b)
        os.replace(a, b)

    def statvfs(path):
        c = fs.cluster
        total = (fs.capacity if fs.capacity is not None else 1 << 30) // c
        free = fs.free() // c
        return (c, c, total, free, free, 0, 0, 0, 0, 255)

    def chdir(path):
        p = fs.absolute(path)
        if not os.path.isdir(fs.host(p)):
            raise _board_oserror(2)
        fs.cwd = p

    def getenv(key, default=None):
        # shared-module/os/getenv.c: a key = value line of /settings.toml, str or int
        try:
            with open(fs.host("/settings.toml"), encoding="utf-8") as f:
                for line in f:
                    name, eq, value = line.partition("=")
                    if eq and name.strip() == key and not line.lstrip().startswith("#"):
                        found = _settings_value(value)
                        return default if found is None else found
        except OSError:
            pass
        return default

    def utime(path, times):
        fs.check_writable()
        p = fs.host(path)
        if not os.path.exists(p):
            raise _board_oserror(2)
        os.utime(p, (times[0], times[1]))

    name, mcu, _ = BOARD_INFO[board.board_id]
    platform = SYS_PLATFORM[mcu]

    def uname():
        return _AttrTuple(sysname=mcu, nodename=mcu, release=board.version,
                          version="{} on {}".format(board.version, BUILD_DATE),
                          machine="{} with {}".format(name, mcu))

    def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
        if mount_path != "/":
            raise _board_oserror(22)
        if fs.usb_visible and not readonly and not disable_concurrent_write_protection:
            raise RuntimeError("Cannot remount '/' when visible via USB.")
        fs.readonly = readonly

    def getmount(mount_path):
        if mount_path != "/":
            raise _board_oserror(22)
        return _VfsFat(fs)

    def sleep(seconds):  # in small steps, so that Ctrl-C can stop it as on the board
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, 0.01))

    major, minor, micro = (int(x) for x in board.version.split(".")[:3])
    os_module = _Module("os", listdir=listdir, stat=stat, mkdir=mkdir, remove=remove,
                        unlink=remove, rmdir=rmdir, rename=rename, statvfs=statvfs,
                        uname=uname, sep="/", getcwd=lambda: fs.cwd, chdir=chdir,
                        getenv=getenv, utime=utime, sync=lambda: None, urandom=os.urandom)
    sys_module = _Module(
        "sys", platform=platform,
        version="3.4.0; Adafruit CircuitPython {} on {}".format(board.version, BUILD_DATE),
        version_info=(3, 4, 0),
        implementation=_AttrTuple(name="circuitpython", version=(major, minor, micro, ""),
                                  _machine="{} with {}".format(name, mcu), _mpy=MPY_HEADER_INT),
        path=["", "/", ".frozen", "/lib"], byteorder="little", maxsize=2 ** 30 - 1,
        stdout=_Stdout(board._write_text), stderr=_Stdout(board._write_text),
        modules={}, argv=[])
    modules = {
        "os": os_module,
        "storage": _Module("storage", remount=remount, getmount=getmount, VfsFat=_VfsFat),
        "board": _Module("board", board_id=board.board_id),
        "sys": sys_module,
        "binascii": _Module("binascii", a2b_base64=_binascii.a2b_base64,
                            b2a_base64=_binascii.b2a_base64, hexlify=_binascii.hexlify,
                            unhexlify=_binascii.unhexlify, crc32=_binascii.crc32),
        "gc": _Module("gc", collect=lambda: None, mem_free=lambda: 120000,
                      mem_alloc=lambda: 20000, enable=lambda: None, disable=lambda: None),
        "time": _Module("time", sleep=sleep, monotonic=time.monotonic,
                        monotonic_ns=time.monotonic_ns, time=lambda: int(time.time())),
    }
    modules["usys"] = sys_module  # py/objmodule.c: the one u-name CircuitPython keeps
    algorithms = board.hash_algos

    def new(name, data=b""):
        if name not in algorithms:
            raise ValueError("Unsupported hash algorithm")
        return _Hash(name, data)

    if algorithms:
        modules["hashlib"] = _Module("hashlib", new=new)
    return modules


_SAFE_BUILTINS = (
    "abs all any bin bool bytearray bytes callable chr classmethod dict dir divmod enumerate "
    "filter float format getattr globals hasattr hash hex id int isinstance issubclass iter len "
    "list locals map max memoryview min next object oct ord pow property range repr reversed "
    "round set setattr slice sorted staticmethod str sum super tuple type zip "
    "ArithmeticError AssertionError AttributeError BaseException EOFError Exception "
    "GeneratorExit ImportError IndentationError IndexError KeyError KeyboardInterrupt "
    "LookupError MemoryError NameError NotImplementedError OSError OverflowError RuntimeError "
    "StopIteration SyntaxError SystemExit TypeError UnicodeError ValueError ZeroDivisionError"
).split()

COMPOUND_KEYWORDS = ("if", "while", "for", "try", "with", "def", "class", "async")


def continue_with_input(text):
    """py/repl.c mp_repl_continue_with_input: whether the friendly REPL asks for another line
    (``... ``) after ``text``."""
    if not text:
        return False
    first = text.split(None, 1)[0] if text.split() else ""
    starts_compound = text[0] == "@" or any(
        first == k or first.startswith(k + ":") or first.startswith(k + "(")
        for k in COMPOUND_KEYWORDS)
    depth, quote, i = 0, None, 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif text.startswith(quote, i):
                i += len(quote) - 1
                quote = None
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote) - 1
        elif c == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        i += 1
    if quote and len(quote) == 3:
        return True
    if depth > 0 or quote:
        return True
    if text.endswith("\\"):
        return True
    return starts_compound and not text.endswith("\n")


class _ReplPrint(ast.NodeTransformer):
    """Single-input mode of the friendly REPL: an expression statement at module level prints
    its repr when it is not None (py/compile.c, ``is_repl``), also inside if/for/while."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef

    def visit_Expr(self, node):
        call = ast.Call(func=ast.Name(id="__repl_print__", ctx=ast.Load()), args=[node.value],
                        keywords=[])
        return ast.copy_location(ast.Expr(value=call), node)


class _Globals(dict):
    """The board's __main__ namespace; ``globals()`` prints it without the sandbox's
    builtins, as a board prints ``{'__name__': '__main__'}``."""

    def __repr__(self):
        return repr({k: v for k, v in self.items() if k != "__builtins__"})


INTERRUPT = object()  # queued by the reader thread: Ctrl-C while code.py "runs"


class SerialBoard:
    """An emulated board on a pty: ``start()``, then open ``port`` with pyserial; ``stop()``."""

    def __init__(self, drive, board_id="pybadge", version="10.0.3", readonly=False,
                 raw_paste=True, capacity=None, cluster=512, cut_after=None, window=128,
                 hash_algos=None, usb_visible=None, auto_reload=True):
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
        self.auto_reload = auto_reload
        self.received = 0
        self.unplugged = False
        self.log = []  # commands executed, for tests that want to see the traffic
        self.reboots = 0  # soft reboots (Ctrl-D) so far
        self._mode = "running"
        self._line = bytearray()
        self._paste = None  # bytearray while a raw paste is being received
        self._paste_remain = 0
        self._friendly_lines = None  # the lines of a compound statement being typed
        self._last_result = None  # how code.py ended, for the status bar ("Done", "1@code.py ...")
        self._globals = None
        self._modules = _make_modules(self, self.fs)
        self._reset_globals()
        self._master = self._slave = None
        self._reader = self._machine = None
        self._queue = queue.Queue()
        self._lock = threading.Lock()
        self._executing = False  # a command runs: Ctrl-C interrupts it
        self._machine_id = None
        self._stop = threading.Event()
        self.port = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self):
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._machine = threading.Thread(target=self._run_machine, name="serial-board",
                                         daemon=True)
        self._machine.start()
        self._reader = threading.Thread(target=self._run_reader, name="serial-board-usb",
                                        daemon=True)
        self._reader.start()
        self._run_code_py(first=True)
        return self

    def stop(self):
        self._stop.set()
        self._queue.put(None)
        self._interrupt_command()
        for thread in (self._reader, self._machine):
            if thread is not None:
                thread.join(5)
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
            master, self._master = self._master, None
            os.close(master)

    def _run_reader(self):
        """The USB side: bytes from the host go to the input queue. Ctrl-C while something
        runs is the interrupt character: the input waiting is flushed and the running code
        gets a KeyboardInterrupt (supervisor/shared/usb/usb_device.c tud_cdc_rx_wanted_cb)."""
        while not self._stop.is_set() and self._master is not None:
            try:
                r, _, _ = select.select([self._master], [], [], 0.05)
                if not r:
                    continue
                data = os.read(self._master, 4096)
            except (OSError, ValueError, TypeError):
                if self._master is None:
                    return
                continue  # nobody has the port open yet
            if self.cut_after is not None and self.received + len(data) > self.cut_after:
                data = data[:max(0, self.cut_after - self.received)]
                cut = True
            else:
                cut = False
            while data:
                i = data.find(CTRL_C)
                if i < 0:
                    self.received += len(data)
                    self._queue.put(data)
                    break
                self.received += i + 1
                if i:
                    self._queue.put(data[:i])
                if not self._interruptible():
                    self._queue.put(data[i:i + 1])
                data = data[i + 1:]
            if cut:  # what arrived before the cut is still run, then the cable is out
                self._queue.put(None)
                self._machine.join(10)
                self._unplug()
                return

    def _interruptible(self):
        """Deliver a Ctrl-C to whatever runs; False if nothing runs (the byte is input)."""
        with self._lock:
            if self._executing:
                self._flush_input()
                self._interrupt_command()
                return True
            if self._mode == "running":
                self._flush_input()
                self._queue.put(INTERRUPT)
                return True
        return False

    def _flush_input(self):
        try:
            while True:
                self._queue.get_nowait()
        except queue.Empty:
            pass

    def _interrupt_command(self):
        if self._machine_id is not None and self._executing:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._machine_id),
                                                       ctypes.py_object(KeyboardInterrupt))

    def _run_machine(self):
        self._machine_id = threading.get_ident()
        while not self._stop.is_set():
            item = self._queue.get()
            if item is None:
                return
            try:
                if item is INTERRUPT:
                    self._feed(item)
                else:
                    for b in item:
                        self._feed(b)
            except KeyboardInterrupt:  # a Ctrl-C that came just as a command ended
                pass

    def _out(self, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if self._master is None:
            return
        try:
            os.write(self._master, data)
        except (OSError, TypeError):
            pass

    def _write_text(self, text):
        """What the board's code prints: stdio is cooked, ``\\n`` goes out as ``\\r\\n``."""
        self._out(text.replace("\n", "\r\n"))

    def _title(self, status):
        """The status bar in the terminal's title (supervisor/shared/status_bar.c)."""
        self._out("\x1b]0;\U0001F40D{} | {}\x1b\\".format(status, self.version))

    def _done_status(self):
        return self._last_result or "Done"

    # -- the supervisor ----------------------------------------------------------------------
    def _run_code_py(self, first=False):
        """main.c run_code_py: the status message, then code.py "runs" until Ctrl-C."""
        self._reset_globals()
        self._out("\r\n" + LINE_CLEAR)
        self._out("Auto-reload is on. Simply save files over USB to run them or enter REPL to "
                  "disable.\r\n" if self.auto_reload else "Auto-reload is off.\r\n")
        code = next((n for n in CODE_FILES if os.path.isfile(self.fs.host("/" + n))), None)
        self._last_result = None
        if code is None:  # nothing to run: straight to "Code done running."
            self._code_done()
            return
        self._code_file = code
        self._out(LINE_CLEAR + code + " output:\r\n")
        self._title(code)
        self._mode = "running"

    def _code_done(self):
        self._out("\r\nCode done running.\r\n")
        self._out("\r\nPress any key to enter the REPL. Use CTRL-D to reload.\r\n")
        self._mode = "wait_key"

    def _stop_code_py(self):
        self._out('Traceback (most recent call last):\r\n  File "{}", line 1, in <module>\r\n'
                  'KeyboardInterrupt: \r\n'.format(self._code_file))
        self._last_result = "1@{} KeyboardInterrupt".format(self._code_file)
        self._title(self._last_result)
        self._code_done()

    def _soft_reboot(self):
        """Back to code.py (from the friendly REPL, or the key prompt)."""
        self.reboots += 1
        self._out("soft reboot\r\n")
        self._run_code_py()

    # -- the REPL state machine ------------------------------------------------------------
    def _reset_globals(self):
        """A fresh __main__ namespace, as in every new VM (a soft reboot, and each switch
        between the friendly and the raw REPL: main.c starts a VM per run_repl)."""
        import builtins

        def board_print(*args, sep=" ", end="\n", file=None):
            text = sep.join(str(a) for a in args) + end
            if file is not None:
                file.write(text)
            else:
                self._write_text(text)

        def board_import(name, globals=None, locals=None, fromlist=(), level=0):
            top = name.split(".")[0]
            if top in self._modules:
                return self._modules[top]
            raise ImportError("no module named '{}'".format(name))

        def repl_print(value):
            if value is not None:
                self._write_text(repr(value) + "\n")

        safe = {n: getattr(builtins, n) for n in _SAFE_BUILTINS}
        safe.update(print=board_print, __import__=board_import,
                    open=lambda path, mode="r": _File(self.fs, path, mode),
                    __build_class__=builtins.__build_class__, __repl_print__=repl_print)
        self._globals = _Globals(__builtins__=safe, __name__="__main__")
        self.fs.cwd = "/"

    def _feed(self, b):
        mode = self._mode
        if b is INTERRUPT:
            if mode == "running":
                self._stop_code_py()
            return
        if mode == "running":
            return  # code.py does not read the serial input; Ctrl-C is handled above
        if mode == "wait_key":
            if b == CTRL_D:
                self._soft_reboot()
            else:
                self._enter_friendly()
        elif mode == "friendly":
            self._friendly(b)
        elif mode == "friendly_paste":
            self._friendly_paste(b)
        elif mode == "raw":
            self._raw(b)
        elif mode == "paste":
            self._paste_byte(b)

    def _enter_friendly(self):
        """main.c run_repl in friendly mode: the status bar says REPL, then the banner."""
        self._reset_globals()
        self._title("REPL")
        self._friendly_banner()

    def _friendly_banner(self):
        name, mcu, _ = BOARD_INFO[self.board_id]
        self._out("\r\nAdafruit CircuitPython {} on {}; {} with {}\r\n>>> ".format(
            self.version, BUILD_DATE, name, mcu))
        self._mode = "friendly"
        self._line = bytearray()
        self._friendly_lines = None

    def _leave_friendly(self):
        self._title(self._done_status())

    def _enter_raw(self):
        self._reset_globals()
        self._out(RAW_BANNER + b">")
        self._mode = "raw"
        self._line = bytearray()

    def _prompt(self):
        self._out("... " if self._friendly_lines is not None else ">>> ")

    def _friendly(self, b):
        """shared/runtime/pyexec.c pyexec_friendly_repl with shared/readline's editing keys on
        an empty line (Ctrl-A raw REPL, Ctrl-B banner, Ctrl-D soft reboot, Ctrl-E paste)."""
        empty = not self._line
        if b == CTRL_C:
            self._line = bytearray()
            self._friendly_lines = None
            self._out("\r\n>>> ")
        elif empty and self._friendly_lines is None and b == CTRL_A:
            self._out("\r\n")
            self._leave_friendly()
            self._enter_raw()
        elif empty and self._friendly_lines is None and b == CTRL_B:
            self._out("\r\n")
            self._friendly_banner()
        elif empty and b == CTRL_D:
            if self._friendly_lines is not None:  # ends the compound statement
                self._out("\r\n")
                self._run_friendly("\n".join(self._friendly_lines))
                return
            self._out("\r\n")
            self._leave_friendly()
            self._soft_reboot()
        elif empty and self._friendly_lines is None and b == CTRL_E:
            self._out("\r\npaste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== ")
            self._mode = "friendly_paste"
            self._paste = bytearray()
        elif b in (8, 127):
            if self._line:
                self._line.pop()
                self._out("\b\x1b[K")
        elif b == 13:
            line = bytes(self._line).decode("utf-8", "replace")
            self._line = bytearray()
            self._out("\r\n")
            if self._friendly_lines is None:
                if not line:
                    self._out(">>> ")
                    return
                if continue_with_input(line):
                    self._friendly_lines = [line]
                    self._out("... ")
                    return
                self._run_friendly(line)
            else:
                self._friendly_lines.append(line)
                if continue_with_input("\n".join(self._friendly_lines)):
                    self._out("... ")
                    return
                self._run_friendly("\n".join(self._friendly_lines))
        elif b == 10 or b < 32 and b not in (9,):
            pass  # readline ignores other control characters here
        else:
            self._line.append(b)
            self._out(bytes([b]))

    def _run_friendly(self, source, single=True):
        self._friendly_lines = None
        err = self._execute(source, single=single)
        self._out(err)
        self._out(">>> ")

    def _friendly_paste(self, b):
        if b == CTRL_C:
            self._paste = None
            self._mode = "friendly"
            self._out("\r\n>>> ")
        elif b == CTRL_D:
            source, self._paste = bytes(self._paste), None
            self._mode = "friendly"
            self._out("\r\n")
            self._run_friendly(source.decode("utf-8", "replace").replace("\r\n", "\n")
                               .replace("\r", "\n"), single=False)
        else:
            self._paste.append(b)
            self._out("\r\n=== " if b == 13 else bytes([b]))

    def _raw(self, b):
        line = self._line
        if b == CTRL_A:
            if len(line) == 2 and line[0] == CTRL_E:
                self._line = bytearray()
                self._start_paste(line[1])
                return
            self._line = bytearray()
            self._out(RAW_BANNER + b">")  # the same VM: goto raw_repl_reset
        elif b == CTRL_B:
            self._line = bytearray()
            self._out("\r\n")
            self._enter_friendly()
        elif b == CTRL_C:
            self._line = bytearray()
        elif b == CTRL_D:
            self._out("OK")
            if not line:  # a soft reboot that stays in the raw REPL (main.c)
                self._out("\r\n")
                self.reboots += 1
                self._out("soft reboot\r\n")
                self._enter_raw()
                return
            self._line = bytearray()
            err = self._execute(bytes(line).decode("utf-8", "replace"))
            self._out("\x04" + err + "\x04>")
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
                # the reader raises KeyboardInterrupt with no traceback: just its line
                self._out("\x04KeyboardInterrupt: \r\n\x04>")
                return
            err = self._execute(source.decode("utf-8", "replace"))
            self._out("\x04" + err + "\x04>")
            return
        self._paste.append(b)
        self._paste_remain -= 1
        if self._paste_remain == 0:
            self._out(b"\x01")
            self._paste_remain = self.window

    def _execute(self, source, single=False):
        """Run source as the board would; its output goes out as it is printed. Returns the
        error text (a traceback) or ''. Ctrl-C from the host interrupts it."""
        self.log.append(source)
        try:
            try:
                if single:
                    tree = ast.fix_missing_locations(_ReplPrint().visit(
                        ast.parse(source, "<stdin>", "exec")))
                    code = compile(tree, "<stdin>", "exec")
                else:
                    code = compile(source, "<stdin>", "exec")
                with self._lock:
                    self._executing = True
                try:
                    exec(code, self._globals)
                finally:
                    with self._lock:
                        self._executing = False
                        if self._machine_id is not None:  # drop an interrupt that came late
                            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                                ctypes.c_ulong(self._machine_id), None)
            except BaseException as exc:  # the board prints any exception as a traceback
                return _traceback_text(exc)
        except KeyboardInterrupt as exc:  # raised while the error was being formatted
            return _traceback_text(exc)
        return ""


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
