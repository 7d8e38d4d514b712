"""The hardware the emulator models, one entry per board: screen, buttons and how they are wired,
NVM size (CircuitPython's ``CIRCUITPY_INTERNAL_NVM_SIZE``), RAM in KB, speaker ``(kind, pin,
amplifier enable pin)`` with kind ``dac`` or ``pwm``.

This is the board's real wiring (from its documentation), kept apart from ``boards/<id>.py`` on
purpose: when a board module reads a button the wrong way, the emulator shows it.

Button wiring:

- ``("pin", PIN, pressed_level, idle_level)``: a button on a GPIO pin;
- ``("sr", DATA_PIN, bit, pressed_level)``: bit ``bit`` of the shift register read on
  ``DATA_PIN`` (clock ``BUTTON_CLOCK``, latch ``BUTTON_LATCH``);
- ``("stick", PIN, value)``: pushing the analog stick sets ``PIN`` to ``value`` (centre 32768).

``logical`` says how a person makes each logical key on that board: ``(button, hold ms)``.
"""

from collections import namedtuple

Button = namedtuple("Button", "name keyboard wiring")
Spec = namedtuple(
    "Spec",
    "board_id name width height buttons logical nvm_size ram_kb speaker shift_register flash",
    defaults=(None,),
)
# How CircuitPython 10 writes the board's ``microcontroller.nvm`` (emulator.standins.FileNVM):
# ``kind`` rewrite / rp2040 / nvs, ``unit`` the erase unit in bytes (NVS: its page),
# ``endurance`` the rated erase cycles of a unit, ``nvs_pages`` the pages of the ESP32's NVS
# partition, ``chip`` where the figures come from.
Flash = namedtuple("Flash", "kind unit endurance nvs_pages chip")

# ports/atmel-samd: the NVM is the last 8 KiB of flash, one NVMCTRL block (FLASH_ERASE_SIZE);
# ASF4's _flash_write reads the block, erases it and programs its 16 pages again. SAM D5x
# datasheet: 25,000 cycles minimum.
SAMD51 = Flash("rewrite", 8192, 25000, 0, "SAMD51J19/J20 internal flash")
# ports/nordic: 8 KiB below the CIRCUITPY area, two 4 KiB pages; write_page erases every page
# the write touches (nrf_nvm_safe_flash_page_write). nRF52840: 10,000 cycles.
NRF52840 = Flash("rewrite", 4096, 10000, 0, "nRF52840 internal flash")
# ports/raspberrypi: 4 KiB after the firmware, one sector of the QSPI flash; bytes still 0xFF are
# programmed without an erase, anything else erases and programs the sector. W25Q-series QSPI
# flash: 100,000 cycles.
RP2040 = Flash("rp2040", 4096, 100000, 0, "RP2040 QSPI flash (W25Q series)")
# ports/espressif: one 8 KiB blob "data" in the NVS partition (20 KiB: 5 pages of 4 KiB in the
# 4MB and 16MB partition tables); every write erases the blob and writes a new one.
ESP32S3 = Flash("nvs", 4096, 100000, 5, "ESP32-S3 SPI flash, NVS partition 20 KiB")

SHORT = 60  # ms a button is held for a press
LONG = 800  # ms a button is held for a long press (the firmware's threshold is 600)

_SR = ("BUTTON_OUT", "BUTTON_CLOCK", "BUTTON_LATCH")


def _direct(*names):
    return {n: (n, SHORT) for n in names}


SPECS = {}


def _add(spec):
    SPECS[spec.board_id] = spec


_add(Spec(
    "pybadge", "Adafruit PyBadge", 160, 128,
    (
        Button("LEFT", "left", ("sr", "BUTTON_OUT", 7, True)),
        Button("UP", "up", ("sr", "BUTTON_OUT", 6, True)),
        Button("DOWN", "down", ("sr", "BUTTON_OUT", 5, True)),
        Button("RIGHT", "right", ("sr", "BUTTON_OUT", 4, True)),
        Button("SELECT", "space", ("sr", "BUTTON_OUT", 3, True)),
        Button("START", "return", ("sr", "BUTTON_OUT", 2, True)),
        Button("B", "z", ("sr", "BUTTON_OUT", 0, True)),
        Button("A", "x", ("sr", "BUTTON_OUT", 1, True)),
    ),
    _direct("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"),
    8192, 192, ("dac", "SPEAKER", "SPEAKER_ENABLE"), _SR, SAMD51,
))

