"""Flashing CircuitPython with tools/deploy.py: images are checked against the board offline.

The UF2 and ESP images are made here with valid headers (no download); the UF2 bootloader is
emulator/serial_board.py's Uf2Bootloader, which "installs" a good file and brings up CIRCUITPY.
An ESP chip cannot be emulated: the esptool side is checked against a port with no chip.
"""

import contextlib
import struct
import time

import pytest

from emulator.serial_board import Uf2Bootloader
from tests.test_deploy import assert_app_on, deploy, repo, small_repo, snapshot  # noqa: F401
from tools.deploy_lib import boards, firmware
from tools.deploy_lib.errors import DeployError

SAMD51, RP2040 = boards.UF2_FAMILIES["SAMD51"], boards.UF2_FAMILIES["RP2040"]
PYBADGE = ("pybadge", SAMD51, "PYBADGEBOOT", "SAMD51J19A-PyBadge-v0")


@contextlib.contextmanager
def bootloader(monkeypatch, media, *board):
    """An emulated UF2 bootloader drive under ``media``, the only place the tool looks; a
    PyBadge's unless ``board`` gives (board id, family, drive label, board name)."""
    loader = Uf2Bootloader(str(media), *(board or PYBADGE))
    loader.start()
    monkeypatch.setenv("POCKET_DEPLOY_MOUNT_ROOTS", str(media))
    try:
        yield loader
    finally:
        loader.stop()


def make_uf2(family, blocks=4, flags=0x2000):
    """A valid UF2 file: ``blocks`` 512-byte blocks of 256 payload bytes for ``family``."""
    out = bytearray()
    for n in range(blocks):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, flags, 0x4000 + 256 * n, 256, n,
                           blocks, family)
        payload = bytes((n + i) & 0xFF for i in range(256)).ljust(476, b"\0")
        out += head + payload + struct.pack("<I", 0x0AB16F30)
    return bytes(out)


def make_esp_image(chip_id, offset=0):
    """An ESP image header (magic 0xE9, extended header with the chip id) at ``offset``."""
    header = struct.pack("<BBBBI", 0xE9, 1, 2, 0x20, 0x40080000)
    extended = struct.pack("<B3sHBHH4sB", 0xEE, b"\0\0\0", chip_id, 0, 0, 0xFFFF, b"\0" * 4, 0)
    segment = struct.pack("<II", 0x3FCE0000, 16) + b"\0" * 16
    return b"\xff" * offset + header + extended + segment + b"\xff" * 64


def test_uf2_families_are_read_from_every_block():
    assert firmware.uf2_families(make_uf2(SAMD51), "a.uf2") == {SAMD51}
    with pytest.raises(DeployError) as info:
        firmware.uf2_families(make_uf2(SAMD51)[:-1], "cut.uf2")
    assert "not a UF2 file" in info.value.message
    damaged = bytearray(make_uf2(SAMD51))
    damaged[512] ^= 0xFF
    with pytest.raises(DeployError) as info:
        firmware.uf2_families(bytes(damaged), "damaged.uf2")
    assert "block 1" in info.value.message


def test_wrong_family_uf2_is_refused_naming_both(tmp_path):
    with pytest.raises(DeployError) as info:
        firmware.check_uf2(make_uf2(RP2040), "picosystem.uf2", "SAMD51", "Adafruit PyBadge")
    assert info.value.code == 4
    assert "RP2040 (0xe48bff56)" in info.value.message
    assert "SAMD51 (0x55114460)" in info.value.message


def test_wrong_family_uf2_never_reaches_the_bootloader(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media):
        image = tmp_path / "adafruit-circuitpython-pimoroni_picosystem-en_US-10.0.3.uf2"
        image.write_bytes(make_uf2(RP2040))
        before = snapshot(media)
        rc, out, err = deploy(capsys, "--firmware", image, "--wait", 1)
        assert rc == 4 and "RP2040" in err and "SAMD51" in err
        assert snapshot(media) == before


def test_uf2_is_flashed_then_the_app_installed(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media) as loader:
        image = tmp_path / "adafruit-circuitpython-pybadge-en_US-10.0.3.uf2"
        image.write_bytes(make_uf2(SAMD51, blocks=40))
        rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 10)
        assert (rc, err) == (0, "")
        assert loader.installed.is_set()
        assert "flash  [" in out and "copy   [" in out and "verify [" in out
    assert not (media / "PYBADGEBOOT").exists()
    assert_app_on(media / "CIRCUITPY")


def test_damaged_uf2_is_said_before_waiting_for_a_bootloader(repo, tmp_path, capsys):
    image = tmp_path / "cp.uf2"
    image.write_bytes(b"not a uf2 at all")
    t = time.monotonic()
    rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 3)
    assert rc == 2 and "cp.uf2 is not a UF2 file" in err and "bootloader" not in out + err
    assert time.monotonic() - t < 2
    image.write_bytes(make_uf2(RP2040))  # for another chip than --board: said at once too
    rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 3)
    assert rc == 4 and "RP2040" in err and "No UF2 bootloader drive" not in out
    assert time.monotonic() - t < 4


