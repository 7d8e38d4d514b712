"""audiopwmio stand-in (MicroPython)."""

import cphw

cphw.need("audiopwmio")

from _audioout import AudioOut as PWMAudioOut
