"""The screen's text read from the labels of a display tree, line by line, as the emulator reads
it (emulator/display.py screen_lines): for the MicroPython runner (``fwrun.py``) and the web
page (``web/py/webrun.py``)."""

import sys

import displayio


def _labels(group, ox, oy, scale, out):
    if group.hidden:
        return
    cards = sys.modules.get("firmware.cards")
    for item in group:
        if item.hidden:
            continue
        x = ox + item.x * scale
        y = oy + item.y * scale
        number = cards.number_label(item) if cards and isinstance(item, displayio.TileGrid) else None
        if number is not None:  # a card's number (a tile grid)
            if number[0]:
                out.append((number, x, y, scale * number[3]))
        elif hasattr(item, "bounding_box") and hasattr(item, "text"):  # a label
            if (item.text or "").strip():
                out.append((item, x, y, scale * item.scale))
        elif isinstance(item, displayio.Group):
            _labels(item, x, y, scale * item.scale, out)


def lines(root):
    """The lines of text on screen under ``root`` (a group, or None)."""
    labels = []
    if root is not None:
        _labels(root, 0, 0, 1, labels)
    found = []
    for item, x, y, s in labels:
        if isinstance(item, tuple):  # a card's number: (text, x, y, scale)
            found.append((y + item[2] * s // item[3], x + item[1] * s // item[3], item[0], 12 * s))
            continue
        bx, by, _, bh = item.bounding_box
        parts = item.text.split("\n")
        line_h = max(1, bh // len(parts)) * s
        for i in range(len(parts)):
            part = parts[i]
            if part.strip():
                found.append((y + by * s + i * line_h, x + bx * s, part.rstrip(), line_h))
    found.sort()
    out = []
    last_top = None
    for top, left, text, height in found:
        if last_top is not None and top - last_top < max(2, height // 2):
            out[-1] += "  " + text
        else:
            out.append(text)
            last_top = top
    return out
