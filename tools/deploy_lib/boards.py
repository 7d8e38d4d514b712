"""Facts about the six supported boards, and the chip families the deploy tool knows.

Sources (checked with the project's search tool; the board files are CircuitPython's
``ports/<port>/boards/<board_id>/mpconfigboard.mk``):

- pybadge: adafruit/circuitpython ports/atmel-samd/boards/pybadge/mpconfigboard.mk
  (USB_VID 0x239A, USB_PID 0x8034, CHIP_FAMILY samd51)
- pygamer: adafruit/circuitpython ports/atmel-samd/boards/pygamer/mpconfigboard.mk
  (0x239A:0x803E, samd51)
- clue_nrf52840_express: ports/nordic/boards/clue_nrf52840_express/mpconfigboard.mk
  (0x239A:0x8072, nrf52840; CIRCUITPY_HASHLIB = 1)
- adafruit_feather_esp32s3_reverse_tft: adafruit/circuitpython
  ports/espressif/boards/adafruit_feather_esp32s3_reverse_tft/mpconfigboard.mk (0x239A:0x8124,
  IDF_TARGET esp32s3; ships with a TinyUF2 bootloader, so .uf2 and .bin both work)
- lilygo_tdisplay_s3: ports/espressif/boards/lilygo_tdisplay_s3/mpconfigboard.mk
  (0x303A:0x813F, esp32s3; a fork shows 0x81B6, so both are accepted; no UF2 bootloader,
  CircuitPython goes on with esptool and a .bin)
- pimoroni_picosystem: ports/raspberrypi/boards/pimoroni_picosystem/mpconfigboard.mk
  (0x16D0:0x08C8, RP2040)
- Espressif ROM download mode (USB-Serial/JTAG) is 0x303A:0x1001 (esptool's documentation and
  Espressif board definitions).

UF2 family ids: microsoft/uf2 ``utils/uf2families.json`` (SAMD51 0x55114460, NRF52840
0xada52840, ESP32S2 0xbfdd4eee, ESP32S3 0xc47e5767, RP2040 0xe48bff56).

Which boards have ``hashlib``: the "Included modules" line of each board stub in the pinned
``circuitpython-stubs`` (board_definitions/<board_id>/__init__.pyi): the two SAMD51 boards lack
it, so the deploy tool checks files there with a checksum computed in Python on the board.
"""

from collections import namedtuple

Board = namedtuple("Board", "board_id name chip usb_ids uf2 hashlib")

# chip name -> UF2 family id (microsoft/uf2 utils/uf2families.json)
UF2_FAMILIES = {
    "SAMD21": 0x68ED2B88,
    "SAMD51": 0x55114460,
    "nRF52840": 0xADA52840,
    "ESP32-S2": 0xBFDD4EEE,
    "ESP32-S3": 0xC47E5767,
    "RP2040": 0xE48BFF56,
}

BOARDS = {
    b.board_id: b
    for b in (
        Board("pybadge", "Adafruit PyBadge", "SAMD51", ((0x239A, 0x8034),), True, False),
        Board("pygamer", "Adafruit PyGamer", "SAMD51", ((0x239A, 0x803E),), True, False),
        Board("clue_nrf52840_express", "Adafruit CLUE", "nRF52840", ((0x239A, 0x8072),), True, True),
        Board(
            "adafruit_feather_esp32s3_reverse_tft",
            "Adafruit Feather ESP32-S3 Reverse TFT",
            "ESP32-S3",
            ((0x239A, 0x8124),),
            True,
            True,
        ),
        Board(
            "lilygo_tdisplay_s3",
            "LILYGO T-Display S3",
            "ESP32-S3",
            ((0x303A, 0x813F), (0x303A, 0x81B6)),
            False,
            True,
        ),
        Board("pimoroni_picosystem", "Pimoroni PicoSystem", "RP2040", ((0x16D0, 0x08C8),), True, True),
    )
}

# USB ids of chips waiting in a ROM bootloader that speaks esptool's protocol.
ESP_DOWNLOAD_MODE_IDS = ((0x303A, 0x1001),)


def family_name(family_id):
    """'SAMD51 (0x55114460)' for a known UF2 family id, else just the hex id."""
    for chip, fid in UF2_FAMILIES.items():
        if fid == family_id:
            return "{} (0x{:08x})".format(chip, family_id)
    return "an unknown chip family (0x{:08x})".format(family_id)


def board_for_usb(vid, pid):
    """The Board whose CircuitPython USB id is vid:pid, or None."""
    for board in BOARDS.values():
        if (vid, pid) in board.usb_ids:
            return board
    return None


def chip_from_uf2_info(text):
    """Guess the chip from a UF2 bootloader's INFO_UF2.TXT ('Board-ID: SAMD51J19A-...')."""
    for line in text.splitlines():
        if line.lower().startswith("board-id:"):
            value = line.split(":", 1)[1].strip().upper()
            for prefix, chip in (
                ("SAMD51", "SAMD51"),
                ("SAMD21", "SAMD21"),
                ("NRF52840", "nRF52840"),
                ("RPI-RP2", "RP2040"),
                ("RP2040", "RP2040"),
                ("ESP32S3", "ESP32-S3"),
                ("ESP32-S3", "ESP32-S3"),
                ("ESP32S2", "ESP32-S2"),
                ("ESP32-S2", "ESP32-S2"),
            ):
                if value.startswith(prefix):
                    return chip
    return None
