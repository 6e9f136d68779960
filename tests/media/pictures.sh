# Sourced by test_media.sh, after the parts before it (whose files and helpers it may use).
# Pictures mapped as players show them: HDR, interlacing, turns, pixel shapes; FFmpeg's
# convolution as a peer.

# ---- HDR (PQ, HLG) mapped to SDR as FFmpeg's zscale and tonemap map it ---------------------
# taken as stored, such pictures came out grey and washed out; --no-tonemap still does that
tonemap="zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0"
tonemap="$tonemap,zscale=t=bt709,format=gbrp"
for trc in smpte2084 arib-std-b67; do
    ff -f lavfi -i testsrc2=size=96x60:rate=25:duration=0.4 -vf "zscale=tin=bt709:pin=bt709:\
min=bt709:rin=tv:t=$trc:p=bt2020:m=bt2020nc:r=tv:npl=203,format=yuv420p10le" -color_trc "$trc" \
        -color_primaries bt2020 -colorspace bt2020nc -color_range tv -c:v ffv1 "hdr_$trc.mkv"
    ff -i "hdr_$trc.mkv" -vf "$tonemap" -c:v ffv1 "hdr_want_$trc.mkv"
    kind=$([ $trc = smpte2084 ] && echo PQ || echo HLG)
    run "hdr_$trc" 0 -i "hdr_$trc.mkv" -f identity --codec ffv1 -o "hdr_got_$trc.mkv" &&
        { "$check" same "hdr_want_$trc.mkv" "hdr_got_$trc.mkv" >/dev/null &&
            grep -q "^vfview: hdr_$trc.mkv: HDR ($kind) mapped to SDR" "hdr_$trc.err" && ok ||
            bad "HDR $kind: not mapped as zscale and tonemap map it: $(cat "hdr_$trc.err")"; }
    run "hdr_kept_$trc" 0 -i "hdr_$trc.mkv" --no-tonemap -f identity --codec ffv1 \
        -o "hdr_kept_$trc.mkv" &&
        { ! "$check" same "hdr_want_$trc.mkv" "hdr_kept_$trc.mkv" >/dev/null 2>&1 &&
            ! grep -q HDR "hdr_kept_$trc.err" && ok || bad "--no-tonemap: $kind mapped anyway"; }
done

# ---- interlaced video made progressive as FFmpeg's bwdif makes it -------------------------
# (its fields combed every moving edge; --no-deinterlace still keeps them); a loop starts the
# filter again, as three runs end to end would
ff -f lavfi -i testsrc2=size=96x60:rate=50:duration=1 -vf "tinterlace=mode=interleave_top" \
    -c:v mpeg2video -flags +ilme+ildct -top 1 -q:v 2 fields.ts
ff -i fields.ts -vf "bwdif=mode=send_frame:parity=auto:deint=interlaced" -c:v ffv1 fields_want.mkv
ff -stream_loop 2 -i fields_want.mkv -frames:v 60 -c:v ffv1 fields_want_loop.mkv
run fields 0 -i fields.ts -f identity --codec ffv1 -o fields_got.mkv &&
    { "$check" same fields_want.mkv fields_got.mkv >/dev/null &&
        grep -q "^vfview: fields.ts: interlaced: made progressive with bwdif" fields.err && ok ||
        bad "interlaced: not made progressive as bwdif makes it: $(cat fields.err)"; }
run fields_loop 0 -i fields.ts --loop --frames 60 -f identity --codec ffv1 -o fields_loop.mkv &&
    { "$check" same fields_want_loop.mkv fields_loop.mkv >/dev/null && ok ||
        bad "interlaced, looped: not bwdif's pictures three times"; }
run fields_kept 0 -i fields.ts --no-deinterlace -f identity --codec ffv1 -o fields_kept.mkv &&
    { ! "$check" same fields_want.mkv fields_kept.mkv >/dev/null 2>&1 &&
        ! grep -q interlaced fields_kept.err && ok || bad "--no-deinterlace: made progressive"; }
# a new size mid-stream: the picture bwdif held of the old size comes out, as at an input's
# end, before the new size starts (it was lost). The joined stream decodes to 11 + 12 pictures.
ff -f lavfi -i testsrc2=size=80x48:rate=50:duration=0.5 -vf "tinterlace=mode=interleave_top" \
    -c:v mpeg2video -flags +ilme+ildct -top 1 -q:v 2 fields_small.ts
