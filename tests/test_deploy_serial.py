"""tools/deploy.py on the serial path, against the emulated board on a pseudo-terminal.

emulator/serial_board.py speaks CircuitPython's raw REPL and raw-paste mode and writes into a
drive folder, with CircuitPython's read-only-to-code default, a full flash, and a cable pulled
in the middle of a file as switches.
"""

import json
import time

import pytest

from emulator.serial_board import SerialBoard, boot_out_text
from tests.test_deploy import SAMPLE_CODE, assert_app_on, deploy, repo, small_repo, snapshot  # noqa: F401
from tools.deploy_lib import pystack
from tools.deploy_lib.errors import DeployError
from tools.deploy_lib.rawrepl import BoardError, RawRepl
from tools.deploy_lib.targets import SerialTarget


def board_drive(tmp_path, board_id="pybadge"):
    drive = tmp_path / "flash"
    drive.mkdir(parents=True)
    (drive / "boot_out.txt").write_text(boot_out_text(board_id))
    (drive / "code.py").write_bytes(SAMPLE_CODE)
    (drive / "settings.toml").write_text("# the user's\n")
    return drive


@pytest.mark.parametrize("board_id, version, check", [
    ("pybadge", "10.0.3", "adler32"),  # no hashlib
    ("clue_nrf52840_express", "10.3.1", "sha256"),  # hashlib.new('sha256') since 10.1
    ("lilygo_tdisplay_s3", "10.0.3", "sha1"),  # before 10.1 hashlib.new took only 'sha1'
    ("pimoroni_picosystem", "10.0.3", "sha1"),
])
def test_serial_deploy_then_rerun_copies_nothing(repo, tmp_path, capsys, board_id, version, check):
    drive = board_drive(tmp_path, board_id)
    with SerialBoard(drive, board_id, version) as board:
        rc, out, err = deploy(capsys, "--port", board.port)
        assert (rc, err) == (0, "")
        assert "The board restarts into the game menu." in out
        # the board checked each file itself: hashlib where the board has it, else Adler-32
        assert any("_hs(" in cmd for cmd in board.log)
    assert_app_on(drive, board_id)
    assert (drive / "settings.toml").read_text() == pystack.LINE + "\n# the user's\n"
    with SerialBoard(drive, board_id, version) as board:
        target = SerialTarget(board.port)
        assert target.hashes(["/code.py"])["/code.py"][0] == check
        target.close()
    before = snapshot(drive)
    with SerialBoard(drive, board_id, version) as board:
        rc, out, err = deploy(capsys, "--port", board.port)
    assert rc == 0 and "0 copied" in out
    assert snapshot(drive) == before


def test_emulated_hashlib_follows_the_circuitpython_version(tmp_path):
    with SerialBoard(tmp_path, "adafruit_feather_esp32s3_reverse_tft", "10.0.3") as board:
        repl = RawRepl(board.port, timeout=5)
        repl.enter()
        assert repl.exec("import hashlib\nprint(len(hashlib.new('sha1').digest()))") == b"20\r\n"
        with pytest.raises(BoardError) as info:
            repl.exec("hashlib.new('sha256')")
        assert "ValueError: Unsupported hash algorithm" in info.value.text
        repl.close()


def test_manifest_without_sha1_is_still_recognised_over_sha1(repo, tmp_path, capsys):
    """A manifest written before SHA-1 was recorded (by the drive path, or an older version of
    this tool) and a board whose hashlib has only SHA-1: the files are still known as ours."""
    drive = board_drive(tmp_path, "lilygo_tdisplay_s3")
    assert deploy(capsys, "--drive", drive)[0] == 0
    path = drive / ".deploy-manifest.json"
    manifest = json.loads(path.read_text())
    for entry in manifest["files"].values():
        del entry["sha1"]
    path.write_text(json.dumps(manifest))
    with SerialBoard(drive, "lilygo_tdisplay_s3", "10.0.3") as board:
        rc, out, err = deploy(capsys, "--port", board.port)
    assert (rc, err) == (0, "")
    assert "0 copied" in out
    assert_app_on(drive, "lilygo_tdisplay_s3")


