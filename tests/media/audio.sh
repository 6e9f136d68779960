# Sourced by test_media.sh, after the parts before it (whose files and helpers it may use).
# Sound kept, encoded again or dropped with a notice; --aid.

# ---- audio kept, or dropped with a notice; timestamps of a VFR input kept -----------------
run audio 0 -i h264.mp4 -o audio.mkv &&
    { [ "$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 audio.mkv | sort |
        tr '\n' ' ')" = "aac h264 " ] && ok || bad "audio stream not copied"; }
# all of it, from where it starts against the first picture (the audio read before the video
# decoder gives its first picture was lost: the recording's sound began 0.09 s late)
packet_times() { # side data adds a comma and a line to the priming packet's
    ffprobe -v error -select_streams "$1" -show_entries packet=pts_time -of csv=p=0 "$2" |
        tr -d , | grep .
}
first_of() { packet_times "$1" "$2" | sort -g | head -1; }
audio_lead() { awk -v a="$(first_of a:0 "$1")" -v v="$(first_of v:0 "$1")" 'BEGIN { print a - v }'; }
packets() { packet_times a:0 "$1" | wc -l; }
[ -f audio.mkv ] && [ "$(packets audio.mkv)" = "$(packets h264.mp4)" ] &&
    awk -v o="$(audio_lead audio.mkv)" -v i="$(audio_lead h264.mp4)" \
        'BEGIN { exit !(o - i < 0.002 && i - o < 0.002) }' && ok ||
    bad "recorded audio: $(packets audio.mkv) packets from $(audio_lead audio.mkv) s of the" \
        "first picture; the input's $(packets h264.mp4) from $(audio_lead h264.mp4) s"
# the same into MP4, whose fragments say where each stream starts by an edit list, written with
# the first fragment: without it the pictures started later by the encoder's B-frame delay (two
# frames, 0.08 s here) while the sound did not, and played that far behind it
run audio_mp4 0 -i h264.mp4 -o audio.mp4 &&
    { awk -v o="$(audio_lead audio.mp4)" -v i="$(audio_lead h264.mp4)" \
        'BEGIN { exit !(o - i < 0.002 && i - o < 0.002) }' && ok ||
        bad "audio.mp4: sound from $(audio_lead audio.mp4) s of the first picture; the" \
            "input's from $(audio_lead h264.mp4) s"; }
# AAC from MPEG-TS comes in ADTS frames, which MP4 and MOV hold bare with one configuration: in
# the fragmented MP4 the recorder writes, FFmpeg refused the first packet ('Malformed AAC
# bitstream') and the recording ended after two pictures. Each packet is kept, and decodes.
ff -i h264.mp4 -c copy adts.ts
for ext in mp4 mov m4a; do
    run "adts_$ext" 0 -i adts.ts -o "adts.$ext" &&
        { [ "$(frames_of "adts.$ext")" = 25 ] && [ "$(packets "adts.$ext")" = "$(packets adts.ts)" ] &&
            [ -z "$(ff -i "adts.$ext" -map 0:a -f null - 2>&1)" ] && ok ||
            bad "ADTS sound into adts.$ext: $(frames_of "adts.$ext") pictures, $(packets \
                "adts.$ext") audio packets of $(packets adts.ts); $(ff -i "adts.$ext" -map 0:a \
                -f null - 2>&1 | head -1)"; }
done
# a packet whose ADTS header is damaged is skipped, as a player skips it, not the recording's end
ff -i adts.ts -c copy -bsf:a noise=amount=50 -f mpegts adts_damaged.ts
run adts_damaged 0 -i adts_damaged.ts -o adts_damaged.mp4 &&
    { [ "$(frames_of adts_damaged.mp4)" = 25 ] &&
        [ "$(packets adts_damaged.mp4)" -gt $(($(packets adts_damaged.ts) * 3 / 4)) ] && ok ||
        bad "damaged ADTS sound into MP4: $(frames_of adts_damaged.mp4) pictures, $(packets \
            adts_damaged.mp4) audio packets of $(packets adts_damaged.ts)"; }
# MPEG-TS files joined end to end, each with its clock from 1.4 s (a DVR's parts): the clock steps
# back 1 s at the join, and the recording dropped the second part's sound. With the second
# part's clock 30 s on (a broadcast's restart) the recording held a 30 s picture. Both now run on,
# pictures and sound, as with the ffmpeg CLI.
ts_part() { # NAME HZ CLOCK_OFFSET
    ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1" -f lavfi -i "sine=f=$2:d=1" \
        -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a mp2 -output_ts_offset "$3" \
        -f mpegts "$1"
}
ts_part joined1.ts 440 0 && ts_part joined2.ts 880 0 && ts_part leap2.ts 880 30
cat joined1.ts joined2.ts >joined.ts && cat joined1.ts leap2.ts >leap.ts
last_of() { packet_times "$1" "$2" | sort -g | tail -1; }
for name in joined leap; do
    run "$name" 0 -i "$name.ts" -o "$name.mkv" &&
        { [ "$(frames_of "$name.mkv")" = 50 ] &&
            [ "$(packets "$name.mkv")" -ge $(($(packets "$name.ts") - 1)) ] &&
            awk -v v="$(last_of v:0 "$name.mkv")" -v a="$(last_of a:0 "$name.mkv")" \
                'BEGIN { exit !(v > 1.9 && v < 2.0 && a > 1.9 && a < 2.05) }' && ok ||
            bad "$name.ts recorded: $(frames_of "$name.mkv") pictures (expected 50), the last at" \
                "$(last_of v:0 "$name.mkv") s; $(packets "$name.mkv") of $(packets "$name.ts")" \
                "audio packets, the last at $(last_of a:0 "$name.mkv") s (expected 1.9-2.05)"; }
done
# its sound starts 0.023 s before its first picture (the AAC priming), and so does the file;
# --start counts from the first picture: 0.4 s is picture 10 of 25, not picture 9
run start_primed 0 -i audio.mp4 --start 0.4 -o start_primed.mkv &&
    { [ "$(frames_of start_primed.mkv)" = 15 ] && ok ||
        bad "--start 0.4 in audio.mp4: $(frames_of start_primed.mkv) pictures (expected 15)"; }
# sound a second ahead of the pictures: the recording starts with the first picture (and the
# audio packet just before it, which an AAC decoder needs), not with a second of sound alone
ff -itsoffset 1 -i h264.mp4 -i h264.mp4 -map 0:v -map 1:a -c copy lead.mkv
run audio_lead 0 -i lead.mkv -o lead_out.mkv &&
    { awk -v l="$(audio_lead lead_out.mkv)" 'BEGIN { exit !(l > -0.05 && l <= 0) }' && ok ||
        bad "sound ahead of the pictures: recorded from $(audio_lead lead_out.mkv) s of the" \
            "first picture (expected -0.05 to 0)"; }
run no_audio 0 --no-audio -i h264.mp4 -o no_audio.mkv &&
    { [ "$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 no_audio.mkv)" = h264 ] &&
        ok || bad "--no-audio: the recording has $(ffprobe -v error -show_entries \
            stream=codec_name -of csv=p=0 no_audio.mkv | tr '\n' ' ')"; }
# sound the container cannot hold is encoded with the container's own codec, as the ffmpeg CLI
# does (it was dropped: WebM, Ogg and MPEG recordings of a phone's video had no sound), in step
# with the pictures: a tone that starts 0.5 s into the input starts as far from the first
# picture, also on the loop's second pass (--loop: the recording's clock splices the input)
ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1" \
    -f lavfi -i "sine=frequency=440:duration=1,volume=enable='lt(t,0.5)':volume=0" \
    -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a aac -shortest beep.mp4
ff -i beep.mp4 -c:v ffv1 -c:a pcm_s16le beep_pcm.mkv
first_frame() { ffprobe -v error -select_streams "$1" -show_entries frame=pts_time -of csv=p=0 \
    "$2" | tr -d , | grep . | head -1; }
# where the tone starts (each time), in seconds from the first picture
onsets() {
    ffmpeg -nostdin -hide_banner -copyts -i "$1" -map 0:a:0 -af silencedetect=n=-30dB:d=0.05 \
        -f null - 2>&1 | sed -n 's/.*silence_end: \([-0-9.]*\).*/\1/p' |
        awk -v v="$(first_frame v:0 "$1")" '{ printf "%.4f ", $1 - v }'
}
audio_of() { ffprobe -v error -select_streams a:0 -show_entries stream=codec_name,sample_rate \
    -of csv=p=0 "$1"; }
tone_at=$(onsets beep.mp4 | cut -d' ' -f1)
for case in beep.mp4:webm:opus,48000 beep.mp4:mpg:mp2,44100 beep.mp4:ogv:vorbis,44100 \
    beep.mp4:mxf:pcm_s16le,48000 beep_pcm.mkv:mp4:aac,44100; do
    IFS=: read -r in ext want <<<"$case"
    run "encoded_$ext" 0 -i "$in" -o "encoded.$ext" &&
        run "encoded_loop_$ext" 0 -i "$in" --loop --frames 60 -o "encoded_loop.$ext" &&
        { [ "$(audio_of "encoded.$ext")" = "$want" ] &&
            grep -q "(.*, audio encoded as ${want%,*})$" "encoded_$ext.err" &&
            onsets "encoded_loop.$ext" | awk -v t="$tone_at" -v f="$(onsets "encoded.$ext")" \
                'function off(x, y) { return x - y > 0.008 || y - x > 0.008 }
                 { if (off($1, t) || off($2, t + 1) || off(f + 0, t)) exit 1 }' && ok ||
            bad "$in into .$ext: sound $(audio_of "encoded.$ext") (expected $want), the tone" \
                "from $(onsets "encoded.$ext")/ $(onsets "encoded_loop.$ext")s (expected" \
                "$tone_at and, looped, $tone_at + 1): $(tail -1 "encoded_$ext.err")"; }
done
# damaged sound (bytes of the AAC changed) is encoded as far as it can be read: a packet the
# decoder refuses is skipped (it ended the recording, "sound: decoding: Operation not permitted")
audio_seconds() { ffprobe -v error -select_streams a:0 -show_entries frame=nb_samples -of csv=p=0 \
    "$1" | awk -v r="$(audio_of "$1" | cut -d, -f2)" '{ s += $1 } END { print s / r }'; }
ff -i beep.mp4 -c copy -bsf:a noise=amount=50 damaged.mkv
run damaged_audio 0 -i damaged.mkv -o damaged.webm &&
    { [ "$(frames_of damaged.webm)" = 25 ] &&
        awk -v s="$(audio_seconds damaged.webm)" 'BEGIN { exit !(s > 0.95 && s < 1.1) }' && ok ||
        bad "damaged AAC into WebM: $(frames_of damaged.webm) pictures," \
            "$(audio_seconds damaged.webm) s of sound: $(cat damaged_audio.err)"; }
# sound that changes format mid-stream (44.1 kHz mono, then 48 kHz stereo, as a broadcast's can
# between programmes), encoded again: the second part overlapped the first's last frame by 15 ms,
# Vorbis's timestamps stepped back, and the Ogg muxer ended the recording ('write failed')
change_part() { # NAME HZ RATE CHANNELS CLOCK_OFFSET
    ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1.5" -f lavfi -i "sine=f=$2:r=$3:d=1.5" \
        -ac "$4" -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a mp2 -output_ts_offset "$5" \
        -f mpegts "$1"
}
change_part change1.ts 440 44100 1 0 && change_part change2.ts 880 48000 2 1.5
cat change1.ts change2.ts >change.ts
run change_ogv 0 -i change.ts -o change.ogv &&
    { [ "$(frames_of change.ogv)" = "$(frames_once change.ts)" ] &&
        [ -z "$(ff -i change.ogv -f null - 2>&1)" ] &&
        awk -v s="$(audio_seconds change.ogv)" 'BEGIN { exit !(s > 2.9 && s < 3.1) }' && ok ||
        bad "sound that changes format into Ogg: $(frames_of change.ogv) of" \
            "$(frames_once change.ts) pictures," \
            "$(audio_seconds change.ogv) s of sound: $(tail -1 change_ogv.err)"; }
# lossy encoders record 4:2:0, which players and hardware decoders play: VP9 took planar RGB
# (profile 1), which few play, and which made files twice as big
grep -q "(libvpx-vp9 yuv420p, webm, audio encoded as opus)$" encoded_webm.err && ok ||
    bad "WebM: $(tail -1 encoded_webm.err)"
# 3GP's own codec is AMR, which Debian's FFmpeg cannot encode: AAC, which it holds too
run encoded_3gp 0 -i beep_pcm.mkv -o encoded.3gp &&
    { case "$(audio_of encoded.3gp)" in aac,44100 | amr_nb,8000) ok ;;
        *) bad "pcm into 3gp: sound '$(audio_of encoded.3gp)': $(cat encoded_3gp.err)" ;; esac; }
