#!/usr/bin/env python3
"""What a sound file made by SDL's disk driver (float samples, interleaved) plays, as runs of
50 ms windows: one line a run, "LABEL SECONDS PEAK". LABEL is "." for silence, else the tone's
frequency in steps of STEP Hz (1 for STEP Hz, 2 for twice that), from the zero crossings of
the first channel. A run's windows have the same label and peaks within a factor of 2 of its
first (a change of volume starts a run). Pure Python: the test machine need not have numpy.

usage: sound_runs.py FILE [RATE [CHANNELS [STEP]]]   (defaults 48000, 2, 300)"""
import array
import sys


def windows(samples, rate, step):
    size = rate // 20
    for start in range(0, len(samples) - size + 1, size):
        w = samples[start:start + size]
        peak = max(abs(v) for v in w)
        if peak < 0.005:
            yield ".", peak
            continue
        crossings = sum(1 for a, b in zip(w, w[1:]) if (a < 0) != (b < 0))
        yield str(round(crossings / 2 * 20 / step)), peak


def main():
    path = sys.argv[1]
    rate = int(sys.argv[2]) if len(sys.argv) > 2 else 48000
    channels = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    step = float(sys.argv[4]) if len(sys.argv) > 4 else 300
    data = array.array("f")
    with open(path, "rb") as f:
        data.frombytes(f.read())
    runs = []
    for label, peak in windows(data[0::channels], rate, step):
        if runs and runs[-1][0] == label and (label == "." or runs[-1][3] / 2 < peak < runs[-1][3] * 2):
            runs[-1][1] += 1
            runs[-1][2] = max(runs[-1][2], peak)
        else:
            runs.append([label, 1, peak, peak])
    for label, count, peak, _ in runs:
        print("%s %.2f %.3f" % (label, count / 20, peak))


if __name__ == "__main__":
    main()
