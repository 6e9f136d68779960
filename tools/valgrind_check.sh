#!/bin/sh
# valgrind memcheck on a headless run of the bundled sample with recording (issue 7): fails on
# any invalid access, uninitialised use or leak (definite, indirect or possible).
# usage: tools/valgrind_check.sh [BUILD] [FRAMES]
set -u
vfview="${1:-build}/src/vfview"
frames="${2:-30}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
valgrind --error-exitcode=9 --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible \
    "$vfview" --no-window --frames "$frames" -f sharpen -o "$dir/out.mp4" >"$dir/log" 2>&1
status=$?
grep -E "ERROR SUMMARY|definitely lost|indirectly lost|possibly lost|All heap blocks|frames in" "$dir/log"
frames_out=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries \
    stream=nb_read_frames -of csv=p=0 "$dir/out.mp4" 2>/dev/null)
echo "valgrind: exit $status, recording has ${frames_out:-no} frames (want $frames)"
[ "$status" -eq 0 ] && [ "$frames_out" = "$frames" ]
