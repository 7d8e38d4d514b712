"""Whether a game is on this device, found without importing it: a module's code is RAM on a
SAMD51 (the New game screen and ``firmware.play`` ask before loading a game)."""

import os
import sys


def found(name):
    """Whether a module's file is on the drive (or it is loaded), without importing it: a
    module's code is RAM on a SAMD51."""
    if name in sys.modules:
        return True
    path = "/" + name.replace(".", "/")
    for d in sys.path:
        for end in (".py", ".mpy"):
            try:
                os.stat(d + path + end)
                return True
            except OSError:
                pass
    return False


def playable(entry):
    """Whether this device has the game's screens and rules core, found without importing them
    (a module frozen into the firmware, or one not on the drive: an import tells)."""
    if entry.screens is None:
        return False
    for name in (entry.screens, entry.module):
        if not found(name):
            try:
                __import__(name)
            except MemoryError:  # it is there, the RAM is short: the app says so (app.py)
                raise
            except Exception:  # ImportError, or what the module raised
                return False
    return True
