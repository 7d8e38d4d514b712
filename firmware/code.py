"""Boot: find the board, load its module from boards/, start the app.

On the board this file is CIRCUITPY/code.py; firmware/, boards/, shared_rules/ and the Adafruit
libraries live in CIRCUITPY/lib/.
"""

import board

try:
    import terminalio  # noqa: F401
except ImportError:  # the app draws all its text with terminalio's font: say what to do
    terminalio = None


def no_terminalio():
    """CircuitPython for the PyBadge and PyGamer in Japanese, Korean and Russian leaves out
    terminalio (no room for its font; ports/atmel-samd/boards/pybadge/mpconfigboard.mk). Say
    so on the console, and on the screen in 3x5 pixel letters (15 bits a letter, row by row)."""
    print("Pocket Phase 10 draws its text with terminalio, which this CircuitPython build "
          "leaves out (PyBadge and PyGamer builds in ja, ko and ru). Flash CircuitPython 10 "
          "in another language, e.g. en_US: https://circuitpython.org/board/"
          + board.board_id + "/")
    display = getattr(board, "DISPLAY", None)
    if display is not None:
        import displayio

        glyphs = {"A": 0x2BED, "B": 0x6BAE, "C": 0x3923, "D": 0x6B6E, "E": 0x79A7, "F": 0x79A4,
                  "H": 0x5BED, "I": 0x7497, "L": 0x4927, "M": 0x5FED, "N": 0x6B6D, "O": 0x2B6A,
                  "P": 0x6BA4, "R": 0x6BAD, "S": 0x388E, "T": 0x7492, "U": 0x5B6F, "Y": 0x5A92,
                  "(": 0x2922, ")": 0x224A, "_": 0x7, ":": 0x410}
        lines = ("NO TERMINALIO IN", "THIS CIRCUITPYTHON:", "FLASH THE EN_US", "BUILD (SEE SERIAL)")
        bitmap = displayio.Bitmap(display.width // 2, display.height // 2, 2)
        palette = displayio.Palette(2)
        palette[1] = 0xFF7050
        for row, line in enumerate(lines):
            for col, ch in enumerate(line):
                bits = glyphs.get(ch, 0)
                for k in range(15):
                    if bits >> (14 - k) & 1:
                        bitmap[1 + 4 * col + k % 3, 2 + 7 * row + k // 3] = 1
        group = displayio.Group(scale=2)
        group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
        display.root_group = group
    import time

    while True:
        time.sleep(1)


if terminalio is None:
    no_terminalio()

import boards  # noqa: E402

module = boards.load(board.board_id)
if module is None:
    from firmware.unknown import show

    show(board.board_id)
else:
    from firmware.app import run

    run(module)
