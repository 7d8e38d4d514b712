"""Adafruit Feather ESP32-S3 Reverse TFT (ESP32-S3 with PSRAM): 240x135 TFT, three buttons
beside the screen: D0 (the BOOT button, pressed = low) and D1, D2 (pressed = high). No speaker.

D0 short = previous, long = back; D1 short = next, long = select; D2 short = select,
long = START."""

import board

from boards import UP, DOWN, A, B, START

NAME = "Feather ESP32-S3 TFT"
RAM = 2048
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
NVM_CYCLES = 100000  # rated erases of a unit


def display():
    return board.DISPLAY


def keys():
    import keypad

    low = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
    high = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)
    return ((low, (UP,), (B,)), (high, (DOWN, A), (A, START)))


def stick():
    return None


def speaker():
    return None
