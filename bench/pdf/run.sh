#!/usr/bin/env bash
# PDF text layer: our `ingest convert` vs pdftotext, pdfminer.six and PyMuPDF, in the same run,
# as ratios (the machine is shared and noisy: compare within a run, never across runs).
# Usage: bench/pdf/run.sh [--quick]   (from anywhere; needs poppler-utils, qpdf, hyperfine, time, python3-venv)
#   --quick: fewer repetitions (3 instead of 10 on the single file, 2 instead of 3 on the folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/pdf; CORPUS=${INGEST_CORPUS:-$ROOT/../shared/corpus}
RUNS1=10; RUNS2=3
[ "${1:-}" = "--quick" ] && { RUNS1=3; RUNS2=2; }
mkdir -p "$WORK"
scripts/build-release.sh >/dev/null
INGEST=$ROOT/.build/release/ingest
if ! bench/.venv/bin/python -c "import pdfminer, pymupdf" 2>/dev/null; then
  python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q pdfminer.six pymupdf
fi
PY=$ROOT/bench/.venv/bin/python

# --- Test data (generated, never committed) ---------------------------------------------------
BIG=$CORPUS/pdf/sample-files-009-GeoTopo-komprimiert.pdf          # 117 pages
[ -f "$WORK/book585.pdf" ] || qpdf --empty --pages "$BIG" "$BIG" "$BIG" "$BIG" "$BIG" -- "$WORK/book585.pdf"
# 50 PDFs with distinct content (so no tool can skip one as a duplicate): every pair of ten
# born-digital corpus files concatenated (45), plus five of them alone.
BASE=(pypdf-crazyones pdfplumber-2023-06-20-PV pdfminer-naacl06-shinyama pdfplumber-federal-register-2020-17221
      sample-files-004-pdflatex-4-pages sample-files-026-multicolumn pdfplumber-word365_structure
      sample-files-011-google-doc-document sample-files-009-GeoTopo-komprimiert pypdf-multilang)
if [ ! -f "$WORK/folder50/.done" ]; then
  rm -rf "$WORK/folder50"; mkdir -p "$WORK/folder50"; n=0
  for ((a = 0; a < 10; a++)); do
    for ((b = a + 1; b < 10; b++)); do
      qpdf --empty --pages "$CORPUS/pdf/${BASE[a]}.pdf" "$CORPUS/pdf/${BASE[b]}.pdf" -- \
        "$WORK/folder50/$(printf %02d $n)-$a-$b.pdf"; n=$((n + 1))
    done
  done
  for ((a = 0; a < 5; a++)); do cp "$CORPUS/pdf/${BASE[a]}.pdf" "$WORK/folder50/$(printf %02d $n)-$a.pdf"; n=$((n + 1)); done
  touch "$WORK/folder50/.done"
fi

