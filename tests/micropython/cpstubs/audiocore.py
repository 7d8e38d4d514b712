"""audiocore stand-in (MicroPython). The sample's buffer is the caller's (on the heap there too)."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.sample_rate = sample_rate