# GXF holds 48 kHz mono only (which FFmpeg says when the header is written): mono is encoded at
# 48 kHz, and stereo, refused, is dropped with a notice and the pictures recorded alone
ff -f lavfi -i "testsrc2=size=720x576:rate=25:duration=0.4" -f lavfi -i "sine=duration=0.4" \
    -af aformat=channel_layouts=stereo -c:v ffv1 -c:a aac pal_stereo.mkv
ff -i pal_stereo.mkv -c:v copy -ac 1 -c:a aac pal_mono.mkv
run gxf_mono 0 -i pal_mono.mkv -o mono.gxf &&
    { [ "$(audio_of mono.gxf)" = pcm_s16le,48000 ] && [ "$(frames_once mono.gxf)" = 10 ] && ok ||
        bad "mono into GXF: sound '$(audio_of mono.gxf)': $(cat gxf_mono.err)"; }
run gxf_stereo 0 -i pal_stereo.mkv -o stereo.gxf &&
    { grep -q "^vfview: stereo.gxf: the gxf container refused the sound encoded as pcm_s16le (.*);\
 recording the pictures without it$" gxf_stereo.err &&
        [ -z "$(audio_of stereo.gxf)" ] && [ "$(frames_once stereo.gxf)" = 10 ] &&
        [ "$(grep -c "recording with mpeg2video instead" gxf_stereo.err)" = 1 ] && ok ||
        bad "stereo into GXF: sound '$(audio_of stereo.gxf)': $(cat gxf_stereo.err)"; }
