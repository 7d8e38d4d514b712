"""supervisor stand-in (MicroPython): ``ticks_ms()`` in emulated time, ``reload()``."""

import cphw


def ticks_ms():
    return (cphw.TICKS_START + cphw.now - cphw.boot_at) & 0x1FFFFFFF


def reload():
    raise cphw.Reload()
