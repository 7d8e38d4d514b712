"""bitmaptools stand-in (MicroPython): ``blit`` (what ``bitmap_label`` calls), allocating nothing
as the C one does."""

import cphw

cphw.need("bitmaptools")


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    if source.blank and skip_source_index == 0:
        return  # a blank glyph on a transparent background: nothing to copy
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest.width:
                continue
            v = source._get(sy * source.width + sx)
            if v == skip_source_index:
                continue
            at = dy * dest.width + dx
            if skip_dest_index is not None and dest._get(at) == skip_dest_index:
                continue
            dest._set(at, v)
