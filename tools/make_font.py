"""Make the app's own 6x12 font, ``firmware/data/font.bin``, from Terminus Font.

The source is Debian's ``xfonts-terminus`` (``apt-get install xfonts-terminus``): the 12-pixel
normal weight, ``ter-u12n``, the font CircuitPython's ``terminalio`` is built from, in three of
its 8-bit encodings (ISO 8859-1 for ASCII, 8859-2 for the Polish letters, 8859-5 for Cyrillic),
which Pillow reads. Terminus Font is under the SIL Open Font License 1.1
(``firmware/data/font-LICENSE.txt``); this subset is not named Terminus (its reserved name).

    python -m tools.make_font            # writes firmware/data/font.bin
    python -m tools.make_font --check    # exit 1 when the file differs from what it would write

Format (big-endian): ``b"PF"``, width (1), height (1), count (2), then ``count`` code points
(2 bytes each, ascending), then ``count`` glyphs of ``height`` bytes, one a row, the left
pixel in the top bit. ``firmware/font.py`` reads it a glyph at a time.
"""

import argparse
import gzip
import struct
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "firmware" / "data" / "font.bin"
SRC = "/usr/share/fonts/X11/misc/ter-u12n_{}.pcf.gz"
W, H = 6, 12

POLISH = "ĄąĆćĘęŁłŃńÓóŚśŹźŻż"
RUSSIAN = "".join(chr(c) for c in range(0x410, 0x450)) + "Ёё"
QUOTES = "«»"  # Russian quotation marks (ISO 8859-1)


def codepoints():
    """Every code point the font carries: ASCII, the Polish and the Russian letters, « and »."""
    cps = set(range(0x20, 0x7F)) | {ord(c) for c in POLISH + RUSSIAN + QUOTES}
    return sorted(cps)


def _glyphs(encoding):
    """{code point: 12 row bytes} of one encoding's file."""
    from PIL import PcfFontFile

    with gzip.open(SRC.format(encoding)) as f:
        font = PcfFontFile.PcfFontFile(f, "iso8859-1")  # byte n is glyph n: decode it ourselves
    out = {}
    for byte, g in enumerate(font.glyph):
        if g is None:
            continue
        try:
            cp = ord(bytes([byte]).decode(encoding.replace("iso-", "iso")))
        except UnicodeDecodeError:
            continue
        im = g[3]
        if im.size != (W, H):
            continue
        rows = bytearray(H)
        for y in range(H):
            v = 0
            for x in range(W):
                if im.getpixel((x, y)):
                    v |= 0x80 >> x
            rows[y] = v
        out[cp] = bytes(rows)
    return out


def build():
    """The bytes of font.bin."""
    found = {}
    for enc in ("iso-8859-5", "iso-8859-2", "iso-8859-1"):
        found.update(_glyphs(enc))
    cps = codepoints()
    missing = [hex(c) for c in cps if c not in found]
    if missing:
        raise SystemExit("no glyph in Terminus for " + " ".join(missing))
    head = b"PF" + bytes([W, H]) + struct.pack(">H", len(cps))
    table = b"".join(struct.pack(">H", c) for c in cps)
    return head + table + b"".join(found[c] for c in cps)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file")
    args = ap.parse_args(argv)
    data = build()
    if args.check:
        same = OUT.exists() and OUT.read_bytes() == data
        print("font.bin is up to date" if same else "font.bin differs: run python -m tools.make_font")
        return 0 if same else 1
    OUT.write_bytes(data)
    print("wrote", OUT.relative_to(REPO), len(data), "bytes,", (len(data) - 6) // (2 + H), "glyphs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
