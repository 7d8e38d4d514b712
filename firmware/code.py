"""Boot: find the board, load its module from boards/, start the app.

On the board this file is CIRCUITPY/code.py; firmware/, boards/, shared_rules/ and the Adafruit
libraries live in CIRCUITPY/lib/.
"""

import board

import boards

module = boards.load(board.board_id)
del boards  # (the app lets the package go once it has its board's module: code is RAM)
if module is None:
    from firmware.unknown import show

    show(board.board_id)
else:
    from firmware.app import run

    run(module)
