"""displayio stand-in for the web page (MicroPython WebAssembly): the display tree the app
builds, drawn by the page's JavaScript on a canvas.

Bitmaps keep one byte a pixel. Every change to the tree, a bitmap or a palette marks the
display changed; ``Display.refresh`` then walks the tree into a list of placed tile grids and
hands the page that list with the bitmaps and palettes it does not have yet (or that changed):
the page redraws only the areas whose layers, pixels or colours changed. A refresh with no
change costs nothing.
"""

import json
from binascii import b2a_base64

import cpdisplayio
import pocketjs

changed = [True]  # anything drawn changed since the last refresh
_ids = [0]


def _next_id():
    _ids[0] += 1
    return _ids[0]


class Bitmap(cpdisplayio.Bitmap):
    """A byte a pixel (the runner's bitmap packs its rows as CircuitPython does; its pixel
    addressing, ``_pos``, is kept)."""

    def __init__(self, width, height, value_count):
        if width < 0 or height < 0 or value_count < 1 or value_count > 256:
            raise ValueError("bad bitmap size")
        self.width = width
        self.height = height
        self._data = bytearray(width * height)
        self._id = _next_id()
        self._v = 0
        # CircuitPython takes any value below 2 ** bits per value
        self._max = 1 << cpdisplayio._bits(value_count)
        self.blank = True  # nothing was ever set (bitmaptools.blit skips such a source)

    def __getitem__(self, key):
        return self._data[self._pos(key)]

    def __setitem__(self, key, value):
        if not 0 <= value < self._max:
            raise ValueError("value out of range")
        self._set(self._pos(key), value)

    def _get(self, i):  # (by index, as the runner's blit reads and writes)
        return self._data[i]

    def _set(self, i, value):
        if value:
            self.blank = False
        if self._data[i] != value:
            self._data[i] = value
            self._touch()

    def _touch(self):
        self._v += 1
        changed[0] = True

    def fill(self, value):
        if value:
            self.blank = False
        d = self._data
        d[:] = bytes((value,)) * len(d)
        self._touch()

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        self._touch()


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._c = [0] * color_count
        self._t = bytearray(color_count)
        self._id = _next_id()
        self._v = 0

    def __len__(self):
        return len(self._c)

    def __setitem__(self, index, colour):
        if isinstance(colour, (bytes, bytearray, tuple)):
            colour = (colour[0] << 16) | (colour[1] << 8) | colour[2]
        self._c[index] = colour
        self._touch()

    def __getitem__(self, index):
        return self._c[index]

    def _touch(self):
        self._v += 1
        changed[0] = True

    def make_transparent(self, index):
        self._t[index] = 1
        self._touch()

    def make_opaque(self, index):
        self._t[index] = 0
        self._touch()

    def is_transparent(self, index):
        return bool(self._t[index])


class ColorConverter:
    """Pixel values are RGB888 colours."""

    _id = 0
    _v = 0

    def __init__(self, *, input_colorspace=None, dither=False):
        pass


def _prop(name, conv):
    def get(self):
        return getattr(self, name)

    def put(self, v):
        setattr(self, name, conv(v))
        changed[0] = True

    return property(get, put)


def _scale(v):
    if v < 1:
        raise ValueError("scale must be >= 1")
    return v


class _Placed:
    _x = 0
    _y = 0
    _hidden = False
    x = _prop("_x", int)
    y = _prop("_y", int)
    hidden = _prop("_hidden", bool)


class TileGrid(_Placed):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self._bitmap = bitmap
        self._shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        self._x = x
        self._y = y
        self._tiles = bytearray(bytes((default_tile,)) * (width * height))
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        changed[0] = True

    bitmap = _prop("_bitmap", lambda v: v)
    pixel_shader = _prop("_shader", lambda v: v)

    def _index(self, index):
        if isinstance(index, tuple):
            return index[1] * self.width + index[0]
        return index

    def __getitem__(self, index):
        return self._tiles[self._index(index)]

    def __setitem__(self, index, value):
        i = self._index(index)
        if self._tiles[i] != value:
            self._tiles[i] = value
            changed[0] = True


class Group(cpdisplayio.Group):
    """The MicroPython runner's group (tests/micropython/cpstubs/displayio.py), every change
    marking the display changed."""

    x = _Placed.x
    y = _Placed.y
    hidden = _Placed.hidden
    scale = _prop("_scale", _scale)

    def insert(self, index, item):
        super().insert(index, item)
        changed[0] = True

    def pop(self, i=-1):
        changed[0] = True
        return self._items.pop(i)

    def sort(self, key=None, reverse=False):
        super().sort(key, reverse)
        changed[0] = True

    def __setitem__(self, index, item):
        self._items[index] = item
        changed[0] = True

    def __delitem__(self, index):
        self.pop(index)


def _walk(group, ox, oy, scale, layers, bitmaps, palettes):
    if group.hidden:
        return
    for item in group._items:
        if item._hidden:
            continue
        x = ox + item._x * scale
        y = oy + item._y * scale
        if isinstance(item, Group):
            _walk(item, x, y, scale * item._scale, layers, bitmaps, palettes)
            continue
        b = item._bitmap
        p = item._shader
        bitmaps[b._id] = b
        if p._id:
            palettes[p._id] = p
        tiles = item._tiles
        layers.append([x, y, scale, b._id, p._id, item.tile_width, item.tile_height,
                       item.width, item.height,
                       list(tiles) if len(tiles) > 1 or tiles[0] else 0,
                       b._v, p._v])


class Display(cpdisplayio.Display):
    """board.DISPLAY: what the app draws goes to the page's canvas at each ``refresh``."""

    def __init__(self, width, height):
        self._sent_b = {}  # bitmap id: the version the page has
        self._sent_p = {}
        super().__init__(width, height)

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, g):
        self._root = g
        changed[0] = True

    @property
    def brightness(self):
        return self._bright

    @brightness.setter
    def brightness(self, v):
        self._bright = v
        pocketjs.brightness(v)

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        if not changed[0]:
            return True
        changed[0] = False
        self.refreshes += 1
        layers, bitmaps, palettes = [], {}, {}
        if self._root is not None:
            _walk(self._root, 0, 0, 1, layers, bitmaps, palettes)
        new_b, new_p = [], []
        sent = {}
        for i, b in bitmaps.items():
            if self._sent_b.get(i) != b._v:
                new_b.append([i, b.width, b.height, b2a_base64(b._data, newline=False).decode()])
            sent[i] = b._v
        self._sent_b = sent
        sent = {}
        for i, p in palettes.items():
            if self._sent_p.get(i) != p._v:
                new_p.append([i, p._c, list(p._t)])
            sent[i] = p._v
        self._sent_p = sent
        pocketjs.draw(json.dumps([layers, new_b, new_p]))
        return True


def release_displays():
    pass
