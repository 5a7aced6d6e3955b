"""Stand-in for bitmaptools in the wasm build (installed as bitmaptools.py): blit only
(all that bitmap_label uses without accents), copying pixels, allocating nothing."""


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    if x2 is None:
        x2 = source.width
    if y2 is None:
        y2 = source.height
    for sy in range(y1, y2):
        dy = y + sy - y1
        if dy < 0 or dy >= dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if 0 <= dx < dest.width:
                v = source._get(sx, sy)
                if v != skip_source_index:
                    dest._set(dx, dy, v)
