#!/usr/bin/env python3
"""Independent oracle for tests/test_filter.c: the 5x4 expectations, computed with numpy's own
padding modes (edge = clamp, constant = zero, reflect = reflect-101) and plain integer
arithmetic. Run it to regenerate the table pasted into test_filter.c."""
import numpy as np

IMAGE = np.array([[12, 200, 37, 90, 255],
                  [0, 64, 128, 180, 33],
                  [250, 17, 99, 140, 71],
                  [5, 222, 46, 160, 111]], dtype=np.int64)

G5 = np.outer([1, 4, 6, 4, 1], [1, 4, 6, 4, 1])
UNSHARP = -G5.copy()
UNSHARP[2, 2] += 512
FILTERS = {
    "identity": (np.array([[0, 0, 0], [0, 1, 0], [0, 0, 0]]), 1, 0),
    "sharpen": (np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]]), 1, 0),
    "edge": (np.array([[-1, -1, -1], [-1, 8, -1], [-1, -1, -1]]), 1, 0),
    "gaussian": (np.outer([1, 2, 1], [1, 2, 1]), 16, 0),
    "box": (np.ones((3, 3), dtype=np.int64), 9, 0),
    "unsharp": (UNSHARP, 256, 0),
    "custom:matrix=-1 0 2 -3 1 4 0 0 1:div=3:bias=-10":
        (np.array([[-1, 0, 2], [-3, 1, 4], [0, 0, 1]]), 3, -10),
}
MODES = {"clamp": "edge", "zero": "constant", "mirror": "reflect"}


def apply(taps, div, bias, mode):
    r = taps.shape[0] // 2
    pad = np.pad(IMAGE, r, mode=MODES[mode])
    h, w = IMAGE.shape
    out = np.zeros_like(IMAGE)
    for y in range(h):
        for x in range(w):
            s = int((pad[y:y + 2 * r + 1, x:x + 2 * r + 1] * taps).sum())
            out[y, x] = min(255, max(0, (s + div // 2) // div + bias))
    return out


for name, (taps, div, bias) in FILTERS.items():
    for mode in MODES:
        vals = ", ".join(str(v) for v in apply(taps, div, bias, mode).ravel())
        print(f'    {{"{name}", "{mode}", {{{vals}}}}},')
