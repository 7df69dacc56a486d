#!/usr/bin/env bash
# Audio bench: tag reading never decodes audio. Builds release once, makes the data under
# bench/work/audio, then measures IngestAudio (tagread, and `ingest convert` end to end) side by
# side with mutagen (clean venv bench/.venv) and ffprobe, in the same run. Ratios are what count.
# Usage: bench/audio/run.sh          (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/../.."
W=bench/work/audio; mkdir -p "$W"
B=.build/release
[ -x bench/.venv/bin/python ] || python3 -m venv bench/.venv
bench/.venv/bin/python -c "import mutagen" 2>/dev/null || bench/.venv/bin/pip install -q mutagen
PY=bench/.venv/bin/python

echo "== build (release, once)"
scripts/build-release.sh 2>&1 | tail -1
swiftc -O -static-stdlib bench/audio/tagread.swift -I $B/Modules -Xcc -fmodule-map-file=$B/CTagLibShim.build/module.modulemap \
  -Xcc -I -Xcc Sources/CTagLibShim/include $B/IngestAudio.build/*.o $B/IngestCore.build/*.o $B/CTagLibShim.build/*.o \
  -ltag -lstdc++ -o $W/tagread

echo "== data"
[ -d $W/tagged ] || $PY bench/audio/make_tagged.py $W/tagged >/dev/null
[ -f $W/big/long-3h-cbr.mp3 ] || $PY bench/audio/make_big.py $W/big >/dev/null
SET=$(ls $W/tagged/* | tr '\n' ' ')
N=$(ls $W/tagged | wc -l)
echo "small set: $N files in $W/tagged"

echo "== per process, the whole set, one process per file (hyperfine; divide by $N)"
hyperfine -w 2 -r 10 --export-json $W/set.json \
  -n tagread "for f in $SET; do $W/tagread \$f >/dev/null; done" \
  -n mutagen "for f in $SET; do $PY bench/audio/mutagen_read.py \$f >/dev/null; done" \
  -n ffprobe "for f in $SET; do ffprobe -v error -show_format -show_streams \$f >/dev/null; done" 2>&1 | grep -E "Time|±|faster|Summary| ran" || true
rm -rf $W/conv; mkdir -p $W/conv
hyperfine -w 1 -r 5 --export-json $W/convert.json --prepare "rm -rf $W/conv/out" \
  -n "ingest convert" "for f in $SET; do $B/ingest convert \$f --out $W/conv/out --library $W/conv/out/lib.sqlite --sink none --quiet >/dev/null; done" 2>&1 | grep -E "Time" || true

echo "== in process (microseconds per file, set read 200 times)"
echo "tagread: $($W/tagread --loop 200 $SET) us/file   mutagen: $($PY bench/audio/mutagen_read.py --loop 200 $SET) us/file"

echo "== big files take about as long as small ones (per process)"
BIG=$W/big
hyperfine -w 2 -r 15 -N --export-json $W/big.json \
  -n "tagread small.wav" "$W/tagread $BIG/small.wav" -n "tagread 1GB.wav" "$W/tagread $BIG/big-1gb.wav" \
  -n "tagread small.mp3" "$W/tagread $BIG/small-cbr.mp3" -n "tagread 3h.mp3" "$W/tagread $BIG/long-3h-cbr.mp3" \
  -n "mutagen 1GB.wav" "$PY bench/audio/mutagen_read.py $BIG/big-1gb.wav" -n "mutagen 3h.mp3" "$PY bench/audio/mutagen_read.py $BIG/long-3h-cbr.mp3" \
  -n "ffprobe 1GB.wav" "ffprobe -v error -show_format $BIG/big-1gb.wav" -n "ffprobe 3h.mp3" "ffprobe -v error -show_format $BIG/long-3h-cbr.mp3" 2>&1 | grep -E "Benchmark|Time" || true

echo "== peak memory (max RSS, kB)"
for f in small-cbr.mp3 long-3h-cbr.mp3 big-1gb.wav cover-100mb.mp3; do
  a=$(/usr/bin/time -v $W/tagread $BIG/$f 2>&1 >/dev/null | awk '/Maximum resident/ {print $6}')
  m=$(/usr/bin/time -v $PY bench/audio/mutagen_read.py $BIG/$f 2>&1 >/dev/null | awk '/Maximum resident/ {print $6}')
  p=$(/usr/bin/time -v ffprobe -v error -show_format $BIG/$f 2>&1 >/dev/null | awk '/Maximum resident/ {print $6}')
  echo "$f: tagread $a  mutagen $m  ffprobe $p"
done

echo "== ratios"
$PY - "$W" "$N" <<'PYEOF'
import json, sys
w, n = sys.argv[1], int(sys.argv[2])
s = {r["command"]: r["median"] for r in json.load(open(f"{w}/set.json"))["results"]}
c = json.load(open(f"{w}/convert.json"))["results"][0]["median"]
print(f"per file, per process: tagread {s['tagread']/n*1000:.1f} ms, mutagen {s['mutagen']/n*1000:.1f} ms, "
      f"ffprobe {s['ffprobe']/n*1000:.1f} ms, ingest convert (whole pipeline) {c/n*1000:.1f} ms")
print(f"mutagen/tagread = {s['mutagen']/s['tagread']:.2f}x   ffprobe/tagread = {s['ffprobe']/s['tagread']:.2f}x   "
      f"mutagen/ingest-convert = {s['mutagen']/c:.2f}x")
b = {r["command"]: r["median"] for r in json.load(open(f"{w}/big.json"))["results"]}
print(f"1 GB WAV / small WAV = {b['tagread 1GB.wav']/b['tagread small.wav']:.2f}x   "
      f"3 h MP3 / small MP3 = {b['tagread 3h.mp3']/b['tagread small.mp3']:.2f}x")
PYEOF
