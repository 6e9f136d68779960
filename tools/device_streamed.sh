#!/bin/sh
# On the GPU machine, after build-dev exists: the streamed pipeline (pinned host -> GPU -> host,
# 4 frames in flight) against the same transfers alone, for the issue's filters. One run's
# ms+transfer moves by up to 10-20% with PCIe and host noise, so each filter runs REPEATS times
# (floor and gpu in the same run) and the table shows the median of each.
set -u
out="${OUT:-out}"
mkdir -p "$out"
vf=build-dev/src/vfview
rm -f "$out/streamed.csv"
for spec in ${FILTERS:-sharpen edge gaussian:size=5 unsharp box:size=3 box:size=5 box:size=15 box:size=31 gaussian:size=15 gaussian:size=31}; do
    for i in $(seq "${REPEATS:-3}"); do
        $vf bench --engine floor,gpu --variant fast --filter "$spec" --res 3840x2160 \
            --frames "${FRAMES:-300}" --warmup 20 --csv "$out/one.csv" >/dev/null 2>&1 || exit 1
        tail -n +2 "$out/one.csv" >>"$out/streamed.csv"
    done
done
rm -f "$out/one.csv"
python3 - "$out/streamed.csv" <<'PY'
import csv, statistics, sys
names = ["suite", "engine", "variant", "transfer", "filter", "size", "border", "width", "height",
         "block", "streams", "threads", "runs", "ms_per_frame", "ms_min", "ms_max",
         "ms_with_transfers", "mpix_per_s", "speedup_vs_ref", "note"]
runs = {}
for r in csv.DictReader(open(sys.argv[1]), fieldnames=names):
    runs.setdefault((r["filter"], r["size"]), {}).setdefault(r["engine"], []).append(
        float(r["ms_with_transfers"]))
print("filter          transfers_ms  pipeline_ms  pipeline/transfers  frames/s  (each: median)")
for (name, size), e in runs.items():
    f, g = statistics.median(e["floor"]), statistics.median(e["gpu"])
    print(f"{name + ' ' + size:15s} {f:12.3f} {g:12.3f} {f / g:18.2f} {1000 / g:9.0f}")
PY
