# Sourced by test_media.sh, after the parts before it (whose files and helpers it may use).
# Subtitles and chapters kept or dropped, --sid, --sub-file, headless batches, mov_text.

# ---- subtitles kept where the container holds them, or dropped with a notice ---------------
# four cues (two beginning together), French, in Matroska with sound; recorded, each keeps its
# time against the first picture and its length; from --start 1 the cue showing then (0.5-1.2 s)
# shows from the first picture for what is left of it (0.2 s), and the rest move 1 s earlier
printf '1\n00:00:00,500 --> 00:00:01,200\none\n\n2\n00:00:01,500 --> 00:00:02,000\ntwo\n\n3\n00:00:01,500 --> 00:00:02,500\ntwo too\n\n4\n00:00:02,500 --> 00:00:03,500\nthree\n' >cues.srt
ff -f lavfi -i "testsrc2=size=96x60:rate=10:duration=4" -f lavfi -i "sine=duration=4" -i cues.srt \
    -map 0 -map 1 -map 2 -c:v libx264 -preset ultrafast -c:a aac -c:s srt \
    -metadata:s:s:0 language=fra subtitled.mkv
cue_times() { # "start+length" of each cue, from the first picture's time, in ms
    local v
    v=$(first_of v:0 "$1")
    ffprobe -v error -select_streams s:0 -show_entries packet=pts_time,duration_time -of csv=p=0 \
        "$1" | awk -F, -v v="$v" '{ printf "%d+%d ", ($1 - v) * 1000 + 0.5, $2 * 1000 + 0.5 }'
}
streams_of() { ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$1" | tr '\n' ' '; }
run subtitles 0 -i subtitled.mkv -f edge -o subtitled-out.mkv &&
    { [ "$(cue_times subtitled-out.mkv)" = "500+700 1500+500 1500+1000 2500+1000 " ] &&
        [ "$(streams_of subtitled-out.mkv)" = "h264 aac subrip " ] &&
        [ "$(ffprobe -v error -select_streams s:0 -show_entries stream_tags=language -of csv=p=0 \
            subtitled-out.mkv)" = fra ] &&
        grep -q "(libx264 yuv420p, matroska, audio copied, subtitles copied)" subtitles.err && ok ||
        bad "subtitles: cues '$(cue_times subtitled-out.mkv)', streams" \
            "'$(streams_of subtitled-out.mkv)': $(cat subtitles.err)"; }
run subtitles_start 0 -i subtitled.mkv --start 1 -o subtitled-cut.mkv &&
    { [ "$(cue_times subtitled-cut.mkv)" = "0+200 500+500 500+1000 1500+1000 " ] && ok ||
        bad "subtitles from --start 1: cues '$(cue_times subtitled-cut.mkv)'"; }
# --no-sub leaves them out, --no-audio leaves them in
run no_sub 0 -i subtitled.mkv --no-sub -o no-sub.mkv && [ "$(streams_of no-sub.mkv)" = "h264 aac " ] &&
    run sub_no_audio 0 -i subtitled.mkv --no-audio -o sub-no-audio.mkv &&
    [ "$(streams_of sub-no-audio.mkv)" = "h264 subrip " ] && ok ||
    bad "--no-sub: '$(streams_of no-sub.mkv)'; --no-audio: '$(streams_of sub-no-audio.mkv)'"
# --sid N: the input's Nth subtitle track alone (the second: German, 'eins' where the French
# has 'one'); by default every one; --sid no: none; a track the input lacks: one line, no file
sed 's/one$/eins/' cues.srt >cues-de.srt
ff -i subtitled.mkv -i cues-de.srt -map 0 -map 1 -c copy -c:s srt -metadata:s:s:1 language=deu \
    two-subs.mkv
sub_languages() { ffprobe -v error -select_streams s -show_entries stream_tags=language -of csv=p=0 "$1" | tr '\n' ' '; }
run sid_all 0 -i two-subs.mkv -o sid_all.mkv &&
    { [ "$(sub_languages sid_all.mkv)" = "fra deu " ] && ok ||
        bad "two subtitle tracks: '$(sub_languages sid_all.mkv)' recorded"; }
run sid_2 0 -i two-subs.mkv --sid 2 -o sid_2.mkv &&
    { [ "$(sub_languages sid_2.mkv)" = "deu " ] && [ "$(streams_of sid_2.mkv)" = "h264 aac subrip " ] &&
        [ "$(ff -i sid_2.mkv -map 0:s:0 -f srt - | grep -c '^eins$')" = 1 ] && ok ||
        bad "--sid 2: '$(sub_languages sid_2.mkv)', '$(streams_of sid_2.mkv)'"; }
run sid_no 0 -i two-subs.mkv --sid no -o sid_no.mkv &&
    { [ "$(streams_of sid_no.mkv)" = "h264 aac " ] && ok || bad "--sid no: '$(streams_of sid_no.mkv)'"; }
run sid_3 1 -i two-subs.mkv --sid 3 -o sid_3.mkv &&
    { [ ! -e sid_3.mkv ] && [ "$(cat sid_3.err)" = "vfview: two-subs.mkv: --sid 3: it has 2 subtitle tracks" ] &&
        ok || bad "--sid 3 of 2: $(cat sid_3.err)"; }
run sid_none 1 -i gbrp.mkv --sid 1 -o sid_none.mkv &&
    { [ "$(cat sid_none.err)" = "vfview: gbrp.mkv: --sid 1: it has no subtitles" ] && ok ||
        bad "--sid 1 of none: $(cat sid_none.err)"; }
# --sub-file: a subtitle file recorded as one more track, after the input's own, its cues at
# their times from the first picture, copied into Matroska and made mov_text in MP4; --sid 2
# keeps it alone; from MPEG-TS, whose clock starts at 1.4 s, its times count from the input's
# start, as players show it; a file that cannot be read stops vfview in one line, no file left
# (the file's cues at the times of the input's own, which the file repeats)
sub_pts() { ffprobe -v error -select_streams "$1" -show_entries packet=pts_time -of csv=p=0 "$2" | tr '\n' ' '; }
run sub_file 0 -i subtitled.mkv --sub-file cues-de.srt -o sub-file.mkv &&
    { [ "$(streams_of sub-file.mkv)" = "h264 aac subrip subrip " ] &&
        [ "$(ff -i sub-file.mkv -map 0:s:1 -f srt - | grep -c '^eins$')" = 1 ] &&
        [ "$(sub_pts s:1 sub-file.mkv)" = "$(sub_pts s:0 sub-file.mkv)" ] &&
        [ "$(sub_pts s:1 sub-file.mkv | wc -w)" = 4 ] && ok ||
        bad "--sub-file into Matroska: '$(streams_of sub-file.mkv)': $(cat sub_file.err)"; }
# looped (60 pictures of a 40-picture input), the file's cues come again with the input's own
run sub_file_loop 0 -i subtitled.mkv --loop --frames 60 --sub-file cues-de.srt -o sub-file-loop.mkv &&
    { [ "$(sub_pts s:1 sub-file-loop.mkv)" = "$(sub_pts s:0 sub-file-loop.mkv)" ] &&
        [ "$(sub_pts s:1 sub-file-loop.mkv | wc -w)" = 7 ] && ok ||
        bad "--sub-file looped: '$(sub_pts s:1 sub-file-loop.mkv)' against the input's" \
            "'$(sub_pts s:0 sub-file-loop.mkv)'"; }
run sub_file_mp4 0 -i subtitled.mkv --sub-file cues-de.srt -o sub-file.mp4 &&
    { [ "$(streams_of sub-file.mp4)" = "h264 aac mov_text mov_text " ] && ok ||
        bad "--sub-file into MP4: '$(streams_of sub-file.mp4)': $(cat sub_file_mp4.err)"; }
run sub_file_sid 0 -i subtitled.mkv --sub-file cues-de.srt --sid 2 -o sub-file-sid.mkv &&
    { [ "$(streams_of sub-file-sid.mkv)" = "h264 aac subrip " ] &&
        [ "$(ff -i sub-file-sid.mkv -map 0:s:0 -f srt - | grep -c '^eins$')" = 1 ] && ok ||
        bad "--sub-file --sid 2: '$(streams_of sub-file-sid.mkv)': $(cat sub_file_sid.err)"; }
run sub_file_ts 0 -i onekey.ts --sub-file cues-de.srt -o sub-file-ts.mkv &&
    { [ "$(cue_times sub-file-ts.mkv)" = "500+700 1500+500 1500+1000 2500+1000 " ] && ok ||
        bad "--sub-file beside MPEG-TS: cues '$(cue_times sub-file-ts.mkv)'"; }
# a file of cues drawn as pictures (DVD's, written by media_check: at 0 and 4.5 s, from the
# input's start, 23 ms) is copied as it is into Matroska; WebM holds no such cues: dropped, with
# a line saying so
"$check" picture-subs boxes.mks 320 240
run sub_file_pictures 0 -i subtitled.mkv --sub-file boxes.mks -o sub-file-pictures.mkv &&
    { [ "$(streams_of sub-file-pictures.mkv)" = "h264 aac subrip dvd_subtitle " ] &&
        sub_pts s:1 sub-file-pictures.mkv |
        awk '{ exit !(NF == 2 && $1 < 0.05 && $2 - $1 > 4.499 && $2 - $1 < 4.501) }' && ok ||
        bad "--sub-file of pictures into Matroska: '$(streams_of sub-file-pictures.mkv)'," \
            "cues at '$(sub_pts s:1 sub-file-pictures.mkv)': $(cat sub_file_pictures.err)"; }
run sub_file_pictures_webm 0 -i subtitled.mkv --sub-file boxes.mks -o sub-file-pictures.webm &&
    { [ "$(streams_of sub-file-pictures.webm)" = "vp9 opus webvtt " ] &&
        grep -q "subtitle file boxes.mks (dvd_subtitle) dropped: the webm container cannot hold it" \
            sub_file_pictures_webm.err && ok ||
        bad "--sub-file of pictures into WebM: '$(streams_of sub-file-pictures.webm)':" \
            "$(cat sub_file_pictures_webm.err)"; }
run sub_file_missing 1 -i subtitled.mkv --sub-file nothere.srt -o sub-file-missing.mkv &&
    { [ ! -e sub-file-missing.mkv ] &&
        [ "$(cat sub_file_missing.err)" = "vfview: nothere.srt: cannot open: No such file or directory" ] &&
        ok || bad "--sub-file nothere.srt: $(cat sub_file_missing.err)"; }

# chapters (Intro 0-4 s, Middle 4-12, End 12-20): a recording into Matroska of 6 to 15 s keeps
# those it holds on its own clock, Middle 0-6 and End 6-9, titles and all
printf ';FFMETADATA1\n' >chapters.txt
for c in "0 4000 Intro" "4000 12000 Middle" "12000 20000 End"; do
    set -- $c
    printf '[CHAPTER]\nTIMEBASE=1/1000\nSTART=%s\nEND=%s\ntitle=%s\n' "$1" "$2" "$3" >>chapters.txt
done
ff -f lavfi -i "testsrc2=size=64x48:rate=25:duration=20" -i chapters.txt -map_chapters 1 \
    -c:v libx264 -preset ultrafast -g 25 chapters.mkv
chapters_of() { ffprobe -v error -show_chapters -of csv=p=0 "$1" | cut -d, -f4,6,7 | tr '\n' ' '; }
run chapters 0 -i chapters.mkv --start 6 --end 15 -o chapters-out.mkv &&
    { [ "$(chapters_of chapters-out.mkv)" = "0.000000,6.000000,Middle 6.000000,9.000000,End " ] &&
        ok || bad "chapters recorded from 6 to 15 s: '$(chapters_of chapters-out.mkv)'"; }
# MP4 and MOV (written in fragments) and Matroska on a pipe take chapters only with the header:
# a headless run knows there where its pictures begin and end, so they get the same; with
# --frames it does not, and MP4 gets none, while Matroska files still get theirs at the end
for out in chapters-out.mp4 chapters-out.mov; do
    run chapters_header 0 -i chapters.mkv --start 6 --end 15 -o $out &&
        { [ "$(chapters_of $out)" = "0.000000,6.000000,Middle 6.000000,9.000000,End " ] &&
            ok || bad "chapters recorded into $out: '$(chapters_of $out)'"; }
done
run chapters_pipe 0 -i chapters.mkv --start 6 --end 15 -o - --format matroska >chapters-pipe.mkv &&
    { [ "$(chapters_of chapters-pipe.mkv)" = "0.000000,6.000000,Middle 6.000000,9.000000,End " ] &&
        ok || bad "chapters recorded into a pipe: '$(chapters_of chapters-pipe.mkv)'"; }
run chapters_frames 0 -i chapters.mkv --start 6 --frames 100 -o chapters-frames.mp4 &&
    run chapters_frames_mkv 0 -i chapters.mkv --start 6 --frames 100 -o chapters-frames.mkv &&
    { [ -z "$(chapters_of chapters-frames.mp4)" ] &&
        [ "$(chapters_of chapters-frames.mkv)" = "0.000000,4.000000,Middle " ] && ok ||
        bad "--frames 100 from 6 s: MP4 '$(chapters_of chapters-frames.mp4)'," \
            "Matroska '$(chapters_of chapters-frames.mkv)'"; }
# a loop (--loop, --start 10 --end 14: two passes of 4 s in 200 pictures) holds the chapters of
# each pass where the pass is: Middle 0-2, End 2-4, Middle again 4-6, End 6-8 (the first pass's
# chapters alone used to go on to the end: Middle 0-2, End 2-8); and one within a chapter (5 to
# 9 s, twice) goes on across the jump: Middle 0-8
run chapters_loop 0 -i chapters.mkv --start 10 --end 14 --loop --frames 200 -o chapters-loop.mkv &&
    run chapters_loop_within 0 -i chapters.mkv --start 5 --end 9 --loop --frames 200 \
        -o chapters-loop-within.mkv &&
    { [ "$(chapters_of chapters-loop.mkv)" = "0.000000,2.000000,Middle 2.000000,4.000000,End \
4.000000,6.000000,Middle 6.000000,8.000000,End " ] &&
        [ "$(chapters_of chapters-loop-within.mkv)" = "0.000000,8.000000,Middle " ] && ok ||
        bad "chapters of a loop: '$(chapters_of chapters-loop.mkv)'," \
            "within one: '$(chapters_of chapters-loop-within.mkv)'"; }
# several inputs headless (a folder here) with -o FOLDER/: each filtered and recorded in turn to
# FOLDER/its own name, in the container the name says (the picture the CPU reference's); into
# the inputs' own folder, each is refused as the input itself, and the inputs stay as they were
mkdir -p batch && cp gbrp.mkv batch/clip.mkv && one_picture batch/still.png
run batch 0 -f edge batch -o batch-out/ &&
    { [ "$(ls batch-out | tr '\n' ' ')" = "clip.mkv still.png " ] &&
        "$check" filtered batch/still.png batch-out/still.png edge clamp >/dev/null &&
        [ "$(frames_of batch-out/clip.mkv)" = 25 ] &&
        [ "$(grep -c " written to batch-out/" batch.err)" = 2 ] && ok ||
        bad "-o FOLDER/ over a folder: '$(ls batch-out)': $(cat batch.err)"; }
# inputs of one name (folders batch, batch2 and batch3): the later recordings are numbered past
# every name taken, an input that is itself named still-2.png included (it used to take the
# name of batch2's numbered still.png, and replace that recording)
mkdir -p batch2 batch3 && cp batch/still.png batch2/still.png && cp batch/still.png batch3/still.png &&
    cp batch/still.png batch3/still-2.png
run batch_names 0 batch batch2 batch3 -o batch-names/ &&
    { [ "$(LC_ALL=C ls batch-names | tr '\n' ' ')" = \
        "clip.mkv still-2-2.png still-2.png still-3.png still.png " ] &&
        [ "$(grep -c " written to batch-names/" batch_names.err)" = 5 ] && ok ||
        bad "inputs named still.png and still-2.png into one folder: '$(ls batch-names)':" \
            "$(cat batch_names.err)"; }
cp batch/still.png still-before.png
run batch_onto_inputs 1 -f edge batch -o batch &&
    { [ "$(grep -c "is the input too; recording there would destroy it" batch_onto_inputs.err)" = 2 ] &&
        cmp -s batch/still.png still-before.png && ok ||
        bad "-o onto the inputs' folder: $(cat batch_onto_inputs.err)"; }
# --start '#2' --end '#3' (as mpv's): Middle alone, 4 to 12 s, 200 pictures at 25 fps; '#4', the
# end of the last, is the input's end; a chapter the input lacks stops vfview in one line
run chapter_cut 0 -i chapters.mkv --start '#2' --end '#3' -o chapter-cut.mkv &&
    { [ "$(chapters_of chapter-cut.mkv)" = "0.000000,8.000000,Middle " ] &&
        [ "$(frames_of chapter-cut.mkv)" = 200 ] && ok ||
        bad "--start #2 --end #3: chapters '$(chapters_of chapter-cut.mkv)'," \
            "$(frames_of chapter-cut.mkv) pictures: $(cat chapter_cut.err)"; }
run chapter_last 0 -i chapters.mkv --start '#3' --end '#4' -o chapter-last.mkv &&
    { [ "$(frames_of chapter-last.mkv)" = 200 ] && ok ||
        bad "--start #3 --end #4: $(frames_of chapter-last.mkv) pictures: $(cat chapter_last.err)"; }
run chapter_missing 1 -i chapters.mkv --start '#5' -o chapter-missing.mkv &&
    { [ ! -e chapter-missing.mkv ] &&
        [ "$(cat chapter_missing.err)" = "vfview: chapters.mkv: --start #5: it has 3 chapters" ] &&
        ok || bad "--start #5 of 3: $(cat chapter_missing.err)"; }
run chapter_none 1 -i gbrp.mkv --end '#1' -o chapter-none.mkv &&
    { [ "$(cat chapter_none.err)" = "vfview: gbrp.mkv: --end #1: it has no chapters" ] && ok ||
        bad "--end #1 of none: $(cat chapter_none.err)"; }

# SubRip into MP4 and MOV becomes their own mov_text (the ffmpeg CLI's way), whose cue shows
# until the next sample: an empty one ends each cue where it ended (FFmpeg's muxer left that out
# between fragments: 'one' showed 1 s, not 0.7), and the second of two that begin together
# begins a millisecond later (at the same time, the muxer put 'three' a second late); MPEG-TS
# holds no text: dropped, with a line saying so
cue_pts() { ffprobe -v error -select_streams s:0 -show_entries packet=pts_time -of csv=p=0 "$1" | tr '\n' ' '; }
for out in subtitled.mp4 subtitled.mov; do
    run "sub_${out#*.}" 0 -i subtitled.mkv -o "$out" &&
        { [ "$(streams_of "$out")" = "h264 aac mov_text " ] &&
            [ "$(cue_pts "$out")" = "0.000000 0.500000 1.200000 1.500000 1.501000 2.500000 3.500000 " ] &&
            grep -q "(libx264 yuv420p, ${out#*.}, audio copied, subtitles encoded as mov_text)" \
                "sub_${out#*.}.err" && ok ||
            bad "SubRip into $out: '$(streams_of "$out")', cues at '$(cue_pts "$out")': $(cat "sub_${out#*.}.err")"; }
done
run sub_ts 0 -i subtitled.mkv -o subtitled.ts &&
    { ! streams_of subtitled.ts | grep -q subrip && grep -q "^vfview: subtitled.ts: subtitle stream 2 (subrip) dropped: the mpegts container cannot hold it$" sub_ts.err && ok ||
        bad "SubRip into MPEG-TS: '$(streams_of subtitled.ts)': $(cat sub_ts.err)"; }
# MP4's own mov_text into MP4 is copied (FFmpeg 5.1 reads no packet durations back from
# fragmented MP4, so the cues' starts and texts are compared, as its SubRip writer gives them)
ff -i subtitled.mkv -map 0 -c:v copy -c:a copy -c:s mov_text subtitled-tx3g.mp4
cue_starts() { ff -i "$1" -map 0:s:0 -f srt - | sed 's/ --> .*//' | grep . | tr '\n' ' '; }
run mov_text 0 -i subtitled-tx3g.mp4 -o mov-text.mp4 &&
    { [ "$(streams_of mov-text.mp4)" = "h264 aac mov_text " ] &&
        [ "$(cue_starts mov-text.mp4)" = "$(cue_starts subtitled-tx3g.mp4)" ] &&
        [ "$(cue_starts mov-text.mp4)" = "1 00:00:00,523 one 2 00:00:01,523 two 3 00:00:01,523 two too 4 00:00:02,523 three " ] &&
        ok || bad "mov_text into MP4: '$(streams_of mov-text.mp4)', cues '$(cue_starts mov-text.mp4)': $(cat mov_text.err)"; }

# and MP4's mov_text into Matroska becomes ASS, each cue with its time and length again (the
# empty ones that ended the cues in MP4 left out; the ffmpeg CLI had made 'two' 1 us long)
run mov_text_mkv 0 -i subtitled-tx3g.mp4 -o from-tx3g.mkv &&
    { [ "$(streams_of from-tx3g.mkv)" = "h264 aac ass " ] &&
        [ "$(cue_times from-tx3g.mkv)" = "500+700 1500+0 1500+1000 2500+1000 " ] &&
        grep -q "subtitles encoded as ass)" mov_text_mkv.err && ok ||
        bad "mov_text into Matroska: '$(streams_of from-tx3g.mkv)', cues '$(cue_times from-tx3g.mkv)': $(cat mov_text_mkv.err)"; }
