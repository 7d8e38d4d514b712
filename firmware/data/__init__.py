"""The app's data files (the font, the languages' texts): kept in flash, read when needed.

``path(name)``: where a data file is. Beside this package (``lib/firmware/data/`` on the board,
the source tree in the emulator); a firmware with the app frozen in has no folder of its own and
reads them from the drive's ``/lib/firmware/data/`` (tools/deploy.py installs them there too).
"""

import os

_root = None


def _roots():
    try:
        here = __file__
        end = here.rfind("/")
        if end > 0:
            yield here[:end]
    except NameError:
        pass
    yield "/lib/firmware/data"
    yield "lib/firmware/data"  # relative to the working folder: a frozen app under test


def root():
    global _root
    if _root is None:
        for r in _roots():
            try:
                os.stat(r + "/font.bin")
            except OSError:
                continue
            _root = r
            break
        else:
            raise OSError("the app's data files (lib/firmware/data) are missing")
    return _root


def path(name):
    return root() + "/" + name
