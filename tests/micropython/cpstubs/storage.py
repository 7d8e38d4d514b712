"""storage stand-in (MicroPython)."""


def remount(*args, **kwargs):
    pass
