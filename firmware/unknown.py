"""What an unsupported board shows: a message on its screen (if it has one) and on the serial
console, then it waits. The message is in the language of the settings saved in the board's NVM
where they can be read (a board the app ran on before, under another name), else in English."""

import time

import boards


def saved_lang():
    """The language of the settings saved in the NVM (``firmware.saves``), or 0 (English)."""
    try:
        import microcontroller

        from firmware.nvmstore import Store
        from firmware.saves import load_settings
        from firmware.settings import defaults

        data = Store(microcontroller.nvm).settings.load()
        settings = defaults()
        if data is not None and load_settings(settings, data):
            return settings.lang
    except Exception:  # no NVM, or none the store can read: English
        pass
    return 0


def show(board_id):
    from firmware import lang
    from firmware.lang import t

    lang.set_lang(saved_lang())
    message = t("unknown.text").format(board_id, ", ".join(boards.SUPPORTED))
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
            lines = ui.wrap(t("unknown.short").format(board_id), cols)
        group = displayio.Group()
        for i in range(min(rows, len(lines))):
            group.append(ui.label(lines[i], 2, 2 + 12 * i, ui.WARN, 1))
        display.root_group = group
    while True:
        time.sleep(1)
