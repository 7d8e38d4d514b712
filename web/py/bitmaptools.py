"""bitmaptools stand-in for the web page: ``blit`` (what the app's text drawing calls)."""

import cphw

cphw.need("bitmaptools")


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    sw, dw = source.width, dest.width
    sd, dd = source._data, dest._data
    hit = False
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        srow = sy * sw
        drow = dy * dw
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dw:
                continue
            v = sd[srow + sx]
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dd[drow + dx] == skip_dest_index:
                continue
            dd[drow + dx] = v
            hit = True
    if hit:
        dest._touch()
