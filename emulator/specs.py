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
    "Spec", "board_id name width height buttons logical nvm_size ram_kb speaker shift_register"
)

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
    8192, 192, ("dac", "SPEAKER", "SPEAKER_ENABLE"), _SR,
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
    8192, 192, ("dac", "SPEAKER", "SPEAKER_ENABLE"), _SR,
))

_add(Spec(
    "clue_nrf52840_express", "Adafruit CLUE", 240, 240,
    (
        Button("A", "a", ("pin", "BUTTON_A", False, True)),
        Button("B", "b", ("pin", "BUTTON_B", False, True)),
    ),
    {"DOWN": ("A", SHORT), "UP": ("B", SHORT), "A": ("A", LONG), "B": ("B", LONG)},
    8192, 256, ("pwm", "SPEAKER", None), None,
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
    8192, 2048, None, None,
))

_add(Spec(
    "lilygo_tdisplay_s3", "LILYGO T-Display S3", 320, 170,
    (
        Button("BOOT", "b", ("pin", "BUTTON0", False, True)),
        Button("KEY", "k", ("pin", "BUTTON1", False, True)),
    ),
    {"DOWN": ("BOOT", SHORT), "A": ("BOOT", LONG), "UP": ("KEY", SHORT), "B": ("KEY", LONG)},
    8192, 8192, None, None,
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
    4096, 264, ("pwm", "AUDIO", None), None,
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
