"""The raw REPL of MicroPython/CircuitPython, host side, over pyserial.

The protocol, as ``shared/runtime/pyexec.c`` implements it on the board (MicroPython and
CircuitPython share the file) and ``tools/pyboard.py`` / mpremote's ``transport_serial.py``
drive it from the host:

- Ctrl-A from the friendly REPL prints ``raw REPL; CTRL-B to exit\\r\\n`` then ``>``.
- A command is sent as text ending in Ctrl-D; the board answers ``OK``, runs it, prints its
  output, ``\\x04``, any error text, ``\\x04``, and a new ``>`` prompt. Ctrl-D on an empty line
  is a soft reset; Ctrl-B goes back to the friendly REPL.
- Raw-paste mode: at the prompt the host sends ``\\x05A\\x01``. ``R\\x01`` means supported;
  the board then sends the window size (2 bytes, little endian) and ``\\x01`` (one more
  window is free). The host never has more than the granted bytes in flight; each ``\\x01``
  grants another window, and a ``\\x04`` from the board means "stop". The host ends the
  source with ``\\x04``; the board acknowledges with ``\\x04``, then runs the code with the same
  ``output \\x04 error \\x04`` framing. ``R\\x00`` means "understood, not supported"; anything
  else means an old board that will answer with the raw REPL banner again.

CircuitPython stops a running ``code.py`` on Ctrl-C and then waits with "Press any key to
enter the REPL"; the entry sequence below gets through that too.
"""

import struct
import time

from .errors import CONNECTION, MISMATCH, NO_BOARD, USAGE, DeployError

try:
    import serial
except ImportError:  # reported when the serial path is used
    serial = None

BANNER = b"raw REPL; CTRL-B to exit\r\n"
# How long getting into the raw REPL may take before the port counts as no CircuitPython
# board: a board answers Ctrl-C and Ctrl-A within milliseconds, and the tool tries three times.
ENTER_SECONDS = 5.0
# How long to wait for a device to go quiet after Ctrl-C before counting it as one that never
# stops talking (a real board stops printing at once), and how long a silence counts as quiet.
DRAIN_LIMIT = 1.0
DRAIN_QUIET = 0.15
# (RawRepl.enter reads these three when it is called, not when this module is imported.)
WRONG_PORT_HINT = (
    "It is most often the wrong port: another device, or a board's second serial port "
    "(CircuitPython's usb_cdc data port, enabled in boot.py, answers nothing). List the ports "
    "with their USB ids (python -m serial.tools.list_ports -v) and pass the board's console "
    "port, or leave --port out to let the tool find it."
)


class BoardError(Exception):
    """Code sent to the board raised an exception; ``text`` is the board's traceback."""

    def __init__(self, text):
        Exception.__init__(self, text)
        self.text = text

    @property
    def errno(self):
        """The OSError number in the traceback (``[Errno 30]``), or None."""
        marker = "[Errno "
        i = self.text.rfind(marker)
        if i < 0:
            return None
        digits = self.text[i + len(marker):].split("]", 1)[0]
        return int(digits) if digits.isdigit() else None


def not_circuitpython(port, heard, talking):
    """The port answers, but not as CircuitPython's REPL: a wrong device, not a cable."""
    if talking:
        what = ("it never stopped sending (still talking {:.0f} s after Ctrl-C; a CircuitPython "
                "board stops at once)".format(DRAIN_LIMIT))
    else:
        what = "it echoes or answers like a modem or another serial device"
    return DeployError(
        MISMATCH,
        "The device on {} is not a CircuitPython board's console: {}, and never entered the raw "
        "REPL (the last it sent: {!r}).".format(port, what, heard[-60:]),
        WRONG_PORT_HINT + " If it is the board, its code.py may be catching Ctrl-C: press the "
        "board's reset button and deploy to its CIRCUITPY drive (--drive) instead.",
    )


def lost(port, detail):
    return DeployError(
        CONNECTION,
        "The connection to the board on {} was lost or it stopped answering ({}).".format(port, detail),
        "Check the cable, press the board's reset button if it is stuck, and run the same command "
        "again: files are written under temporary names, so the rerun repairs a half-written file.",
    )


