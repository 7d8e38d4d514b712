"""LILYGO T-Display S3 (ESP32-S3 with 8 MB PSRAM): 320x170 TFT on a parallel bus, two buttons
(BUTTON0 = GPIO0 and BUTTON1 = GPIO14, pressed = low). No speaker.

Two buttons: BUTTON0 short = next, long = select; BUTTON1 short = previous, long = back."""

from micropython import const

import board

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B

NAME = "T-Display S3"
_RAM = const(8192)
# bytes of heap code.py gets at boot: the 8 MB PSRAM holds CircuitPython's heap (about 160 KB
# without PSRAM)
HEAP = 8000000
BRIGHTNESS = True
BUTTONS = 2
HINTS = ("KEY", "BOOT", None, None, "hold BOOT", "hold KEY", None, None)
# microcontroller.nvm (CircuitPython 10): one 8 KiB blob in the ESP32-S3's NVS store: every write
# replaces all of it.
NVM_SIZE = 8192
NVM_UNIT = 8192  # bytes one erase clears
NVM_APPEND = False  # erased bytes can be written without an erase
_NVM_CYCLES = const(100000)  # rated erases of a unit


def display():
    return board.DISPLAY


def keys():
    import keypad

    scanner = keypad.Keys((board.BUTTON0, board.BUTTON1), value_when_pressed=False, pull=True)
    return ((scanner, (_DOWN, _UP), (_A, _B)),)


def stick():
    return None


def speaker():
    return None
