"""One small module per supported board, all answering the same questions (deshipu's ugame model).

A board module ``boards/<board_id>.py`` defines:

- ``NAME`` (shown in About), ``HEAP`` (bytes of heap ``code.py`` gets at boot, with its
  source in a comment: the budget ``tools.bench_ram --board`` holds the app to, and the free
  memory the web page's About shows), ``BRIGHTNESS`` (True when the backlight can be dimmed),
  ``BUTTONS`` (how many physical buttons), ``NVM_SIZE``, ``NVM_UNIT``, ``NVM_APPEND`` (the
  NVM's geometry, ``firmware/nvmstore.py``);
- for the desktop's tools, as constants that compile away on the board (read from the source):
  ``_RAM`` (KB of RAM: the RAM class), ``_NVM_CYCLES`` (rated erases of an NVM unit);
- ``display()``: the built-in display (``board.DISPLAY``);
- ``keys()``: a tuple of ``(scanner, short, long)``: a ``keypad`` scanner, the logical key each of
  its key numbers gives on a press, and (two- and three-button boards) the logical key a long
  press gives, or ``None`` when the board has a button for every logical key;
- ``stick()``: ``(x, y)`` analog inputs of a joystick, or ``None``;
- ``speaker()``: ``(kind, pin, enable pin or None)`` with kind ``"dac"`` (audioio) or ``"pwm"``
  (audiopwmio), or ``None`` when the board has no speaker;
- ``HINTS``: how to make each logical key on this board, for the footer (``None``: not
  available).

Logical keys are the small ints below; the firmware turns scans into them (``firmware/buttons``).
"""

try:
    from micropython import const
except ImportError:  # CPython: the tools and tests read this module too

    def const(x):
        return x


_UP = const(0)  # the key codes (device modules keep private copies: tests/test_subset.py)
_DOWN = const(1)
_LEFT = const(2)
_RIGHT = const(3)
_A = const(4)
_B = const(5)
_START = const(6)
_SELECT = const(7)
KEY_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")

SUPPORTED = (
    "pybadge",
    "pygamer",
    "clue_nrf52840_express",
    "adafruit_feather_esp32s3_reverse_tft",
    "lilygo_tdisplay_s3",
    "pimoroni_picosystem",
)


def load(board_id):
    """The module of a supported board, or None for a board this app does not know."""
    if board_id not in SUPPORTED:
        return None
    return getattr(__import__("boards." + board_id), board_id)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    UP = _UP
    DOWN = _DOWN
    LEFT = _LEFT
    RIGHT = _RIGHT
    A = _A
    B = _B
    START = _START
    SELECT = _SELECT
