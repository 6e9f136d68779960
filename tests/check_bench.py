#!/usr/bin/env python3
"""Checks a `vfview bench --suite all` output directory: bench.csv parses with the documented
columns, every suite has rows, measured rows carry consistent numbers, skipped rows say why,
machine.txt describes the machine, and the plots exist (or gnuplot was reported missing).
Usage: check_bench.py DIR GPU(0|1) MEDIA(0|1) GNUPLOT(0|1) CORES"""
import csv
import os
import sys

COLUMNS = ("suite,engine,variant,transfer,filter,size,border,width,height,block,streams,threads,"
           "runs,ms_per_frame,ms_min,ms_max,ms_with_transfers,mpix_per_s,speedup_vs_ref,note")
SUITES = ["resolution", "kernel", "block", "memory", "transfers", "streams", "threads", "peers",
          "pipeline"]
GPU_SUITES = ["block", "memory", "transfers", "streams"]

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def main():
    out, gpu, media, gnuplot, cores = sys.argv[1], *map(int, sys.argv[2:6])
    with open(os.path.join(out, "bench.csv"), newline="") as f:
        header = f.readline().strip()
        check(header == COLUMNS, f"bench.csv header is {header!r}")
        f.seek(0)
        rows = list(csv.DictReader(f))
    check(all(None not in r and len(r) == 20 for r in rows), "a row without 20 fields")
    check("single" not in {r["suite"] for r in rows}, "--suite all ran the single configuration")
    for suite in SUITES:
        check(any(r["suite"] == suite for r in rows), f"no rows for suite {suite}")
    refs, suite_refs = {}, {}
    for r in rows:
        if r["note"].startswith("skipped:"):
            check(r["ms_per_frame"] == "" and len(r["note"]) > len("skipped: "),
                  f"skipped row without a reason or with a time: {r}")
            continue
        ms = float(r["ms_per_frame"])
        lo, hi = float(r["ms_min"]), float(r["ms_max"])
        w, h = int(r["width"]), int(r["height"])
        check(0 < lo <= ms <= hi, f"min <= median <= max fails: {r}")
        check(int(r["runs"]) >= 1, f"runs < 1: {r}")
        mpix = float(r["mpix_per_s"])
        check(abs(mpix - w * h / (ms * 1e3)) <= 1e-3 * mpix + 2e-3, f"mpix_per_s wrong: {r}")
        key = (r["filter"], r["size"], r["border"], w, h)
        if r["engine"] == "cpu" and r["variant"] == "ref":
            refs.setdefault(key, ms)
            suite_refs.setdefault((r["suite"],) + key, ms)
            check(abs(float(r["speedup_vs_ref"]) - 1) < 1e-3, f"ref speedup is not 1: {r}")
    for r in rows:
        if r["speedup_vs_ref"] and r["suite"] != "pipeline":
            key = (r["filter"], r["size"], r["border"], int(r["width"]), int(r["height"]))
            # the reference of the row's own suite, else the first one measured
            ref = suite_refs.get((r["suite"],) + key, refs.get(key, 0))
            want = ref / float(r["ms_per_frame"])
            check(abs(float(r["speedup_vs_ref"]) - want) <= 2e-3 * want + 2e-3,
                  f"speedup_vs_ref {r['speedup_vs_ref']} != {want:.3f}: {r}")
    kernel = {(r["filter"], int(r["size"])) for r in rows
              if r["suite"] == "kernel" and r["engine"] == "cpu" and r["ms_per_frame"]}
    check(kernel == {(f, s) for f in ("gaussian", "box") for s in (3, 7, 15, 31)},
          f"kernel suite sizes: {sorted(kernel)}")
    threads = sorted(int(r["threads"]) for r in rows
                     if r["suite"] == "threads" and r["variant"] == "fast")
    check(threads and threads[0] == 1 and threads[-1] == cores, f"threads suite: {threads}")
    gpu_rows = [r for r in rows if r["engine"] in ("gpu", "floor")]
    check(bool(gpu_rows), "no GPU rows at all (measured or skipped)")
    if gpu:
        check(all(r["ms_per_frame"] for r in gpu_rows), "a GPU row skipped on a GPU machine")
        streams = sorted(int(r["streams"]) for r in rows if r["suite"] == "streams")
        check(streams[:3] == [1, 4, 16], f"streams suite: {streams}")
        modes = {r["transfer"] for r in rows if r["suite"] == "transfers"}
        check(modes == {"device", "pinned", "pageable", "streamed"}, f"transfer modes {modes}")
    else:
        check(all(r["note"].startswith("skipped:") for r in gpu_rows),
              "GPU rows measured without a GPU")
        for suite in GPU_SUITES:
            check(all(r["note"].startswith("skipped:") for r in rows if r["suite"] == suite),
                  f"{suite}: rows not skipped without a GPU")
    stages = {r["variant"] for r in rows if r["suite"] == "pipeline" and r["engine"] == "cpu"}
    if media:
        check(stages == {"decode", "convert", "kernel", "encode", "end-to-end"},
              f"pipeline stages {stages}")
        e2e = [r for r in rows if r["suite"] == "pipeline" and r["variant"] == "end-to-end"]
        check(all(r["runs"] == "10" for r in e2e), f"end-to-end frame counts: {e2e}")
    else:
        check(any("without FFmpeg" in r["note"] for r in rows if r["suite"] == "pipeline"),
              "pipeline not reported as skipped without FFmpeg")
    machine = open(os.path.join(out, "machine.txt")).read()
    for key in ("cpu: ", "cores: ", "memory: ", "gpu: ", "vfview: ", "command: "):
        check(key in machine, f"machine.txt lacks {key!r}")
    plots = ["resolution", "kernel_gaussian", "kernel_box", "threads", "peers"]
    plots += ["pipeline"] if media else []
    plots += ["block", "memory", "transfers", "streams"] if gpu else []
    for name in plots:
        check(os.path.getsize(os.path.join(out, name + ".dat")) > 0, f"{name}.dat empty")
        script = open(os.path.join(out, "plots.gp")).read()
        check(f"'{name}.png'" in script, f"plots.gp does not draw {name}.png")
        if gnuplot:
            with open(os.path.join(out, name + ".png"), "rb") as f:
                check(f.read(8) == b"\x89PNG\r\n\x1a\n", f"{name}.png is not a PNG")
    if not gpu:
        check(not os.path.exists(os.path.join(out, "block.png")), "a plot of skipped rows")
    for fail in failures:
        print("FAIL:", fail)
    print(f"check_bench: {len(rows)} rows, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
