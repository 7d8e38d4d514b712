"""Adafruit PyGamer (SAMD51, 192 KB RAM): 160x128 TFT, four buttons (A, B, START, SELECT)
through a shift register, an analog thumb stick, a speaker on the A0 DAC."""

from micropython import const

import board

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_START = const(6)  # boards.START
_SELECT = const(7)  # boards.SELECT

NAME = "PyGamer"
_RAM = const(192)
# bytes of heap code.py gets at boot: about 150 KB (the PyGamer's build targets the SAMD51J19A,
# as the PyBadge; a Feather M4 reports 157,376 free before imports on CircuitPython 10), less
# the 1,536 bytes the larger pystack of settings.toml takes (tools/deploy_lib/pystack.py)
HEAP = 148464
BRIGHTNESS = True
BUTTONS = 4
HINTS = ("stick up", "stick down", "stick left", "stick right", "A", "B", "START", "SELECT")
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

    # Bit order of the shift register: B, A, START, SELECT.
    scanner = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=4,
        value_when_pressed=True,
    )
    return ((scanner, (_B, _A, _START, _SELECT), None),)


def stick():
    import analogio

    return (analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))


def speaker():
    return ("dac", board.SPEAKER, board.SPEAKER_ENABLE)
