"""audioio stand-in (MicroPython)."""

import cphw

cphw.need("audioio")

from _audioout import AudioOut
