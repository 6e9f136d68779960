# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# The window's sound, written by SDL's disk driver.

# The window's sound, written by SDL's disk driver: a clip of 1 s tones at 300, 600, ... 1800 Hz
# started at 1.5 s plays 600 Hz for 0.5 s first; a pause is silent and play resumes where it
# paused (the 900 Hz second plays 1 s in all); '/' five times: volume 50%, a gain of 1/8 (a peak
# of 0.0625); 'm' mutes. Without a sound device the pictures play on.
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc=size=160x120:rate=25:duration=6 -f lavfi \
    -i "aevalsrc=0.5*sin(2*PI*300*(1+floor(t))*t):s=48000:c=stereo:d=6" -c:v libx264 \
    -pix_fmt yuv420p -c:a aac tones.mp4
cat >sound.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=sound.raw "$vfview" --start 1.5 tones.mp4 2>sound.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 0.8; xdotool key space; sleep 1; xdotool key space; sleep 0.8
for i in 1 2 3 4 5; do xdotool key slash; done
sleep 1; xdotool key m; sleep 0.5; xdotool key q
wait \$pid
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=quiet.raw "$vfview" --volume 50 --frames 30 tones.mp4 \
    2>quiet.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=none.raw "$vfview" --no-audio --frames 10 tones.mp4 \
    2>none.err
SCRIPT
session sound.sh
# a stream whose sound changes format mid-way, as a broadcast's can between programmes: 1.5 s of
# 300 Hz mono at 44.1 kHz, then 600 Hz stereo at 48 kHz (two MPEG-TS files end to end)
ts_part() { # HZ RATE CHANNELS START
    ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc=size=160x120:rate=25:duration=1.5 \
        -f lavfi -i "sine=f=$1:r=$2:d=1.5" -ac "$3" -c:v libx264 -pix_fmt yuv420p -c:a mp2 \
        -output_ts_offset "$4" -f mpegts "part$1.ts"
}
ts_part 300 44100 1 0 && ts_part 600 48000 2 1.5 && cat part300.ts part600.ts >change.ts
# the same with the second part's clock 30 s on, as a broadcast that restarts its clock: the
# window stood still and silent for 28.5 s between them
ts_part 600 44100 1 30 && cat part300.ts part600.ts >leap.ts
# sound with a gap of a second (its 900 Hz second cut out, the timestamps kept), as a broadcast's
# dropout leaves one
ffmpeg -nostdin -loglevel error -y -i tones.mp4 -c:v copy -af "aselect='not(between(t,2,3))'" \
    -c:a aac gap.mkv
cat >speeds.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=change.raw "$vfview" --frames 70 change.ts 2>change.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=leap.raw "$vfview" --frames 70 leap.ts 2>leap.err
SDL_AUDIODRIVER=nosuch "$vfview" --frames 10 tones.mp4 2>nodevice.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=gap.raw "$vfview" --frames 125 gap.mkv 2>gap.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=fast.raw "$vfview" --speed 2 --frames 60 tones.mp4 \
    2>fast.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=faster.raw "$vfview" --speed 8 --loop --frames 60 \
    tones.mp4 2>faster.err
SCRIPT
session speeds.sh
# --end: the pictures and the sound end there (the sound used to play on to the input's end while
# the last picture stayed), and with --loop both start again at --start
cat >cut.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=cut.raw "$vfview" --start 1.5 --end 2.5 tones.mp4 \
    2>cut.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 3.5; xdotool key q
wait \$pid
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=cutloop.raw "$vfview" --start 1.5 --length 1 --loop \
    --frames 50 tones.mp4 2>cutloop.err
SCRIPT
session cut.sh
# two audio tracks, 300 Hz, and 600 Hz for half a second then 900 Hz: the first plays; '#'
# (a second in) goes to the second on the same device, from the clock's time (900 Hz only),
# with no gap (SDL's disk driver would start its file again had the device been opened again,
# as it was), and a recording started then carries the second alone; --aid 2 plays the second
# from the start
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc=size=160x120:rate=25:duration=4 \
    -f lavfi -i "sine=f=300:r=48000:d=4" \
    -f lavfi -i "aevalsrc=0.125*sin(2*PI*t*if(lt(t\,0.5)\,600\,900)):s=48000:d=4" -map 0 -map 1 \
    -map 2 -ac 2 -c:v libx264 -pix_fmt yuv420p -c:a aac twotracks.mkv
