"""The emulated board (emulator/serial_board.py) against real serial clients: mpremote 1.29
and adafruit-ampy 1.1.0, pinned in requirements.txt, run as programs on its pseudo-terminal.

Each expectation is what a CircuitPython 10 board answers, read from CircuitPython's source
(tag 10.0.3: shared/runtime/pyexec.c for the REPLs, main.c and supervisor/shared/status_bar.c
for the start-up text, py/moderrno.c and py/objexcept.c for how an OSError prints,
py/objmodule.c for imports without the u-names, shared-bindings/os for what ``os`` has,
extmod/vfs_fat_file.c for open()'s error with the path). That includes the commands that
fail on a real board: mpremote ``ls`` (no ``os.ilistdir``), ``df`` (no ``vfs``), ``cp`` to a
new file (mpremote looks for "ENOENT", CircuitPython prints "No such file/directory":
adafruit/circuitpython#10507), ``reset`` (no ``machine``), ampy ``get`` (no ``ubinascii``),
and every write while the filesystem is read-only to code, CircuitPython's default while the
computer has CIRCUITPY mounted. The deploy tool's serial path is tested only against this
board, so these tests keep it honest.
"""

import hashlib
import subprocess
import sys
import time

import pytest
import serial

from emulator.serial_board import SerialBoard, boot_out_text

CODE = b"print('hello from code.py')\n"
TITLE = "\x1b]0;\U0001F40D{} | 10.0.3\x1b\\"
BANNER = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19"


def make_drive(path):
    path.mkdir(parents=True, exist_ok=True)
    (path / "boot_out.txt").write_text(boot_out_text("pybadge"))
    (path / "code.py").write_bytes(CODE)
    (path / "settings.toml").write_text('CIRCUITPY_WEB_API_PORT = 8080\nNAME = "badge"\n')
    (path / "lib").mkdir(exist_ok=True)
    return path