class RawRepl:
    """A raw REPL session on a serial port. ``exec`` returns the command's output as bytes."""

    def __init__(self, port, baudrate=115200, timeout=10.0, use_raw_paste=True):
        if serial is None:
            raise DeployError(USAGE, "pyserial is not installed in this Python.",
                              "Run the tool with the project's .venv/bin/python.")
        self.port = port
        self.timeout = timeout
        self.use_raw_paste = use_raw_paste
        self.used_raw_paste = False
        try:
            self.ser = serial.Serial(port, baudrate=baudrate, timeout=timeout)
        except (serial.SerialException, OSError) as exc:
            raise DeployError(
                NO_BOARD,
                "Cannot open the serial port {}: {}".format(port, exc),
                "Check the port name (python -m serial.tools.list_ports -v lists the serial "
                "ports with their USB ids); close any other program using it (a serial monitor, "
                "Mu, Thonny); on Linux your user may need to be in the 'dialout' group.",
            )

    # -- low level -------------------------------------------------------------------------
    def _write(self, data):
        try:
            self.ser.write(data)
        except (serial.SerialException, OSError) as exc:
            raise lost(self.port, exc)

    def _read(self, n, timeout=None):
        try:
            self.ser.timeout = self.timeout if timeout is None else timeout
            return self.ser.read(n)
        except (serial.SerialException, OSError) as exc:
            raise lost(self.port, exc)

    def _waiting(self):
        """Bytes the board has sent that are not read yet (a cable pulled: ``lost``)."""
        try:
            return self.ser.in_waiting
        except (serial.SerialException, OSError) as exc:
            raise lost(self.port, exc)

    def _read_until(self, ending, timeout=None):
        """Read until ``ending``; returns what was read (without checking it arrived)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        data = b""
        while not data.endswith(ending):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                self.ser.timeout = left
                chunk = self.ser.read_until(ending[-1:], 4096)
            except (serial.SerialException, OSError) as exc:
                raise lost(self.port, exc)
            data += chunk
        return data

    def _expect(self, ending, what, timeout=None):
        data = self._read_until(ending, timeout)
        if not data.endswith(ending):
            raise lost(self.port, "no {} from the board; got {!r}".format(what, data[-60:]))
        return data

    def _drain(self, quiet=DRAIN_QUIET, limit=DRAIN_LIMIT):
        """Read whatever the board sends until it is quiet for ``quiet`` seconds, but for no
        longer than ``limit`` seconds (a device may never stop talking): (bytes read, whether
        it went quiet)."""
        deadline = time.monotonic() + limit
        chunks = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return b"".join(chunks), False
            chunk = self._read(4096, timeout=min(quiet, left))
            if not chunk:
                if left >= quiet:
                    return b"".join(chunks), True
                continue  # the last moment before the limit: not proof of quiet yet
            chunks.append(chunk)

    def _wait_banner(self, seconds, keep=4096):
        """Read until the raw REPL banner ends what arrived, for up to ``seconds``:
        (found, the last ``keep`` bytes read). Reads line by line, so that nothing after the
        banner (the ``>`` prompt) is taken."""
        deadline = time.monotonic() + seconds
        tail = b""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False, tail
            try:
                self.ser.timeout = left
                chunk = self.ser.read_until(BANNER[-1:], 4096)
            except (serial.SerialException, OSError) as exc:
                raise lost(self.port, exc)
            tail = (tail + chunk)[-keep:]
            if tail.endswith(BANNER):
                return True, tail

    # -- session ---------------------------------------------------------------------------
    def enter(self, seconds=None):
        """Stop the running program and enter the raw REPL (no soft reset). Gives up after
        about ``seconds`` (``ENTER_SECONDS``): exit 3 when nothing answers, exit 4 when
        something answers that is not CircuitPython's REPL (a device that echoes, prompts like
        a modem, or never stops talking)."""
        deadline = time.monotonic() + (ENTER_SECONDS if seconds is None else seconds)
        heard, talking = b"", False
        for attempt in range(3):
            self._write(b"\r\x03\x03")
            left = deadline - time.monotonic()
            data, quiet = self._drain(DRAIN_QUIET, limit=max(0.0, min(DRAIN_LIMIT, left)))
            if attempt == 0:  # the one drain sure to have its whole second
                talking = not quiet
            heard = (heard + data)[-4096:]
            self._write(b"\r\x01")
            found, data = self._wait_banner(
                max(0.0, min(1.0 + attempt, deadline - time.monotonic())))
            if found:
                return
            heard = (heard + data)[-4096:]
            if not heard and attempt == 1:
                break  # twice nothing at all: not a REPL (a board answers Ctrl-C at once)
            if time.monotonic() >= deadline:
                break
            # CircuitPython may be waiting at "Press any key to enter the REPL": one more key.
        if not heard:
            raise DeployError(
                NO_BOARD,
                "Nothing answered on {}: no CircuitPython REPL is on that port.".format(self.port),
                WRONG_PORT_HINT + " If it is the right port, the board may be stuck: press its "
                "reset button once and try again.")
        raise not_circuitpython(self.port, heard, talking)

    def exit(self, soft_reboot=False, wait=True):
        """Back to the friendly REPL; optionally soft-reboot so code.py runs again.

        Ctrl-C first: it ends a raw paste or a command cut short on the host (Ctrl-C on the
        host, an error mid-file) and clears a half-sent one; at the raw prompt it does nothing.
        Each wait for the board to go quiet is bounded (a device may never stop talking);
        ``wait=False`` (the user pressed Ctrl-C) sends the keys without waiting at all, and so
        does a Ctrl-C during one of the waits, before the KeyboardInterrupt goes on."""
        sent = False  # every key
        try:
            if not wait:
                self._write(b"\x03\r\x02" + (b"\x04" if soft_reboot else b""))
                return
            self._write(b"\x03")
            self._drain(0.1, limit=0.3)
            self._write(b"\r\x02")
            if soft_reboot:
                self._drain(limit=0.5)
                self._write(b"\x04")
            sent = True
            self._drain(0.1, limit=0.3)
        except KeyboardInterrupt:
            if wait and not sent:  # the rest at once, or the board stays in the raw REPL
                self.exit(soft_reboot, wait=False)
            raise
        except DeployError:
            pass

    def close(self):
        try:
            self.ser.close()
        except (serial.SerialException, OSError):
            pass

    # -- commands --------------------------------------------------------------------------
    def _send_raw_paste(self, code):
        header = self._read(2)
        if len(header) != 2:
            raise lost(self.port, "no raw-paste window size")
        window = struct.unpack("<H", header)[0]
        remain = window
        i = 0
        while i < len(code):
            while remain == 0 or self._waiting():
                b = self._read(1)
                if b == b"\x01":
                    remain += window
                elif b == b"\x04":
                    self._write(b"\x04")  # the board ended the paste early: acknowledge
                    return
                else:
                    raise lost(self.port, "unexpected {!r} during raw paste".format(b))
            part = code[i:i + remain]
            self._write(part)
            remain -= len(part)
            i += len(part)
        self._write(b"\x04")
        self._expect(b"\x04", "end-of-paste acknowledgement")

    def exec(self, code, timeout=None):
        """Run ``code`` (str or bytes) on the board; return its output; BoardError on error."""
        if isinstance(code, str):
            code = code.encode("utf-8")
        self._expect(b">", "raw REPL prompt")
        sent = False
        if self.use_raw_paste:
            self._write(b"\x05A\x01")
            reply = self._read(2)
            if reply == b"R\x01":
                self._send_raw_paste(code)
                self.used_raw_paste = True
                sent = True
            elif reply == b"R\x00":
                self._expect(b">", "raw REPL prompt")
            else:
                self._expect(b"w REPL; CTRL-B to exit\r\n>", "raw REPL prompt")
            if not sent:
                self.use_raw_paste = False
        if not sent:
            for i in range(0, len(code), 256):
                self._write(code[i:i + 256])
                time.sleep(0.01)  # the board's input buffer is small
            self._write(b"\x04")
            ok = self._read(2)
            if ok != b"OK":
                raise lost(self.port, "the board did not accept the command ({!r})".format(ok))
        out = self._expect(b"\x04", "end of output", timeout)[:-1]
        err = self._expect(b"\x04", "end of error output", timeout)[:-1]
        if err:
            raise BoardError(err.decode("utf-8", "replace"))
        return out
