"""The rules core: games, groups and the phase solver, computer players, the seeded random
source, game records and the save codec.

Runs unchanged on CPython 3.11+, MicroPython 1.27 and CircuitPython 10; see DESIGN.md for the
subset of Python it keeps to. Import the submodule a game needs, nothing more (code is RAM).
"""

VERSION = "0.1.0"