def wait_for_code_py(board, seconds=3.0):
    deadline = time.monotonic() + seconds
    while not board.code_running and time.monotonic() < deadline:
        time.sleep(0.02)
    return board.code_running


def test_every_serial_run_leaves_the_game_running(repo, tmp_path, capsys):
    """The tool stops code.py to reach the REPL: whether it copied anything, only checked,
    or stopped on an error, the board soft-reboots into code.py when it is done."""
    drive = board_drive(tmp_path)
    with SerialBoard(drive, "pybadge") as board:
        assert deploy(capsys, "--port", board.port)[0] == 0
    runs = [((), 0), (("--verify-only",), 0), (("--dry-run",), 0),
            (("--board", "pygamer"), 4)]  # an error after entering the REPL
    for args, code in runs:
        with SerialBoard(drive, "pybadge") as board:
            rc, out, err = deploy(capsys, "--port", board.port, *args)
            assert rc == code, (args, err)
            assert wait_for_code_py(board) and board.reboots == 1, args


def test_emulated_board_command_line_has_every_switch(tmp_path, capsys):
    from emulator import serial_board

    parser = serial_board.build_parser()
    board = serial_board.board_from_args(parser.parse_args([
        "--drive", str(tmp_path), "--board", "lilygo_tdisplay_s3", "--version", "10.1.0",
        "--readonly", "--ejected", "--capacity", "64", "--cluster", "1024", "--cut-after", "5000",
        "--no-raw-paste"]))
    assert (board.board_id, board.version, board.hash_algos) == (
        "lilygo_tdisplay_s3", "10.1.0", ("sha1", "sha256"))
    assert board.fs.readonly and not board.fs.usb_visible  # remount works at its REPL
    assert (board.fs.capacity, board.fs.cluster, board.cut_after) == (64 * 1024, 1024, 5000)
    assert not board.raw_paste
    plain = serial_board.board_from_args(parser.parse_args(["--drive", str(tmp_path), "--readonly"]))
    assert plain.fs.usb_visible and plain.fs.capacity is None and plain.cut_after is None
    help_text = parser.format_help()
    for switch in ("--ejected", "--capacity", "--cut-after", "--no-raw-paste"):
        assert switch in help_text
    assert "plain raw REPL" in help_text  # --no-raw-paste says what it does


def test_serial_uses_raw_paste_mode_when_offered(tmp_path):
    with SerialBoard(tmp_path, "pygamer") as board:
        repl = RawRepl(board.port, timeout=5)
        repl.enter()
        assert repl.exec("print(6 * 7)") == b"42\r\n"
        assert repl.used_raw_paste
        with pytest.raises(BoardError) as info:
            repl.exec("open('/missing.txt')")
        assert info.value.errno == 2
        repl.close()


def test_serial_falls_back_to_plain_raw_repl_without_raw_paste(tmp_path):
    with SerialBoard(tmp_path, "pybadge", raw_paste=False) as board:
        target = SerialTarget(board.port, use_raw_paste=True)
        data = bytes(range(256)) * 12  # binary, several chunks
        target.write("/lib/blob.bin", data)
        assert not target.repl.used_raw_paste
        assert target.read("/lib/blob.bin") == data
        target.close()
    assert (tmp_path / "lib" / "blob.bin").read_bytes() == data


