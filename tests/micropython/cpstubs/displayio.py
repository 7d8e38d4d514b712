"""displayio stand-in (MicroPython) that keeps on the heap what CircuitPython 10 keeps there.

CircuitPython allocates these from its GC heap (shared-module/displayio): a ``Bitmap``'s pixels
(rows of 32-bit words, ``bits_per_value`` rounded up to 1, 2, 4, 8, 16 or 32), a ``Palette``'s
colours (a 16-byte ``_displayio_color_t`` each), a ``TileGrid``'s tile indices when it has more
than one tile (one byte each, two past 255 tiles), a ``Group``'s list of children. The same
bytes are allocated here (bytearrays and lists); object headers differ (this build is 64-bit).
Nothing is drawn: the screen's text is read from the labels in the tree.
"""


def _bits(value_count):
    b = 1
    while (1 << b) < value_count:
        b *= 2
    return b


class Bitmap:
    def __init__(self, width, height, value_count):
        if width < 0 or height < 0 or value_count < 1:
            raise ValueError("bad bitmap size")
        self.width = width
        self.height = height
        bpv = _bits(value_count)
        self.bits_per_value = bpv
        self._stride = (width * bpv + 31) // 32 * 4  # bytes per row, whole 32-bit words
        self._data = bytearray(self._stride * height)
        self.blank = True  # nothing was ever set (bitmaptools.blit skips such a source)

    def _pos(self, key):
        """The pixel's index (y * width + x) from ``bitmap[x, y]`` or ``bitmap[i]``."""
        w = self.width
        if isinstance(key, tuple):
            x = key[0]
            y = key[1]
            if not (0 <= x < w and 0 <= y < self.height):
                raise IndexError("pixel out of range")
            return y * w + x
        if not 0 <= key < w * self.height:
            raise IndexError("pixel out of range")
        return key

    def __getitem__(self, key):
        return self._get(self._pos(key))

    def __setitem__(self, key, value):
        if value >> self.bits_per_value:
            raise ValueError("value out of range")
        self._set(self._pos(key), value)

    # pixel access by index, allocating nothing (as shared-module/displayio/Bitmap.c):
    # blit and fill use these, so that the garbage a run makes is the app's own

    def _get(self, i):
        w = self.width
        y = i // w
        bpv = self.bits_per_value
        if bpv >= 8:
            n = bpv >> 3
            at = y * self._stride + (i - y * w) * n
            v = 0
            for k in range(n):
                v |= self._data[at + k] << (8 * k)
            return v
        bit = (i - y * w) * bpv
        return (self._data[y * self._stride + (bit >> 3)] >> (bit & 7)) & ((1 << bpv) - 1)

    def _set(self, i, value):
        if value:
            self.blank = False
        w = self.width
        y = i // w
        bpv = self.bits_per_value
        if bpv >= 8:
            n = bpv >> 3
            at = y * self._stride + (i - y * w) * n
            for k in range(n):
                self._data[at + k] = (value >> (8 * k)) & 0xFF
            return
        bit = (i - y * w) * bpv
        at = y * self._stride + (bit >> 3)
        mask = ((1 << bpv) - 1) << (bit & 7)
        self._data[at] = (self._data[at] & ~mask) | (value << (bit & 7))

    def fill(self, value):
        if value >> self.bits_per_value:
            raise ValueError("value out of range")
        if value == 0:
            d = self._data
            for i in range(len(d)):
                d[i] = 0
            return
        for i in range(self.width * self.height):
            self._set(i, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._n = color_count
        self._c = bytearray(16 * color_count)  # rgb888 (3 bytes) and the transparent flag

    def __len__(self):
        return self._n

    def _i(self, index):
        if not 0 <= index < self._n:
            raise IndexError("palette index out of range")
        return 16 * index

    def __setitem__(self, index, colour):
        i = self._i(index)
        if isinstance(colour, (bytes, bytearray, tuple)):
            colour = (colour[0] << 16) | (colour[1] << 8) | colour[2]
        c = self._c
        c[i] = colour >> 16
        c[i + 1] = (colour >> 8) & 0xFF
        c[i + 2] = colour & 0xFF

    def __getitem__(self, index):
        i = self._i(index)
        c = self._c
        return (c[i] << 16) | (c[i + 1] << 8) | c[i + 2]

    def make_transparent(self, index):
        self._c[self._i(index) + 3] = 1

    def make_opaque(self, index):
        self._c[self._i(index) + 3] = 0

    def is_transparent(self, index):
        return bool(self._c[self._i(index) + 3])


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        pass


class _Placed:
    """x, y and hidden of a TileGrid or Group (properties, so that subclasses can add theirs).
    Defaults live in the class: an instance's dictionary holds only what was set (CircuitPython
    keeps these in a fixed struct; a 64-bit instance dictionary costs 16 bytes a slot)."""

    _x = 0
    _y = 0
    _hidden = False

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = int(v)

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = int(v)

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, v):
        self._hidden = bool(v)


class TileGrid(_Placed):
    width = 1
    height = 1
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        if width != 1 or height != 1:
            self.width = width
            self.height = height
        if tile_width is not None and tile_width != bitmap.width:
            self._tw = tile_width
        if tile_height is not None and tile_height != bitmap.height:
            self._th = tile_height
        if x:
            self._x = x
        if y:
            self._y = y
        n = width * height
        # one tile is kept inside the object; more are allocated (CircuitPython's TileGrid)
        if n > 1:  # (MicroPython cannot repeat a bytearray with *)
            self._tiles = bytearray(n * (2 if n > 255 else 1))
            if default_tile:
                for i in range(len(self._tiles)):
                    self._tiles[i] = default_tile
        elif default_tile:
            self._tiles = default_tile

    _tiles = 0
    flip_x = False
    flip_y = False
    transpose_xy = False

    _tw = None
    _th = None

    @property
    def tile_width(self):
        return self.bitmap.width if self._tw is None else self._tw

    @property
    def tile_height(self):
        return self.bitmap.height if self._th is None else self._th

    def __getitem__(self, index):
        if isinstance(self._tiles, int):
            return self._tiles
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index]

    def __setitem__(self, index, value):
        if isinstance(self._tiles, int):
            self._tiles = value
            return
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        self._tiles[index] = value


class Group(_Placed):
    _scale = 1

    def __init__(self, *, scale=1, x=0, y=0):
        self._items = []
        if scale != 1:
            self.scale = scale
        if x:
            self._x = x
        if y:
            self._y = y

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        if v < 1:
            raise ValueError("scale must be >= 1")
        self._scale = v

    def append(self, item):
        self.insert(len(self._items), item)

    def insert(self, index, item):
        for i in self._items:
            if i is item:
                raise ValueError("layer already in a group")
        self._items.insert(index, item)

    def index(self, item):
        for i in range(len(self._items)):
            if self._items[i] is item:
                return i
        raise ValueError("object not in group")

    def remove(self, item):
        self._items.pop(self.index(item))

    def pop(self, i=-1):
        return self._items.pop(i)

    def sort(self, key=None, reverse=False):
        self._items.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        return self._items[index]

    def __setitem__(self, index, item):
        self._items[index] = item

    def __delitem__(self, index):
        self._items.pop(index)

    def __contains__(self, item):
        for i in self._items:
            if i is item:
                return True
        return False

    def __iter__(self):
        return iter(self._items)


class Display:
    """board.DISPLAY: CircuitPython allocates it outside the heap (statically)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.rotation = 0
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


def release_displays():
    pass
