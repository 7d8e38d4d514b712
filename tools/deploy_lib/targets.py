"""Where the app goes: a mounted CIRCUITPY drive (a folder) or a board's raw REPL.

Both targets answer the same questions with board paths (``/lib/x.py``): sizes, content
checks (``("sha256", hex)``; ``("sha1", hex)`` where the board's ``hashlib`` has only SHA-1;
``("adler32", hex)`` computed in Python on boards without ``hashlib``, or when asked for),
free space, and they write a file under a temporary name, check it, then rename it over the
old one.
"""

import ast
import base64
import errno
import os
import shutil
import sys
from pathlib import Path

from . import layout
from .errors import CONNECTION, MISMATCH, NO_SPACE, READ_ONLY, DeployError
from .rawrepl import BoardError, RawRepl

TMP_SUFFIX = ".deploy-tmp"

READ_ONLY_SERIAL_HINT = (
    "CircuitPython keeps its filesystem read-only to code while the computer can write to the "
    "USB drive. Either mount the CIRCUITPY drive and deploy with --drive, or make it writable "
    "to code: eject CIRCUITPY on the computer, then type this one line at the board's REPL "
    "(or put it in boot.py and reset the board):\n"
    "    import storage; storage.remount(\"/\", readonly=False)\n"
    "and run the deploy again. (While it is remounted, the computer sees the drive read-only; "
    "a reset, or deleting that boot.py, undoes it.) A boot.py of yours can also be the cause: "
    "storage.remount(\"/\", readonly=True) keeps it read-only to code after every reset; "
    "edit that boot.py (storage.disable_usb_drive() there instead makes it writable to code)."
)


DRIVE_READ_ONLY_HINT = (
    "What makes CIRCUITPY read-only to the computer: (1) a boot.py on the board that calls "
    "storage.remount(\"/\", readonly=False) (code may write, the computer may not): rename it "
    "from the board's REPL (import os; os.rename('/boot.py', '/boot.py.off')), reset the board, "
    "and deploy again, or deploy over the serial port with --port; (2) the computer mounted the "
    "drive read-only because its FAT filesystem has errors (Linux does this after an unclean "
    "unplug; the system log says so): eject it, repair it (fsck.vfat -a on Linux, First Aid in "
    "macOS Disk Utility, chkdsk on Windows) or back it up and run "
    "storage.erase_filesystem() at the board's REPL; (3) it is mounted for another user "
    "(permission denied): mount it as yourself, or run the tool as that user."
)


def no_space(path):
    return DeployError(
        NO_SPACE,
        "The board ran out of space while writing {}.".format(path),
        "The old file is untouched. Free space on the board (delete files you no longer need), "
        "use --clean to remove old files of this app, or deploy .mpy files (leave out --py): "
        "they are smaller.",
    )


def boot_out_header(text):
    """The lines CircuitPython itself writes at the top of boot_out.txt (main.c: the version
    line, ``Board ID:``, ``UID:``, port lines such as a MAC address), without what a boot.py
    printed after them (from the ``boot.py output:`` line on)."""
    header = []
    for line in text.splitlines():
        if line.endswith(" output:") and line.split(" output:")[0] in BOOT_FILES:
            break
        header.append(line)
    return header


# main.c boot_py_filenames: a boot.py's output follows "<name> output:" in boot_out.txt
BOOT_FILES = ("boot.py", "boot.txt")


def parse_boot_out(text, field=None):
    """(board id or None, CircuitPython version or None) from boot_out.txt; with ``field``
    ("UID"), that header field. Only CircuitPython's own header counts: the version on the
    first line and the ``Board ID:`` on the second (a boot.py that prints "Board ID:..."
    cannot change which board this is)."""
    header = boot_out_header(text)
    if field is not None:
        return next((line.split(":", 1)[1].strip() or None for line in header[1:]
                     if line.startswith(field + ":")), None)
    board_id = version = None
    if header and header[0].startswith("Adafruit CircuitPython "):
        parts = header[0].split()
        version = parts[2] if len(parts) > 2 else None
    if len(header) > 1 and header[1].startswith("Board ID:"):
        board_id = header[1].split(":", 1)[1].strip() or None
    return board_id, version


