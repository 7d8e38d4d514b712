"""board stand-in (MicroPython): the pin names of the board being run, ``board_id``, ``DISPLAY``."""

import cphw
import displayio

board_id = cphw.cfg["board_id"]


def _make():
    g = globals()
    for names in cphw.cfg["pins"]:
        p = cphw.Pin(names)
        for n in names:
            g[n] = p


_make()
DISPLAY = displayio.Display(cphw.cfg["width"], cphw.cfg["height"])
