#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Regenerates the SwiftVLC test media fixtures and the demo clip.
#
#   Tests/SwiftVLCTests/Fixtures/*          (see Fixtures/README.md)
#   Sources/swiftvlc/Resources/demo.mkv
#
# Requires: ffmpeg/ffprobe (Debian 12: ffmpeg 5.1, with libx264), openssl, python3.
# Output is deterministic for a given ffmpeg/x264 build: bit-exact flags,
# single-threaded encoders, no global metadata copied from the sources, and
# a fixed-key AES-CTR keystream for the "garbage" file.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$PWD"
FIX="$ROOT/Tests/SwiftVLCTests/Fixtures"
RES="$ROOT/Sources/swiftvlc/Resources"

for tool in ffmpeg ffprobe openssl; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found" >&2; exit 1; }
done

mkdir -p "$FIX" "$FIX/hls" "$RES"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# Common flags: quiet, overwrite, bit-exact muxing/encoding, no metadata
# inherited from the lavfi inputs, deterministic single-threaded encoding.
FF=(ffmpeg -nostdin -hide_banner -loglevel error -y)
# (`-map_metadata:g -1 -map_metadata:s -1` is `-map_metadata -1` minus the
# part that would also strip chapter titles from tracks.mkv.)
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact
          -map_metadata:g -1 -map_metadata:s -1 -threads 1)
X264=(-c:v libx264 -pix_fmt yuv420p -preset medium -profile:v high)
# The AAC encoder emits 1024 samples of priming with a negative timestamp.
# Matroska has no edit list, so ffmpeg would shift EVERY stream by +23 ms to
# make it non-negative (subtitles would start at 0.523 s, not 0.5 s). Delaying
# the audio by exactly those 1024 samples keeps all MKV timestamps exact
# (video and subtitles start where written, chapters line up). MP4 uses an
# edit list instead, and TS/HLS carry their own 1.4 s offset, so they don't
# need it.
AAC_MKV_SHIFT="asetpts=PTS+1024/SR/TB"

# ---------------------------------------------------------------------------
# 1. short.mp4: 1.0 s, 64x64 H.264 25 fps + AAC mono 44.1 kHz sine, tagged.
"${FF[@]}" \
    -f lavfi -i "testsrc=size=64x64:rate=25:duration=1" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=1" \
    -map 0:v -map 1:a "${BITEXACT[@]}" \
    "${X264[@]}" -crf 30 \
    -c:a aac -b:a 32k -ac 1 -ar 44100 \
    -metadata title="SwiftVLC Short" -metadata artist="SwiftVLC Tests" \
    -movflags +faststart -t 1 \
    "$FIX/short.mp4"

# ---------------------------------------------------------------------------
# 2. seek.mp4: 3.0 s, 160x120, solid red / green / blue per second,
#    keyframe every second (0, 1, 2 s), 440 Hz AAC.
"${FF[@]}" \
    -f lavfi -i "color=c=0xFF0000:size=160x120:rate=25:duration=1[r];
                 color=c=0x00FF00:size=160x120:rate=25:duration=1[g];
                 color=c=0x0000FF:size=160x120:rate=25:duration=1[b];
                 [r][g][b]concat=n=3:v=1:a=0,format=yuv420p[out0]" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=3" \
    -map 0:v -map 1:a "${BITEXACT[@]}" \
    "${X264[@]}" -crf 18 -g 25 -keyint_min 25 -sc_threshold 0 \
    -force_key_frames "expr:eq(mod(n,25),0)" \
    -c:a aac -b:a 32k -ac 1 \
    -movflags +faststart -t 3 \
    "$FIX/seek.mp4"

