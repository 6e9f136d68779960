#!/usr/bin/env python3
"""OpenCV peer for BENCHMARKS.md, on a planar-equivalent RGB frame (one HxWx3 uint8 image),
BORDER_REPLICATE (vfview's clamp). Prints the median ms/frame of each peer:
  filter2D with vfview's own taps (sharpen3, gauss5 = the 1 4 6 4 1 binomial / 256);
  blur N (OpenCV's box filter, running sums, the same outputs as vfview's box:size=N up to
  rounding); GaussianBlur N (OpenCV's separable gaussian with its own taps for size N: the same
  work as vfview's gaussian:size=N, not the same bytes).
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
replicate = cv2.BORDER_REPLICATE


def filter2d(kernel):
    return lambda f: cv2.filter2D(f, -1, kernel, borderType=replicate)


peers = {
    "filter2D sharpen3": filter2d(np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], np.float32)),
    "filter2D gauss5": filter2d(np.outer(g1, g1) / 256.0),
}
for n in (5, 15, 31):
    peers[f"blur {n}"] = lambda f, n=n: cv2.blur(f, (n, n), borderType=replicate)
for n in (5, 15, 31):
    peers[f"GaussianBlur {n}"] = lambda f, n=n: cv2.GaussianBlur(f, (n, n), 0, borderType=replicate)
for name, run in peers.items():
    times = []
    for i in range(23):
        t0 = time.perf_counter()
        run(frames[i % 3])
        if i >= 3:
            times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    print(f"opencv {cv2.__version__} {name} {w}x{h} threads={threads}: "
          f"median {times[len(times) // 2]:.2f} ms (min {times[0]:.2f})")
