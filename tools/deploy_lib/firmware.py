"""Flashing CircuitPython: check the image against the board offline, then flash.

- ``.uf2`` (SAMD51, nRF52840, RP2040, ESP32-S3 with TinyUF2): every 512-byte block carries
  magic numbers and, with flag 0x2000, the chip family id (microsoft/uf2 README, "File
  format"). The file's family must be the board's; it is then copied to the bootloader drive
  and the tool waits for CIRCUITPY to appear.
- ``.bin`` (ESP32-S2/S3): an ESP image starts with magic 0xE9 and a 16-byte extended header
  whose bytes 12-13 are the chip id (esptool's ``ESP32FirmwareImage``; esptool.targets maps
  ids to names: 2 ESP32-S2, 9 ESP32-S3). CircuitPython's combined .bin is written at 0x0;
  for chips whose bootloader lives at 0x1000 (ESP32, ESP32-S2) the header is found there.
  The connected chip is read with esptool (``detect_chip``), then ``esptool write-flash``.
"""

import struct
import subprocess
import sys

from . import boards
from .errors import FLASH_FAILED, MISMATCH, USAGE, DeployError

UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
UF2_FLAG_NOT_MAIN_FLASH = 0x00000001
UF2_FLAG_FAMILY = 0x00002000
ESP_MAGIC = 0xE9


def uf2_families(data, name):
    """The family ids in a UF2 file (a set); DeployError if it is not a UF2 file."""
    if not data or len(data) % 512:
        raise DeployError(USAGE, "{} is not a UF2 file (its size is not a multiple of 512 "
                          "bytes).".format(name), "Download the .uf2 for your board again.")
    families = set()
    for off in range(0, len(data), 512):
        m0, m1, flags = struct.unpack_from("<3I", data, off)
        family = struct.unpack_from("<I", data, off + 28)[0]
        end = struct.unpack_from("<I", data, off + 508)[0]
        if (m0, m1, end) != UF2_MAGIC:
            raise DeployError(USAGE, "{} is not a UF2 file, or is damaged (block {} has no UF2 "
                              "magic numbers).".format(name, off // 512),
                              "Download the .uf2 for your board again.")
        if flags & UF2_FLAG_FAMILY and not flags & UF2_FLAG_NOT_MAIN_FLASH:
            families.add(family)
    return families


def check_uf2(data, name, chip, board_label):
    """Refuse a UF2 whose family is not ``chip``'s, naming both."""
    families = uf2_families(data, name)
    want = boards.UF2_FAMILIES.get(chip)
    if want is None:
        raise DeployError(MISMATCH, "{} has no UF2 bootloader family this tool knows.".format(
            board_label), "Flash CircuitPython for it another way (see docs/deploy.md).")
    if not families:
        raise DeployError(MISMATCH, "{} does not say which chip it is for (no family id), so it "
                          "cannot be checked against {}.".format(name, board_label),
                          "Use the .uf2 from circuitpython.org for your board.")
    if want not in families:
        raise DeployError(
            MISMATCH,
            "{} is for {}, but {} is {}: refusing to flash it.".format(
                name, " and ".join(boards.family_name(f) for f in sorted(families)), board_label,
                boards.family_name(want)),
            "Download the CircuitPython .uf2 for your board from circuitpython.org/board/<board id>/.",
        )


def esp_image_chip(data, name):
    """The chip name an ESP image is built for ('ESP32-S3'), read from its header offline.

    The file is written at 0x0, so its bootloader header must sit at the chip's bootloader
    offset (0x0 for ESP32-S3, 0x1000 for ESP32-S2): an app-only image is refused."""
    from esptool.targets import ROM_LIST

    for offset in (0x0, 0x1000, 0x2000):
        if len(data) < offset + 24 or data[offset] != ESP_MAGIC:
            continue
        chip_id = struct.unpack_from("<H", data, offset + 12)[0]
        rom = next((r for r in ROM_LIST if getattr(r, "IMAGE_CHIP_ID", None) == chip_id), None)
        if rom is None:
            raise DeployError(USAGE, "{} is an ESP image for an unknown chip (id {}).".format(
                name, chip_id), "Download the CircuitPython .bin for your board again.")
        if rom.BOOTLOADER_FLASH_OFFSET != offset:
            raise DeployError(USAGE, "{} is an {} image, but not a combined one: its first header "
                              "is at 0x{:x}, where the {} bootloader does not live.".format(
                                  name, rom.CHIP_NAME, offset, rom.CHIP_NAME),
                              "Use CircuitPython's combined .bin (the one meant for 0x0).")
        return rom.CHIP_NAME
    raise DeployError(USAGE, "{} is not an ESP firmware image (no 0xE9 header at 0x0 or "
                      "0x1000).".format(name),
                      "For ESP32-S2/S3 boards use CircuitPython's combined .bin; for other boards "
                      "the .uf2.")


def check_esp(image_chip, connected_chip, name):
    if image_chip != connected_chip:
        raise DeployError(
            MISMATCH,
            "{} is an {} image, but the connected chip is an {}: refusing to flash it.".format(
                name, image_chip, connected_chip),
            "Download the CircuitPython .bin for your board (an {} board).".format(connected_chip),
        )


ESP_DOWNLOAD_HINT = (
    "Put the board in download mode: hold BOOT (GPIO0), press and release RESET, release BOOT; "
    "then run the same command again with --port set to the port that appears."
)


def detect_esp_chip(port):
    """The chip name esptool reads from the chip on ``port`` ('ESP32-S3')."""
    try:
        from esptool.cmds import detect_chip

        esp = detect_chip(port)
        try:
            return esp.CHIP_NAME
        finally:
            esp._port.close()
    except Exception as exc:  # esptool raises FatalError, serial and OS errors alike
        raise DeployError(FLASH_FAILED, "esptool cannot talk to a chip on {}: {}".format(port, exc),
                          ESP_DOWNLOAD_HINT)


def esptool_flash(port, chip, path, out):
    """Write a combined CircuitPython .bin at 0x0 with esptool (v5 command names)."""
    cmd = [sys.executable, "-m", "esptool", "--chip", chip.lower().replace("-", ""),
           "--port", port, "write-flash", "0x0", str(path)]
    out("running: " + " ".join(cmd))
    try:
        proc = subprocess.run(cmd)
    except OSError as exc:
        raise DeployError(FLASH_FAILED, "esptool could not start: {}".format(exc),
                          "Reinstall the pinned packages (pip install -r requirements.txt).")
    if proc.returncode != 0:
        raise DeployError(FLASH_FAILED, "esptool failed (exit code {}); see its messages above."
                          .format(proc.returncode),
                          ESP_DOWNLOAD_HINT + " A board that stops mid-write still has its ROM "
                          "bootloader, so it stays recoverable.")


def copy_uf2(data, dest, bar):
    """Copy a UF2 to the bootloader drive. The bootloader resets when the last block lands, so
    an error after every byte is written is expected on some systems and ignored."""
    written = 0
    try:
        with open(dest, "wb") as f:
            for i in range(0, len(data), 16384):
                f.write(data[i:i + 16384])
                f.flush()
                written += len(data[i:i + 16384])
                bar.advance(len(data[i:i + 16384]))
    except OSError as exc:
        if written < len(data):
            raise DeployError(FLASH_FAILED, "Copying to the bootloader drive failed after {} of {} "
                              "bytes: {}".format(written, len(data), exc),
                              "The bootloader is still there: double-click reset to start it "
                              "again, then rerun the same command.")
