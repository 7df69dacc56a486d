#!/usr/bin/env bash
# OCR speed and memory, side by side with the peers in the same run (ratios; machines are noisy):
#  1. one 300-dpi page, single thread each: `ingest convert` vs the `tesseract` command
#     (also `ingest` started plainly, without OMP_THREAD_LIMIT, as a user would);
#  2. a 20-page scanned PDF: ingest on 2 workers vs 1 worker, vs `ocrmypdf --sidecar --jobs 2`;
#  3. peak memory (max RSS) of ingest on a 40-page 300-dpi scan with 2 workers.
# Usage: bench/ocr/run.sh   (needs tesseract-ocr, poppler-utils, ocrmypdf, time, python3-venv)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$(git -C "$here" rev-parse --show-toplevel)"
ingest="$("$here/build.sh")"
work="$root/bench/work/ocr"; pages="$work/pages"; tmp="$work/run"
[ -x "$root/bench/.venv/bin/python" ] || python3 -m venv "$root/bench/.venv"
py="$root/bench/.venv/bin/python"
"$py" -c "import PIL, rapidfuzz" 2>/dev/null || "$root/bench/.venv/bin/pip" -q install pillow rapidfuzz
[ -f "$pages/scan-40.pdf" ] || "$py" "$here/make_pages.py" "$pages"
rm -rf "$tmp"; mkdir -p "$tmp"
convert() { echo "$ingest convert $1 --out $tmp/o --library $tmp/l.sqlite --sink none --quiet ${2:-}"; }
clean="rm -rf $tmp/o $tmp/l.sqlite $tmp/ocrmypdf.pdf $tmp/sidecar.txt"

echo "== ingest: $ingest"; echo "== machine: $(nproc) cores, $(uname -r)"; echo

page="$pages/fr-clean.png"
# Interleaved rounds (tesseract, ingest, ingest from a plain shell, in turn), so a change in the
# machine's load hits all three alike; wall and CPU seconds from /usr/bin/time.
rounds=9
: > "$tmp/one.tsv"
for r in $(seq 0 $rounds); do
  for who in tesseract ingest plain; do
    eval "$clean"
    case $who in
      tesseract) cmd="env OMP_THREAD_LIMIT=1 tesseract $page - -l fra+eng" ;;
      ingest)    cmd="env OMP_THREAD_LIMIT=1 $(convert "$page" "--set ocr.workers=1")" ;;
      plain)     cmd="env -u OMP_THREAD_LIMIT $(convert "$page" "--set ocr.workers=1")" ;;
    esac
    /usr/bin/time -f "%e %U %S" -o "$tmp/t" $cmd >/dev/null 2>&1
    [ "$r" -gt 0 ] && echo "$who $(cat "$tmp/t")" >> "$tmp/one.tsv"   # round 0 warms the caches
  done
done
"$py" "$here/tools.py" rounds "$tmp/one.tsv" tesseract "one page,"

pdf="$pages/scan-20.pdf"
# The same 20 pages rendered once (untimed) for the reference: `tesseract` processes one after
# the other (-P1) and two at a time (-P2) show what parallelism this machine gives right now
# (other jobs share its cores), beside ingest's 1 and 2 workers, in interleaved rounds.
mkdir -p "$tmp/pgm"; pdftoppm -r 300 -gray "$pdf" "$tmp/pgm/p"
tess_all() { ls "$tmp"/pgm/*.pgm | xargs -P "$1" -I{} env OMP_THREAD_LIMIT=1 tesseract {} - -l fra+eng; }
export -f tess_all; export tmp
: > "$tmp/twenty.tsv"
for r in 1 2; do
  for who in tesseract-P1 tesseract-P2 ingest-1-worker ingest-2-workers ocrmypdf-jobs-2; do
    eval "$clean"
    case $who in
      tesseract-P1) cmd="bash -c 'tess_all 1'" ;;
      tesseract-P2) cmd="bash -c 'tess_all 2'" ;;
      ingest-1-worker) cmd="$(convert "$pdf" "--set ocr.workers=1")" ;;
      ingest-2-workers) cmd="$(convert "$pdf" "--set ocr.workers=2")" ;;
      ocrmypdf-jobs-2) cmd="env OMP_THREAD_LIMIT=1 ocrmypdf -q -l fra+eng --jobs 2 --sidecar $tmp/sidecar.txt $pdf $tmp/ocrmypdf.pdf" ;;
    esac
    eval "/usr/bin/time -f '%e %U %S' -o $tmp/t $cmd" >/dev/null 2>&1
    echo "$who $(cat "$tmp/t")" >> "$tmp/twenty.tsv"
  done
done
"$py" "$here/tools.py" rounds "$tmp/twenty.tsv" ingest-2-workers "20-page PDF,"
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg)"

eval "$clean"
# In one process (INGEST_IN_PROCESS=1): with the default worker process, /usr/bin/time sees only
# the supervising process (the worker is not its waited-for child).
INGEST_IN_PROCESS=1 /usr/bin/time -v $(convert "$pages/scan-40.pdf" "--set ocr.workers=2") 2> "$tmp/mem.txt" >/dev/null
rss=$(awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print $2}' "$tmp/mem.txt")
wall=$(awk '/Elapsed \(wall clock\)/ {print $NF}' "$tmp/mem.txt")
pages40=$("$py" "$here/tools.py" pages "$tmp/o")
echo "40-page PDF, 2 workers: peak RSS $((rss / 1024)) MB, wall $wall, pages OCRed $pages40"
