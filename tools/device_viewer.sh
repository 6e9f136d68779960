#!/usr/bin/env bash
# On the GPU machine: the window with its GPU half on the real GPU. Unpacks the archive made by
# tools/viewer_closure.sh (a viewer build and its run-time libraries, Xvfb with Mesa's software
# OpenGL for the drawing, xdotool for real key events), then runs tests/test_viewer.sh against it
# and checks that the right half really ran on the GPU: the exit summary has GPU times and no
# CUDA error was shown. Screenshots and the logs go to $OUT (or ./out).
# usage: tools/device_viewer.sh CLOSURE_DIR    (the unpacked archive)
# The archive comes over in 45 MiB parts, one device call each while the machine stays warm:
#   call 1, 2: carry build-closure/viewer.tar.xz.part-0N; cp it to /tmp/vfc/
#   call 3:    the last part likewise, then
#              cat /tmp/vfc/*.part-* | xz -d | tar -x -C /tmp/vfclosure
#              tools/device_viewer.sh /tmp/vfclosure
set -u
root=$(realpath "$1")
out="${OUT:-out}"
mkdir -p "$out"
out=$(realpath "$out")
repo=$(pwd)

# The build was configured in /work/main: its bundled-sample path points there. Xvfb looks for
# xkbcomp and Mesa's driver at Debian's paths; this machine is a throwaway, so put them there.
[ -e /work/main/assets/sample.mp4 ] ||
    { mkdir -p /work/main/assets && cp "$repo/assets/sample.mp4" /work/main/assets/; }
mkdir -p /var/lib/xkb
[ -e /usr/bin/xkbcomp ] || cp "$root/bin/xkbcomp" /usr/bin/xkbcomp
[ -e /usr/share/X11/xkb ] || { mkdir -p /usr/share/X11 && cp -r "$root/share/xkb" /usr/share/X11/; }
mkdir -p /usr/lib/x86_64-linux-gnu/dri
[ -e /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so ] ||
    cp "$root/dri/swrast_dri.so" /usr/lib/x86_64-linux-gnu/dri/

cuda_lib=$(dirname "$(find /usr/local/cuda/ -name 'libcudart.so.1*' | head -1)")
export PATH="$root/bin:$PATH"
export LD_LIBRARY_PATH="$root/lib:$cuda_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LIBGL_DRIVERS_PATH="$root/dri" __GLX_VENDOR_LIBRARY_NAME=mesa
export FONTCONFIG_FILE="$root/fonts/fonts.conf"

# test_viewer.sh runs its sessions through xvfb-run: a small one of our own (Debian's needs xauth)
cat >"$root/bin/xvfb-run" <<'RUN'
#!/usr/bin/env bash
screen="1280x720x24"
[ "$1" = -a ] && shift
[ "$1" = -s ] && { screen=$(echo "$2" | awk '{print $NF}'); shift 2; } # -s "... -screen 0 WxHxD"
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 "$screen" -nolisten tcp >>"${XVFB_LOG:-/dev/null}" 2>&1 &
server=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
DISPLAY=$display "$@"
status=$?
kill $server
wait $server 2>/dev/null
exit $status
RUN
chmod +x "$root/bin/xvfb-run"
export XVFB_LOG="$out/xvfb.log"

nvidia-smi -L
vfview="$root/bin/vfview"
ldd "$vfview" | grep "not found" && exit 1

# a session by hand first: 400 frames, GPU variants cycled, the difference view on, a screenshot
mkdir -p "$out/session" && cd "$out/session" || exit 1
cat >keys.sh <<'KEYS'
"$1" --frames 400 2>vfview.err &
pid=$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill $pid; exit 3; }
sleep 1
for key in v v v v d; do xdotool key $key; sleep 0.3; done
xdotool key s
sleep 0.3
xdotool key d v 3 s
wait $pid
KEYS
timeout 120 xvfb-run -a -s "-screen 0 1600x900x24" bash keys.sh "$vfview"
echo "session by hand: exit $?"
cat vfview.err
cd "$repo" || exit 1

grep -q "; GPU mean" "$out/session/vfview.err" && echo "GPU half ran: yes" || echo "GPU half ran: NO"
bash tests/test_viewer.sh "$vfview" "$root/bin/media_check" 2>&1 | tee "$out/test_viewer.log" | tail -5

# the media paths that need FFmpeg as well as the GPU: a headless GPU run against the CPU's,
# end to end through decode, convert, filter, convert back and a lossless encode, and the bench's
# pipeline suite (decode, upload, kernel, download, encode per frame)
cd "$out" || exit 1
sample="$repo/assets/sample.mp4"
for engine in cpu gpu; do
    "$vfview" --no-window --engine $engine -f gaussian:size=15 --border mirror --frames 90 \
        --codec ffv1 -o "headless-$engine.mkv" "$sample" 2>"headless-$engine.err" ||
        echo "headless $engine: exit $? ($(tail -1 "headless-$engine.err"))"
    ffmpeg -v error -i "headless-$engine.mkv" -map 0:v -f framemd5 "headless-$engine.md5"
done
frames=$(grep -vc '^#' headless-gpu.md5)
cmp -s headless-cpu.md5 headless-gpu.md5 && echo "headless gpu == cpu: $frames frames identical" ||
    echo "headless gpu != cpu ($frames frames)"
"$vfview" bench --suite pipeline --quick --input "$sample" --out "$out/pipeline" >pipeline.txt 2>&1
echo "bench --suite pipeline: exit $?"
grep -iE "gpu" pipeline.txt | head -12
rm -f headless-*.mkv
