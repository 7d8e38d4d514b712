"""The board's hardware random generator as a chance source of the rules core.

``Hardware().below(n)`` draws 16-bit values from ``os.urandom`` (the chip's true random number
generator on every supported board) and maps them to 0..n-1 without bias by rejection: values at
or above the largest multiple of ``n`` below 65536 are drawn again. Every die and shuffle of a
game on the device comes from here; the outcomes go into the game's record (``Source.log``), so
the game replays exactly on the desktop.
"""

import os

from shared_rules.rng import Source


class Hardware(Source):
    """Chance from ``os.urandom``; ``state`` stays 0 (there is nothing to save)."""

    def __init__(self, urandom=None):
        self.urandom = urandom or os.urandom

    def _below(self, n):
        limit = 65536 - 65536 % n
        while True:
            b = self.urandom(2)
            r = b[0] | b[1] << 8
            if r < limit:
                return r % n