# How the drive path reads a file back "from the drive": past the computer's page cache where
# the OS allows it. Linux: posix_fadvise(POSIX_FADV_DONTNEED) drops the file's clean cached
# pages (they are clean after fsync), so the read goes over USB to the board; macOS: F_NOCACHE
# on the descriptor; Windows: no way from Python, the read may come from the cache.
if hasattr(os, "posix_fadvise"):
    READ_BACK = "read back from the drive past the computer's cache (posix_fadvise)"
elif sys.platform == "darwin":
    READ_BACK = "read back from the drive past the computer's cache (F_NOCACHE)"
else:
    READ_BACK = "read back through the computer's cache (this OS gives no way past it)"
READ_BACK_LIMITS = (
    "The check catches a write that did not reach the drive as sent (a cut or a flaky USB "
    "link, a full or failing drive). It cannot catch what the board's own flash does later: "
    "CircuitPython answers a read from its write cache until the data is flashed, and a file "
    "that reads back right can still be lost if the board is unplugged within a second or two "
    "(eject the drive first).")


def read_past_cache(path):
    """The bytes of a file on the drive, read past the computer's cache where the OS allows."""
    fd = os.open(str(path), os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        if hasattr(os, "posix_fadvise"):
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            except OSError:
                pass
        elif sys.platform == "darwin":
            try:
                import fcntl

                fcntl.fcntl(fd, fcntl.F_NOCACHE, 1)
            except (ImportError, AttributeError, OSError):
                pass
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


class DriveTarget:
    """A mounted drive (or any folder standing in for one)."""

    kind = "drive"

    def __init__(self, root):
        self.root = Path(root)
        self.board_id = self.version = None
        boot_out = self.root / "boot_out.txt"
        if boot_out.is_file():
            self.board_id, self.version = parse_boot_out(
                boot_out.read_text(encoding="utf-8", errors="replace"))

    def describe(self):
        return "drive {}".format(self.root)

    def host(self, path):
        return self.root / path.lstrip("/")

    def stat(self, paths):
        out = {}
        for p in paths:
            h = self.host(p)
            out[p] = -1 if h.is_dir() else (h.stat().st_size if h.is_file() else None)
        return out

    def hashes(self, paths, sizes=None, progress=None, algo=None):
        out = {}
        for p in paths:
            data = read_past_cache(self.host(p))
            out[p] = (algo or "sha256", layout.check(data, algo or "sha256"))
            if progress:
                progress(len(data), p)
        return out

    def read(self, path):
        return self.host(path).read_bytes()

    def heads(self, paths, n):
        """The first ``n`` bytes of each file."""
        out = []
        for p in paths:
            with open(self.host(p), "rb") as f:
                out.append(f.read(n))
        return out

    def listdir(self, path):
        h = self.host(path)
        return sorted(os.listdir(h)) if h.is_dir() else []

    def free(self):
        try:
            cluster = os.statvfs(self.root).f_bsize
        except (AttributeError, OSError):
            cluster = 4096
        return shutil.disk_usage(self.root).free, cluster

    def _read_only_error(self, why):
        return DeployError(
            READ_ONLY,
            "The drive {} is read-only to this computer ({}).".format(self.root, why),
            DRIVE_READ_ONLY_HINT)

    def _os_error(self, exc, path):
        if exc.errno == errno.ENOSPC:
            return no_space(path)
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return self._read_only_error(exc.strerror)
        return DeployError(CONNECTION, "Writing {} failed: {}".format(path, exc),
                           "Check that the drive is still mounted, then run the same command again.")

    def read_only(self):
        """A DeployError (exit 6) if the drive is mounted read-only or this user may not
        write it, else None; asks the OS, writes nothing (a dry run calls it: a write on
        CIRCUITPY would restart code.py)."""
        try:
            flags = os.statvfs(self.root).f_flag
        except (AttributeError, OSError):
            flags = 0
        if flags & getattr(os, "ST_RDONLY", 1):
            return self._read_only_error("mounted read-only")
        if not os.access(self.root, os.W_OK):
            return self._read_only_error("permission denied")
        return None

    def check_writable(self):
        problem = self.read_only()
        if problem is not None:
            raise problem
        probe = self.host("/.deploy-probe" + TMP_SUFFIX)
        try:
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            raise self._os_error(exc, "/")

    def write(self, path, data, progress=None):
        final = self.host(path)
        tmp = final.with_name(final.name + TMP_SUFFIX)
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as f:
                for i in range(0, len(data), 4096):
                    f.write(data[i:i + 4096])
                    if progress:
                        progress(min(4096, len(data) - i))
                f.flush()
                os.fsync(f.fileno())
            same = read_past_cache(tmp) == data
            if same:
                os.replace(tmp, final)
            else:
                tmp.unlink()
        except OSError as exc:
            try:
                tmp.unlink()
            except OSError:
                pass
            raise self._os_error(exc, path)
        if not same:
            raise DeployError(CONNECTION, "{} read back differently from what was written; the old "
                              "file is untouched.".format(path), "Run the same command again; if "
                              "it repeats, the board's flash may be failing.")

    def remove(self, path):
        try:
            self.host(path).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise self._os_error(exc, path)

    def close(self, restart=False, quick=False):
        if hasattr(os, "sync"):
            os.sync()  # CircuitPython reloads code.py by itself once the writes settle


# The helpers defined once per session on the board. MicroPython/CircuitPython subset only.
# Content check: hashlib.new('sha256') (CircuitPython 10.1 and later, where the build has it),
# hashlib.new('sha1') (CircuitPython before 10.1 accepts only 'sha1' and raises ValueError
# otherwise), hashlib.sha256() (MicroPython), else an Adler-32 in Python (ints stay below
# 2**17: no heap integers on a 32-bit board); _hs(p, 'adler32') asks for the Adler-32.
# The REPL is entered without a soft reset, so the file an interrupted run was writing can
# still be open as ``f``: it is closed first (removing an open file corrupts FAT).
BOARD_HELPERS = r"""
try:
    f.close()
except Exception:
    pass
import os
from binascii import a2b_base64 as _a, b2a_base64 as _b, hexlify as _x
def _hn(n):
    try:
        import hashlib
    except ImportError:
        return None
    try:
        return hashlib.new(n)
    except AttributeError:
        c = getattr(hashlib, n, None)
        return c() if c else None
    except Exception:
        return None
def _hs(p, k=None):
    h = None
    if k != 'adler32':
        for k in ('sha256', 'sha1'):
            h = _hn(k)
            if h:
                break
    a = 1
    b = 0
    buf = bytearray(512)
    mv = memoryview(buf)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            if h:
                h.update(mv[:n])
            else:
                for c in mv[:n]:
                    a = (a + c) % 65521
                    b = (b + a) % 65521
    if h:
        return (k, _x(h.digest()).decode())
    return ('adler32', '%04x%04x' % (b, a))
def _st(ps):
    r = []
    for p in ps:
        try:
            s = os.stat(p)
            r.append(-1 if s[0] & 0x4000 else s[6])
        except OSError:
            r.append(None)
    print(repr(r))
def _md(p):
    q = ''
    for part in p.split('/'):
        if part:
            q += '/' + part
            try:
                os.stat(q)
            except OSError:
                os.mkdir(q)
def _ls(p):
    try:
        print(repr(os.listdir(p)))
    except OSError:
        print('[]')
def _rd(p):
    with open(p, 'rb') as f:
        while True:
            d = f.read(384)
            if not d:
                break
            print(_b(d).decode(), end='')
def _rm(p):
    try:
        os.stat(p)
    except OSError:
        return
    os.remove(p)
def _fr():
    s = os.statvfs('/')
    print(repr((s[1] * s[4], s[1])))
def _hd(ps, n):
    r = []
    for p in ps:
        with open(p, 'rb') as f:
            r.append(_x(f.read(n)).decode())
    print(repr(r))
def _hm(ps, k=None):
    print(repr([_hs(p, k) for p in ps]))
def _wp():
    try:
        f = open('/.deploy-probe.deploy-tmp', 'wb')
        f.close()
        os.remove('/.deploy-probe.deploy-tmp')
        print(0)
    except OSError as e:
        print(e.args[0])
"""

CHUNK = 512  # bytes of file data per base64 line
LINES_PER_EXEC = 4
HASH_BATCH_BYTES = 32 * 1024


class SerialTarget:
    """A board reached through its raw REPL on a serial port."""

    kind = "serial"

    def __init__(self, port, timeout=10.0, use_raw_paste=True):
        self.port = port
        self.repl = RawRepl(port, timeout=timeout, use_raw_paste=use_raw_paste)
        try:
            self.repl.enter()
            self._start()
        except KeyboardInterrupt:
            self.close(quick=True)  # the user wants out now: the keys, without waiting
            raise
        except BaseException:
            self.close()  # code.py was stopped to get in: start it again
            raise

    def _start(self):
        self.run(BOARD_HELPERS)
        try:
            self.repl.exec("import board, sys")
        except BoardError:  # a lost connection stays a lost connection (exit 9)
            raise DeployError(MISMATCH, "The board on {} does not look like CircuitPython "
                              "(it has no 'board' module).".format(self.port),
                              "Check that --port is the board's port; flash CircuitPython 10 "
                              "first (see --firmware).")
        self.board_id, self.version = self.query(
            "print(repr((board.board_id, '.'.join(str(v) for v in "
            "sys.implementation.version[:3]))))")
        # sys.implementation.version has no pre-release part; os.uname().version does
        # ('10.1.0-beta.2 on 2025-...'): the mpy-cross to fetch is that exact version's.
        try:
            full = self.query("print(repr(os.uname().version.split(' on ')[0]))")
        except (DeployError, ValueError, SyntaxError):
            full = None
        if isinstance(full, str) and full.startswith(self.version + "-"):
            self.version = full

    def describe(self):
        return "serial port {}".format(self.port)

    def run(self, code, timeout=None):
        try:
            return self.repl.exec(code, timeout)
        except BoardError as exc:
            raise DeployError(CONNECTION, "The board reported an error:\n" + exc.text.strip(),
                              "Run the same command again; if it repeats, report it with this output.")

    def query(self, code, timeout=None):
        """Run code that prints one repr() and return the value."""
        return ast.literal_eval(self.run(code, timeout).decode("utf-8").strip())

    def _call(self, code, path, timeout=None):
        """Run code that changes files, turning the board's OSError into an actionable error."""
        try:
            return self.repl.exec(code, timeout)
        except BoardError as exc:
            if exc.errno == 30:
                raise DeployError(READ_ONLY, "The board's filesystem is read-only to code, so "
                                  "{} cannot be written over the serial port.".format(path),
                                  READ_ONLY_SERIAL_HINT)
            if exc.errno == 28:
                raise no_space(path)
            raise DeployError(CONNECTION, "The board reported an error for {}:\n{}".format(
                path, exc.text.strip()), "Run the same command again.")

    def stat(self, paths):
        paths, out = list(paths), {}
        for i in range(0, len(paths), 40):
            batch = paths[i:i + 40]
            out.update(zip(batch, self.query("_st({!r})".format(batch))))
        return out

    def hashes(self, paths, sizes=None, progress=None, algo=None):
        """Content checks computed on the board, in batches of about 32 KB of files; the best
        check the board has, or ``algo="adler32"``."""
        sizes = sizes or {}
        out, batch, batch_bytes = {}, [], 0
        paths = list(paths)
        for n, p in enumerate(paths):
            batch.append(p)
            batch_bytes += sizes.get(p) or 0
            if batch_bytes >= HASH_BATCH_BYTES or n == len(paths) - 1:
                for q, h in zip(batch, self.query("_hm({!r}{})".format(
                        batch, ", 'adler32'" if algo == "adler32" else ""), timeout=120)):
                    out[q] = tuple(h)
                    if progress:
                        progress(sizes.get(q) or 0, q)
                batch, batch_bytes = [], 0
        return out

    def read(self, path):
        out = self.run("_rd({!r})".format(path), timeout=120)
        return base64.b64decode(out.replace(b"\r", b"").replace(b"\n", b""))

    def listdir(self, path):
        return sorted(self.query("_ls({!r})".format(path)))

    def heads(self, paths, n):
        """The first ``n`` bytes of each file, read on the board."""
        out = []
        for i in range(0, len(paths), 40):
            out += [bytes.fromhex(h) for h in self.query("_hd({!r}, {})".format(
                list(paths[i:i + 40]), n))]
        return out

    def free(self):
        return tuple(self.query("_fr()"))

    def read_only(self):
        """A DeployError (exit 6) if the board's filesystem is read-only to code, else None:
        ``storage.getmount('/').readonly`` answers without writing anything."""
        try:
            out = self.repl.exec("import storage\nprint(storage.getmount('/').readonly)")
        except BoardError:
            return None  # cannot tell without writing; the deploy's write probe will
        if out.strip() == b"True":
            return DeployError(READ_ONLY, "The board's filesystem is read-only to code, so the "
                               "serial path cannot write the app.", READ_ONLY_SERIAL_HINT)
        return None

    def check_writable(self):
        code = int(self.run("_wp()").decode().strip())
        if code == 30:
            raise DeployError(READ_ONLY, "The board's filesystem is read-only to code, so the "
                              "serial path cannot write the app.", READ_ONLY_SERIAL_HINT)
        if code == 28:
            raise no_space("/")
        if code:
            raise DeployError(CONNECTION, "The board cannot create a file (OSError {}).".format(code),
                              "Reset the board and run the same command again.")

    def write(self, path, data, progress=None):
        tmp = path + TMP_SUFFIX
        parent = path.rsplit("/", 1)[0]
        self._call("{}f = open({!r}, 'wb')\nw = f.write".format(
            "_md({!r})\n".format(parent) if parent else "", tmp), path)
        try:
            step = CHUNK * LINES_PER_EXEC
            for i in range(0, len(data), step):
                part = data[i:i + step]
                lines = "".join(
                    "w(_a({!r}))\n".format(base64.b64encode(part[j:j + CHUNK]))
                    for j in range(0, len(part), CHUNK)
                )
                self._call(lines, path)
                if progress:
                    progress(len(part))
        except DeployError as exc:
            if exc.code in (NO_SPACE, READ_ONLY):  # the board still answers: tidy up now
                try:
                    self.repl.exec("f.close()\n_rm({!r})".format(tmp))
                except (BoardError, DeployError):
                    pass
            raise
        self._call("f.close()", path)
        algo, got = self.query("print(repr(_hs({!r})))".format(tmp), timeout=120)
        if got != layout.check(data, algo):
            self._call("_rm({!r})".format(tmp), path)
            raise DeployError(CONNECTION, "{} arrived damaged on the board ({} check failed); the "
                              "old file is untouched.".format(path, algo),
                              "Run the same command again; if it repeats, try another USB cable or port.")
        self._call("os.rename({!r}, {!r})".format(tmp, path), path)

    def remove(self, path):
        self._call("_rm({!r})".format(path), path)

    def close(self, restart=True, quick=False):
        """Leave the raw REPL and soft-reboot, whatever happened: the tool stopped code.py to
        get in, so the game (or whatever code.py is) runs again. ``quick`` (after Ctrl-C):
        send the keys without waiting for the board's answers."""
        try:
            self.repl.exit(soft_reboot=True, wait=not quick)
        finally:
            self.repl.close()
