"""Adafruit PyBadge (SAMD51, 192 KB RAM): 160x128 TFT, eight buttons read through a 74HC165
shift register, a speaker on the A0 DAC behind an amplifier enable pin."""

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

NAME = "PyBadge"
_RAM = const(192)
# bytes of heap code.py gets at boot: about 150 KB on a SAMD51J19 (a Feather M4, the same chip,
# reports 157,376 free before imports on CircuitPython 10), less the 1,536 bytes the larger
# pystack of settings.toml takes (3,072 for the default 1,536: tools/deploy_lib/pystack.py)
HEAP = 148464
BRIGHTNESS = True
BUTTONS = 8
HINTS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
# microcontroller.nvm (CircuitPython 10): the last 8 KiB of the SAMD51's flash: one block, erased
# by every write.
NVM_SIZE = 8192
NVM_UNIT = 8192  # bytes one erase clears
NVM_APPEND = False  # erased bytes can be written without an erase
_NVM_CYCLES = const(25000)  # rated erases of a unit


def display():
    return board.DISPLAY


def keys():
    import keypad

    # Bit order of the shift register: B, A, START, SELECT, RIGHT, DOWN, UP, LEFT.
    scanner = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=8,
        value_when_pressed=True,
    )
    return ((scanner, (_B, _A, _START, _SELECT, _RIGHT, _DOWN, _UP, _LEFT), None),)


def stick():
    return None


def speaker():
    return ("dac", board.SPEAKER, board.SPEAKER_ENABLE)
