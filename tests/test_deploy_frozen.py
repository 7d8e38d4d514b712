"""tools/deploy.py with CircuitPython that has the app frozen in (tools.build_firmware): the
image is checked against the board, then only code.py (a stub), the app's data files and a
marker go on the drive; stale copies of the app in /lib are removed, and said.

The drives are folders and the UF2 bootloader is emulator/serial_board.py's, as in
tests/test_deploy_firmware.py; the images are small valid UF2 files with the JSON
tools.build_firmware writes beside a real one.
"""

import json
import shutil

from emulator.serial_board import boot_out_text
from tests.test_deploy import deploy, make_drive, repo, small_repo, snapshot  # noqa: F401
from tests.test_deploy_firmware import PYBADGE, SAMD51, bootloader, make_uf2
from tools.build_firmware.app import STUB, app_digest
from tools.deploy_lib import frozen, layout


def frozen_image(tmp_path, board="pybadge", digest=None, name=None, flags=0x2000):
    """A UF2 for the SAMD51 and the JSON tools.build_firmware writes beside it."""
    image = tmp_path / (name or "circuitpython-10.0.3-%s-app.uf2" % board)
    image.write_bytes(make_uf2(SAMD51, blocks=8, flags=flags))
    info = {"board": board, "app_digest": digest or app_digest(layout.REPO),
            "circuitpython": "10.0.3", "image": str(image)}
    (tmp_path / (image.name + ".json")).write_text(json.dumps(info))
    return image


def unmount_until_flashed(loader, drive):
    """The drive goes away while the bootloader runs and comes back, with its files, when the
    image is installed (a real board keeps its CIRCUITPY filesystem across a flash)."""
    saved = drive.parent / "saved-flash"
    shutil.move(str(drive), str(saved))
    install = loader._install

    def _install(name=""):
        shutil.move(str(saved), str(drive))
        install(name)

    loader._install = _install


def lib_files(drive):
    """The app's copies in /lib (libraries such as adafruit_display_text are not frozen: the
    test app imports one, and it is installed either way)."""
    return sorted(p for p in snapshot(drive)
                  if p.startswith(("lib/firmware/", "lib/boards/", "lib/shared_rules/")))


def test_a_frozen_image_for_another_board_is_refused_before_flashing(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media) as loader:
        image = frozen_image(tmp_path, board="pygamer")  # same chip: the UF2 check passes
        before = snapshot(media)
        rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 2)
        assert rc == 4
        assert "app frozen in for 'pygamer'" in err and "not for 'pybadge'" in err
        assert "tools.build_firmware --board pybadge" in err
        assert snapshot(media) == before and not loader.installed.is_set()


def test_a_frozen_image_gets_only_the_stub_and_a_marker(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media) as loader:
        rc, out, err = deploy(capsys, "--firmware", frozen_image(tmp_path), "--wait", 10)
        assert (rc, err) == (0, "")
        assert loader.installed.is_set()
    drive = media / "CIRCUITPY"
    assert (drive / "code.py").read_text() == STUB
    assert lib_files(drive) == []  # no app copy in /lib (the test app has no data files)
    assert (drive / "lib" / "adafruit_display_text").is_dir()  # the library it imports
    marker = json.loads((drive / ".frozen-app.json").read_text())
    assert marker["board"] == "pybadge"
    assert marker["boot_out"] == boot_out_text("pybadge").split("\n", 1)[0]
    assert "the app is frozen into this board's CircuitPython" in out


def test_the_image_names_the_board_when_no_board_option_is_given(repo, tmp_path, capsys, monkeypatch):
    """The image's JSON says pybadge: a board that comes back as another is refused (exit 4)."""
    media = tmp_path / "media"
    pygamer = ("pygamer", SAMD51, "PYGAMERBOOT", "SAMD51J19A-PyGamer-v0")
    with bootloader(monkeypatch, media, *pygamer):
        rc, out, err = deploy(capsys, "--firmware", frozen_image(tmp_path), "--wait", 8)
        assert rc == 4 and "came back as 'pygamer'" in err and "not 'pybadge'" in err


