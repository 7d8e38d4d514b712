"""tools/deploy.py, issue 26 "Also (deploy)": one test per problem, named after it.

Serial devices that are not CircuitPython boards stand on a pseudo-terminal: one that never
stops printing, one that echoes and answers like a modem. The tool runs in a process of its own
where it could hang or where Ctrl-C (SIGINT) is the point.
"""

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

import pytest

from tests.test_deploy import assert_app_on, deploy, make_drive, repo, small_repo  # noqa: F401
from tools.deploy_lib import cli, rawrepl, sync, targets

REPO = Path(__file__).resolve().parents[1]


class Device:
    """A serial device on a pseudo-terminal. ``kind``: "chatty" prints a reading every few
    milliseconds whatever it is sent (Ctrl-C included); "modem" echoes what it gets and
    answers each line with OK, as a modem does."""

    def __init__(self, kind):
        self.kind = kind
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)
        self.received = b""
        self.stopped = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _send(self, data):
        try:
            os.write(self.master, data)
        except OSError:  # BlockingIOError when nobody reads; EIO once the port is closed
            pass

    def _run(self):
        while not self.stopped:
            ready, _, _ = select.select([self.master], [], [], 0.004)
            data = b""
            if ready:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    data = b""
                self.received += data
            if self.kind == "chatty":
                self._send(b"T=21.5C RH=40%\r\n")
            elif data:
                self._send(data)
                if b"\r" in data:
                    self._send(b"\r\nOK\r\n")

    def wait_for(self, ending, seconds=10):
        """Wait until what the device received ends with ``ending`` (the tool has written it
        and this device has read it); whether it did."""
        deadline = time.monotonic() + seconds
        while not self.received.endswith(ending) and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.received.endswith(ending)

    def close(self):
        self.stopped = True
        self.thread.join(2)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def device(request):
    made = []

    def make(kind):
        made.append(Device(kind))
        return made[-1]

    yield make
    for d in made:
        d.close()


# tools/deploy.py with no time limit on entering the raw REPL (rawrepl.ENTER_SECONDS,
# DRAIN_LIMIT and DRAIN_QUIET an hour each): its first drain after Ctrl-C then reads a chatty
# device until it is interrupted. The tool's own limits (a 1 s drain, about 5 s in all, then
# exit 4) are wall-clock time, which a loaded machine can spend before the test process gets to
# send its SIGINT.
UNLIMITED_ENTRY = (
    "import runpy, sys; sys.path.insert(0, {tools!r}); from deploy_lib import rawrepl; "
    "rawrepl.ENTER_SECONDS = rawrepl.DRAIN_LIMIT = rawrepl.DRAIN_QUIET = 3600.0; "
    "sys.argv[0] = 'tools/deploy.py'; runpy.run_path('tools/deploy.py', run_name='__main__')"
).format(tools=str(REPO / "tools"))


