"""time stand-in (MicroPython), installed as ``sys.modules["time"]``: time moves only in
``sleep``, which hands control to the runner's ``cphw.on_sleep``."""

import cphw


def sleep(seconds):
    ms = int(seconds * 1000 + 0.5)
    if ms < 0:
        raise ValueError("sleep length must be non-negative")
    cphw.on_sleep(ms)


def monotonic():
    return (cphw.now - cphw.boot_at) / 1000


def monotonic_ns():
    return (cphw.now - cphw.boot_at) * 1000000


def time():
    return 946684800 + cphw.now // 1000
