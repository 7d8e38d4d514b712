"""Pimoroni PicoSystem (RP2040, 264 KB RAM): 240x240 TFT, a d-pad and A, B, X, Y (pressed = low),
a piezo speaker driven by PWM. X is SELECT and Y is START."""

from micropython import const

import board

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_START = const(6)  # boards.START
_SELECT = const(7)  # boards.SELECT

NAME = "PicoSystem"
_RAM = const(264)
# bytes of heap code.py gets at boot: about 170 KB on an RP2040 (a Pico on CircuitPython 10.1.4
# reports 171,440), less the 1,024 bytes the larger pystack of settings.toml takes (3,072 for
# the default 2,048: tools/deploy_lib/pystack.py)
HEAP = 168976
BRIGHTNESS = True
BUTTONS = 8
HINTS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "Y", "X")
# microcontroller.nvm (CircuitPython 10): one 4 KiB sector of the RP2040's QSPI flash: bytes
# still erased are programmed without an erase.
NVM_SIZE = 4096
NVM_UNIT = 4096  # bytes one erase clears
NVM_APPEND = True  # erased bytes can be written without an erase
_NVM_CYCLES = const(100000)  # rated erases of a unit


def display():
    return board.DISPLAY


def keys():
    import keypad

    scanner = keypad.Keys(
        (board.SW_UP, board.SW_DOWN, board.SW_LEFT, board.SW_RIGHT,
         board.SW_A, board.SW_B, board.SW_Y, board.SW_X),
        value_when_pressed=False,
        pull=True,
    )
    return ((scanner, (_UP, _DOWN, _LEFT, _RIGHT, _A, _B, _START, _SELECT), None),)


def stick():
    return None


def speaker():
    return ("pwm", board.AUDIO, None)
