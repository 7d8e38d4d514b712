"""What audioio.AudioOut and audiopwmio.PWMAudioOut share, for the web page: the app's looped
one-period square wave becomes a Web Audio tone of the same pitch and loudness."""

import cphw
import pocketjs


class AudioOut:
    def __init__(self, left_channel, *args, **kwargs):
        self.pin = left_channel
        self.playing = False

    def play(self, sample, *, loop=False):
        buf = sample.buffer
        swing = max(buf) - 0x80  # half the wave's swing: the volume
        pocketjs.tone(sample.sample_rate // len(buf), swing / 128)
        self.playing = True
        cphw.tones += 1

    def stop(self):
        if self.playing:
            pocketjs.tone(0, 0)
        self.playing = False

    def deinit(self):
        self.stop()