ff -i fields.ts -frames:v 12 -c copy fields_part.ts
cat fields_part.ts fields_small.ts >fields_resized.ts
ff -i fields_resized.ts -frames:v 11 -c copy fields_first.ts
ff -i fields_first.ts -vf "bwdif=mode=send_frame:parity=auto:deint=interlaced" -c:v ffv1 \
    fields_first_want.mkv
run fields_resized 0 -i fields_resized.ts -f identity --codec ffv1 -o fields_resized.mkv &&
    ff -i fields_resized.mkv -frames:v 11 -c copy fields_first_got.mkv &&
    { [ "$(frames_once fields_resized.mkv)" = "$(frames_once fields_resized.ts)" ] &&
        "$check" same fields_first_want.mkv fields_first_got.mkv >/dev/null && ok ||
        bad "interlaced, resized mid-stream: $(frames_once fields_resized.mkv) pictures of" \
            "$(frames_once fields_resized.ts), or the old size's last one not bwdif's"; }

# ---- a display matrix turns the pictures as FFmpeg's own autorotation does ----------------
one_second -c:v png -pix_fmt rgb24 stored.mov
matrix_of() { ffprobe -v error -show_entries stream_side_data=rotation -of csv=p=0 "$1"; }
# turned_copy IN TURN OUT: IN by stream copy with a matrix that ffmpeg shows as IN turned TURN
# degrees counterclockwise (what FFmpeg 5's rotate tag writes). From FFmpeg 6 on the tag is gone
# and -display_rotation writes the matrix; its sign is taken as the one ffmpeg then shows so.
turned_copy() {
    local in=$1 turn=$2 out=$3 sign
    ff -i "$in" -c copy -metadata:s:v:0 rotate="$turn" "$out"
    [ -n "$(matrix_of "$out")" ] && return 0
    local shown=(x transpose=cclock hflip,vflip transpose=clock)
    ff -i "$in" -vf "${shown[turn / 90]}" -pix_fmt gbrp -c:v ffv1 "$out.want.mkv"
    for sign in "" -; do
        ff -display_rotation "$sign$turn" -i "$in" -c copy "$out"
        ff -i "$out" -pix_fmt gbrp -c:v ffv1 "$out.shown.mkv"
        "$check" same "$out.want.mkv" "$out.shown.mkv" >/dev/null 2>&1 && return 0
    done
    return 1
}
for turn in 90 180 270; do
    turned_copy stored.mov $turn "rot$turn.mov" && [ -n "$(matrix_of "rot$turn.mov")" ] ||
        { bad "rot$turn.mov: no display matrix made"; continue; }
    ff -i "rot$turn.mov" -pix_fmt gbrp -c:v ffv1 "want$turn.mkv" # the CLI turns it
    run "rotate$turn" 0 -i "rot$turn.mov" -f identity --codec ffv1 -o "turned$turn.mkv" &&
        { "$check" same "want$turn.mkv" "turned$turn.mkv" >/dev/null && ok ||
            bad "rotation $turn: not the picture ffmpeg shows: $("$check" info "turned$turn.mkv")"; }
done
run as_stored 0 -i rot90.mov --no-autorotate -f identity --codec ffv1 -o as_stored.mkv &&
    { "$check" same stored.mov as_stored.mkv >/dev/null && ok ||
        bad "--no-autorotate: not the stored pictures"; }
# the user's turns: clockwise as ffmpeg's transpose=clock, the mirror as hflip, and after the
# file's own turn (rot90.mov is turned left: turned right again, it is as stored)
ff -i stored.mov -vf transpose=clock -pix_fmt gbrp -c:v ffv1 clock.mkv
ff -i stored.mov -vf transpose=clock,hflip -pix_fmt gbrp -c:v ffv1 clock_mirrored.mkv
run user_rotate 0 -i stored.mov --rotate 90 -f identity --codec ffv1 -o user90.mkv &&
    run user_mirror 0 -i stored.mov --rotate 90 --mirror -f identity --codec ffv1 -o user90m.mkv &&
    run user_undo 0 -i rot90.mov --rotate 90 -f identity --codec ffv1 -o undone.mkv &&
    { "$check" same clock.mkv user90.mkv >/dev/null && "$check" same clock_mirrored.mkv user90m.mkv \
        >/dev/null && "$check" same stored.mov undone.mkv >/dev/null && ok ||
        bad "--rotate 90 / --mirror: $("$check" same clock.mkv user90.mkv 2>&1)," \
            "$("$check" same clock_mirrored.mkv user90m.mkv 2>&1), $("$check" same stored.mov undone.mkv 2>&1)"; }
