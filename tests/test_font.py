"""The app's own font (firmware/data/font.bin, tools/make_font.py): its format, its letters,
and for ASCII the very pixels of terminalio's font (the emulator's, Terminus ter-u12n)."""

import struct

import pytest

from firmware import font as fontmod
from firmware.data import path

POLISH = "ĄąĆćĘęŁłŃńÓóŚśŹźŻż"
RUSSIAN = "".join(chr(c) for c in range(0x410, 0x450)) + "Ёё"


def _file():
    with open(path("font.bin"), "rb") as f:
        return f.read()


def test_font_file_format():
    data = _file()
    assert data[:2] == b"PF" and data[2] == 6 and data[3] == 12
    n = struct.unpack(">H", data[4:6])[0]
    cps = struct.unpack(">%dH" % n, data[6:6 + 2 * n])
    assert list(cps) == sorted(set(cps))
    assert len(data) == 6 + 2 * n + 12 * n
    for c in list(range(0x20, 0x7F)) + [ord(ch) for ch in POLISH + RUSSIAN]:
        assert c in cps, hex(c)
    # every glyph but the space draws something, and stays within its 6 columns
    for i, c in enumerate(cps):
        rows = data[6 + 2 * n + 12 * i: 6 + 2 * n + 12 * (i + 1)]
        assert all(r & 0x03 == 0 for r in rows)
        assert any(rows) == (c != 0x20), hex(c)


def _pixels(g):
    x1 = g.tile_index * g.width
    return [[1 if g.bitmap[x1 + i, j] else 0 for i in range(g.width)] for j in range(g.height)]


def test_font_ascii_is_terminalio_pixel_for_pixel():
    import emulator.machine  # noqa: F401  (Blinka's displayio and terminalio, as the emulator has them)
    import terminalio

    ours = fontmod.Font()
    for c in range(0x20, 0x7F):
        if c == 0x7E:  # Debian builds Terminus with its centred tilde (variant td1); unused
            continue
        t = terminalio.FONT.get_glyph(c)
        g = ours.get_glyph(c)
        assert (g.width, g.height, g.dx, g.shift_x) == (t.width, t.height, t.dx, t.shift_x)
        assert _pixels(g) == _pixels(t), chr(c)


def test_font_cache_reuses_cells_and_knows_missing_letters():
    f = fontmod.Font()
    text = RUSSIAN + POLISH + "".join(chr(c) for c in range(0x21, 0x7F))  # more letters than cells
    assert len(text) > fontmod.SLOTS
    first = [_pixels(f.get_glyph(ord(ch))) for ch in text]
    again = [_pixels(f.get_glyph(ord(ch))) for ch in text]
    assert first == again
    assert f.cached() == fontmod.SLOTS
    assert f.get_glyph(0x4E00) is None and not f.has(0x4E00)
    assert f.has(ord("ż")) and f.has(ord("Ж"))
