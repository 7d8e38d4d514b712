"""The app frozen into the firmware, as the SAMD51 boards need it (``fwrun.py`` loads this
when its configuration names an image; ``tools/micropython_firmware.py`` ``freeze`` makes it).

A frozen build keeps the app's bytecode, constants and names in flash. Here its ``.mpy`` files
are in a ROMFS image, read into one block at the bottom of the heap (counted as the harness's,
like a board's flash), mounted at ``/rom`` ahead of everything else on ``sys.path`` and
imported in place (bytecode and constants stay in the image), and the names they intern are
interned now, before the app starts, on the harness's side."""

import gc
import sys
import vfs

_image = None  # the image, kept alive with its mount


def load(cfg):
    global _image
    _image = bytearray(cfg["rom_size"])
    with open(cfg["rom"], "rb") as f:
        f.readinto(_image)
    vfs.mount(vfs.VfsRom(_image), "/rom")
    sys.path[:] = [cfg["stubs"], "/rom", cfg["lib"]]
    n = 0
    with open(cfg["names"]) as f:
        for name in f:
            getattr(None, name[:-1], None)  # interns it
            n += 1
            if not n & 63:  # (interning collects too seldom on its own to keep up)
                gc.collect()
