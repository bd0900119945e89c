#!/usr/bin/env bash
# How public/audio/evolution-of-spiritual-exploration.ogg and its captions were made (both are committed).
# Needs Debian's espeak-ng, sox and vorbis-tools. A narration over a soft drone (A2 and E3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../public/audio/evolution-of-spiritual-exploration.ogg"
tmp=$(mktemp -d)
espeak-ng -v en-us+f3 -s 140 -p 40 -f "$here/evolution-narration.txt" -w "$tmp/voice.wav"
sox "$tmp/voice.wav" -r 22050 -c 1 "$tmp/voice22.wav" pad 2 3
len=$(soxi -D "$tmp/voice22.wav")
sox -n -r 22050 -c 1 "$tmp/drone.wav" synth "$len" sine 110 sine 164.8 vol 0.06 fade q 3 "$len" 4
sox -m "$tmp/voice22.wav" "$tmp/drone.wav" "$tmp/mix.wav" norm -3
oggenc -Q -q 1 -o "$out" "$tmp/mix.wav"
rm -rf "$tmp"
python3 "$here/make-captions.py" "$here/evolution-narration.txt" "$(soxi -D "$out")" "${out%.ogg}.en.vtt"
echo "wrote $out ($(soxi -d "$out"))"