# FLAC into MP4 is experimental in FFmpeg 5, whose muxer refuses it only when writing the
# header (the recording failed): then it is encoded as AAC, in step
ff -i beep.mp4 -c:v ffv1 -c:a flac beep_flac.mkv
run flac_mp4 0 -i beep_flac.mkv -o flac.mp4 &&
    { case "$(audio_of flac.mp4)" in
        flac,44100) ! grep -q refused flac_mp4.err ;;
        aac,44100) grep -q "^vfview: flac.mp4: the mp4 container refused the sound copied (.*);\
 encoding it with the container's own codec$" flac_mp4.err ;;
        *) false ;;
        esac && onsets flac.mp4 | awk -v t="$tone_at" '{ exit !($1 - t < 0.008 && t - $1 < 0.008) }' &&
        ok || bad "FLAC into MP4: sound '$(audio_of flac.mp4)', the tone from $(onsets flac.mp4)s" \
            "(expected $tone_at): $(cat flac_mp4.err)"; }
# a container that holds no sound: dropped, with a notice
run audio_drop 0 -i pcm.mkv -o nopcm.y4m &&
    { grep -q "audio stream 1 (pcm_s16le) dropped: the yuv4mpegpipe container cannot hold it" \
        audio_drop.err && [ "$(frames_of nopcm.y4m)" = 25 ] && ok ||
        bad "pcm into y4m: no drop notice: $(cat audio_drop.err)"; }