cat >tracks.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=tracks.raw "$vfview" -o tracks-rec.mkv twotracks.mkv \
    2>tracks.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key numbersign; sleep 0.5; xdotool key r; sleep 1; xdotool key r; sleep 0.5
xdotool key q
wait \$pid
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=aid1.raw "$vfview" --frames 25 twotracks.mkv 2>aid1.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=aid2.raw "$vfview" --aid 2 --frames 25 twotracks.mkv \
    2>aid2.err
SCRIPT
session tracks.sh
runs() { python3 "$here/sound_runs.py" "$1" 2>&1; }
runs sound.raw >sound.runs
# the runs of 0.15 s or more: the windows where a tone starts or ends are runs of their own
# (half a window of 900 Hz, at the pause, counts as 450: label 2, so 600 Hz is counted in runs
# longer than one window)
awk '$2 >= 0.15' sound.runs >sound.long
[ "$(awk '$1 != "." {print $1; exit}' sound.long)" = 2 ] &&
    awk '$1 == 2 && $2 > 0.05 {t += $2} END {exit !(t >= 0.35 && t <= 0.65)}' sound.runs && ok ||
    bad "sound: 0.5 s at 600 Hz first: $(tr '\n' ' ' <sound.runs) $(tail -2 sound.err)"
awk '$1 == "." && $2 >= 0.6 && prev != "" && prev != "." {gap = NR; before = prev}
     NR == gap + 1 && gap {after = $1} {prev = $1}
     END {exit !(gap && before == after)}' sound.long && ok ||
    bad "sound: no silent pause between the same tone: $(tr '\n' ' ' <sound.runs)"
awk '$1 == 3 {t += $2} END {exit !(t >= 0.8 && t <= 1.2)}' sound.runs && ok ||
    bad "sound: 900 Hz plays 1 s across the pause: $(tr '\n' ' ' <sound.runs)"
# after the first sound at 1/8, none louder
awk '$1 == "." {next} quiet && $3 > 0.09 {louder = 1} $3 >= 0.4 {loud = 1}
     $2 >= 0.15 && $3 >= 0.04 && $3 <= 0.09 {quiet = 1} END {exit !(loud && quiet && !louder)}' \
    sound.runs && ok ||
    bad "sound: volume 50% is not a peak of 1/8 the full one: $(tr '\n' ' ' <sound.runs)"
[ "$(tail -1 sound.runs | cut -d' ' -f1)" = . ] && ok ||
    bad "sound: not silent after m: $(tr '\n' ' ' <sound.runs)"
awk '$1 != "." && $2 >= 0.15 {n++; if ($3 < 0.04 || $3 > 0.09) wrong = 1}
     END {exit !(n && !wrong)}' <(runs quiet.raw) && ok ||
    bad "sound: --volume 50: $(runs quiet.raw | tr '\n' ' ') $(tail -2 quiet.err)"
[ ! -e none.raw ] && grep -q "10 frames shown" none.err && ok ||
    bad "sound: --no-audio opened a sound device, or failed: $(tail -2 none.err)"
# at speed 2 each tone lasts 0.5 s at its own pitch (300 Hz, then 600: not 600, then 1200);
# beyond 4x, silence
awk '$2 >= 0.15 && $1 != "." {tones = tones $1} $1 == 1 {one += $2} $1 == 2 {two += $2}
     END {exit !(tones ~ /^12/ && one >= 0.35 && one <= 0.6 && two >= 0.35 && two <= 0.6)}' \
    <(runs fast.raw) && ok || bad "sound at 2x: $(runs fast.raw | tr '\n' ' ') $(tail -2 fast.err)"
[ "$(runs faster.raw | cut -d' ' -f1 | sort -u)" = . ] && grep -q "60 frames shown" faster.err &&
    ok || bad "sound at 8x is not silent: $(runs faster.raw | tr '\n' ' ') $(tail -2 faster.err)"
# the device stays as the first sound opened it (44.1 kHz mono): 300 Hz, then 600 Hz to the end
awk '$2 >= 0.15 && $1 != "." {tones = tones $1} $1 == 1 {one += $2} $1 == 2 {two += $2}
     END {exit !(tones == "12" && one >= 1.2 && two >= 0.8)}' \
    <(python3 "$here/sound_runs.py" change.raw 44100 1) && ! grep -q sound: change.err && ok ||
    bad "sound that changes format: $(python3 "$here/sound_runs.py" change.raw 44100 1 |
        tr '\n' ' ') $(tail -2 change.err)"