def mpremote(board, *args, timeout=30):
    p = subprocess.run([sys.executable, "-m", "mpremote", "connect", board.port, *args],
                       capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def ampy(board, *args, timeout=30):
    p = subprocess.run([sys.executable, "-m", "ampy.cli", "-p", board.port, *args],
                       capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def transport_error(line, text):
    """mpremote's report of a traceback from the board."""
    return ("mpremote: Error with transport:\nTraceback (most recent call last):\n"
            '  File "<stdin>", line {}, in <module>\n{}\n\n'.format(line, text))


def pyboard_error(line, text):
    """The last line of ampy's traceback when the board raised an error."""
    return ("ampy.pyboard.PyboardError: ('exception', b'', b'Traceback (most recent call "
            "last):\\r\\n  File \"<stdin>\", line {}, in <module>\\r\\n{}\\r\\n')".format(
                line, text.replace("'", "\\'")))


@pytest.fixture
def drive(tmp_path):
    return make_drive(tmp_path / "CIRCUITPY")


def test_mpremote_on_a_board_whose_drive_is_mounted(drive, tmp_path):
    """CircuitPython's default: read-only to code while the computer has the drive."""
    with SerialBoard(drive, "pybadge", readonly=True) as board:
        assert mpremote(board, "exec", "import os, sys; print(os.uname()); "
                        "print(sys.implementation); print(sys.platform)") == (0, (
                            "(sysname='samd51j19', nodename='samd51j19', release='10.0.3', "
                            "version='10.0.3 on 2025-10-17', machine='Adafruit PyBadge with "
                            "samd51j19')\n(name='circuitpython', version=(10, 0, 3, ''), "
                            "_machine='Adafruit PyBadge with samd51j19', _mpy=774)\n"
                            "MicroChip SAMD51\n"), "")
        # every mpremote run starts with a soft reset: a new VM, sys is not imported yet
        assert mpremote(board, "eval", "sys.version") == (1, (
            'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
            "NameError: name 'sys' isn't defined\n"), "")
        assert mpremote(board, "exec", "import sys; print(sys.version)") == (
            0, "3.4.0; Adafruit CircuitPython 10.0.3 on 2025-10-17\n", "")
        assert mpremote(board, "cat", ":code.py") == (0, CODE.decode(), "")
        local = tmp_path / "code_copy.py"
        assert mpremote(board, "cp", ":code.py", str(local))[0] == 0
        assert local.read_bytes() == CODE
        # fails on a real board: os.ilistdir and the vfs module are MicroPython's
        assert mpremote(board, "ls") == (1, "ls :\n", transport_error(
            2, "AttributeError: 'module' object has no attribute 'ilistdir'"))
        assert mpremote(board, "df") == (1, (
            'Traceback (most recent call last):\n  File "<stdin>", line 2, in <module>\n'
            "ImportError: no module named 'vfs'\n"), "")
        assert mpremote(board, "reset")[1:] == ("", "")  # --no-follow: nothing comes back
        assert mpremote(board, "exec", "import machine") == (1, (
            'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
            "ImportError: no module named 'machine'\n"), "")
        # writing: read-only to code, and a new file is refused before that (#10507)
        assert mpremote(board, "cp", str(local), ":new.py") == (
            1, "cp {} :new.py\n".format(local),
            transport_error(1, "OSError: [Errno 2] No such file/directory"))
        local.write_bytes(b"print('changed')\n")  # the same bytes would be "Up to date"
        assert mpremote(board, "cp", str(local), ":code.py") == (
            1, "cp {} :code.py\n".format(local),
            transport_error(1, "OSError: [Errno 30] Read-only filesystem"))
        assert mpremote(board, "mkdir", ":games") == (
            1, "mkdir :games\n", transport_error(2, "OSError: [Errno 30] Read-only filesystem"))
        assert mpremote(board, "rm", ":code.py") == (
            1, "rm :code.py\n", transport_error(2, "OSError: [Errno 30] Read-only filesystem"))
    assert (drive / "code.py").read_bytes() == CODE and not (drive / "games").exists()


def test_mpremote_on_a_board_writable_to_code(drive, tmp_path):
    """After storage.remount("/", readonly=False) (boot.py, or at the REPL with the drive
    ejected): writes work; errors print as CircuitPython prints them."""
    local = tmp_path / "menu.py"
    local.write_bytes(b"TITLE = 'Phase 10'\n" * 40)
    with SerialBoard(drive, "pybadge") as board:
        assert mpremote(board, "cp", str(local), ":code.py")[0] == 0
        assert mpremote(board, "touch", ":lib/menu.py")[0] == 0  # open(..., 'a') creates it
        assert mpremote(board, "cp", str(local), ":lib/menu.py")[0] == 0
        assert mpremote(board, "mkdir", ":games")[0] == 0
        assert mpremote(board, "mkdir", ":games") == (
            1, "mkdir :games\n", transport_error(2, "OSError: [Errno 17] File exists"))
        assert mpremote(board, "rm", ":nothing.py") == (
            1, "rm :nothing.py\n",
            transport_error(2, "OSError: [Errno 2] No such file/directory"))
        assert mpremote(board, "cat", ":nothing.py") == (
            1, "", transport_error(1, "OSError: [Errno 2] No such file/directory: nothing.py"))
        # no hashlib on the PyBadge: mpremote falls back to reading the file
        assert mpremote(board, "sha256sum", ":lib/menu.py") == (
            0, "sha256sum :lib/menu.py\n{}\n".format(
                hashlib.sha256(local.read_bytes()).hexdigest()), "")
        assert mpremote(board, "exec", "import os; print(os.getenv('NAME'), "
                        "os.getenv('CIRCUITPY_WEB_API_PORT'), os.getenv('NOPE', 7)); "
                        "os.chdir('/lib'); print(os.getcwd(), os.listdir()); "
                        "os.utime('menu.py', (0, 86400)); os.sync(); os.unlink('menu.py'); "
                        "print(os.listdir('/lib'))") == (
            0, "badge 8080 7\n/lib ['menu.py']\n[]\n", "")
        assert mpremote(board, "exec", "import sys; n = sys.stdout.write(b'raw'); "
                        "print(n, globals()['n'])") == (0, "raw3 3\n", "")
    assert (drive / "code.py").read_bytes() == local.read_bytes()
    assert (drive / "games").is_dir() and not (drive / "lib" / "menu.py").exists()


def test_ctrl_c_stops_a_command_that_never_ends(drive):
    with SerialBoard(drive, "pybadge") as board:
        assert mpremote(board, "exec", "--no-follow", "while True: pass") == (0, "", "")
        time.sleep(0.2)
        # the next client's Ctrl-C stops it (a board that could not be stopped hangs here)
        assert mpremote(board, "exec", "print('free again')", timeout=20) == (
            0, "free again\n", "")
        assert mpremote(board, "exec", "--no-follow", "import time\nwhile True: time.sleep(1)"
                        ) == (0, "", "")
        assert mpremote(board, "eval", "6 * 7", timeout=20) == (0, "42\n", "")


def test_ampy_on_a_board_whose_drive_is_mounted(drive):
    with SerialBoard(drive, "pybadge", readonly=True) as board:
        assert ampy(board, "ls") == (0, "/boot_out.txt\n/code.py\n/lib\n/settings.toml\n", "")
        assert ampy(board, "ls", "-l") == (0, (
            "/boot_out.txt - {} bytes\n/code.py - {} bytes\n/lib - 0 bytes\n"
            "/settings.toml - {} bytes\n").format(len(boot_out_text("pybadge")), len(CODE),
                                                  (drive / "settings.toml").stat().st_size), "")
        # fails on a real board: CircuitPython 10 has binascii, but no 'ubinascii' alias
        rc, out, err = ampy(board, "get", "code.py")
        assert rc == 1 and err.splitlines()[-1] == pyboard_error(
            3, "ImportError: no module named 'ubinascii'")
        rc, out, err = ampy(board, "put", str(drive / "code.py"), "copy.py")
        assert rc == 1 and err.splitlines()[-1] == (
            "ampy.pyboard.PyboardError: ('exception', b'', b'Traceback (most recent call "
            "last):\\r\\n  File \"<stdin>\", line 1, in <module>\\r\\nOSError: [Errno 30] "
            "Read-only filesystem\\r\\n')")


def test_ampy_on_a_board_writable_to_code(drive, tmp_path):
    script = tmp_path / "hello.py"
    script.write_text("import os\nprint('files:', len(os.listdir('/')))\n")
    with SerialBoard(drive, "pybadge") as board:
        assert ampy(board, "put", str(script), "lib/hello.py") == (0, "", "")
        assert ampy(board, "run", str(script)) == (0, "files: 4\n", "")
        rc, out, err = ampy(board, "mkdir", "lib")  # ampy looks for "EEXIST": not printed
        assert rc == 1 and err.splitlines()[-1] == pyboard_error(
            6, "OSError: [Errno 17] File exists")
        rc, out, err = ampy(board, "rm", "nothing.py")
        assert rc == 1 and err.splitlines()[-1] == pyboard_error(
            6, "OSError: [Errno 2] No such file/directory")
    assert (drive / "lib" / "hello.py").read_bytes() == script.read_bytes()


class Terminal:
    """A person at a serial terminal: type, then read what comes back up to the prompt that
    ends it (``until``), and whatever follows within a moment."""

    def __init__(self, board):
        self.ser = serial.Serial(board.port, timeout=0.05)

    def type(self, data, until=">>> "):
        self.ser.write(data)
        out, deadline = b"", time.monotonic() + 10
        while time.monotonic() < deadline and not out.endswith(until.encode("utf-8")):
            out += self.ser.read(4096)
        quiet = time.monotonic() + 0.1  # nothing more may come after the prompt
        while time.monotonic() < quiet:
            out += self.ser.read(4096)
        return out.decode("utf-8")

    def close(self):
        self.ser.close()


def test_friendly_repl_as_a_person_sees_it(drive):
    with SerialBoard(drive, "pybadge") as board:
        t = Terminal(board)
        assert t.type(b"\x03", until="reload.\r\n") == (
            'Traceback (most recent call last):\r\n  File "code.py", line 1, in <module>\r\n'
            "KeyboardInterrupt: \r\n" + TITLE.format("1@code.py KeyboardInterrupt")
            + "\r\nCode done running.\r\n\r\n"
            "Press any key to enter the REPL. Use CTRL-D to reload.\r\n")
        assert t.type(b"\r") == TITLE.format("REPL") + "\r\n" + BANNER + "\r\n>>> "
        # a compound statement continues with '... ' until an empty line
        assert t.type(b"for i in range(2):\r", "... ") == "for i in range(2):\r\n... "
        assert t.type(b"  i * 10\r", "... ") == "  i * 10\r\n... "
        assert t.type(b"\r") == "\r\n0\r\n10\r\n>>> "
        assert t.type(b"open('/x.txt')\r") == (
            "open('/x.txt')\r\nTraceback (most recent call last):\r\n"
            '  File "<stdin>", line 1, in <module>\r\n'
            "OSError: [Errno 2] No such file/directory: /x.txt\r\n>>> ")
        assert t.type(b"undefined\r") == (
            "undefined\r\nTraceback (most recent call last):\r\n"
            '  File "<stdin>", line 1, in <module>\r\n'
            "NameError: name 'undefined' isn't defined\r\n>>> ")
        # paste mode (Ctrl-E) runs what was pasted
        assert t.type(b"\x05", "=== ") == "\r\npaste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== "
        assert t.type(b"def f():\r", "=== ") == "def f():\r\n=== "
        assert t.type(b"    return 5\r", "=== ") == "    return 5\r\n=== "
        assert t.type(b"\x04") == "\r\n>>> "
        assert t.type(b"f()\r") == "f()\r\n5\r\n>>> "
        # Ctrl-C stops a loop that never ends
        assert t.type(b"while True: pass\r\r", "... \r\n") == "while True: pass\r\n... \r\n"
        assert t.type(b"\x03") == (
            'Traceback (most recent call last):\r\n  File "<stdin>", line 1, in <module>\r\n'
            "KeyboardInterrupt: \r\n>>> ")
        shown = t.type(b"globals()\r")
        assert shown.startswith("globals()\r\n{'__name__': '__main__', ")  # then i and f
        assert "'i': 1" in shown and "'f': <function f at 0x" in shown
        assert shown.endswith("}\r\n>>> ")
        # Ctrl-D: soft reboot into code.py, with the status line a board prints
        assert t.type(b"\x04", TITLE.format("code.py")) == (
            "\r\n" + TITLE.format("1@code.py KeyboardInterrupt") + "soft reboot\r\n\r\n"
            "\x1b[2K\x1b[0GAuto-reload is on. Simply save files over USB to run them or enter "
            "REPL to disable.\r\n\x1b[2K\x1b[0Gcode.py output:\r\n" + TITLE.format("code.py"))
        assert board.code_running and board.reboots == 1
        t.close()
