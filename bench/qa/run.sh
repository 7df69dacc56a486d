#!/usr/bin/env bash
# QA benchmark (issue 15): what `ingest qa` adds to `ingest convert` on the same corpus, in the
# same run (target: at most 10%). Two corpora: samples/ (every kind, with expected texts and a
# manifest) and a mixed folder of the shared corpus (PDFs with expected text, scans, .docx, audio).
# Rounds alternate convert, qa, qa --html so the machine's noise falls on all three alike.
# Usage: bench/qa/run.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
work=bench/work/qa
corpus=../shared/corpus
mkdir -p "$work"
scripts/build-release.sh >/dev/null 2>&1
bin=$(pwd)/.build/release/ingest
export INGEST_CONFIG=""
now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run=$(date +%s)

if [ ! -d "$work/mixed" ]; then
  mkdir -p "$work/mixed"/{pdf,scans,docx,audio}
  for f in pypdf-crazyones pdfminer-jo pdfminer-naacl06-shinyama pdfminer-rc4-40 pdfplumber-scotus-transcript-p1 \
           sample-files-026-multicolumn sample-files-004-pdflatex-4-pages pypdf-toy; do
    cp "$corpus/pdf/$f.pdf" "$work/mixed/pdf/"
  done
  for f in "$corpus"/scans/ocr17-XIX-00000{2,3,4,5}.png; do cp "$f" "$work/mixed/scans/"; done
  mapfile -t docx < <(ls "$corpus"/docx/*.docx | head -12)
  for f in "${docx[@]}"; do cp "$f" "$work/mixed/docx/"; done
  mapfile -t audio < <(ls "$corpus"/audio/* | grep -E '\.(mp3|m4a|ogg|flac)$' | head -8)
  for f in "${audio[@]}"; do cp "$f" "$work/mixed/audio/"; done
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); rounds: $rounds"

timed() {  # timed CMD...: prints seconds
  local s e; s=$(now); "$@" >/dev/null 2>&1 || true; e=$(now); echo "$e - $s" | bc -l
}
for target in samples "$work/mixed"; do
  name=$(basename "$target")
  extra=()
  [ "$target" = samples ] && extra=(--manifest qa/samples.manifest.json)
  conv=(); qa=(); html=()
  for r in $(seq "$rounds"); do
    conv+=("$(timed "$bin" convert "$target" --out "$work/c-$run-$name-$r" --library "$work/c-$run-$name-$r.sqlite" --quiet)")
    qa+=("$(timed "$bin" qa "$target" "${extra[@]}" --out "$work/q-$run-$name-$r" --json "$work/q-$run-$name-$r.json" --quiet)")
    html+=("$(timed "$bin" qa "$target" "${extra[@]}" --out "$work/h-$run-$name-$r" --html "$work/h-$run-$name-$r.html" --quiet)")
  done
  c=$(median "${conv[@]}"); q=$(median "${qa[@]}"); h=$(median "${html[@]}")
  printf '%-8s convert %.2f s   qa %.2f s (%.3f×)   qa --html %.2f s (%.3f×)\n' "$name" "$c" "$q" "$(echo "$q / $c" | bc -l)" \
    "$h" "$(echo "$h / $c" | bc -l)"
done
rm -rf "$work"/c-$run-* "$work"/q-$run-* "$work"/h-$run-*
