"""Chance: the sources every shuffle and die goes through (RULES.md RNG-1, docs/protocol.md).

A :class:`Source` hands out uniform integers with ``below(n)``; ``shuffle`` and ``die`` are built
on it, so whatever the source, a game draws chance the same way and a record of the ``below``
outcomes replays it exactly. Three sources:

- :class:`Rng`, the seeded generator of the desktop, tests and simulations: a linear
  congruential generator modulo 2**30 computed in 15-bit halves so that every intermediate value
  stays below 2**30 (on a 32-bit board a larger int is a heap object). The same seed gives the
  same numbers on CPython, MicroPython and CircuitPython.
- ``shared_rules.desktop.record.Scripted``, the outcomes of a game record, handed back in order
  (replay, on the desktop).
- ``firmware.hwrandom.Hardware``, the board's hardware generator (``os.urandom``), on the device.

A source whose ``log`` is a list appends every outcome to it: the record writer empties it after
each move and writes the outcomes into the record.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x



_MASK15 = const(0x7FFF)
# Multiplier 1103515245 mod 2**30 = 29773421 (= 1 mod 4) and an odd increment: full period 2**30.
_A_HI = const(29773421 >> 15)
_A_LO = const(29773421 & 0x7FFF)
_C = const(12345)


class Source:
    """Uniform integers, shuffles and dice; subclasses give ``_below(n)``."""

    log = None
    state = 0  # what a save keeps of the source (the seeded generator's state)

    def below(self, n):
        """A uniform integer in 0..n-1, for 1 <= n <= 32768."""
        if n <= 1:
            return 0  # no chance: nothing drawn, nothing recorded
        v = self._below(n)
        if self.log is not None:
            self.log.append(v)
        return v

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list or bytearray in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def die(self, sides=6):
        """A die roll 1..sides."""
        return self.below(sides) + 1


class Rng(Source):
    """Seeded generator; ``state`` is a 30-bit int and can be saved and restored."""

    def __init__(self, seed=0):
        self.state = seed & 0x3FFFFFFF

    def next15(self):
        """Advance and return the 15 high bits of the new state (0..32767)."""
        x = self.state
        x_hi = x >> 15
        x_lo = x & _MASK15
        low = _A_LO * x_lo + _C
        carry = low >> 15
        low &= _MASK15
        hi = ((_A_HI * x_lo) & _MASK15) + ((_A_LO * x_hi) & _MASK15) + carry
        hi &= _MASK15
        self.state = (hi << 15) | low
        return hi

    def _below(self, n):
        limit = 32768 - 32768 % n  # rejection sampling: no bias
        while True:
            r = self.next15()
            if r < limit:
                return r % n