# --- Commands ----------------------------------------------------------------------------------
# Ours: a fresh output folder and library every run (a re-run would skip what is done); the
# default hand-off (study sheet) unless a third argument names another sink ("none": the
# document JSON only, to see the share of the sheet).
cat > "$WORK/ours.sh" <<EOF
#!/bin/sh
rm -rf "$WORK/out" "$WORK/lib.sqlite"
exec "$INGEST" convert "\$1" --out "$WORK/out" --library "$WORK/lib.sqlite" --quiet --concurrency "\${2:-1}" --sink "\${3:-sheet}"
EOF
cat > "$WORK/pdftotext-loop.sh" <<EOF
#!/bin/sh
for f in "$WORK"/folder50/*.pdf; do pdftotext "\$f" /dev/null; done
EOF
cat > "$WORK/bench_pymupdf.py" <<'EOF'
import sys, glob, os, pymupdf
paths = sorted(glob.glob(os.path.join(sys.argv[1], "*.pdf"))) if os.path.isdir(sys.argv[1]) else [sys.argv[1]]
for p in paths:
    with pymupdf.open(p) as d:
        text = "".join(page.get_text() for page in d)
EOF
cat > "$WORK/bench_pdfminer.py" <<'EOF'
import sys, glob, os
from pdfminer.high_level import extract_text
paths = sorted(glob.glob(os.path.join(sys.argv[1], "*.pdf"))) if os.path.isdir(sys.argv[1]) else [sys.argv[1]]
for p in paths:
    extract_text(p)
EOF
chmod +x "$WORK/ours.sh" "$WORK/pdftotext-loop.sh"

ratio() {  # ratio JSON: mean wall and user CPU of each command relative to the first one
  python3 - "$1" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
base = r[0]
print(f"  {'command':58} {'wall s':>8} {'±':>6} {'user s':>7} {'wall ×':>7} {'user ×':>7}")
for x in r:
    print(f"  {x['command'][:58]:58} {x['mean']:8.3f} {x['stddev'] or 0:6.3f} {x['user']:7.3f} "
          f"{x['mean'] / base['mean']:7.2f} {x['user'] / base['user']:7.2f}")
EOF
}

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); poppler-utils $(pdftotext -v 2>&1 | head -1 | awk '{print $3}')"

echo "== one 117-page PDF (ratios against pdftotext)"
hyperfine -N -w 1 -r "$RUNS1" --export-json "$WORK/one.json" \
  "pdftotext $BIG /dev/null" \
  "$WORK/ours.sh $BIG 1" \
  "$WORK/ours.sh $BIG 1 none" \
  "$PY $WORK/bench_pymupdf.py $BIG" >/dev/null
ratio "$WORK/one.json"
hyperfine -N -r 1 --export-json "$WORK/one-pdfminer.json" \
  "$WORK/ours.sh $BIG 1" "$PY $WORK/bench_pdfminer.py $BIG" >/dev/null
ratio "$WORK/one-pdfminer.json"

echo "== folder of 50 PDFs: sequential pdftotext loop vs ingest convert --concurrency 2 (and 1), PyMuPDF"
hyperfine -N -w 1 -r "$RUNS2" --export-json "$WORK/folder.json" \
  "$WORK/pdftotext-loop.sh" \
  "$WORK/ours.sh $WORK/folder50 2" \
  "$WORK/ours.sh $WORK/folder50 1" \
  "$PY $WORK/bench_pymupdf.py $WORK/folder50" >/dev/null
ratio "$WORK/folder.json"
python3 - "$WORK/folder.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print(f"  throughput of ingest --concurrency 2 / sequential pdftotext = {r[0]['mean'] / r[1]['mean']:.2f}x (target >= 1.6)")
EOF
hyperfine -N -r 1 --export-json "$WORK/folder-pdfminer.json" \
  "$WORK/ours.sh $WORK/folder50 2" "$PY $WORK/bench_pdfminer.py $WORK/folder50" >/dev/null
ratio "$WORK/folder-pdfminer.json"

echo "== peak memory (maxrss), 585-page PDF; floor = ingest on tiny inputs"
printf 'Bonjour.\n' > "$WORK/tiny.txt"
mem() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }
echo "  pdftotext 585 pages:        $(mem pdftotext "$WORK/book585.pdf" /dev/null) KB"
echo "  ingest 585 pages:           $(mem "$WORK/ours.sh" "$WORK/book585.pdf" 1) KB"
echo "  ingest 117 pages:           $(mem "$WORK/ours.sh" "$BIG" 1) KB"
echo "  ingest 1-page PDF:          $(mem "$WORK/ours.sh" "$CORPUS/pdf/pypdf-crazyones.pdf" 1) KB"
echo "  ingest tiny text file:      $(mem "$WORK/ours.sh" "$WORK/tiny.txt" 1) KB"
echo "  ingest --help:              $(mem "$INGEST" --help) KB"
echo "  pdftotext 1-page PDF:       $(mem pdftotext "$CORPUS/pdf/pypdf-crazyones.pdf" /dev/null) KB"
