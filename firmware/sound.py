"""Short tones on the board's speaker, without blocking: ``play`` starts one and ``tick`` stops it
when its time is up. Boards without a speaker (or with sound off) stay silent."""

from micropython import const

_CLICK = const((1760, 12))  # the tones (Hz, ms) the app plays: a key, A, B and a win
_OK = const((1320, 40))
_BACK = const((660, 40))
_WIN = const((1568, 300))
_WAVE_LEN = const(16)
_VOLUMES = const((0x10, 0x20, 0x40))  # half the wave's swing around 0x80: soft, normal, loud


class Sound:
    def __init__(self, speaker):
        self.speaker = speaker  # (kind, pin, enable pin) from the board module, or None
        self.out = None
        self.enable = None
        self.sample = None
        self.stop_at = None
        self.on = True
        self.volume = 1  # an index into VOLUMES
        self.level = None  # the volume the wave holds
        if speaker is not None:
            # the wave and the output now, at the bottom of the heap where they stay (opened
            # at the first tone, the output lay among the garbage of whatever screen was up,
            # and split the heap once that was collected)
            import audiocore

            self.wave = bytearray(_WAVE_LEN)  # one period of a soft square wave, unsigned 8-bit
            self.sample = audiocore.RawSample(self.wave, sample_rate=8000)
            self._open()

    def _open(self):
        kind, pin, enable = self.speaker
        if kind == "dac":
            import audioio

            self.out = audioio.AudioOut(pin)
        else:
            import audiopwmio

            self.out = audiopwmio.PWMAudioOut(pin)
        if enable is not None:
            import digitalio

            self.enable = digitalio.DigitalInOut(enable)
            self.enable.switch_to_output(value=True)

    def _wave(self):
        """The wave at the volume set, written in place (the sample plays from it)."""
        a = _VOLUMES[self.volume]
        wave = self.wave
        for i in range(_WAVE_LEN):
            wave[i] = 0x80 + a if i < _WAVE_LEN // 2 else 0x80 - a
        self.level = self.volume

    def set_volume(self, v):
        """Soft (0), normal (1) or loud (2), from the next tone on."""
        self.volume = v

    def play(self, tone, now):
        """Start ``tone`` = (Hz, ms) at ``now`` (ticks_ms)."""
        if not self.on or self.speaker is None:
            return
        if self.level != self.volume:
            self._wave()
        self.out.stop()
        self.sample.sample_rate = tone[0] * _WAVE_LEN
        self.out.play(self.sample, loop=True)
        self.stop_at = (now + tone[1]) & 0x1FFFFFFF

    def tick(self, now):
        if self.stop_at is not None and ((now - self.stop_at) & 0x1FFFFFFF) < 0x10000000:
            self.out.stop()
            self.stop_at = None


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    CLICK = _CLICK
    OK = _OK
    BACK = _BACK
    WIN = _WIN
