"""Adafruit Feather ESP32-S3 Reverse TFT (ESP32-S3 with PSRAM): 240x135 TFT, three buttons
beside the screen: D0 (the BOOT button, pressed = low) and D1, D2 (pressed = high). No speaker.

D0 short = previous, long = back; D1 short = next, long = select; D2 short = select,
long = START."""

from micropython import const

import board

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_START = const(6)  # boards.START

NAME = "Feather ESP32-S3 TFT"
_RAM = const(2048)
# bytes of heap code.py gets at boot: the 2 MB PSRAM holds CircuitPython's heap (about 160 KB
# without PSRAM)
HEAP = 2000000
BRIGHTNESS = True
BUTTONS = 3
HINTS = ("D0", "D1", None, None, "D2", "hold D0", "hold D2", None)
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

    low = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
    high = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)
    return ((low, (_UP,), (_B,)), (high, (_DOWN, _A), (_A, _START)))


def stick():
    return None


def speaker():
    return None
