"""Adafruit CLUE (nRF52840, 256 KB RAM): 240x240 TFT, two buttons A and B (pressed = low),
a speaker driven by PWM.

Two buttons: A short = next, A long = select; B short = previous, B long = back."""

from micropython import const

import board

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B

NAME = "CLUE"
_RAM = const(256)
# bytes of heap code.py gets at boot: about 130-140 KB, the tightest board (the BLE SoftDevice
# reserves 56 KB of the 256 and SPIM3 8 KB; 144,080 free after board/displayio on CircuitPython
# 5.3, about 137 KB reported on 9.2), less the 1,024 bytes the larger pystack of settings.toml
# takes (3,072 for the default 2,048: tools/deploy_lib/pystack.py)
HEAP = 128976
BRIGHTNESS = True
BUTTONS = 2
HINTS = ("B", "A", None, None, "hold A", "hold B", None, None)
# microcontroller.nvm (CircuitPython 10): two 4 KiB pages of the nRF52840's flash: a write erases
# each page it touches.
NVM_SIZE = 8192
NVM_UNIT = 4096  # bytes one erase clears
NVM_APPEND = False  # erased bytes can be written without an erase
_NVM_CYCLES = const(10000)  # rated erases of a unit


def display():
    return board.DISPLAY


def keys():
    import keypad

    scanner = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False, pull=True)
    return ((scanner, (_DOWN, _UP), (_A, _B)),)


def stick():
    return None


def speaker():
    return ("pwm", board.SPEAKER, None)