def test_uf2_of_another_board_with_the_same_chip_is_named(repo, tmp_path, capsys, monkeypatch):
    """A PyGamer build on a PyBadge: same chip, so the family check passes; the tool warns
    from the file name, and when the board comes back as a PyGamer it says so at once."""
    media = tmp_path / "media"
    with bootloader(monkeypatch, media):
        image = tmp_path / "adafruit-circuitpython-pygamer-en_US-10.0.3.uf2"
        image.write_bytes(make_uf2(SAMD51, blocks=8))
        t = time.monotonic()
        rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 8)
        assert "warning: adafruit-circuitpython-pygamer-en_US-10.0.3.uf2 is named as CircuitPython " \
            "for 'pygamer', not 'pybadge'" in out
        assert rc == 4 and "came back as 'pygamer'" in err and "not 'pybadge'" in err
        assert time.monotonic() - t < 5


def test_uf2_without_board_option_installs_the_app_on_the_board_that_comes_back(
        repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    with bootloader(monkeypatch, media):
        image = tmp_path / "adafruit-circuitpython-pybadge-en_US-10.0.3.uf2"
        image.write_bytes(make_uf2(SAMD51, blocks=8))
        rc, out, err = deploy(capsys, "--firmware", image, "--wait", 8)
        assert (rc, err) == (0, "")
    assert_app_on(media / "CIRCUITPY")


def test_uf2_without_a_bootloader_drive_says_how_to_start_it(repo, tmp_path, capsys, monkeypatch):
    image = tmp_path / "cp.uf2"
    image.write_bytes(make_uf2(SAMD51))
    rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 0.3)
    assert rc == 3 and "double-click the reset button" in err


def test_bootloader_of_another_chip_than_board_option(repo, tmp_path, capsys, monkeypatch):
    media = tmp_path / "media"
    picosystem = ("pimoroni_picosystem", RP2040, "RPI-RP2", "RPI-RP2")
    with bootloader(monkeypatch, media, *picosystem):
        image = tmp_path / "cp.uf2"
        image.write_bytes(make_uf2(SAMD51))
        rc, out, err = deploy(capsys, "--firmware", image, "--board", "pybadge", "--wait", 1)
        assert rc == 4 and "RP2040 board" in err and "--board pybadge is SAMD51" in err


@pytest.mark.parametrize("chip_id, offset, name", [(9, 0, "ESP32-S3"), (2, 0x1000, "ESP32-S2")])
def test_esp_image_chip_is_read_offline(chip_id, offset, name):
    assert firmware.esp_image_chip(make_esp_image(chip_id, offset), "cp.bin") == name


def test_esp_app_only_image_and_other_files_are_refused():
    with pytest.raises(DeployError) as info:
        firmware.esp_image_chip(make_esp_image(2, 0), "app-only.bin")  # S2 bootloader is at 0x1000
    assert "not a combined one" in info.value.message
    with pytest.raises(DeployError) as info:
        firmware.esp_image_chip(make_uf2(SAMD51), "renamed.bin")
    assert "not an ESP firmware image" in info.value.message


def test_esp_image_for_another_chip_is_refused_naming_both():
    with pytest.raises(DeployError) as info:
        firmware.check_esp("ESP32-S2", "ESP32-S3", "cp.bin")
    assert info.value.code == 4
    assert "cp.bin is an ESP32-S2 image, but the connected chip is an ESP32-S3" in info.value.message


def test_esp_bin_for_another_chip_than_the_board_is_refused_before_connecting(repo, tmp_path, capsys):
    image = tmp_path / "adafruit-circuitpython-espressif_saola_1_wrover-en_US-10.0.3.bin"
    image.write_bytes(make_esp_image(2, 0x1000))
    rc, out, err = deploy(capsys, "--firmware", image, "--board", "lilygo_tdisplay_s3",
                          "--port", "/dev/no-such-port")
    assert rc == 4 and "ESP32-S2 image" in err and "ESP32-S3 board" in err


def test_esp_bin_with_no_chip_on_the_port_says_how_to_enter_download_mode(repo, tmp_path, capsys):
    image = tmp_path / "cp.bin"
    image.write_bytes(make_esp_image(9))
    rc, out, err = deploy(capsys, "--firmware", image, "--board", "lilygo_tdisplay_s3",
                          "--port", str(tmp_path / "no-such-port"))
    assert rc == 10 and "esptool cannot talk to a chip" in err and "hold BOOT" in err


def test_esp_bin_for_another_chip_than_the_connected_one_is_refused(repo, tmp_path, capsys,
                                                                    monkeypatch):
    # An ESP ROM bootloader cannot be emulated here: esptool's chip detection is replaced by
    # the answer an ESP32-S3 gives, and flashing must not be reached.
    flashed = []
    monkeypatch.setattr(firmware, "detect_esp_chip", lambda port: "ESP32-S3")
    monkeypatch.setattr(firmware, "esptool_flash", lambda *args: flashed.append(args))
    image = tmp_path / "adafruit-circuitpython-s2-board-en_US-10.0.3.bin"
    image.write_bytes(make_esp_image(2, 0x1000))
    rc, out, err = deploy(capsys, "--firmware", image, "--port", "/dev/ttyACM0")
    assert rc == 4
    assert "is an ESP32-S2 image, but the connected chip is an ESP32-S3" in err
    assert flashed == []
