"""What audioio.AudioOut and audiopwmio.PWMAudioOut share (MicroPython stand-in)."""

import cphw


class AudioOut:
    def __init__(self, left_channel, *args, **kwargs):
        self.pin = left_channel
        self.playing = False

    def play(self, sample, *, loop=False):
        self.playing = True
        cphw.tones += 1

    def stop(self):
        self.playing = False

    def deinit(self):
        pass
