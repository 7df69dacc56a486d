#!/usr/bin/env bash
# OCR memory and speed on a 10-page 300-dpi scan (bench/ocr/make_pages.py), side by side with
# `ocrmypdf --sidecar --jobs 2` in interleaved rounds; medians. ingest runs as a user runs it (a
# lone document: both cores; a worker process that renders the pages, and since #13 two
# recognisers `ingest _ocr` with one Tesseract engine each); see peak.py for the memory measures
# (largest process, sum over the process tree in RSS and in PSS).
# Usage: bench/ocr/memory.sh [ROUNDS]   INGEST_BEFORE=path/to/ingest adds an older build to the rounds.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; root="$(git -C "$here" rev-parse --show-toplevel)"
ingest="$("$here/build.sh")"
rounds=${1:-3}
work="$root/bench/work/ocr"; pages="$work/pages"; tmp="$work/memory"
[ -x "$root/bench/.venv/bin/python" ] || python3 -m venv "$root/bench/.venv"
py="$root/bench/.venv/bin/python"
"$py" -c "import PIL" 2>/dev/null || "$root/bench/.venv/bin/pip" -q install pillow rapidfuzz
[ -f "$pages/scan-10.pdf" ] || "$py" "$here/make_pages.py" "$pages"
rm -rf "$tmp"; mkdir -p "$tmp"; : > "$tmp/rounds.tsv"
pdf="$pages/scan-10.pdf"
echo "== $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $rounds rounds on $pdf"
for r in $(seq 1 "$rounds"); do
  for who in ocrmypdf ingest ${INGEST_BEFORE:+before}; do
    rm -rf "$tmp/o" "$tmp/l.sqlite" "$tmp/ocrmypdf.pdf" "$tmp/sidecar.txt"
    case $who in
      ocrmypdf) cmd=(env OMP_THREAD_LIMIT=1 ocrmypdf -q -l fra+eng --jobs 2 --sidecar "$tmp/sidecar.txt" "$pdf" "$tmp/ocrmypdf.pdf") ;;
      ingest) cmd=("$ingest" convert "$pdf" --out "$tmp/o" --library "$tmp/l.sqlite" --sink none --quiet) ;;
      before) cmd=("$INGEST_BEFORE" convert "$pdf" --out "$tmp/o" --library "$tmp/l.sqlite" --sink none --quiet) ;;
    esac
    "$py" "$here/peak.py" "$tmp/rounds.tsv" "$who" "${cmd[@]}"
  done
done
"$py" - "$tmp/rounds.tsv" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    who, *v = line.split(); rows.setdefault(who, []).append([float(x) for x in v])
med = {w: [statistics.median(r[i] for r in v) for i in range(5)] for w, v in rows.items()}
o = med["ocrmypdf"]
print(f"  {'command':9} {'wall s':>7} {'×':>5} {'cpu s':>7} {'×':>5} {'max RSS MB':>10} {'×':>5} {'tree MB':>8} {'×':>5} {'tree PSS':>8} {'×':>5}")
for w, (wall, cpu, rss, tree, pss) in med.items():
    print(f"  {w:9} {wall:7.2f} {wall/o[0]:5.2f} {cpu:7.2f} {cpu/o[1]:5.2f} {rss:10.1f} {rss/o[2]:5.2f} {tree:8.1f} {tree/o[3]:5.2f} {pss:8.1f} {pss/o[4]:5.2f}")
print("  (medians; × = ratio to ocrmypdf in the same rounds; all rounds:", ", ".join(f"{w} {r[0]:.1f}s/{r[2]:.0f}MB" for w, v in rows.items() for r in v), ")")
PY
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
