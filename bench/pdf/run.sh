#!/usr/bin/env bash
# PDF text layer: our `ingest convert` vs pdftotext, pdfminer.six and PyMuPDF, same run, ratios.
# Usage: bench/pdf/run.sh   (from the repository root; needs poppler-utils, qpdf, hyperfine, time)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD; WORK=$ROOT/bench/work/pdf; CORPUS=${INGEST_CORPUS:-$ROOT/../shared/corpus}
mkdir -p "$WORK"
swift build -c release --product ingest --static-swift-stdlib >/dev/null
INGEST=$ROOT/.build/release/ingest
if [ ! -x bench/.venv/bin/python ]; then
  python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q pdfminer.six
  bench/.venv/bin/pip install -q --no-deps pymupdf
fi
PY=bench/.venv/bin/python

# Test data: the 117-page thesis as is, a 585-page book (5 copies), 50 PDFs (corpus born-digital files, copied).
BIG=$CORPUS/pdf/sample-files-009-GeoTopo-komprimiert.pdf
[ -f "$WORK/book585.pdf" ] || qpdf --empty --pages "$BIG" "$BIG" "$BIG" "$BIG" "$BIG" -- "$WORK/book585.pdf"
if [ ! -d "$WORK/folder50" ]; then
  mkdir -p "$WORK/folder50"; i=0
  while [ $i -lt 50 ]; do
    for f in "$CORPUS"/pdf/{pypdf-crazyones,pdfplumber-2023-06-20-PV,pdfminer-naacl06-shinyama,pdfplumber-federal-register-2020-17221,sample-files-004-pdflatex-4-pages,sample-files-026-multicolumn,pdfplumber-word365_structure,sample-files-011-google-doc-document,sample-files-009-GeoTopo-komprimiert,pypdf-multilang}.pdf; do
      [ $i -lt 50 ] && cp "$f" "$WORK/folder50/$(printf %02d $i)-$(basename "$f")"; i=$((i+1))
    done
  done
fi
run_ours() { rm -rf "$WORK/out"; "$INGEST" convert "$1" --out "$WORK/out" --library "$WORK/lib-$RANDOM.sqlite" --quiet --concurrency "${2:-1}" >/dev/null 2>&1 || true; }
export -f run_ours; export INGEST WORK

echo "== one 117-page PDF"
hyperfine -N -w 1 -r 5 --export-json "$WORK/one.json" \
  "pdftotext $BIG /dev/null" \
  "bash -c 'run_ours $BIG 1'" \
  "$PY -c \"import fitz,sys; d=fitz.open('$BIG'); [p.get_text() for p in d]\"" 2>&1 | grep -E "Time|±|pdftotext|run_ours|fitz" || true
hyperfine -N -r 1 "$PY -m pdfminer.high_level $BIG" 2>/dev/null | grep -E "Time" || \
  /usr/bin/time -f "pdfminer.six %e s" $PY -c "from pdfminer.high_level import extract_text; extract_text('$BIG')"

echo "== folder of 50 PDFs: sequential pdftotext vs ingest convert --concurrency 2"
hyperfine -r 3 --export-json "$WORK/folder.json" \
  "for f in $WORK/folder50/*.pdf; do pdftotext \$f /dev/null; done" \
  "bash -c 'run_ours $WORK/folder50 2'" 2>&1 | grep -E "Time|±" || true

echo "== peak memory on a 585-page PDF"
/usr/bin/time -f "pdftotext maxrss %M KB %e s" pdftotext "$WORK/book585.pdf" /dev/null
rm -rf "$WORK/out"; /usr/bin/time -f "ingest maxrss %M KB %e s" "$INGEST" convert "$WORK/book585.pdf" --out "$WORK/out" --library "$WORK/lib-mem.sqlite" --quiet >/dev/null
