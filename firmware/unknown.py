"""What an unsupported board shows: a message on its screen (if it has one) and on the serial
console, then it waits."""

import time

import boards


def show(board_id):
    message = ("Pocket Phase 10 does not support this board (" + board_id + "). Supported: "
               + ", ".join(boards.SUPPORTED) + ".")
    print(message)
    try:
        import board

        display = board.DISPLAY
    except (ImportError, AttributeError):
        display = None
    if display is not None:
        import displayio

        from firmware import ui

        cols = max(10, display.width // 6 - 1)
        group = displayio.Group()
        group.append(ui.label("\n".join(ui.wrap(message, cols)), 2, 2, ui.WARN, 1))
        display.root_group = group
    while True:
        time.sleep(1)