# --aid N: the input's Nth audio track alone (the second: 900 Hz, not the first's 300); by
# default every one; --aid no: none; a track the input lacks: one line, no file
ff -i base.mkv -f lavfi -i "sine=f=300:d=1" -f lavfi -i "sine=f=900:d=1" -map 0:v -map 1 -map 2 \
    -t 1 -c:v ffv1 -c:a pcm_s16le two.mkv
audio_streams() { ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 "$1" |
    grep -c .; }
tones() { # the tones of an output's first audio stream, in steps of 300 Hz (sound_runs.py)
    ffmpeg -nostdin -v error -i "$1" -map 0:a:0 -ac 1 -ar 48000 -f f32le -y tones.raw &&
        python3 "$here/sound_runs.py" tones.raw 48000 1 | awk '$2 >= 0.15 {print $1}' | tr -d '\n'
}
run aid_all 0 -i two.mkv -o aid_all.mkv &&
    { [ "$(audio_streams aid_all.mkv)" = 2 ] && ok ||
        bad "two audio tracks: $(audio_streams aid_all.mkv) recorded"; }
run aid_2 0 -i two.mkv --aid 2 -o aid_2.mkv &&
    { [ "$(audio_streams aid_2.mkv)" = 1 ] && [ "$(tones aid_2.mkv)" = 3 ] && ok ||
        bad "--aid 2: $(audio_streams aid_2.mkv) audio streams, tones '$(tones aid_2.mkv)'"; }
run aid_no 0 -i two.mkv --aid no -o aid_no.mkv &&
    { [ "$(audio_streams aid_no.mkv)" = 0 ] && ok || bad "--aid no: audio recorded"; }
run aid_3 1 -i two.mkv --aid 3 -o aid_3.mkv &&
    { [ ! -e aid_3.mkv ] && [ "$(cat aid_3.err)" = "vfview: two.mkv: --aid 3: it has 2 audio tracks" ] &&
        ok || bad "--aid 3 of 2: $(cat aid_3.err)"; }
run aid_none 1 -i gbrp.mkv --aid 1 -o aid_none.mkv &&
    { [ "$(cat aid_none.err)" = "vfview: gbrp.mkv: --aid 1: it has no audio" ] && ok ||
        bad "--aid 1 of none: $(cat aid_none.err)"; }
pts() { ffprobe -v error -select_streams v:0 -show_entries frame=pts_time -of csv=p=0 "$1" |
    tr -d , | grep .; }
run vfr 0 -i vfr.mkv -f edge -o vfr_out.mkv &&
    { [ "$(pts vfr.mkv)" = "$(pts vfr_out.mkv)" ] && [ "$(pts vfr.mkv | wc -l)" -lt 50 ] && ok ||
        bad "VFR timestamps changed: $(pts vfr.mkv | head -5 | tr '\n' ' ') vs $(pts vfr_out.mkv |
            head -5 | tr '\n' ' ')"; }