_add(Spec(
    "pygamer", "Adafruit PyGamer", 160, 128,
    (
        Button("LEFT", "left", ("stick", "JOYSTICK_X", 0)),
        Button("UP", "up", ("stick", "JOYSTICK_Y", 0)),
        Button("DOWN", "down", ("stick", "JOYSTICK_Y", 65535)),
        Button("RIGHT", "right", ("stick", "JOYSTICK_X", 65535)),
        Button("SELECT", "space", ("sr", "BUTTON_OUT", 3, True)),
        Button("START", "return", ("sr", "BUTTON_OUT", 2, True)),
        Button("B", "z", ("sr", "BUTTON_OUT", 0, True)),
        Button("A", "x", ("sr", "BUTTON_OUT", 1, True)),
    ),
    _direct("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"),
    8192, 192, ("dac", "SPEAKER", "SPEAKER_ENABLE"), _SR, SAMD51,
))

_add(Spec(
    "clue_nrf52840_express", "Adafruit CLUE", 240, 240,
    (
        Button("A", "a", ("pin", "BUTTON_A", False, True)),
        Button("B", "b", ("pin", "BUTTON_B", False, True)),
    ),
    {"DOWN": ("A", SHORT), "UP": ("B", SHORT), "A": ("A", LONG), "B": ("B", LONG)},
    8192, 256, ("pwm", "SPEAKER", None), None, NRF52840,
))

_add(Spec(
    "adafruit_feather_esp32s3_reverse_tft", "Adafruit Feather ESP32-S3 Reverse TFT", 240, 135,
    (
        Button("D0", "0", ("pin", "D0", False, True)),
        Button("D1", "1", ("pin", "D1", True, False)),
        Button("D2", "2", ("pin", "D2", True, False)),
    ),
    {"UP": ("D0", SHORT), "B": ("D0", LONG), "DOWN": ("D1", SHORT), "A": ("D2", SHORT),
     "START": ("D2", LONG)},
    8192, 2048, None, None, ESP32S3,
))

_add(Spec(
    "lilygo_tdisplay_s3", "LILYGO T-Display S3", 320, 170,
    (
        Button("BOOT", "b", ("pin", "BUTTON0", False, True)),
        Button("KEY", "k", ("pin", "BUTTON1", False, True)),
    ),
    {"DOWN": ("BOOT", SHORT), "A": ("BOOT", LONG), "UP": ("KEY", SHORT), "B": ("KEY", LONG)},
    8192, 8192, None, None, ESP32S3,
))

_add(Spec(
    "pimoroni_picosystem", "Pimoroni PicoSystem", 240, 240,
    (
        Button("LEFT", "left", ("pin", "SW_LEFT", False, True)),
        Button("UP", "up", ("pin", "SW_UP", False, True)),
        Button("DOWN", "down", ("pin", "SW_DOWN", False, True)),
        Button("RIGHT", "right", ("pin", "SW_RIGHT", False, True)),
        Button("X", "space", ("pin", "SW_X", False, True)),
        Button("Y", "return", ("pin", "SW_Y", False, True)),
        Button("B", "z", ("pin", "SW_B", False, True)),
        Button("A", "x", ("pin", "SW_A", False, True)),
    ),
    {"UP": ("UP", SHORT), "DOWN": ("DOWN", SHORT), "LEFT": ("LEFT", SHORT),
     "RIGHT": ("RIGHT", SHORT), "A": ("A", SHORT), "B": ("B", SHORT), "START": ("Y", SHORT),
     "SELECT": ("X", SHORT)},
    4096, 264, ("pwm", "AUDIO", None), None, RP2040,
))

DEFAULT_BOARD = "pybadge"


def spec(board_id):
    """The spec of a board id; ValueError naming the known boards otherwise."""
    if board_id not in SPECS:
        raise ValueError(
            "unknown board '" + str(board_id) + "'; the emulator knows: " + ", ".join(SPECS)
        )
    return SPECS[board_id]


def button(spec_, name):
    """The Button of a board by name (case-insensitive); ValueError otherwise."""
    for b in spec_.buttons:
        if b.name.lower() == str(name).lower():
            return b
    raise ValueError(
        "the " + spec_.name + " has no button '" + str(name) + "' (buttons: "
        + ", ".join(b.name for b in spec_.buttons) + ")"
    )