# across the leap, pictures and sound play on: 300 Hz, then 600 Hz with no silence between (the
# silence before the first tone is longer under ASan)
awk '$2 >= 0.15 {tones = tones $1} $1 == 1 {one += $2} $1 == 2 {two += $2}
     END {exit !(tones ~ /^\.?12$/ && one >= 1.2 && two >= 0.8)}' \
    <(python3 "$here/sound_runs.py" leap.raw 44100 1) && grep -q "70 frames shown" leap.err && ok ||
    bad "sound across a leap of the clock: $(python3 "$here/sound_runs.py" leap.raw 44100 1 |
        tr '\n' ' ') $(tail -2 leap.err)"
# the gap is a second of silence, and 1200 Hz plays in its second: the sound used to go on with
# it at once, and stayed a second ahead of the pictures to the end
awk '$2 < 0.15 {next} $1 == "." && prev == 2 {gap = $2} {tones = tones $1; prev = $1}
     END {exit !(tones ~ /^\.?12\.4/ && gap >= 0.8 && gap <= 1.2)}' <(runs gap.raw) && ok ||
    bad "sound with a gap: $(runs gap.raw | tr '\n' ' ') $(tail -2 gap.err)"
# --start 1.5 --end 2.5: 600 Hz for 0.5 s, 900 Hz for 0.5 s, then silence to the end; with
# --loop, 50 pictures are those twice
awk '$2 >= 0.15 {tones = tones $1} $1 == 2 {two += $2} $1 == 3 {three += $2} {last = $1; t = $2}
     END {exit !(tones ~ /^\.?23\.$/ && last == "." && t >= 1 && two >= 0.35 && two <= 0.65 &&
            three >= 0.35 && three <= 0.65) }' <(runs cut.raw) && grep -q "frames shown" cut.err &&
    ok || bad "--end in the window: $(runs cut.raw | tr '\n' ' ') $(tail -2 cut.err)"
awk '$2 >= 0.15 {tones = tones $1} END {exit !(tones ~ /^\.?2323\.?$/)}' <(runs cutloop.raw) &&
    grep -q "50 frames shown" cutloop.err && ok ||
    bad "--end with --loop in the window: $(runs cutloop.raw | tr '\n' ' ') $(tail -2 cutloop.err)"
awk '$2 >= 0.15 {tones = tones $1} $1 == "3" {second = 1}
     first && !second && $1 == "." {gap += $2} $1 == "1" {first = 1}
     END {exit !(tones ~ /^\.?13\.?$/ && gap <= 0.1)}' <(runs tracks.raw) &&
    grep -q "audio track 2/2: aac, stereo, 48 kHz" tracks.err && ok ||
    bad "'#' in the window: $(runs tracks.raw | tr '\n' ' ') $(tail -2 tracks.err)"
ffmpeg -nostdin -v error -i tracks-rec.mkv -map 0:a:0 -ac 2 -ar 48000 -f f32le -y tracks-rec.raw
[ "$(ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 tracks-rec.mkv |
    grep -c .)" = 1 ] && [ "$(runs tracks-rec.raw | awk '$2 >= 0.15 {printf "%s", $1}')" = 3 ] &&
    ok || bad "a recording after '#': $(runs tracks-rec.raw | tr '\n' ' ') $(tail -2 tracks.err)"
for track in 1 2; do
    awk -v want=$([ $track = 1 ] && echo 1 || echo 23) '$2 >= 0.15 {tones = tones $1}
        END {exit !(tones == want || tones == "." want)}' <(runs aid$track.raw) &&
        grep -q "25 frames shown" aid$track.err && ok ||
        bad "track $track in the window: $(runs aid$track.raw | tr '\n' ' ') $(tail -2 aid$track.err)"
done
# no sound device: one line says why, and the pictures play on
grep -q "^vfview: tones.mp4: sound: SDL_InitSubSystem: Audio target 'nosuch' not available" \
    nodevice.err && grep -q "10 frames shown" nodevice.err && ok ||
    bad "sound: without a device: $(tail -2 nodevice.err)"
