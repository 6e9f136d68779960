"""Test helper: a Blu-ray subtitle file (.sup, PGS) written byte by byte, since FFmpeg has no PGS
encoder. Two white boxes with a black edge, each 5/8 of a 1920x1080 picture wide and 1/5 high,
1/6 of the height from its edge: at the bottom from 0 s, cleared at 4 s (a display set without
objects, as Blu-ray ends a cue), at the top from 4.5 s, cleared at 8 s.
usage: make_pgs.py OUT.sup"""
import struct
import sys

W, H = 1920, 1080
PTS_PER_S = 90000


def segment(kind, pts, data):
    return b"PG" + struct.pack(">IIBH", pts, 0, kind, len(data)) + data


def runs(width, height, edge):
    """The box's rows in PGS's run-length code: colour 1 (black) at the edge, 2 (white) inside."""
    out = bytearray()
    for y in range(height):
        row = [(width, 1)] if y < edge or y >= height - edge else [(edge, 1), (width - 2 * edge, 2), (edge, 1)]
        for length, colour in row:
            out += bytes([0, 0xC0 | (length >> 8), length & 0xFF, colour])
        out += b"\x00\x00"  # end of the row
    return bytes(out)


def display_set(pts, number, box):
    """A display set at pts: the box at (x, y), or none (it clears the screen)."""
    objects = 1 if box else 0
    state = 0x80 if box else 0x00  # epoch start, or a normal case
    out = segment(0x16, pts, struct.pack(">HHBHBBBB", W, H, 0x10, number, state, 0, 0, objects) +
                  (struct.pack(">HBBHH", 0, 0, 0, box[0], box[1]) if box else b""))
    x, y, w, h = box if box else (0, 0, 1, 1)
    out += segment(0x17, pts, struct.pack(">BBHHHH", 1, 0, x, y, w, h))
    if box:
        # palette entries: id, Y, Cr, Cb, alpha
        out += segment(0x14, pts, bytes([0, 0, 1, 16, 128, 128, 255, 2, 235, 128, 128, 255]))
        data = runs(w, h, h // 12)
        out += segment(0x15, pts, struct.pack(">HBB", 0, 0, 0xC0) + (len(data) + 4).to_bytes(3, "big") +
                       struct.pack(">HH", w, h) + data)
    return out + segment(0x80, pts, b"")


w, h = W * 5 // 8, H // 5
bottom = ((W - w) // 2, H - h - H // 6, w, h)
top = ((W - w) // 2, H // 6, w, h)
with open(sys.argv[1], "wb") as f:
    f.write(display_set(0, 0, bottom) + display_set(4 * PTS_PER_S, 1, None) +
            display_set(int(4.5 * PTS_PER_S), 2, top) + display_set(8 * PTS_PER_S, 3, None))
