#!/bin/sh
# The fast CPU engine of one or more builds side by side, and OpenCV, on one machine: each round
# times every filter with every build in turn, then OpenCV (tools/peer_opencv.py), so that a
# busy moment touches all of them alike. Median ms per 4K frame (20 frames after 3 warm-up).
#   BUILDS="new=build-dev/src/vfview old=build-old/b/src/vfview" THREADS="1 16" ROUNDS=3 \
#       sh tools/cpu_ab.sh
# SPECS picks the filters, RES the frame size, OPENCV=0 leaves OpenCV out.
set -u
builds="${BUILDS:-new=build/src/vfview}"
specs="${SPECS:-sharpen gaussian:size=5 gaussian:size=15 gaussian:size=31 box:size=5 box:size=15 box:size=31}"
res="${RES:-3840x2160}"
for round in $(seq "${ROUNDS:-3}"); do
    for t in ${THREADS:-1 16}; do
        for spec in $specs; do
            printf 'round %s threads %-2s %-18s' "$round" "$t" "$spec"
            for b in $builds; do
                ms=$("${b#*=}" bench --engine cpu --variant fast --filter "$spec" --res "$res" \
                    --threads "$t" --frames 20 --warmup 3 --csv /dev/stdout |
                    awk -F, '$2 == "cpu" { printf "%.2f", $14 }')
                printf '  %s %s' "${b%%=*}" "${ms:-failed}"
            done
            echo
        done
        if [ "${OPENCV:-1}" = 1 ]; then
            python3 tools/peer_opencv.py "$t" "$res" | sed "s/^/round $round /"
        fi
    done
done