# long.mp4: 30 s, 96x64 testsrc2 at 10 fps, keyframe every second, 440 Hz AAC
#    at 8 kHz: for tests whose clip must not end while they pause, seek or loop.
"${FF[@]}" \
    -f lavfi -i "testsrc2=size=96x64:rate=10" \
    -f lavfi -i "sine=frequency=440:sample_rate=8000" \
    -map 0:v -map 1:a "${BITEXACT[@]}" \
    "${X264[@]}" -crf 40 -g 10 -keyint_min 10 -sc_threshold 0 -bf 0 \
    -c:a aac -b:a 8k -ac 1 \
    -movflags +faststart -t 30 \
    "$FIX/long.mp4"

# ---------------------------------------------------------------------------
# 3. tracks.mkv: 4 s 96x64 testsrc, 2 audio (eng 440 Hz / fre 880 Hz),
#    2 subtitles (SRT eng / ASS fre, 0.5-3.5 s), 2 chapters.
cat >"$TMP/tracks_eng.srt" <<'EOF'
1
00:00:00,500 --> 00:00:03,500
English subtitle

EOF

cat >"$TMP/tracks_fre.ass" <<'EOF'
[Script Info]
ScriptType: v4.00+
PlayResX: 96
PlayResY: 64

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,10,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,2,2,2,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.50,0:00:03.50,Default,,0,0,0,,Sous-titre français
EOF

cat >"$TMP/tracks_chapters.txt" <<'EOF'
;FFMETADATA1
[CHAPTER]
TIMEBASE=1/1000
START=0
END=2000
title=Opening
[CHAPTER]
TIMEBASE=1/1000
START=2000
END=4000
title=Ending
EOF

"${FF[@]}" \
    -f lavfi -i "testsrc=size=96x64:rate=25:duration=4" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=4" \
    -f lavfi -i "sine=frequency=880:sample_rate=44100:duration=4" \
    -i "$TMP/tracks_eng.srt" \
    -i "$TMP/tracks_fre.ass" \
    -f ffmetadata -i "$TMP/tracks_chapters.txt" \
    -map 0:v -map 1:a -map 2:a -map 3:s -map 4:s \
    "${BITEXACT[@]}" -map_chapters 5 \
    "${X264[@]}" -crf 32 \
    -filter:a "$AAC_MKV_SHIFT" -c:a aac -b:a 24k -ac 1 \
    -c:s:0 srt -c:s:1 ass \
    -metadata:s:a:0 language=eng -metadata:s:a:0 title="English" \
    -metadata:s:a:1 language=fre -metadata:s:a:1 title="Français" \
    -metadata:s:s:0 language=eng -metadata:s:s:0 title="English" \
    -metadata:s:s:1 language=fre -metadata:s:s:1 title="Français" \
    -disposition:v:0 default -disposition:a:0 default -disposition:a:1 0 \
    -disposition:s:0 0 -disposition:s:1 0 \
    -t 4 \
    "$FIX/tracks.mkv"

# ---------------------------------------------------------------------------
# 4. sine440.wav: 1.0 s, 440 Hz, 16 kHz mono s16 (32 000 bytes of PCM).
"${FF[@]}" \
    -f lavfi -i "sine=frequency=440:sample_rate=16000:duration=1" \
    "${BITEXACT[@]}" -c:a pcm_s16le -ar 16000 -ac 1 \
    "$FIX/sine440.wav"

# ---------------------------------------------------------------------------
# 5. sidecar.srt: external subtitle file.
cat >"$FIX/sidecar.srt" <<'EOF'
1
00:00:00,200 --> 00:00:01,800
Hello from the sidecar

2
00:00:02,000 --> 00:00:03,000
Second cue

EOF

# ---------------------------------------------------------------------------
# 6. short.ts: 2 s MPEG-TS, 64x64 H.264 + AAC, service "SwiftVLC", id 1.
"${FF[@]}" \
    -f lavfi -i "testsrc=size=64x64:rate=25:duration=2" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=2" \
    -map 0:v -map 1:a "${BITEXACT[@]}" \
    "${X264[@]}" -crf 30 -g 25 \
    -c:a aac -b:a 32k -ac 1 \
    -f mpegts -mpegts_service_id 1 -mpegts_transport_stream_id 1 \
    -metadata service_name="SwiftVLC" -metadata service_provider="SwiftVLC" \
    -t 2 \
    "$FIX/short.ts"