def test_flashing_the_frozen_image_removes_the_apps_old_copies_in_lib_and_says_so(
        repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    drive = make_drive(media / "CIRCUITPY")
    rc, out, err = deploy(capsys, "--drive", drive)  # the app as files first
    assert rc == 0 and lib_files(drive)
    (drive / "lib" / "firmware" / "mine.py").write_text("# a file the tool did not write\n")
    with bootloader(monkeypatch, media) as loader:
        unmount_until_flashed(loader, drive)
        rc, out, err = deploy(capsys, "--firmware", frozen_image(tmp_path), "--wait", 10)
    assert (rc, err) == (0, "")
    assert "stale copies of the app in /lib, removed:" in out
    assert "left alone (delete them yourself): /lib/firmware/mine.py" in out
    assert lib_files(drive) == ["lib/firmware/mine.py"]
    assert (drive / "code.py").read_text() == STUB
    assert (drive / "settings.toml").exists()  # the user's files stay


def test_a_files_deploy_onto_a_board_running_the_frozen_image_keeps_it_frozen(
        repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media):
        assert deploy(capsys, "--firmware", frozen_image(tmp_path), "--wait", 10)[0] == 0
    drive = media / "CIRCUITPY"
    # an old files deploy's copies come back somehow (another machine's deploy tool, say)
    (drive / "lib" / "firmware").mkdir(parents=True)
    (drive / "lib" / "firmware" / "menu.py").write_text("TITLE = 'old'\n")
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0
    assert "the app is frozen into this board's CircuitPython" in out
    assert "/lib/firmware/menu.py" in out  # named, not ours: left alone
    assert (drive / "code.py").read_text() == STUB


def test_a_frozen_app_older_than_the_checkout_is_said(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media):
        rc, out, err = deploy(capsys, "--firmware", frozen_image(tmp_path, digest="0" * 64),
                              "--wait", 10)
    assert rc == 0
    assert "the frozen app is not this checkout's" in out
    assert "python -m tools.build_firmware --board pybadge" in out


def test_another_circuitpython_flashed_since_makes_it_a_files_board_again(
        repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media):
        assert deploy(capsys, "--firmware", frozen_image(tmp_path), "--wait", 10)[0] == 0
    drive = media / "CIRCUITPY"
    (drive / "boot_out.txt").write_text(boot_out_text("pybadge", "10.1.0"))  # stock, newer
    rc, out, err = deploy(capsys, "--drive", drive)
    assert rc == 0 and "frozen" not in out
    assert (drive / "code.py").read_bytes() == (layout.REPO / "firmware" / "code.py").read_bytes()
    assert lib_files(drive)


def test_an_image_without_the_builds_json_is_flashed_as_any_circuitpython(repo, tmp_path, capsys,
                                                                       monkeypatch):
    media = tmp_path / "media"
    image = tmp_path / "adafruit-circuitpython-pybadge-en_US-10.0.3.uf2"
    image.write_bytes(make_uf2(SAMD51, blocks=8))
    assert frozen.image_info(image) is None
    with bootloader(monkeypatch, media, *PYBADGE):
        rc, out, err = deploy(capsys, "--firmware", image, "--wait", 10)
    assert rc == 0 and "frozen" not in out
    assert lib_files(media / "CIRCUITPY")


def test_a_samd51_image_without_family_ids_is_flashed_on_its_jsons_word(repo, tmp_path, capsys,
                                                                       monkeypatch):
    """CircuitPython's atmel-samd build writes its UF2 without family ids (no -f to uf2conv):
    the image's JSON names the board instead; the same file without it is refused."""
    media = tmp_path / "media"
    image = frozen_image(tmp_path, flags=0)
    with bootloader(monkeypatch, media) as loader:
        # the emulated bootloader counts only blocks of its family; a SAMD51's takes blocks
        # without a family id too (CircuitPython's own SAMD51 UF2 files are such)
        loader._complete_blocks = lambda data: (set(range(len(data) // 512)), len(data) // 512)
        rc, out, err = deploy(capsys, "--firmware", image, "--wait", 10)
        assert (rc, err) == (0, "") and loader.installed.is_set()
    assert (media / "CIRCUITPY" / "code.py").read_text() == STUB
    (tmp_path / (image.name + ".json")).unlink()
    rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 1)
    assert rc == 4 and "does not say which chip it is for" in err


def test_run_as_a_script_a_deploy_onto_a_frozen_board_finds_the_build_tools_stub(tmp_path):
    """tools/deploy.py puts tools/ (not the repository) on sys.path: the stub and the digest
    still come from tools/build_firmware (run from another folder, as a maker would)."""
    import os
    import subprocess
    import sys

    drive = make_drive(tmp_path / "CIRCUITPY")
    line = (drive / "boot_out.txt").read_text().split("\n", 1)[0]
    # the marker as a deploy with the image wrote it (its bytes: it is one of the app's files)
    (drive / ".frozen-app.json").write_text(json.dumps(
        {"board": "pybadge", "app_digest": "0" * 64, "boot_out": line}, indent=1, sort_keys=True) + "\n")
    env = dict(os.environ, POCKET_DEPLOY_MOUNT_ROOTS=str(tmp_path / "none"), POCKET_DEPLOY_PORTS="")
    p = subprocess.run([sys.executable, str(layout.REPO / "tools" / "deploy.py"), "--drive", str(drive)],
                       cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "the app is frozen into this board's CircuitPython" in p.stdout
    assert "the frozen app is not this checkout's" in p.stdout
    assert (drive / "code.py").read_text() == STUB
