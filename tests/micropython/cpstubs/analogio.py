"""analogio stand-in (MicroPython): the PyGamer's stick."""

import cphw


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        return cphw.analog(self.pin)

    def deinit(self):
        pass