# a phone's photo: EXIF orientation 6 (turn right to show) in the JPEG, which the decoder gives
# as the picture's display matrix
python3 - photo.jpg exif6.jpg <<'PY'
import struct, sys
entry = struct.pack(">HHII", 0x0112, 3, 1, 6 << 16)  # Orientation, SHORT, 1, value 6
tiff = b"MM" + struct.pack(">HI", 42, 8) + struct.pack(">H", 1) + entry + struct.pack(">I", 0)
app1 = b"Exif\0\0" + tiff
jpeg = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])
PY
run exif 0 -i exif6.jpg -f identity -o exif_shown.png &&
    run exif_ref 0 -i photo.jpg --rotate 90 -f identity -o exif_want.png &&
    run exif_stored 0 -i exif6.jpg --no-autorotate -f identity -o exif_stored.png &&
    { "$check" same exif_want.png exif_shown.png >/dev/null &&
        [ "$("$check" info exif_stored.png)" = "1 97x61" ] && ok ||
        bad "EXIF orientation 6: $("$check" info exif_shown.png), stored $("$check" info exif_stored.png)"; }
# a recording holds the turned pictures, with no matrix to turn them again
run rotate_mp4 0 -i rot90.mov -f sharpen -o turned.mp4 &&
    { [ "$("$check" info turned.mp4)" = "25 61x97" ] && [ -z "$(matrix_of turned.mp4)" ] && ok ||
        bad "recording of a turned input: $("$check" info turned.mp4), matrix '$(matrix_of turned.mp4)'"; }
# pixels that are not square (anamorphic video) keep their shape in a recording; turned a
# quarter, they are as much taller than wide
sar_of() { ffprobe -v error -select_streams v:0 -show_entries stream=sample_aspect_ratio \
    -of csv=p=0 "$1"; }
one_second -vf setsar=32/27 -c:v png -pix_fmt rgb24 anamorphic.mov
turned_copy anamorphic.mov 90 anamorphic90.mov
for out in sar.mp4 sar.mkv; do
    run "sar_$out" 0 -i anamorphic.mov -o "$out" &&
        { [ "$(sar_of "$out")" = 32:27 ] && ok || bad "$out: pixels $(sar_of "$out"), not 32:27"; }
done
run sar_turned 0 -i anamorphic90.mov -o sar_turned.mkv &&
    { [ "$(sar_of sar_turned.mkv)" = 27:32 ] && [ "$("$check" info sar_turned.mkv)" = "25 61x97" ] &&
        ok || bad "turned 32:27 pixels: $(sar_of sar_turned.mkv), $("$check" info sar_turned.mkv)"; }

# ---- FFmpeg's own convolution filter agrees within 1 on interior pixels -------------------
peer() { # NAME MATRIX RDIV VFVIEW_SPEC
    local m="$2"
    ff -i gbrp.mkv -vf "convolution=$m:$m:$m:$m:$3:$3:$3:$3" -c:v ffv1 "peer_$1.mkv" &&
        run "peer_$1" 0 -i gbrp.mkv -f "$4" -o "ours_$1.mkv" --codec ffv1 &&
        { r=$(radius "$m"); "$check" near "peer_$1.mkv" "ours_$1.mkv" 1 "$r" >/dev/null && ok ||
            bad "$1 differs from ffmpeg's convolution by more than 1"; }
}
radius() { local n; n=$(echo "$1" | wc -w); [ "$n" -eq 9 ] && echo 1 || echo 2; }
peer sharpen "0 -1 0 -1 5 -1 0 -1 0" 1 sharpen
peer gauss5 "1 4 6 4 1 4 16 24 16 4 6 24 36 24 6 4 16 24 16 4 1 4 6 4 1" 0.00390625 \
    "custom:matrix=1 4 6 4 1 4 16 24 16 4 6 24 36 24 6 4 16 24 16 4 1 4 6 4 1:div=256"
peer box3 "1 1 1 1 1 1 1 1 1" 0.1111111 "box:size=3"
