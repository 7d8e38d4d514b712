"""The emulator's ``bitmaptools``: Blinka's module with a faster ``blit``.

On the board ``bitmaptools`` is C; Blinka's Python port copies a pixel at a time, and
``adafruit_display_text.bitmap_label`` blits every glyph of every label through it, which made
text the slowest part of emulating a screen. This ``blit`` copies whole rows of packed pixels
(1, 2 or 4 bits) at once for the cases labels use (a source of the same depth or of 1 bit,
such as a glyph; no destination skip; a source skip only of index 0) and leaves everything else
to Blinka's. tests/test_emulator_parts.py
checks it against Blinka's pixel for pixel.
"""

import bitmaptools as _blinka
from displayio import Bitmap


def _spread_table(k):
    """For each byte: its 8 bits spread to k bits each (bit i becomes value 1 of pixel i)."""
    table = []
    for byte in range(256):
        v = 0
        for i in range(8):
            if byte >> i & 1:
                v |= 1 << (i * k)
        table.append(v)
    return table


_SPREAD = {2: _spread_table(2), 4: _spread_table(4)}


def _spread(bits, n, k):
    """1-bit pixels (n of them) as k-bit pixels of value 0 or 1."""
    table = _SPREAD[k]
    out = 0
    shift = 0
    while n > 0:
        out |= table[bits & 0xFF] << shift
        bits >>= 8
        shift += 8 * k
        n -= 8
    return out


def _words(bm, y, x_lo, x_hi, bpv):
    """The 32-bit words of row ``y`` holding pixels x_lo..x_hi-1, as one int, and the index
    just past its last word (pixel x's bits end ``w_end * 32 - (x + 1) * bpv`` from the right)."""
    w0 = (x_lo * bpv) >> 5
    w1 = ((x_hi * bpv - 1) >> 5) + 1
    base = y * bm._stride
    v = 0
    for word in bm._data[base + w0:base + w1]:
        v = (v << 32) | (word & 0xFFFFFFFF)
    return v, w0, w1


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    src, dst = source_bitmap, dest_bitmap
    bpv = getattr(dst, "_bits_per_value", 0)
    sbpv = getattr(src, "_bits_per_value", 0)
    if (type(src) is not Bitmap or type(dst) is not Bitmap or src is dst or bpv >= 8
            or sbpv not in (1, bpv) or skip_dest_index is not None
            or (skip_source_index is not None and (skip_source_index != 0 or sbpv != 1))
            or dst._read_only):
        return _blinka.blit(dst, src, x, y, x1=x1, y1=y1, x2=x2, y2=y2,
                            skip_source_index=skip_source_index, skip_dest_index=skip_dest_index)
    if x2 is None:
        x2 = src.width
    if y2 is None:
        y2 = src.height
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    x2 = min(x2, src.width)
    y2 = min(y2, src.height)
    dx1, dy1 = max(x, 0), max(y, 0)
    dx2 = min(x + x2 - x1, dst.width)
    dy2 = min(y + y2 - y1, dst.height)
    if dx1 >= dx2 or dy1 >= dy2:
        return None
    ox, oy = x1 - x, y1 - y
    if dx1 + ox < 0 or dy1 + oy < 0:
        raise ValueError("Index {} is out of range".format((dx1 + ox, dy1 + oy)))
    pixels = dx2 - dx1
    s_ones = (1 << (pixels * sbpv)) - 1
    full = (1 << bpv) - 1
    all_ones = (1 << (pixels * bpv)) - 1
    stride = dst._stride
    data = dst._data
    for dy in range(dy1, dy2):
        word, _, s_end = _words(src, dy + oy, dx1 + ox, dx2 + ox, sbpv)
        seg = (word >> (s_end * 32 - (dx2 + ox) * sbpv)) & s_ones
        if sbpv != bpv:
            seg = _spread(seg, pixels, bpv)
        old, w0, w1 = _words(dst, dy, dx1, dx2, bpv)
        shift = w1 * 32 - dx2 * bpv
        if skip_source_index == 0:
            new = (old & ~((seg * full) << shift)) | (seg << shift)
        else:
            new = (old & ~(all_ones << shift)) | (seg << shift)
        if new != old:
            base = dy * stride
            for i in range(w0, w1):
                data[base + i] = (new >> (32 * (w1 - 1 - i))) & 0xFFFFFFFF
    dst.dirty(dx1, dy1, dx2, dy2)
    return None


def module():
    """``bitmaptools`` as the firmware sees it in the emulator."""
    from emulator.standins import _Proxy

    return _Proxy(_blinka, {"blit": blit})