def run_tool(args, interrupt_when=None, seconds=30, unlimited_entry=False):
    """Run tools/deploy.py in its own process: (exit code, stdout, stderr, seconds taken
    (from the interrupt, when there is one)). ``interrupt_when``: a function that says when to
    send SIGINT (Ctrl-C); the test fails if that moment never comes. ``unlimited_entry``: the
    tool never gives up entering the raw REPL (``UNLIMITED_ENTRY``)."""
    command = ["-c", UNLIMITED_ENTRY] if unlimited_entry else ["tools/deploy.py"]
    proc = subprocess.Popen([sys.executable] + command + args, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    start = time.monotonic()
    if interrupt_when is not None:
        while not interrupt_when():
            if proc.poll() is not None or time.monotonic() - start > seconds:
                proc.kill()
                out, err = proc.communicate()
                pytest.fail("tools/deploy.py never reached the moment to interrupt it (exit {})"
                            "\n{}{}".format(proc.returncode, out, err))
            time.sleep(0.005)
        proc.send_signal(signal.SIGINT)
        start = time.monotonic()
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail("tools/deploy.py still running after {} s (hung)\n{}{}".format(
            seconds, out, err))
    return proc.returncode, out, err, time.monotonic() - start


# -- a device that never stops printing ----------------------------------------------------------
def test_port_to_a_device_that_never_stops_printing_gives_up_as_the_wrong_device(device):
    chatty = device("chatty")
    rc, out, err, took = run_tool(["--port", chatty.port, "--py"])
    assert rc == 4, err
    assert "is not a CircuitPython board's console: it never stopped sending" in err
    assert "wrong port" in err and "python -m serial.tools.list_ports -v" in err
    assert "cable" not in err and "Traceback" not in err
    assert took < 12  # entering gives up after about 5 s, plus start-up (it hung for ever)


def test_first_ctrl_c_stops_a_deploy_stuck_on_a_chatty_port_with_exit_130(device):
    chatty = device("chatty")
    rc, out, err, took = run_tool(  # stuck in its first drain (no limit) until the Ctrl-C
        ["--port", chatty.port, "--py"], unlimited_entry=True,
        interrupt_when=lambda: chatty.received == b"\r\x03\x03")  # it is in the first drain
    assert rc == 130, err
    assert "Stopped by the user" in err and "Traceback" not in err
    assert took < 3  # one Ctrl-C, at once (it was swallowed, then the tool hung)
    assert chatty.wait_for(b"\x03\r\x02\x04"), chatty.received
    assert chatty.received.endswith(b"\x03\r\x02\x04")  # it still asked for a soft reboot
    assert chatty.received == b"\r\x03\x03" + b"\x03\r\x02\x04"  # from the first drain


@pytest.mark.parametrize("wait, sent_before", [
    (1, b"\x03"), (2, b"\x03\r\x02"), (3, b"\x03\r\x02\x04")])
def test_ctrl_c_while_leaving_the_raw_repl_still_sends_the_keys_to_restart(device, monkeypatch,
                                                                         wait, sent_before):
    """Leaving the raw REPL waits for the board between the keys (after exit 4 on a chatty
    port too). A Ctrl-C in the ``wait``-th wait: the keys not sent yet go at once (they were
    lost, and the board stayed in the raw REPL with code.py stopped)."""
    chatty = device("chatty")
    repl = rawrepl.RawRepl(chatty.port)
    waits = []

    def drain(*args, **kwargs):
        waits.append(args)
        if len(waits) == wait:
            raise KeyboardInterrupt
        return b"", True

    monkeypatch.setattr(repl, "_drain", drain)
    with pytest.raises(KeyboardInterrupt):
        repl.exit(soft_reboot=True)
    repl.close()
    assert chatty.wait_for(b"\x03\r\x02\x04"), chatty.received
    resent = b"" if sent_before.endswith(b"\x04") else b"\x03\r\x02\x04"
    assert chatty.received == sent_before + resent  # one soft reboot, the last key


# -- a port echoing or prompting like a modem -----------------------------------------------------
def test_port_echoing_like_a_modem_is_the_wrong_device_not_the_cable(repo, device, capsys):
    modem = device("modem")
    start = time.monotonic()
    rc, out, err = deploy(capsys, "--port", modem.port)
    assert rc == 4, err  # was 9, "connection lost ... check the cable"
    assert "is not a CircuitPython board's console: it echoes or answers like a modem" in err
    assert "OK" in err  # what it said
    assert "wrong port" in err and "cable" not in err and "connection" not in err
    assert time.monotonic() - start < 8


def test_help_says_a_port_that_is_not_a_board_is_the_wrong_device_not_a_cable():
    help_text = " ".join(cli.build_parser().format_help().split())
    assert "the wrong port or device, not a cable" in help_text


# -- two --force deploys in the same second -------------------------------------------------------
def test_two_force_deploys_in_the_same_second_keep_both_backups(repo, tmp_path, capsys,
                                                                 monkeypatch):
    monkeypatch.setattr(sync.time, "strftime", lambda fmt, *a: "20261202-080000")  # one second
    drive = make_drive(tmp_path / "CIRCUITPY")
    assert deploy(capsys, "--drive", drive)[0] == 0
    edited = drive / "lib" / "firmware" / "menu.py"
    saved = []
    for n in (1, 2):  # two users' edits on the board, each replaced with --force
        edited.write_bytes(edited.read_bytes() + "# edit {}\n".format(n).encode())
        with open(repo / "firmware" / "menu.py", "a") as f:
            f.write("# checkout change {}\n".format(n))
        saved.append(edited.read_bytes())
        rc, out, err = deploy(capsys, "--drive", drive, "--force")
        assert (rc, err) == (0, "")
    folders = sorted(p.name for p in (repo / "out" / "deploy-backups").iterdir())
    assert folders == ["20261202-080000", "20261202-080000-2"]
    backups = [repo / "out" / "deploy-backups" / name / "lib" / "firmware" / "menu.py"
               for name in folders]
    assert [b.read_bytes() for b in backups] == saved  # the first edit was overwritten before
    assert_app_on(drive)


def test_a_backup_folder_is_claimed_even_by_another_process_in_the_same_second(repo,
                                                                               monkeypatch):
    monkeypatch.setattr(sync.time, "strftime", lambda fmt, *a: "20261202-080000")
    first = sync.new_backup_folder()
    (first / "code.py").write_bytes(b"another run's backup\n")
    second, third = sync.new_backup_folder(), sync.new_backup_folder()
    assert len({first, second, third}) == 3 and (first / "code.py").exists()
    assert [p.name for p in (first, second, third)] == [
        "20261202-080000", "20261202-080000-2", "20261202-080000-3"]


# -- a drive that fills up mid-copy ---------------------------------------------------------------
def test_drive_filling_up_mid_copy_exits_5_saying_what_was_copied(repo, tmp_path, capsys,
                                                                  monkeypatch):
    drive = make_drive(tmp_path / "CIRCUITPY")
    assert deploy(capsys, "--drive", drive)[0] == 0
    rules = repo / "shared_rules"  # three files of the app, in the order the deploy writes
    installed = [h for h in rules.rglob("*.py")  # (a desktop module is never installed)
                 if "desktop" not in h.relative_to(rules).parts and h.name != "desktop.py"]
    changed = sorted(installed, key=lambda h: h.relative_to(rules).as_posix())[:3]
    for host in changed:
        with open(host, "a") as f:
            f.write("# a newer checkout\n")
    real_write = cli.DriveTarget.write
    written = []

    def write(self, path, data, progress=None):
        if path.endswith(".py") and len(written) == 1:  # the second file: the drive is full
            raise targets.no_space(path)
        real_write(self, path, data, progress)
        if path.endswith(".py"):
            written.append(path)

    monkeypatch.setattr(cli.DriveTarget, "write", write)
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 5
    assert "nothing was changed" not in err
    assert "after 1 of the 3 files to copy were written" in err
    assert "Every file on the board is whole, its old version or its new one" in err
    assert "run the same command again: it copies the rest" in err
    assert not list(drive.rglob("*.deploy-tmp"))
    on_board = [drive / "lib" / "shared_rules" / h.relative_to(rules) for h in changed]
    assert [p.read_bytes().endswith(b"# a newer checkout\n") for p in on_board] == [
        True, False, False]  # the first new, the others still old, none half-written
    manifest = json.loads((drive / ".deploy-manifest.json").read_text())
    assert len(manifest["pending"]) == 3
    monkeypatch.setattr(cli.DriveTarget, "write", real_write)
    rc, out, err = deploy(capsys, "--drive", drive)  # space freed: the rerun completes
    assert (rc, err) == (0, "") and "2 copied" in out
    assert_app_on(drive)


def test_help_says_exit_5_can_come_after_some_files_were_written():
    help_text = " ".join(cli.build_parser().format_help().split())
    assert "5 not enough free space on the board. Found before copying (--dry-run says so " \
        "too): nothing was changed. If the board fills up during the copy" in help_text
    assert "every file is whole (old or new)" in help_text
