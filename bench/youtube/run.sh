#!/usr/bin/env bash
# YouTube captions: our parser vs youtube-transcript-api's own parser, same files, same run.
# Both parse in-process N times after a warm-up (ours: the release-built IngestYouTube objects
# linked into bench/youtube/harness.swift with swiftc — not a Package target; theirs:
# _TranscriptParser.parse in a clean venv). Reports ms per parse, ratios and peak RSS.
# Usage: bench/youtube/run.sh [REPEAT] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
REPEAT=${1:-50}
ROUNDS=${2:-5}
WORK=bench/work/youtube
mkdir -p "$WORK"

echo "== build (release, once)"
swift build -c release --target IngestYouTube --static-swift-stdlib 2>&1 | tail -1
B=.build/release
swiftc -O -static-stdlib -I "$B/Modules" bench/youtube/harness.swift "$B"/IngestYouTube.build/*.o "$B"/IngestCore.build/*.o -o bench/work/yt-harness

if [ ! -x bench/.venv/bin/python ]; then python3 -m venv bench/.venv; fi
bench/.venv/bin/pip install -q youtube-transcript-api
echo "peer: youtube-transcript-api $(bench/.venv/bin/pip show youtube-transcript-api | awk '/^Version/{print $2}')"

python3 bench/youtube/make_captions.py "$WORK" >/dev/null

# median of a list of numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
# peak RSS in MB of a command (time -v)
peak() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident/{printf "%.1f", $6/1024}'; }

ours_xml=(); theirs_xml=()
for r in $(seq "$ROUNDS"); do   # interleaved rounds: machines are noisy
    ours_xml+=("$(bench/work/yt-harness "$WORK/hour.xml" "$REPEAT" | field parse_ms)")
    theirs_xml+=("$(bench/.venv/bin/python bench/youtube/peer.py "$WORK/hour.xml" "$REPEAT" | field parse_ms)")
done
o=$(printf '%s\n' "${ours_xml[@]}" | median); t=$(printf '%s\n' "${theirs_xml[@]}" | median)
cues=$(bench/work/yt-harness "$WORK/hour.xml" 1 | field cues)
echo
echo "one-hour video, $cues cues, timedtext XML ($(stat -c %s "$WORK/hour.xml") bytes), median of $ROUNDS rounds x $REPEAT parses"
printf "  ours   %8.3f ms/parse   peak %s MB\n" "$o" "$(peak bench/work/yt-harness "$WORK/hour.xml" "$REPEAT")"
printf "  peer   %8.3f ms/parse   peak %s MB   (youtube-transcript-api _TranscriptParser)\n" "$t" "$(peak bench/.venv/bin/python bench/youtube/peer.py "$WORK/hour.xml" "$REPEAT")"
awk -v o="$o" -v t="$t" 'BEGIN { printf "  ratio  %.1fx faster (target >= 5x)\n", t / o }'
echo
echo "other formats, ours only (same cues):"
for f in json3 vtt rolling.vtt; do
    v=(); a=()
    for r in $(seq "$ROUNDS"); do
        line=$(bench/work/yt-harness "$WORK/hour.$f" "$REPEAT")
        v+=("$(echo "$line" | field parse_ms)"); a+=("$(echo "$line" | field assemble_ms)")
    done
    printf "  %-12s %8.3f ms/parse  (+ %.3f ms paragraphs)  %s bytes  xXML %.1f\n" "$f" \
        "$(printf '%s\n' "${v[@]}" | median)" "$(printf '%s\n' "${a[@]}" | median)" "$(stat -c %s "$WORK/hour.$f")" \
        "$(awk -v x="$(printf '%s\n' "${v[@]}" | median)" -v o="$o" 'BEGIN{print x/o}')"
done