# ---------------------------------------------------------------------------
# 7. hls/: 6 s VOD HLS, three 2 s segments with relative URIs.
rm -f "$FIX"/hls/*
(
    cd "$FIX/hls"
    "${FF[@]}" \
        -f lavfi -i "testsrc=size=64x64:rate=25:duration=6" \
        -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=6" \
        -map 0:v -map 1:a "${BITEXACT[@]}" \
        "${X264[@]}" -crf 30 -g 50 -keyint_min 50 -sc_threshold 0 \
        -force_key_frames "expr:eq(mod(n,50),0)" \
        -c:a aac -b:a 32k -ac 1 \
        -t 6 \
        -f hls -hls_time 2 -hls_playlist_type vod -hls_list_size 0 \
        -hls_segment_type mpegts -hls_segment_filename "seg%d.ts" \
        index.m3u8
)

# ---------------------------------------------------------------------------
# 8. Broken inputs.
# 4096 deterministic pseudo-random bytes: AES-128-CTR keystream (fixed key/iv).
head -c 4096 /dev/zero \
    | openssl enc -aes-128-ctr -nosalt \
        -K 5377696674564c434761726261676521 \
        -iv 00000000000000000000000000000000 \
    >"$FIX/garbage.mp4"
: >"$FIX/empty.mp4"
seek_size=$(stat -c %s "$FIX/seek.mp4")
head -c $((seek_size / 3)) "$FIX/seek.mp4" >"$FIX/truncated.mp4"
# An AVI without its index: the idx1 chunk renamed JUNK, so libVLC asks what to do.
"${FF[@]}" -f lavfi -i "testsrc=size=64x64:rate=25:duration=1" "${BITEXACT[@]}" \
    -c:v mjpeg -q:v 10 -t 1 "$TMP/indexed.avi"
python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); i = d.rindex(b"idx1")
open(sys.argv[2], "wb").write(d[:i] + b"JUNK" + d[i + 4:])' "$TMP/indexed.avi" "$FIX/noindex.avi"

# ---------------------------------------------------------------------------
# 9. demo.mkv: 4 s 160x90 testsrc2 + stereo A-major chord + 1 SRT (eng).
cat >"$TMP/demo.srt" <<'EOF'
1
00:00:00,500 --> 00:00:03,500
SwiftVLC demo

EOF

# Left: A4 + E5, right: C#5 + A5; 0.25 s fade in/out.
"${FF[@]}" \
    -f lavfi -i "testsrc2=size=160x90:rate=25:duration=4" \
    -f lavfi -i "aevalsrc=exprs='0.2*sin(2*PI*440*t)+0.12*sin(2*PI*659.25*t)|0.2*sin(2*PI*554.37*t)+0.12*sin(2*PI*880*t)':sample_rate=44100:channel_layout=stereo:duration=4,afade=t=in:d=0.25,afade=t=out:st=3.75:d=0.25" \
    -i "$TMP/demo.srt" \
    -map 0:v -map 1:a -map 2:s "${BITEXACT[@]}" \
    -c:v libx264 -pix_fmt yuv420p -preset medium -profile:v high -crf 30 \
    -filter:a "$AAC_MKV_SHIFT" -c:a aac -b:a 48k -ac 2 \
    -c:s srt \
    -metadata title="SwiftVLC demo" \
    -metadata:s:a:0 language=eng \
    -metadata:s:s:0 language=eng -metadata:s:s:0 title="English" \
    -disposition:v:0 default -disposition:a:0 default -disposition:s:0 default \
    -t 4 \
    "$RES/demo.mkv"

echo "Fixtures written to $FIX"
du -ab "$FIX" "$RES/demo.mkv" | sort -k2
