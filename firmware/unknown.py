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
        rows = max(1, (display.height - 4) // 12)
        lines = ui.wrap(message, cols)
        if len(lines) > rows:  # a small screen: the list of boards stays on the console
            lines = ui.wrap("Pocket Phase 10 does not support this board (" + board_id + "). The "
                            "supported boards are listed on the serial console.", cols)
        group = displayio.Group()
        for i in range(min(rows, len(lines))):
            group.append(ui.label(lines[i], 2, 2 + 12 * i, ui.WARN, 1))
        display.root_group = group
    while True:
        time.sleep(1)