def test_connection_cut_in_the_middle_of_a_file_is_repaired_by_the_rerun(repo, tmp_path, capsys):
    # How many bytes a whole deploy sends, on a board of its own.
    with SerialBoard(board_drive(tmp_path / "a"), "pybadge") as board:
        assert deploy(capsys, "--port", board.port)[0] == 0
        total = board.received

    drive = board_drive(tmp_path / "b")
    with SerialBoard(drive, "pybadge", cut_after=total // 2) as board:
        rc, out, err = deploy(capsys, "--port", board.port)
        assert board.unplugged
    assert rc == 9 and "connection to the board" in err and "run the same command again" in err
    partial = list(drive.rglob("*.deploy-tmp"))
    assert len(partial) == 1  # cut inside a file: its temporary copy is half-written
    final = drive / partial[0].relative_to(drive).as_posix()[: -len(".deploy-tmp")]
    assert not final.exists() or final.read_bytes() != partial[0].read_bytes()
    manifest = json.loads((drive / ".deploy-manifest.json").read_text())
    assert manifest["pending"]  # the cut run had announced what it was writing

    with SerialBoard(drive, "pybadge") as board:  # plugged in again
        rc, out, err = deploy(capsys, "--port", board.port)
    assert (rc, err) == (0, "")
    assert_app_on(drive)
    assert (drive / "settings.toml").read_text() == pystack.LINE + "\n# the user's\n"


def test_file_left_open_by_an_interrupted_run_is_closed_before_anything_is_removed(
        repo, tmp_path, capsys):
    """The REPL is entered without a soft reset: the file a cut run was writing can still be
    open on the board as ``f``. The rerun closes it before removing the leftover."""
    drive = board_drive(tmp_path)
    with SerialBoard(drive, "pybadge") as board:
        assert deploy(capsys, "--port", board.port)[0] == 0
    with SerialBoard(drive, "pybadge") as board:
        repl = RawRepl(board.port, timeout=5)
        repl.enter()
        repl.exec("f = open('/lib/firmware/menu.py.deploy-tmp', 'wb')\nw = f.write\nw(b'TITLE')")
        repl.close()  # the host went away; the board kept running with the file open
        assert len(board.fs.open_files) == 1
        rc, out, err = deploy(capsys, "--port", board.port)
        assert (rc, err) == (0, "")
        assert board.fs.hazards == [] and board.fs.open_files == []
    assert not (drive / "lib" / "firmware" / "menu.py.deploy-tmp").exists()
    assert_app_on(drive)


def test_read_only_filesystem_says_the_one_line_fix(repo, tmp_path, capsys):
    drive = board_drive(tmp_path)
    before = snapshot(drive)
    with SerialBoard(drive, "pybadge", readonly=True) as board:
        rc, out, err = deploy(capsys, "--port", board.port)
    assert rc == 6
    assert "read-only to code" in err
    assert 'import storage; storage.remount("/", readonly=False)' in err
    assert snapshot(drive) == before


def test_read_only_fix_works_on_the_emulated_board(repo, tmp_path, capsys):
    drive = board_drive(tmp_path)
    with SerialBoard(drive, "pybadge", readonly=True) as board:
        board.fs.usb_visible = False  # the user ejected CIRCUITPY on the computer
        repl = RawRepl(board.port, timeout=5)
        repl.enter()
        repl.exec('import storage; storage.remount("/", readonly=False)')
        repl.close()
        rc, out, err = deploy(capsys, "--port", board.port)
    assert rc == 0
    assert_app_on(drive)


def test_full_drive_is_refused_before_anything_changes(repo, tmp_path, capsys):
    drive = board_drive(tmp_path)
    before = snapshot(drive)
    with SerialBoard(drive, "pybadge", capacity=64 * 1024) as board:
        rc, out, err = deploy(capsys, "--port", board.port)
    assert rc == 5
    assert "Not enough space on the board" in err and "nothing was changed" in err
    assert snapshot(drive) == before


def test_board_running_out_of_space_mid_file_keeps_the_old_file(tmp_path):
    (tmp_path / "code.py").write_bytes(b"old = True\n")
    with SerialBoard(tmp_path, "clue_nrf52840_express", capacity=16 * 1024) as board:
        target = SerialTarget(board.port)
        with pytest.raises(DeployError) as info:
            target.write("/code.py", b"#" * 40000)
        assert info.value.code == 5 and "ran out of space" in info.value.message
        target.close()
    assert (tmp_path / "code.py").read_bytes() == b"old = True\n"
    assert not list(tmp_path.rglob("*.deploy-tmp"))


def test_serial_verify_only_and_wrong_board(repo, tmp_path, capsys):
    drive = board_drive(tmp_path)
    with SerialBoard(drive, "pybadge") as board:
        assert deploy(capsys, "--port", board.port)[0] == 0
    (drive / "lib" / "firmware" / "menu.py").write_text('TITLE = "changed"\n')
    with SerialBoard(drive, "pybadge") as board:
        rc, out, err = deploy(capsys, "--port", board.port, "--verify-only")
        assert rc == 8 and "/lib/firmware/menu.py" in err
        rc, out, err = deploy(capsys, "--port", board.port, "--board", "pygamer")
        assert rc == 4 and "'pybadge', not 'pygamer'" in err


def test_missing_port_is_a_message(repo, capsys):
    rc, out, err = deploy(capsys, "--port", "/dev/no-such-board")
    assert rc == 3 and "Cannot open the serial port /dev/no-such-board" in err
    assert "python -m serial.tools.list_ports -v" in err  # a way to list them that works


def test_a_port_without_circuitpython_is_the_wrong_board(repo, tmp_path, capsys):
    with SerialBoard(board_drive(tmp_path), "pybadge") as board:
        del board._modules["board"]  # a Python REPL without CircuitPython's board module
        rc, out, err = deploy(capsys, "--port", board.port)
        assert rc == 4 and "does not look like CircuitPython" in err and "--firmware" in err
        assert wait_for_code_py(board)


def test_board_side_helpers_run_under_real_micropython():
    """The snippets the serial path runs on the board, under MicroPython 1.27 (the npm
    WebAssembly build): with hashlib, and with it missing as on the SAMD51 boards."""
    import base64
    import hashlib
    import zlib

    from tests.micropython.host import run
    from tools.deploy_lib.targets import BOARD_HELPERS

    data = b"hello world" + bytes(range(256)) * 5
    program = BOARD_HELPERS + (
        "_md('/deploy/sub')\n"
        "f = open('/deploy/sub/x.bin.deploy-tmp', 'wb')\nw = f.write\n"
        + "".join("w(_a({!r}))\n".format(base64.b64encode(data[i:i + 512]))
                  for i in range(0, len(data), 512))
        + "f.close()\nos.rename('/deploy/sub/x.bin.deploy-tmp', '/deploy/sub/x.bin')\n"
        "_st(['/deploy/sub/x.bin', '/deploy', '/missing'])\n_hm(['/deploy/sub/x.bin'])\n"
        "_ls('/deploy/sub')\n_rd('/deploy/sub/x.bin')\nprint()\n_wp()\n"
        "_rm('/deploy/sub/x.bin')\n_rm('/deploy/sub/x.bin')\n_ls('/deploy/sub')\n"
    )
    for source, check in ((program, ("sha256", hashlib.sha256(data).hexdigest())),
                          (program.replace("import hashlib", "import no_hashlib_here"),
                           ("adler32", "{:08x}".format(zlib.adler32(data))))):
        lines = run(source).splitlines()
        assert lines[0] == "[{}, -1, None]".format(len(data))
        assert lines[1] == repr([check])
        assert lines[2] == "['x.bin']"
        assert base64.b64decode("".join(lines[3:-3])) == data
        assert lines[-3:] == ["", "0", "[]"]


def test_a_cable_pulled_while_the_tool_polls_for_the_boards_flow_control_is_a_lost_connection():
    """The raw paste polls how many bytes the board has sent (its flow control); on a pulled
    cable that poll fails with EIO (Linux), which is the lost connection, not a file error."""

    class Pulled:
        timeout = 1

        def read(self, n):
            return b"\x80\x00"[:n]  # the raw paste's window: 128 bytes

        @property
        def in_waiting(self):
            raise OSError(5, "Input/output error")

        def write(self, data):
            return len(data)

    repl = RawRepl.__new__(RawRepl)
    repl.port, repl.timeout, repl.ser = "/dev/ttyACM0", 1, Pulled()
    with pytest.raises(DeployError) as info:
        repl._send_raw_paste(b"x" * 300)
    assert "connection to the board on /dev/ttyACM0 was lost" in info.value.message
    assert "Input/output error" in info.value.message
