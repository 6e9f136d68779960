#!/usr/bin/env python3
"""OpenCV peer for BENCHMARKS.md: cv2.filter2D on a planar-equivalent 4K RGB frame (one HxWx3
uint8 image), the same taps, BORDER_REPLICATE (vfview's clamp). Prints the median ms/frame.
usage: peer_opencv.py THREADS [WxH]   (Debian: apt-get install python3-opencv)"""
import sys
import time

import cv2
import numpy as np

threads = int(sys.argv[1]) if len(sys.argv) > 1 else 1
w, h = (int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "3840x2160").split("x"))
cv2.setNumThreads(threads)
rng = np.random.default_rng(1)
frames = [rng.integers(0, 256, (h, w, 3), dtype=np.uint8) for _ in range(3)]
g1 = np.array([1, 4, 6, 4, 1], dtype=np.float32)
kernels = {
    "sharpen3": np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], dtype=np.float32),
    "gauss5": np.outer(g1, g1) / 256.0,
}
for name, k in kernels.items():
    times = []
    for i in range(23):
        t0 = time.perf_counter()
        cv2.filter2D(frames[i % 3], -1, k, borderType=cv2.BORDER_REPLICATE)
        if i >= 3:
            times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    print(f"opencv {cv2.__version__} filter2D {name} {w}x{h} threads={threads}: "
          f"median {times[len(times) // 2]:.2f} ms (min {times[0]:.2f})")
