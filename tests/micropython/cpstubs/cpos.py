"""os stand-in (MicroPython), installed as ``sys.modules["os"]``: the port's own os, with
``urandom`` from the run's seeded bytes (the emulator's ``--seed``)."""

from os import *  # noqa: F401,F403

import cphw

urandom = cphw.urandom


def getenv(key, default=None):
    return default
