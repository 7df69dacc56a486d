#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS (see RELIABILITY.md for what each target covers).
#
#   scripts/fuzz.sh TARGET SECONDS          build TARGET with -sanitize=fuzzer,address and fuzz it
#   scripts/fuzz.sh --list                  the targets
#   scripts/fuzz.sh --replay TARGET FILE…   run the built target once on each FILE (a finding)
#
# The targets exist only when INGEST_FUZZ=1 (Package.swift) and build into .build-fuzz, apart from
# the normal build. Seeds come from samples/ and ../shared/corpus (when present) and are copied into
# .build-fuzz/corpus/TARGET, the working corpus that grows from run to run. Findings (crash-*,
# timeout-*, leak-*, oom-*) land in .build-fuzz/findings/TARGET; each run appends one line to
# .build-fuzz/fuzz-log.tsv: date, target, seconds (wall), executions, coverage, findings, CPU seconds.
# FUZZ_UNIT_TIMEOUT (seconds, default 10) is libFuzzer's -timeout: raise it on a machine that is busy
# with other work, where a starved run would report the load as a hang.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(FuzzSniffer FuzzTextDecoding FuzzConfig FuzzCaptions FuzzAudioTags FuzzXML FuzzZip FuzzOffice)

usage() { sed -n '2,12s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in
  --list) printf '%s\n' "${targets[@]}"; exit 0 ;;
  -h|--help|"") usage; exit 0 ;;
esac

build() {
  INGEST_FUZZ=1 swift build -c release --scratch-path .build-fuzz --manifest-cache none \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -g --product "$1" >&2
}
binary() { echo ".build-fuzz/release/$1"; }

if [ "$1" = "--replay" ]; then
  target=$2; shift 2
  build "$target"
  for f in "$@"; do "$(binary "$target")" -runs=1 "$f"; done
  exit 0
fi

target=$1; seconds=${2:?"usage: scripts/fuzz.sh TARGET SECONDS"}
printf '%s\n' "${targets[@]}" | grep -qx "$target" || { echo "fuzz.sh: unknown target '$target' (scripts/fuzz.sh --list)" >&2; exit 2; }
build "$target"

corpus=.build-fuzz/corpus/$target
findings=.build-fuzz/findings/$target
mkdir -p "$corpus" "$findings"
shared=../shared/corpus
[ -d "$shared" ] || { echo "fuzz.sh: $shared is absent: seeding from samples/ only" >&2; shared=/nonexistent; }

# Seeds: the files of each kind the target reads, at most 256 KiB each (longer ones are cut by -max_len).
seed() { # seed FILE [PREFIX-BYTE]
  local f=$1 name; name=$(basename "$f" | tr -c 'A-Za-z0-9._-' _)
  if [ -n "${2:-}" ]; then { printf "\\x$(printf %02x "$2")"; head -c 262144 "$f"; } > "$corpus/seed-$name"
  else head -c 262144 "$f" > "$corpus/seed-$name"; fi
}
# seed_all [--prefix N] [--limit K] FIND-TESTS…: seeds every matching file of samples/ and the corpus.
seed_all() {
  local prefix="" limit=100000
  while :; do case "$1" in --prefix) prefix=$2; shift 2 ;; --limit) limit=$2; shift 2 ;; *) break ;; esac; done
  find samples "$shared" -type f \( "$@" \) -print0 2>/dev/null | head -z -n "$limit" |
    while IFS= read -r -d '' f; do seed "$f" $prefix; done
}
max_len=65536
case "$target" in
  FuzzSniffer) seed_all --limit 200 -size -300k; max_len=8192 ;;
  FuzzTextDecoding) seed_all -name '*.txt' -o -name '*.md' -o -name '*.srt' ;;
  FuzzConfig) cp pipeline.json "$corpus/seed-pipeline.json"
              find Tests -name '*.json' -size -64k -print0 | head -z -n 50 | while IFS= read -r -d '' f; do seed "$f"; done; max_len=16384 ;;
  FuzzCaptions) seed_all -name '*.srt' -o -name '*.vtt' -o -name '*.json3' -o -name '*.srv3' -o -name '*.xml' -o -name '*.lrc'
                find Tests/IngestYouTubeTests -type f -size -256k -print0 2>/dev/null | while IFS= read -r -d '' f; do seed "$f"; done ;;
  FuzzAudioTags)
    # The first byte picks the reader: mp3 0, flac 1, ogg 2, opus 3, m4a 4, wav 5, aiff 6.
    seed_all --prefix 0 -name '*.mp3' -o -name '*.id3'
    seed_all --prefix 1 -name '*.flac'
    seed_all --prefix 2 -name '*.ogg'
    seed_all --prefix 3 -name '*.opus'
    seed_all --prefix 4 -name '*.m4a' -o -name '*.m4b'
    seed_all --prefix 5 -name '*.wav'
    seed_all --prefix 6 -name '*.aif' -o -name '*.aiff' ;;
  FuzzXML)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    find samples "$shared" -type f \( -name '*.docx' -o -name '*.pptx' -o -name '*.odt' -o -name '*.epub' \) -print0 2>/dev/null | head -z -n 40 | while IFS= read -r -d '' f; do
      python3 - "$f" "$tmp" <<'PY'
import sys, zipfile, os
src, out = sys.argv[1], sys.argv[2]
try:
    with zipfile.ZipFile(src) as z:
        for n in z.namelist():
            if n.endswith(('.xml', '.xhtml', '.rels', '.opf')):
                data = z.read(n)[:65536]
                open(os.path.join(out, os.path.basename(src) + '-' + n.replace('/', '_')), 'wb').write(data)
except Exception:
    pass
PY
    done
    for f in "$tmp"/*; do [ -f "$f" ] && seed "$f"; done ;;
  FuzzZip|FuzzOffice) seed_all -name '*.docx' -o -name '*.pptx' -o -name '*.odt' -o -name '*.odp' -o -name '*.epub' -o -name '*.zip'
                      max_len=262144 ;;
esac

# A Swift trap is libFuzzer's crash to record: the Swift runtime's own backtracer would only delay
# the exit (once it hung 37 minutes in llvm-symbolizer at nice 19, holding the run).
export SWIFT_BACKTRACE=enable=no
log=$(mktemp); cpu=$(mktemp)
echo "fuzz.sh: $target for ${seconds}s, $(ls "$corpus" | wc -l) inputs in $corpus, findings in $findings" >&2
set +e
/usr/bin/time -f '%U %S' -o "$cpu" "$(binary "$target")" "$corpus" -max_total_time="$seconds" -timeout="${FUZZ_UNIT_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len="$max_len" \
  -artifact_prefix="$findings/" -print_final_stats=1 2>&1 | tee "$log" | grep -E '^#[0-9]+ +(DONE|pulse)|ERROR|SUMMARY|Test unit written' >&2
status=${PIPESTATUS[0]}
set -e
execs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | awk '{s+=$2} END {print s+0}')
cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
found=$(ls "$findings" | wc -l)
cpu_seconds=$(awk 'NF == 2 && $1 ~ /^[0-9.]+$/ {printf "%.0f", $1 + $2}' "$cpu")
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seconds" "$execs" "${cov:-?}" "$found" "${cpu_seconds:-?}" >> .build-fuzz/fuzz-log.tsv
rm -f "$log" "$cpu"
echo "fuzz.sh: $target: $execs executions, coverage ${cov:-?}, $found findings (exit $status)" >&2
exit "$status"
