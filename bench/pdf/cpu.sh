#!/usr/bin/env bash
# CPU of one born-digital PDF: `ingest convert` (as a user runs it: worker process, default cores,
# study sheet) against `pdftotext` in interleaved rounds, medians of CPU seconds (user + sys of the
# whole process tree, from `perf stat -e task-clock`, which counts the worker process too) and wall.
# Usage: bench/pdf/cpu.sh [PDF] [ROUNDS]   default: gnuplot.pdf of bench/pdf/debian-docs.sh's corpus, 7 rounds
#   INGEST_BEFORE=path/to/ingest adds an older build to the same rounds (before/after).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/pdf-cpu
PDF=${1:-$ROOT/bench/work/debian-docs/corpus/gnuplot.pdf}
ROUNDS=${2:-7}
[ -f "$PDF" ] || { echo "no $PDF: run bench/pdf/debian-docs.sh --no-qa first (it fetches the corpus)"; exit 1; }
if [ -z "${INGEST:-}" ]; then scripts/build-release.sh >/dev/null; INGEST=$ROOT/.build/release/ingest; fi
mkdir -p "$WORK"; : > "$WORK/rounds.tsv"
measure() {  # measure NAME CMD...: one run, appends "NAME cpu_s wall_s"
  local name=$1; shift
  rm -rf "$WORK/out" "$WORK/lib.sqlite"
  local t0 t1 cpu
  t0=$(date +%s.%N)
  cpu=$(perf stat -x, -e task-clock -o "$WORK/stat" "$@" >/dev/null 2>&1; awk -F, '/task-clock/ {print $1 / 1000}' "$WORK/stat")
  t1=$(date +%s.%N)
  echo "$name $cpu $(echo "$t1 - $t0" | bc)" >> "$WORK/rounds.tsv"
}
echo "pdf: $PDF ($(pdfinfo "$PDF" | awk '/^Pages:/ {print $2}') pages); $ROUNDS rounds; load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 0 "$ROUNDS"); do
  for who in pdftotext ingest ingest-1-core ${INGEST_BEFORE:+before}; do
    case $who in
      pdftotext) cmd=(pdftotext "$PDF" /dev/null) ;;
      ingest) cmd=("$INGEST" convert "$PDF" --out "$WORK/out" --library "$WORK/lib.sqlite" --quiet) ;;
      ingest-1-core) cmd=("$INGEST" convert "$PDF" --out "$WORK/out" --library "$WORK/lib.sqlite" --quiet --concurrency 1) ;;
      before) cmd=("$INGEST_BEFORE" convert "$PDF" --out "$WORK/out" --library "$WORK/lib.sqlite" --quiet) ;;
    esac
    if [ "$r" = 0 ]; then "${cmd[@]}" >/dev/null 2>&1 || true; else measure "$who" "${cmd[@]}"; fi   # round 0 warms the caches
  done
done
python3 - "$WORK/rounds.tsv" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, cpu, wall = line.split(); rows.setdefault(name, []).append((float(cpu), float(wall)))
base = statistics.median(c for c, _ in rows["pdftotext"]); basew = statistics.median(w for _, w in rows["pdftotext"])
print(f"  {'command':14} {'cpu s':>7} {'cpu ×':>6} {'wall s':>7} {'wall ×':>6}  (medians of {len(rows['pdftotext'])})")
for name, v in rows.items():
    c = statistics.median(x for x, _ in v); w = statistics.median(y for _, y in v)
    print(f"  {name:14} {c:7.3f} {c / base:6.2f} {w:7.3f} {w / basew:6.2f}")
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
