# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# Pixels of other shapes and the A-B loop, in MP4 and MPEG-TS.

# pixels twice as wide as tall (anamorphic video): a white 100x100 picture shows 200 wide, in a
# window opened for two such halves; shift+s saves it 100x100 with the shape in its PNG (pHYs)
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=white:size=100x100:rate=25:duration=1 \
    -vf setsar=2 -c:v ffv1 wide_pixels.mkv
cat >sar.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity wide_pixels.mkv 2>sar.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key i; sleep 0.5; xdotool key s; sleep 0.5; xdotool key shift+s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session sar.sh
white() { # the white pixels along a line of a screenshot (crop=W:H:X:Y)
    ffmpeg -v error -i "$1" -vf "crop=$2" -f rawvideo -pix_fmt rgb24 - | od -An -tu1 -v -w3 |
        awk '$1 > 250 && $2 > 250 && $3 > 250 { n++ } END { print n + 0 }'
}
phys() { # a PNG's pHYs chunk as "X:Y UNIT", or nothing
    python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read()
i = 8
while i + 8 <= len(d):
    n, t = struct.unpack(">I4s", d[i:i + 8])
    if t == b"pHYs":
        print("%d:%d %d" % struct.unpack(">IIB", d[i + 8:i + 17]))
    i += 12 + n' "$1"
}
if [ "${#shots[@]}" -eq 2 ]; then
    across=$(white "${shots[0]}" "iw/2:1:0:ih/2") down=$(white "${shots[0]}" "1:ih:iw/4:0")
    [ "$((across * 20))" -ge "$((down * 39))" ] && [ "$((across * 20))" -le "$((down * 41))" ] &&
        grep -q "(400x124)" sar.err && ok ||
        bad "2:1 pixels: the picture $across across by $down down (expected twice as wide);" \
            "$(grep screenshot sar.err)"
    grep -q "picture: ${shots[1]} (CPU, 100x100)" sar.err && [ "$(phys "${shots[1]}")" = "2:1 0" ] &&
        ok || bad "2:1 pixels saved: pHYs '$(phys "${shots[1]}")' (expected '2:1 0'): $(cat sar.err)"
else
    bad "2:1 pixels: ${#shots[@]} files (expected a screenshot and a picture): $(tail -2 sar.err)"
fi

# an A-B loop: A at the first picture, B five steps on (0.2 s); played for 2.5 s, the picture
# on screen is one of the first five again, not one from 2.5 s in
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=96x60:rate=25:duration=4 \
    -pix_fmt gbrp -c:v ffv1 ab.mkv
ffmpeg -nostdin -loglevel error -y -i ab.mkv -frames:v 8 ab%d.png
cat >ab.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity ab.mkv 2>ab.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key l; sleep 0.3
for i in 1 2 3 4 5; do xdotool key period; sleep 0.3; done
xdotool key l; sleep 0.3
xdotool key space; sleep 2.5; xdotool key space; sleep 0.5
xdotool key shift+s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session ab.sh
looped=none
for i in 1 2 3 4 5 6 7 8; do
    [ "${#shots[@]}" -eq 1 ] && "$check" same "ab$i.png" "${shots[0]}" >/dev/null 2>&1 && looped=$i
done
grep -q "A-B loop: 0:00.000 - 0:00.200" ab.err && [ "$looped" != none ] && [ "$looped" -le 6 ] &&
    ok || bad "A-B loop: the picture after 2.5 s is frame $looped (expected 1-6): $(cat ab.err)"
# the loop's points are white ticks on the seek bar (over a black clip: the only white there)
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=black:size=320x240:rate=25:duration=4 \
    -c:v ffv1 black.mkv
cat >ticks.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity black.mkv 2>ticks.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.3; xdotool key l
for i in 1 2 3 4 5 6 7 8 9 10; do xdotool key period; sleep 0.2; done
xdotool key l; sleep 0.5; xdotool key s; sleep 0.3
xdotool key q
wait \$pid
SCRIPT
session ticks.sh
if [ "${#shots[@]}" -eq 2 ]; then
    before=$(white "${shots[0]}" "iw:12:0:ih-12") after=$(white "${shots[1]}" "iw:12:0:ih-12")
    [ "$before" -eq 0 ] && [ "$after" -ge 8 ] && ok ||
        bad "A-B ticks: $before white pixels along the bar before, $after with A and B set"
else
    bad "A-B ticks: ${#shots[@]} screenshots (expected 2): $(tail -2 ticks.err)"
fi
# the same in MPEG-TS, whose clock starts at 1.4 s: positions count from the input's start, as in
# mpv (the loop read 0:01.400 - 0:01.800 there, and its ticks stood a third of the way along)
ffmpeg -nostdin -loglevel error -y -i black.mkv -c:v libx264 -preset ultrafast -pix_fmt yuv420p \
    -f mpegts black.ts
sed 's/black\.mkv/black.ts/; s/ticks\.err/tsticks.err/' ticks.sh >tsticks.sh
session tsticks.sh
if [ "${#shots[@]}" -eq 2 ]; then
    left=$(white "${shots[1]}" "iw/5:12:0:ih-12") right=$(white "${shots[1]}" "iw*4/5:12:iw/5:ih-12")
    grep -q "A-B loop: 0:00.000 - 0:00.400" tsticks.err && [ "$left" -ge 8 ] && [ "$right" -eq 0 ] &&
        ok || bad "A-B loop in MPEG-TS: $left white pixels in the bar's first fifth (expected 8 or" \
        "more), $right after it (expected 0): $(grep A-B tsticks.err)"
else
    bad "A-B ticks in MPEG-TS: ${#shots[@]} screenshots (expected 2): $(tail -2 tsticks.err)"
fi
